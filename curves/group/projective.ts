/**
 * The group law of a short Weierstrass curve y² = x³ + b (a = 0) in homogeneous projective
 * coordinates (X : Y : Z), x = X/Z, y = Y/Z, identity (0 : 1 : 0), over a {@linkcode CoordField}
 * (Fp for G1, Fp2 for G2). A point is three consecutive coordinate elements in the kernel's arena,
 * addressed by the first slot.
 *
 * Addition and doubling use the complete formulas of Renes–Costello–Batina, "Complete addition
 * formulas for prime order elliptic curves", ePrint 2015/1060: one sequence of operations valid for
 * every input (P = Q, P = −Q, either at infinity), so no branch at all. Costs count coordinate-field
 * operations (M mul, S square, m_3b multiplication by the constant 3b, A add/sub).
 *
 * ```
 * input             add (Alg. 7)        madd (Alg. 8, Z2 = 1)      double (Alg. 9)
 * P, Q generic      P + Q               P + Q                      2P
 * P = Q             2P (no special case)
 * P = −Q            (0 : λ : 0)         (0 : λ : 0)
 * P = O             Q                   Q
 * Q = O             P                   not an input (Z2 = 1)      O
 * ```
 * @module
 */
import type { CoordField } from "./coord_field.ts";
import type { PointExports } from "./wasm_point.ts";

/** The coordinate-field operations the addition and doubling formulas use. */
declare const pointSlot: unique symbol;
/**
 * The first base slot of a point's three coordinates (X, Y, Z), branded so that a field-element slot
 * cannot be taken for a point where slots cross into the group layer (`GroupImpl.save`, `load`). Made
 * by {@linkcode Projective.alloc} and {@linkcode Projective.at}; the formulas take plain slot numbers.
 */
export type PointSlot = number & { readonly [pointSlot]: true };

export type FormulaField = Pick<CoordField<unknown>, "size" | "add" | "sub" | "dbl" | "mul" | "sqr"> & {
  /**
   * out ← a·b + c·d with one reduction, where the field has it (wasm Fp with reduced-radix limbs:
   * FieldModuleContext.mul2, about 0.8× two products and an addition); absent: the formulas compose
   * them. out may alias any operand.
   */
  readonly mul2?: (out: number, a: number, b: number, c: number, d: number) => void;
  /** out ← −a (needed with mul2). */
  readonly neg?: (out: number, a: number) => void;
  /** out ← Σ kᵢ·aᵢ in one pass (JacField.lin), where the field has it. */
  readonly lin?: (out: number, terms: readonly (readonly [number, number])[]) => void;
};

/** Construction options of {@linkcode Projective}. */
export interface ProjectiveOptions {
  /**
   * add and dbl compiled into the kernel's wasm module (wasm_point.ts: the group's point layer), or
   * null/omitted: compose the coordinate field's operations (the TypeScript backend; tests).
   */
  readonly compiled?: PointExports | null;
}

/** Projective point arithmetic on arena slots for one curve y² = x³ + b. */
export class Projective<V> {
  /** The coordinate field. */
  readonly F: CoordField<V>;
  /** Slots per coordinate element. */
  readonly n: number;
  /** Slot of b. */
  readonly b: number;
  /** Slot of 3b. */
  readonly b3: number;
  /** Scratch: t0…t4 and the result X3, Y3, Z3 (8 elements). */
  private readonly t: number;
  /** The compiled add/dbl (wasm_point.ts), or null: compose F's operations. */
  private readonly w: PointExports | null;

  /**
   * The law of y² = x³ + b over `F`; `b` is the curve constant (public). With `options.compiled`, add
   * and dbl are one wasm call each.
   */
  constructor(F: CoordField<V>, b: V, options: ProjectiveOptions = {}) {
    this.F = F;
    this.n = F.size;
    this.b = F.alloc(2);
    this.b3 = this.b + this.n;
    F.setVartime(this.b, b);
    F.dbl(this.b3, this.b);
    F.add(this.b3, this.b3, this.b);
    this.t = F.alloc(8);
    this.w = options.compiled ?? null;
  }

  /** Whether add and dbl run as compiled wasm functions (else as compositions of F's operations). */
  get compiled(): boolean {
    return this.w !== null;
  }

  /** Reserves `count` points (3 elements each); returns the first slot. */
  alloc(count = 1): PointSlot {
    return this.F.alloc(3 * count) as PointSlot;
  }
  /** The i-th point of the consecutive points that start at `first`. */
  at(first: PointSlot, i: number): PointSlot {
    return (first + 3 * this.n * i) as PointSlot;
  }

