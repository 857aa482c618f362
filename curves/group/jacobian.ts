/**
 * Constant-time Jacobian coordinates for y² = x³ + b (a = 0): (X : Y : Z) with x = X/Z², y = Y/Z³,
 * the identity any triple with Z = 0 (canonically (1 : 1 : 0)). Same slot layout as projective.ts
 * (three consecutive coordinate elements), over Fp (G1) or Fp2 (G2).
 *
 * - `jacDbl`: Lange's `dbl-2009-l` (Explicit-Formulas Database, a = 0) with D = 4·X1·B taken as a
 *   product, 3M + 4S + 5 linear combinations (the EFD's 2M + 5S + 7: 0.91–0.93× the time of a
 *   compiled BLS12-381 G2 doubling, where a combination costs a quarter of an Fp2 product). Valid for every input: Z = 0 gives Z3 = 2·Y·Z = 0 (and a point of order 2, y = 0,
 *   doubles to Z3 = 0 too).
 * - `jacAdd`: the chord formula of `add-2007-bl` (EFD; Hankerson–Menezes–Vanstone, "Guide to
 *   Elliptic Curve Cryptography", §3.2.2) made exception-free without a branch, the way blst's
 *   `ec_ops.h` (`ptype##_dadd`) does: H and R, the slope's denominator and numerator, are replaced by
 *   the tangent's (2·S1 and 3·U1²) when H = R = 0, by masked moves, and the inputs at infinity are
 *   handled by masked copies at the end. 12M + 5S + 5 masked moves + 3 zero tests + 8 linear
 *   combinations.
 * - `jacMadd`: the same with Z2 ∈ {0, 1} (a table entry normalised to affine; Z2 = 0 is O), after
 *   `madd-2007-bl`: U1 = X1, S1 = Y1, Z1·Z2 = Z1 read in place. 8M + 4S + the same masks.
 * - Both have sums of two products (Y3 = R·(V − X3) − S1·H³; the doubling's Y3 = E·(D − X3) − 8·B²
 *   with D = 4·X1·B), but take them as products and a subtraction also where the field has `mul2`:
 *   in-wasm on the AMD host, with `mul2` BLS12-381 G1 jac_dbl took 1.07–1.31× the time, jac_madd
 *   1.10–1.20× and jac_add 1.07–1.13× on Deno, Node 26 and Node 20 (BN254 0.98–1.10×), and the
 *   BLS12-381 G1 multiplication (GLV, mostly Jacobian doublings) about 1.15× (ARCHITECTURE.md,
 *   "Two products, one reduction").
 *
 * How each case is handled (no branch: every row runs the same operations; "mask" = a masked move
 * selected by a flag computed with the field's constant-time `isZero`):
 *
 * ```
 * input              jacAdd / jacMadd                                     jacDbl
 * P ≠ ±Q, both ≠ O   chord: H = U2 − U1, R = S2 − S1                     2P (tangent)
 * P = Q (≠ O)        H = R = 0 → mask: H ← 2·S1, R ← 3·U1², and the      -
 *                    −H³ term of X3 dropped (mask): the tangent, 2P
 * P = −Q (≠ O)       H = 0, R ≠ 0 → Z3 = Z1·Z2·H = 0: O                  -
 * P = O (Z1 = 0)     mask: result ← Q                                     Z3 = 0: O
 * Q = O (Z2 = 0)     mask: result ← P                                     -
 * P = Q = O          mask: result ← Q = O                                 -
 * ```
 *
 * With common denominators U_i = x_i·(Z1·Z2)², S_i = y_i·(Z1·Z2)³ (U1 = X1·Z2², U2 = X2·Z1²,
 * S1 = Y1·Z2³, S2 = Y2·Z1³) the slope is λ = R/(Z1·Z2·H), and with Z3 = Z1·Z2·H:
 * X3 = R² − H²·(U1 + U2), Y3 = R·(U1·H² − X3) − S1·H³. For a chord U1 + U2 = 2·U1 + H, so
 * X3 = R² − 2·U1·H² − H³; for the tangent (U1 = U2, H ← 2·S1, R ← 3·U1²: λ = 3x1²/(2y1)) the −H³ term
 * is dropped. Costs: M, S multiplications and squarings of the coordinate field, A additions. Runs
 * of additions with small coefficients (8·C, 2·(T − A − C), R² − H³ − 2·V) are one `lin` each: in
 * wasm a single pass over the limbs with one final reduction, where single additions store, reload
 * and reduce every partial sum (BLS12-381 G2 jac_dbl: 8% fewer wasm instructions, jac_madd 2%; in
 * alternating bench/endo_ratio.ts runs the G2 ratio rose 4–7% in one set, and did not move within
 * noise in another).
 *
 * The formulas run over a {@linkcode JacField}: the coordinate field's operations plus constant-time
 * zero tests returning flags and masked moves. In TypeScript a flag is 0/1 ({@linkcode jacField});
 * wasm_point.ts runs the same functions at module build time, where a flag is an i32 local, to compile
 * them into straight-line wasm (no branch, no `select`).
 * @module
 */
