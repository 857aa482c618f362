/**
 * The simplified Shallue–van de Woestijne–Ulas map for AB ≠ 0 (RFC 9380 §6.6.2, straight-line form of
 * Appendix F.2) and its sqrt_ratio (Appendix F.2.1.1, the generic constant-time version: one
 * exponentiation by (q − 1 − 2^c1)/2^(c1+1) plus c1 − 1 small steps, c1 the 2-adicity of q − 1: c1 = 1
 * for Fp of BLS12-381 (p ≡ 3 mod 4), c1 = 3 for Fp2 (p² ≡ 9 mod 16)). A field may bring a faster one
 * (`H2cField.sqrtRatioFor`): Fp2 does, through the norm (field/tower/fp2_sqrt.ts: two Fp exponentiations
 * and one inversion instead of one Fp2 exponentiation by a 760-bit exponent).
 *
 * Written over a {@linkcode H2cField} (Fp or Fp2 slots), constant-time: selections by `cmov`, no branch
 * on data. The map returns x as a fraction N/D (the division of step 25 is left to the caller, which
 * folds D into the isogeny's projective output and so saves an inversion).
 * Cost: 1 sqrt_ratio + ≈ 14M + 2 sgn0.
 * @module
 */
import type { CoordField } from "../group/coord_field.ts";

/** What hash-to-curve needs of a field besides a {@linkcode CoordField}. */
export interface H2cField<V> {
  /** The coordinate field (slots of the group's kernel). */
  readonly F: CoordField<V>;
  /** The field order q (p or p²). */
  readonly q: bigint;
  /** out ← a^e for a public e; constant-time in a. */
  pow(out: number, a: number, e: bigint): void;
  /** sgn0(a) of RFC 9380 §4.1 (0 or 1), constant-time. */
  sgn0(a: number): number;
  /**
   * A faster constant-time sqrt_ratio for the non-square in slot `z`, where the field has one (Fp2:
   * through the norm, field/tower/fp2_sqrt.ts); same contract as {@linkcode SqrtRatio.run}.
   */
  sqrtRatioFor?(z: number): (out: number, u: number, v: number) => number;
}

/** sqrt_ratio(u, v) of RFC 9380 Appendix F.2.1.1 with its constants c1…c7 for one field and Z. */
export class SqrtRatio<V> {
  private readonly h: H2cField<V>;
  private readonly c1: number;
  private readonly c3: bigint;
  private readonly c4: bigint;
  private readonly c5: bigint;
  private readonly c2: bigint;
  /** The slot holding Z (the caller's, kept). */
  private readonly z: number;
  /** Slots: c6 = Z^c2, c7 = Z^((c2+1)/2), one, and scratch tv1…tv5. */
  private readonly s: number;
  /** Whether c6 and c7 are in their slots yet. */
  private powers = false;
  /** The field's own sqrt_ratio, used instead of the generic steps when it has one. */
  private readonly own: ((out: number, u: number, v: number) => number) | undefined;

  /**
   * Derives c1…c5 from q for the slot `z` holding Z (a non-square; it must keep Z). c6 and c7, two
   * exponentiations by about log₂q bits, wait for the first generic run: a field with its own
   * sqrt_ratio (Fp2) never needs them, and a cold first hash to G2 spent milliseconds on them.
   */
  constructor(h: H2cField<V>, z: number) {
    this.h = h;
    let c1 = 0, c2 = h.q - 1n;
    while ((c2 & 1n) === 0n) {
      c2 >>= 1n;
      c1++;
    }
    this.c1 = c1;
    this.c2 = c2;
    this.c3 = (c2 - 1n) / 2n;
    this.c4 = (1n << BigInt(c1)) - 1n;
    this.c5 = 1n << BigInt(c1 - 1);
    this.z = z;
    this.s = h.F.alloc(8);
    this.own = h.sqrtRatioFor?.(z);
  }

  /** c6 = Z^c2, c7 = Z^((c2+1)/2) and one into their slots, once (public constants). */
  private constants(): void {
    if (this.powers) return;
    const h = this.h, F = h.F, n = F.size;
    h.pow(this.s, this.z, this.c2);
    h.pow(this.s + n, this.z, (this.c2 + 1n) / 2n);
    F.setOne(this.s + 2 * n);
    this.powers = true;
  }

  /**
   * (isQR, y) ← sqrt_ratio(u, v), v ≠ 0: y = √(u/v) if u/v is a square (returns 1), else √(Z·u/v)
   * (returns 0). Writes y into `out`, which must not alias u or v. Constant-time.
   */
  run(out: number, u: number, v: number): number {
    return this.own !== undefined ? this.own(out, u, v) : this.generic(out, u, v);
  }

