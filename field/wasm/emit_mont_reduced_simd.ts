/**
 * Reduced-radix Montgomery multiplication and squaring with wasm SIMD for the operand products and
 * scalar code for the reduction: the product scanning of emit_mont_reduced.ts (w-bit limbs after
 * Mitscha-Baude, github.com/mitschabaude/montgomery, README "13 x 30 bit multiplication"), the
 * operand products two columns at a time as in emit_mont_simd.ts: for the column pair (c, c+1), c
 * even, `i64x2.extmul_low_i32x4_u` of splat(a_i) and the pair (b_{c−i}, b_{c−i+1}) gives both
 * columns' products, summed with one `i64x2.add` (w-bit limbs: no carry-save halves). Pairs are
 * zero-padded (b_{−1} = b_n = 0), so edge products cost a vector product with one zero lane. The
 * digit products m_j·p_{c−j} stay scalar (`i64.mul` by a constant: one instruction, on the integer
 * multiplier while the vector unit does the operand products; measured faster than vector digit
 * products, bench/field/wasm_variants.ts), as do squaring's square and middle cross product.
 *
 * Bounds: limbs.ts's plan, whose accumulator 0 must hold all operand products of a column (the lane;
 * refused otherwise); digit products and the carry go where the plan puts them (accumulator 0, or 1
 * in a column that needs two: BLS12-381 with w = 30), and Columns combines two exactly. All terms
 * are non-negative, so every partial sum is below its bound. in: a, b < p (u32 words); out < p, packed; out may alias a or b.
 *
 * Limbs at rest (RadixPlan.rest): splat(a_i) is one `v128.load32_splat` and the pair (b_k, b_{k+1})
 * one `v128.load64_zero` (the edge pairs a 32-bit load into a zeroed vector, shifted up a lane for
 * (0, b_0)), with no split into limbs before and no packing after: in-wasm BLS12-381 Fp mul
 * 97.9 against 117.6 ns, BN254 52.8 against 66.1 (bench/field/wasm_variants.ts, 2026-12-07).
 * @module
 */

import { type FunctionBuilder, Op, SimdOp, V128 } from "../../wasm/emitter.ts";
import type { Ref } from "./emit_mont.ts";
import { checkSecondPair, Columns, emitOperandLimbs, type SecondPair } from "./emit_mont_reduced.ts";
import type { ColumnPlan, RadixPlan } from "./limbs.ts";

/**
 * out ← a·b·2^(−32N) mod p, or a²·2^(−32N) if b is null (see the module doc); with `second` (a plan
 * of two pairs), out ← (a·b + c·d)·2^(−32N) mod p: c·d in a second vector sum, whose lanes go to
 * accumulator 1 (emit_mont_reduced.ts emitMontMulReduced states the bound).
 */
