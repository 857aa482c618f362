/**
 * The `./bn254` entry's source for Deno (JSR; deno/bn254.ts runs its bundle, typed by this file):
 * curves/bn254/mod.ts, with its prebuilt modules embedded (deno/embedded.ts), so that a first operation
 * compiles them instead of generating them.
 * @module
 */
import { useEmbeddedModules } from "../embedded.ts";
import { MODULES } from "../modules/bn254.ts";

useEmbeddedModules(MODULES);

export * from "../../curves/bn254/mod.ts";
