/**
 * Fp12 = Fp6[w]/(w² − v): an element is two consecutive Fp6 elements (c0, c1) = c0 + c1·w (12 base
 * slots), addressed by the first base slot. Inside, the six Fp2 coefficients sit at base-slot offsets
 * 0, 2, 4 (c0.c0, c0.c1, c0.c2 = coefficients of 1, w², w⁴) and 6, 8, 10 (c1.c0, c1.c1, c1.c2 = w, w³, w⁵).
 * Costs count Fp2 operations (m mul, s square). `out` may alias any input (sparse operands excepted,
 * see each method); nothing allocates per call or branches on element values.
 * @module
 */
import type { Fp2Ops } from "./fp2.ts";
import type { Fp6 } from "./fp6.ts";
import type { FrobeniusTable } from "./frobenius.ts";
import type { Fp2Value } from "./fp2_value.ts";
import { slidingWindow } from "./window.ts";

/** Fp12 arithmetic over an {@linkcode Fp6}. */
export class Fp12 {
  /** The Fp6 layer. */
  readonly fp6: Fp6;
  /** The Fp2 layer. */
  readonly fp2: Fp2Ops;
  /** Scratch: 4 Fp6 elements (24 base slots), private to this object's methods. */
  private readonly t: number;
  /** Scratch for pow: the table of 8 odd powers, the accumulator and a² (10 Fp12 elements). */
  private readonly u: number;
  /** frob[k − 1] = γ_{k,1} = ξ^((p^k − 1)/6) as an Fp2 slot (w^(p^k) = γ_{k,1}·w), k = 1, 2, 3. */
  private readonly frob: number[];
  /** The Fp2 element 1 (decompression). */
  private readonly one2: number;

  /** Fp12 over `fp6`; reserves scratch and the Frobenius constants γ_{k,1} in the arena. */
  constructor(fp6: Fp6, table: FrobeniusTable) {
    this.fp6 = fp6;
    this.fp2 = fp6.fp2;
    this.t = fp6.alloc(4);
    this.u = fp6.alloc(20);
    this.one2 = this.fp2.alloc();
    this.fp2.setBigintVartime(this.one2, { c0: 1n, c1: 0n });
    this.frob = table.gamma.map((row) => {
      const slot = this.fp2.alloc();
      this.fp2.setBigintVartime(slot, row[1]);
      return slot;
    });
  }

  /** Reserves `count` consecutive zeroed Fp12 elements (12·count base slots); returns the first. */
  alloc(count = 1): number {
    return this.fp2.fp.alloc(12 * count);
  }

  /** out ← a + b. */
  add(out: number, a: number, b: number): void {
    this.fp6.add(out, a, b);
    this.fp6.add(out + 6, a + 6, b + 6);
  }
  /** out ← a − b. */
  sub(out: number, a: number, b: number): void {
    this.fp6.sub(out, a, b);
    this.fp6.sub(out + 6, a + 6, b + 6);
  }
  /** out ← −a. */
  neg(out: number, a: number): void {
    this.fp6.neg(out, a);
    this.fp6.neg(out + 6, a + 6);
  }
  /** out ← a. */
  copy(out: number, a: number): void {
    this.fp6.copy(out, a);
    this.fp6.copy(out + 6, a + 6);
  }
  /** out ← 0. */
  setZero(out: number): void {
    this.fp2.fp.wipe(out, 12);
  }
  /** out ← 1. */
  setOne(out: number): void {
    this.fp2.fp.wipe(out, 12);
    this.fp2.fp.setOne(out);
  }
  /** 1 if a = b, else 0 (constant-time). */
  eq(a: number, b: number): number {
    return this.fp6.eq(a, b) & this.fp6.eq(a + 6, b + 6);
  }
  /** 1 if a = 0, else 0 (constant-time). */
  isZero(a: number): number {
    return this.fp6.isZero(a) & this.fp6.isZero(a + 6);
  }
  /** 1 if a = 1, else 0 (constant-time). */
  isOne(a: number): number {
    const t = this.t;
    this.setOne(t);
    return this.eq(a, t);
  }
  /** out ← a if flag = 1, unchanged if flag = 0. */
  cmov(out: number, a: number, flag: number): void {
    this.fp6.cmov(out, a, flag);
    this.fp6.cmov(out + 6, a + 6, flag);
  }
  /** Swaps a and b if flag = 1. */
  cswap(a: number, b: number, flag: number): void {
    this.fp6.cswap(a, b, flag);
    this.fp6.cswap(a + 6, b + 6, flag);
  }
  /** out ← conjugate c0 − c1·w = a^(p⁶) (the inverse, for a in the cyclotomic subgroup). */
  conj(out: number, a: number): void {
    this.fp6.copy(out, a);
    this.fp6.neg(out + 6, a + 6);
  }

