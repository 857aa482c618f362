/**
 * The `./bn254` entry for Deno (JSR): curves/bn254/mod.ts, with its prebuilt modules embedded
 * (deno/embedded.ts), so that a first operation compiles them instead of generating them.
 * @module
 */
import { useEmbeddedModules } from "./embedded.ts";
import { MODULES } from "./modules/bn254.ts";

useEmbeddedModules(MODULES);

export * from "../curves/bn254/mod.ts";
