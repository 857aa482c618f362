/**
 * The `./x25519` entry for Deno (JSR): x25519/mod.ts with its prebuilt module embedded
 * (deno/entries/x25519.ts). It runs that entry's bundle, deno/bundle/x25519.js (scripts/bundle_deno.mjs:
 * a few JavaScript files instead of 120-odd TypeScript modules, for a fast first import), typed by the
 * TypeScript entry itself.
 * @module
 */
// @ts-types="./entries/x25519.ts"
export * from "./bundle/x25519.js";
