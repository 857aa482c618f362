/**
 * Fp6 = Fp2[v]/(v³ − ξ): an element is three consecutive Fp2 elements (c0, c1, c2) = c0 + c1·v + c2·v²
 * (6 base slots), addressed by the first base slot. Costs count Fp2 operations (m mul, s square,
 * a add/sub). `out` may alias any input; nothing allocates per call or branches on element values.
 * @module
 */
import type { Fp2Ops } from "./fp2.ts";
import type { FrobeniusTable } from "./frobenius.ts";
import type { Fp2Value } from "./fp2_value.ts";

/** Fp6 arithmetic over an Fp2 layer. */
export class Fp6 {
  /** The Fp2 layer. */
  readonly fp2: Fp2Ops;
  /** Scratch: 8 Fp2 elements (16 base slots), private to this object's methods. */
  protected readonly t: number;
  /** Second scratch area (inv, which calls mul-like steps). */
  private readonly s: number;
  /** frob[k − 1][i]: γ_{k,2i} as Fp2 slots (v^(p^k) = γ_{k,2}·v), k = 1, 2, 3. */
  private readonly frob: number[][];

  /** Fp6 over `fp2`; reserves scratch and the Frobenius constants γ_{k,2}, γ_{k,4} in the arena. */
  constructor(fp2: Fp2Ops, table: FrobeniusTable) {
    this.fp2 = fp2;
    this.t = fp2.alloc(8);
    this.s = fp2.alloc(4);
    // γ_{2,j} = N(γ_{1,j}) lies in Fp: frobenius(·, 2) multiplies by base-field slots.
    if (table.gamma[1].some((g) => g.c1 !== 0n)) throw new Error("Fp6: γ_{2,j} not in Fp");
    this.frob = table.gamma.map((row) =>
      [row[2], row[4]].map((g: Fp2Value) => {
        const slot = fp2.alloc();
        fp2.setBigintVartime(slot, g);
        return slot;
      })
    );
  }

  /** Reserves `count` consecutive zeroed Fp6 elements (6·count base slots); returns the first. */
  alloc(count = 1): number {
    return this.fp2.fp.alloc(6 * count);
  }

  /** out ← a + b. 3a. */
  add(out: number, a: number, b: number): void {
    const f = this.fp2;
    f.add(out, a, b);
    f.add(out + 2, a + 2, b + 2);
    f.add(out + 4, a + 4, b + 4);
  }
  /** out ← a − b. 3a. */
  sub(out: number, a: number, b: number): void {
    const f = this.fp2;
    f.sub(out, a, b);
    f.sub(out + 2, a + 2, b + 2);
    f.sub(out + 4, a + 4, b + 4);
  }
  /** out ← 2a. */
  dbl(out: number, a: number): void {
    const f = this.fp2;
    f.dbl(out, a);
    f.dbl(out + 2, a + 2);
    f.dbl(out + 4, a + 4);
  }
  /** out ← −a. */
  neg(out: number, a: number): void {
    const f = this.fp2;
    f.neg(out, a);
    f.neg(out + 2, a + 2);
    f.neg(out + 4, a + 4);
  }
  /** out ← a. */
  copy(out: number, a: number): void {
    const f = this.fp2;
    f.copy(out, a);
    f.copy(out + 2, a + 2);
    f.copy(out + 4, a + 4);
  }
  /** out ← 0. */
  setZero(out: number): void {
    this.fp2.fp.wipe(out, 6);
  }
  /** out ← 1. */
  setOne(out: number): void {
    this.fp2.fp.wipe(out, 6);
    this.fp2.fp.setOne(out);
  }
  /** 1 if a = b, else 0 (constant-time). */
  eq(a: number, b: number): number {
    const f = this.fp2;
    return f.eq(a, b) & f.eq(a + 2, b + 2) & f.eq(a + 4, b + 4);
  }
  /** 1 if a = 0, else 0 (constant-time). */
  isZero(a: number): number {
    const f = this.fp2;
    return f.isZero(a) & f.isZero(a + 2) & f.isZero(a + 4);
  }
  /** out ← a if flag = 1, unchanged if flag = 0. */
  cmov(out: number, a: number, flag: number): void {
    const f = this.fp2;
    f.cmov(out, a, flag);
    f.cmov(out + 2, a + 2, flag);
    f.cmov(out + 4, a + 4, flag);
  }
  /** Swaps a and b if flag = 1. */
  cswap(a: number, b: number, flag: number): void {
    const f = this.fp2;
    f.cswap(a, b, flag);
    f.cswap(a + 2, b + 2, flag);
    f.cswap(a + 4, b + 4, flag);
  }

