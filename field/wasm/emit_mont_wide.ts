/**
 * Montgomery multiplication on 64-bit limbs with the wide-arithmetic instructions (wasm/emitter.ts
 * `WideOp`: i64.mul_wide_u gives a 64 × 64 → 128-bit product, i64.add128 / i64.sub128 carry across
 * 128 bits), the one thing 32-bit limbs lack in WebAssembly: CIOS (Koç, Acar, Kaliski, "Analyzing and
 * comparing Montgomery multiplication algorithms", IEEE Micro 16(3), 1996) on L = N/2 limbs, fully
 * unrolled and straight-line (no branch, no `select`).
 *
 * Elements keep the kernel's layout: N little-endian u32 words are L little-endian u64 limbs, and
 * R = 2^(32N) = 2^(64L) is the same radix, so this is a drop-in `mul` / `sqr` of the field module
 * (`FieldModuleOptions.mul = "wide"`), for engines that validate the instructions
 * (`wideArithmeticSupported()`).
 *
 * Bounds: a·b < p·R (a, b < p always; a, b < 2p where 4p ≤ R, as for BLS12-381's and BN254's base
 * fields), with 2p < R (montConstants). Each step of an inner loop adds a limb product, a limb and a
 * carry exactly in 128 bits: (2^64 − 1)² + 2(2^64 − 1) < 2^128. After the L rounds
 * t < (a·b + m·p)/R < (p·R + R·p)/R = 2p, so one masked subtraction of p gives out < p. Cost: 2L² limb products (L² for a·b, L² for m·p) and L products by
 * n0; BLS12-381 (L = 6): 78.
 * @module
 */

import { type FunctionBuilder, I64, Op, WideOp } from "../../wasm/emitter.ts";
import { type MontConstants, requireWordsLayout } from "./montgomery.ts";
import type { Ref } from "./emit_mont.ts";

/** The i64.const of an unsigned 64-bit value (as the signed immediate that encodes it). */
const signed64 = (x: bigint): bigint => BigInt.asIntN(64, x);

/** The public constants of the wide kernels: L, p's 64-bit limbs and n0 = −p⁻¹ mod 2^64. */
function wideConstants(c: MontConstants): { L: number; pLimbs: bigint[]; n0: bigint } {
  if (c.n % 2 !== 0) throw new RangeError("wide Montgomery: needs an even number of 32-bit words");
  const L = c.n / 2, M64 = (1n << 64n) - 1n;
  const pLimbs = Array.from({ length: L }, (_, j) => (c.p >> BigInt(64 * j)) & M64);
  let inv = 1n; // Newton's iteration on p⁻¹ mod 2^64 (public)
  for (let i = 0; i < 7; i++) inv = (inv * (2n - c.p * inv)) & M64;
  return { L, pLimbs, n0: (-inv) & M64 };
}

/** The L 64-bit limbs of the element at `r`, loaded into new i64 locals. */
export function loadWide(f: FunctionBuilder, c: MontConstants, r: Ref): number[] {
  return Array.from({ length: c.n / 2 }, (_, j) => {
    const l = f.local(I64);
    f.localGet(r.local).mem(Op.i64Load, r.offset + 8 * j).localSet(l);
    return l;
  });
}

/** Stores limb locals `x` at `r`. */
export function storeWide(f: FunctionBuilder, r: Ref, x: readonly number[]): void {
  x.forEach((l, j) => f.localGet(r.local).localGet(l).mem(Op.i64Store, r.offset + 8 * j));
}

/**
 * x − k·p if x ≥ k·p, else x (constant-time: a borrow chain of 128-bit differences, then a mask),
 * for limb locals x < 2^(64L) (no top word); returns new locals. k·p < 2^(64L).
 */
export function emitCondSubWide(
  f: FunctionBuilder,
  c: MontConstants,
  x: readonly number[],
  k: bigint,
): number[] {
  const { L } = wideConstants(c), M64 = (1n << 64n) - 1n, kp = k * c.p;
  const d = x.map(() => f.local(I64)), borrow = f.local(I64), keep = f.local(I64);
  for (let j = 0; j < L; j++) {
    f.localGet(x[j]).i64Const(0).i64Const(signed64((kp >> BigInt(64 * j)) & M64)).i64Const(0);
    f.wide(WideOp.i64Sub128);
    if (j > 0) f.localGet(borrow).localGet(borrow).wide(WideOp.i64Add128); // + the previous borrow
    f.localSet(borrow).localSet(d[j]);
  }
  f.localGet(borrow).localSet(keep); // all ones iff x < k·p
  return x.map((xj, j) => {
    const out = f.local(I64);
    f.localGet(xj).localGet(keep).op(Op.i64And);
    f.localGet(d[j]).localGet(keep).i64Const(-1).op(Op.i64Xor).op(Op.i64And);
    f.op(Op.i64Or).localSet(out);
    return out;
  });
}

/**
 * Σ coef_i·x_i + K·p over limb locals (small integer coefficients, K ≥ 0 keeping it non-negative),
 * exact as long as it stays below 2^(64L): a 128-bit carry chain per limb. Returns new locals.
 */
