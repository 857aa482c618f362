/**
 * What `mul2` (a·b + c·d with one Montgomery reduction, FieldModuleContext.mul2) is worth, measured two
 * ways on each base field's reduced-radix module (not a test; the numbers behind the G1 formulas):
 * - "kernel": ns per iteration of a counted loop inside wasm, mul2 against two products and an
 *   addition, on a dependency chain (a ← out);
 * - "formulas": the compiled G1 point_add, point_madd, point_dbl, jac_madd and jac_dbl
 *   (curves/group/wasm_point.ts) of a module whose formulas use mul2 against one whose formulas
 *   compose products and additions (the same generator, mul2 withheld), called alternately in one
 *   process: the median of the per-round ratios over ROUNDS rounds, and the ratio of the minima. Both
 *   modules must give the same bytes. Only the two additions use mul2 (projective.ts); the doublings
 *   and Jacobian formulas are the same code in both modules, so their ratios show what the two
 *   modules' layouts alone do (on the AMD host up to 1.17× in one process in ten).
 *
 *   deno run --allow-read --allow-env bench/field/mul2.ts [fields, default bls12-381-fp,bn254-fp]
 *
 * On Node and Bun, bundled as bench/field/wasm_variants.ts says.
 */

import { FIELDS } from "../../curves/registry.ts";
import { b3Coefficients, pointExtras } from "../../curves/group/wasm_point.ts";
import { buildFieldModule, type ExtraEmitter, type FieldModuleContext } from "../../field/wasm/module.ts";
import { FunctionBuilder, I32, Op } from "../../wasm/emitter.ts";
import type { FieldName } from "../../field/params.ts";
import { randomBelow } from "../case.ts";
import { scriptArgs } from "./args.ts";

const LOOP = 100_000, CALLS = 300, ROUNDS = 300;
/** 3b of G1 (b = 4 on BLS12-381, 3 on BN254). */
const B3: Record<string, bigint> = { "bls12-381-fp": 12n, "bn254-fp": 9n };

/** loopA: out ← a·b (t), out ← c·d, out ← out + t; loopB: out ← mul2(a, b, c, d); then a ← out. */
const kernelLoops: ExtraEmitter = (ctx) => {
  const mul2 = ctx.mul2(), { fn } = ctx;
  for (const [name, fused] of [["loopA", false], ["loopB", true]] as const) {
    // (count, out, a, b, c, d, t)
    const f = new FunctionBuilder([I32, I32, I32, I32, I32, I32, I32]);
    f.begin(Op.loop);
    if (fused) f.localGet(1).localGet(2).localGet(3).localGet(4).localGet(5).call(mul2);
    else {
      f.localGet(6).localGet(2).localGet(3).call(fn.mul);
      f.localGet(1).localGet(4).localGet(5).call(fn.mul);
      f.localGet(1).localGet(1).localGet(6).call(fn.add);
    }
    f.localGet(2).localGet(1).call(fn.copy);
    f.localGet(0).i32Const(1).op(Op.i32Sub).localTee(0).brIf(0);
    f.end();
    ctx.module.addFunction(name, f);
  }
};

type Exports = Record<string, (...args: number[]) => void> & { memory: WebAssembly.Memory };

function instance(p: bigint, extras: ExtraEmitter[]): { x: Exports; stride: number; n: number } {
  const { bytes, c } = buildFieldModule(p, { mul: "reduced-simd", radix: 30, extras });
  const x = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as Exports;
  return { x, stride: c.stride, n: c.n };
}

/** Writes `values` (elements < p) into consecutive slots from `from` (u32 words, the kernel's layout). */
function fill(m: { x: Exports; stride: number; n: number }, from: number, values: readonly bigint[]): void {
  const words = new Uint32Array(m.x.memory.buffer);
  values.forEach((value, j) => {
    let v = value;
    for (let i = 0; i < m.n; i++, v >>= 32n) words[((from + j) * m.stride) / 4 + i] = Number(v & 0xffffffffn);
  });
}
const randomElements = (p: bigint, count: number) => Array.from({ length: count }, () => randomBelow(p));

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

for (const name of (scriptArgs()[0] ?? "bls12-381-fp,bn254-fp").split(",")) {
  const p = FIELDS[name as FieldName].p;
  // kernel: in-wasm loops, alternated, best of 15
  const k = instance(p, [kernelLoops]);
  fill(k, 20, randomElements(p, 6));
  const at = (s: number) => s * k.stride, args = [20, 21, 22, 23, 24, 25].map(at);
  const loop: Record<string, number[]> = { loopA: [], loopB: [] };
  for (let r = 0; r < 15; r++) {
    for (const f of ["loopA", "loopB"]) {
      const t0 = performance.now();
      k.x[f](LOOP, ...args);
      loop[f].push(((performance.now() - t0) / LOOP) * 1e6);
    }
  }
  const [two, one] = [sorted(loop.loopA)[0], sorted(loop.loopB)[0]];
  console.log(
    `${name} kernel (in-wasm): 2 mul + add ${two.toFixed(1)} ns, mul2 ${one.toFixed(1)} ns: ${
      (one / two).toFixed(3)
    }×`,
  );

  // formulas: the same G1 layer with and without mul2, alternated call by call in rounds
  const points = pointExtras(1, b3Coefficients([B3[name]], p));
  const without = instance(p, [(ctx: FieldModuleContext) => points({ ...ctx, mul2: () => -1 })]);
  const withMul2 = instance(p, [points]);
  const inputs = randomElements(p, 6); // two points' coordinates, the same in both modules
  for (const m of [without, withMul2]) fill(m, 100, inputs);
  const s = (slot: number) => slot * without.stride; // the same stride in both
  const ops: Record<string, (x: Exports) => void> = {
    point_add: (x) => x.point_add(s(110), s(100), s(103), s(120), s(130)),
    point_madd: (x) => x.point_madd(s(110), s(100), s(103), s(120), s(130)),
    point_dbl: (x) => x.point_dbl(s(113), s(100), s(120), s(130)),
    jac_madd: (x) => x.jac_madd(s(116), s(100), s(103), s(140)),
    jac_dbl: (x) => x.jac_dbl(s(119), s(100), s(140)),
  };
  for (const [op, f] of Object.entries(ops)) {
    const read = (m: typeof without, slot: number) =>
      new Uint32Array(m.x.memory.buffer).slice(slot * m.stride / 4, (slot + 3) * m.stride / 4).join();
    f(without.x), f(withMul2.x);
    const out = { point_add: 110, point_madd: 110, point_dbl: 113, jac_madd: 116, jac_dbl: 119 }[op]!;
    if (read(without, out) !== read(withMul2, out)) throw new Error(`${name} ${op}: the two modules differ`);
    const t: [number[], number[]] = [[], []];
    for (let r = 0; r < ROUNDS; r++) {
      [without, withMul2].forEach((m, i) => {
        const t0 = performance.now();
        for (let c = 0; c < CALLS; c++) f(m.x);
        t[i].push(((performance.now() - t0) / CALLS) * 1e3);
      });
    }
    const ratios = sorted(t[1].map((x, i) => x / t[0][i]));
    console.log(
      `${name} ${op}: without mul2 ${sorted(t[0])[0].toFixed(3)} µs, with ${
        sorted(t[1])[0].toFixed(3)
      } µs; ` +
        `median round ratio ${ratios[ratios.length >> 1].toFixed(3)}×`,
    );
  }
}
