#!/usr/bin/env bash
# Runs every check and test of the project; the README's test command. Ends with one line
# "N passed, N failed" summing every test runner used.
set -uo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 DENO_NO_UPDATE_CHECK=1 RUST_BACKTRACE=0 DENO_DIR="${DENO_DIR:-$PWD/.cache/deno}"
DENO=node_modules/@deno/linux-x64-glibc/deno
if [ ! -x "$DENO" ]; then
  echo "deno not found at $DENO: run 'npm ci' first" >&2
  exit 2
fi

entry_points=(mod.ts x25519/mod.ts curves/bls12_381.ts curves/bn254.ts)
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
  "${entry_points[@]}" tests/ 2>&1 | tee "$log"
test_status=${PIPESTATUS[0]}
summary=$(grep -E '^(ok|FAILED) \| [0-9]+ passed' "$log" | tail -n 1)
rm -f "$log"
passed=$(sed -nE 's/.*\| ([0-9]+) passed.*/\1/p' <<<"$summary")
failed=$(sed -nE 's/.*\| ([0-9]+) failed.*/\1/p' <<<"$summary")
passed=${passed:-0}
failed=${failed:-0}
if [ "$test_status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
failed=$((failed + ${#failed_steps[@]}))
if [ ${#failed_steps[@]} -gt 0 ]; then echo "failed checks: ${failed_steps[*]}"; fi
echo "deno: ${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
