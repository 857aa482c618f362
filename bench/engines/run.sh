#!/usr/bin/env bash
# Bundles bench/engines/probe.ts (esbuild; the library inlined, the peers external) and runs it on
# each runtime given (default: deno node bun). A runtime is `deno`, `bun`, `node` (the machine's) or
# a path to another node binary. Extra node flags: NODE_FLAGS="--liftoff-only".
#   bash bench/engines/run.sh [runtime...]        PROBE_OPS=x25519 PROBE_ROUNDS=15
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.cache/engines/probe.mjs
mkdir -p .cache/engines
node_modules/esbuild/bin/esbuild bench/engines/probe.ts --bundle --format=esm --platform=neutral \
  --main-fields=module,main --external:libsodium-wrappers --external:mcl-wasm --external:bls-eth-wasm \
  --outfile=$out --log-level=warning
export DENO_DIR="${DENO_DIR:-$PWD/.cache/deno}" NO_COLOR=1
for rt in "${@:-deno node bun}"; do
  for r in $rt; do
    case "$r" in
      deno) node scripts/bin.mjs deno run -A $out ;;
      bun) node scripts/bin.mjs bun $out ;;
      node) node ${NODE_FLAGS:-} $out ;;
      *) "$r" ${NODE_FLAGS:-} $out ;;
    esac
  done
done
