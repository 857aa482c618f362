#!/usr/bin/env bash
# Consumer tests of the npm package: packs the tarball as `npm pack` does for a release (prepack builds
# dist/), installs it into a scratch project, and runs known answers by package name on Node (import
# and require), Bun, Deno (through node_modules), the runtime build's reading of its prebuilt modules
# (files.mjs), workerd (Workers bundled from the scratch project:
# TypeScript kernels by themselves, static .wasm + initWasm, the README's Worker; workerd.mjs) and
# headless Chromium (with and without a CSP that refuses WebAssembly; browser.mjs, skipped with a
# message where Chromium is missing unless ISOCHRON_REQUIRE_BROWSER=1); and that each app of one curve
# bundles no other curve (size.mjs, the apps of bench/size.mjs). Prints each runner's lines,
# then "package: N passed, N failed". The tarball's size and file list are checked too.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=$root/.cache/package
rm -rf "$work" && mkdir -p "$work/consumer"
passed=0
failed=0
count() { # adds a runner's "<name>: N passed, N failed" line to the totals
  local line p f
  line=$(grep -E "^[a-z-]+: [0-9]+ passed, [0-9]+ failed$" <<<"$1" | tail -n 1)
  p=$(sed -nE 's/.*: ([0-9]+) passed.*/\1/p' <<<"$line")
  f=$(sed -nE 's/.* ([0-9]+) failed$/\1/p' <<<"$line")
  if [ -z "$line" ]; then f=1; p=0; fi
  passed=$((passed + p))
  failed=$((failed + f))
}
if ! npm pack --silent --pack-destination "$work" >"$work/pack.log" 2>&1; then
  cat "$work/pack.log"
  echo "package: 0 passed, 1 failed"
  exit 1
fi
tgz=$(ls "$work"/isochron-*.tgz)
size=$(stat -c %s "$tgz")
files=$(tar tzf "$tgz")
wasm_want=$( (for n in bls12-381-fp bls12-381-fr bn254-fp bn254-fr x25519; do
  printf 'package/dist/wasm/%s.wasm\npackage/dist/wasm/%s.nosimd.wasm\n' "$n" "$n"
done; for n in bls12-381-fp bls12-381-fr bn254-fp bn254-fr x25519; do
  printf 'package/dist/wasm/%s.wide.wasm\n' "$n"
done) | sort)
wasm_got=$(grep -E '^package/dist/wasm/.*\.wasm$' <<<"$files" | sort)
if [ "$wasm_got" = "$wasm_want" ]; then
  echo "ok   tarball: the .wasm of every field and X25519, SIMD and not, and wide ($(wc -l <<<"$wasm_got") files)"
  passed=$((passed + 1))
else
  echo "FAIL tarball: .wasm files:"; diff <(echo "$wasm_want") <(echo "$wasm_got")
  failed=$((failed + 1))
fi
if [ "$size" -lt 700000 ] && ! grep -qE "^package/(tests|bench|scripts|dist/runtime)/" <<<"$files"; then
  echo "ok   tarball: $size bytes packed (< 700 kB), no tests, bench, scripts or runtime bundles"
  passed=$((passed + 1))
else
  echo "FAIL tarball: $size bytes; $(grep -cE "^package/(tests|bench|scripts)/" <<<"$files") test/bench/script files"
  failed=$((failed + 1))
fi
cp tests/package/checks.mjs tests/package/consumer.mjs tests/package/consumer.cjs tests/package/types.ts "$work/consumer/"
printf '{ "name": "consumer", "private": true, "type": "module", "dependencies": { "isochron": "file:%s" } }\n' \
  "$tgz" >"$work/consumer/package.json"
if ! (cd "$work/consumer" && npm install --silent --prefer-offline --no-audit --no-fund >install.log 2>&1); then
  cat "$work/consumer/install.log"
  echo "package: $passed passed, $((failed + 1)) failed"
  exit 1
fi
cd "$work/consumer"
DENO=$(node "$root/scripts/bin.mjs" --path deno)
BUN=$(node "$root/scripts/bin.mjs" --path bun 2>/dev/null || true)
out=$(node consumer.mjs node-import 2>&1); echo "$out"; count "$out"
out=$(node consumer.cjs node-require 2>&1); echo "$out"; count "$out"
if [ -n "$BUN" ]; then
  out=$("$BUN" consumer.mjs bun 2>&1); echo "$out"; count "$out"
else
  echo "FAIL bun not found"; failed=$((failed + 1))
fi
out=$(DENO_DIR="$root/.cache/deno" NO_COLOR=1 "$DENO" run --quiet --allow-read --allow-env --node-modules-dir=manual \
  consumer.mjs deno 2>&1); echo "$out"; count "$out"
out=$(DENO_DIR="$root/.cache/deno" node "$root/tests/package/files.mjs" "$work/consumer" "$DENO" "$BUN" 2>&1)
echo "$out"; count "$out"
out=$(node "$root/tests/package/workerd.mjs" "$work/consumer" 2>&1); echo "$out"; count "$out"
out=$(node "$root/tests/package/browser.mjs" "$work/consumer" 2>&1); echo "$out"; count "$out"
out=$(node "$root/tests/package/size.mjs" "$work/consumer" 2>&1); echo "$out"; count "$out"
# The published types, as a consumer without the DOM library sees them (lib ES2022, skipLibCheck off).
for res in NodeNext Bundler; do
  mod=$([ "$res" = NodeNext ] && echo NodeNext || echo ESNext)
  printf '{ "compilerOptions": { "target": "ES2022", "lib": ["ES2022"], "module": "%s", "moduleResolution": "%s", "strict": true, "noEmit": true, "skipLibCheck": false, "types": [] }, "files": ["types.ts"] }\n' \
    "$mod" "$res" >tsconfig.json
  if out=$(node "$root/node_modules/typescript/bin/tsc" -p tsconfig.json 2>&1); then
    echo "ok   types ($res, lib ES2022, no DOM, skipLibCheck off)"
    passed=$((passed + 1))
  else
    echo "FAIL types ($res):"; echo "$out" | head -20
    failed=$((failed + 1))
  fi
done
echo "package: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
