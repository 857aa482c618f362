/**
 * The scalar layer: parsing and reducing the scalars the group API accepts, and their constant-time
 * base-B (BLS12-381) and lattice (BN254) decompositions for GLV/GLS multiplication.
 * @module
 */
export { SCALAR_LIMBS, scalarBigintVartime, scalarBytes, ScalarReducer } from "./reduce.ts";
export { BaseDigits, type ScalarDigits } from "./decompose.ts";
export { determinant, LatticeDigits } from "./lattice.ts";
