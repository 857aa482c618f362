/**
 * An isogeny from an SWU curve E' to the curve E (RFC 9380 §6.6.3), as a rational map
 * (x, y) ↦ (x_num(x)/x_den(x), y·y_num(x)/y_den(x)) with monic denominators; the coefficients are the
 * curve's data (BLS12-381: curves/bls12_381/isogeny.ts).
 *
 * Evaluation without inversion: the SWU map hands x' = N/D as a fraction, each polynomial of degree d
 * is evaluated homogenised, P(N, D) = Σ kᵢ·Nⁱ·D^(d−i) by Horner's rule (2M per coefficient, with the
 * powers of D computed once), and the point is returned projectively (X : Y : Z) with
 * X = XN·YD, Y = y'·YN·XD, Z = XD·YD, where XN/XD = x and YN/YD = y_num/y_den after equalising the D
 * powers. A pole of the map (a point of the kernel: XD = YD = 0) gives Z = 0 and is sent to the
 * identity by cmov (RFC 9380 §6.6.3: "the isogeny map sends exceptional inputs to the identity").
 * Cost, a degree-d map: d M for D's powers + 2M per coefficient + 5M (BLS12-381 G1, d = 11: ≈ 130M;
 * G2, d = 3: ≈ 35 Fp2 M).
 * @module
 */
import type { CoordField } from "../group/coord_field.ts";
import type { Projective } from "../group/projective.ts";

/** Ascending coefficients k₀…k_d of x_num, x_den, y_num, y_den; the denominators' leading 1 omitted. */
export interface IsogenyCoefficients<V> {
  /** x_num, degree d + 1 where d is x_den's degree. */
  readonly xNum: readonly V[];
  /** x_den without its leading 1. */
  readonly xDen: readonly V[];
  /** y_num, the degree of y_den. */
  readonly yNum: readonly V[];
  /** y_den without its leading 1. */
  readonly yDen: readonly V[];
}

/** A polynomial's coefficient slots (ascending) and its degree; `monic` when the top 1 is implicit. */
interface Poly {
  readonly first: number;
  readonly degree: number;
  readonly monic: boolean;
}

/** An isogeny E' → E evaluated on slots of E's projective law. */
export class Isogeny<V> {
  private readonly law: Projective<V>;
  private readonly F: CoordField<V>;
  private readonly polys: readonly [Poly, Poly, Poly, Poly];
  /** Largest degree: powers D¹…D^maxDeg are kept. */
  private readonly maxDeg: number;
  /** Scratch: D powers (maxDeg), XN, XD, YN, YD, t, identity point (3). */
  private readonly s: number;

  /** The map with coefficients `c` on `law`'s coordinate field (E: the law's curve). */
  constructor(law: Projective<V>, c: IsogenyCoefficients<V>) {
    this.law = law;
    const F = this.F = law.F, n = F.size;
    const poly = (ks: readonly V[], monic: boolean): Poly => {
      const first = F.alloc(ks.length);
      ks.forEach((k, i) => F.setVartime(first + i * n, k));
      return { first, degree: monic ? ks.length : ks.length - 1, monic };
    };
    this.polys = [poly(c.xNum, false), poly(c.xDen, true), poly(c.yNum, false), poly(c.yDen, true)];
    this.maxDeg = Math.max(...this.polys.map((p) => p.degree));
    this.s = F.alloc(this.maxDeg + 8);
    law.setZero(this.s + (this.maxDeg + 5) * n);
  }

  /**
   * out ← the image of the E' point (N/D, y) as a projective point of E (D ≠ 0); the slots of N, D, y
   * must not alias out. Constant-time.
   */
  apply(out: number, N: number, D: number, y: number): void {
    const F = this.F, n = F.size, s = this.s, m = this.maxDeg;
    const pw = (j: number) => s + (j - 1) * n; // D^j, j = 1…m
    const XN = s + m * n, XD = XN + n, YN = XD + n, YD = YN + n, t = YD + n, zero = t + n;
    F.copy(pw(1), D);
    for (let j = 2; j <= m; j++) F.mul(pw(j), pw(j - 1), D);
    const [xNum, xDen, yNum, yDen] = this.polys;
    this.horner(XN, xNum, N, pw, t);
    this.horner(XD, xDen, N, pw, t);
    this.horner(YN, yNum, N, pw, t);
    this.horner(YD, yDen, N, pw, t);
    // Equalise degrees: x = XN/(XD·D^(dxn−dxd)), y = y'·YN·D^(dyd−dyn)/YD (each difference ≥ 0 here).
    if (xNum.degree > xDen.degree) F.mul(XD, XD, pw(xNum.degree - xDen.degree));
    if (yDen.degree > yNum.degree) F.mul(YN, YN, pw(yDen.degree - yNum.degree));
    F.mul(out + 2 * n, XD, YD); //  Z = XD·YD
    F.mul(out, XN, YD); //          X = XN·YD
    F.mul(t, y, YN); //             Y = y'·YN·XD
    F.mul(out + n, t, XD);
    this.law.cmov(out, zero, F.isZero(out + 2 * n)); // a pole: the identity
    F.wipe(s, m + 5);
  }

  /** out ← P(N, D) homogenised to P's degree: Horner from the top coefficient. */
  private horner(out: number, p: Poly, N: number, pw: (j: number) => number, t: number): void {
    const F = this.F, n = F.size, d = p.degree;
    if (p.monic) F.setOne(out);
    else F.copy(out, p.first + d * n);
    for (let i = d - 1; i >= 0; i--) { // out = out·N + kᵢ·D^(d−i)
      F.mul(out, out, N);
      F.mul(t, p.first + i * n, pw(d - i));
      F.add(out, out, t);
    }
  }
}
