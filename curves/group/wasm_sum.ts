/**
 * One level of the batch-affine bulk-addition tree (curves/group/sum.ts) as one wasm function, so that
 * a level costs one JS→wasm call instead of ≈ 14 per pair (issue 14: the bulk-addition table against
 * blst). The algorithm is the one of batch_affine.ts (`addPairs`): affine chord/tangent additions whose
 * denominators share ONE inversion by Montgomery's trick (Math. Comp. 48 (1987), §10.3.1), here on
 * adjacent pairs, written compactly:
 *
 * ```
 * sum_level(X, Y, m, D, P, T) → k      points j < m at X + j·E, Y + j·E (E bytes per element)
 *   pass 1, i ↑ (pair i = points 2i, 2i+1):   d_i = x2 − x1 (chord) | 2y1 (tangent) | 1 (P = −Q);
 *                                             P_i = P_{i−1}·d_i  (D, P: per-pair elements)
 *   pass 2, i ↓: one inversion of P_last, then inv' = inv·d_i, d_i ← d_i⁻¹ = inv·P_{i−1}, inv ← inv'
 *                (two elements whose roles swap: no copy)
 *   pass 3, i ↑: λ = (y2 − y1 | 3x1²)·d_i⁻¹, x3 = λ² − x1 − x2, y3 = λ(x1 − x3) − y1 into point k++
 *                (P = −Q: O, dropped); an odd last point is carried to point k++. Returns k.
 * ```
 * Pass 3 writes point k ≤ i only after reading points 2i and 2i + 1 ≥ i, so a level runs in place.
 * (Forming x3 and x1 − x3 as two 3-term combinations instead of three subtractions and a copy was
 * measured 0–4 % slower: a combination of three terms needs two conditional subtractions.)
 * Costs per pair: 3M (trick) + 2M + 1S (chord) and 1I per level, as batch_affine.ts states.
 *
 * The tree's input comes from `normalise_vartime` (emitNormalise): projective points → affine, in the
 * same three passes (Z = 1 copied, Z = 0 dropped, the other Z inverted together, 5M each), so that a
 * chunk of the sum costs two JS→wasm calls per level and none per point.
 * Variable-time (branches on public coordinates): for public points only, like sumVartime.
 * T: a scratch area of 4 elements.
 * @module
 */
import { FunctionBuilder, I32, Op } from "../../wasm/emitter.ts";
import type { FieldModuleContext, KernelFunction } from "../../field/wasm/module.ts";

/** Function indices of the coordinate field's operations (all on byte addresses). */
export interface SumCalls {
  readonly mul: number;
  readonly sqr: number;
  readonly add: number;
  readonly sub: number;
  readonly dbl: number;
  readonly copy: number;
  /** eq(a, b) → i32 0/1, isZero(a) → i32 0/1. */
  readonly eq: number;
  readonly isZero: number;
  readonly setOne: number;
  /** inv(out, a, t): out ← a⁻¹, t a scratch area of one element. */
  readonly inv: number;
  /**
   * Over Fp2 (G2): the base field's functions and a·f for a base element f. The level then inverts
   * the denominators through their norms (see emitSumLevel); absent over Fp.
   */
  readonly fp2?: {
    readonly base: Readonly<Record<KernelFunction, number>>;
    readonly inverse: number;
    readonly mulByFp: number;
    readonly baseBytes: number;
    /** The base field's mul2(out, a, b, c, d) = a·b + c·d (one reduction), or −1 (FieldModuleContext.mul2). */
    readonly mul2: number;
  };
}

/** Elements of scratch `sum_level` needs at T. */
export const SUM_LEVEL_SCRATCH = 4;

