/**
 * isochron: constant-time elliptic-curve cryptography for every JavaScript runtime.
 *
 * Subpath entry points load only what they need: `@isochron/curves/x25519`, `@isochron/curves/bls12-381`,
 * `@isochron/curves/bn254`.
 * @module
 */
export { bls12_381 } from "./curves/bls12_381/mod.ts";
export type * from "./curves/bls12_381/mod.ts"; // the curve types and BLS12-381's (signatures)
export { bn254 } from "./curves/bn254/mod.ts";
export type { Bn254 } from "./curves/bn254/mod.ts";
import { IsochronError } from "./errors.ts";
export { IsochronError };
export type { IsochronErrorCode } from "./errors.ts";
export { x25519 } from "./x25519/mod.ts";
export type { X25519 } from "./x25519/mod.ts";
export { getBackend, init, initWasm, setBackend } from "./backend.ts";
export type { BackendTarget } from "./backend.ts";
export { initX25519Wasm } from "./x25519/backend.ts";
export type { BackendChoice, PrebuiltModules } from "./field/selection.ts";
export type { WasmModule } from "./wasm/types.ts";