  /** out ← a·b, Karatsuba over Fp6: 3 Fp6 mul = 18m (ePrint 2006/471, §4): c0 = t0 + v·t1, c1 = (a0 + a1)(b0 + b1) − t0 − t1. */
  mul(out: number, a: number, b: number): void {
    const f = this.fp6, t = this.t;
    const t0 = t, t1 = t + 6, x = t + 12, y = t + 18;
    f.mul(t0, a, b);
    f.mul(t1, a + 6, b + 6);
    f.add(x, a, a + 6);
    f.add(y, b, b + 6);
    f.mul(out + 6, x, y);
    f.sub(out + 6, out + 6, t0);
    f.sub(out + 6, out + 6, t1);
    f.mulByV(t1, t1);
    f.add(out, t0, t1);
  }

  /** out ← a², complex squaring over Fp6: 2 Fp6 mul = 12m. c0 = (a0 + a1)(a0 + v·a1) − t − v·t, c1 = 2t, t = a0a1. */
  sqr(out: number, a: number): void {
    const f = this.fp6, t = this.t;
    const ab = t, x = t + 6, y = t + 12;
    f.mul(ab, a, a + 6);
    f.add(x, a, a + 6);
    f.mulByV(y, a + 6);
    f.add(y, y, a);
    f.mul(out, x, y);
    f.sub(out, out, ab);
    f.mulByV(x, ab);
    f.sub(out, out, x);
    f.dbl(out + 6, ab);
  }

  /**
   * out ← a² for a in the cyclotomic subgroup G_Φ6(p²) (a^(p⁴ − p² + 1) = 1), Granger–Scott,
   * "Faster squaring in the cyclotomic subgroup of sixth degree extensions", PKC 2010, §3.1: three
   * squarings in Fp4 = Fp2[w³]/(w⁶ − ξ) over the pairs (c0.c0, c1.c1), (c1.c0, c0.c2), (c0.c1, c1.c2).
   * 9s (each Fp4 squaring: 3s) + 1 multiplication by ξ. Wrong for elements outside the subgroup.
   */
  cyclotomicSqr(out: number, a: number): void {
    const f = this.fp2, t = this.t;
    const t3 = t, t4 = t + 2, t5 = t + 4, t6 = t + 6, t7 = t + 8, t8 = t + 10;
    this.fp4Sqr(t3, t4, a, a + 8, t + 12); //       (c00, c11)
    this.fp4Sqr(t5, t6, a + 6, a + 4, t + 16); //   (c10, c02)
    this.fp4Sqr(t7, t8, a + 2, a + 10, t + 20); //  (c01, c12)
    f.mulByXi(t8, t8); //                   t9
    this.threeTMinusTwoC(out, t3, a, -1); //        c00' = 3·t3 − 2·c00
    this.threeTMinusTwoC(out + 2, t5, a + 2, -1); // c01' = 3·t5 − 2·c01
    this.threeTMinusTwoC(out + 4, t7, a + 4, -1); // c02' = 3·t7 − 2·c02
    this.threeTMinusTwoC(out + 6, t8, a + 6, 1); //  c10' = 3·t9 + 2·c10
    this.threeTMinusTwoC(out + 8, t4, a + 8, 1); //  c11' = 3·t4 + 2·c11
    this.threeTMinusTwoC(out + 10, t6, a + 10, 1); // c12' = 3·t6 + 2·c12
  }
  /**
   * The cyclotomic square on four of the six coefficients, (c0.c1, c0.c2, c1.c0, c1.c2) at base-slot
   * offsets 2, 4, 6, 10: Granger–Scott's formulas for those four read no other coefficient, so the
   * square of the compressed form is again a compressed form (Karabina, "Squaring in cyclotomic
   * subgroups", Math. Comp. 82 (2013)): with A = c1.c0², B = c0.c2², D = c0.c1², E = c1.c2²,
   *   c0.c1' = 3(A + ξB) − 2c0.c1,              c0.c2' = 3(D + ξE) − 2c0.c2,
   *   c1.c0' = 3ξ((c0.c1 + c1.c2)² − D − E) + 2c1.c0,  c1.c2' = 3((c1.c0 + c0.c2)² − A − B) + 2c1.c2.
   * 6s against the full square's 9s. Offsets 0 and 8 of `out` are left as they are (recover them with
   * {@linkcode decompressVartime}). `out` may be `a`. Wrong for elements outside the subgroup.
   */
  cyclotomicSqrCompressed(out: number, a: number): void {
    const f = this.fp2, t = this.t;
    this.fp4Sqr(t, t + 2, a + 6, a + 4, t + 12); //   (A + ξB, 2·c10·c02)
    this.fp4Sqr(t + 4, t + 6, a + 2, a + 10, t + 16); // (D + ξE, 2·c01·c12)
    f.mulByXi(t + 6, t + 6);
    this.threeTMinusTwoC(out + 2, t, a + 2, -1);
    this.threeTMinusTwoC(out + 4, t + 4, a + 4, -1);
    this.threeTMinusTwoC(out + 6, t + 6, a + 6, 1);
    this.threeTMinusTwoC(out + 10, t + 2, a + 10, 1);
  }

