/**
 * BLS signatures on BLS12-381, the Ethereum suite: draft-irtf-cfrg-bls-signature-05, "minimal-pubkey-
 * size" variant (public keys in G1, 48 bytes; signatures in G2, 96 bytes; ZCash compressed encodings),
 * ciphersuite `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` (§4.2.3: proof-of-possession scheme, so
 * aggregate verification does not require distinct messages).
 *
 * - SkToPk (§2.4): PK = SK·G1, constant-time `multiply`.
 * - CoreSign (§2.6): S = SK·H(msg), H = hash_to_curve of RFC 9380 (BLS12381G2_XMD:SHA-256_SSWU_RO_)
 *   under the suite's DST; constant-time `multiply` (the hash is of public data).
 * - CoreVerify (§2.7): e(PK, H(msg)) = e(G1, S), checked as e(PK, H(msg))·e(−G1, S) = 1 with one
 *   shared Miller loop and one final exponentiation (`pairingCheck`).
 * - Aggregate (§2.8), CoreAggregateVerify (§2.9): ∏ e(PK_i, H(msg_i))·e(−G1, S) = 1;
 *   FastAggregateVerify (§3.3.4): PK = Σ PK_i, then CoreVerify.
 * - KeyValidate (§2.5): full decoding (on-curve, subgroup) and PK ≠ identity.
 * - Batch verification (not in the draft): n (PK_i, msg_i, S_i) triples at once with random 64-bit
 *   weights c_i (Boneh–Drijvers–Neven 2018, "Compact multi-signatures", §3.2 batch; the eth2 "fast
 *   verification of multiple BLS signatures" note): ∏ e(c_i·PK_i, H(msg_i))·e(−G1, Σ c_i·S_i) = 1; a
 *   forged set passes with probability ≤ 2^-64. Costs n + 1 Miller loops and one final exponentiation
 *   instead of 2n Miller loops and n final exponentiations.
 *
 * - KeyGen (§2.3): HKDF-SHA-256 (RFC 5869) of the input keying material, 48 bytes reduced mod r in
 *   constant time (scalar/reduce_wide.ts).
 * - Proof of possession (§3.3.2, §3.3.3): PopProve = SK·H_pop(PK), PopVerify checks e(PK, H_pop(PK)) =
 *   e(G1, proof), with H_pop = hash_to_curve under the POP tag `BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`.
 *
 * Everything but `keyGen`, `getPublicKey`, `sign` and `popProve` works on public data and is
 * variable-time. Those are constant-time in the key up to their output: the key check uses masks,
 * `multiply` is constant-time, and only the encoding of the result (public by purpose: a published key
 * or signature) may branch on its value (the ZCash sign bit of y). `keyGen` branches only on whether
 * the derived key is zero (probability ≈ 2^-255; a retry is a public event). tests/curves/bls12_381/bls_sig_ct.test.ts
 * and tests/curves/bls12_381/bls_keygen.test.ts prove it.
 * @module
 */
import { checkBytes, copyBytes, IsochronError } from "../../errors.ts";
import { R as BLS_R } from "./params.ts";
import { lessThanBytes } from "../../scalar/fr.ts";
import { WideScalarReducer } from "../../scalar/reduce_wide.ts";
import { expand as hkdfExpand, extract as hkdfExtract } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import type { Bls12_381Groups } from "./groups.ts";
import type { Fp2Value } from "../group/coord_field.ts";
import type { PairingInput } from "../pairing/pairing.ts";
import type { PointImpl } from "../group/group.ts";

