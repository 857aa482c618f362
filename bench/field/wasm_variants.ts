/**
 * Compares the wasm generator's multiplication variants (module.ts FieldModuleOptions) on raw
 * exported calls, interleaved, best of 20 rounds (not a test; the numbers behind the default):
 *
 *   deno run --allow-read bench/field/wasm_variants.ts [fields, default bls12-381-fp,bn254-fp]
 */

import { FIELDS } from "../../curves/registry.ts";
import { buildFieldModule, type FieldModuleOptions } from "../../field/wasm/module.ts";
import { FunctionBuilder, I32, ModuleBuilder } from "../../wasm/emitter.ts";
import type { FieldName } from "../../field/params.ts";
import { randomBelow } from "../case.ts";

const VARIANTS: FieldModuleOptions[] = [
  {},
  { mul: "fips" },
  { mul: "fips", operands: "locals" },
  { mul: "cios" },
  { mul: "simd", sqr: "mul" },
];
const CALLS = 200_000;

/** ns per call of f, over CALLS calls (one closure call site for every variant: same call shape). */
const time = (f: () => void) => {
  const t = performance.now();
  for (let i = 0; i < CALLS; i++) f();
  return ((performance.now() - t) / CALLS) * 1e6;
};

const names = (Deno.args[0] ?? "bls12-381-fp,bn254-fp").split(",") as FieldName[];
for (const name of names) {
  const p = FIELDS[name].p;
  const runs = VARIANTS.map((options) => {
    const m = buildFieldModule(p, options);
    const x = new WebAssembly.Instance(new WebAssembly.Module(m.bytes), {}).exports as unknown as {
      memory: WebAssembly.Memory;
      mul(o: number, a: number, b: number): void;
      sqr(o: number, a: number): void;
    };
    const view = new DataView(x.memory.buffer);
    const [A, B, O] = [8, 9, 10].map((slot) => slot * m.c.stride);
    for (const at of [A, B]) {
      const v = randomBelow(p);
      for (let j = 0; j < m.c.n; j++) {
        view.setUint32(at + 4 * j, Number((v >> BigInt(32 * j)) & 0xffffffffn), true);
      }
    }
    return {
      options,
      mul: () => time(() => x.mul(O, A, B)),
      sqr: () => time(() => x.sqr(O, A)),
      bestMul: Infinity,
      bestSqr: Infinity,
    };
  });
  for (const r of runs) r.mul(), r.sqr();
  for (let round = 0; round < 20; round++) {
    for (const r of runs) {
      r.bestMul = Math.min(r.bestMul, r.mul());
      r.bestSqr = Math.min(r.bestSqr, r.sqr());
    }
  }
  for (const r of runs) {
    const label = JSON.stringify(r.options).padEnd(34);
    console.log(`${name} ${label} mul ${r.bestMul.toFixed(1)} ns  sqr ${r.bestSqr.toFixed(1)} ns`);
  }
}
// The floor of any exported call: an empty (i32, i32, i32) → () function, timed the same way (after
// the variants, so that `time`'s call site is as polymorphic as it was for them).
{
  const mb = new ModuleBuilder().defineMemory(1);
  mb.addFunction("f", new FunctionBuilder([I32, I32, I32]));
  const { f } = new WebAssembly.Instance(new WebAssembly.Module(mb.toBytes()), {}).exports as unknown as {
    f(o: number, a: number, b: number): void;
  };
  let best = Infinity;
  for (let round = 0; round < 20; round++) best = Math.min(best, time(() => f(960, 1008, 1056)));
  console.log(`empty exported call (the call overhead in these figures) ${best.toFixed(1)} ns`);
}
