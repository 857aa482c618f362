/**
 * BLS12-381's BigInt fields, @noble/curves' `bls12_381.fields` (field/bigint/): Fp, Fr, Fp2, Fp6,
 * Fp12, built on first use. Variable-time (public values and porting); `finalExponentiate` gives
 * noble's value, the reduced pairing cubed (curves/bls12_381/pairing.ts `resultPower`).
 * @module
 */
import { type BigintFields, bigintFields } from "../../field/bigint/fields.ts";
import { PAIRING } from "./pairing.ts";
import { R, TOWER, X } from "./params.ts";

let fields: BigintFields | undefined;

/** The fields (built once). */
export function bls12_381Fields(): BigintFields {
  return fields ??= bigintFields({
    tower: TOWER,
    r: R,
    x: X,
    twistB: { c0: 4n * TOWER.xi.c0, c1: 4n * TOWER.xi.c1 }, // b' = 4ξ (M-twist)
    finalExponentMultiple: PAIRING.resultPower,
    frModFromBytes: true, // noble's BLS12-381 Fr reduces values ≥ r
  });
}