  /**
   * Recovers c0.c0 and c1.c1 of each compressed cyclotomic element at `slots` (offsets 2, 4, 6, 10
   * set, as {@linkcode cyclotomicSqrCompressed} leaves them), in place, with one inversion for all
   * (after Karabina, Math. Comp. 82 (2013), §3, derived again for this basis). Write f = a + b·w,
   * a = a0 + a1·v + a2·v², b = b0 + b1·v + b2·v² (v = w², v³ = ξ); a0 = c0.c0 and b1 = c1.c1 are
   * unknown. In the cyclotomic subgroup f·f̄ = 1 and Granger–Scott's square equals the generic one;
   * subtracting the two relations on a coefficient leaves one unknown:
   *   v:   b1 = (b0² + 3ξ·a2² − 2·a1) / (4ξ·b2),   v²: b1 = (3·a1² + ξ·b2² − 2·a2) / (4·b0) where b2 = 0;
   *   1:   a0 = ξ·(2·b1² + b0·b2 − 3·a1·a2) + 1.
   * Returns false, with nothing changed, when both denominators are 0 (e.g. f = 1): the caller then
   * squares in full. `t`: 3·slots.length Fp2 elements of scratch. Variable-time: public values only
   * (pairings). The first formula is one call of {@linkcode decompressTerms} (compiled in wasm);
   * `relation` "v²" takes the second one for every element (tests: both hold in the subgroup).
   */
  decompressVartime(slots: readonly number[], t: number, relation: "v" | "v²" = "v"): boolean {
    const f = this.fp2, k = slots.length, pre = t + 4 * k; // per value: denominator, numerator
    const den = (i: number) => t + 4 * i, s0 = this.t, s1 = s0 + 2, s2 = s0 + 4;
    for (let i = 0; i < k; i++) {
      this.decompressTerms(den(i), slots[i]);
      // b2 = 0 (public value), or a test asking for it: the v² relation
      if (relation === "v²" || f.isZero(den(i)) === 1) {
        const c = slots[i], d = den(i);
        if (f.isZero(c + 6) === 1) return false;
        f.dbl(d, c + 6);
        f.dbl(d, d); //                          4·b0
        f.sqr(s0, c + 2);
        f.dbl(s1, s0);
        f.add(s0, s0, s1); //                    3·a1²
        f.sqr(s1, c + 10);
        f.mulByXi(s1, s1);
        f.add(s0, s0, s1); //                    + ξ·b2²
        f.dbl(s1, c + 4);
        f.sub(d + 2, s0, s1); //                 − 2·a2
      }
    }
    // Montgomery's trick: pre[i] = den[0]⋯den[i], one inversion, then each den[i]⁻¹.
    f.copy(pre, den(0));
    for (let i = 1; i < k; i++) f.mul(pre + 2 * i, pre + 2 * (i - 1), den(i));
    f.inv(s0, pre + 2 * (k - 1));
    for (let i = k - 1; i >= 0; i--) {
      if (i > 0) {
        f.mul(s1, s0, pre + 2 * (i - 1)); //    den[i]⁻¹
        f.mul(s0, s0, den(i));
      } else f.copy(s1, s0);
      const c = slots[i], b1 = c + 8;
      f.mul(b1, den(i) + 2, s1);
      f.sqr(s2, b1);
      f.dbl(s2, s2); //                          2·b1²
      f.mul(s1, c + 6, c + 10);
      f.add(s2, s2, s1); //                      + b0·b2
      f.mul(s1, c + 2, c + 4);
      f.sub(s2, s2, s1);
      f.dbl(s1, s1);
      f.sub(s2, s2, s1); //                      − 3·a1·a2
      f.mulByXi(s2, s2);
      f.add(c, s2, this.one2); //                a0
    }
    return true;
  }

