/**
 * isochron: constant-time elliptic-curve cryptography for every JavaScript runtime.
 *
 * Subpath entry points load only what they need: `@isochron/curves/x25519`, `@isochron/curves/bls12-381`,
 * `@isochron/curves/bn254`.
 * @module
 */
export { bls12_381 } from "./curves/bls12_381.ts";
export type { Bls12381 } from "./curves/bls12_381.ts";
export type { Affine, Codec, CoordField, Fp2Value, Group, Point, Projective } from "./curves/bls12_381.ts";
export { bn254 } from "./curves/bn254.ts";
export type { Bn254 } from "./curves/bn254.ts";
export { IsochronError } from "./errors.ts";
export type { IsochronErrorCode } from "./errors.ts";
export { x25519 } from "./x25519/mod.ts";
export type { X25519 } from "./x25519/mod.ts";
export { getBackend, init, initWasm, setBackend } from "./field/backend.ts";
export type { BackendChoice, PrebuiltModules } from "./field/backend.ts";
export type { Backend } from "./field/kernel.ts";
export type { FieldModules } from "./field/wasm/kernel.ts";
