/**
 * The `./x25519` entry's source for Deno (JSR; deno/x25519.ts runs its bundle, typed by this file):
 * x25519/mod.ts, with its prebuilt module embedded (deno/embedded.ts), so that a first shared secret
 * compiles it instead of generating it.
 * @module
 */
import { useEmbeddedModules } from "../embedded.ts";
import { MODULES } from "../modules/x25519.ts";

useEmbeddedModules(MODULES);

export * from "../../x25519/mod.ts";
