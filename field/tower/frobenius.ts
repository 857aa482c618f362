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

/** Derives the table from its definition: γ_{k,1} = ξ^((p^k − 1)/6), γ_{k,j} = γ_{k,1}^j. */
export function frobeniusTable(p: bigint, xi: Fp2Value): FrobeniusTable {
  const gamma: Fp2Value[][] = [];
  for (let k = 1n; k <= 3n; k++) {
    const pk = p ** k;
    if ((pk - 1n) % 6n !== 0n) throw new Error("frobeniusTable: 6 does not divide p^k − 1");
    const g1 = fp2PowBig(p, xi, (pk - 1n) / 6n);
    const row: Fp2Value[] = [{ c0: 1n, c1: 0n }];
    for (let j = 1; j < 6; j++) row.push(fp2MulBig(p, row[j - 1], g1));
    gamma.push(row);
  }
  return { gamma };
}
