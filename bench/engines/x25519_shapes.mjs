// @ts-check
/**
 * The X25519 ladder shapes (x25519/wasm/shape.ts) side by side in one process: the exports of the
 * published module (`x25519.wasm`, which holds every shape but `wide`) called alternately, best of N
 * rounds of 20 calls each, on whatever runtime runs this file:
 *
 * ```sh
 * bash scripts/build_package.sh                   # writes dist/wasm/x25519.wasm
 * node bench/engines/x25519_shapes.mjs dist/wasm/x25519.wasm x25519 x25519_mixed x25519_calls x25519_simd
 * ```
 *
 * Plain JavaScript for every runtime (node, bun, `deno run --allow-read`). The shape rule was set from
 * such runs; they differ between machines (bench/README.md).
 */
import { readFileSync } from "node:fs";
import process from "node:process";

const [file, ...shapes] = process.argv.slice(2);
const rounds = Number(process.env.ROUNDS ?? 300);
if (file === undefined || shapes.length === 0) {
  console.error("usage: node bench/engines/x25519_shapes.mjs <x25519.wasm> <export>...");
  process.exit(2);
}
const exports = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), {}).exports;
const memory = /** @type {WebAssembly.Memory} */ (exports.memory);
const bytes = new Uint8Array(memory.buffer);
for (let i = 0; i < 4096; i++) bytes[i] = (i * 37) & 0xff; // a scalar at 1024, u at 2048: any bytes
const best = new Map(shapes.map((s) => [s, Infinity]));
for (let round = 0; round < rounds; round++) {
  for (const s of shapes) {
    const ladder = /** @type {(out: number, k: number, u: number) => void} */ (exports[s]);
    const t = performance.now();
    for (let i = 0; i < 20; i++) ladder(3072, 1024, 2048);
    best.set(s, Math.min(/** @type {number} */ (best.get(s)), ((performance.now() - t) / 20) * 1000));
  }
}
console.log(`${process.version}: ${[...best].map(([s, us]) => `${s} ${us.toFixed(1)} µs`).join(", ")}`);
