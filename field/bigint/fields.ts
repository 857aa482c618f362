/**
 * A curve's `fields` as @noble/curves' `bls12_381.fields` / `bn254.fields`: { Fp, Fp2, Fp6, Fp12, Fr }
 * over BigInt, values as noble's plain objects (bigint, { c0, c1 }, { c0, c1, c2 }, { c0, c1 }).
 * Variable-time: for public values and for porting code from noble; the constant-time arithmetic of
 * the library is its kernels' (field/kernel.ts, field/tower/).
 *
 * Same as noble (tests/field/bigint/differential.test.ts): every member's result on random, edge and
 * non-canonical inputs, and which inputs are rejected (here with an IsochronError). Differences:
 * - `Fp12.finalExponentiate` is exact unless `finalExponentMultiple` says otherwise (noble's is not);
 * - an argument of a wrong type always throws INVALID_TYPE, also where noble computes by JavaScript
 *   coercion (`Fp.addN("1", "2")`, `Fp.toBytes(1)`, `Fp2.reim({})`, …; the test lists the members);
 * - a prime field with p ≡ 5 mod 8 or p ≡ 9 mod 16 (none of these curves) may return the other root.
 *
 * @example
 * ```ts
 * import { bigintFields } from "./fields.ts";
 * import { R, TOWER, X } from "../../curves/bls12_381/params.ts";
 * const { Fp2, Fp12 } = bigintFields({ tower: TOWER, r: R, x: X, twistB: { c0: 4n, c1: 4n }, frModFromBytes: true });
 * const i = Fp2.sqrt(Fp2.neg(Fp2.ONE)); // ±u
 * if (!Fp2.eql(Fp2.sqr(i), Fp2.neg(Fp2.ONE))) throw new Error("√−1");
 * if (!Fp12.eql(Fp12.finalExponentiate(Fp12.ONE), Fp12.ONE)) throw new Error("1^e ≠ 1");
 * ```
 * @module
 */
import type { TowerParams } from "../tower/params.ts";
import type { Fp2Value } from "../tower/fp2_value.ts";
import { bigintPrimeField } from "./prime_field.ts";
import { bigintTower } from "./tower.ts";
import type { BigintFields } from "./types.ts";

export type * from "./types.ts";
export { bigintPrimeField, type PrimeFieldOptions } from "./prime_field.ts";
export { bigintTower, frobeniusRows } from "./tower.ts";

/** The curve data of {@linkcode bigintFields}. */
export interface BigintFieldsParams {
  /** The tower: p, ξ (Fp6 = Fp2[v]/(v³ − ξ), Fp12 = Fp6[w]/(w² − v)) and the twist type. */
  readonly tower: TowerParams;
  /** The prime group order r: Fr's modulus, and the divisor of p⁴ − p² + 1 in `finalExponentiate`. */
  readonly r: bigint;
  /** The curve parameter (x of BLS12, u of BN, sign included): `_cyclotomicExp` takes n < 2^bitlength(|x|). */
  readonly x: bigint;
  /** b′ of the twist E′: y² = x³ + b′ (`Fp2.mulByB`): BLS12-381 4(1 + u) (M-twist, b·ξ), BN254 3/ξ (D-twist). */
  readonly twistB: Fp2Value;
  /**
   * `Fp12.finalExponentiate` raises to finalExponentMultiple·(p¹² − 1)/r. Default 1n: exact, as
   * curves/pairing/final_exp.ts. @noble/curves 2.4 raises to a multiple (its hard-part chains):
   * BLS12-381 3n (Hayashida–Hayasaka–Teruya's 3Φ₁₂(p)/r), BN254 2u(6u² + 3u + 1) (Fuentes-Castañeda–
   * Knapp–Rodríguez-Henríquez 2011); pass those for noble's values (tests/field/bigint/ checks both).
   */
  readonly finalExponentMultiple?: bigint;
  /** `Fr.fromBytes` reduces mod r instead of rejecting values ≥ r (noble's BLS12-381 Fr: true; BN254: false). */
  readonly frModFromBytes?: boolean;
}

/** { Fp, Fp2, Fp6, Fp12, Fr } of one curve, frozen (Fp is Fp2.Fp, Fp6.Fp2.Fp …, as in noble). */
export function bigintFields(params: BigintFieldsParams): BigintFields {
  const { tower, r, x, twistB, finalExponentMultiple, frModFromBytes = false } = params;
  const { Fp, Fp2, Fp6, Fp12 } = bigintTower(tower, { twistB, x, r, finalExponentMultiple });
  const Fr = bigintPrimeField(r, { modFromBytes: frModFromBytes });
  return Object.freeze({ Fp, Fp2, Fp6, Fp12, Fr });
}