  /** out ← O = (0 : 1 : 0). */
  setZero(out: number): void {
    const F = this.F, n = this.n;
    F.setZero(out);
    F.setOne(out + n);
    F.setZero(out + 2 * n);
  }
  /** out ← p. */
  copy(out: number, p: number): void {
    const F = this.F, n = this.n;
    F.copy(out, p);
    F.copy(out + n, p + n);
    F.copy(out + 2 * n, p + 2 * n);
  }
  /** out ← p if flag = 1, unchanged if 0. */
  cmov(out: number, p: number, flag: number): void {
    const F = this.F, n = this.n;
    F.cmov(out, p, flag);
    F.cmov(out + n, p + n, flag);
    F.cmov(out + 2 * n, p + 2 * n, flag);
  }
  /** out ← −p = (X : −Y : Z). */
  neg(out: number, p: number): void {
    const F = this.F, n = this.n;
    F.copy(out, p);
    F.neg(out + n, p + n);
    F.copy(out + 2 * n, p + 2 * n);
  }
  /** out ← −p if flag = 1, p if 0 (out may be p). */
  condNeg(out: number, p: number, flag: number): void {
    const F = this.F, n = this.n, t = this.t;
    this.copy(out, p);
    F.neg(t, p + n);
    F.cmov(out + n, t, flag);
  }
  /** 1 if p = O (Z = 0), else 0. */
  isZero(p: number): number {
    return this.F.isZero(p + 2 * this.n);
  }
  /** 1 if p and q are the same point: X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1 (4M). Constant-time. */
  eq(p: number, q: number): number {
    const F = this.F, n = this.n, t = this.t;
    F.mul(t, p, q + 2 * n);
    F.mul(t + n, q, p + 2 * n);
    F.mul(t + 2 * n, p + n, q + 2 * n);
    F.mul(t + 3 * n, q + n, p + 2 * n);
    return F.eq(t, t + n) & F.eq(t + 2 * n, t + 3 * n);
  }
  /** 1 if p satisfies Y²·Z = X³ + b·Z³ (O included), else 0. 5M + 2S. */
  isOnCurve(p: number): number {
    const F = this.F, n = this.n, t = this.t;
    const X = p, Y = p + n, Z = p + 2 * n;
    F.sqr(t, Y);
    F.mul(t, t, Z); //              Y²Z
    F.sqr(t + n, X);
    F.mul(t + n, t + n, X); //      X³
    F.sqr(t + 2 * n, Z);
    F.mul(t + 2 * n, t + 2 * n, Z);
    F.mul(t + 2 * n, t + 2 * n, this.b); // bZ³
    F.add(t + n, t + n, t + 2 * n);
    const ok = F.eq(t, t + n);
    // (0 : 0 : 0) satisfies the equation but is no point.
    return ok & (1 - (F.isZero(X) & F.isZero(Y) & F.isZero(Z)));
  }

  /**
   * out ← p + q, complete: Renes–Costello–Batina 2015, Algorithm 7 (a = 0). 12M + 2m_3b + 19A.
   * out may alias p or q. One wasm call where the point functions are compiled (wasm_point.ts).
   */
  add(out: number, p: number, q: number): void {
    this.sum("add", rcbAdd, out, p, q);
  }

  /**
   * out ← p + q for an affine q (Z = 1, q ≠ O): Renes–Costello–Batina 2015, Algorithm 8 (a = 0),
   * 11M + 2m_3b + 13A, complete in p (see {@linkcode rcbMadd}). out may alias p or q. One wasm call
   * where the point functions are compiled.
   */
  madd(out: number, p: number, q: number): void {
    this.sum("madd", rcbMadd, out, p, q);
  }

  /** out ← p + q by the compiled export `name`, else by `formula` over F. */
  private sum(name: "add" | "madd", formula: typeof rcbAdd, out: number, p: number, q: number): void {
    const w = this.w;
    if (w !== null) {
      const s = w.stride;
      w[name](out * s, p * s, q * s, this.t * s, this.b3 * s);
    } else formula(this.F, this.t, this.b3, out, p, q);
  }

  /** The first slot of the formulas' scratch (8 elements), for compiled code that calls them itself. */
  get scratch(): number {
    return this.t;
  }

