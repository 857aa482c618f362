/**
 * One cold run, in a fresh process: `deno run --allow-read --allow-env bench/cold_run.ts <run>` prints
 * `{"ms": …}`, the time from just before the first `import()` of the library to its first result
 * (module loading, run-time wasm generation and compilation, tables, the operation itself). The
 * `cold` suite of the report (`cases/cold.ts`) starts it in Deno subprocesses. Runs:
 *
 * - `<lib>-x25519`: the first X25519 shared secret of a random key pair (RFC 7748 §6.1).
 * - `<lib>-bls`: the first BLS keygen + getPublicKey + sign + verify of a 32-byte message, minimal-pk
 *   proof-of-possession suite (DST `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`).
 * - `<lib>-bn254`: the first BN254 pairing e(a·G1, b·G2).
 *
 * with `<lib>` = `isochron` (wasm backend, the default on Deno) or `noble`. Nothing is imported
 * statically, so the clock starts before any library code loads.
 */

const DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
const random = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));
/** A random scalar in [1, r) (public benchmark input: BigInt is fine). */
const below = (r: bigint): bigint =>
  BigInt("0x" + [...random(40)].map((b) => b.toString(16).padStart(2, "0")).join("")) % (r - 1n) + 1n;

const RUNS: Record<string, () => Promise<unknown>> = {
  "isochron-x25519": async () => {
    const { x25519 } = await import("../x25519/mod.ts");
    const a = random(32), b = random(32);
    return x25519.getSharedSecret(a, x25519.getPublicKey(b));
  },
  "noble-x25519": async () => {
    const { x25519 } = await import("@noble/curves/ed25519.js");
    const a = random(32), b = random(32);
    return x25519.getSharedSecret(a, x25519.getPublicKey(b));
  },
  "isochron-bls": async () => {
    const { bls12_381 } = await import("../curves/bls12_381/mod.ts");
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
    const { bn254 } = await import("../curves/bn254/mod.ts");
    const r = bn254.fr.p;
    return bn254.pairing(bn254.G1.BASE.multiply(below(r)), bn254.G2.BASE.multiply(below(r)));
  },
  "noble-bn254": async () => {
    const { bn254 } = await import("@noble/curves/bn254.js");
    const r = bn254.fields.Fr.ORDER;
    return bn254.pairing(bn254.G1.Point.BASE.multiply(below(r)), bn254.G2.Point.BASE.multiply(below(r)));
  },
};

const run = RUNS[Deno.args[0]];
if (run === undefined) {
  console.error(`usage: cold_run.ts <${Object.keys(RUNS).join("|")}>`);
  Deno.exit(2);
}
const t0 = performance.now();
await run();
const ms = performance.now() - t0;
console.log(JSON.stringify({ ms }));