  /**
   * dst (2 Fp2 elements) ← the denominator 4ξ·b2 and numerator b0² + 3ξ·a2² − 2·a1 of b1 in
   * {@linkcode decompressVartime}, for the compressed element c: 2s. dst must not overlap c.
   */
  decompressTerms(dst: number, c: number): void {
    const f = this.fp2, a1 = c + 2, a2 = c + 4, b0 = c + 6, b2 = c + 10, s0 = this.t, s1 = s0 + 2;
    f.mulByXi(dst, b2);
    f.dbl(dst, dst);
    f.dbl(dst, dst); //                  4ξ·b2
    f.sqr(s0, a2);
    f.mulByXi(s0, s0);
    f.dbl(s1, s0);
    f.add(s0, s0, s1); //                3ξ·a2²
    f.sqr(s1, b0);
    f.add(s0, s0, s1);
    f.dbl(s1, a1);
    f.sub(dst + 2, s0, s1); //           b0² + 3ξ·a2² − 2·a1
  }

  /**
   * (x + y·W)² in Fp4 with W² = ξ: lo ← x² + ξy², hi ← 2xy = (x + y)² − x² − y². 3s. `s`: scratch
   * for x² and y² (2 Fp2), its own per call: the wasm emitter then keeps lo and hi pending (unstored)
   * until the caller's combinations read them (a shared one forced 8 extra combinations, 10 % of the
   * BLS12-381 cyclotomic square). 2s + 1m (hi = 2·(x·y)) measured slower there.
   */
  private fp4Sqr(lo: number, hi: number, x: number, y: number, s: number): void {
    const f = this.fp2;
    f.sqr(s, x);
    f.sqr(s + 2, y);
    f.add(hi, x, y);
    f.sqr(hi, hi);
    f.sub(hi, hi, s);
    f.sub(hi, hi, s + 2);
    f.mulByXi(lo, s + 2);
    f.add(lo, lo, s);
  }
  /** out ← 3·t + sign·2·c (Fp2; out may be c): 2(t ± c) + t. */
  private threeTMinusTwoC(out: number, t: number, c: number, sign: 1 | -1): void {
    const f = this.fp2;
    if (sign > 0) f.add(out, t, c);
    else f.sub(out, t, c);
    f.dbl(out, out);
    f.add(out, out, t);
  }

  /**
   * out ← f·l for a sparse l with Fp2 coefficients o0, o1, o4 at positions 0 (1), 1 (v), 4 (v·w):
   * l = (o0 + o1·v) + (o4·v)·w, the M-twist line shape (BLS12-381). 13m (5 + 3 + 5):
   * t0 = f0·(o0 + o1v), t1 = f1·(o4v), c1 = (f0 + f1)(o0 + (o1 + o4)v) − t0 − t1, c0 = t0 + v·t1.
   * o0, o1, o4 must not overlap out.
   */
  mul014(out: number, f: number, o0: number, o1: number, o4: number): void {
    const F = this.fp6, t = this.t;
    const t0 = t, t1 = t + 6, x = t + 12, o14 = t + 18;
    F.mul01(t0, f, o0, o1);
    F.mul1(t1, f + 6, o4);
    F.add(x, f, f + 6);
    this.fp2.add(o14, o1, o4);
    F.mul01(x, x, o0, o14);
    F.sub(out + 6, x, t0);
    F.sub(out + 6, out + 6, t1);
    F.mulByV(t1, t1);
    F.add(out, t0, t1);
  }

