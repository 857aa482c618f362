/**
 * Constant-time division by a public constant on 16-bit limbs, by Barrett's reciprocal (P. Barrett,
 * "Implementing the RSA public key encryption algorithm on a standard digital signal processor",
 * Crypto 1986; Menezes–van Oorschot–Vanstone, Handbook of Applied Cryptography, Algorithm 14.42, here
 * in radix 2): for N < 2^s and a divisor B of b bits (2^(b−1) ≤ B < 2^b, s ≥ b), with μ = ⌊2^s / B⌋,
 *
 *   q̂ = ⌊⌊N / 2^(b−1)⌋ · μ / 2^(s−b+1)⌋   satisfies   q − 2 ≤ q̂ ≤ q,   q = ⌊N / B⌋,
 *
 * so N − q̂·B < 3B, and two masked subtractions of B finish the remainder and the quotient. The
 * remainder is computed on the ⌈(b + 2)/16⌉ low limbs only (it is below 2^(b+2)). Every loop bound and
 * index is public (s, b); no branch and no BigInt touches N.
 *
 * Cost: a ⌈(s−b+1)/16⌉ × ⌈(s−b+1)/16⌉-limb product and a ⌈(s−b+1)/16⌉ × ⌈b/16⌉ one (BLS12-381, B = |x|,
 * s = 255: 144 + 48 limb products), against s·(⌈b/16⌉ + 1) limb steps of binary long division.
 * @module
 */
import { limbs16Vartime } from "./limbs16.ts";

const bitLength = (x: bigint) => (x === 0n ? 0 : x.toString(2).length);
const limbsFor = (bits: number) => Math.max(1, Math.ceil(bits / 16));

/** out[0, outLen) ← the limbs of ⌊a / 2^shift⌋ (a's limbs past aLen read as 0). Public shift. */
function shiftRight(out: Int32Array, outLen: number, a: Int32Array, aLen: number, shift: number): void {
  const w = shift >> 4, o = shift & 15;
  for (let i = 0; i < outLen; i++) {
    const lo = i + w < aLen ? a[i + w] : 0, hi = i + w + 1 < aLen ? a[i + w + 1] : 0; // public bounds
    out[i] = ((lo >>> o) | (hi << (16 - o))) & 0xffff;
  }
}

/**
 * out[0, out.length) ← a·b mod 2^(16·out.length) (aLen, bLen limbs). Each 16 × 16-bit product is exact
 * in 32 bits (Math.imul, read unsigned); its halves go to two column sums (< 2^22: at most 2·16 halves
 * each), then one carry pass. Columns past the output are dropped: exact modulo 2^(16·out.length).
 */
function mulLow(out: Int32Array, a: Int32Array, aLen: number, b: Int32Array, bLen: number): void {
  const n = out.length;
  out.fill(0);
  for (let i = 0; i < aLen; i++) {
    for (let j = 0; j < bLen && i + j < n; j++) { // public bounds
      const p = Math.imul(a[i], b[j]) >>> 0;
      out[i + j] += p & 0xffff;
      if (i + j + 1 < n) out[i + j + 1] += p >>> 16; // public bound
    }
  }
  let carry = 0;
  for (let k = 0; k < n; k++) {
    const v = out[k] + carry;
    out[k] = v & 0xffff;
    carry = v >>> 16;
  }
}

/** ⌊N / B⌋ and N mod B for N < 2^s, B a public constant; constant-time in N. Not reentrant (scratch). */
export class BarrettDivisor {
  /** Bits of B, and the numerator bound s. */
  readonly b: number;
  readonly s: number;
  /** Limbs of the quotient (< 2^(s−b+1)) and of the remainder register (< 2^(b+2)). */
  readonly quotientLimbs: number;
  private readonly rLimbs: number;
  private readonly B: Int32Array;
  private readonly mu: Int32Array;
  private readonly q1: Int32Array;
  private readonly q2: Int32Array;
  private readonly qB: Int32Array;
  private readonly r: Int32Array;
  private readonly t: Int32Array;

  /** Divides numerators below 2^s by `divisor` (≥ 1, at most s bits). */
  constructor(divisor: bigint, s: number) {
    const b = bitLength(divisor);
    if (divisor < 1n || s < b) throw new RangeError("BarrettDivisor: need 1 ≤ B < 2^s");
    this.b = b;
    this.s = s;
    const qBits = s - b + 1;
    this.quotientLimbs = limbsFor(qBits);
    this.rLimbs = limbsFor(b + 2);
    this.B = limbs16Vartime(divisor, this.rLimbs);
    this.mu = limbs16Vartime((1n << BigInt(s)) / divisor, limbsFor(qBits + 1)); // ≤ 2^(s−b+1): one bit more
    this.q1 = new Int32Array(this.quotientLimbs);
    this.q2 = new Int32Array(limbsFor(2 * qBits + 1)); // q1·μ < 2^(2·qBits + 1)
    this.qB = new Int32Array(this.rLimbs);
    this.r = new Int32Array(this.rLimbs);
    this.t = new Int32Array(this.rLimbs);
  }

  /**
   * quo ← ⌊N / B⌋ (quotientLimbs limbs, the rest of quo zeroed), rem[0, rem.length) ← N mod B, for
   * N < 2^s in num[0, numLen) (16-bit limbs). num may be quo. The scratch is zeroed before returning.
   */
  divide(num: Int32Array, numLen: number, quo: Int32Array, rem: Int32Array): void {
    const { b, s, q1, q2, qB, r, t, B } = this, qL = this.quotientLimbs, rL = this.rLimbs;
    for (let i = 0; i < rL; i++) r[i] = i < numLen ? num[i] : 0; // N mod 2^(16·rL), before quo is written
    shiftRight(q1, qL, num, numLen, b - 1); //              q1 = ⌊N / 2^(b−1)⌋ < 2^(s−b+1)
    mulLow(q2, q1, qL, this.mu, this.mu.length); //           q2 = q1·μ (< 2^(2(s−b+1)+1): exact)
    shiftRight(quo, qL, q2, q2.length, s - b + 1); //         q̂ = ⌊q2 / 2^(s−b+1)⌋ ≤ q
    for (let i = qL; i < quo.length; i++) quo[i] = 0;
    mulLow(qB, quo, qL, B, rL); //                            q̂·B mod 2^(16·rL)
    let borrow = 0;
    for (let i = 0; i < rL; i++) { //                        r = N − q̂·B < 3B, exact mod 2^(16·rL)
      const v = r[i] - qB[i] - borrow;
      r[i] = v & 0xffff;
      borrow = v >>> 31;
    }
    for (let round = 0; round < 2; round++) { //              twice: r ≥ B → r − B, q̂ + 1
      borrow = 0;
      for (let i = 0; i < rL; i++) {
        const v = r[i] - B[i] - borrow;
        t[i] = v & 0xffff;
        borrow = v >>> 31;
      }
      const take = borrow - 1; // −1 (all ones) when r ≥ B, else 0
      for (let i = 0; i < rL; i++) r[i] = (t[i] & take) | (r[i] & ~take);
      let carry = take & 1;
      for (let i = 0; i < qL; i++) {
        const v = quo[i] + carry;
        quo[i] = v & 0xffff;
        carry = v >>> 16;
      }
    }
    for (let i = 0; i < rem.length; i++) rem[i] = i < rL ? r[i] : 0; // public bound
    q1.fill(0);
    q2.fill(0);
    qB.fill(0);
    r.fill(0);
    t.fill(0);
  }
}
