/**
 * The `./bls12-381` entry's source for Deno (JSR; deno/bls12_381.ts runs its bundle, typed by this file):
 * curves/bls12_381/mod.ts, with its prebuilt modules embedded (deno/embedded.ts), so that a first
 * operation compiles them instead of generating them.
 * @module
 */
import { useEmbeddedModules } from "../embedded.ts";
import { MODULES } from "../modules/bls12_381.ts";

useEmbeddedModules(MODULES);

export * from "../../curves/bls12_381/mod.ts";