/** The ciphersuite's domain separation tag (draft-irtf-cfrg-bls-signature-05 §4.2.3). */
export const BLS_POP_DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/** The tag of proofs of possession (draft-irtf-cfrg-bls-signature-05 §4.2.3). */
export const BLS_POP_PROOF_DST = "BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/** BLS signatures, Ethereum suite (see the module doc). All keys and signatures are byte strings. */
export interface BlsSignatures {
  /** The domain separation tag hashed into every message point. */
  readonly DST: string;
  /** The domain separation tag of proofs of possession (`popProve`, `popVerify`). */
  readonly POP_DST: string;
  /**
   * KeyGen (draft-irtf-cfrg-bls-signature-05 §2.3): the 32-byte big-endian secret key in [1, r) derived
   * from `ikm` (secret keying material, at least 32 bytes, else {@linkcode IsochronError}
   * `INVALID_LENGTH`) and the optional public `keyInfo` (default empty). Deterministic; HKDF-SHA-256
   * then a constant-time reduction mod r. Constant-time in `ikm` for a given length, except for a
   * retry when the key would be zero (probability ≈ 2^-255).
   *
   * @example
   * ```ts
   * import { bls12_381 } from "./mod.ts";
   * const ikm = new Uint8Array(32).fill(7); // use 32+ random bytes in practice
   * const sk = bls12_381.sig.keyGen(ikm);
   * const pk = bls12_381.sig.getPublicKey(sk);
   * const msg = new TextEncoder().encode("hello");
   * if (!bls12_381.sig.verify(pk, msg, bls12_381.sig.sign(sk, msg))) throw new Error("unexpected");
   * ```
   */
  keyGen(ikm: Uint8Array, keyInfo?: Uint8Array): Uint8Array;
  /**
   * PopProve (§3.3.2): the 96-byte proof of possession SK·H_pop(PK) of the key `sk` (as for
   * `getPublicKey`), with PK its 48-byte compressed public key. Constant-time in `sk`.
   *
   * @example
   * ```ts
   * import { bls12_381 } from "./mod.ts";
   * const sk = bls12_381.sig.keyGen(new Uint8Array(32).fill(1));
   * const pk = bls12_381.sig.getPublicKey(sk);
   * const proof = bls12_381.sig.popProve(sk);
   * if (!bls12_381.sig.popVerify(pk, proof)) throw new Error("unexpected");
   * ```
   */
  popProve(sk: Uint8Array): Uint8Array;
  /**
   * PopVerify (§3.3.3): whether `proof` proves possession of the key of `pk` (48 bytes compressed).
   * `false` (never a throw) for an invalid, uncompressed or identity public key or an invalid proof; `INVALID_TYPE` for a non-`Uint8Array`.
   * Variable-time (public inputs).
   */
  popVerify(pk: Uint8Array, proof: Uint8Array): boolean;
  /**
   * SkToPk: the 48-byte compressed public key SK·G1. `sk`: 32 bytes big-endian in [1, r), else
   * {@linkcode IsochronError} `INVALID_SCALAR` (`INVALID_TYPE`/`INVALID_LENGTH` for a wrong type or
   * length). Constant-time in `sk` (the range check included).
   */
  getPublicKey(sk: Uint8Array): Uint8Array;
  /**
   * Sign: the 96-byte compressed signature SK·H(msg). `sk` as for `getPublicKey`; `msg` any bytes.
   * Constant-time in `sk`.
   */
  sign(sk: Uint8Array, msg: Uint8Array): Uint8Array;
  /**
   * Verify: whether `sig` is a valid signature of `msg` under `pk`. Never throws for bad encodings: an
   * invalid public key or signature (length, flags, not on the curve, not in the subgroup), the
   * identity public key or a failed pairing check give `false`. Throws `INVALID_TYPE` only when an
   * argument is not a `Uint8Array`. Variable-time (public inputs).
   */
  verify(pk: Uint8Array, msg: Uint8Array, sig: Uint8Array): boolean;
  /**
   * Aggregate: the 96-byte sum of signatures. Each is decoded with full validation (else the decoding's
   * {@linkcode IsochronError}); an empty list throws `INVALID_LENGTH`. Variable-time (public inputs).
   */
  aggregateSignatures(sigs: readonly Uint8Array[]): Uint8Array;
  /**
   * The 48-byte sum of public keys (for FastAggregateVerify). Each is decoded with full validation;
   * the identity public key throws `INVALID_FLAGS` (KeyValidate); an empty list throws
   * `INVALID_LENGTH`. Variable-time (public inputs).
   */
  aggregatePublicKeys(pks: readonly Uint8Array[]): Uint8Array;
  /**
   * FastAggregateVerify: whether `sig` is the aggregate of signatures of the one message `msg` by all
   * of `pks`. `false` (never a throw) for an empty list, any invalid or identity key, an invalid
   * signature. Throws `INVALID_TYPE` only for arguments of the wrong type. Variable-time.
   */
  fastAggregateVerify(pks: readonly Uint8Array[], msg: Uint8Array, sig: Uint8Array): boolean;
  /**
   * AggregateVerify: whether `sig` aggregates signatures of `msgs[i]` by `pks[i]` (messages need not
   * be distinct: proof-of-possession suite). `false` for empty or unequal-length lists and invalid
   * inputs, as `fastAggregateVerify`. Variable-time.
   */
  aggregateVerify(pks: readonly Uint8Array[], msgs: readonly Uint8Array[], sig: Uint8Array): boolean;
  /**
   * Whether every `sigs[i]` is a valid signature of `msgs[i]` under `pks[i]`, checked together with
   * random 64-bit weights (module doc): `true` for valid sets; a set with any invalid signature is
   * accepted with probability at most 2^-64. `false` for empty or unequal-length lists and invalid
   * inputs. Draws from `crypto.getRandomValues`. Variable-time.
   */
  verifyBatch(pks: readonly Uint8Array[], msgs: readonly Uint8Array[], sigs: readonly Uint8Array[]): boolean;
}

