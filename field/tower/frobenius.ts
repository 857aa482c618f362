/**
 * Frobenius coefficients of the tower, derived at load from p and ξ (public values, BigInt).
 *
 * With w⁶ = ξ, (w^j)^(p^k) = w^j · ξ^(j·(p^k − 1)/6), so the k-th power Frobenius of
 * Σ c_j w^j ∈ Fp12 (c_j ∈ Fp2) is Σ frob_k(c_j) · γ_{k,j} · w^j with
 *
 *   γ_{k,j} = ξ^(j·(p^k − 1)/6),   j = 0…5,
 *
 * and frob_k on Fp2 is conjugation for odd k, the identity for even k. Fp6 (v = w²) uses γ_{k,2i}.
 * Also useful to G2's ψ endomorphism: γ_{1,2} = ξ^((p−1)/3), γ_{1,3} = ξ^((p−1)/2).
 * (Beuchat et al., "High-Speed Software Implementation of the Optimal Ate Pairing over
 * Barreto–Naehrig Curves", Pairing 2010, §3; tests/field/tower/frobenius.test.ts re-checks every entry against its definition.)
 * @module
 */

import { inverseMod } from "../bigint/inverse.ts";
import type { Fp2Value } from "./fp2_value.ts";

/** (a·b) in Fp2 = Fp[u]/(u² + 1), BigInt, public values only. */
export function fp2MulBig(p: bigint, a: Fp2Value, b: Fp2Value): Fp2Value {
  const c0 = (a.c0 * b.c0 - a.c1 * b.c1) % p;
  const c1 = (a.c0 * b.c1 + a.c1 * b.c0) % p;
  return { c0: c0 < 0n ? c0 + p : c0, c1 };
}

/** a^e in Fp2 by square-and-multiply, BigInt, public values only. */
export function fp2PowBig(p: bigint, a: Fp2Value, e: bigint): Fp2Value {
  let r: Fp2Value = { c0: 1n, c1: 0n };
  let base: Fp2Value = { c0: a.c0 % p, c1: a.c1 % p };
  for (; e > 0n; e >>= 1n) {
    if (e & 1n) r = fp2MulBig(p, r, base);
    base = fp2MulBig(p, base, base);
  }
  return r;
}

/** γ_{k,j} for k = 1, 2, 3 (rows 0, 1, 2) and j = 0…5. */
export interface FrobeniusTable {
  /** gamma[k − 1][j] = ξ^(j·(p^k − 1)/6). */
  readonly gamma: readonly (readonly Fp2Value[])[];
}

/**
 * Derives the table from one exponentiation, γ_{1,1} = ξ^((p − 1)/6), and its powers γ_{1,j} = γ_{1,1}^j.
 * Since p^k − 1 = (p − 1)(p^(k−1) + … + 1) and y^p = conj(y) on Fp2 (so y^(p²) = y):
 *
 *   γ_{2,j} = γ_{1,j}^(p + 1) = γ_{1,j}·conj(γ_{1,j}),   γ_{3,j} = γ_{1,j}^(p² + p + 1) = γ_{2,j}·γ_{1,j}.
 *
 * One 381-bit power instead of three of up to 3·381 bits, none where the curve states γ_{1,1}
 * (`gamma11`, its params.ts: the power is ~1 ms of BigInt work in a cold process); tests re-derive every
 * entry from the definition, so a wrong constant fails them.
 */
export function frobeniusTable(p: bigint, xi: Fp2Value, gamma11?: Fp2Value): FrobeniusTable {
  if ((p - 1n) % 6n !== 0n) throw new Error("frobeniusTable: 6 does not divide p − 1");
  const g = gamma11 ?? fp2PowBig(p, xi, (p - 1n) / 6n);
  const row1: Fp2Value[] = [{ c0: 1n, c1: 0n }];
  for (let j = 1; j < 6; j++) row1.push(fp2MulBig(p, row1[j - 1], g));
  const row2 = row1.map((y) => fp2MulBig(p, y, fp2ConjBig(p, y)));
  const row3 = row1.map((y, j) => fp2MulBig(p, row2[j], y));
  return { gamma: [row1, row2, row3] };
}

/** conj(a) = c0 − c1·u, the p-power Frobenius of Fp2 (BigInt, public values). */
export function fp2ConjBig(p: bigint, a: Fp2Value): Fp2Value {
  return { c0: a.c0, c1: (p - a.c1 % p) % p };
}

/** a⁻¹ = conj(a)/(c0² + c1²) in Fp2 (BigInt, public, nonzero a; extended Euclid for the norm's inverse). */
export function fp2InvBig(p: bigint, a: Fp2Value): Fp2Value {
  const n = (a.c0 * a.c0 + a.c1 * a.c1) % p;
  if (n === 0n) throw new Error("fp2InvBig: zero has no inverse");
  const ni = inverseMod(n, p);
  const c = fp2ConjBig(p, a);
  return { c0: c.c0 * ni % p, c1: c.c1 * ni % p };
}
