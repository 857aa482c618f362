/**
 * The four prime fields isochron supports, each derived from its curve's defining parameter
 * (public values: BigInt is fine here).
 *
 * - BLS12-381 (Bowe 2017; draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1): x = −0xd201000000010000,
 *   r = x⁴ − x² + 1, p = (x − 1)²·r/3 + x.
 * - BN254 / alt_bn128 (Barreto–Naehrig 2005; EIP-196): u = 4965661367192848881,
 *   p = 36u⁴ + 36u³ + 24u² + 6u + 1, r = 36u⁴ + 36u³ + 18u² + 6u + 1.
 * @module
 */

/** The BLS12-381 curve parameter x (negative). */
export const BLS12_381_X: bigint = -(0xd201n << 48n) - (1n << 16n);
/** The BN254 curve parameter u. */
export const BN254_U: bigint = 4965661367192848881n;

const blsR = BLS12_381_X ** 4n - BLS12_381_X ** 2n + 1n;
const blsP = ((BLS12_381_X - 1n) ** 2n * blsR) / 3n + BLS12_381_X;
const u = BN254_U;
const bnP = 36n * u ** 4n + 36n * u ** 3n + 24n * u ** 2n + 6n * u + 1n;
const bnR = 36n * u ** 4n + 36n * u ** 3n + 18n * u ** 2n + 6n * u + 1n;

/** Names of the supported prime fields. */
export type FieldName = "bls12-381-fp" | "bls12-381-fr" | "bn254-fp" | "bn254-fr";

/** A field's public description. */
export interface FieldParams {
  /** The field's name. */
  readonly name: FieldName;
  /** The prime modulus. */
  readonly p: bigint;
  /** Bit length of p. */
  readonly bits: number;
  /** Canonical encoding length in bytes. */
  readonly byteLength: number;
}

function describe(name: FieldName, p: bigint): FieldParams {
  const bits = p.toString(2).length;
  return Object.freeze({ name, p, bits, byteLength: Math.ceil(bits / 8) });
}

/** All supported fields by name. */
export const FIELDS: Readonly<Record<FieldName, FieldParams>> = Object.freeze({
  "bls12-381-fp": describe("bls12-381-fp", blsP),
  "bls12-381-fr": describe("bls12-381-fr", blsR),
  "bn254-fp": describe("bn254-fp", bnP),
  "bn254-fr": describe("bn254-fr", bnR),
});
