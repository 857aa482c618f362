/**
 * Inline emitters of Montgomery multiplication and squaring: fully unrolled, straight-line wasm (no
 * branch, no `select`) over 32-bit limbs held in i64 locals. They write into a caller's
 * {@linkcode FunctionBuilder}, so a field module's own functions and later layers (the tower, point
 * formulas) share them.
 *
 * Bounds (as fiat-crypto states them): inputs are N-limb values with every limb < 2^32 and value < p;
 * the output is fully reduced, < p. Needs p < R/2 (checked by montConstants). Every i64 sum below is
 * < 2^64: a product of two limbs is ≤ (2^32 − 1)², a carry-save accumulator sums at most 2N + 2 values
 * below 2^32.
 * @module
 */

import { type FunctionBuilder, I64, Op } from "../../wasm/emitter.ts";
import { limbMask, type MontConstants, requireWordsLayout } from "./montgomery.ts";

/** An element operand: the address in i32 local `local`, plus a static byte `offset`. */
export interface Ref {
  readonly local: number;
  readonly offset: number;
}

/** `{ local, offset }`: names an element at local's address + offset (e.g. c1 of an Fp2 at +stride). */
export const ref = (local: number, offset = 0): Ref => ({ local, offset });

const MASK32 = 0xffffffff;

/** Pushes limb j of `r` as an i64 (zero-extended). */
export function loadLimb(f: FunctionBuilder, r: Ref, j: number): void {
  f.localGet(r.local).mem(Op.i64Load32U, r.offset + 4 * j);
}

/**
 * Stores the low `bits` bits of i64 local `value` into limb j of `r` (32: the store truncates; fewer:
 * masked first, limbs at rest).
 */
export function storeLimb(f: FunctionBuilder, r: Ref, j: number, value: number, bits = 32): void {
  f.localGet(r.local).localGet(value);
  if (bits < 32) f.i64Const((1n << BigInt(bits)) - 1n).op(Op.i64And);
  f.mem(Op.i64Store32, r.offset + 4 * j);
}

/**
 * Final conditional subtraction, then store: out ← t − p if t ≥ p else t, for t < 2p held in i64
 * locals `t` (limbs < 2^limbBits). A borrow chain computes d = t − p; its final borrow makes a mask
 * that picks t or d limb by limb (x ^ ((x ^ y) & mask)). Cost: 8 ops per limb.
 */
export function emitCondSubStore(f: FunctionBuilder, c: MontConstants, t: readonly number[], out: Ref): void {
  const d = t.map(() => f.local(I64));
  const borrow = f.local(I64);
  for (let j = 0; j < c.n; j++) {
    // x = t_j − p_j − borrow ∈ (−2^(w+1), 2^w); d_j = x mod 2^w; borrow = sign bit of x (w = limbBits).
    f.localGet(t[j]).i64Const(c.pLimbs[j]).op(Op.i64Sub);
    if (j > 0) f.localGet(borrow).op(Op.i64Sub);
    f.localTee(d[j]).i64Const(63).op(Op.i64ShrU).localSet(borrow);
    f.localGet(d[j]).i64Const(limbMask(c)).op(Op.i64And).localSet(d[j]);
  }
  // keep = all ones if t < p (final borrow 1), else 0.
  f.i64Const(0).localGet(borrow).op(Op.i64Sub).localSet(borrow);
  for (let j = 0; j < c.n; j++) {
    f.localGet(out.local);
    f.localGet(d[j]).localGet(t[j]).localGet(d[j]).op(Op.i64Xor).localGet(borrow).op(Op.i64And).op(Op.i64Xor);
    f.mem(Op.i64Store32, out.offset + 4 * j);
  }
}

/**
 * A column accumulator for product scanning. The column's exact value V (up to ~2^70) is kept as
 * T = V mod 2^64 (wrapping sum of whole products) and H = Σ (x >> 32) over the products x; the low
 * halves' sum L = V − H·2^32 < 2^64 is then recovered exactly as T − (H << 32) mod 2^64. Cost per
 * product: the multiplication, two additions and one shift (4 ops). Values added with `addLow`
 * count towards L and must keep L < 2^64 (here: < 2^40).
 */