/**
 * Adds `name`(X, Y, m, D, P, T) → i32 to the module, for elements of `elementBytes` bytes.
 *
 * Over Fp2 (`c.fp2`), Montgomery's trick runs in Fp on the norms: d⁻¹ = conj(d)·N(d)⁻¹ with
 * N(d) = d0² + d1² ∈ Fp (u² = −1), so pass 1 stores conj(d) in D and N(d) beside the prefix product
 * in P (P_i: (prefix, N_i) in one element's two base slots), pass 2 inverts in Fp and multiplies
 * conj(d) by N⁻¹ (2 base products). Per pair 2S + 1A + 3M + 2M over Fp instead of 3 Fp2 products
 * (measured: bench/cases/bulk.ts). Where the base field has `mul2`, N(d) is one call of it
 * (d0·d0 + d1·d1, one reduction) instead of two squarings and an addition: 1 mul2 + 5M.
 */
export function emitSumLevel(ctx: FieldModuleContext, name: string, elementBytes: number, c: SumCalls): void {
  const E = elementBytes;
  const f = new FunctionBuilder([I32, I32, I32, I32, I32, I32], [I32]);
  const [X, Y, M, D, P, T] = [0, 1, 2, 3, 4, 5];
  const pairs = f.local(I32), i = f.local(I32), k = f.local(I32);
  const x1 = f.local(I32), y1 = f.local(I32), x2 = f.local(I32), y2 = f.local(I32), d = f.local(I32);
  const inv = f.local(I32), lam = f.local(I32), t0 = f.local(I32), t1 = f.local(I32), a = f.local(I32);
  const get = (...ls: number[]) => ls.forEach((l) => f.localGet(l));
  /** local ← base + index·E (+ extra·E). */
  const addr = (out: number, base: number, index: number, scale = 1, extra = 0) => {
    f.localGet(base).localGet(index).i32Const(scale * E).op(Op.i32Mul).op(Op.i32Add);
    if (extra !== 0) f.i32Const(extra * E).op(Op.i32Add);
    f.localSet(out);
  };
  const fp2 = c.fp2;
  /** Pushes the address of the second base element of the element at local l (Fp2: its c1). */
  const half = (l: number) => void f.localGet(l).i32Const(fp2!.baseBytes).op(Op.i32Add);
  /** Base-field op on the first halves of `lo`'s locals, then on the second halves of `hi`'s. */
  const base2 = (op: number, lo: number[], hi: number[]) => {
    get(...lo), f.call(op);
    hi.forEach(half), f.call(op);
  };
  /** The pair's four coordinates (points 2i, 2i + 1). */
  const pairCoordinates = () => {
    addr(x1, X, i, 2), addr(y1, Y, i, 2), addr(x2, X, i, 2, 1), addr(y2, Y, i, 2, 1);
  };
  /** Pushes the i32 "x1 = x2" and leaves the tangent test (y1 = y2 ≠ 0) for `tangent`. */
  const tangent = () => {
    get(y1, y2), f.call(c.eq);
    get(y1), f.call(c.isZero), f.op(Op.i32Eqz);
    f.op(Op.i32And);
  };
  f.localGet(T).localSet(inv);
  f.localGet(T).i32Const(E).op(Op.i32Add).localSet(lam);
  f.localGet(T).i32Const(2 * E).op(Op.i32Add).localSet(t0);
  f.localGet(T).i32Const(3 * E).op(Op.i32Add).localSet(t1);
  f.localGet(M).i32Const(1).op(Op.i32ShrU).localSet(pairs);

  // Pass 1, upwards: denominators and prefix products.
  f.i32Const(0).localSet(i);
  f.begin(Op.block).begin(Op.loop);
  get(i, pairs), f.op(Op.i32GeU).brIf(1);
  pairCoordinates();
  addr(d, D, i);
  get(x1, x2), f.call(c.eq), f.op(Op.i32Eqz);
  f.op(Op.if, 0x40);
  if (fp2 === undefined) get(d, x2, x1), f.call(c.sub); // chord: d = x2 − x1
  else base2(fp2.base.sub, [d, x2, x1], [d, x1, x2]); //    (Fp2: conj(d) = (x2_0 − x1_0, x1_1 − x2_1))
  f.op(Op.else);
  tangent();
  f.op(Op.if, 0x40);
  get(d, y1), f.call(c.dbl); //                tangent: d = 2y1
  if (fp2 !== undefined) half(d), half(d), f.call(fp2.base.neg); // (Fp2: conj(d))
  f.op(Op.else);
  get(d), f.call(c.setOne); //                 P = −Q: d = 1 (leaves the product unchanged)
  f.end().end();
  if (fp2 === undefined) {
    get(i), f.op(Op.i32Eqz);
    f.op(Op.if, 0x40);
    get(P, d), f.call(c.copy);
    f.op(Op.else);
    addr(a, P, i), addr(t1, P, i, 1, -1), get(a, t1, d), f.call(c.mul); // P_i = P_{i−1}·d_i
    f.end();
  } else {
    addr(a, P, i); //                          N_i = d0² + d1² at P_i + half, then P_i = P_{i−1}·N_i
    if (fp2.mul2 >= 0) half(a), get(d, d), half(d), half(d), f.call(fp2.mul2);
    else {
      get(t1, d), f.call(fp2.base.sqr);
      half(a), half(d), f.call(fp2.base.sqr);
      half(a), half(a), get(t1), f.call(fp2.base.add);
    }
    get(i), f.op(Op.i32Eqz);
    f.op(Op.if, 0x40);
    get(a), half(a), f.call(fp2.base.copy);
    f.op(Op.else);
    addr(t1, P, i, 1, -1), get(a, t1), half(a), f.call(fp2.base.mul);
    f.end();
  }
  f.localGet(T).i32Const(3 * E).op(Op.i32Add).localSet(t1); // (t1 borrowed as an address)
  get(i), f.i32Const(1).op(Op.i32Add).localSet(i);
  f.br(0).end().end();

  // Pass 2, downwards: one inversion, then each d_i⁻¹ in place.
  f.i32Const(0).localSet(k);
  f.localGet(pairs);
  f.op(Op.if, 0x40);
  get(pairs), f.i32Const(1).op(Op.i32Sub).localSet(i);
  addr(d, P, i);
  get(inv, d, t0), f.call(fp2 === undefined ? c.inv : fp2.inverse);
  f.begin(Op.block).begin(Op.loop);
  get(i), f.op(Op.i32Eqz).brIf(1);
  if (fp2 === undefined) {
    addr(d, D, i);
    get(t0, inv, d), f.call(c.mul); //          t0 = inv·d_i (the next inv)
    addr(a, P, i, 1, -1);
    get(d, inv, a), f.call(c.mul); //           d_i ← inv·P_{i−1} = d_i⁻¹
  } else {
    addr(a, P, i);
    get(t0, inv), half(a), f.call(fp2.base.mul); // t0 = inv·N_i (the next inv)
    addr(a, P, i, 1, -1);
    get(t1, inv, a), f.call(fp2.base.mul); //   N_i⁻¹ = inv·P_{i−1}
    addr(d, D, i);
    get(d, d, t1), f.call(fp2.mulByFp); //      d_i⁻¹ = conj(d_i)·N_i⁻¹
  }
  get(inv), f.localGet(t0).localSet(inv).localSet(t0); // swap the two elements' roles
  get(i), f.i32Const(1).op(Op.i32Sub).localSet(i);
  f.br(0).end().end();
  if (fp2 === undefined) get(D, inv), f.call(c.copy);
  else get(D, D, inv), f.call(fp2.mulByFp);

  // Pass 3, upwards: the sums, written compactly to point k.
  f.i32Const(0).localSet(i);
  f.begin(Op.block).begin(Op.loop);
  get(i, pairs), f.op(Op.i32GeU).brIf(1);
  f.begin(Op.block); //                        (br 0: skip a P = −Q pair)
  pairCoordinates();
  get(x1, x2), f.call(c.eq), f.op(Op.i32Eqz);
  f.op(Op.if, 0x40);
  get(lam, y2, y1), f.call(c.sub); //         λ = (y2 − y1)·d⁻¹
  f.op(Op.else);
  tangent(), f.op(Op.i32Eqz).brIf(1); //      P = −Q: O, dropped
  get(t0, x1), f.call(c.sqr); //              λ = 3x1²·(2y1)⁻¹
  get(lam, t0, t0), f.call(c.add);
  get(lam, lam, t0), f.call(c.add);
  f.end();
  addr(d, D, i);
  get(lam, lam, d), f.call(c.mul);
  get(t0, lam), f.call(c.sqr);
  get(t0, t0, x1), f.call(c.sub);
  get(t0, t0, x2), f.call(c.sub); //          x3 = λ² − x1 − x2
  get(t1, x1, t0), f.call(c.sub);
  get(t1, t1, lam), f.call(c.mul);
  addr(d, Y, k);
  get(d, t1, y1), f.call(c.sub); //           y3 = λ(x1 − x3) − y1
  addr(d, X, k);
  get(d, t0), f.call(c.copy);
  get(k), f.i32Const(1).op(Op.i32Add).localSet(k);
  f.end();
  get(i), f.i32Const(1).op(Op.i32Add).localSet(i);
  f.br(0).end().end();
  f.end(); // if pairs

  // An odd last point is carried.
  get(M), f.i32Const(1).op(Op.i32And);
  f.op(Op.if, 0x40);
  addr(d, X, k), addr(x1, X, M, 1, -1), get(d, x1), f.call(c.copy);
  addr(d, Y, k), addr(y1, Y, M, 1, -1), get(d, y1), f.call(c.copy);
  get(k), f.i32Const(1).op(Op.i32Add).localSet(k);
  f.end();
  get(k);
  ctx.module.addFunction(name, f);
}