export function emitLinearWide(
  f: FunctionBuilder,
  c: MontConstants,
  terms: readonly (readonly [readonly number[], number])[],
  K: bigint,
): number[] {
  const { L } = wideConstants(c), M64 = (1n << 64n) - 1n, kp = K * c.p;
  const out = Array.from({ length: L }, () => f.local(I64)), carry = f.local(I64);
  for (let j = 0; j < L; j++) {
    f.i64Const(signed64((kp >> BigInt(64 * j)) & M64)).i64Const(0); //  (K·p)_j as 128 bits
    if (j > 0) f.localGet(carry).localGet(carry).i64Const(63).op(Op.i64ShrS).wide(WideOp.i64Add128); // signed carry
    for (const [x, coef] of terms) {
      for (let r = 0; r < Math.abs(coef); r++) {
        f.localGet(x[j]).i64Const(0).wide(coef > 0 ? WideOp.i64Add128 : WideOp.i64Sub128);
      }
    }
    f.localSet(carry).localSet(out[j]);
  }
  return out;
}

/**
 * a·b·R⁻¹ mod p on limb locals (CIOS, see the module doc), fully reduced; returns new locals. Bounds:
 * a·b < p·R.
 */
export function emitMontMulWideLocals(
  f: FunctionBuilder,
  c: MontConstants,
  A: readonly number[],
  B: readonly number[],
): number[] {
  const { L, pLimbs, n0 } = wideConstants(c);
  const t = Array.from({ length: L + 2 }, () => f.local(I64));
  const C = f.local(I64), m = f.local(I64), lo = f.local(I64), hi = f.local(I64);
  const add128 = () => void f.wide(WideOp.i64Add128);
  /** Pushes (x, 0): a 64-bit value as a 128-bit one. */
  const widen = (x: number) => void f.localGet(x).i64Const(0);
  for (let i = 0; i < L; i++) {
    // t ← t + a·b_i (t_L, t_{L+1}: the top word and its carry bit; both 0 at i = 0)
    for (let j = 0; j < L; j++) {
      f.localGet(A[j]).localGet(B[i]).wide(WideOp.i64MulWideU);
      if (i > 0) widen(t[j]), add128(); // t starts at 0
      if (j > 0) widen(C), add128();
      f.localSet(C).localSet(t[j]);
    }
    if (i > 0) widen(t[L]), widen(C), add128(), f.localSet(t[L + 1]).localSet(t[L]);
    else f.localGet(C).localSet(t[L]), f.i64Const(0).localSet(t[L + 1]);
    // m ← t_0·n0 mod 2^64; t ← (t + m·p) / 2^64
    f.localGet(t[0]).i64Const(signed64(n0)).op(Op.i64Mul).localSet(m);
    for (let j = 0; j < L; j++) {
      f.localGet(m).i64Const(signed64(pLimbs[j])).wide(WideOp.i64MulWideU);
      widen(t[j]), add128();
      if (j > 0) widen(C), add128();
      f.localSet(C).localSet(lo);
      if (j > 0) f.localGet(lo).localSet(t[j - 1]); // (j = 0: the low word is 0 by the choice of m)
    }
    widen(t[L]), widen(C), add128(), f.localSet(hi).localSet(t[L - 1]);
    f.localGet(t[L + 1]).localGet(hi).op(Op.i64Add).localSet(t[L]);
  }
  // t < 2p with top word t_L ∈ {0, 1}: t − p if t ≥ p. The chain's final borrow and t_L decide:
  // t < p iff t_L = 0 and the chain borrowed (t_L + borrow = −1).
  const d = Array.from({ length: L }, () => f.local(I64)), borrow = f.local(I64), keep = f.local(I64);
  for (let j = 0; j < L; j++) {
    widen(t[j]), f.i64Const(signed64(pLimbs[j])).i64Const(0).wide(WideOp.i64Sub128);
    if (j > 0) f.localGet(borrow).localGet(borrow), add128(); // + the previous borrow, 0 or −1
    f.localSet(borrow).localSet(d[j]);
  }
  f.localGet(t[L]).localGet(borrow).op(Op.i64Add).i64Const(63).op(Op.i64ShrS).localSet(keep);
  return Array.from({ length: L }, (_, j) => {
    const out = f.local(I64);
    f.localGet(t[j]).localGet(keep).op(Op.i64And);
    f.localGet(d[j]).localGet(keep).i64Const(-1).op(Op.i64Xor).op(Op.i64And);
    f.op(Op.i64Or).localSet(out);
    return out;
  });
}

/**
 * out ← a·b·R⁻¹ mod p (b = null: a²·R⁻¹), fully reduced, on 64-bit limbs. out may alias a or b (every
 * limb is loaded before the first store). Needs an even number of u32 words.
 */
export function emitMontMulWide(f: FunctionBuilder, c: MontConstants, out: Ref, a: Ref, b: Ref | null): void {
  requireWordsLayout(c, "wide Montgomery");
  wideConstants(c); // the checks, before any code
  const A = loadWide(f, c, a), B = b === null ? A : loadWide(f, c, b);
  storeWide(f, out, emitMontMulWideLocals(f, c, A, B));
}