export class Column {
  readonly t: number;
  readonly h: number;
  private readonly x: number;
  private empty = true;
  constructor(private readonly f: FunctionBuilder) {
    this.t = f.local(I64);
    this.h = f.local(I64);
    this.x = f.local(I64);
  }
  /** Starts a new (zero) column. */
  reset(): void {
    this.empty = true;
  }
  get isEmpty(): boolean {
    return this.empty;
  }
  /** Adds the i64 product x left on the stack: T += x, H += x >> 32. */
  addStack(): void {
    const { f, t, h, x } = this;
    if (this.empty) {
      f.localTee(t).i64Const(32).op(Op.i64ShrU).localSet(h);
    } else {
      f.localTee(x).localGet(t).op(Op.i64Add).localSet(t);
      f.localGet(x).i64Const(32).op(Op.i64ShrU).localGet(h).op(Op.i64Add).localSet(h);
    }
    this.empty = false;
  }
  /** Adds i64 local `v` (< 2^40) to the low sum. */
  addLow(v: number): void {
    const { f, t } = this;
    f.localGet(v);
    if (this.empty) f.localSet(t).i64Const(0).localSet(this.h);
    else f.localGet(t).op(Op.i64Add).localSet(t);
    this.empty = false;
  }
  /** Doubles the column (squaring's cross products). */
  double(): void {
    const { f, t, h } = this;
    if (this.empty) return;
    f.localGet(t).i64Const(1).op(Op.i64Shl).localSet(t);
    f.localGet(h).i64Const(1).op(Op.i64Shl).localSet(h);
  }
  /** Starts this column from i64 locals `t`, `h` (a T/H pair computed elsewhere, e.g. SIMD lanes). */
  setFrom(t: number, h: number): void {
    this.f.localGet(t).localSet(this.t).localGet(h).localSet(this.h);
    this.empty = false;
  }
  /** Starts this (empty) column from another column's value. */
  takeFrom(other: Column): void {
    if (other.empty) return;
    this.f.localGet(other.t).localSet(this.t).localGet(other.h).localSet(this.h);
    this.empty = false;
  }
  /** local `into` ← V >> 32 = ((T − (H << 32)) >> 32) + H. */
  carryInto(into: number): void {
    const { f, t, h } = this;
    f.localGet(t).localGet(h).i64Const(32).op(Op.i64Shl).op(Op.i64Sub).i64Const(32).op(Op.i64ShrU);
    f.localGet(h).op(Op.i64Add).localSet(into);
  }
}

/** How operand limbs reach the multiplier: reloaded from memory per product, or cached in locals. */
export type OperandMode = "memory" | "locals";

function operand(f: FunctionBuilder, r: Ref, n: number, mode: OperandMode): (j: number) => void {
  if (mode === "memory") return (j) => loadLimb(f, r, j);
  const locals: number[] = [];
  for (let j = 0; j < n; j++) {
    const l = f.local(I64);
    loadLimb(f, r, j);
    f.localSet(l);
    locals.push(l);
  }
  return (j) => void f.localGet(locals[j]);
}

/**
 * out ← a·b·R⁻¹ mod p (b = null: out ← a²·R⁻¹), by finely integrated product scanning (FIPS,
 * Koç–Acar–Kaliski 1996, "Analyzing and comparing Montgomery multiplication algorithms", §5): column
 * k sums a_j·b_{k−j} and m_j·p_{k−j}; for k < N the column's low word fixes m_k = (col·n0) mod 2^32.
 * Columns are carry-save (lo/hi halves), each summed before the previous carry is added, which keeps
 * the critical path short. Squaring sums each cross product once and doubles the column (Menezes et
 * al., Handbook of Applied Cryptography, Alg. 14.16). Cost: N² (mul) or N(N+1)/2 (sqr) limb products
 * for a·b, N² for m·p, 5 ops each, plus 8N for the final subtraction. out may alias a or b.
 */
