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
 *
 * On Node and Bun, bundle it and run the bundle (the "wide" row appears where the engine validates wide
 * arithmetic, Bun, and on Deno with --v8-flags=--experimental-wasm-wide-arithmetic):
 *
 *   node_modules/esbuild/bin/esbuild bench/field/wasm_variants.ts --bundle --format=esm \
 *     --platform=neutral --main-fields=module,main --outfile=.cache/engines/variants.mjs
 *   node .cache/engines/variants.mjs bls12-381-fp      (or: node_modules/.bin/bun …)
 */

import { FIELDS, TOWERS } from "../../curves/registry.ts";
import { fp2Extras, type Fp2Indices } from "../../field/tower/wasm_fp2.ts";
import type { TowerParams } from "../../field/tower/params.ts";
import {
  buildFieldModule,
  type ExtraEmitter,
  type FieldModuleContext,
  type FieldModuleOptions,
} from "../../field/wasm/module.ts";
import { FunctionBuilder, I32, ModuleBuilder, Op, wideArithmeticSupported } from "../../wasm/emitter.ts";
import type { FieldName } from "../../field/params.ts";
import { randomBelow } from "../case.ts";
import { scriptArgs } from "./args.ts";

const VARIANTS: FieldModuleOptions[] = [
  {},
  { mul: "fips" },
  { mul: "cios" },
  ...[26, 28, 29, 30].map((radix): FieldModuleOptions => ({ mul: "reduced", radix })),
  ...[26, 28, 29, 30].map((radix): FieldModuleOptions => ({ mul: "reduced-simd", radix })),
  // one Montgomery digit per reduction step (before the two-digit steps became the default)
  ...(["reduced", "reduced-simd"] as const).map((mul): FieldModuleOptions => ({ mul, radix: 30, digits: 1 })),
  // elements at rest as the kernels' 30-bit limbs (module.ts `rest`): no split on load, no packing on store
  ...(["reduced", "reduced-simd"] as const).map((mul): FieldModuleOptions => ({
    mul,
    radix: 30,
    rest: "limbs",
  })),
  // the same SIMD kernel with one-digit steps, and with 29-bit limbs at rest (which the inversion,
  // on 30-bit limbs, would refuse: a measurement only)
  { mul: "reduced-simd", radix: 30, rest: "limbs", digits: 1 },
  { mul: "reduced-simd", radix: 29, rest: "limbs" },
  // 64-bit limbs with the wide-arithmetic instructions, where the engine validates them (Bun; V8 with
  // --experimental-wasm-wide-arithmetic): not a default shape yet
  ...(wideArithmeticSupported() ? [{ mul: "wide" } as const] : []),
];
/** The Fp2 lane kernels (wasm_fp2_emit.ts on u32 limbs, wasm_fp2_lanes.ts on w-bit limbs). */
const FP2_VARIANTS: FieldModuleOptions[] = [
  { fp2Radix: null },
  ...[26, 28, 29, 30].map((fp2Radix) => ({ fp2Radix })),
  // the loader's reduced modules: 30-bit limbs at rest, lanes of the same width
  { mul: "reduced-simd", radix: 30, rest: "limbs", fp2Radix: 30 },
];
const CALLS = 100_000, LOOP = 100_000, ROUNDS = 15;

/** ns per call of f, over CALLS calls (one closure call site for every variant: same call shape). */
const time = (f: () => void, calls = CALLS) => {
  const t = performance.now();
  for (let i = 0; i < calls; i++) f();
  return ((performance.now() - t) / calls) * 1e6;
};

/** mulLoop(count, out, b): count times out ← out·b; sqrLoop(count, out): out ← out² (counted loops). */
const loops = (indices: (ctx: FieldModuleContext) => [number, number]): ExtraEmitter => (ctx) => {
  const [mul, sqr] = indices(ctx);
  for (const [name, callee, args] of [["mulLoop", mul, [1, 1, 2]], ["sqrLoop", sqr, [1, 1]]] as const) {
    const f = new FunctionBuilder([I32, I32, I32]);
    const i = f.local(I32);
    f.begin(Op.loop);
    for (const a of args) f.localGet(a);
    f.call(callee);
    f.localGet(i).i32Const(1).op(Op.i32Add).localTee(i).localGet(0).op(Op.i32LtU).brIf(0);
    f.end();
    ctx.module.addFunction(name, f);
  }
};

