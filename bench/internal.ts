/**
 * The library internals the benchmark cases use, in one place: modules of the library itself (never
 * tests/), so that the runner bundle for Node and Bun (`build_runner.mjs`) maps each of them to its
 * file in the tsc build.
 * @module
 */

export { bls12_381Groups } from "../curves/bls12_381/groups.ts";
export { type GroupImpl } from "../curves/group/group.ts";
export { Jacobian } from "../curves/group/jacobian.ts";
export { mulCt, WindowScratch } from "../curves/group/scalar_mul.ts";
