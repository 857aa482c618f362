/**
 * BN254's (alt_bn128) constants, derived in code from the curve parameter u (public values). Sources:
 * Barreto–Naehrig 2005; EIP-196, EIP-197; draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.2.
 *
 * - u = 4965661367192848881, p = 36u⁴ + 36u³ + 24u² + 6u + 1, r = 36u⁴ + 36u³ + 18u² + 6u + 1;
 * - Fp2 = Fp[u]/(u² + 1), ξ = 9 + u, D-twist E': y² = x³ + 3/ξ.
 * @module
 */
import {
  defineField,
  type FieldDescription,
  fieldDescription,
  type FieldParams,
} from "../../field/params.ts";
import { defineTower, type TowerParams } from "../../field/tower/params.ts";
import * as generatedFp from "../../field/ts/generated/bn254-fp.ts";
import * as generatedFr from "../../field/ts/generated/bn254-fr.ts";

/** The curve parameter u. */
export const U: bigint = 4965661367192848881n;
/** The base-field prime p = 36u⁴ + 36u³ + 24u² + 6u + 1. */
export const P: bigint = 36n * U ** 4n + 36n * U ** 3n + 24n * U ** 2n + 6n * U + 1n;
/** The group order r = 36u⁴ + 36u³ + 18u² + 6u + 1. */
export const R: bigint = 36n * U ** 4n + 36n * U ** 3n + 18n * U ** 2n + 6n * U + 1n;

/** The base field Fp. */
export const FP: FieldParams = defineField("bn254-fp", P, generatedFp);
/** The scalar field Fr (the order of G1 and G2) as the library knows it: no kernel (scalar/ has its own code). */
export const FR_FIELD: FieldDescription = fieldDescription("bn254-fr", R);
/**
 * Fr with its generated TypeScript kernel, for the registry (build, tests, benches). No library file
 * uses it, so a bundler drops it and the kernel (the call is marked pure).
 */
export const FR: FieldParams = /* @__PURE__ */ defineField("bn254-fr", R, generatedFr);
/** The tower Fp2 → Fp6 → Fp12 with ξ = 9 + u over a D-twist. */
export const TOWER: TowerParams = defineTower("bn254", FP, { c0: 9n, c1: 1n }, "D", {
  // γ_{1,1} = ξ^((p − 1)/6), checked by tests/field/tower/frobenius.test.ts
  c0: 0x1284b71c2865a7dfe8b99fdd76e68b605c521e08292f2176d60b35dadcc9e470n,
  c1: 0x246996f3b4fae7e6a6327cfe12150b8e747992778eeec7e5ca5cf05f80f362acn,
});
