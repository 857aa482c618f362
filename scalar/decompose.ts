/**
 * Constant-time decomposition of a reduced scalar into base-B digits, the lattice step of GLV/GLS
 * scalar multiplication for curves whose endomorphism acts on the group as multiplication by an
 * eigenvalue ≡ ±B (mod r) with B a small power of the curve parameter:
 *
 *   k = d₀ + d₁·B + … + d_{m−1}·B^{m−1},   0 ≤ dᵢ < B,   (needs r ≤ B^m)
 *
 * BLS12-381 (r = x⁴ − x² + 1, x < 0): G2 uses B = |x| and m = 4 (ψ acts as p ≡ x = −B, so −ψ acts as
 * B), G1 uses B = x² and m = 2 (φ with eigenvalue −x², so −φ acts as B). Each digit is below B, so
 * below 2^64 (G2) or 2^128 (G1). The decomposition of Gallant–Lambert–Vanstone (Crypto 2001) and
 * Galbraith–Lin–Scott (Eurocrypt 2009) in general needs a reduced lattice basis and Babai rounding;
 * for BLS12 the basis is read off r = x⁴ − x² + 1 directly (eigenvalues: Scott, "A note on group
 * membership tests for G1, G2 and GT on BLS pairing-friendly curves", ePrint 2021/1130).
 *
 * Method: m − 1 divisions by the public constant B, each by restoring binary long division on 16-bit
 * limbs: for every bit of the numerator (a public count, from the public bound of the numerator),
 * rem ← 2·rem + bit, t ← rem − B, and rem ← t where that did not borrow, with a mask; the quotient bit
 * is the complement of the borrow. No BigInt, no branch, no index depends on k. Cost for BLS12-381 G2:
 * 255 + 191 + 128 steps of 5 limbs; G1: 255 steps of 9 limbs (a few microseconds, well under 1% of a
 * scalar multiplication).
 * @module
 */
import { SCALAR_LIMBS } from "./reduce.ts";

const bitLength = (x: bigint) => (x === 0n ? 0 : x.toString(2).length);

function limbsOf(x: bigint, n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = Number((x >> BigInt(16 * i)) & 0xffffn);
  return out;
}

/**
 * What the endomorphism loop (curves/group/scalar_mul.ts `mulEndoCt`) needs of a decomposition: k ≡ Σ dᵢ·baseⁱ
 * (mod r) with |dᵢ| < 2^digitBits, constant-time. Implemented by {@linkcode BaseDigits} (unsigned
 * digits, BLS12-381) and `LatticeDigits` (scalar/lattice.ts: signed sub-scalars, BN254).
 */
export interface ScalarDigits {
  /** The multiplier of the endomorphism step (B, or the eigenvalue λ): k ≡ Σ dᵢ·baseⁱ (mod r). */
  readonly base: bigint;
  /** The number of digits. */
  readonly count: number;
  /** 16-bit limbs per digit (magnitude). */
  readonly digitLimbs: number;
  /** Every |dᵢ| < 2^digitBits. */
  readonly digitBits: number;
  /** Whether digits can be negative (then `decompose` writes signs[i] ∈ {0, 1}, 1 for dᵢ < 0). */
  readonly signed: boolean;
  /**
   * The digits' magnitudes of k (reduced mod r) into `out`, digit i at limbs [i·digitLimbs, …), and
   * their signs into `signs` (required when `signed`; unsigned decompositions ignore it).
   */
  decompose(out: Int32Array, k: Int32Array, signs?: Int32Array): void;
}

/** Constant-time base-B digits of scalars reduced mod r. */
export class BaseDigits implements ScalarDigits {
  /** The base B (public). */
  readonly base: bigint;
  /** The number of digits m. */
  readonly count: number;
  /** 16-bit limbs per digit: ⌈bits(B)/16⌉. */
  readonly digitLimbs: number;
  /** Bits per digit: bits(B − 1) (each digit is below B). */
  readonly digitBits: number;
  /** false: digits are non-negative. */
  readonly signed: boolean;
  /** Public bit bounds of the successive numerators k, ⌊k/B⌋, ⌊k/B²⌋, … (k ≤ r − 1). */
  private readonly numBits: readonly number[];
  /** B as digitLimbs + 1 limbs (the remainder register is one limb wider than B). */
  private readonly b: Int32Array;
  private readonly rem: Int32Array;
  private readonly t: Int32Array;
  private readonly num: Int32Array;
  private readonly quo: Int32Array;

  /** Digits in base `base` (≥ 2) of scalars below `r`; throws unless r ≤ base^count. */
  constructor(base: bigint, count: number, r: bigint) {
    if (base < 2n || count < 1 || base ** BigInt(count) < r) throw new Error("BaseDigits: base^count < r");
    this.base = base;
    this.count = count;
    this.signed = false;
    this.digitBits = bitLength(base - 1n);
    this.digitLimbs = Math.ceil(bitLength(base) / 16);
    const nb: number[] = [];
    for (let i = 0; i < count; i++) nb.push(bitLength((r - 1n) / base ** BigInt(i)));
    this.numBits = nb;
    const w = this.digitLimbs + 1;
    this.b = limbsOf(base, w);
    this.rem = new Int32Array(w);
    this.t = new Int32Array(w);
    this.num = new Int32Array(SCALAR_LIMBS);
    this.quo = new Int32Array(SCALAR_LIMBS);
  }

  /**
   * The digits of k (16-bit little-endian limbs, k < r as from `ScalarReducer.reduce`) into `out`:
   * digit i occupies limbs [i·digitLimbs, (i + 1)·digitLimbs). Constant-time in k; the scratch is
   * zeroed before returning (the caller zeroes `out` when done).
   */
  decompose(out: Int32Array, k: Int32Array): void {
    const L = this.digitLimbs, w = L + 1, B = this.b, rem = this.rem, t = this.t;
    const num = this.num, quo = this.quo;
    for (let i = 0; i < SCALAR_LIMBS; i++) num[i] = k[i];
    for (let d = 0; d < this.count - 1; d++) {
      rem.fill(0);
      quo.fill(0);
      for (let j = this.numBits[d] - 1; j >= 0; j--) { // public count
        // rem ← 2·rem + bit j of the numerator
        let carry = (num[j >> 4] >>> (j & 15)) & 1;
        for (let i = 0; i < w; i++) {
          const v = (rem[i] << 1) | carry;
          carry = v >>> 16;
          rem[i] = v & 0xffff;
        }
        // t ← rem − B; keep rem if that borrowed (rem < B), else take t
        let borrow = 0;
        for (let i = 0; i < w; i++) {
          const v = rem[i] - B[i] - borrow;
          t[i] = v & 0xffff;
          borrow = v >>> 31;
        }
        const keep = -borrow;
        for (let i = 0; i < w; i++) rem[i] = (rem[i] & keep) | (t[i] & ~keep);
        quo[j >> 4] |= (1 - borrow) << (j & 15);
      }
      for (let i = 0; i < L; i++) out[d * L + i] = rem[i];
      for (let i = 0; i < SCALAR_LIMBS; i++) num[i] = quo[i];
    }
    const top = (this.count - 1) * L; // the last quotient is below B: the top digit
    for (let i = 0; i < L; i++) out[top + i] = num[i];
    rem.fill(0);
    t.fill(0);
    num.fill(0);
    quo.fill(0);
  }
}