import type { CoordField } from "./coord_field.ts";
import type { FormulaField } from "./projective.ts";

/** What the Jacobian formulas need of a field: the formula operations, copies, masks and flags. */
export interface JacField extends FormulaField {
  copy(out: number, a: number): void;
  /** out ← a if flag, unchanged otherwise (constant-time). */
  cmov(out: number, a: number, flag: number): void;
  /** A flag: set iff a = 0 (constant-time). */
  isZero(a: number): number;
  /** The flag "f and g". */
  and(f: number, g: number): number;
  /**
   * out ← Σ kᵢ·aᵢ for small integer coefficients (|kᵢ| ≤ 8, Σ|kᵢ| ≤ 16) of reduced inputs; out may
   * alias any input. One pass over the limbs in wasm (wasm_point.ts), where the same steps as single
   * additions would store and reload every intermediate sum.
   */
  lin(out: number, terms: readonly (readonly [number, number])[]): void;
}

/** Largest |coefficient| and Σ|coefficient| of {@linkcode JacField.lin} (the formulas use 8 and 6). */
export const LIN_COEFFICIENT = 8, LIN_TOTAL = 16;

/** Throws unless the terms are within {@linkcode JacField.lin}'s limits (a formula's bug, public). */
export function checkLinTerms(terms: readonly (readonly [number, number])[]): void {
  let total = 0;
  for (const [, k] of terms) {
    if (!Number.isInteger(k) || k === 0 || Math.abs(k) > LIN_COEFFICIENT) {
      throw new RangeError(`lin: coefficient ${k}`);
    }
    total += Math.abs(k);
  }
  if (total > LIN_TOTAL || terms.length === 0) throw new RangeError("lin: too many terms");
}

/** Scratch elements of {@linkcode jacAdd} / {@linkcode jacMadd} (≥ those of {@linkcode jacDbl}). */
export const JAC_SCRATCH = 12;

/** Scratch elements of {@linkcode jacField}'s `lin` (the sum and one scaled term). */
export const LIN_SCRATCH = 2;

/**
 * The coordinate field `F` as a {@linkcode JacField} (flags 0/1). `lin` composes F's additions
 * (double-and-add per coefficient) in `scratch`, {@linkcode LIN_SCRATCH} elements of F (allocated
 * here if not given; the caller wipes them with its own scratch).
 */
