/**
 * The root entry's source for Deno (JSR; deno/mod.ts runs its bundle, typed by this file): mod.ts, with
 * the prebuilt modules of every curve embedded (deno/embedded.ts), so that first operations compile them
 * instead of generating them.
 * @module
 */
import { useEmbeddedModules } from "../embedded.ts";
import { MODULES as BLS12_381 } from "../modules/bls12_381.ts";
import { MODULES as BN254 } from "../modules/bn254.ts";
import { MODULES as X25519 } from "../modules/x25519.ts";

useEmbeddedModules({ ...BLS12_381, ...BN254, ...X25519 });

export * from "../../mod.ts";
