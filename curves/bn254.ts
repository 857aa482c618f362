/**
 * BN254 (alt_bn128): the curve's parameters today; fields, groups and encodings arrive layer by layer.
 *
 * @example
 * ```ts
 * import { bn254 } from "./bn254.ts";
 * if (bn254.fp.bits !== 254) throw new Error("unexpected");
 * ```
 * @module
 */
import { BN254_U, type FieldName, type FieldParams, FIELDS } from "../field/params.ts";

export type { FieldName, FieldParams };

/** BN254's public description. */
export interface Bn254 {
  /** The curve parameter u. */
  readonly u: bigint;
  /** The base field. */
  readonly fp: FieldParams;
  /** The scalar field (order of G1 and G2). */
  readonly fr: FieldParams;
}

/** BN254. */
export const bn254: Bn254 = Object.freeze({
  u: BN254_U,
  fp: FIELDS["bn254-fp"],
  fr: FIELDS["bn254-fr"],
});
