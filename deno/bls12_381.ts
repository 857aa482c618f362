/**
 * The `./bls12-381` entry for Deno (JSR): curves/bls12_381/mod.ts with its prebuilt modules embedded
 * (deno/entries/bls12_381.ts). It runs that entry's bundle, deno/bundle/bls12_381.js (scripts/bundle_deno.mjs:
 * a few JavaScript files instead of 120-odd TypeScript modules, for a fast first import), typed by the
 * TypeScript entry itself.
 * @module
 */
// @ts-types="./entries/bls12_381.ts"
export * from "./bundle/bls12_381.js";