export function emitMontMulFips(
  f: FunctionBuilder,
  c: MontConstants,
  out: Ref,
  a: Ref,
  b: Ref | null,
  mode: OperandMode = "memory",
): void {
  requireWordsLayout(c, "FIPS Montgomery");
  const n = c.n;
  const A = operand(f, a, n, mode);
  const B = b === null ? A : operand(f, b, n, mode);
  const m = Array.from({ length: n }, () => f.local(I64));
  const t = Array.from({ length: n }, () => f.local(I64));
  const carry = f.local(I64);
  const col = new Column(f);
  const cross = new Column(f);
  for (let k = 0; k <= 2 * n - 2; k++) {
    const jLo = Math.max(0, k - n + 1);
    const jHi = Math.min(k, n - 1);
    col.reset();
    if (b === null) {
      // a²: cross products a_j·a_{k−j}, j < k−j, summed once then doubled; plus a_{k/2}².
      cross.reset();
      for (let j = jLo; j < k - j; j++) {
        A(j);
        A(k - j);
        f.op(Op.i64Mul);
        cross.addStack();
      }
      cross.double();
      col.takeFrom(cross);
      if (k % 2 === 0) {
        A(k / 2);
        A(k / 2);
        f.op(Op.i64Mul);
        col.addStack();
      }
    } else {
      for (let j = jLo; j <= jHi; j++) {
        A(j);
        B(k - j);
        f.op(Op.i64Mul);
        col.addStack();
      }
    }
    for (let j = jLo; j <= Math.min(k - 1, n - 1); j++) {
      f.localGet(m[j]).i64Const(c.pLimbs[k - j]).op(Op.i64Mul);
      col.addStack();
    }
    if (k > 0) col.addLow(carry);
    if (k < n) {
      // m_k = (column · n0) mod 2^32 makes the column ≡ 0 mod 2^32 once m_k·p_0 is added.
      f.localGet(col.t).i64Const(c.n0).op(Op.i64Mul).i64Const(MASK32).op(Op.i64And).localTee(m[k]);
      f.i64Const(c.pLimbs[0]).op(Op.i64Mul);
      col.addStack();
    } else {
      f.localGet(col.t).i64Const(MASK32).op(Op.i64And).localSet(t[k - n]);
    }
    col.carryInto(carry);
  }
  // The top limb is the last carry: the value is < 2p < R, so it fits.
  f.localGet(carry).localSet(t[n - 1]);
  emitCondSubStore(f, c, t, out);
}

/**
 * out ← a·b·R⁻¹ mod p by coarsely integrated operand scanning (CIOS, Koç–Acar–Kaliski 1996, §4), in
 * the "no-carry" form of Botrel–El Housni 2023 ("Faster Montgomery multiplication and multi-scalar
 * multiplication for SNARKs", TCHES 2023/3, Alg. 2) valid when p's top limb < 2^31 − 1: row i adds
 * a·b_i and m·p in one pass and shifts by one limb. Cost: 2N² limb products, 5 ops each, plus 8N.
 * Kept for comparison with FIPS (see the generator's benchmark notes); out may alias a or b.
 */
export function emitMontMulCios(
  f: FunctionBuilder,
  c: MontConstants,
  out: Ref,
  a: Ref,
  b: Ref,
  mode: OperandMode = "memory",
): void {
  requireWordsLayout(c, "CIOS Montgomery");
  const n = c.n;
  if (c.pLimbs[n - 1] >= 0x7ffffffe) throw new RangeError("no-carry CIOS needs p's top limb < 2^31 − 1");
  const A = operand(f, a, n, mode);
  const t = Array.from({ length: n }, () => f.local(I64));
  const bi = f.local(I64), mi = f.local(I64), hiA = f.local(I64), hiC = f.local(I64), x = f.local(I64);
  const split = (low: number, high: number) => {
    // x on the stack → high = x >> 32, low = x mod 2^32.
    f.localTee(x).i64Const(32).op(Op.i64ShrU).localSet(high);
    f.localGet(x).i64Const(MASK32).op(Op.i64And).localSet(low);
  };
  for (let i = 0; i < n; i++) {
    loadLimb(f, b, i);
    f.localSet(bi);
    // (A, t_0) = t_0 + a_0·b_i
    A(0);
    f.localGet(bi).op(Op.i64Mul);
    if (i > 0) f.localGet(t[0]).op(Op.i64Add);
    split(t[0], hiA);
    // m = t_0·n0 mod 2^32; C = (t_0 + m·p_0) >> 32
    f.localGet(t[0]).i64Const(c.n0).op(Op.i64Mul).i64Const(MASK32).op(Op.i64And).localTee(mi);
    f.i64Const(c.pLimbs[0]).op(Op.i64Mul).localGet(t[0]).op(Op.i64Add).i64Const(32).op(Op.i64ShrU);
    f.localSet(hiC);
    for (let j = 1; j < n; j++) {
      // (A, t_j) = t_j + a_j·b_i + A
      A(j);
      f.localGet(bi).op(Op.i64Mul).localGet(hiA).op(Op.i64Add);
      if (i > 0) f.localGet(t[j]).op(Op.i64Add);
      split(t[j], hiA);
      // (C, t_{j−1}) = t_j + m·p_j + C
      f.localGet(mi).i64Const(c.pLimbs[j]).op(Op.i64Mul).localGet(t[j]).op(Op.i64Add);
      f.localGet(hiC).op(Op.i64Add);
      split(t[j - 1], hiC);
    }
    f.localGet(hiC).localGet(hiA).op(Op.i64Add).localSet(t[n - 1]);
  }
  emitCondSubStore(f, c, t, out);
}
