import { BLS12_381_FP_PLAN } from "../curves/bls12_381/plan.ts";
import { FP } from "../curves/bls12_381/params.ts";
import { buildFieldModule } from "../field/wasm/module.ts";
import { coordinateCalls } from "../curves/group/wasm_point.ts";
import { FunctionBuilder, I32, Op } from "../wasm/emitter.ts";
import { inverseLayer } from "../field/wasm/inverse.ts";
import { sqr4Layer } from "../field/wasm/emit_sqr4.ts";
const loops: string[] = [];
const extra = (ctx: any) => {
  const c1 = coordinateCalls(ctx, 1, null), c2 = coordinateCalls(ctx, 2, null);
  const mk = (name: string, idx: number, arity: number) => {
    const results = ctx.module.functions?.[idx]?.builder?.results ?? (ctx.module as any).functions[idx]?.builder.results;
    const f = new FunctionBuilder([I32, I32, I32, I32], []); // n, out, a, b
    f.begin(Op.loop);
    f.localGet(1); if (arity >= 2) f.localGet(2); if (arity >= 3) f.localGet(3);
    f.call(idx);
    if (name.includes("eq")) f.op(Op.drop);
    
    f.localGet(0).i32Const(1).op(Op.i32Sub).localTee(0).brIf(0).end();
    ctx.module.addFunction(`loop_${name}`, f);
    loops.push(name);
  };
  mk("fp_mul", c1.mul, 3); mk("fp_sqr", c1.sqr, 2); mk("fp_add", c1.add, 3); mk("fp_sub", c1.sub, 3);
  mk("fp2_mul", c2.mul, 3); mk("fp2_sqr", c2.sqr, 2); mk("fp2_sub", c2.sub, 3); mk("fp2_add", c2.add, 3); mk("fp2_copy", c2.copy, 2);
  mk("fp2_eq", c2.eq(), 2); mk("fp2_mulByFp", c2.mulByFp(), 3);
};
const layers = [inverseLayer(FP.p), sqr4Layer(), ...BLS12_381_FP_PLAN.layers(true)].map((l: any) => l.emit);
const { bytes } = buildFieldModule(FP.p, { extras: [...layers, extra], mul: "simd" } as any);
const mem = new WebAssembly.Memory({ initial: 64 });
const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory: mem } }) as any;
const e = inst.exports;
const m = new Uint8Array((e.memory ?? mem).buffer);
for (let i = 0; i < 4096; i++) m[60000 + i] = (i * 37) & 0x7f; // small values < p
const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1];
const R: Record<string, number[]> = {};
for (let r = 0; r < 9; r++) for (const name of loops) {
  const n = 20000; const t = performance.now(); e[`loop_${name}`](n, 62000, 60000, 61000); (R[name] ??= []).push((performance.now() - t) * 1e6 / n);
}
for (const k of loops) console.log(k.padEnd(12), med(R[k]).toFixed(1), "ns");
