/**
 * Compares the wasm generator's multiplication variants (module.ts FieldModuleOptions), interleaved,
 * best of ROUNDS rounds (not a test; the numbers behind the default), two ways:
 * - "js": ns per exported call from JavaScript (fixed call overhead included; the last line prints
 *   that overhead: an empty exported call);
 * - "wasm": ns per iteration of a counted loop inside wasm that calls the kernel function on a
 *   dependency chain (out ← out·b, out ← out²): the kernel's own cost, as composite operations
 *   (Fp2, point formulas, pairings) see it.
 * noble's BigInt field (Fp.mul, Fp.sqr) is timed in the same run for the ratio.
 *
 *   deno run --allow-read --allow-env bench/field/wasm_variants.ts [fields, default bls12-381-fp,bn254-fp]
 */

import { FIELDS } from "../../curves/registry.ts";
import { buildFieldModule, type ExtraEmitter, type FieldModuleOptions } from "../../field/wasm/module.ts";
import { FunctionBuilder, I32, ModuleBuilder, Op } from "../../wasm/emitter.ts";
import type { FieldName } from "../../field/params.ts";
import { randomBelow } from "../case.ts";

const VARIANTS: FieldModuleOptions[] = [
  {},
  { mul: "fips" },
  { mul: "cios" },
  ...[26, 28, 29, 30].map((radix): FieldModuleOptions => ({ mul: "reduced", radix })),
  ...[26, 28, 29].map((radix): FieldModuleOptions => ({ mul: "reduced-simd", radix })),
];
const CALLS = 100_000, LOOP = 100_000, ROUNDS = 15;

/** ns per call of f, over CALLS calls (one closure call site for every variant: same call shape). */
const time = (f: () => void, calls = CALLS) => {
  const t = performance.now();
  for (let i = 0; i < calls; i++) f();
  return ((performance.now() - t) / calls) * 1e6;
};

/** mulLoop(count, out, b): count times out ← out·b; sqrLoop(count, out): out ← out² (counted loops). */
const loops: ExtraEmitter = ({ module, fn }) => {
  for (const [name, index, args] of [["mulLoop", fn.mul, [1, 1, 2]], ["sqrLoop", fn.sqr, [1, 1]]] as const) {
    const f = new FunctionBuilder([I32, I32, I32]);
    const i = f.local(I32);
    f.begin(Op.loop);
    for (const a of args) f.localGet(a);
    f.call(index);
    f.localGet(i).i32Const(1).op(Op.i32Add).localTee(i).localGet(0).op(Op.i32LtU).brIf(0);
    f.end();
    module.addFunction(name, f);
  }
};

async function noble(name: FieldName) {
  const { bls12_381 } = await import("@noble/curves/bls12-381.js");
  const { bn254 } = await import("@noble/curves/bn254.js");
  const F = { "bls12-381-fp": bls12_381.fields.Fp, "bn254-fp": bn254.fields.Fp }[name as string];
  if (F === undefined) return null;
  const a = F.create(randomBelow(F.ORDER)), b = F.create(randomBelow(F.ORDER));
  return { mul: () => time(() => F.mul(a, b), CALLS / 10), sqr: () => time(() => F.sqr(a), CALLS / 10) };
}

const names = (Deno.args[0] ?? "bls12-381-fp,bn254-fp").split(",") as FieldName[];
for (const name of names) {
  const p = FIELDS[name].p;
  const runs = VARIANTS.map((options) => {
    const m = buildFieldModule(p, { ...options, extras: [loops] });
    const x = new WebAssembly.Instance(new WebAssembly.Module(m.bytes), {}).exports as unknown as {
      memory: WebAssembly.Memory;
      mul(o: number, a: number, b: number): void;
      sqr(o: number, a: number): void;
      mulLoop(count: number, o: number, b: number): void;
      sqrLoop(count: number, o: number): void;
    };
    const view = new DataView(x.memory.buffer);
    const [A, B, O] = [8, 9, 10].map((slot) => slot * m.c.stride);
    for (const at of [A, B, O]) {
      const v = randomBelow(p);
      for (let j = 0; j < m.c.n; j++) {
        view.setUint32(at + 4 * j, Number((v >> BigInt(32 * j)) & 0xffffffffn), true);
      }
    }
    const t = (g: () => void) => {
      const s = performance.now();
      g();
      return ((performance.now() - s) / LOOP) * 1e6;
    };
    return {
      label: JSON.stringify(options),
      js: [() => time(() => x.mul(O, A, B)), () => time(() => x.sqr(O, A))],
      wasm: [() => t(() => x.mulLoop(LOOP, O, B)), () => t(() => x.sqrLoop(LOOP, O))],
      best: [Infinity, Infinity, Infinity, Infinity],
    };
  });
  const ref = await noble(name);
  const nobleBest = [Infinity, Infinity];
  for (let round = 0; round <= ROUNDS; round++) {
    for (const r of runs) {
      [...r.js, ...r.wasm].forEach((g, i) => {
        const v = g();
        if (round > 0) r.best[i] = Math.min(r.best[i], v); // round 0 warms up
      });
    }
    if (ref) {
      nobleBest[0] = Math.min(nobleBest[0], ref.mul()), nobleBest[1] = Math.min(nobleBest[1], ref.sqr());
    }
  }
  const f = (x: number) => x.toFixed(1).padStart(6);
  console.log(`${name}: ns, best of ${ROUNDS}  (js = exported call; wasm = in-wasm loop iteration)`);
  console.log(`${"variant".padEnd(30)} js mul js sqr  w mul  w sqr  mul/noble (js)`);
  for (const r of runs) {
    const ratio = ref ? (r.best[0] / nobleBest[0]).toFixed(2) : "-";
    console.log(`${r.label.padEnd(30)} ${r.best.map(f).join(" ")}  ${ratio}`);
  }
  if (ref) console.log(`${"noble (BigInt)".padEnd(30)} ${f(nobleBest[0])} ${f(nobleBest[1])}`);
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
  console.log(`empty exported call (the call overhead in the js figures) ${best.toFixed(1)} ns`);
}
