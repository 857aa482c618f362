/**
 * Fp2 sums and differences, the two ways the generator can emit them, in one module and one process
 * (best of 37 rounds of an in-wasm loop out ← out ± b; ns per iteration): as two combinations
 * (field/tower/wasm_fp2_emit.ts `emitSmallCombination`: Σ coef·x + K·p, then conditional subtractions)
 * and as the base field's chains on both coefficients (field/wasm/emit_linear.ts `emitAdds` /
 * `emitSubs`, what fp2_add / fp2_sub are). Not a test: prints one line per field.
 *
 *   deno run --allow-read --allow-env bench/field/fp2_linear.ts [bls12-381-fp|bn254-fp]
 */
import { FIELDS } from "../../curves/registry.ts";
import { buildFieldModule, type FieldModuleContext } from "../../field/wasm/module.ts";
import { FunctionBuilder, I32, Op } from "../../wasm/emitter.ts";
import { emitSmallCombination, storeLimbs } from "../../field/tower/wasm_fp2_emit.ts";
import { emitAdds, emitSubs } from "../../field/wasm/emit_linear.ts";
import { randomBelow } from "../case.ts";
import { scriptArgs } from "./args.ts";
const name = (scriptArgs()[0] ?? "bls12-381-fp") as "bls12-381-fp";
const p = FIELDS[name].p;
const LOOP = 50000;
const extra = (ctx: FieldModuleContext) => {
  const s = ctx.c.stride, c = ctx.c, mb = ctx.module;
  const at = (l: number, off = 0) => ({ local: l, offset: off });
  const add = (nm: string, params: number, body: (f: FunctionBuilder) => void) => {
    const f = new FunctionBuilder(Array(params).fill(I32));
    body(f);
    return mb.addFunction(nm, f);
  };
  type Terms = Parameters<typeof emitSmallCombination>[2];
  const lin = (f: FunctionBuilder, t0: Terms, t1: Terms) => {
    const r0 = emitSmallCombination(f, c, t0);
    const r1 = emitSmallCombination(f, c, t1);
    storeLimbs(f, at(0), r0);
    storeLimbs(f, at(0, s), r1);
  };
  const [a0, a1, b0, b1, o0, o1] = [at(1), at(1, s), at(2), at(2, s), at(0), at(0, s)];
  const combinationSub = add("combination_sub", 3, (f) => lin(f, [[a0, 1], [b0, -1]], [[a1, 1], [b1, -1]]));
  const chainSub = add("chain_sub", 3, (f) => emitSubs(f, c, [[o0, a0, b0], [o1, a1, b1]]));
  const combinationAdd = add("combination_add", 3, (f) => lin(f, [[a0, 1], [b0, 1]], [[a1, 1], [b1, 1]]));
  const chainAdd = add("chain_add", 3, (f) => emitAdds(f, c, [[o0, a0, b0], [o1, a1, b1]]));
  const loop = (nm: string, callee: number) =>
    add(nm, 4, (f) => {
      const i = f.local(I32);
      f.begin(Op.loop);
      for (const a of [1, 1, 2]) f.localGet(a);
      f.call(callee);
      f.localGet(i).i32Const(1).op(Op.i32Add).localTee(i).localGet(0).op(Op.i32LtU).brIf(0);
      f.end();
    });
  loop("sub as combinations", combinationSub);
  loop("sub as chains", chainSub);
  loop("add as combinations", combinationAdd);
  loop("add as chains", chainAdd);
};
const m = buildFieldModule(p, { mul: "reduced-simd", radix: 30, extras: [extra] });
// deno-lint-ignore no-explicit-any
const x = new WebAssembly.Instance(new WebAssembly.Module(m.bytes), {}).exports as any;
const view = new DataView(x.memory.buffer);
const S = m.c.stride, [A, B] = [8 * S, 10 * S];

for (const at of [A, A + S, B, B + S]) {
  const v = randomBelow(p);
  for (let j = 0; j < m.c.n; j++) {
    view.setUint32(at + 4 * j, Number((v >> BigInt(32 * j)) & 0xffffffffn), true);
  }
}
const names = ["sub as combinations", "sub as chains", "add as combinations", "add as chains"];
const best: Record<string, number> = Object.fromEntries(names.map((n) => [n, Infinity]));
for (let r = 0; r < 40; r++) {
  for (const n of names) {
    const t = performance.now();
    x[n](LOOP, A, B, 0);
    const ns = (performance.now() - t) / LOOP * 1e6;
    if (r > 2) best[n] = Math.min(best[n], ns);
  }
}
console.log(name, Object.entries(best).map(([k, v]) => `${k} ${v.toFixed(1)}`).join("  "));
