/**
 * The scalar layer: parsing and reducing the scalars the group API accepts, and their constant-time
 * base-B decomposition for GLV/GLS multiplication.
 * @module
 */
export { SCALAR_LIMBS, scalarBigintVartime, scalarBytes, ScalarReducer } from "./reduce.ts";
export { BaseDigits } from "./decompose.ts";