export function emitMontMulReducedSimd(
  f: FunctionBuilder,
  plan: RadixPlan,
  out: Ref,
  a: Ref,
  b: Ref | null,
  second: SecondPair | null = null,
): void {
  const { n } = plan;
  const sq = b === null;
  const columns = sq ? plan.sqr : plan.mul;
  const inLane = (col: ColumnPlan) =>
    [...col.cross, ...col.products].every((t) => t.acc === 0) && col.products2.every((t) => t.acc === 1);
  if (!columns.every(inLane)) {
    throw new RangeError(`reduced SIMD kernel: w = ${plan.w} splits a column's operand products`);
  }
  checkSecondPair(plan, second, sq);
  // Limbs at rest are read straight into vectors; the squaring's scalar products need them as i64s.
  const aAtRest = plan.rest === "limbs", bAtRest = aAtRest;
  const A = sq || !aAtRest ? emitOperandLimbs(f, plan, a) : [];
  const B = sq ? A : bAtRest ? [] : emitOperandLimbs(f, plan, b);
  const splat = (l: number) => {
    const v = f.local(V128);
    f.localGet(l).op(Op.i32WrapI64).simd(SimdOp.i32x4Splat).localSet(v);
    return v;
  };
  // pair(k) = (x_k, x_{k+1}) in i32 lanes 0 and 1, k = −1 … n − 1 (x_{−1} = x_n = 0).
  const pairs = (X: readonly number[]) => {
    const pairs = new Map<number, number>();
    for (let k = -1; k < n; k++) {
      const v = f.local(V128);
      if (k >= 0) f.localGet(X[k]);
      if (k + 1 < n) {
        f.localGet(X[k + 1]).i64Const(32).op(Op.i64Shl);
        if (k >= 0) f.op(Op.i64Or);
      }
      f.simd(SimdOp.i64x2Splat).localSet(v);
      pairs.set(k, v);
    }
    return pairs;
  };
  /** Limbs at rest: splat(x_i) by one splatting load per limb. */
  const splatsAtRest = (r: Ref) =>
    Array.from({ length: n }, (_, i) => {
      const v = f.local(V128);
      f.localGet(r.local).simdMem(SimdOp.v128Load32Splat, 4, r.offset + 4 * i).localSet(v);
      return v;
    });
  /**
   * Limbs at rest: pair(k) by one load (lanes 2 and 3, which `extmul_low` does not read, are left as
   * they come): (x_k, x_{k+1}) a 64-bit load, (x_{n−1}, 0) a 32-bit load into a zeroed vector,
   * (0, x_0) that one shifted up a lane. No load reads outside the element.
   */
  const pairsAtRest = (r: Ref) => {
    const pairs = new Map<number, number>();
    for (let k = -1; k < n; k++) {
      const v = f.local(V128);
      f.localGet(r.local);
      if (k === -1) f.simdMem(SimdOp.v128Load32Zero, 4, r.offset).i32Const(32).simd(SimdOp.i64x2Shl);
      else if (k === n - 1) f.simdMem(SimdOp.v128Load32Zero, 4, r.offset + 4 * k);
      else f.simdMem(SimdOp.v128Load64Zero, 8, r.offset + 4 * k);
      f.localSet(v);
      pairs.set(k, v);
    }
    return pairs;
  };
  const As = aAtRest ? splatsAtRest(a) : A.map(splat);
  const Bp = bAtRest ? pairsAtRest(b ?? a) : pairs(B);
  // The second pair (c, d): its own splats, pairs and vector sum U, whose lanes go to accumulator 1.
  const rest = plan.rest === "limbs";
  const C = second === null || rest ? [] : emitOperandLimbs(f, plan, second.c);
  const Dp = second === null
    ? new Map<number, number>()
    : rest
    ? pairsAtRest(second.d)
    : pairs(emitOperandLimbs(f, plan, second.d));
  const Cs = second !== null && rest ? splatsAtRest(second.c) : C.map(splat);
  const cols = new Columns(f, plan, plan.accumulators);
  const T = f.local(V128), U = f.local(V128);
  let empty = true;
  const vecProduct = (i: number, k: number) => {
    f.localGet(As[i]).localGet(Bp.get(k)!).simd(SimdOp.i64x2ExtmulLowI32x4U);
    if (!empty) f.localGet(T).simd(SimdOp.i64x2Add);
    f.localSet(T);
    if (second !== null) {
      f.localGet(Cs[i]).localGet(Dp.get(k)!).simd(SimdOp.i64x2ExtmulLowI32x4U);
      if (!empty) f.localGet(U).simd(SimdOp.i64x2Add);
      f.localSet(U);
    }
    empty = false;
  };
  /** Starts column c from lane `lane` of the vector sums (accumulator 0; the second pair's: 1). */
  const open = (c: number, lane: 0 | 1) => {
    cols.open(c);
    if (!empty) f.localGet(T).simdLane(SimdOp.i64x2ExtractLane, lane), cols.add(0);
    if (!empty && second !== null) f.localGet(U).simdLane(SimdOp.i64x2ExtractLane, lane), cols.add(1);
  };
  /** Scalar a_i·a_j, `times` 1 or 2, into accumulator 0 (squaring's tail). */
  const square = (i: number, j: number, times: 1 | 2) => {
    f.localGet(A[i]).localGet(A[j]).op(Op.i64Mul);
    if (times === 2) f.i64Const(1).op(Op.i64Shl);
    cols.add(0);
  };
  const finish = (c: number) => cols.finish(c, columns[c]);

  for (let c0 = 0; c0 <= 2 * n - 2; c0 += 2) {
    const c1 = c0 + 1;
    empty = true;
    if (!sq) {
      for (let i = Math.max(0, c0 - n + 1); i <= Math.min(n - 1, c1); i++) vecProduct(i, c0 - i);
    } else {
      // Cross products with i below both partners, doubled; the square and middle product in scalar.
      for (let i = Math.max(0, c0 - n + 1); i <= c0 / 2 - 1; i++) vecProduct(i, c0 - i);
      if (!empty) f.localGet(T).i32Const(1).simd(SimdOp.i64x2Shl).localSet(T);
    }
    open(c0, 0);
    if (sq) square(c0 / 2, c0 / 2, 1);
    finish(c0);
    if (c1 > 2 * n - 2) break;
    open(c1, 1);
    if (sq && c0 / 2 + 1 <= n - 1) square(c0 / 2, c0 / 2 + 1, 2);
    finish(c1);
  }
  cols.store(out);
}
