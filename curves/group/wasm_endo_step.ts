/**
 * One position of the endomorphism loop (`mulEndoCt` in scalar_mul.ts) compiled into the base field's
 * wasm module: the w Jacobian doublings and, per sub-scalar, the lookup in a table of E = 2^(w−1)
 * entries, the masked identity, the conditional negation and the mixed addition, in one JS→wasm call
 * instead of w + 5m (BLS12-381 G1, m = 2, w = 4: 14 calls a position, 462 a multiplication).
 *
 * | export (layer "<group> endo step")                              | what                            |
 * | --------------------------------------------------------------- | ------------------------------- |
 * | <group>.endo_step_<m>_w<w>(acc, T, sel, t, one, tmp, d₀, s₀, …)  | acc ← 2^w·acc + Σⱼ ±T_j[dⱼ]     |
 * | <group>.endo_first_<m>_w<w>(acc, T, sel, t, one, tmp, d₀, s₀, …) | acc ← Σⱼ ±T_j[dⱼ] (the top position: no doubling, term 0 selected into acc) |
 * | <group>.psi_tables_w<w>(T, c, t)   (Fp2 coordinates, m = 4)      | T₁ = s·ψ(T₀), T₂ = ψ²(T₀), T₃ = ψ²(T₁) |
 * | <group>.affine_table_w<w>(T, p, c, zero)                          | T₀[i] = (i + 1)·P, Z = 1 (affine_multiples.ts) |
 *
 * psi_tables fills tables 1–3 from table 0 with ψ(X : Y : Z) = (conj(X)·c_x : conj(Y)·c_y : conj(Z))
 * (endomorphism.ts; valid in projective and Jacobian coordinates alike) and its square, which is
 * (X·N(c_x) : Y·N(c_y) : Z) with the norms N(c) = c·conj(c) in Fp: 2 Fp products per coordinate
 * instead of an Fp2 one. The split's sign s = ±1 (mulByBase = s·ψ) is folded into the constants, c
 * the address of [c_x, s·c_y, (N(c_x), N(c_y))] (three Fp2 elements), t one element of scratch:
 * E·(2M + 3 conj) + 2E·(4 Fp M), straight-line. For BLS12-381 s = −1 (ψ acts as x = −B), so T₃ = ψ²(T₁)
 * = −ψ³(T₀) = B³·T₀; for BN254 s = 1.
 *
 * Arguments are byte addresses except the digits: acc the Jacobian accumulator, T the first of m
 * tables of E affine entries (Z = 1; table j starts E·j entries after T, entries are 3·size base slots
 * apart), sel one point of scratch, t the Jacobian scratch (JAC_SCRATCH elements), one the element 1,
 * tmp one element of scratch. Per sub-scalar j: dⱼ = |digit| − 1 mod 2E (2E − 1: the digit is 0, the
 * lookup selects nothing) and sⱼ ∈ {0, 1} its sign. Secret digits only ever meet masks: the lookup's
 * (wasm_select.ts), the flag z = ((dⱼ ⊕ (2E − 1)) − 1) >>> 31 (1 iff dⱼ = 2E − 1) for the masked move
 * Y ← 1 that turns the all-zero selection into O = (0 : 1 : 0), and sⱼ for the masked move Y ← −Y. The
 * function is straight-line (no branch, no `select`): tests/ct proves it with the module.
 * @module
 */
import type { FieldKernel } from "../../field/kernel.ts";
import { FunctionBuilder, I32, Op } from "../../wasm/emitter.ts";
import type { ExtraEmitter, FieldModuleContext, WasmLayer } from "../../field/wasm/module.ts";
import { layerExports } from "../../field/wasm/plan.ts";
import { endoEntries, type EndoFormulas, type EndoWindow } from "./scalar_mul.ts";
import { selectName } from "./wasm_select.ts";
import {
  b3Coefficients,
  type Calls,
  compiledFunctions,
  coordinateCalls,
  EmitField,
  param,
} from "./wasm_point.ts";
import { affineTableCt, affineTableScratch } from "./affine_multiples.ts";

/** The compiled position step (see the module doc), on byte addresses. */
export interface EndoStepExport {
  /** endo_step(acc, T, sel, t, one, tmp, d₀, s₀, …, d_{m−1}, s_{m−1}). */
  readonly step: (...args: number[]) => void;
  /** endo_first: the top position, acc ← Σⱼ ±T_j[dⱼ] (no doublings; the first term selected into acc). */
  readonly first: (...args: number[]) => void;
  /** psi_tables(T, c, t) of a G2 group with m = 4, else null. */
  readonly psiTables: ((T: number, c: number, t: number) => void) | null;
  /** affine_table(T, p, c, zero): table 0 in affine coordinates (affine_multiples.ts), or null. */
  readonly affineTable: ((T: number, p: number, c: number, zero: number) => void) | null;
  /** Sub-scalars per step. */
  readonly m: number;
  /** Signed window width w: w doublings per step, tables of 2^(w−1) entries. */
  readonly window: EndoWindow;
  /** The step's formulas: Jacobian, or projective (then 3b's address follows tmp). */
  readonly formulas: EndoFormulas;
  /** Bytes per base slot. */
  readonly stride: number;
}

