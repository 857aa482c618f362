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
 * Method: m − 1 divisions by the public constant B, each by Barrett's reciprocal on 16-bit limbs
 * (scalar/barrett.ts: two limb products and two masked corrections). No BigInt, no branch, no index
 * depends on k. Cost for BLS12-381 G2: 3 divisions of 255, 191 and 128 bits by a 64-bit B, about 1 µs
 * (the restoring binary long division it replaced, 255 + 191 + 128 steps of 5 limbs, took 9 µs).
 * @module
 */
import { BarrettDivisor } from "./barrett.ts";
import { SCALAR_LIMBS } from "./reduce.ts";

const bitLength = (x: bigint) => (x === 0n ? 0 : x.toString(2).length);

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
  /** One divisor by B per division, for the public bit bound of its numerator (k, ⌊k/B⌋, …; k ≤ r − 1). */
  private readonly divisors: readonly BarrettDivisor[];
  private readonly rem: Int32Array;
  private readonly num: Int32Array;

  /** Digits in base `base` (≥ 2) of scalars below `r`; throws unless r ≤ base^count. */
  constructor(base: bigint, count: number, r: bigint) {
    if (base < 2n || count < 1 || base ** BigInt(count) < r) throw new Error("BaseDigits: base^count < r");
    this.base = base;
    this.count = count;
    this.signed = false;
    this.digitBits = bitLength(base - 1n);
    this.digitLimbs = Math.ceil(bitLength(base) / 16);
    const divisors: BarrettDivisor[] = [];
    for (let i = 0; i < count - 1; i++) {
      divisors.push(
        new BarrettDivisor(base, Math.max(bitLength(base), bitLength((r - 1n) / base ** BigInt(i)))),
      );
    }
    this.divisors = divisors;
    this.rem = new Int32Array(this.digitLimbs);
    this.num = new Int32Array(SCALAR_LIMBS);
  }

  /**
   * The digits of k (16-bit little-endian limbs, k < r as from `ScalarReducer.reduce`) into `out`:
   * digit i occupies limbs [i·digitLimbs, (i + 1)·digitLimbs). Constant-time in k; the scratch is
   * zeroed before returning (the caller zeroes `out` when done).
   */
  decompose(out: Int32Array, k: Int32Array): void {
    const L = this.digitLimbs, rem = this.rem, num = this.num;
    for (let i = 0; i < SCALAR_LIMBS; i++) num[i] = k[i];
    for (let d = 0; d < this.count - 1; d++) {
      this.divisors[d].divide(num, SCALAR_LIMBS, num, rem); // num ← ⌊num / B⌋, rem ← num mod B
      for (let i = 0; i < L; i++) out[d * L + i] = rem[i];
    }
    const top = (this.count - 1) * L; // the last quotient is below B: the top digit
    for (let i = 0; i < L; i++) out[top + i] = num[i];
    rem.fill(0);
    num.fill(0);
  }
}
