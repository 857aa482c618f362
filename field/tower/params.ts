/**
 * The extension towers of the two pairing-friendly curves (public parameters):
 *
 *   Fp2  = Fp[u]  / (u² + 1)          (both curves: p ≡ 3 mod 4, so −1 is a non-square)
 *   Fp6  = Fp2[v] / (v³ − ξ)          ξ = 1 + u (BLS12-381), ξ = 9 + u (BN254)
 *   Fp12 = Fp6[w] / (w² − v)          so w⁶ = ξ
 *
 * Sources: BLS12-381, Bowe 2017 and draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1 (M-twist
 * E': y² = x³ + 4ξ); BN254, EIP-197 and the same draft §4.2.2 (D-twist E': y² = x³ + 3/ξ). The twist
 * type fixes the shape of line evaluations in the Miller loop. Number the six Fp2 coefficients of an
 * Fp12 element (c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2) = coefficients of (1, w², w⁴, w, w³, w⁵) as
 * 0…5: an M-twist line is non-zero at 0, 1, 4 ("014"), a D-twist line at 0, 3, 4 ("034").
 * @module
 */
import { type FieldName, FIELDS } from "../params.ts";

/** Curves that have an Fp12 tower. */
export type TowerName = "bls12-381" | "bn254";

/** A tower's public description. */
export interface TowerParams {
  /** The curve. */
  readonly name: TowerName;
  /** Name of the base field kernel. */
  readonly fp: FieldName;
  /** The base field's modulus. */
  readonly p: bigint;
  /** ξ = xi[0] + xi[1]·u, the cubic and sextic non-residue of Fp2 defining Fp6 and Fp12. */
  readonly xi: readonly [bigint, bigint];
  /** "M": multiplicative twist (sparse lines "014"); "D": divisive twist (sparse lines "034"). */
  readonly twist: "M" | "D";
}

function describe(name: TowerName, fp: FieldName, xi: [bigint, bigint], twist: "M" | "D"): TowerParams {
  const p = FIELDS[fp].p;
  // u² + 1 irreducible ⇔ p ≡ 3 (mod 4); the Frobenius tables need 6 | p − 1.
  if (p % 4n !== 3n || p % 6n !== 1n) throw new Error(`tower ${name}: unsupported p`);
  return Object.freeze({ name, fp, p, xi: Object.freeze(xi) as readonly [bigint, bigint], twist });
}

/** Both towers by name. */
export const TOWERS: Readonly<Record<TowerName, TowerParams>> = Object.freeze({
  "bls12-381": describe("bls12-381", "bls12-381-fp", [1n, 1n], "M"),
  "bn254": describe("bn254", "bn254-fp", [9n, 1n], "D"),
});
