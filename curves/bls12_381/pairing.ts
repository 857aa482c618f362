/**
 * BLS12-381's optimal ate pairing as data for curves/pairing/ (Vercauteren, "Optimal pairings", IEEE
 * Trans. IT 2010): the loop f_{x,Q}(P) with x < 0 (f_{|x|,Q} conjugated), 63 doubling steps and 5
 * addition steps; the final exponentiation's hard part by the BLS12 chain in x (final_exp.ts).
 * @module
 */
import { bls12HardPart } from "../pairing/final_exp.ts";
import type { PairingParams } from "../pairing/pairing.ts";
import { P, TOWER, X } from "./params.ts";

/** The pairing parameters of BLS12-381. */
export const PAIRING: PairingParams = Object.freeze({
  name: "bls12-381",
  tower: TOWER,
  loop: X,
  frobeniusLines: false,
  hardPart: bls12HardPart(X, P),
  // @noble/curves' hard part, and isochron's (the same chain of Hayashida–Hayasaka–Teruya, ePrint 2020/875), compute the cube of the
  // reduced pairing; pairing values follow it (checked against noble by tests/compat/).
  resultPower: 3n,
});
