// @ts-check
/**
 * The X25519 ladder shapes (x25519/wasm/shape.ts) side by side in one process: the exports of the
 * published module (`x25519.wasm`, which holds every shape but `wide`) called alternately, best of N
 * rounds of 20 calls each, on whatever runtime runs this file:
 *
 * ```sh
 * bash scripts/build_package.sh                   # writes dist/wasm/x25519.wasm
 * node bench/engines/x25519_shapes.mjs dist/wasm/x25519.wasm x25519 x25519_calls
 * ```
 *
 * Several modules, comma-separated (`old.wasm,new.wasm`), are called alternately too, each shape of
 * each: the A/B of a change to the emitters in one process (write the old module from a worktree of
 * the old commit, e.g. `deno eval 'import { x25519WasmBytes } from "./x25519/mod.ts";
 * Deno.writeFileSync("/tmp/old.wasm", x25519WasmBytes())'`).
 *
 * Plain JavaScript for every runtime (node, bun, `deno run --allow-read`, with `PROCESSES` also
 * `--allow-run --allow-env`). The shape rule was set from
 * such runs; they differ between machines (bench/README.md). `PROCESSES=N` runs the comparison in N
 * fresh processes of the same runtime and prints each one's line, then each export's minimum, median
 * and maximum over them: a shape can be fast in one process and slow in the next (the grouped ladder
 * on V8 11.3 and an AMD host: 50–52 µs in two processes of three, 74–146 µs in the third), which
 * rounds in one process cannot show.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import process from "node:process";

const [files, ...shapes] = process.argv.slice(2);
const rounds = Number(process.env.ROUNDS ?? 300);
const processes = Number(process.env.PROCESSES ?? 0);
if (processes > 0 && files !== undefined) {
  /** @type {Map<string, number[]>} */
  const per = new Map();
  for (let i = 0; i < processes; i++) {
    const env = { ...process.env, PROCESSES: "0" };
    const line = execFileSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { env })
      .toString().trim();
    console.log(line);
    for (const m of line.matchAll(/([^\s,:]+(?::[^\s,]+)?) ([0-9.]+) µs/g)) {
      per.set(m[1], [...(per.get(m[1]) ?? []), Number(m[2])]);
    }
  }
  for (const [name, us] of per) {
    const sorted = us.toSorted((a, b) => a - b);
    console.log(
      `${name}: min ${sorted[0]} median ${sorted[sorted.length >> 1]} max ${
        sorted.at(-1)
      } µs (${us.length} processes)`,
    );
  }
  process.exit(0);
}
if (files === undefined || shapes.length === 0) {
  console.error("usage: node bench/engines/x25519_shapes.mjs <x25519.wasm>[,<other.wasm>…] <export>...");
  process.exit(2);
}
const K = 2560, U = K + 64, OUT = K + 96;
const modules = files.split(",").map((file) => {
  const exports = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), {}).exports;
  const bytes = new Uint8Array(/** @type {WebAssembly.Memory} */ (exports.memory).buffer);
  // The scalar, u and the output at the module's own buffers (x25519/wasm/layout.ts K, U, OUT), past the
  // ladder's state: any bytes.
  for (let i = 0; i < 96; i++) bytes[K + i] = (i * 37) & 0xff;
  return { file, exports };
});
const label = (
  /** @type {string} */ file,
  /** @type {string} */ s,
) => (modules.length > 1 ? `${file}:${s}` : s);
const best = new Map();
for (let round = 0; round < rounds; round++) {
  for (const s of shapes) {
    for (const { file, exports } of modules) {
      const ladder = /** @type {(out: number, k: number, u: number) => void} */ (exports[s]);
      const t = performance.now();
      for (let i = 0; i < 20; i++) ladder(OUT, K, U);
      const us = ((performance.now() - t) / 20) * 1000;
      best.set(label(file, s), Math.min(best.get(label(file, s)) ?? Infinity, us));
    }
  }
}
console.log(`${process.version}: ${[...best].map(([s, us]) => `${s} ${us.toFixed(1)} µs`).join(", ")}`);
