/**
 * BLS12-381: the curve's parameters today; fields, groups and encodings arrive layer by layer.
 *
 * @example
 * ```ts
 * import { bls12_381 } from "./bls12_381.ts";
 * if (bls12_381.fp.bits !== 381) throw new Error("unexpected");
 * ```
 * @module
 */
import { BLS12_381_X, type FieldName, type FieldParams, FIELDS } from "../field/params.ts";

export type { FieldName, FieldParams };

/** BLS12-381's public description. */
export interface Bls12381 {
  /** The curve parameter x (negative). */
  readonly x: bigint;
  /** The base field. */
  readonly fp: FieldParams;
  /** The scalar field (order of G1 and G2). */
  readonly fr: FieldParams;
}

/** BLS12-381. */
export const bls12_381: Bls12381 = Object.freeze({
  x: BLS12_381_X,
  fp: FIELDS["bls12-381-fp"],
  fr: FIELDS["bls12-381-fr"],
});