export function jacField<V>(F: CoordField<V>, scratch: number = F.alloc(LIN_SCRATCH)): JacField {
  const sum = scratch, term = scratch + F.size;
  /** term ← m·a for m ≥ 1, by doubling and adding (m public); returns the slot holding it. */
  const scaled = (a: number, m: number): number => {
    if (m === 1) return a;
    F.copy(term, a);
    for (let bit = 31 - Math.clz32(m) - 1; bit >= 0; bit--) {
      F.dbl(term, term);
      if ((m >>> bit) & 1) F.add(term, term, a); // public: the coefficient's bits
    }
    return term;
  };
  return {
    size: F.size,
    add: (o, a, b) => F.add(o, a, b),
    sub: (o, a, b) => F.sub(o, a, b),
    dbl: (o, a) => F.dbl(o, a),
    mul: (o, a, b) => F.mul(o, a, b),
    sqr: (o, a) => F.sqr(o, a),
    copy: (o, a) => F.copy(o, a),
    cmov: (o, a, f) => F.cmov(o, a, f),
    isZero: (a) => F.isZero(a),
    and: (f, g) => f & g,
    lin: (o, terms) => {
      checkLinTerms(terms);
      terms.forEach(([a, k], i) => { // (the formulas put a positive term first: no negation)
        const t = scaled(a, Math.abs(k));
        if (i === 0) k > 0 ? F.copy(sum, t) : F.neg(sum, t);
        else k > 0 ? F.add(sum, sum, t) : F.sub(sum, sum, t);
      });
      F.copy(o, sum);
    },
  };
}

/**
 * out ← 2p in Jacobian coordinates: `dbl-2009-l` (a = 0) with D = 4·X1·B as a product, 3M + 4S +
 * 5 linear combinations (also where F has `mul2`: see the module comment). Every input (O included)
 * gives the right result. out may alias p (written after the last read). Scratch `t`: 5 elements.
 */
export function jacDbl(F: JacField, t: number, out: number, p: number): void {
  const n = F.size;
  const X1 = p, Y1 = p + n, Z1 = p + 2 * n;
  const A = t, B = t + n, C = t + 2 * n, D = t + 3 * n, E = t + 4 * n;
  F.sqr(A, X1); //                            A = X1²
  F.sqr(B, Y1); //                            B = Y1²
  // D = 4·X1·B as a product rather than 2·((X1 + B)² − A − C): one multiplication for a squaring, an
  // addition and a combination (linear combinations cost a quarter to a third of a product in wasm,
  // where a carry chain per coefficient is as long as the product's). 3M + 4S + 5 linear combinations.
  F.sqr(C, B); //                             C = B²
  F.mul(D, X1, B); //                         D/4 = X1·B
  F.lin(E, [[A, 3]]); //                      E = 3·A
  F.mul(B, Y1, Z1); //                        B ← Y1·Z1 (last read of p)
  F.dbl(out + 2 * n, B); //                   Z3 = 2·Y1·Z1
  F.sqr(A, E); //                             F = E² (into A)
  F.lin(out, [[A, 1], [D, -8]]); //           X3 = F − 2·D
  F.lin(D, [[D, 4], [out, -1]]); //           D − X3
  F.mul(D, E, D); //                          E·(D − X3)
  F.lin(out + n, [[D, 1], [C, -8]]); //       Y3 = E·(D − X3) − 8·C
}

/**
 * out ← p + q in Jacobian coordinates, every case without a branch (see the module's table):
 * 12M + 5S, scratch `t` ({@linkcode JAC_SCRATCH} elements). `mixed`: q has Z2 ∈ {0, 1} (affine or O),
 * 8M + 4S, and p's X1, Y1, Z1 serve as U1, S1 and Z1·Z2 in place. out may alias p or q (written after
 * every read, from the scratch).
 */
