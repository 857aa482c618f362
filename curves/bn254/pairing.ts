/**
 * BN254's optimal ate pairing as data for curves/pairing/ (Vercauteren, "Optimal pairings", IEEE Trans.
 * IT 2010): f_{6u+2,Q}(P) · l_{T,Q1}(P) · l_{T+Q1,−Q2}(P) with Q1 = π(Q), Q2 = π²(Q); 65 doubling steps,
 * 21 addition steps (the NAF of 6u + 2) and 2 extra additions; the final exponentiation's hard part by
 * the chain in u of Fuentes-Castañeda–Knapp–Rodríguez-Henríquez (final_exp.ts).
 * @module
 */
import { bnHardPart } from "../pairing/final_exp.ts";
import type { PairingParams } from "../pairing/pairing.ts";
import { TOWER, U } from "./params.ts";

/** The pairing parameters of BN254. */
export const PAIRING: PairingParams = Object.freeze({
  name: "bn254",
  tower: TOWER,
  loop: 6n * U + 2n,
  frobeniusLines: true,
  hardPart: bnHardPart(U),
  // @noble/curves' hard part (Fuentes-Castañeda–Knapp–Rodríguez-Henríquez, SAC 2011) computes the
  // reduced pairing to the power 2u(6u² + 3u + 1); pairing values follow it (tests/compat/). So does
  // bnHardPart, so `pairing` raises to no further power.
  resultPower: 2n * U * (6n * U * U + 3n * U + 1n),
});