/** Elements of scratch `normalise_vartime` needs at T. */
export const NORMALISE_SCRATCH = 4;

/**
 * Adds `name`(Q, m, X, Y, P, T) → i32 to the module: the m projective points at Q (point j's X, Y, Z at
 * Q + 3j·E, + E, + 2E) in affine form, the points that are not O moved to positions 0 … k − 1 of X and
 * Y (in order); returns k. P: m elements of scratch (prefix products), T: NORMALISE_SCRATCH elements.
 *
 * ```
 *   pass 1, j ↑: Z = 0: P_j = P_{j−1}; Z = 1: (x_j, y_j) = (X, Y), P_j = P_{j−1}; else
 *                P_j = P_{j−1}·Z and the flag "some Z ∉ {0, 1}" (P_{−1} = 1)
 *   pass 2, j ↓ (only with the flag): inv = P_{m−1}⁻¹; at each Z ∉ {0, 1}: Z⁻¹ = inv·P_{j−1},
 *                inv ← inv·Z, (x_j, y_j) = (X·Z⁻¹, Y·Z⁻¹)
 *   pass 3, j ↑: the points that are not O moved down to position k++
 * ```
 * Costs: 5M per Z ∉ {0, 1} and 1I per call (batch_affine.ts's `normalise`); Z = 1 costs two copies.
 * Variable-time (branches on public coordinates): for public points only, like sumVartime.
 */