  /** out ← a·v = ξ·c2 + c0·v + c1·v² (the non-residue of Fp12 over Fp6). 1 multiplication by ξ. */
  mulByV(out: number, a: number): void {
    const f = this.fp2, t = this.t;
    f.mulByXi(t, a + 4);
    f.copy(out + 4, a + 2);
    f.copy(out + 2, a);
    f.copy(out, t);
  }

  /**
   * out ← a·b, Karatsuba over Fp2: 6m + 15a + 2 multiplications by ξ (Devegili–Ó hÉigeartaigh–Scott–Dahab,
   * ePrint 2006/471, §4):
   *   c0 = t0 + ξ((a1 + a2)(b1 + b2) − t1 − t2),  c1 = (a0 + a1)(b0 + b1) − t0 − t1 + ξ·t2,
   *   c2 = (a0 + a2)(b0 + b2) − t0 − t2 + t1,     with ti = ai·bi.
   */
  mul(out: number, a: number, b: number): void {
    const f = this.fp2, t = this.t;
    const t0 = t, t1 = t + 2, t2 = t + 4, x = t + 6, y = t + 8, c0 = t + 10, c1 = t + 12;
    f.mul(t0, a, b);
    f.mul(t1, a + 2, b + 2);
    f.mul(t2, a + 4, b + 4);
    f.add(x, a + 2, a + 4);
    f.add(y, b + 2, b + 4);
    f.mul(c0, x, y);
    f.sub(c0, c0, t1);
    f.sub(c0, c0, t2);
    f.mulByXi(c0, c0);
    f.add(c0, c0, t0);
    f.add(x, a, a + 2);
    f.add(y, b, b + 2);
    f.mul(c1, x, y);
    f.sub(c1, c1, t0);
    f.sub(c1, c1, t1);
    f.add(x, a, a + 4); //              (inputs read for the last time)
    f.add(y, b, b + 4);
    f.mul(out + 4, x, y);
    f.sub(out + 4, out + 4, t0);
    f.sub(out + 4, out + 4, t2);
    f.add(out + 4, out + 4, t1);
    f.mulByXi(t2, t2);
    f.add(out + 2, c1, t2);
    f.copy(out, c0);
  }

  /**
   * out ← a², Chung–Hasan SQR2 ("Asymmetric squaring formulae", ARITH 2007): 2m + 3s + 9a:
   *   s0 = a0², s1 = 2a0a1, s2 = (a0 − a1 + a2)², s3 = 2a1a2, s4 = a2²;
   *   c0 = s0 + ξs3, c1 = s1 + ξs4, c2 = s1 + s2 + s3 − s0 − s4.
   */
  sqr(out: number, a: number): void {
    const f = this.fp2, t = this.t;
    const s0 = t, s1 = t + 2, s2 = t + 4, s3 = t + 6, s4 = t + 8, x = t + 10;
    f.sqr(s0, a);
    f.mul(s1, a, a + 2);
    f.dbl(s1, s1);
    f.sub(s2, a, a + 2);
    f.add(s2, s2, a + 4);
    f.sqr(s2, s2);
    f.mul(s3, a + 2, a + 4);
    f.dbl(s3, s3);
    f.sqr(s4, a + 4); //                (inputs read for the last time)
    f.mulByXi(x, s3);
    f.add(out, s0, x);
    f.mulByXi(x, s4);
    f.add(x, x, s1); //                 c1 (kept until c2 no longer needs s1)
    f.add(out + 4, s1, s2);
    f.add(out + 4, out + 4, s3);
    f.sub(out + 4, out + 4, s0);
    f.sub(out + 4, out + 4, s4);
    f.copy(out + 2, x);
  }

  /** out ← a·b for b ∈ Fp2 (slot of an Fp2 element not overlapping out). 3m. */
  mulByFp2(out: number, a: number, b: number): void {
    const f = this.fp2;
    f.mul(out, a, b);
    f.mul(out + 2, a + 2, b);
    f.mul(out + 4, a + 4, b);
  }

  /** out ← a·(b1·v), sparse: (ξ·a2·b1, a0·b1, a1·b1). 3m. b1 must not overlap out. */
  mul1(out: number, a: number, b1: number): void {
    const f = this.fp2, t = this.t;
    f.mul(t, a + 4, b1);
    f.mulByXi(t, t);
    f.mul(out + 4, a + 2, b1);
    f.mul(out + 2, a, b1);
    f.copy(out, t);
  }