function jacAddOrMadd(F: JacField, t: number, out: number, p: number, q: number, mixed: boolean): void {
  const n = F.size;
  const X1 = p, Y1 = p + n, Z1 = p + 2 * n, X2 = q, Y2 = q + n, Z2 = q + 2 * n;
  const [ZZ1, U1s, U2, S1s, S2, H, R, W, HH, X3, Y3, Z3] = Array.from({ length: 12 }, (_, i) => t + i * n);
  const inf1 = F.isZero(Z1), inf2 = F.isZero(Z2);
  F.sqr(ZZ1, Z1); //                         Z1²
  F.mul(U2, X2, ZZ1); //                     U2 = X2·Z1²
  F.mul(S2, Y2, Z1);
  F.mul(S2, S2, ZZ1); //                     S2 = Y2·Z1³
  // mixed: U1 = X1, S1 = Y1, Z1·Z2 = Z1 (read in place; nothing below writes them)
  const U1 = mixed ? X1 : U1s, S1 = mixed ? Y1 : S1s; // public: which formula
  let Z12 = Z1;
  if (!mixed) { // public: which formula
    F.sqr(W, Z2); //                         Z2²
    F.mul(U1, X1, W); //                     U1 = X1·Z2²
    F.mul(S1, Y1, Z2);
    F.mul(S1, S1, W); //                     S1 = Y1·Z2³
    F.mul(Z3, Z1, Z2); //                    Z1·Z2
    Z12 = Z3;
  }
  F.sub(H, U2, U1); //                       H = U2 − U1
  F.sub(R, S2, S1); //                       R = S2 − S1
  const tangent = F.and(F.isZero(H), F.isZero(R)); // P = Q, or both O (then masked away below)
  F.dbl(W, S1);
  F.cmov(H, W, tangent); //                  H ← 2·S1
  F.sqr(W, U1);
  F.lin(W, [[W, 3]]);
  F.cmov(R, W, tangent); //                  R ← 3·U1²
  F.mul(Z3, Z12, H); //                      Z3 = Z1·Z2·H
  F.sqr(HH, H); //                           H²
  F.mul(W, H, HH); //                        H³
  F.mul(U2, U1, HH); //                      V = U1·H²
  F.mul(S2, S1, W); //                       S1·H³
  F.sub(ZZ1, H, H); //                       0
  F.cmov(W, ZZ1, tangent); //                H³ ← 0 for the tangent
  F.sqr(X3, R);
  F.lin(X3, [[X3, 1], [W, -1], [U2, -2]]); // X3 = R² − H³ − 2·V
  F.sub(Y3, U2, X3);
  F.mul(Y3, R, Y3);
  F.sub(Y3, Y3, S2); //                      Y3 = R·(V − X3) − S1·H³
  for (let i = 0; i < 3; i++) { // P = O → Q; Q = O → P (public loop over the coordinates)
    F.cmov(X3 + i * n, q + i * n, inf1);
    F.cmov(X3 + i * n, p + i * n, inf2);
  }
  F.copy(out, X3);
  F.copy(out + n, Y3);
  F.copy(out + 2 * n, Z3);
}

/** out ← p + q (Jacobian, every case; see the module's table). 12M + 5S. out may alias p or q. */
export function jacAdd(F: JacField, t: number, out: number, p: number, q: number): void {
  jacAddOrMadd(F, t, out, p, q, false);
}

/**
 * out ← p + q (Jacobian) for q with Z2 ∈ {0, 1}: affine, or O (Z2 = 0). 8M + 4S. out may alias p or q.
 */
export function jacMadd(F: JacField, t: number, out: number, p: number, q: number): void {
  jacAddOrMadd(F, t, out, p, q, true);
}

/**
 * out (Jacobian) ← p (projective, (X : Y : Z) ↦ (X·Z : Y·Z² : Z), 2M + 1S; O ↦ Z = 0). out may alias
 * p. Scratch `t`: 1 element.
 */
export function jacFromProjective(F: JacField, t: number, out: number, p: number): void {
  const n = F.size;
  F.sqr(t, p + 2 * n);
  F.mul(out + n, p + n, t);
  F.mul(out, p, p + 2 * n);
  F.copy(out + 2 * n, p + 2 * n);
}

/**
 * out (projective) ← p (Jacobian, (X : Y : Z) ↦ (X·Z : Y : Z³), 2M + 1S; Z = 0 ↦ (0 : 1 : 0) by a
 * masked move). out may alias p. Scratch `t`: 2 elements; `one`: the element 1.
 */
