/**
 * The Miller loop's doubling and addition steps (miller_steps.ts) compiled into the base field's wasm
 * module as one layer of the curve's plan: a step is one JS→wasm call instead of ≈ 30 (issue 13: a
 * hot loop crossing the boundary once per field operation). The formulas are not rewritten: they run
 * once, at module build time, over the emitting coordinate field of the G2 point layer
 * (curves/group/wasm_point.ts: the tower's fp2 functions, 3b' as a linear combination when small).
 *
 * | export (layer "<curve> miller")       | what                                            |
 * | ------------------------------------- | ----------------------------------------------- |
 * | <curve>.miller_dbl(t, l, p, s, b3)     | millerDblStep: T ← 2T, tangent line into l       |
 * | <curve>.miller_add(t, l, q, p, s)      | millerAddStep: T ← T + Q, chord line into l      |
 *
 * Arguments are byte addresses (slot · stride): T three Fp2 elements, l three Fp2 (the line), p the
 * affine G1 point (two Fp), q an affine point of E'(Fp2), s a scratch area of STEP_SCRATCH Fp2, b3 the
 * element 3b'. Straight-line: no branch, no `select`.
 * @module
 */
import type { FieldKernel } from "../../field/kernel.ts";
import { FunctionBuilder, I32 } from "../../wasm/emitter.ts";
import type { FieldModuleContext, WasmLayer } from "../../field/wasm/module.ts";
import { b3Coefficients, compiledFunctions, coordinateCalls, EmitField, param } from "../group/wasm_point.ts";
import { millerAddStep, millerDblStep } from "./miller_steps.ts";

/** The compiled steps, on byte addresses. */
export interface MillerExports {
  /** miller_dbl(t, l, p, s, b3). */
  readonly dbl: (t: number, l: number, p: number, s: number, b3: number) => void;
  /** miller_add(t, l, q, p, s). */
  readonly add: (t: number, l: number, q: number, p: number, s: number) => void;
  /** Bytes per base slot. */
  readonly stride: number;
}

/** The layer name of a curve's Miller steps in its base field's module plan. */
export const millerLayerName = (curve: string): string => `${curve} miller`;

/**
 * The Miller steps of `curve` (e.g. "bls12-381") as a layer of its base field's plan, for the twist
 * constant 3b' given by its canonical coordinates (public curve data). Needs the tower layer (Fp2 on
 * SIMD lanes) in the same module.
 */
export function millerLayer(curve: string, b3: readonly bigint[], p: bigint): WasmLayer {
  if (b3.length !== 2) throw new Error("millerLayer: 3b' has two coordinates");
  const prefix = `${curve}.`, coefficients = b3Coefficients(b3, p);
  return {
    name: millerLayerName(curve),
    exports: [`${prefix}miller_dbl`, `${prefix}miller_add`],
    emit: (ctx: FieldModuleContext) => {
      const calls = coordinateCalls(ctx, 2, coefficients), s = ctx.c.stride;
      const [P0, P1, P2, P3, P4] = [0, 1, 2, 3, 4].map(param);
      const dbl = new FunctionBuilder([I32, I32, I32, I32, I32], []);
      millerDblStep(new EmitField(2, dbl, s, calls, P4), P3, P1, P0, P2, P4);
      ctx.module.addFunction(`${prefix}miller_dbl`, dbl);
      const add = new FunctionBuilder([I32, I32, I32, I32, I32], []);
      millerAddStep(new EmitField(2, add, s, calls, -1), P4, P1, P0, P2, P3);
      ctx.module.addFunction(`${prefix}miller_add`, add);
    },
  };
}

/** The compiled Miller steps of `curve` in `kernel`'s module, or null where its plan has none. */
export function wasmMillerFunctions(kernel: FieldKernel, curve: string): MillerExports | null {
  return compiledFunctions<MillerExports>(kernel, millerLayerName(curve), {
    dbl: `${curve}.miller_dbl`,
    add: `${curve}.miller_add`,
  });
}
