#!/usr/bin/env bash
# Builds the npm package's contents into dist/ (run by `npm pack` / `npm publish` as prepack): the
# library compiled by tsc (tsconfig.build.json: ESM .js, then without comments by
# scripts/strip_comments.mjs, and the documented .d.ts; what bundlers get), its four entry points
# bundled with code splitting into dist/node/ (scripts/bundle_package.mjs: what Node, Bun and Deno
# load, a few files instead of 120-odd modules), and the prebuilt .wasm files.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 DENO_NO_UPDATE_CHECK=1 DENO_DIR="${DENO_DIR:-$PWD/.cache/deno}"
rm -rf dist
node node_modules/typescript/bin/tsc -p tsconfig.build.json --outDir dist
node scripts/strip_comments.mjs dist >/dev/null
# The .wasm files before the runtime build, which embeds their checksums.
node scripts/bin.mjs deno run --quiet --allow-read --allow-write=dist scripts/build_package.ts dist/wasm
node scripts/bundle_package.mjs dist >/dev/null
# tsc keeps the sources' `.ts` specifiers in declaration files: point them at the .d.ts of the .js files.
find dist -name '*.d.ts' -exec sed -i -E 's/(from ["'"'"']\.{1,2}\/[^"'"'"']*)\.ts(["'"'"'])/\1.js\2/g' {} +