export function emitNormalise(
  ctx: FieldModuleContext,
  name: string,
  elementBytes: number,
  c: SumCalls,
): void {
  const E = elementBytes;
  const f = new FunctionBuilder([I32, I32, I32, I32, I32, I32], [I32]);
  const [Q, M, X, Y, P, T] = [0, 1, 2, 3, 4, 5];
  const j = f.local(I32), k = f.local(I32), some = f.local(I32), q = f.local(I32), z = f.local(I32);
  const pj = f.local(I32), prev = f.local(I32), x = f.local(I32), y = f.local(I32);
  const inv = f.local(I32), di = f.local(I32), one = f.local(I32), t = f.local(I32);
  const get = (...ls: number[]) => ls.forEach((l) => f.localGet(l));
  /** local ← base + index·scale·E + extra·E. */
  const addr = (out: number, base: number, index: number, scale = 1, extra = 0) => {
    f.localGet(base).localGet(index).i32Const(scale * E).op(Op.i32Mul).op(Op.i32Add);
    if (extra !== 0) f.i32Const(extra * E).op(Op.i32Add);
    f.localSet(out);
  };
  /** The addresses of input point j (q: X, z: Z) and of P_j, P_{j−1} (prev). */
  const point = () => {
    addr(q, Q, j, 3), addr(z, Q, j, 3, 2), addr(pj, P, j), addr(prev, P, j, 1, -1);
  };
  const loop = (body: () => void, down = false) => {
    f.begin(Op.block).begin(Op.loop);
    if (down) get(j), f.i32Const(0).op(Op.i32LtS).brIf(1);
    else get(j, M), f.op(Op.i32GeU).brIf(1);
    body();
    get(j), f.i32Const(down ? -1 : 1).op(Op.i32Add).localSet(j);
    f.br(0).end().end();
  };
  f.localGet(T).localSet(inv);
  f.localGet(T).i32Const(E).op(Op.i32Add).localSet(di);
  f.localGet(T).i32Const(2 * E).op(Op.i32Add).localSet(one);
  f.localGet(T).i32Const(3 * E).op(Op.i32Add).localSet(t);
  get(one), f.call(c.setOne);

  // Pass 1, upwards: Z = 1 copied, the prefix products of the other Z.
  f.i32Const(0).localSet(j);
  loop(() => {
    point();
    get(j), f.op(Op.i32Eqz);
    f.op(Op.if, 0x40);
    get(one), f.localSet(prev); //             P_{−1} = 1
    f.end();
    get(z), f.call(c.isZero);
    f.op(Op.if, 0x40);
    get(pj, prev), f.call(c.copy); //          Z = 0: P_j = P_{j−1}
    f.op(Op.else);
    get(z, one), f.call(c.eq);
    f.op(Op.if, 0x40);
    addr(x, X, j), get(x, q), f.call(c.copy); // Z = 1: copied, P_j = P_{j−1}
    addr(y, Y, j), f.localGet(y).localGet(q).i32Const(E).op(Op.i32Add).call(c.copy);
    get(pj, prev), f.call(c.copy);
    f.op(Op.else);
    get(pj, prev, z), f.call(c.mul); //        P_j = P_{j−1}·Z
    f.i32Const(1).localSet(some);
    f.end();
    f.end();
  });

  // Pass 2, downwards, only if some Z ∉ {0, 1}: one inversion, then each such point divided by its Z.
  get(some);
  f.op(Op.if, 0x40);
  get(M), f.i32Const(1).op(Op.i32Sub).localSet(j);
  addr(pj, P, j);
  get(inv, pj, t), f.call(c.inv);
  loop(() => {
    f.begin(Op.block); //                      (br 0: Z ∈ {0, 1}, done in pass 1)
    point();
    get(z), f.call(c.isZero).brIf(0);
    get(z, one), f.call(c.eq).brIf(0);
    get(j), f.op(Op.i32Eqz);
    f.op(Op.if, 0x40);
    get(di, inv), f.call(c.copy); //           j = 0: Z⁻¹ = inv
    f.op(Op.else);
    get(di, inv, prev), f.call(c.mul); //      Z⁻¹ = inv·P_{j−1}
    get(inv, inv, z), f.call(c.mul); //        inv ← inv·Z
    f.end();
    addr(x, X, j), get(x, q, di), f.call(c.mul);
    addr(y, Y, j), f.localGet(y).localGet(q).i32Const(E).op(Op.i32Add).localGet(di).call(c.mul);
    f.end();
  }, true);
  f.end();

  // Pass 3, upwards: the points that are not O moved down to k.
  f.i32Const(0).localSet(j);
  f.i32Const(0).localSet(k);
  loop(() => {
    addr(z, Q, j, 3, 2);
    get(z), f.call(c.isZero), f.op(Op.i32Eqz);
    f.op(Op.if, 0x40);
    get(j, k), f.op(Op.i32Ne);
    f.op(Op.if, 0x40);
    addr(x, X, k), addr(q, X, j), get(x, q), f.call(c.copy);
    addr(y, Y, k), addr(q, Y, j), get(y, q), f.call(c.copy);
    f.end();
    get(k), f.i32Const(1).op(Op.i32Add).localSet(k);
    f.end();
  });
  get(k);
  ctx.module.addFunction(name, f);
}