  /**
   * out ← f·l for a sparse l with Fp2 coefficients o0, o3, o4 at positions 0 (1), 3 (w), 4 (v·w):
   * l = o0 + (o3 + o4·v)·w, the D-twist line shape (BN254). 13m (3 + 5 + 5):
   * t0 = f0·o0, t1 = f1·(o3 + o4v), c1 = (f0 + f1)((o0 + o3) + o4v) − t0 − t1, c0 = t0 + v·t1.
   * o0, o3, o4 must not overlap out.
   */
  mul034(out: number, f: number, o0: number, o3: number, o4: number): void {
    const F = this.fp6, t = this.t;
    const t0 = t, t1 = t + 6, x = t + 12, o03 = t + 18;
    F.mulByFp2(t0, f, o0);
    F.mul01(t1, f + 6, o3, o4);
    F.add(x, f, f + 6);
    this.fp2.add(o03, o0, o3);
    F.mul01(x, x, o03, o4);
    F.sub(out + 6, x, t0);
    F.sub(out + 6, out + 6, t1);
    F.mulByV(t1, t1);
    F.add(out, t0, t1);
  }

  /**
   * out ← a^(p^k) for a public k in 0…11: k ∈ {1, 2, 3} directly, c0 ↦ frob_k(c0) (Fp6),
   * c1 ↦ frob_k(c1)·γ_{k,1}; k = 6 is conjugation; other k by composition.
   * Cost (k = 1, 3): 5m + 3 conjugations; (k = 2): 10M.
   */
  frobenius(out: number, a: number, k: number): void {
    if (!Number.isInteger(k) || k < 0 || k > 11) throw new RangeError(`Fp12.frobenius: bad k ${k}`);
    if (k === 0) return this.copy(out, a);
    if (k === 6) return this.conj(out, a);
    if (k > 6) {
      this.frobenius(out, a, k - 6);
      return this.conj(out, out);
    }
    if (k === 4 || k === 5) {
      this.frobenius(out, a, k - 2);
      return this.frobenius(out, out, 2);
    }
    const F = this.fp6, f2 = this.fp2, g = this.frob[k - 1];
    F.frobenius(out, a, k);
    F.frobenius(out + 6, a + 6, k);
    if (k === 2) {
      for (let i = 6; i < 12; i += 2) f2.mulByFp(out + i, out + i, g);
    } else {
      F.mulByFp2(out + 6, out + 6, g);
    }
  }

  /** out ← a⁻¹ (0 ↦ 0), constant-time: (c0 − c1·w)/(c0² − v·c1²) (Fp6 inversion below). 2 Fp6 sqr + 2 Fp6 mul + Fp6 inv. */
  inv(out: number, a: number): void {
    const F = this.fp6, t = this.t;
    const x = t, y = t + 6;
    F.sqr(x, a);
    F.sqr(y, a + 6);
    F.mulByV(y, y);
    F.sub(x, x, y);
    F.inv(x, x);
    F.mul(out, a, x);
    F.mul(out + 6, a + 6, x);
    F.neg(out + 6, out + 6);
    this.fp2.fp.wipe(t, 12);
  }

  /**
   * out ← a^e for a public e ≥ 0, by a sliding window of 4 bits (window.ts): ≈ log₂e squarings and
   * log₂e/5 + 8 multiplications, constant-time in a.
   */
  pow(out: number, a: number, e: bigint): void {
    const tbl = this.u, acc = this.u + 96, a2 = this.u + 108;
    if (e === 0n) return this.setOne(out);
    const { first, steps } = slidingWindow(e, 4);
    this.copy(tbl, a);
    this.sqr(a2, a);
    for (let i = 1; i < 8; i++) this.mul(tbl + 12 * i, tbl + 12 * (i - 1), a2);
    this.copy(acc, tbl + 6 * (first - 1));
    for (const { squarings, digit } of steps) {
      for (let i = 0; i < squarings; i++) this.sqr(acc, acc);
      if (digit !== 0) this.mul(acc, acc, tbl + 6 * (digit - 1));
    }
    this.copy(out, acc);
    this.fp2.fp.wipe(this.u, 120);
  }

  /** out ← the element with Fp2 coefficients c[0…5] in tower order (c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2). */
  setBigintVartime(out: number, c: readonly Fp2Value[]): void {
    for (let i = 0; i < 6; i++) this.fp2.setBigintVartime(out + 2 * i, c[i]);
  }
  /** The six Fp2 coefficients in tower order, for public values. */
  toBigintVartime(a: number): Fp2Value[] {
    return [0, 2, 4, 6, 8, 10].map((i) => this.fp2.toBigintVartime(a + i));
  }

  /** Zeroes this object's scratch. */
  wipeScratch(): void {
    this.fp2.fp.wipe(this.t, 24);
    this.fp2.fp.wipe(this.u, 120);
  }
}
