/**
 * Field algorithms built only on a {@linkcode FieldKernel}'s primitive operations (mul, sqr, copy, cmov,
 * eq, …), shared by both backends: constant-time exponentiation by a public exponent, Fermat inversion,
 * square roots (p ≡ 3 mod 4 and constant-time Tonelli–Shanks for p ≡ 1 mod 4), Euler's criterion, and
 * Montgomery's batch inversion for public data. Each keeps its scratch slots per kernel (allocated once)
 * and wipes those that held secrets.
 * @module
 */

export { powCt } from "./pow.ts";
export { invFermat } from "./inv_fermat.ts";
export { sqrtCt } from "./sqrt.ts";
export { isSquareCt } from "./is_square.ts";
export { BATCH_CHUNK, batchInvVartime } from "./batch_inv.ts";
// Not built on kernel primitives: a constant-time inversion on the TypeScript kernel's arena layout.
export { buildTsInverse, type TsInverse } from "./inverse_ts.ts";
