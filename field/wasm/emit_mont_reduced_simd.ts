/**
 * Reduced-radix Montgomery multiplication and squaring with wasm SIMD: the product scanning of
 * emit_mont_reduced.ts (w-bit limbs after Mitscha-Baude, github.com/mitschabaude/montgomery, README
 * "13 x 30 bit multiplication"), two columns at a time as in emit_mont_simd.ts: for the column pair
 * (c, c+1), c even, `i64x2.extmul_low_i32x4_u` of splat(a_i) and the pair (b_{c−i}, b_{c−i+1})
 * gives both columns' products, and splat(m_j)·(p_{c−j}, p_{c−j+1}) the reduction's. With w-bit
 * limbs a lane sums its column with one `i64x2.add` per product pair, no carry-save halves. Pairs
 * are zero-padded (b_{−1} = b_n = 0, p_n = 0), so edge products cost a vector product with one
 * zero lane instead of scalar code. A scalar tail per column (emit_mont_reduced.ts's Columns) adds
 * what depends on the newest digits (m_{c−1}·p_1, m_{c−1}·p_2, m_c·p_1), squaring's square and
 * middle cross product, the carry, and makes the digit.
 *
 * Bounds: as emit_mont_reduced.ts, with one i64 per column: the plan must hold every column in one
 * accumulator (plan.accumulators = 1 for that operation; throws RangeError otherwise, e.g.
 * BLS12-381 with w = 30). All terms are non-negative, so every partial lane sum is below the column's
 * bound < 2^64. in: a, b < p (u32 words); out < p, packed; out may alias a or b.
 * @module
 */

import { type FunctionBuilder, Op, SimdOp, V128 } from "../../wasm/emitter.ts";
import type { Ref } from "./emit_mont.ts";
import { Columns, emitUnpackLimbs } from "./emit_mont_reduced.ts";
import type { RadixPlan } from "./limbs.ts";

/** out ← a·b·2^(−32N) mod p, or a²·2^(−32N) if b is null (see the module doc). */
export function emitMontMulReducedSimd(
  f: FunctionBuilder,
  plan: RadixPlan,
  out: Ref,
  a: Ref,
  b: Ref | null,
): void {
  const { n } = plan;
  const sq = b === null;
  const columns = sq ? plan.sqr : plan.mul;
  if (columns.some((col) => col.accBounds.length > 1)) {
    throw new RangeError(`reduced SIMD kernel: w = ${plan.w} needs two accumulators in some column`);
  }
  const A = emitUnpackLimbs(f, plan, a);
  const B = sq ? A : emitUnpackLimbs(f, plan, b);
  const splat = (l: number) => {
    const v = f.local(V128);
    f.localGet(l).op(Op.i32WrapI64).simd(SimdOp.i32x4Splat).localSet(v);
    return v;
  };
  const As = A.map(splat);
  // pair(k) = (x_k, x_{k+1}) in i32 lanes 0 and 1, k = −1 … n − 1 (x_{−1} = x_n = 0).
  const pairs = (X: readonly number[]) => {
    const out = new Map<number, number>();
    for (let k = -1; k < n; k++) {
      const v = f.local(V128);
      if (k >= 0) f.localGet(X[k]);
      if (k + 1 < n) {
        f.localGet(X[k + 1]).i64Const(32).op(Op.i64Shl);
        if (k >= 0) f.op(Op.i64Or);
      }
      f.simd(SimdOp.i64x2Splat).localSet(v);
      out.set(k, v);
    }
    return out;
  };
  const Bp = pairs(B);
  const pPairs = plan.pLimbs.map((_, k) => {
    const v = f.local(V128);
    f.v128I32x4([Number(plan.pLimbs[k]), k + 1 < n ? Number(plan.pLimbs[k + 1]) : 0, 0, 0]).localSet(v);
    return v;
  });
  const pPair = (k: number) => f.localGet(pPairs[k]);
  const mSplat: number[] = [];
  const cols = new Columns(f, plan, 1);
  const T = f.local(V128);
  let empty = true;
  const vecAdd = () => {
    if (!empty) f.localGet(T).simd(SimdOp.i64x2Add);
    f.localSet(T);
    empty = false;
  };
  const lane = (i: 0 | 1) => {
    if (!empty) f.localGet(T).simdLane(SimdOp.i64x2ExtractLane, i), cols.add(0);
  };
  /** Scalar a_i·a_j, `times` 1 or 2, into the column. */
  const square = (i: number, j: number, times: 1 | 2) => {
    f.localGet(A[i]).localGet(A[j]).op(Op.i64Mul);
    if (times === 2) f.i64Const(1).op(Op.i64Shl);
    cols.add(0);
  };
  const valid = (j: number) => j >= 0 && j <= n - 1;
  const close = (k: number) => {
    if (k > 0) f.localGet(cols.carry), cols.add(0);
    cols.close(k, 0);
    if (k < n) mSplat[k] = splat(cols.m[k]);
  };

  for (let c0 = 0; c0 <= 2 * n - 2; c0 += 2) {
    const c1 = c0 + 1;
    empty = true;
    if (!sq) {
      for (let i = Math.max(0, c0 - n + 1); i <= Math.min(n - 1, c1); i++) {
        f.localGet(As[i]).localGet(Bp.get(c0 - i)!).simd(SimdOp.i64x2ExtmulLowI32x4U), vecAdd();
      }
    } else {
      for (let i = Math.max(0, c0 - n + 1); i <= c0 / 2 - 1; i++) {
        f.localGet(As[i]).localGet(Bp.get(c0 - i)!).simd(SimdOp.i64x2ExtmulLowI32x4U), vecAdd();
      }
      if (!empty) f.localGet(T).i32Const(1).simd(SimdOp.i64x2Shl).localSet(T);
    }
    for (let j = Math.max(0, c0 - n + 1); j <= Math.min(c0 - 2, n - 1); j++) {
      f.localGet(mSplat[j]), pPair(c0 - j), f.simd(SimdOp.i64x2ExtmulLowI32x4U), vecAdd();
    }
    const newest = c0 - 1; // digit m_{c0−1}: made by the previous pair's second column
    cols.open();
    lane(0);
    if (sq) square(c0 / 2, c0 / 2, 1);
    if (valid(newest)) cols.digitTimesP(newest, 1, 0);
    close(c0);
    if (c1 > 2 * n - 2) break;
    cols.open();
    lane(1);
    if (sq && valid(c0 / 2 + 1)) square(c0 / 2, c0 / 2 + 1, 2);
    if (valid(newest)) cols.digitTimesP(newest, 2, 0);
    if (valid(c0)) cols.digitTimesP(c0, 1, 0);
    close(c1);
  }
  cols.store(out);
}