/** The layer name of a group's compiled endomorphism step in its field's module plan. */
export const endoStepLayerName = (group: string): string => `${group} endo step`;

/**
 * The export names of a group's step for m sub-scalars and window w (a plan of another m or w is not
 * found: the JS loop runs).
 */
const kindSuffix = (formulas: EndoFormulas) => formulas === "projective" ? "_proj" : "";
const stepName = (group: string, m: number, w: EndoWindow, formulas: EndoFormulas) =>
  `${group}.endo_step_${m}_w${w}${kindSuffix(formulas)}`;
const firstName = (group: string, m: number, w: EndoWindow, formulas: EndoFormulas) =>
  `${group}.endo_first_${m}_w${w}${kindSuffix(formulas)}`;
const psiTablesName = (group: string, w: EndoWindow) => `${group}.psi_tables_w${w}`;
const affineTableName = (group: string, w: EndoWindow) => `${group}.affine_table_w${w}`;

/**
 * The emitter of `<group>.endo_step` for coordinates of `size` base slots, m sub-scalars, window w
 * and `formulas`. It calls the group's jac_dbl / jac_madd, or point_dbl / point_madd (point layer),
 * and the lookup of 3·size slots × 2^(w−1) entries (select layer): both layers come first in the plan.
 * The projective step takes 3b's address after tmp (parameter 6; the digits follow), and keeps an
 * addition's result only when its digit is not 0 (three masked moves by 1 − z): Algorithm 8 takes
 * no q = O.
 */
function endoStepExtras(
  group: string,
  size: 1 | 2,
  b3: readonly bigint[],
  p: bigint,
  m: number,
  w: EndoWindow,
  formulas: EndoFormulas,
): ExtraEmitter {
  return (ctx) => {
    const { c, module } = ctx, s = c.stride, E = endoEntries(w), none = 2 * E - 1;
    const calls = coordinateCalls(ctx, size, b3Coefficients(b3, p));
    const projective = formulas === "projective";
    const [dbl, madd] = (projective ? ["point_dbl", "point_madd"] : ["jac_dbl", "jac_madd"])
      .map((x) => module.exportedIndex(`${group}.${x}`));
    const select = module.exportedIndex(selectName({ slots: 3 * size, count: E }));
    if (dbl < 0 || madd < 0 || select < 0) {
      throw new Error(`${group} endo step: the point and select layers must come first in the plan`);
    }
    const neg = calls.neg(), point = 3 * size * s, digits = projective ? 7 : 6;
    for (
      const [name, doublings] of [
        [stepName(group, m, w, formulas), w],
        [firstName(group, m, w, formulas), 0],
      ] as const
    ) {
      const f = new FunctionBuilder(Array(digits + 2 * m).fill(I32), []);
      const [ACC, T, SEL, TS, ONE, TMP, B3] = [0, 1, 2, 3, 4, 5, 6];
      const z = f.local(I32), nz = f.local(I32);
      const at = (local: number, offset: number) => {
        f.localGet(local);
        if (offset !== 0) f.i32Const(offset).op(Op.i32Add);
      };
      for (let r = 0; r < doublings; r++) {
        f.localGet(ACC).localGet(ACC).localGet(TS);
        if (projective) f.localGet(B3);
        f.call(dbl);
      }
      for (let j = 0; j < m; j++) {
        const d = digits + 2 * j, sign = d + 1;
        // The top position's first term is selected into acc itself (no addition to O).
        const into = doublings === 0 && j === 0 ? ACC : SEL;
        f.localGet(into), at(T, j * E * point), f.i32Const(point).localGet(d).call(select);
        // z = 1 iff d = 2E − 1 (the digit 0): ((d ⊕ (2E − 1)) − 1) >>> 31 for d ∈ [0, 2E)
        f.localGet(d).i32Const(none).op(Op.i32Xor).i32Const(1).op(Op.i32Sub).i32Const(31).op(Op.i32ShrU)
          .localSet(z);
        at(into, size * s), f.localGet(ONE).localGet(z).call(calls.cmov); // Y ← 1: O
        f.localGet(TMP), at(into, size * s), f.call(neg);
        at(into, size * s), f.localGet(TMP).localGet(sign).call(calls.cmov); // Y ← −Y by the sign
        if (into !== SEL) continue;
        if (!projective) {
          f.localGet(ACC).localGet(ACC).localGet(SEL).localGet(TS).call(madd);
          continue;
        }
        // sel ← acc + sel (Algorithm 8), then acc ← sel unless the digit is 0
        f.localGet(SEL).localGet(ACC).localGet(SEL).localGet(TS).localGet(B3).call(madd);
        f.localGet(z).i32Const(1).op(Op.i32Xor).localSet(nz);
        for (let k = 0; k < 3; k++) {
          at(ACC, k * size * s), at(SEL, k * size * s), f.localGet(nz).call(calls.cmov);
        }
      }
      module.addFunction(name, f);
    }
    if (size === 2 && m === 4) emitPsiTables(ctx, psiTablesName(group, w), calls, E);
    emitAffineTable(ctx, affineTableName(group, w), size, calls, E);
  };
}

