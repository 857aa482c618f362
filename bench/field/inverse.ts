/**
 * Quick measurement of the constant-time inversions against @noble/curves' variable-time `Fp.inv` in the
 * same run (median and minimum of 11 interleaved rounds; 64 random inputs cycled):
 *
 *   NO_COLOR=1 DENO_DIR=.cache/deno node_modules/@deno/linux-x64-glibc/deno run --allow-read --allow-env \
 *     bench/field/inverse.ts
 *
 * Rows: wasm binary-GCD inverse (wasm/inverse.ts) called directly and through the wasm kernel's
 * `inv`, Fermat a^(p−2) (invFermat) over the wasm kernel, TS binary-GCD inverse (inverse_ts.ts), Fermat
 * over the TS kernel, noble. Not a test: prints a table.
 */

import { FIELDS } from "../../curves/registry.ts";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bn254 } from "@noble/curves/bn254.js";
import { fieldKernel, type FieldName } from "../../field/mod.ts";
import { buildWasmInverse, inverseParams } from "../../wasm/inverse.ts";
import { buildTsInverse } from "../../field/algorithms/inverse_ts.ts";
import { invFermat } from "../../field/algorithms/mod.ts";
import { randomBelow } from "../case.ts";

const NOBLE = {
  "bls12-381-fp": bls12_381.fields.Fp,
  "bls12-381-fr": bls12_381.fields.Fr,
  "bn254-fp": bn254.fields.Fp,
  "bn254-fr": bn254.fields.Fr,
} as const;

/** ns per call of fn, over `iters` calls. */
function time(fn: () => void, iters: number): number {
  const t0 = performance.now();
  for (let i = 0; i < iters; i++) fn();
  return ((performance.now() - t0) / iters) * 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

for (const name of Object.keys(FIELDS) as FieldName[]) {
  const { p, bits } = FIELDS[name];
  const F = NOBLE[name as keyof typeof NOBLE];
  const inputs = Array.from({ length: 64 }, () => randomBelow(p));

  const memory = new WebAssembly.Memory({ initial: 1 });
  const { inv: wasmInv } = buildWasmInverse(p, memory);
  const n32 = inverseParams(p).n32;
  const u32 = new Uint32Array(memory.buffer);
  inputs.forEach((x, j) => {
    for (let i = 0; i < n32; i++) u32[j * n32 + i] = Number((x >> BigInt(32 * i)) & 0xffffffffn);
  });

  const digits = Math.ceil(bits / 24);
  const tsInv = buildTsInverse(p, digits);
  const arena = new Float64Array(65 * digits);
  inputs.forEach((x, j) => {
    for (let i = 0; i < digits; i++) {
      arena[j * digits + i] = Number((x >> BigInt(24 * i)) & 0xffffffn) * 2 ** -24;
    }
  });

  const k = fieldKernel(FIELDS[name], "ts");
  const slots = inputs.map((x) => {
    const s = k.alloc(1);
    k.setBigintVartime(s, x);
    return s;
  });
  const out = k.alloc(1);
  const kw = fieldKernel(FIELDS[name], "wasm");
  const wslots = inputs.map((x) => {
    const s = kw.alloc(1);
    kw.setBigintVartime(s, x);
    return s;
  });
  const wout = kw.alloc(1);

  let j = 0;
  let sink: unknown = null;
  const rows: [string, () => void, number, number[]][] = [
    ["wasm binary GCD", () => wasmInv(64 * 4 * n32, 4 * n32 * (j++ & 63), 0), 2000, []],
    ["wasm kernel inv", () => kw.inv(wout, wslots[j++ & 63]), 2000, []],
    ["wasm Fermat (invFermat)", () => invFermat(kw, wout, wslots[j++ & 63]), 50, []],
    ["ts binary GCD", () => tsInv.inv(arena, 64 * digits, digits * (j++ & 63)), 500, []],
    ["ts Fermat (invFermat)", () => invFermat(k, out, slots[j++ & 63]), 10, []],
    ["noble Fp.inv (vartime)", () => (sink = F.inv(inputs[j++ & 63])), 500, []],
  ];
  for (let round = 0; round < 11; round++) for (const r of rows) r[3].push(time(r[1], r[2]));
  const noble = median(rows[rows.length - 1][3]);
  console.log(`${name}:`);
  for (const [label, , , ns] of rows) {
    const med = median(ns);
    const best = Math.min(...ns);
    console.log(
      `  ${label.padEnd(24)} median ${med.toFixed(0).padStart(7)} ns/op (×${
        (med / noble).toFixed(3)
      } of noble)` +
        `   min ${best.toFixed(0).padStart(7)} ns/op`,
    );
  }
  if (sink === null) throw new Error("unreachable");
}
