// @ts-check
/**
 * One cold run, in a fresh process: `deno run --allow-read --allow-env bench/cold_run.mjs <run>` (the
 * library through the entries JSR serves: deno/, a bundle of the source that embeds the prebuilt
 * modules) or `node|bun cold_run.mjs <run> <lib>` (the library from the
 * npm package's runtime build in folder `<lib>`, `dist/node/`, as Node and Bun load it; it compiles
 * the package's prebuilt modules beside it, `dist/wasm/`) prints `{"ms": …}`, the time from just
 * before the first `import()` of the library to its first result (module loading, wasm generation or
 * the prebuilt files, compilation, tables, the operation itself). The
 * `cold` suite of the report (`cases/cold.ts`) starts it in fresh processes of each runtime. Runs:
 *
 * - `<lib>-x25519`: the first X25519 shared secret of a random key pair (RFC 7748 §6.1).
 * - `<lib>-bls`: the first BLS keygen + getPublicKey + sign + verify of a 32-byte message, minimal-pk
 *   proof-of-possession suite (DST `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`).
 * - `<lib>-bn254`: the first BN254 pairing e(a·G1, b·G2).
 *
 * with `<lib>` = `isochron` (wasm backend, the default) or `noble`. Nothing of either library is
 * imported statically, so the clock starts before any library code loads.
 */

import process from "node:process";

const [runName, libDir] = process.argv.slice(2);
/** The Deno entry (deno/, what deno.json publishes to JSR: a bundle, the prebuilt modules embedded) of each entry point. */
const DENO_ENTRY = /** @type {Record<string, string>} */ ({
  "x25519/mod": "deno/x25519",
  "curves/bls12_381/mod": "deno/bls12_381",
  "curves/bn254/mod": "deno/bn254",
});
/**
 * The URL of a library entry point (`x25519/mod`, …): on Deno the entry JSR serves (deno/, source next
 * to bench/), on Node and Bun the npm package's runtime build.
 */
const entry = (/** @type {string} */ path) =>
  libDir === undefined
    ? new URL(`../${DENO_ENTRY[path]}.ts`, import.meta.url).href
    : new URL(`${path}.js`, `file://${libDir}/`).href;

const DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
const random = (/** @type {number} */ n) => crypto.getRandomValues(new Uint8Array(n));
/** A random scalar in [1, r) (public benchmark input: BigInt is fine). */
const below = (/** @type {bigint} */ r) =>
  BigInt("0x" + [...random(40)].map((b) => b.toString(16).padStart(2, "0")).join("")) % (r - 1n) + 1n;

/** @type {Record<string, () => Promise<unknown>>} */
const RUNS = {
  "isochron-x25519": async () => {
    const { x25519 } = await import(entry("x25519/mod"));
    const a = random(32), b = random(32);
    return x25519.getSharedSecret(a, x25519.getPublicKey(b));
  },
  "noble-x25519": async () => {
    const { x25519 } = await import("@noble/curves/ed25519.js");
    const a = random(32), b = random(32);
    return x25519.getSharedSecret(a, x25519.getPublicKey(b));
  },
  "isochron-bls": async () => {
    const { bls12_381 } = await import(entry("curves/bls12_381/mod"));
    const s = bls12_381.sig, msg = random(32);
    const sk = s.SecretKey.keyGen(random(48));
    const pk = s.getPublicKey(sk);
    const ok = s.verify(pk, msg, s.sign(sk, msg));
    if (!ok) throw new Error("isochron: signature does not verify");
    return ok;
  },
  "noble-bls": async () => {
    const { bls12_381 } = await import("@noble/curves/bls12-381.js");
    const N = bls12_381.longSignatures, msg = random(32);
    const { secretKey, publicKey } = N.keygen(random(48));
    const H = N.hash(msg, DST);
    const ok = N.verify(N.sign(H, secretKey), H, publicKey);
    if (!ok) throw new Error("noble: signature does not verify");
    return ok;
  },
  "isochron-bn254": async () => {
    const { bn254 } = await import(entry("curves/bn254/mod"));
    const r = bn254.fr.p;
    return bn254.pairing(bn254.G1.BASE.multiply(below(r)), bn254.G2.BASE.multiply(below(r)));
  },
  "noble-bn254": async () => {
    const { bn254 } = await import("@noble/curves/bn254.js");
    const r = bn254.fields.Fr.ORDER;
    return bn254.pairing(bn254.G1.Point.BASE.multiply(below(r)), bn254.G2.Point.BASE.multiply(below(r)));
  },
};

const run = RUNS[runName];
if (run === undefined) {
  console.error(`usage: cold_run.mjs <${Object.keys(RUNS).join("|")}> [lib folder]`);
  process.exit(2);
}
const t0 = performance.now();
await run();
const ms = performance.now() - t0;
console.log(JSON.stringify({ ms }));
