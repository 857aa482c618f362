/**
 * The Fp2 functions built into the base field's wasm module (one JS→wasm call per Fp2 operation),
 * and `WasmFp2`, the Fp2 layer that calls them. Exported functions take byte addresses, like the
 * kernel's (address = slot · stride), of Fp2 elements = two consecutive base slots.
 *
 * | function                 | what                                   | how                        |
 * | ------------------------ | -------------------------------------- | -------------------------- |
 * | fp2_mul(out, a, b)       | a·b                                    | SIMD lanes, lazy reduction |
 * | fp2_sqr(out, a)          | a²                                     | SIMD lanes, lazy sums      |
 * | fp2_add/sub(out, a, b)   | a ± b                                  | Fp chains, masked p        |
 * | fp2_dbl(out, a)          | 2a                                     | idem                       |
 * | fp2_neg/conj(out, a)     | −a, ā                                  | combination + cond. sub.   |
 * | fp2_mulByXi(out, a)      | ξ·a = (x0·c0 − c1) + (c0 + x0·c1)·u    | idem                       |
 * | fp2_mulByU(out, a)       | u·a = −c1 + c0·u                       | idem                       |
 * @module
 */
import { FunctionBuilder, I32 } from "../../wasm/emitter.ts";
import type { ExtraEmitter, FieldModuleContext } from "../wasm/module.ts";
import type { FieldKernel } from "../kernel.ts";
import type { TowerParams } from "./params.ts";
import { Fp2 } from "./fp2.ts";
import { emitSmallCombination, type Ref, storeLimbs } from "./wasm_fp2_emit.ts";
import { emitFp2MulIn, emitFp2SqrIn } from "./wasm_fp2_lanes.ts";
import { emitAdds, emitSubs } from "../wasm/emit_linear.ts";

/** Names of the exported Fp2 functions. */
export const FP2_FUNCTIONS = [
  "fp2_mul",
  "fp2_sqr",
  "fp2_add",
  "fp2_sub",
  "fp2_dbl",
  "fp2_neg",
  "fp2_conj",
  "fp2_mulByXi",
  "fp2_mulByU",
] as const;
/** The exports `WasmFp2` needs. */
export type Fp2Exports = Readonly<Record<typeof FP2_FUNCTIONS[number], (...addresses: number[]) => void>>;

/** Function indices of the Fp2 functions inside the module (for later emitters that `call` them). */
export type Fp2Indices = Record<typeof FP2_FUNCTIONS[number], number>;

/**
 * The emitter adding the Fp2 functions of `params` (ξ = x0 + u) to its base field's module. `onIndices`
 * receives their function indices (for Fp6/Fp12 emitters built on them).
 */
export function fp2Extras(params: TowerParams, onIndices?: (fn: Fp2Indices) => void): ExtraEmitter {
  const x0 = Number(params.xi.c0);
  if (params.xi.c1 !== 1n || !(x0 >= 1 && x0 < 64)) throw new Error("wasm Fp2: ξ must be x0 + u, x0 small");
  return (ctx: FieldModuleContext) => {
    const { c, module } = ctx;
    const s = c.stride;
    const at = (local: number, offset = 0): Ref => ({ local, offset });
    const fn = {} as Fp2Indices;
    const def = (name: typeof FP2_FUNCTIONS[number], params: number, body: (f: FunctionBuilder) => void) => {
      const f = new FunctionBuilder(Array(params).fill(I32), []);
      body(f);
      fn[name] = module.addFunction(name, f);
    };
    /** out.c0 ← Σ terms0, out.c1 ← Σ terms1 (both computed before either store). */
    const linear = (f: FunctionBuilder, t0: [Ref, number][], t1: [Ref, number][]) => {
      const r0 = emitSmallCombination(f, c, t0);
      const r1 = emitSmallCombination(f, c, t1);
      storeLimbs(f, at(0), r0);
      storeLimbs(f, at(0, s), r1);
    };
    const [a0, a1, b0, b1] = [at(1), at(1, s), at(2), at(2, s)];
    def("fp2_mul", 3, (f) => emitFp2MulIn(ctx, f, at(0), at(1), at(2)));
    def("fp2_sqr", 2, (f) => emitFp2SqrIn(ctx, f, at(0), at(1)));
    // Sums and differences: the base field's carry and borrow chains on both coefficients (a
    // difference's correction is one masked addition of p, cheaper than a combination's
    // subtraction of p and select: measured 51 → 36 ns in-wasm for fp2_sub, BLS12-381).
    const [o0, o1] = [at(0), at(0, s)];
    def("fp2_add", 3, (f) => emitAdds(f, c, [[o0, a0, b0], [o1, a1, b1]]));
    def("fp2_sub", 3, (f) => emitSubs(f, c, [[o0, a0, b0], [o1, a1, b1]]));
    def("fp2_dbl", 2, (f) => emitAdds(f, c, [[o0, a0, a0], [o1, a1, a1]]));
    def("fp2_neg", 2, (f) => linear(f, [[a0, -1]], [[a1, -1]]));
    def("fp2_conj", 2, (f) => linear(f, [[a0, 1]], [[a1, -1]]));
    def("fp2_mulByXi", 2, (f) => linear(f, [[a0, x0], [a1, -1]], [[a0, 1], [a1, x0]]));
    def("fp2_mulByU", 2, (f) => linear(f, [[a1, -1]], [[a0, 1]]));
    onIndices?.(fn);
  };
}

/** Fp2 whose hot operations are single calls into the kernel's wasm module. */
export class WasmFp2 extends Fp2 {
  private readonly x: Fp2Exports;
  private readonly stride: number;

  /** `exports`: the module's Fp2 functions; `stride`: bytes per base slot (address = slot · stride). */
  constructor(fp: FieldKernel, params: TowerParams, exports: Fp2Exports, stride: number) {
    super(fp, params);
    this.x = exports;
    this.stride = stride;
  }
  override mul(out: number, a: number, b: number): void {
    const s = this.stride;
    this.x.fp2_mul(out * s, a * s, b * s);
  }
  override sqr(out: number, a: number): void {
    const s = this.stride;
    this.x.fp2_sqr(out * s, a * s);
  }
  override add(out: number, a: number, b: number): void {
    const s = this.stride;
    this.x.fp2_add(out * s, a * s, b * s);
  }
  override sub(out: number, a: number, b: number): void {
    const s = this.stride;
    this.x.fp2_sub(out * s, a * s, b * s);
  }
  override dbl(out: number, a: number): void {
    const s = this.stride;
    this.x.fp2_dbl(out * s, a * s);
  }
  override neg(out: number, a: number): void {
    const s = this.stride;
    this.x.fp2_neg(out * s, a * s);
  }
  override conj(out: number, a: number): void {
    const s = this.stride;
    this.x.fp2_conj(out * s, a * s);
  }
  override mulByXi(out: number, a: number): void {
    const s = this.stride;
    this.x.fp2_mulByXi(out * s, a * s);
  }
  override mulByU(out: number, a: number): void {
    const s = this.stride;
    this.x.fp2_mulByU(out * s, a * s);
  }
}
