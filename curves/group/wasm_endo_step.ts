/**
 * One position of the endomorphism loop (`mulEndoCt` in scalar_mul.ts) compiled into the base field's
 * wasm module: the 4 Jacobian doublings and, per sub-scalar, the 8-entry table lookup, the masked
 * identity, the conditional negation and the mixed addition, in one JS→wasm call instead of 4 + 5m
 * (BLS12-381 G1, m = 2: 14 calls a position, 462 a multiplication; G2, m = 4: 24 and 408).
 *
 * | export (layer "<group> endo step")                        | what                           |
 * | --------------------------------------------------------- | ------------------------------ |
 * | <group>.endo_step_<m>(acc, T, sel, t, one, tmp, d₀, s₀, …) | acc ← 16·acc + Σⱼ ±T_j[dⱼ]      |
 *
 * Arguments are byte addresses except the digits: acc the Jacobian accumulator, T the first of m
 * tables of 8 affine entries (Z = 1; table j starts 8·j entries after T, entries are 3·size base slots
 * apart), sel one point of scratch, t the Jacobian scratch (JAC_SCRATCH elements), one the element 1,
 * tmp one element of scratch. Per sub-scalar j: dⱼ = |digit| − 1 mod 16 (15: the digit is 0, the
 * lookup selects nothing) and sⱼ ∈ {0, 1} its sign. Secret digits only ever meet masks: the lookup's
 * (wasm_select.ts), the flag z = ((dⱼ ⊕ 15) − 1) >>> 31 (1 iff dⱼ = 15) for the masked move Y ← 1
 * that turns the all-zero selection into O = (0 : 1 : 0), and sⱼ for the masked move Y ← −Y. The
 * function is straight-line (no branch, no `select`): tests/ct proves it with the module.
 * @module
 */
import type { FieldKernel } from "../../field/kernel.ts";
import { FunctionBuilder, I32, Op } from "../../wasm/emitter.ts";
import type { ExtraEmitter, WasmLayer } from "../../field/wasm/module.ts";
import { ENDO_ENTRIES } from "./scalar_mul.ts";
import { selectName } from "./wasm_select.ts";
import { b3Coefficients, compiledFunctions, coordinateCalls } from "./wasm_point.ts";

/** The compiled position step (see the module doc), on byte addresses. */
export interface EndoStepExport {
  /** endo_step(acc, T, sel, t, one, tmp, d₀, s₀, …, d_{m−1}, s_{m−1}). */
  readonly step: (...args: number[]) => void;
  /** Sub-scalars per step. */
  readonly m: number;
  /** Bytes per base slot. */
  readonly stride: number;
}

/** The layer name of a group's compiled endomorphism step in its field's module plan. */
export const endoStepLayerName = (group: string): string => `${group} endo step`;

/** The export name of a group's step for m sub-scalars (a plan of another m is not found: JS loop). */
const stepName = (group: string, m: number) => `${group}.endo_step_${m}`;

/**
 * The emitter of `<group>.endo_step` for coordinates of `size` base slots and m sub-scalars. It calls
 * the group's jac_dbl / jac_madd (point layer) and the lookup of 3·size slots × 8 entries (select
 * layer): both layers come first in the plan.
 */
function endoStepExtras(
  group: string,
  size: 1 | 2,
  b3: readonly bigint[],
  p: bigint,
  m: number,
): ExtraEmitter {
  return (ctx) => {
    const { c, module } = ctx, s = c.stride;
    const calls = coordinateCalls(ctx, size, b3Coefficients(b3, p));
    const dbl = module.exportedIndex(`${group}.jac_dbl`), madd = module.exportedIndex(`${group}.jac_madd`);
    const select = module.exportedIndex(selectName({ slots: 3 * size, count: ENDO_ENTRIES }));
    if (dbl < 0 || madd < 0 || select < 0) {
      throw new Error(`${group} endo step: the point and select layers must come first in the plan`);
    }
    const neg = calls.neg(), point = 3 * size * s;
    const f = new FunctionBuilder(Array(6 + 2 * m).fill(I32), []);
    const [ACC, T, SEL, TS, ONE, TMP] = [0, 1, 2, 3, 4, 5];
    const z = f.local(I32);
    const at = (local: number, offset: number) => {
      f.localGet(local);
      if (offset !== 0) f.i32Const(offset).op(Op.i32Add);
    };
    for (let r = 0; r < 4; r++) f.localGet(ACC).localGet(ACC).localGet(TS).call(dbl);
    for (let j = 0; j < m; j++) {
      const d = 6 + 2 * j, sign = d + 1;
      f.localGet(SEL), at(T, j * ENDO_ENTRIES * point), f.i32Const(point).localGet(d).call(select);
      // z = 1 iff d = 15 (the digit 0): ((d ⊕ 15) − 1) >>> 31 for d ∈ [0, 16)
      f.localGet(d).i32Const(15).op(Op.i32Xor).i32Const(1).op(Op.i32Sub).i32Const(31).op(Op.i32ShrU).localSet(
        z,
      );
      at(SEL, size * s), f.localGet(ONE).localGet(z).call(calls.cmov); // Y ← 1: O
      f.localGet(TMP), at(SEL, size * s), f.call(neg);
      at(SEL, size * s), f.localGet(TMP).localGet(sign).call(calls.cmov); // Y ← −Y by the sign
      f.localGet(ACC).localGet(ACC).localGet(SEL).localGet(TS).call(madd);
    }
    module.addFunction(stepName(group, m), f);
  };
}

/**
 * The compiled step of group `group` (coordinates of `size` base slots, 3b by its canonical
 * coordinates, m sub-scalars) as a layer of its base field's module plan, after the group's point
 * layer and the select layer.
 */
export function endoStepLayer(
  group: string,
  size: 1 | 2,
  b3: readonly bigint[],
  p: bigint,
  m: number,
): WasmLayer {
  return {
    name: endoStepLayerName(group),
    exports: [stepName(group, m)],
    emit: endoStepExtras(group, size, b3, p, m),
  };
}

/** The compiled step of group `group` in `kernel`'s module with its m, or null (see compiledFunctions). */
export function wasmEndoStep(kernel: FieldKernel, group: string, m: number): EndoStepExport | null {
  const x = compiledFunctions<{ readonly step: EndoStepExport["step"]; readonly stride: number }>(
    kernel,
    endoStepLayerName(group),
    { step: stepName(group, m) },
  );
  return x === null ? null : Object.freeze({ step: x.step, stride: x.stride, m });
}