/** Elements of scratch `sum_affine_vartime` needs at T: its own 10, which jac_dbl's 12 may overwrite. */
export const SUM_AFFINE_SCRATCH = 12;

/**
 * Adds `name`(A, Q, m, T) → i32 to the module: the sum of the m points at Q (point j's X, Y, Z at
 * Q + 3j·E, + E, + 2E), each with Z ∈ {0, 1} (affine, as decoded keys and signatures are, or O), into
 * the Jacobian point at A by mixed additions: `madd-2007-bl` of the Explicit-Formulas Database (a = 0),
 * 7M + 4S + 10A, or `mmadd-2007-bl`, 4M + 2S, while acc is still a copied input (Z = 1: the first
 * addition, and the first after a cancellation), with the exceptional cases taken by branches
 * (variable-time: public points only):
 *
 * ```
 *   acc = O, Q_j: acc ← Q_j (Z = 1)          Q_j = O: skipped
 *   H = x_j·Z² − X = 0, S = Y: acc = Q_j: acc ← 2·acc (jac_dbl)
 *   H = 0, S ≠ Y: acc = −Q_j: acc ← O         otherwise: the chord
 * ```
 * Returns 1 when the sum is O (A then holds nothing meaningful), 0 when A holds it, and −1, before any
 * work, when some Z ∉ {0, 1} (the caller adds projectively). The short sums of sumVartime
 * (curves/group/sum.ts) use it: one call instead of one per point, and 7M + 4S instead of the complete
 * projective 12M + 2m_3b per point. T: SUM_AFFINE_SCRATCH elements.
 */
