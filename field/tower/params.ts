/**
 * The extension tower of a pairing-friendly curve as data (public parameters; each curve defines its
 * own in curves/<curve>/params.ts with {@linkcode defineTower}):
 *
 *   Fp2  = Fp[u]  / (u² + 1)          (p ≡ 3 mod 4, so −1 is a non-square)
 *   Fp6  = Fp2[v] / (v³ − ξ)          e.g. ξ = 1 + u (BLS12-381), ξ = 9 + u (BN254)
 *   Fp12 = Fp6[w] / (w² − v)          so w⁶ = ξ
 *
 * The twist type (M: E': y² = x³ + b·ξ; D: E': y² = x³ + b/ξ) fixes the shape of line evaluations in the Miller loop. Number the six Fp2 coefficients of an
 * Fp12 element (c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2) = coefficients of (1, w², w⁴, w, w³, w⁵) as
 * 0…5: an M-twist line is non-zero at 0, 1, 4 ("014"), a D-twist line at 0, 3, 4 ("034").
 * @module
 */
import type { FieldParams } from "../params.ts";
import type { Fp2Value } from "./fp2_value.ts";

/** A tower's name: its curve's, e.g. "bls12-381". */
export type TowerName = string;

/** A tower's public description. */
export interface TowerParams {
  /** The curve. */
  readonly name: TowerName;
  /** The base field. */
  readonly fp: FieldParams;
  /** The base field's modulus. */
  readonly p: bigint;
  /** ξ = xi.c0 + xi.c1·u, the cubic and sextic non-residue of Fp2 defining Fp6 and Fp12. */
  readonly xi: Fp2Value;
  /** "M": multiplicative twist (sparse lines "014"); "D": divisive twist (sparse lines "034"). */
  readonly twist: "M" | "D";
  /**
   * γ_{1,1} = ξ^((p − 1)/6), the root of the Frobenius table (frobenius.ts), where the curve states it:
   * a constant instead of a 381-bit BigInt power at load. tests/field/tower/frobenius.test.ts re-derives
   * the table from the definition, so a wrong value fails it.
   */
  readonly gamma11?: Fp2Value;
}

/**
 * The tower of curve `name` over `fp` with non-residue ξ and twist type (curves/<curve>/params.ts), and
 * optionally γ_{1,1} = ξ^((p − 1)/6) (see {@linkcode TowerParams.gamma11}).
 * The tower computes in Fp[u]/(u² + 1): p ≡ 3 (mod 4) is required (−1 a non-square), and 6 | p − 1
 * for the Frobenius tables; other primes are refused here (see ARCHITECTURE.md, "Adding a curve").
 */
export function defineTower(
  name: TowerName,
  fp: FieldParams,
  xi: Fp2Value,
  twist: "M" | "D",
  gamma11?: Fp2Value,
): TowerParams {
  const p = fp.p;
  if (p % 4n !== 3n || p % 6n !== 1n) {
    throw new Error(`tower ${name}: unsupported p (needs p ≡ 3 mod 4, 6 | p − 1)`);
  }
  const frozen = (a: Fp2Value) => Object.freeze({ c0: a.c0, c1: a.c1 });
  return Object.freeze({
    name,
    fp,
    p,
    xi: frozen(xi),
    twist,
    ...(gamma11 ? { gamma11: frozen(gamma11) } : {}),
  });
}