export function jacToProjective(F: JacField, t: number, one: number, out: number, p: number): void {
  const n = F.size;
  const inf = F.isZero(p + 2 * n);
  F.sqr(t, p + 2 * n);
  F.mul(t, t, p + 2 * n); //   Z³
  F.mul(out, p, p + 2 * n); // X·Z
  F.copy(out + n, p + n);
  F.copy(out + 2 * n, t);
  F.cmov(out + n, one, inf); // O: (0 : 1 : 0) (X·Z = 0 and Z³ = 0 already)
}

/** The compiled Jacobian formulas (wasm_point.ts), on byte addresses. */
export interface JacExports {
  /** jac_add(out, p, q, t). */
  readonly add: (out: number, p: number, q: number, t: number) => void;
  /** jac_madd(out, p, q, t). */
  readonly madd: (out: number, p: number, q: number, t: number) => void;
  /** jac_dbl(out, p, t). */
  readonly dbl: (out: number, p: number, t: number) => void;
  readonly stride: number;
}

/**
 * The Jacobian formulas on a group's slots: compiled wasm calls where the group's point layer has
 * them, else the TypeScript functions above over the coordinate field.
 */
export class Jacobian<V> {
  readonly F: CoordField<V>;
  readonly n: number;
  private readonly jf: JacField;
  private readonly t: number;
  private readonly one: number;
  private readonly w: JacExports | null;

  /** Reserves its scratch (JAC_SCRATCH elements, the element 1, lin's LIN_SCRATCH) in F's arena. */
  constructor(F: CoordField<V>, compiled: JacExports | null = null) {
    this.F = F;
    this.n = F.size;
    this.t = F.alloc(JAC_SCRATCH + 1 + LIN_SCRATCH); // the scratch, the element 1, lin's scratch
    this.one = this.t + JAC_SCRATCH * this.n;
    this.jf = jacField(F, this.one + this.n);
    F.setOne(this.one);
    this.w = compiled;
  }

  /** The first slot of the scratch the formulas use ({@linkcode JAC_SCRATCH} elements). */
  get scratch(): number {
    return this.t;
  }

  /** Whether p has Z = 1 (an affine point, as decoded ones are). Variable-time: public points only. */
  isAffineVartime(p: number): boolean {
    return this.F.eq(p + 2 * this.n, this.one) === 1;
  }

  /** Whether the formulas run as compiled wasm functions. */
  get compiled(): boolean {
    return this.w !== null;
  }

  /** out ← p + q (Jacobian, every case). 12M + 5S. */
  add(out: number, p: number, q: number): void {
    const w = this.w;
    if (w !== null) {
      const s = w.stride;
      w.add(out * s, p * s, q * s, this.t * s);
    } else jacAdd(this.jf, this.t, out, p, q);
  }
  /** out ← p + q (Jacobian) for q with Z ∈ {0, 1}. 8M + 4S. */
  madd(out: number, p: number, q: number): void {
    const w = this.w;
    if (w !== null) {
      const s = w.stride;
      w.madd(out * s, p * s, q * s, this.t * s);
    } else jacMadd(this.jf, this.t, out, p, q);
  }
  /** out ← 2p (Jacobian). 3M + 4S. */
  dbl(out: number, p: number): void {
    const w = this.w;
    if (w !== null) {
      const s = w.stride;
      w.dbl(out * s, p * s, this.t * s);
    } else jacDbl(this.jf, this.t, out, p);
  }
  /** out (Jacobian) ← p (projective). */
  fromProjective(out: number, p: number): void {
    jacFromProjective(this.jf, this.t, out, p);
  }
  /** out (projective) ← p (Jacobian). */
  toProjective(out: number, p: number): void {
    jacToProjective(this.jf, this.t, this.one, out, p);
  }
  /** Zeroes the scratch (after a secret computation). */
  wipeScratch(): void {
    this.F.wipe(this.t, JAC_SCRATCH);
    this.F.wipe(this.one + this.n, LIN_SCRATCH);
    this.F.wipeScratch();
  }
}