/** noble's Fp (or Fp2) mul and sqr, where noble has the field. */
async function noble(name: string, fp2: boolean) {
  const { bls12_381 } = await import("@noble/curves/bls12-381.js");
  const { bn254 } = await import("@noble/curves/bn254.js");
  const curve = { "bls12-381-fp": bls12_381, "bn254-fp": bn254 }[name];
  if (curve === undefined) return null;
  const { Fp } = curve.fields;
  const el = () => Fp.create(randomBelow(Fp.ORDER));
  if (fp2) {
    const F = curve.fields.Fp2;
    const a = F.fromBigTuple([el(), el()]), b = F.fromBigTuple([el(), el()]);
    return { mul: () => time(() => F.mul(a, b), CALLS / 10), sqr: () => time(() => F.sqr(a), CALLS / 10) };
  }
  const a = el(), b = el();
  return { mul: () => time(() => Fp.mul(a, b), CALLS / 10), sqr: () => time(() => Fp.sqr(a), CALLS / 10) };
}

/** Times `mul`/`sqr` exports (or fp2_mul/fp2_sqr) of each variant's module, interleaved, best of ROUNDS. */
async function compare(
  title: string,
  p: bigint,
  variants: readonly FieldModuleOptions[],
  fp2: TowerParams | null,
) {
  const [mulName, sqrName] = fp2 ? ["fp2_mul", "fp2_sqr"] : ["mul", "sqr"];
  const runs = variants.flatMap((options) => {
    let fn2: Fp2Indices | null = null;
    const extras = fp2
      ? [fp2Extras(fp2, (fn) => fn2 = fn), loops(() => [fn2!.fp2_mul, fn2!.fp2_sqr])]
      : [loops((ctx) => [ctx.fn.mul, ctx.fn.sqr])];
    let m;
    try {
      m = buildFieldModule(p, { ...options, extras });
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      console.log(`${title} ${JSON.stringify(options)}: refused (${e.message})`);
      return [];
    }
    const x = new WebAssembly.Instance(new WebAssembly.Module(m.bytes), {}).exports as unknown as
      & Record<
        string,
        (...args: number[]) => void
      >
      & { memory: WebAssembly.Memory };
    const view = new DataView(x.memory.buffer);
    const [A, B, O] = [8, 10, 12].map((slot) => slot * m.c.stride);
    for (const at of [A, B, O]) {
      for (const half of [0, m.c.stride]) {
        const v = randomBelow(p);
        const w = BigInt(m.c.limbBits), mask = (1n << w) - 1n; // words, or limbs at rest
        for (let j = 0; j < m.c.n; j++) {
          view.setUint32(at + half + 4 * j, Number((v >> (w * BigInt(j))) & mask), true);
        }
      }
    }
    const t = (g: () => void) => {
      const s = performance.now();
      g();
      return ((performance.now() - s) / LOOP) * 1e6;
    };
    const [mul, sqr, mulLoop, sqrLoop] = [x[mulName], x[sqrName], x.mulLoop, x.sqrLoop];
    return [{
      label: JSON.stringify(options),
      js: [() => time(() => mul(O, A, B)), () => time(() => sqr(O, A))],
      wasm: [() => t(() => mulLoop(LOOP, O, B)), () => t(() => sqrLoop(LOOP, O))],
      best: [Infinity, Infinity, Infinity, Infinity],
    }];
  });
  const ref = await noble(title, fp2 !== null);
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
  console.log(
    `${title}${fp2 ? " Fp2" : ""}: ns, best of ${ROUNDS} (js = exported call; wasm = in-wasm loop iteration)`,
  );
  console.log(`${"variant".padEnd(34)} js mul js sqr  w mul  w sqr  mul/noble (js)`);
  for (const r of runs) {
    const ratio = ref ? (r.best[0] / nobleBest[0]).toFixed(2) : "-";
    console.log(`${r.label.padEnd(34)} ${r.best.map(f).join(" ")}  ${ratio}`);
  }
  if (ref) console.log(`${"noble (BigInt)".padEnd(34)} ${f(nobleBest[0])} ${f(nobleBest[1])}`);
}

const names = (scriptArgs()[0] ?? "bls12-381-fp,bn254-fp").split(",") as FieldName[];
for (const name of names) await compare(name, FIELDS[name].p, VARIANTS, null);
for (const tower of Object.values(TOWERS)) {
  if (names.includes(tower.fp.name)) await compare(tower.fp.name, tower.p, FP2_VARIANTS, tower);
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