  /**
   * out ← 2p, complete: Renes–Costello–Batina 2015, Algorithm 9 (a = 0). 6M + 2S + 1m_3b + 9A.
   * out may alias p. One wasm call where the point functions are compiled (wasm_point.ts).
   */
  dbl(out: number, p: number): void {
    const w = this.w;
    if (w !== null) {
      const s = w.stride;
      w.dbl(out * s, p * s, this.t * s, this.b3 * s);
    } else rcbDbl(this.F, this.t, this.b3, out, p);
  }

  /**
   * Writes the affine coordinates of p to x, y (O ↦ (0, 0)): one constant-time inversion of Z
   * (Z = 0 inverts to 0). 1I + 2M.
   */
  toAffine(x: number, y: number, p: number): void {
    const F = this.F, n = this.n, t = this.t;
    F.inv(t, p + 2 * n);
    F.mul(x, p, t);
    F.mul(y, p + n, t);
  }
  /** out ← (x : y : 1). */
  fromAffine(out: number, x: number, y: number): void {
    const F = this.F, n = this.n;
    F.copy(out, x);
    F.copy(out + n, y);
    F.setOne(out + 2 * n);
  }

  /** Zeroes the scratch, and the coordinate field's (after a secret computation). */
  wipeScratch(): void {
    this.F.wipe(this.t, 8);
    this.F.wipeScratch();
  }
}

/**
 * out ← p + q on slots of `F`: Renes–Costello–Batina 2015, Algorithm 7 (a = 0), 12M + 2m_3b + 19A,
 * with scratch `t` (8 elements) and 3b at slot `b3`. The last writes of X3, Y3, Z3 (steps 27, 30, 33)
 * go straight to out: every read of p and q happens by step 18, so out may alias p or q. Also run at
 * module build time over the wasm emitter of wasm_point.ts. Where `F` has `mul2`, `neg` and `lin`
 * (wasm Fp with reduced-radix limbs: G1) its sums of products are fused: the three cross terms
 * X1·Y2 + X2·Y1, Y1·Z2 + Y2·Z1, X1·Z2 + X2·Z1 are one `mul2` each instead of Karatsuba's product of
 * sums less two products (a product, two additions and a three-term combination), and the tail's
 * (see {@linkcode rcbTail}): 3M + 6 mul2 + 2m_3b + 4A. The same result bit for bit, every value being
 * fully reduced. In-wasm (bench/field/point_formulas.ts, Deno, AMD EPYC, 2026-12-07): BLS12-381 G1
 * 932–986 ns against 1083–1104 with the Karatsuba cross terms, BN254 534–538 against 580–591.
 */
export function rcbAdd(F: FormulaField, t: number, b3: number, out: number, p: number, q: number): void {
  const n = F.size, fused = isFused(F);
  const X1 = p, Y1 = p + n, Z1 = p + 2 * n, X2 = q, Y2 = q + n, Z2 = q + 2 * n;
  const [t0, t1, t2, , t4, X3, Y3] = scratchOf(t, n);
  rcbHead(F, fused, t, p, q); // 1–2, 4–8: t0, t1, t3
  F.mul(t2, Z1, Z2); //  3. t2 = Z1·Z2
  if (fused) {
    F.mul2!(t4, Y1, Z2, Y2, Z1); //  9–13. t4 = Y1·Z2 + Y2·Z1
    F.mul2!(Y3, X1, Z2, X2, Z1); // 14–18. Y3 = X1·Z2 + X2·Z1 (last read of p and q)
    return rcbTail(F, t, b3, out, t2);
  }
  F.add(t4, Y1, Z1); //  9. t4 = Y1 + Z1
  F.add(X3, Y2, Z2); // 10. X3 = Y2 + Z2
  F.mul(t4, t4, X3); // 11. t4 = t4·X3
  subTwo(F, t4, t1, t2, X3); // 12–13. t4 = t4 − (t1 + t2)
  F.add(X3, X1, Z1); // 14. X3 = X1 + Z1
  F.add(Y3, X2, Z2); // 15. Y3 = X2 + Z2
  F.mul(X3, X3, Y3); // 16. X3 = X3·Y3
  F.add(Y3, t0, t2); // 17. Y3 = t0 + t2
  F.sub(Y3, X3, Y3); // 18. Y3 = X3 − Y3    (last read of p and q)
  rcbTail(F, t, b3, out, t2);
}

