#!/usr/bin/env bash
# Builds the npm package's contents into dist/ (run by `npm pack` / `npm publish` as prepack): the
# library compiled by tsc (ESM .js without comments + documented .d.ts, tsconfig.build.json; what
# bundlers get), its four entry points bundled with code splitting into dist/node/
# (scripts/bundle_package.mjs: what Node, Bun and Deno load, a few files instead of 120-odd modules),
# and the prebuilt .wasm files.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 DENO_NO_UPDATE_CHECK=1 DENO_DIR="${DENO_DIR:-$PWD/.cache/deno}"
rm -rf dist
# Declarations with their documentation (what editors show), then the JavaScript without comments (the
# package's size: the sources' comments were half of the tarball's JavaScript).
node node_modules/typescript/bin/tsc -p tsconfig.build.json --outDir dist --emitDeclarationOnly
node node_modules/typescript/bin/tsc -p tsconfig.build.json --outDir dist --removeComments \
  --declaration false --isolatedDeclarations false
node scripts/bundle_package.mjs dist >/dev/null
node scripts/bin.mjs deno run --quiet --allow-read --allow-write=dist scripts/build_package.ts dist/wasm
# tsc keeps the sources' `.ts` specifiers in declaration files: point them at the .d.ts of the .js files.
find dist -name '*.d.ts' -exec sed -i -E 's/(from ["'"'"']\.{1,2}\/[^"'"'"']*)\.ts(["'"'"'])/\1.js\2/g' {} +