export function emitSumAffine(
  ctx: FieldModuleContext,
  name: string,
  elementBytes: number,
  c: SumCalls,
  jacDbl: number,
): void {
  const E = elementBytes;
  const f = new FunctionBuilder([I32, I32, I32, I32], [I32]);
  const [A, Q, M, T] = [0, 1, 2, 3];
  const j = f.local(I32), q = f.local(I32), y2 = f.local(I32), z2 = f.local(I32), empty = f.local(I32);
  const X1 = f.local(I32), Y1 = f.local(I32), Z1 = f.local(I32);
  const [one, zz, u2, s2, h, hh, ii, jj, r, v] = Array.from({ length: 10 }, () => f.local(I32));
  // aff: acc has Z = 1 (it is a copied input); pu2, ps2: where U2 and S2 are (the input's x, y then).
  const aff = f.local(I32), pu2 = f.local(I32), ps2 = f.local(I32);
  const get = (...ls: number[]) => ls.forEach((l) => f.localGet(l));
  const at = (out: number, base: number, k: number) => {
    f.localGet(base);
    if (k !== 0) f.i32Const(k * E).op(Op.i32Add);
    f.localSet(out);
  };
  const loop = (body: () => void) => {
    f.i32Const(0).localSet(j);
    f.begin(Op.block).begin(Op.loop);
    get(j, M), f.op(Op.i32GeU).brIf(1);
    f.begin(Op.block); //                        (br 0: next point)
    f.localGet(Q).localGet(j).i32Const(3 * E).op(Op.i32Mul).op(Op.i32Add).localSet(q);
    at(y2, q, 1), at(z2, q, 2);
    body();
    f.end();
    get(j), f.i32Const(1).op(Op.i32Add).localSet(j);
    f.br(0).end().end();
  };
  at(X1, A, 0), at(Y1, A, 1), at(Z1, A, 2);
  [one, zz, u2, s2, h, hh, ii, jj, r, v].forEach((l, k) => at(l, T, k));
  get(one), f.call(c.setOne);

  // Pass 1: every Z ∈ {0, 1}, or −1 at once.
  loop(() => {
    get(z2), f.call(c.isZero).brIf(0);
    get(z2, one), f.call(c.eq).brIf(0);
    f.i32Const(-1).op(Op.return);
  });
  // Pass 2: the sum.
  f.i32Const(1).localSet(empty);
  loop(() => {
    get(z2), f.call(c.isZero).brIf(0); //            Q_j = O
    get(empty);
    f.op(Op.if, 0x40); //                            acc = O: acc ← Q_j
    get(X1, q), f.call(c.copy), get(Y1, y2), f.call(c.copy), get(Z1), f.call(c.setOne);
    f.i32Const(0).localSet(empty), f.i32Const(1).localSet(aff).br(1);
    f.end();
    get(aff);
    f.op(Op.if, 0x40); //                            Z1 = 1: U2 = x2, S2 = y2 (mmadd-2007-bl)
    get(q), f.localSet(pu2), get(y2), f.localSet(ps2);
    f.op(Op.else);
    get(zz, Z1), f.call(c.sqr); //                  Z1Z1 = Z1²
    get(u2, q, zz), f.call(c.mul); //               U2 = x2·Z1Z1
    get(s2, Z1, zz), f.call(c.mul);
    get(s2, y2, s2), f.call(c.mul); //              S2 = y2·Z1·Z1Z1
    get(u2), f.localSet(pu2), get(s2), f.localSet(ps2);
    f.end();
    get(h, pu2, X1), f.call(c.sub); //              H = U2 − X1
    get(h), f.call(c.isZero);
    f.op(Op.if, 0x40);
    get(ps2, Y1), f.call(c.eq);
    f.op(Op.if, 0x40);
    get(A, A, T), f.call(jacDbl), get(one), f.call(c.setOne); // acc = Q_j: doubling (T reused)
    f.i32Const(0).localSet(aff);
    f.op(Op.else);
    f.i32Const(1).localSet(empty); //                acc = −Q_j: O
    f.end();
    f.br(1);
    f.end();
    get(hh, h), f.call(c.sqr); //                   HH = H²
    get(ii, hh), f.call(c.dbl), get(ii, ii), f.call(c.dbl); // I = 4·HH
    get(jj, h, ii), f.call(c.mul); //               J = H·I
    get(r, ps2, Y1), f.call(c.sub), get(r, r), f.call(c.dbl); // r = 2·(S2 − Y1)
    get(v, X1, ii), f.call(c.mul); //               V = X1·I
    get(aff);
    f.op(Op.if, 0x40);
    get(Z1, h), f.call(c.dbl); //                   Z3 = 2·H (Z1 = 1)
    f.op(Op.else);
    get(Z1, Z1, h), f.call(c.add), get(Z1, Z1), f.call(c.sqr); // Z3 = (Z1 + H)² − Z1Z1 − HH
    get(Z1, Z1, zz), f.call(c.sub), get(Z1, Z1, hh), f.call(c.sub);
    f.end();
    f.i32Const(0).localSet(aff);
    get(X1, r), f.call(c.sqr), get(X1, X1, jj), f.call(c.sub); // X3 = r² − J − 2V
    get(X1, X1, v), f.call(c.sub), get(X1, X1, v), f.call(c.sub);
    get(jj, Y1, jj), f.call(c.mul), get(jj, jj), f.call(c.dbl); // 2·Y1·J (Y1 still the old one)
    get(v, v, X1), f.call(c.sub), get(v, r, v), f.call(c.mul); // Y3 = r·(V − X3) − 2·Y1·J
    get(Y1, v, jj), f.call(c.sub);
  });
  get(empty);
  ctx.module.addFunction(name, f);
}
