/**
 * The two curves' BigInt fields next to noble's, and noble's final-exponent multiples (noble 2.4
 * raises to a multiple of (p¹² − 1)/r: see BigintFieldsParams.finalExponentMultiple).
 */
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bn254 } from "@noble/curves/bn254.js";
import { type BigintFields, bigintFields, BLS12_381_X, BN254_U, FIELDS, TOWERS } from "../../internal.ts";

/** One curve: ours (with noble's final-exponent multiple), ours exact, noble's. */
export interface CurveFields {
  readonly name: string;
  readonly ours: BigintFields;
  readonly exact: BigintFields;
  // deno-lint-ignore no-explicit-any
  readonly noble: Record<string, any>;
  readonly multiple: bigint;
}

const u = BN254_U;
const bnMultiple = 2n * u * (6n * u * u + 3n * u + 1n);

function curve(
  name: string,
  x: bigint,
  twistB: { c0: bigint; c1: bigint },
  multiple: bigint,
  frMod: boolean,
  // deno-lint-ignore no-explicit-any
  noble: Record<string, any>,
): CurveFields {
  const params = { tower: TOWERS[name], r: FIELDS[`${name}-fr`].p, x, twistB, frModFromBytes: frMod };
  return {
    name,
    ours: bigintFields({ ...params, finalExponentMultiple: multiple }),
    exact: bigintFields(params),
    noble,
    multiple,
  };
}

/** b′ = 3/ξ of BN254's D-twist, derived from ξ = 9 + u: 3(9 − u)/82. */
function bn254TwistB(p: bigint): { c0: bigint; c1: bigint } {
  const inv82 = modInverse(82n, p);
  return { c0: (27n * inv82) % p, c1: (p - (3n * inv82) % p) % p };
}

function modInverse(a: bigint, p: bigint): bigint {
  let [r, s, x, y] = [a, p, 1n, 0n];
  while (r !== 0n) {
    const q = s / r;
    [r, s] = [s - q * r, r];
    [x, y] = [y - q * x, x];
  }
  return ((y % p) + p) % p;
}

export const CURVES: readonly CurveFields[] = [
  curve("bls12-381", BLS12_381_X, { c0: 4n, c1: 4n }, 3n, true, bls12_381.fields),
  curve("bn254", u, bn254TwistB(TOWERS["bn254"].p), bnMultiple, false, bn254.fields),
];
