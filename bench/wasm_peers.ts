/**
 * The WebAssembly peers of the report (issue 15), each behind a small adapter with bytes or bigints
 * in and bytes out, so that the benchmark rows (bench/cases/) and the test that checks each peer
 * against isochron (tests/bench/wasm_peers.test.ts) call the same wiring:
 *
 * - `mcl-wasm` 2.4.1, BLS12-381 (`mcl.init(BLS12_381)`, Ethereum serialization: the ZCash encodings).
 *   It has no public constant-time multiplication: `mulCt` calls the raw export `mod._mclBnG1_mulCT` /
 *   `_mclBnG2_mulCT` through the point's internal `_op2` helper (as mcl's own `mul` calls
 *   `_mclBnG1_mul`); `mul` is its public, variable-time `mcl.mul`; `mulVec` its MSM.
 * - `bls-eth-wasm` 1.7.0: BLS signatures of the Ethereum suite (keys in G1, signatures in G2, DST
 *   `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`), with the subgroup checks of deserialisation on
 *   (`verifyPublicKeyOrder(true)`, `verifySignatureOrder(true)`), as isochron's decoding has them.
 * - `libsodium-wrappers` 0.8.4: `crypto_scalarmult` and `crypto_scalarmult_base` after `sodium.ready`.
 * - `ffjavascript` 0.3.1: `buildBls12381(true)` / `buildBn128(true)`, single-threaded (checked:
 *   `tm.singleThread`, no workers, concurrency 1), MSM (`G1.multiExpAffine`) and pairing.
 *
 * The packages are imported dynamically, so a peer that is missing loses only its own rows.
 * @module
 */

// deno-lint-ignore-file no-explicit-any

/** Compressed BLS12-381 generators (ZCash encoding; tests/bench/wasm_peers.test.ts checks them). */
export const G1_GENERATOR_HEX =
  "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
export const G2_GENERATOR_HEX =
  "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e" +
  "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";