/**
 * `name`(T, p, c, zero): table 0's E entries (i + 1)·P in affine coordinates from P at p, by
 * affine_multiples.ts `affineTableCt` run over an emitting field; c: affineTableScratch(E) elements and
 * one more for the inversion, zero: the element 0.
 */
function emitAffineTable(ctx: FieldModuleContext, name: string, size: 1 | 2, calls: Calls, E: number): void {
  const f = new FunctionBuilder([I32, I32, I32, I32], []);
  const [T, P, C, ZERO] = [0, 1, 2, 3].map(param), point = 3 * size;
  const F = new EmitField(size, f, ctx.c.stride, calls, -1, C + affineTableScratch(E) * size);
  affineTableCt(F, Array.from({ length: E }, (_, i) => T + i * point), P, C, ZERO);
  ctx.module.addFunction(name, f);
}

/** `name`(T, c, t): tables 1–3 of `entries` points from table 0 by ψ and ψ² (see the module doc). */
function emitPsiTables(ctx: FieldModuleContext, name: string, calls: Calls, entries: number): void {
  const { c, module, fn } = ctx, s = c.stride, E = 2 * s, P = 3 * E;
  const f = new FunctionBuilder([I32, I32, I32], []);
  const [T, C, TMP] = [0, 1, 2];
  const mulByFp = calls.mulByFp();
  const at = (local: number, offset: number) => {
    f.localGet(local);
    if (offset !== 0) f.i32Const(offset).op(Op.i32Add);
  };
  /** tmp ← conj(T + from): (a0, a1) ↦ (a0, −a1). */
  const conj = (from: number) => {
    at(TMP, 0), at(T, from), f.call(fn.copy);
    at(TMP, s), at(T, from + s), f.call(fn.neg);
  };
  /** Entry at `to` ← s·ψ(entry at `from`). */
  const psi = (to: number, from: number) => {
    for (let k = 0; k < 3; k++) {
      conj(from + k * E);
      if (k < 2) at(T, to + k * E), at(TMP, 0), at(C, k * E), f.call(calls.mul);
      else at(T, to + k * E), at(TMP, 0), f.call(calls.copy);
    }
  };
  /** Entry at `to` ← ψ²(entry at `from`). */
  const psi2 = (to: number, from: number) => {
    for (let k = 0; k < 2; k++) at(T, to + k * E), at(T, from + k * E), at(C, 2 * E + k * s), f.call(mulByFp);
    at(T, to + 2 * E), at(T, from + 2 * E), f.call(calls.copy);
  };
  for (let i = 0; i < entries; i++) {
    const entry = (table: number) => (table * entries + i) * P;
    psi(entry(1), entry(0));
    psi2(entry(2), entry(0));
    psi2(entry(3), entry(1));
  }
  module.addFunction(name, f);
}

/**
 * The compiled step of group `group` (coordinates of `size` base slots, 3b by its canonical
 * coordinates, m sub-scalars, the loop's window and formulas: the group's EndomorphismSpec through
 * endomorphism.ts `endoLoop`) as a layer of its base field's module plan, after the group's point
 * layer and the select layer.
 */
export function endoStepLayer(
  group: string,
  size: 1 | 2,
  b3: readonly bigint[],
  p: bigint,
  m: number,
  loop: { readonly window: EndoWindow; readonly formulas: EndoFormulas },
): WasmLayer {
  const { window: w, formulas } = loop;
  return {
    name: endoStepLayerName(group),
    exports: [
      stepName(group, m, w, formulas),
      firstName(group, m, w, formulas),
      ...(size === 2 && m === 4 ? [psiTablesName(group, w)] : []),
      affineTableName(group, w),
    ],
    emit: endoStepExtras(group, size, b3, p, m, w, formulas),
  };
}

/**
 * The compiled step of group `group` in `kernel`'s module with its m, window w and formulas, or null
 * (see compiledFunctions; a plan that compiled other formulas has no such export).
 */
export function wasmEndoStep(
  kernel: FieldKernel,
  group: string,
  m: number,
  w: EndoWindow,
  formulas: EndoFormulas = "jacobian",
): EndoStepExport | null {
  type Found = Pick<EndoStepExport, "step" | "first" | "stride">;
  const x = compiledFunctions<Found>(kernel, endoStepLayerName(group), {
    step: stepName(group, m, w, formulas),
    first: firstName(group, m, w, formulas),
  });
  if (x === null || typeof x.step !== "function" || typeof x.first !== "function") return null;
  const layer = layerExports(kernel, endoStepLayerName(group));
  const tables = layer?.[psiTablesName(group, w)], affine = layer?.[affineTableName(group, w)];
  const psiTables = typeof tables === "function" ? tables as EndoStepExport["psiTables"] : null;
  const affineTable = typeof affine === "function" ? affine as EndoStepExport["affineTable"] : null;
  return Object.freeze({
    step: x.step,
    first: x.first,
    psiTables,
    affineTable,
    stride: x.stride,
    m,
    window: w,
    formulas,
  });
}
