#!/usr/bin/env bash
# Runs every check and test of the project; the README's test command. Ends with one line
# "N passed, N failed" summing every test runner used.
set -uo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 DENO_NO_UPDATE_CHECK=1 RUST_BACKTRACE=0 DENO_DIR="${DENO_DIR:-$PWD/.cache/deno}"
# Binaries by the path of the platform package npm installed for this machine (scripts/bin.mjs), never
# through node_modules/.bin: npm ci may skip the wrappers' postinstall scripts.
if ! DENO=$(node scripts/bin.mjs --path deno); then
  echo "deno not found: run 'npm ci' first" >&2
  exit 2
fi

entry_points=(mod.ts x25519/mod.ts curves/bls12_381/mod.ts curves/bn254/mod.ts deno/mod.ts deno/x25519.ts deno/bls12_381.ts deno/bn254.ts)
# Every library folder, so that the examples in JSDoc run wherever they are written (deno test --doc).
library=(mod.ts backend.ts errors.ts package_files.ts wasm/ field/ scalar/ curves/ x25519/ deno/)
failed_steps=()
step() {
  local name=$1
  shift
  echo "::: $name"
  if ! "$@"; then failed_steps+=("$name"); fi
}

step "fmt" "$DENO" fmt --check
step "lint" "$DENO" lint
step "check" "$DENO" check "${entry_points[@]}" bench/ scripts/ tests/
step "doc-lint" "$DENO" doc --lint "${entry_points[@]}"
step "publish-dry-run" "$DENO" publish --dry-run --allow-dirty --quiet

echo "::: deno test"
log=$(mktemp)
"$DENO" test --doc --allow-read --allow-env --allow-sys --allow-run --allow-ffi --parallel \
  "${library[@]}" tests/ 2>&1 | tee "$log"
test_status=${PIPESTATUS[0]}
summary=$(grep -E '^(ok|FAILED) \| [0-9]+ passed' "$log" | tail -n 1)
rm -f "$log"
passed=$(sed -nE 's/.*\| ([0-9]+) passed.*/\1/p' <<<"$summary")
failed=$(sed -nE 's/.*\| ([0-9]+) failed.*/\1/p' <<<"$summary")
passed=${passed:-0}
failed=${failed:-0}
if [ "$test_status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
breakdown=("deno ${passed}/${failed}")

# Runtime smoke tests (tests/runtime/): the npm build (tsc → dist/) on Node and Bun; then the packed
# package as consumers get it (tests/package/run.sh): Node, Bun, Deno, workerd and headless Chromium.
# Each runner prints "<name>: N passed, N failed" last; a runner that crashes, times out or prints no
# such line counts as at least 1 failed.
now_ms() { date +%s%3N; }
runtime() {
  local name=$1 limit=120
  shift
  if [ "$1" = "--timeout" ]; then limit=$2 && shift 2; fi
  echo "::: runtime $name"
  local t0 out status line p f
  t0=$(now_ms)
  out=$(timeout "$limit" "$@" 2>&1)
  status=$?
  line=$(grep -E "^${name}: [0-9]+ passed, [0-9]+ failed\$" <<<"$out" | tail -n 1)
  # Shown without the runner's own summary line: the script's last line is the only such line.
  grep -vE "^${name}: [0-9]+ passed, [0-9]+ failed\$" <<<"$out"
  p=$(sed -nE 's/.*: ([0-9]+) passed.*/\1/p' <<<"$line")
  f=$(sed -nE 's/.* ([0-9]+) failed$/\1/p' <<<"$line")
  p=${p:-0}
  f=${f:-0}
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  echo "($name: $p/$f passed/failed, exit $status, $(($(now_ms) - t0)) ms)"
  passed=$((passed + p))
  failed=$((failed + f))
  breakdown+=("$name $p/$f")
}
# Builds in a staging directory, then swaps it in for dist/: a concurrent run in the same checkout
# never sees a half-written dist/.
build_runtime() {
  local stage status
  mkdir -p .cache && stage=$(mktemp -d .cache/dist-build.XXXXXX) || return 1
  node node_modules/typescript/bin/tsc -p tsconfig.build.json --outDir "$stage" &&
    "$DENO" run --quiet --allow-read --allow-write="$stage" scripts/build_package.ts "$stage/wasm" &&
    { [ ! -e dist ] || mv dist "$stage.old"; } && mv "$stage" dist
  status=$?
  rm -rf "$stage" "$stage.old"
  return $status
}
BUN=""
if b=$(node scripts/bin.mjs --path bun) && "$b" --version >/dev/null 2>&1; then BUN=$b; fi
t0=$(now_ms)
echo "::: runtime build (tsc → dist/; dist/wasm/)"
if build_runtime; then build_ok=1; else build_ok=0; failed_steps+=("runtime build"); fi
echo "(build: $(($(now_ms) - t0)) ms)"
if [ "$build_ok" -eq 1 ]; then
  runtime node node tests/runtime/smoke.mjs --expect=wasm
  if [ -n "$BUN" ]; then
    runtime bun "$BUN" tests/runtime/smoke.mjs --expect=wasm
  else
    echo "bun not found or not runnable (node scripts/bin.mjs --path bun): run 'npm ci'"
    failed=$((failed + 1))
    breakdown+=("bun 0/1")
  fi
  # The npm package as a consumer gets it: npm pack (prepack rebuilds dist/), install, import by name.
  runtime package --timeout 300 bash tests/package/run.sh
else
  echo "runtime build failed: node, bun and package tests not run"
  failed=$((failed + 3))
  breakdown+=("node 0/1" "bun 0/1" "package 0/1")
fi

failed=$((failed + ${#failed_steps[@]}))
if [ ${#failed_steps[@]} -gt 0 ]; then echo "failed checks: ${failed_steps[*]}"; fi
echo "runners (passed/failed): ${breakdown[*]}; failed checks: ${#failed_steps[@]}"
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