  /** The steps of RFC 9380 Appendix F.2.1.1 (any field). */
  generic(out: number, u: number, v: number): number {
    this.constants();
    const h = this.h, F = h.F, n = F.size, s = this.s;
    const c6 = s, c7 = s + n, one = s + 2 * n;
    const tv1 = s + 3 * n, tv2 = s + 4 * n, tv3 = out, tv4 = s + 5 * n, tv5 = s + 6 * n;
    F.copy(tv1, c6); //               1. tv1 = c6
    h.pow(tv2, v, this.c4); //        2. tv2 = v^c4
    F.sqr(tv3, tv2); //               3. tv3 = tv2²
    F.mul(tv3, tv3, v); //            4. tv3 = tv3·v
    F.mul(tv5, u, tv3); //            5. tv5 = u·tv3
    h.pow(tv5, tv5, this.c3); //      6. tv5 = tv5^c3
    F.mul(tv5, tv5, tv2); //          7. tv5 = tv5·tv2
    F.mul(tv2, tv5, v); //            8. tv2 = tv5·v
    F.mul(tv3, tv5, u); //            9. tv3 = tv5·u
    F.mul(tv4, tv3, tv2); //         10. tv4 = tv3·tv2
    h.pow(tv5, tv4, this.c5); //     11. tv5 = tv4^c5
    const isQR = F.eq(tv5, one); //  12. isQR = tv5 == 1
    F.mul(tv2, tv3, c7); //          13. tv2 = tv3·c7
    F.mul(tv5, tv4, tv1); //         14. tv5 = tv4·tv1
    F.cmov(tv2, tv3, isQR); //       15. tv3 = CMOV(tv2, tv3, isQR)
    F.copy(tv3, tv2);
    F.cmov(tv5, tv4, isQR); //       16. tv4 = CMOV(tv5, tv4, isQR)
    F.copy(tv4, tv5);
    for (let i = this.c1; i >= 2; i--) { // 17. public loop bound
      h.pow(tv5, tv4, 1n << BigInt(i - 2)); // 18–20. tv5 = tv4^(2^(i−2))
      const e1 = F.eq(tv5, one); //  21. e1 = tv5 == 1
      F.mul(tv2, tv3, tv1); //       22. tv2 = tv3·tv1
      F.sqr(tv1, tv1); //            23. tv1 = tv1²
      F.mul(tv5, tv4, tv1); //       24. tv5 = tv4·tv1
      F.cmov(tv2, tv3, e1); //       25. tv3 = CMOV(tv2, tv3, e1)
      F.copy(tv3, tv2);
      F.cmov(tv5, tv4, e1); //       26. tv4 = CMOV(tv5, tv4, e1)
      F.copy(tv4, tv5);
    }
    F.wipe(tv1, 4);
    return isQR; //                  27. return (isQR, tv3)
  }
}

/** The simplified SWU map to E': y² = x³ + A'·x + B' (A'·B' ≠ 0) with non-square Z. */
export class Sswu<V> {
  private readonly h: H2cField<V>;
  private readonly sr: SqrtRatio<V>;
  /** Slots: A, B, Z, one, then scratch tv1…tv6, x, y1. */
  private readonly s: number;

  /** The map for curve constants A, B and the suite's Z (public values). */
  constructor(h: H2cField<V>, A: V, B: V, Z: V) {
    const F = h.F, n = F.size;
    this.h = h;
    this.s = F.alloc(12);
    F.setVartime(this.s, A);
    F.setVartime(this.s + n, B);
    F.setVartime(this.s + 2 * n, Z);
    F.setOne(this.s + 3 * n);
    this.sr = new SqrtRatio(h, this.s + 2 * n);
  }

  /**
   * map_to_curve_simple_swu(u) (RFC 9380 §6.6.2, Appendix F.2 steps 1–24): writes x' = xn/xd and y'
   * into the slots `xn`, `xd`, `y` (distinct, none aliasing u). Constant-time.
   */
  map(xn: number, xd: number, y: number, u: number): void {
    const h = this.h, F = h.F, n = F.size, s = this.s;
    const A = s, B = s + n, Z = s + 2 * n, one = s + 3 * n;
    const tv1 = s + 4 * n, tv2 = s + 5 * n, tv3 = s + 6 * n, tv4 = xd, tv5 = s + 7 * n, tv6 = s + 8 * n;
    const y1 = s + 9 * n, t = s + 10 * n;
    F.sqr(tv1, u); //                       1. tv1 = u²
    F.mul(tv1, Z, tv1); //                  2. tv1 = Z·tv1
    F.sqr(tv2, tv1); //                     3. tv2 = tv1²
    F.add(tv2, tv2, tv1); //                4. tv2 = tv2 + tv1
    F.add(tv3, tv2, one); //                5. tv3 = tv2 + 1
    F.mul(tv3, B, tv3); //                  6. tv3 = B·tv3
    F.neg(t, tv2); //                       7. tv4 = CMOV(Z, −tv2, tv2 ≠ 0)
    F.copy(tv4, Z);
    F.cmov(tv4, t, 1 - F.isZero(tv2));
    F.mul(tv4, A, tv4); //                  8. tv4 = A·tv4
    F.sqr(tv2, tv3); //                     9. tv2 = tv3²
    F.sqr(tv6, tv4); //                    10. tv6 = tv4²
    F.mul(tv5, A, tv6); //                 11. tv5 = A·tv6
    F.add(tv2, tv2, tv5); //               12. tv2 = tv2 + tv5
    F.mul(tv2, tv2, tv3); //               13. tv2 = tv2·tv3
    F.mul(tv6, tv6, tv4); //               14. tv6 = tv6·tv4
    F.mul(tv5, B, tv6); //                 15. tv5 = B·tv6
    F.add(tv2, tv2, tv5); //               16. tv2 = tv2 + tv5
    F.mul(xn, tv1, tv3); //                17. x = tv1·tv3
    const isQR = this.sr.run(y1, tv2, tv6); // 18. (is_gx1_square, y1) = sqrt_ratio(tv2, tv6)
    F.mul(y, tv1, u); //                   19. y = tv1·u
    F.mul(y, y, y1); //                    20. y = y·y1
    F.cmov(xn, tv3, isQR); //              21. x = CMOV(x, tv3, is_gx1_square)
    F.cmov(y, y1, isQR); //                22. y = CMOV(y, y1, is_gx1_square)
    const e1 = 1 ^ h.sgn0(u) ^ h.sgn0(y); // 23. e1 = sgn0(u) == sgn0(y)
    F.neg(t, y); //                        24. y = CMOV(−y, y, e1)
    F.cmov(y, t, 1 - e1);
    F.wipe(tv1, 8); //                     (25. x = x/tv4: left to the caller, xd = tv4)
  }
}