/**
 * out ← p + q for an affine q (Z2 = 1; q ≠ O) on slots of `F`: Renes–Costello–Batina 2015,
 * Algorithm 8 (a = 0), 11M + 2m_3b + 13A. It is Algorithm 7 with Z2 = 1: Z1·Z2 = Z1, (Y1 + Z1)(Y2 + Z2)
 * − Y1·Y2 − Z1·Z2 = Y2·Z1 + Y1 and (X1 + Z1)(X2 + Z2) − X1·X2 − Z1·Z2 = X2·Z1 + X1, so one product
 * less and the same tail. Complete for every p, O included (p = O gives q); q = O (Z2 = 0) is not a
 * valid input: a caller whose q may be O masks the result (scalar_mul.ts `mulEndoCt`). Same scratch,
 * 3b and aliasing rule as {@linkcode rcbAdd} (out is written after the last read of p and q). With
 * `mul2`, X1·Y2 + X2·Y1 is one (rcbHead): 4M + 4 mul2 + 2m_3b + 6A (in-wasm BLS12-381 G1 882–911 ns
 * against 926–962, BN254 466–477 against 499–519, measured as for rcbAdd).
 */
export function rcbMadd(F: FormulaField, t: number, b3: number, out: number, p: number, q: number): void {
  const n = F.size, fused = isFused(F);
  const X1 = p, Y1 = p + n, Z1 = p + 2 * n, X2 = q, Y2 = q + n;
  const [, , , , t4, , Y3] = scratchOf(t, n);
  rcbHead(F, fused, t, p, q); // 1–7: t0, t1, t3
  F.mul(t4, Y2, Z1); //  8. t4 = Y2·Z1
  F.add(t4, t4, Y1); //  9. t4 = t4 + Y1
  F.mul(Y3, X2, Z1); // 10. Y3 = X2·Z1
  F.add(Y3, Y3, X1); // 11. Y3 = Y3 + X1
  rcbTail(F, t, b3, out, Z1); // Algorithm 8's steps 12–26 (Z1 read by step 14, before out is written)
}

/**
 * The first steps of Algorithms 7 and 8: t0 = X1·X2, t1 = Y1·Y2 and t3 = X1·Y2 + X2·Y1, by Karatsuba's
 * (X1 + Y1)(X2 + Y2) − t0 − t1 (3M + 4A, t4 scratch), or, where the field has `mul2`, as one sum of two
 * products (2M + 1 mul2). Reads p and q, writes only the scratch.
 */
function rcbHead(F: FormulaField, fused: boolean, t: number, p: number, q: number): void {
  const n = F.size, [t0, t1, , t3, t4] = scratchOf(t, n);
  F.mul(t0, p, q); //          t0 = X1·X2
  F.mul(t1, p + n, q + n); //  t1 = Y1·Y2
  if (fused) return F.mul2!(t3, p, q + n, q, p + n); // t3 = X1·Y2 + X2·Y1
  F.add(t3, p, p + n); //      t3 = X1 + Y1
  F.add(t4, q, q + n); //      t4 = X2 + Y2
  F.mul(t3, t3, t4);
  subTwo(F, t3, t0, t1, t4); // t3 = t3 − (t0 + t1)
}

/** Whether `F` has the fused operations (the wasm point layer over Fp with reduced-radix limbs). */
const isFused = (F: FormulaField): boolean =>
  F.mul2 !== undefined && F.neg !== undefined && F.lin !== undefined;

/** The scratch elements t0…t4, X3, Y3, Z3 of the formulas. */
const scratchOf = (t: number, n: number) => Array.from({ length: 8 }, (_, i) => t + i * n);

/** a ← a − (b + c): an addition into `tmp` and a subtraction. */
function subTwo(F: FormulaField, a: number, b: number, c: number, tmp: number): void {
  F.add(tmp, b, c);
  F.sub(a, a, tmp);
}

/**
 * The common tail of Algorithms 7 and 8 (steps 19–33 of Algorithm 7, 12–26 of Algorithm 8), from
 * t0 = X1·X2, t1 = Y1·Y2, t3, t4 and Y3 in the scratch and Z1·Z2 at slot `zz`: 6M + 2m_3b + 6A, the
 * writes to out last. With the fused operations, 3·t0 is one linear combination and the three pairs of
 * products one sum each, with one reduction (X3 = t3·t1 − t4·Y3, Y3 = t1·Z3 + Y3·t0,
 * Z3 = Z3·t4 + t0·t3): 3 mul2 + 2m_3b + 4A.
 */
