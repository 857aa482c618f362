/**
 * BN254's BigInt fields, @noble/curves' `bn254.fields` (field/bigint/): Fp, Fr, Fp2, Fp6, Fp12, built
 * on first use. Variable-time (public values and porting); `finalExponentiate` gives noble's value,
 * the reduced pairing to the power 2u(6u² + 3u + 1) (curves/bn254/pairing.ts `resultPower`).
 * @module
 */
import { type BigintFields, bigintFields } from "../../field/bigint/fields.ts";
import { PAIRING } from "./pairing.ts";
import { R, TOWER, U } from "./params.ts";
import { B_G2 } from "./plan.ts";

let fields: BigintFields | undefined;

/** The fields (built once). */
export function bn254Fields(): BigintFields {
  return fields ??= bigintFields({
    tower: TOWER,
    r: R,
    x: U,
    twistB: B_G2, // b' = 3/ξ (D-twist)
    finalExponentMultiple: PAIRING.resultPower,
  });
}
