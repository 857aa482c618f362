/**
 * The scalar layer: parsing and reducing the scalars the group API accepts.
 * @module
 */
export { SCALAR_LIMBS, scalarBigintVartime, scalarBytes, ScalarReducer } from "./reduce.ts";