const r = BLS_R;
const R_BYTES = (() => {
  const out = new Uint8Array(32);
  let v = r;
  for (let i = 31; i >= 0; i--, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
})();

/**
 * Checks sk ∈ [1, r) in constant time (masks; the one branch is on the verdict, which a
 * caller learns anyway from the exception).
 */
export function checkSecretKey(sk: Uint8Array): void {
  checkBytes(sk, "secret key", 32); // read only
  let any = 0;
  for (let i = 0; i < 32; i++) any |= sk[i];
  const nonZero = ((any - 1) >>> 31) ^ 1; // 1 iff any ≠ 0 (any ≤ 255)
  if ((nonZero & lessThanBytes(sk, R_BYTES)) !== 1) {
    throw new IsochronError("INVALID_SCALAR", "secret key must be in [1, r)");
  }
}

const keyReducer = new WideScalarReducer(r, 48);
/** KeyGen's `L`: ceil((3·ceil(log2 r)) / 16) = 48 (§2.3). */
const KEYGEN_L = 48;
const KEYGEN_SALT = new TextEncoder().encode("BLS-SIG-KEYGEN-SALT-");

/**
 * KeyGen, draft-irtf-cfrg-bls-signature-05 §2.3 (see {@linkcode BlsSignatures.keyGen}). The loop exits
 * on the public event "SK ≠ 0" (the one branch that depends on the key; it fails with probability
 * ≈ 2^-255). HKDF and SHA-256 of @noble/hashes run a data-independent sequence for a given length.
 */
export function keyGen(ikm: Uint8Array, keyInfo: Uint8Array = new Uint8Array(0)): Uint8Array {
  ikm = copyBytes(ikm, "ikm"); // fresh copies: a subclass or view is read through its own slots only
  keyInfo = copyBytes(keyInfo, "key info");
  if (ikm.length < 32) {
    throw new IsochronError("INVALID_LENGTH", `ikm must be at least 32 bytes, got ${ikm.length}`);
  }
  const ikm0 = new Uint8Array(ikm.length + 1); // IKM ‖ I2OSP(0, 1)
  ikm0.set(ikm);
  const info = new Uint8Array(keyInfo.length + 2); // key_info ‖ I2OSP(L, 2)
  info.set(keyInfo);
  info[keyInfo.length] = KEYGEN_L >> 8;
  info[keyInfo.length + 1] = KEYGEN_L & 0xff;
  const sk = new Uint8Array(32);
  let salt: Uint8Array = KEYGEN_SALT;
  for (;;) {
    salt = sha256(salt);
    const prk = hkdfExtract(sha256, ikm0, salt);
    const okm = hkdfExpand(sha256, prk, info, KEYGEN_L);
    keyReducer.reduceInto(sk, okm);
    prk.fill(0);
    okm.fill(0);
    let any = 0;
    for (let i = 0; i < 32; i++) any |= sk[i];
    if (any !== 0) break; // public event: SK ≠ 0
  }
  ikm0.fill(0);
  ikm.fill(0);
  return sk;
}

function expectMessage(msg: unknown): Uint8Array {
  return copyBytes(msg, "message");
}

function expectList<T>(v: readonly T[], what: string): readonly T[] {
  if (!Array.isArray(v)) throw new IsochronError("INVALID_TYPE", `${what} must be an array`);
  return v;
}

function expectByteArg(v: unknown, what: string): number {
  return checkBytes(v, what);
}

/**
 * The suite over `groups()` (called on every operation, so that it follows the current backend) and a
 * multi-pairing check.
 */
export function blsSignatures(
  groups: () => Bls12_381Groups,
  pairingCheck: (pairs: readonly PairingInput[]) => boolean,
): BlsSignatures {
  const hash = (msg: Uint8Array): PointImpl<Fp2Value> =>
    groups().G2.hashToCurve(expectMessage(msg), BLS_POP_DST);
  /** A validated public key (KeyValidate), or undefined. */
  const pubkeyOrUndefined = (pk: Uint8Array): PointImpl<bigint> | undefined => {
    expectByteArg(pk, "public key");
    try {
      const P = groups().G1.fromBytes(pk);
      return P.isZero() ? undefined : P;
    } catch (e) {
      if (e instanceof IsochronError) return undefined;
      throw e;
    }
  };
  const signatureOrUndefined = (sig: Uint8Array): PointImpl<Fp2Value> | undefined => {
    expectByteArg(sig, "signature");
    try {
      return groups().G2.fromBytes(sig);
    } catch (e) {
      if (e instanceof IsochronError) return undefined;
      throw e;
    }
  };
  const pubkeys = (pks: readonly Uint8Array[]): PointImpl<bigint>[] | undefined => {
    const out: PointImpl<bigint>[] = [];
    for (const pk of expectList(pks, "public keys")) {
      const P = pubkeyOrUndefined(pk);
      if (P === undefined) return undefined;
      out.push(P);
    }
    return out;
  };
  /** e(P, H(msg))·e(−G1, S) = 1 with pairs [P_i, H(msg_i)] given. */
  const check = (pairs: PairingInput[], S: PointImpl<Fp2Value>): boolean => {
    pairs.push([groups().G1.BASE.negate(), S]);
    return pairingCheck(pairs);
  };

  return Object.freeze({
    DST: BLS_POP_DST,
    POP_DST: BLS_POP_PROOF_DST,
    keyGen,
    popProve(sk: Uint8Array): Uint8Array {
      checkSecretKey(sk);
      const pk = groups().G1.BASE.multiply(sk).toBytes();
      return groups().G2.hashToCurve(pk, BLS_POP_PROOF_DST).multiply(sk).toBytes();
    },
    popVerify(pk: Uint8Array, proof: Uint8Array): boolean {
      const P = pubkeyOrUndefined(pk), S = signatureOrUndefined(proof);
      // PK is hashed as given: only the suite's 48-byte compressed encoding is accepted.
      if (P === undefined || S === undefined || checkBytes(pk, "public key") !== 48) return false;
      return check([[P, groups().G2.hashToCurve(pk, BLS_POP_PROOF_DST)]], S);
    },
    getPublicKey(sk: Uint8Array): Uint8Array {
      checkSecretKey(sk);
      return groups().G1.BASE.multiply(sk).toBytes();
    },
    sign(sk: Uint8Array, msg: Uint8Array): Uint8Array {
      checkSecretKey(sk);
      return hash(msg).multiply(sk).toBytes();
    },
    verify(pk: Uint8Array, msg: Uint8Array, sig: Uint8Array): boolean {
      expectMessage(msg);
      const P = pubkeyOrUndefined(pk), S = signatureOrUndefined(sig);
      if (P === undefined || S === undefined) return false;
      return check([[P, hash(msg)]], S);
    },
    aggregateSignatures(sigs: readonly Uint8Array[]): Uint8Array {
      expectList(sigs, "signatures");
      if (sigs.length === 0) throw new IsochronError("INVALID_LENGTH", "no signatures to aggregate");
      const G2 = groups().G2;
      return G2.sumVartime(sigs.map((s) => G2.fromBytes(s))).toBytes();
    },
    aggregatePublicKeys(pks: readonly Uint8Array[]): Uint8Array {
      expectList(pks, "public keys");
      if (pks.length === 0) throw new IsochronError("INVALID_LENGTH", "no public keys to aggregate");
      const G1 = groups().G1;
      const points = pks.map((pk) => {
        const P = G1.fromBytes(pk);
        if (P.isZero()) throw new IsochronError("INVALID_FLAGS", "public key is the identity");
        return P;
      });
      return G1.sumVartime(points).toBytes();
    },
    fastAggregateVerify(pks: readonly Uint8Array[], msg: Uint8Array, sig: Uint8Array): boolean {
      expectMessage(msg);
      const Ps = pubkeys(pks), S = signatureOrUndefined(sig);
      if (Ps === undefined || Ps.length === 0 || S === undefined) return false;
      return check([[groups().G1.sumVartime(Ps), hash(msg)]], S);
    },
    aggregateVerify(pks: readonly Uint8Array[], msgs: readonly Uint8Array[], sig: Uint8Array): boolean {
      expectList(msgs, "messages").forEach(expectMessage);
      const Ps = pubkeys(pks), S = signatureOrUndefined(sig);
      if (Ps === undefined || S === undefined || Ps.length === 0 || Ps.length !== msgs.length) return false;
      return check(Ps.map((P, i) => [P, hash(msgs[i])]), S);
    },
    verifyBatch(
      pks: readonly Uint8Array[],
      msgs: readonly Uint8Array[],
      sigs: readonly Uint8Array[],
    ): boolean {
      expectList(msgs, "messages").forEach(expectMessage);
      expectList(sigs, "signatures");
      const Ps = pubkeys(pks);
      if (Ps === undefined || Ps.length === 0 || Ps.length !== msgs.length || Ps.length !== sigs.length) {
        return false;
      }
      const Ss: PointImpl<Fp2Value>[] = [];
      for (const s of sigs) {
        const S = signatureOrUndefined(s);
        if (S === undefined) return false;
        Ss.push(S);
      }
      // Random nonzero 64-bit weights (public once drawn: used with multiplyUnsafe, as blst does).
      const w = new BigUint64Array(Ps.length);
      crypto.getRandomValues(w);
      const c = Array.from(w, (x) => x | 1n);
      const pairs: PairingInput[] = Ps.map((P, i) => [P.multiplyUnsafe(c[i]), hash(msgs[i])]);
      return check(pairs, groups().G2.sumVartime(Ss.map((S, i) => S.multiplyUnsafe(c[i]))));
    },
  });
}
