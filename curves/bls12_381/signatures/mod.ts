/**
 * The BLS signature suites of BLS12-381 on its groups: `signatureSuite(options, backend)` builds the
 * suite that options name (spec.ts) over G1 and G2 of a backend (default: the current one, followed
 * on every call) and the curve's pairing check.
 * @module
 */
import type { Backend } from "../../../field/kernel.ts";
import type { Fp2Value } from "../../../field/tower/fp2_value.ts";
import { pairingFunctions } from "../../pairing/pairing.ts";
import { bls12_381Groups } from "../groups.ts";
import { PAIRING } from "../pairing.ts";
import { type BlsSuiteOptions, suiteSpec } from "./spec.ts";
import { type BlsPopSuite, type BlsSuite, blsSuite, type SuiteCurve } from "./suite.ts";

const { pairingCheck } = pairingFunctions(PAIRING);

/** Public keys in G1, signatures in G2 ("minimal-pubkey-size"). */
export function keysInG1(backend?: Backend): SuiteCurve<bigint, Fp2Value> {
  return {
    keys: () => bls12_381Groups(backend).G1,
    signatures: () => bls12_381Groups(backend).G2,
    pair: (P, S) => [P, S],
    pairingCheck,
  };
}

/** Public keys in G2, signatures in G1 ("minimal-signature-size"). */
export function keysInG2(backend?: Backend): SuiteCurve<Fp2Value, bigint> {
  return {
    keys: () => bls12_381Groups(backend).G2,
    signatures: () => bls12_381Groups(backend).G1,
    pair: (P, S) => [S, P],
    pairingCheck,
  };
}

/**
 * The suite `options` name, on `backend` (default: whatever backend is current at each call).
 * @throws {IsochronError} as {@linkcode suiteSpec}.
 */
export function signatureSuite(options?: BlsSuiteOptions, backend?: Backend): BlsSuite | BlsPopSuite {
  const spec = suiteSpec(options);
  return spec.publicKeyGroup === "G1" ? blsSuite(keysInG1(backend), spec) : blsSuite(keysInG2(backend), spec);
}
