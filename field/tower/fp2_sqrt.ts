/**
 * Square roots in Fp2 = Fp[u]/(u² + 1), p ≡ 3 (mod 4), through the norm: two exponentiations in Fp
 * instead of two (or one of twice the length) in Fp2.
 *
 * The "complex method" (Scott, "Implementing cryptographic pairings", 2007, §4; Adj and
 * Rodríguez-Henríquez, ePrint 2012/685, Algorithm 8), made constant-time and inversion-free:
 * for w = a + b·u a square, N = a² + b² = s² (s ∈ Fp), t = (a + s)/2 (or (a − s)/2 when a + s = 0, which
 * happens only for b = 0), then with y = t^((p−3)/4):
 * - t a square in Fp (t·y² = 1): √w = t·y + (b·y/2)·u, since (t·y)² = t and 1/(t·y) = y;
 * - t not a square (t·y² = −1): −t is one and √w = −(b·y/2) + (t·y)·u; indeed (t·y)² = −t and
 *   t − b²/(4t) = a.
 * Whether w is a square is read off the same power: N is a square in Fp iff w is one in Fp2, and
 * s = N^((p+1)/4) squares to N exactly then (to −N otherwise).
 *
 * sqrt_ratio(u, v) of RFC 9380 (§F.2.1: y = √(u/v) and 1 if u/v is a square, else y = √(Z·u/v) and
 * 0) follows with one constant-time Fp inversion: w = u·v̄/N(v); if w is not a square, Z·w is one,
 * and its norm's root is s·c_Z with c_Z = N(Z)^((p+1)/4) (both norms non-squares: (−N)(−N(Z))).
 *
 * Costs (M, S, I of Fp; E an exponentiation by a (log₂ p)-bit public exponent, ≈ log₂ p S + log₂ p/4 M):
 * sqrt 2E + 8M + 4S; sqrtRatio 2E + I + 12M + 6S. The generic forms they replace cost two Fp2
 * exponentiations (sqrt, Algorithm 9 of the same paper) or one by a 2·log₂ p-bit exponent (RFC 9380
 * §F.2.1.1), each Fp2 step ≈ 2–3 M. Every selection is a `cmov`; loop bounds and exponents are public.
 * @module
 */
import type { FieldKernel } from "../kernel.ts";

/** The slots and constants of the norm method for one base-field kernel. */
export class Fp2NormSqrt {
  private readonly k: FieldKernel;
  /** (p + 1)/4 and (p − 3)/4. */
  private readonly eRoot: bigint;
  private readonly eInvRoot: bigint;
  /** Slots: 1/2, 1, then scratch (8 base slots). */
  private readonly half: number;
  private readonly one: number;
  private readonly s: number;

  /** For the base-field kernel `k` (p ≡ 3 mod 4; Fp2 elements are slot pairs (c0, c1)). */
  constructor(k: FieldKernel) {
    if ((k.p & 3n) !== 3n) throw new RangeError(`Fp2NormSqrt: ${k.name} is not ≡ 3 (mod 4)`);
    this.k = k;
    this.eRoot = (k.p + 1n) / 4n;
    this.eInvRoot = (k.p - 3n) / 4n;
    this.half = k.alloc(1);
    k.setBigintVartime(this.half, (k.p + 1n) / 2n);
    this.one = k.alloc(1);
    k.setOne(this.one);
    this.s = k.alloc(8);
  }

  /** out ← N(a) = a0² + a1² (in Fp). 2S + 1A. `out` must not alias a's second coefficient. */
  norm(out: number, a: number): void {
    const k = this.k, t = this.s + 7;
    k.sqr(t, a + 1);
    k.sqr(out, a);
    k.add(out, out, t);
  }