const toHex = (b: Uint8Array): string => [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
/** The default export of a CommonJS package imported as ESM, or the namespace itself. */
const cjs = (m: any): any => m.default ?? m;

/** An opaque point or scalar of a peer library. */
export type PeerValue = unknown;

/** mcl-wasm on BLS12-381. */
export interface Mcl {
  /** The point of a compressed encoding (48 bytes: G1, 96: G2), validated by mcl. */
  point(bytes: Uint8Array): PeerValue;
  /** A scalar (mcl `Fr`) from a bigint below r. */
  scalar(k: bigint): PeerValue;
  /** The compressed encoding of a point. */
  toBytes(p: PeerValue): Uint8Array;
  /** k·P by mcl's constant-time `mulCT` (raw export, no public API). */
  mulCt(p: PeerValue, k: PeerValue): PeerValue;
  /** k·P by the public, variable-time `mcl.mul`. */
  mul(p: PeerValue, k: PeerValue): PeerValue;
  /** P + Q by `mcl.add`. */
  add(p: PeerValue, q: PeerValue): PeerValue;
  /** Σ kᵢ·Pᵢ by `mcl.mulVec`. */
  mulVec(ps: PeerValue[], ks: PeerValue[]): PeerValue;
  /** e(P, Q) by `mcl.pairing` (Miller loop and final exponentiation). */
  pairing(p: PeerValue, q: PeerValue): PeerValue;
  /** The 576-byte encoding of a GT element (twelve Fp coefficients). */
  gtBytes(x: PeerValue): Uint8Array;
  G1: PeerValue;
  G2: PeerValue;
}

let mclReady: Promise<Mcl> | undefined;

/** mcl-wasm, initialised once for BLS12-381 with the Ethereum serialisation. */
export function mclWasm(): Promise<Mcl> {
  return mclReady ??= (async () => {
    const mcl = cjs(await import("mcl-wasm"));
    await mcl.init(mcl.BLS12_381);
    mcl.setETHserialization(true);
    const isG2 = (p: any) => p instanceof mcl.G2;
    const point = (bytes: Uint8Array) =>
      bytes.length === 96 ? mcl.deserializeHexStrToG2(toHex(bytes)) : mcl.deserializeHexStrToG1(toHex(bytes));
    return {
      point,
      scalar: (k) => {
        const x = new mcl.Fr();
        x.setStr(k.toString(10), 10);
        return x;
      },
      toBytes: (p: any) => p.serialize(),
      mulCt: (p: any, k) => p._op2(isG2(p) ? mcl.mod._mclBnG2_mulCT : mcl.mod._mclBnG1_mulCT, k),
      mul: (p, k) => mcl.mul(p, k),
      add: (p, q) => mcl.add(p, q),
      mulVec: (ps, ks) => mcl.mulVec(ps, ks),
      pairing: (p, q) => mcl.pairing(p, q),
      gtBytes: (x: any) => x.serialize(),
      G1: point(hexBytes(G1_GENERATOR_HEX)),
      G2: point(hexBytes(G2_GENERATOR_HEX)),
    };
  })();
}

/** bls-eth-wasm: BLS signatures, the Ethereum (POP) suite. */
export interface BlsEth {
  /** The secret key of 32 big-endian bytes. */
  secretKey(bytes: Uint8Array): PeerValue;
  /** The 48-byte compressed public key of a secret key. */
  publicKey(sk: PeerValue): Uint8Array;
  /** The 96-byte compressed signature of `msg`. */
  sign(sk: PeerValue, msg: Uint8Array): Uint8Array;
  /** Decodes (with subgroup checks) the public key and the signature, and verifies: bytes in. */
  verify(pk: Uint8Array, msg: Uint8Array, sig: Uint8Array): boolean;
  /** Decodes (with subgroup checks) the public keys and the signature, and fast-aggregate-verifies: bytes in. */
  fastAggregateVerify(pks: readonly Uint8Array[], msg: Uint8Array, sig: Uint8Array): boolean;
}

let blsReady: Promise<BlsEth> | undefined;

/** bls-eth-wasm, initialised once (BLS12-381, Ethereum mode, order checks on decode). */
export function blsEthWasm(): Promise<BlsEth> {
  return blsReady ??= (async () => {
    const bls = cjs(await import("bls-eth-wasm"));
    await bls.init(bls.BLS12_381);
    bls.verifyPublicKeyOrder(true);
    bls.verifySignatureOrder(true);
    return {
      secretKey: (bytes) => {
        const sk = new bls.SecretKey();
        sk.deserialize(bytes);
        return sk;
      },
      publicKey: (sk: any) => sk.getPublicKey().serialize(),
      sign: (sk: any, msg) => sk.sign(msg).serialize(),
      verify: (pk, msg, sig) => {
        const p = new bls.PublicKey(), s = new bls.Signature();
        p.deserialize(pk);
        s.deserialize(sig);
        return p.verify(s, msg);
      },
      fastAggregateVerify: (pks, msg, sig) => {
        const ps = pks.map((b) => {
          const p = new bls.PublicKey();
          p.deserialize(b);
          return p;
        });
        const s = new bls.Signature();
        s.deserialize(sig);
        return s.fastAggregateVerify(ps, msg);
      },
    };
  })();
}

/** libsodium-wrappers' X25519. */
export interface Sodium {
  scalarMult(k: Uint8Array, u: Uint8Array): Uint8Array;
  scalarMultBase(k: Uint8Array): Uint8Array;
}

/** libsodium-wrappers after `await sodium.ready`. */
export async function libsodium(): Promise<Sodium> {
  const sodium = cjs(await import("libsodium-wrappers"));
  await sodium.ready;
  return {
    scalarMult: (k, u) => sodium.crypto_scalarmult(k, u),
    scalarMultBase: (k) => sodium.crypto_scalarmult_base(k),
  };
}

/** An ffjavascript curve (its G1, G2, Fr, pairing, thread manager). */
export type FfCurve = any;

/**
 * ffjavascript's BLS12-381 or BN254 (`bn128`) built single-threaded; throws (after releasing it)
 * when the thread manager is not one thread in this process.
 */
export async function ffjavascriptCurve(suite: "bls12-381" | "bn254"): Promise<FfCurve> {
  const ff = await import("ffjavascript");
  const curve = suite === "bls12-381" ? await ff.buildBls12381(true) : await ff.buildBn128(true);
  const tm = curve.tm;
  if (tm.singleThread !== true || tm.concurrency !== 1 || (tm.workers?.length ?? 0) !== 0) {
    await releaseFfjavascript(curve);
    throw new Error(`ffjavascript ${suite}: not single-threaded (concurrency ${tm.concurrency})`);
  }
  return curve;
}

/**
 * Releases an ffjavascript curve: `terminate()` stops its workers; a single-threaded curve has none
 * (and 0.3.1's `terminate` would throw on the missing worker list), so there is nothing to stop.
 */
export async function releaseFfjavascript(curve: FfCurve): Promise<void> {
  if (curve?.tm?.workers !== undefined) await curve.terminate();
}

/** `k` as 32 little-endian bytes (ffjavascript's scalars). */
export function le32(k: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++, k >>= 8n) out[i] = Number(k & 0xffn);
  return out;
}

/** ffjavascript G1 MSM inputs: points (its affine form, one buffer) and scalars (32 bytes LE each). */
export function ffMsmInputs(curve: FfCurve, points: bigint[][], scalars: bigint[]): {
  bases: Uint8Array;
  ks: Uint8Array;
} {
  const G1 = curve.G1, sz = G1.F.n8 * 2;
  const bases = new Uint8Array(points.length * sz), ks = new Uint8Array(scalars.length * 32);
  points.forEach((p, i) => bases.set(G1.toAffine(G1.fromObject(p)), i * sz));
  scalars.forEach((k, i) => ks.set(le32(k), i * 32));
  return { bases, ks };
}

/** ffjavascript's G1 point k·G, as its object form [x, y, 1] (bigints). */
export function ffG1Times(curve: FfCurve, k: bigint): bigint[] {
  const G1 = curve.G1;
  return G1.toObject(G1.toAffine(G1.timesScalar(G1.g, le32(k))));
}

/** Hex to bytes. */
export function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