  /**
   * out ← a·(b0 + b1·v), sparse Karatsuba: 5m (b0, b1 must not overlap out):
   *   c0 = ξ((a1 + a2)·b1 − t1) + t0, c1 = (a0 + a1)(b0 + b1) − t0 − t1, c2 = (a0 + a2)·b0 − t0 + t1.
   */
  mul01(out: number, a: number, b0: number, b1: number): void {
    const f = this.fp2, t = this.t;
    const t0 = t, t1 = t + 2, x = t + 4, y = t + 6, c0 = t + 8, c1 = t + 10;
    f.mul(t0, a, b0);
    f.mul(t1, a + 2, b1);
    f.add(x, a + 2, a + 4);
    f.mul(c0, x, b1);
    f.sub(c0, c0, t1);
    f.mulByXi(c0, c0);
    f.add(c0, c0, t0);
    f.add(x, a, a + 2);
    f.add(y, b0, b1);
    f.mul(c1, x, y);
    f.sub(c1, c1, t0);
    f.sub(c1, c1, t1);
    f.add(x, a, a + 4);
    f.mul(out + 4, x, b0);
    f.sub(out + 4, out + 4, t0);
    f.add(out + 4, out + 4, t1);
    f.copy(out + 2, c1);
    f.copy(out, c0);
  }

  /**
   * out ← a^(p^k) for k = 1, 2, 3 (public): (frob_k(c0), frob_k(c1)·γ_{k,2}, frob_k(c2)·γ_{k,4}).
   * 2m (k odd) or 4M (k = 2, where the γ are in Fp).
   */
  frobenius(out: number, a: number, k: number): void {
    const f = this.fp2, g = this.frob[k - 1];
    if (g === undefined) throw new RangeError(`Fp6.frobenius: k must be 1, 2 or 3, got ${k}`);
    f.frobenius(out, a, k);
    f.frobenius(out + 2, a + 2, k);
    f.frobenius(out + 4, a + 4, k);
    if (k === 2) {
      f.mulByFp(out + 2, out + 2, g[0]);
      f.mulByFp(out + 4, out + 4, g[1]);
    } else {
      f.mul(out + 2, out + 2, g[0]);
      f.mul(out + 4, out + 4, g[1]);
    }
  }

  /**
   * out ← a⁻¹ (0 ↦ 0), constant-time (Scott, "Implementing cryptographic pairings", 2007, §4; as in
   * ePrint 2010/354 Alg. 17): C0 = a0² − ξa1a2, C1 = ξa2² − a0a1, C2 = a1² − a0a2,
   * N = a0C0 + ξ(a2C1 + a1C2), a⁻¹ = (C0, C1, C2)·N⁻¹. 9m + 3s + Fp2 inversion.
   */
  inv(out: number, a: number): void {
    const f = this.fp2, s = this.s;
    const C0 = s, C1 = s + 2, C2 = s + 4, x = s + 6;
    f.sqr(C0, a);
    f.mul(x, a + 2, a + 4);
    f.mulByXi(x, x);
    f.sub(C0, C0, x);
    f.sqr(C1, a + 4);
    f.mulByXi(C1, C1);
    f.mul(x, a, a + 2);
    f.sub(C1, C1, x);
    f.sqr(C2, a + 2);
    f.mul(x, a, a + 4);
    f.sub(C2, C2, x);
    f.mul(x, a + 4, C1);
    const y = this.t;
    f.mul(y, a + 2, C2);
    f.add(x, x, y);
    f.mulByXi(x, x);
    f.mul(y, a, C0);
    f.add(x, x, y);
    f.inv(x, x);
    f.mul(out, C0, x);
    f.mul(out + 2, C1, x);
    f.mul(out + 4, C2, x);
    f.fp.wipe(s, 8);
    f.fp.wipe(y, 2);
  }

  /** out ← coefficients (c0, c1, c2) given as public integers. */
  setBigintVartime(out: number, c: readonly Fp2Value[]): void {
    for (let i = 0; i < 3; i++) this.fp2.setBigintVartime(out + 2 * i, c[i]);
  }
  /** The three coefficients as integers, for public values. */
  toBigintVartime(a: number): Fp2Value[] {
    return [0, 2, 4].map((i) => this.fp2.toBigintVartime(a + i));
  }

  /** Zeroes this object's scratch. */
  wipeScratch(): void {
    this.fp2.fp.wipe(this.t, 16);
    this.fp2.fp.wipe(this.s, 8);
  }
}