  /**
   * out ← a root of a and 1 if a is a square (0 included), else out ← 0 and 0. Constant-time.
   * `out` may alias `a`.
   */
  sqrt(out: number, a: number): number {
    const k = this.k, s = this.s, N = s, root = s + 1, t = s + 2;
    this.norm(N, a);
    k.pow(root, N, this.eRoot); //        s = N^((p+1)/4)
    k.sqr(t, root);
    const ok = k.eq(t, N); //             w is a square iff s² = N
    this.rootOfSquare(out, a, root);
    k.setZero(t);
    k.cmov(out, t, 1 - ok);
    k.cmov(out + 1, t, 1 - ok);
    k.wipe(s, 8);
    return ok;
  }

  /**
   * sqrt_ratio(u, v) of RFC 9380 §F.2.1 for v ≠ 0 and a non-square Z: out ← √(u/v), 1 if u/v is a
   * square; else out ← √(Z·u/v), 0. `z` holds Z, `cz` holds N(Z)^((p+1)/4) (see {@linkcode normRoot}).
   * `out` must not alias u, v or z. Constant-time.
   */
  sqrtRatio(out: number, u: number, v: number, z: number, cz: number): number {
    const k = this.k, s = this.s, N = s, root = s + 1, t = s + 2, w = out;
    this.norm(N, v); //                   1/v = v̄/N(v)
    k.inv(N, N);
    k.mul(t, u, v); //                    w = u·v̄ = (u0v0 + u1v1) + (u1v0 − u0v1)·u
    k.mul(t + 1, u + 1, v + 1);
    k.add(t + 2, t, t + 1);
    k.mul(t, u + 1, v);
    k.mul(t + 1, u, v + 1);
    k.sub(w + 1, t, t + 1);
    k.copy(w, t + 2);
    k.mul(w, w, N); //                    w = u/v
    k.mul(w + 1, w + 1, N);
    this.norm(N, w);
    k.pow(root, N, this.eRoot);
    k.sqr(t, root);
    const isQR = k.eq(t, N);
    // Not a square: w ← Z·w (Fp2 product, Karatsuba-free schoolbook: 4M + 2A), s ← s·c_Z.
    k.mul(t, w, z);
    k.mul(t + 1, w + 1, z + 1);
    k.sub(t + 4, t, t + 1);
    k.mul(t, w, z + 1);
    k.mul(t + 1, w + 1, z);
    k.add(t + 5, t, t + 1);
    k.cmov(w, t + 4, 1 - isQR);
    k.cmov(w + 1, t + 5, 1 - isQR);
    k.mul(t, root, cz);
    k.cmov(root, t, 1 - isQR);
    this.rootOfSquare(out, w, root);
    k.wipe(s, 8);
    return isQR;
  }

  /**
   * out ← N(Z)^((p+1)/4) for the slot pair z (the constant `cz` of {@linkcode sqrtRatio}); public Z.
   */
  normRoot(out: number, z: number): void {
    this.norm(out, z);
    this.k.pow(out, out, this.eRoot);
  }

  /**
   * out ← √w for a square w = a + b·u given `root` = a root of N(w) in Fp (the module comment's
   * t, y). `out` may alias w; uses scratch s + 2 … s + 6.
   */
  private rootOfSquare(out: number, w: number, root: number): void {
    const k = this.k, s = this.s, t = s + 2, y = s + 3, ty = s + 4, by = s + 5, q = s + 6;
    k.add(t, w, root); //                 t = (a + s)/2, or (a − s)/2 when that is 0
    k.mul(t, t, this.half);
    k.sub(q, w, root);
    k.mul(q, q, this.half);
    k.cmov(t, q, k.isZero(t));
    k.pow(y, t, this.eInvRoot); //        y = t^((p−3)/4)
    k.mul(ty, t, y);
    k.mul(by, w + 1, y);
    k.mul(by, by, this.half);
    k.mul(q, ty, y); //                   t·y² = ±1
    const square = k.eq(q, this.one);
    k.neg(q, by);
    k.copy(out, ty); //                   t a square: t·y + (b·y/2)·u
    k.copy(out + 1, by);
    k.cmov(out, q, 1 - square); //        else: −b·y/2 + (t·y)·u
    k.cmov(out + 1, ty, 1 - square);
  }
}
