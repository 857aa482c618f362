/**
 * BLS12-381's constants, all derived in code from the curve parameter x (public values; constantine's
 * per-curve constant files are the model). Sources: Bowe 2017, "BLS12-381: New zk-SNARK Elliptic Curve
 * Construction"; draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1.
 *
 * - x = −0xd201000000010000, r = x⁴ − x² + 1, p = (x − 1)²·r/3 + x;
 * - Fp2 = Fp[u]/(u² + 1), ξ = 1 + u, M-twist E': y² = x³ + 4ξ (tests/field/tower/frobenius.test.ts checks ξ is a non-residue).
 * @module
 */
import {
  defineField,
  type FieldDescription,
  fieldDescription,
  type FieldParams,
} from "../../field/params.ts";
import { defineTower, type TowerParams } from "../../field/tower/params.ts";
import * as generatedFp from "../../field/ts/generated/bls12-381-fp.ts";
import * as generatedFr from "../../field/ts/generated/bls12-381-fr.ts";

/** The curve parameter x (negative). */
export const X: bigint = -(0xd201n << 48n) - (1n << 16n);
/** The group order r = x⁴ − x² + 1. */
export const R: bigint = X ** 4n - X ** 2n + 1n;
/** The base-field prime p = (x − 1)²·r/3 + x. */
export const P: bigint = ((X - 1n) ** 2n * R) / 3n + X;

/** The base field Fp. */
export const FP: FieldParams = defineField("bls12-381-fp", P, generatedFp);
/** The scalar field Fr (the order of G1 and G2) as the library knows it: no kernel (scalar/ has its own code). */
export const FR_FIELD: FieldDescription = fieldDescription("bls12-381-fr", R);
/**
 * Fr with its generated TypeScript kernel, for the registry (build, tests, benches). No library file
 * uses it, so a bundler drops it and the kernel (the call is marked pure).
 */
export const FR: FieldParams = /* @__PURE__ */ defineField("bls12-381-fr", R, generatedFr);
/** The tower Fp2 → Fp6 → Fp12 with ξ = 1 + u over an M-twist. */
export const TOWER: TowerParams = defineTower("bls12-381", FP, { c0: 1n, c1: 1n }, "M", {
  // γ_{1,1} = ξ^((p − 1)/6), checked by tests/field/tower/frobenius.test.ts
  c0: 0x1904d3bf02bb0667c231beb4202c0d1f0fd603fd3cbd5f4f7b2443d784bab9c4f67ea53d63e7813d8d0775ed92235fb8n,
  c1: 0x00fc3e2b36c4e03288e9e902231f9fb854a14787b6c7b36fec0c8ec971f63c5f282d5ac14d6c7ec22cf78a126ddc4af3n,
});