function rcbTail(F: FormulaField, t: number, b3: number, out: number, zz: number): void {
  const n = F.size;
  const [t0, t1, t2, t3, t4, X3, Y3, Z3] = scratchOf(t, n);
  if (isFused(F)) {
    F.lin!(t0, [[t0, 3]]); //                     t0 = 3·t0
    F.mul(t2, b3, zz); //                          t2 = b3·Z1Z2
    F.add(Z3, t1, t2); //                          Z3 = t1 + t2
    F.sub(t1, t1, t2); //                          t1 = t1 − t2
    F.mul(Y3, b3, Y3); //                          Y3 = b3·Y3
    F.neg!(X3, Y3);
    F.mul2!(out, t3, t1, t4, X3); //               X3 = t3·t1 − t4·Y3
    F.mul2!(out + n, t1, Z3, Y3, t0); //           Y3 = t1·Z3 + Y3·t0
    F.mul2!(out + 2 * n, Z3, t4, t0, t3); //       Z3 = Z3·t4 + t0·t3
    return;
  }
  F.dbl(X3, t0); //     19. X3 = t0 + t0
  F.add(t0, X3, t0); // 20. t0 = X3 + t0
  F.mul(t2, b3, zz); // 21. t2 = b3·t2
  F.add(Z3, t1, t2); // 22. Z3 = t1 + t2
  F.sub(t1, t1, t2); // 23. t1 = t1 − t2
  F.mul(Y3, b3, Y3); // 24. Y3 = b3·Y3
  F.mul(X3, t4, Y3); // 25. X3 = t4·Y3
  F.mul(t2, t3, t1); // 26. t2 = t3·t1
  F.sub(out, t2, X3); // 27. X3 = t2 − X3     (into out)
  F.mul(Y3, Y3, t0); // 28. Y3 = Y3·t0
  F.mul(t1, t1, Z3); // 29. t1 = t1·Z3
  F.add(out + n, t1, Y3); // 30. Y3 = t1 + Y3 (into out)
  F.mul(t0, t0, t3); // 31. t0 = t0·t3
  F.mul(Z3, Z3, t4); // 32. Z3 = Z3·t4
  F.add(out + 2 * n, Z3, t0); // 33. Z3 = Z3 + t0 (into out)
}

/**
 * out ← 2p on slots of `F`: Renes–Costello–Batina 2015, Algorithm 9 (a = 0), 6M + 2S + 1m_3b + 9A,
 * scratch `t`, 3b at `b3`. Step 16 (t1 = X·Y) is moved first, into t3, so that p is last read at
 * step 6 and the final writes (steps 10, 15, 18) go straight to out, which may alias p. Steps 8, 14
 * and 15 are a sum of two products, but not one `mul2` where the field has it: in-wasm on the AMD
 * host that doubling took 1.09–1.18× the time of this one for BLS12-381 on Deno and Node 26 and
 * 1.03–1.18× on Node 20 (BN254 0.95–0.99× and 1.02–1.04×), where the addition's sums gain (rcbAdd).
 */
export function rcbDbl(F: FormulaField, t: number, b3: number, out: number, p: number): void {
  const n = F.size;
  const X = p, Y = p + n, Z = p + 2 * n;
  const t0 = t, t1 = t + n, t2 = t + 2 * n, t3 = t + 3 * n;
  const X3 = t + 5 * n, Y3 = t + 6 * n, Z3 = t + 7 * n;
  F.mul(t3, X, Y); //   16. t1 = X·Y          (moved first, into t3)
  F.sqr(t0, Y); //       1. t0 = Y²
  F.dbl(Z3, t0); //      2. Z3 = t0 + t0
  F.dbl(Z3, Z3); //      3. Z3 = Z3 + Z3
  F.dbl(Z3, Z3); //      4. Z3 = Z3 + Z3
  F.mul(t1, Y, Z); //    5. t1 = Y·Z
  F.sqr(t2, Z); //       6. t2 = Z²           (last read of p)
  F.mul(t2, b3, t2); //  7. t2 = b3·t2
  F.mul(X3, t2, Z3); //  8. X3 = t2·Z3
  F.add(Y3, t0, t2); //  9. Y3 = t0 + t2
  F.mul(out + 2 * n, t1, Z3); // 10. Z3 = t1·Z3 (into out)
  F.dbl(t1, t2); //     11. t1 = t2 + t2
  F.add(t2, t1, t2); // 12. t2 = t1 + t2
  F.sub(t0, t0, t2); // 13. t0 = t0 − t2
  F.mul(Y3, t0, Y3); // 14. Y3 = t0·Y3
  F.add(out + n, X3, Y3); // 15. Y3 = X3 + Y3 (into out)
  F.mul(X3, t0, t3); // 17. X3 = t0·t1
  F.dbl(out, X3); //    18. X3 = X3 + X3     (into out)
}
