/**
 * The root entry for Deno (JSR): mod.ts with the prebuilt modules of every curve embedded
 * (deno/entries/mod.ts). It runs that entry's bundle, deno/bundle/mod.js (scripts/bundle_deno.mjs:
 * a few JavaScript files instead of 120-odd TypeScript modules, for a fast first import), typed by the
 * TypeScript entry itself.
 * @module
 */
// @ts-types="./entries/mod.ts"
export * from "./bundle/mod.js";
