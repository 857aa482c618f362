/**
 * The `./bn254` entry for Deno (JSR): curves/bn254/mod.ts with its prebuilt modules embedded
 * (deno/entries/bn254.ts). It runs that entry's bundle, deno/bundle/bn254.js (scripts/bundle_deno.mjs:
 * a few JavaScript files instead of 120-odd TypeScript modules, for a fast first import), typed by the
 * TypeScript entry itself.
 * @module
 */
// @ts-types="./entries/bn254.ts"
export * from "./bundle/bn254.js";
