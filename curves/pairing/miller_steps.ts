/**
 * The two steps of the Miller loop (miller.ts), as formulas over an Fp2 field of slots, so that they
 * run either as compositions in JavaScript (`Fp2`) or once at module build time over an emitting field
 * that writes wasm calls (wasm_miller.ts: one JS→wasm call per step instead of ≈ 30).
 * Formulas and costs: Costello–Lange–Naehrig (PKC 2010) in the form of Aranha et al. (Eurocrypt 2011,
 * eqs. 11 and 13), see miller.ts; m, s: Fp2 mul, square; m_b: multiplication by 3b'; Fp mul: a
 * product of an Fp2 element by xP or yP (2 base-field products).
 * Slots are base-field slot numbers; an Fp2 element is two consecutive slots.
 * @module
 */
import type { Fp2Ops } from "../../field/tower/fp2.ts";

/** The Fp2 operations the steps use. */
export type StepField = Pick<Fp2Ops, "mul" | "sqr" | "add" | "sub" | "dbl" | "neg" | "mulByFp">;

/** Fp2 scratch elements a step needs (at `s`). */
export const STEP_SCRATCH = 9;

/**
 * T ← 2T and the tangent line's coefficients into l (three Fp2: constant, xP-term, yP-term); CLN
 * doubling scaled by 4 (no halving): X3 = 2XY(B − F), Y3 = (B + F)² − 12E², Z3 = 4B·H with B = Y²,
 * C = Z², E = 3b'C, F = 3E, H = (Y + Z)² − B − C; line (E − B, 3X²·xP, −H·yP). 3m + 6s + 1m_b + 2 Fp mul.
 * T: X, Y, Z at t; p: xP, yP (two Fp slots); b3: 3b'.
 */
export function millerDblStep(f: StepField, s: number, l: number, t: number, p: number, b3: number): void {
  const X = t, Y = X + 2, Z = X + 4;
  const A = s, B = s + 2, C = s + 4, E = s + 6, F = s + 8, H = s + 10, J = s + 12, u = s + 14;
  f.mul(A, X, Y); //            XY
  f.sqr(B, Y); //               B = Y²
  f.sqr(C, Z); //               C = Z²
  f.mul(E, b3, C); //           E = 3b'Z²
  f.dbl(F, E);
  f.add(F, F, E); //            F = 3E
  f.sqr(J, X); //               J = X²
  f.add(H, Y, Z);
  f.sqr(H, H);
  f.sub(H, H, B);
  f.sub(H, H, C); //            H = 2YZ
  // line
  f.sub(l, E, B); //            E − B
  f.dbl(l + 2, J);
  f.add(l + 2, l + 2, J);
  f.mulByFp(l + 2, l + 2, p); // 3J·xP
  f.mulByFp(l + 4, H, p + 1);
  f.neg(l + 4, l + 4); //        −H·yP
  // point
  f.sub(u, B, F);
  f.mul(X, A, u);
  f.dbl(X, X); //               X3 = 2XY(B − F)
  f.add(u, B, F);
  f.sqr(u, u); //               (B + F)²
  f.sqr(E, E);
  f.dbl(A, E);
  f.add(A, A, E);
  f.dbl(A, A);
  f.dbl(A, A); //               12E²
  f.sub(Y, u, A); //            Y3
  f.mul(Z, B, H);
  f.dbl(Z, Z);
  f.dbl(Z, Z); //               Z3 = 4BH
}

/**
 * T ← T + Q for an affine Q = (x2, y2) at q, and the chord's coefficients into l: θ = Y − y2Z,
 * λ = X − x2Z, C = θ², D = λ², E = λD, F = ZC, G = XD, H = E + F − 2G; X3 = λH,
 * Y3 = θ(G − H) − YE, Z3 = ZE; line (θx2 − λy2, −θ·xP, λ·yP). 11m + 2s + 2 Fp mul.
 */
export function millerAddStep(f: StepField, s: number, l: number, t: number, q: number, p: number): void {
  const X = t, Y = X + 2, Z = X + 4, x2 = q, y2 = q + 2;
  const th = s, la = s + 2, C = s + 4, D = s + 6, E = s + 8, F = s + 10, G = s + 12, H = s + 14, u = s + 16;
  f.mul(th, y2, Z);
  f.sub(th, Y, th); //          θ = Y − y2·Z
  f.mul(la, x2, Z);
  f.sub(la, X, la); //          λ = X − x2·Z
  // line
  f.mul(l, th, x2);
  f.mul(u, la, y2);
  f.sub(l, l, u); //            θx2 − λy2
  f.mulByFp(l + 2, th, p);
  f.neg(l + 2, l + 2); //        −θ·xP
  f.mulByFp(l + 4, la, p + 1); // λ·yP
  // point
  f.sqr(C, th);
  f.sqr(D, la);
  f.mul(E, la, D);
  f.mul(F, Z, C);
  f.mul(G, X, D);
  f.add(H, E, F);
  f.sub(H, H, G);
  f.sub(H, H, G); //            H = E + F − 2G
  f.mul(X, la, H); //           X3 = λH
  f.mul(u, Y, E);
  f.sub(G, G, H);
  f.mul(Y, th, G);
  f.sub(Y, Y, u); //            Y3 = θ(G − H) − YE
  f.mul(Z, Z, E); //            Z3 = ZE
}
