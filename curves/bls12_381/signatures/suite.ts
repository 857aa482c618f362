/**
 * BLS signatures on BLS12-381 (draft-irtf-cfrg-bls-signature-05), one suite per (public-key group,
 * scheme, DSTs) of spec.ts, on the opaque values of values.ts. With g the generator of the public-key
 * group and H = hash_to_curve (RFC 9380) into the signature group under the suite's DST:
 *
 * - SkToPk (§2.4): PK = SK·g, constant-time `multiply`.
 * - CoreSign (§2.6): S = SK·H(m); constant-time `multiply` (the hash is of public data).
 * - CoreVerify (§2.7): e(PK, H(m)) = e(g, S), checked as e(PK, H(m))·e(−g, S) = 1 (one multi-Miller
 *   loop and one final exponentiation); the pairing's arguments are ordered (G1, G2) by `pair`.
 * - Aggregate (§2.8), CoreAggregateVerify (§2.9): ∏ e(PK_i, H(m_i))·e(−g, S) = 1.
 * - Basic (§3.1): AggregateVerify is false when two messages are equal. Message augmentation (§3.2):
 *   every message is PK ‖ m, PK the signer's 48- or 96-byte compressed key. Proof of possession
 *   (§3.3): PopProve = SK·H_pop(PK), PopVerify, FastAggregateVerify (PK = Σ PK_i, then CoreVerify).
 * - KeyValidate (§2.5): public keys are decoded with full validation and the identity is refused
 *   (INVALID_KEY), when decoded and when aggregated; verification checks it again for aggregates.
 * - Batch verification (not in the draft): n (PK_i, m_i, S_i) at once with random 64-bit weights c_i
 *   (Boneh–Drijvers–Neven 2018, "Compact multi-signatures", §3.2; the eth2 "fast verification of
 *   multiple BLS signatures" note): ∏ e(c_i·PK_i, H(m_i))·e(−g, Σ c_i·S_i) = 1; a forged set passes
 *   with probability ≤ 2^-64; n + 1 Miller loops and one final exponentiation instead of 2n and n.
 *
 * Verification functions never throw for values (a failed check is `false`); they throw INVALID_TYPE
 * for an argument of the wrong type, a swapped one included. Bytes enter through `fromBytes` only,
 * which takes the compressed encodings of the Ethereum consensus specification (Bytes48, Bytes96)
 * and throws for anything else. Everything but key generation, `getPublicKey`, `sign` and `popProve`
 * works on public data and is variable-time; those are constant-time in the key up to their result
 * (tests/curves/bls12_381/bls_sig_ct.test.ts), whose encoding is public by purpose.
 * @module
 */
import { checkBytes, copyBytes, hexToBytes, IsochronError } from "../../../errors.ts";
import type { HashingGroup } from "../../hash_to_curve/suite.ts";
import type { PointImpl } from "../../group/group.ts";
import type { PairingInput } from "../../pairing/pairing.ts";
import { checkSecretKey, keyGen } from "./keygen.ts";
import type { BlsScheme, BlsSuiteSpec } from "./spec.ts";
import {
  type BlsGroupName,
  type BlsProof,
  type BlsPublicKey,
  type BlsSecretKey,
  type BlsSignature,
  ownSecretKey,
  ownValue,
  ProofImpl,
  PublicKeyImpl,
  SecretKeyImpl,
  SignatureImpl,
} from "./values.ts";

/** One signature to check in `verifyBatch`. */
export interface BlsBatchItem {
  /** The signer's key. */
  readonly publicKey: BlsPublicKey;
  /** The signed message. */
  readonly message: Uint8Array;
  /** The signature. */
  readonly signature: BlsSignature;
}

/** Constructors of secret keys. */
export interface BlsSecretKeys {
  /**
   * The key of 32 big-endian bytes (copied: the caller's bytes are never read again or written).
   * Constant-time, the range check included.
   * @param bytes the key, 32 bytes big-endian.
   * @returns a new secret key.
   * @throws {IsochronError} INVALID_TYPE unless `bytes` is a Uint8Array, INVALID_LENGTH unless it is 32
   * bytes, INVALID_SCALAR when its value is outside [1, r).
   */
  fromBytes(bytes: Uint8Array): BlsSecretKey;
  /**
   * KeyGen (§2.3): the key derived from `ikm` (secret keying material, ≥ 32 bytes) and the public
   * `keyInfo` (default empty) by HKDF-SHA-256. Deterministic; constant-time in `ikm` for its length.
   * @param ikm secret keying material, at least 32 bytes.
   * @param keyInfo public key information; omitted: empty.
   * @returns a new secret key, in [1, r).
   * @throws {IsochronError} INVALID_TYPE unless `ikm` and `keyInfo` are Uint8Arrays, INVALID_LENGTH for
   * an `ikm` shorter than 32 bytes.
   */
  keyGen(ikm: Uint8Array, keyInfo?: Uint8Array): BlsSecretKey;
  /**
   * A new random key: KeyGen of 32 bytes from `crypto.getRandomValues`.
   * @returns a new secret key.
   */
  random(): BlsSecretKey;
}

/** Decoders of one kind of point value (public keys, signatures or proofs). */
export interface BlsPointDecoder<T> {
  /** Encoded length: 48 (a G1 point) or 96 (G2), compressed. */
  readonly length: number;
  /**
   * The value of its compressed encoding, fully validated (flags, range, curve, subgroup; a public
   * key ≠ identity). The bytes are read, never written.
   * @param bytes the compressed encoding: 48 bytes (G1) or 96 (G2).
   * @returns a new value.
   * @throws {IsochronError} INVALID_TYPE, INVALID_LENGTH (another length, an uncompressed form
   * included), INVALID_FLAGS, NON_CANONICAL, NOT_ON_CURVE, NOT_IN_SUBGROUP, INVALID_KEY (identity key).
   */
  fromBytes(bytes: Uint8Array): T;
  /**
   * As `fromBytes`, from hex (no prefix).
   * @param hex the compressed encoding in hex, either case.
   * @returns a new value.
   * @throws {IsochronError} as `fromBytes`; INVALID_TYPE when `hex` is not a hex string,
   * INVALID_LENGTH for an odd number of digits.
   */
  fromHex(hex: string): T;
}

/** A BLS signature suite: one of the six of the draft, or an application's with its own DSTs. */
export interface BlsSuite {
  /** The scheme. */
  readonly scheme: BlsScheme;
  /** Where public keys live. */
  readonly publicKeyGroup: BlsGroupName;
  /** Where signatures live (the other group). */
  readonly signatureGroup: BlsGroupName;
  /** The DST hashed into every message point (the suite ID unless an application set its own). */
  readonly DST: string | Uint8Array;
  /** Byte lengths of the encodings. */
  readonly lengths: { readonly secretKey: 32; readonly publicKey: number; readonly signature: number };
  /** Secret-key constructors. */
  readonly SecretKey: BlsSecretKeys;
  /** Public-key decoders (48 bytes for G1 keys, 96 for G2). */
  readonly PublicKey: BlsPointDecoder<BlsPublicKey>;
  /** Signature decoders (96 bytes for G2 signatures, 48 for G1). */
  readonly Signature: BlsPointDecoder<BlsSignature>;
  /**
   * SkToPk (§2.4): the public key of `sk`. Constant-time in the key.
   * @param sk a secret key.
   * @returns its public key.
   * @throws {IsochronError} INVALID_TYPE unless `sk` is a secret key.
   */
  getPublicKey(sk: BlsSecretKey): BlsPublicKey;
  /**
   * Sign: `sk`'s signature of `msg` (any bytes; AUG: of PK ‖ msg). Constant-time in the key.
   * @param sk a secret key.
   * @param msg the message.
   * @returns the signature.
   * @throws {IsochronError} INVALID_TYPE unless `sk` is a secret key and `msg` bytes.
   *
   * @example
   * ```ts
   * import { bls12_381 } from "@isochron/curves/bls12-381";
   * const suite = bls12_381.sig; // Ethereum: keys in G1, signatures in G2, proof of possession
   * const sk = suite.SecretKey.keyGen(new Uint8Array(32).fill(7)); // 32+ random bytes in practice
   * const pk = suite.getPublicKey(sk);
   * const msg = new TextEncoder().encode("hello");
   * const sig = suite.sign(sk, msg);
   * if (!suite.verify(pk, msg, suite.Signature.fromBytes(sig.toBytes()))) throw new Error("unexpected");
   * ```
   */
  sign(sk: BlsSecretKey, msg: Uint8Array): BlsSignature;
  /**
   * Verify: whether `sig` is `pk`'s signature of `msg`. Variable-time (public inputs).
   * @param pk the signer's public key.
   * @param msg the message.
   * @param sig the signature.
   * @returns false when the check fails.
   * @throws {IsochronError} INVALID_TYPE when an argument has the wrong type (a swap included), a key
   * or signature of the other placement.
   */
  verify(pk: BlsPublicKey, msg: Uint8Array, sig: BlsSignature): boolean;
  /**
   * Aggregate (§2.8): the sum of `sigs`. Variable-time.
   * @param sigs signatures of this suite's signature group.
   * @returns the aggregate signature.
   * @throws {IsochronError} INVALID_TYPE (not an array of signatures of this placement), INVALID_LENGTH
   * for an empty list.
   */
  aggregateSignatures(sigs: readonly BlsSignature[]): BlsSignature;
  /**
   * AggregateVerify: whether `sig` aggregates signatures of `msgs[i]` by `pks[i]`. Basic scheme: false
   * when two messages are equal; AUG: each message is PK_i ‖ m_i; POP: messages may repeat.
   * Variable-time.
   * @param pks the signers' public keys.
   * @param msgs the messages, one per key.
   * @param sig the aggregate signature.
   * @returns false for empty or unequal lists, and when the check fails.
   * @throws {IsochronError} INVALID_TYPE for arguments of the wrong type.
   */
  aggregateVerify(pks: readonly BlsPublicKey[], msgs: readonly Uint8Array[], sig: BlsSignature): boolean;
  /**
   * Whether every item's signature is valid, checked together with random 64-bit weights (a set with a
   * bad signature passes with probability ≤ 2^-64). Draws from `crypto.getRandomValues`. Variable-time.
   * @param items `{ publicKey, message, signature }` objects.
   * @returns false for an empty list, and when the check fails.
   * @throws {IsochronError} INVALID_TYPE unless `items` is an array of `{ publicKey, message, signature }`.
   */
  verifyBatch(items: readonly BlsBatchItem[]): boolean;
}

/** A proof-of-possession suite (§3.3): the basic operations, proofs and FastAggregateVerify. */
export interface BlsPopSuite extends BlsSuite {
  /** The POP scheme. */
  readonly scheme: "pop";
  /** The DST of proofs of possession. */
  readonly POP_DST: string | Uint8Array;
  /** Proof decoders (the length of a signature). */
  readonly Proof: BlsPointDecoder<BlsProof>;
  /**
   * The sum of public keys, for FastAggregateVerify. Variable-time.
   * @param pks public keys of this suite.
   * @returns the aggregate public key.
   * @throws {IsochronError} INVALID_TYPE unless `pks` is an array of public keys of this suite's group,
   * INVALID_LENGTH for an empty list, INVALID_KEY when the sum is the identity.
   */
  aggregatePublicKeys(pks: readonly BlsPublicKey[]): BlsPublicKey;
  /**
   * FastAggregateVerify (§3.3.4): whether `sig` aggregates signatures of the one message `msg` by all
   * of `pks` (whose possession must have been proven). Variable-time.
   * @param pks the signers' public keys.
   * @param msg the one message.
   * @param sig the aggregate signature.
   * @returns false for an empty list, and when the check fails.
   * @throws {IsochronError} INVALID_TYPE for arguments of the wrong type.
   */
  fastAggregateVerify(pks: readonly BlsPublicKey[], msg: Uint8Array, sig: BlsSignature): boolean;
  /**
   * PopProve (§3.3.2): the proof of possession SK·H_pop(PK) of `sk`. Constant-time in the key.
   * @param sk a secret key.
   * @returns the proof.
   * @throws {IsochronError} INVALID_TYPE unless `sk` is a secret key.
   */
  popProve(sk: BlsSecretKey): BlsProof;
  /**
   * PopVerify (§3.3.3): whether `proof` proves possession of `pk`'s secret key. Variable-time.
   * @param pk the public key.
   * @param proof the proof of possession.
   * @returns false when the check fails.
   * @throws {IsochronError} INVALID_TYPE for arguments of the wrong type.
   */
  popVerify(pk: BlsPublicKey, proof: BlsProof): boolean;
}

/** What a suite needs of the curve: its groups on the current backend and the pairing. */
export interface SuiteCurve<PK, SG> {
  /** The group of public keys (called on every operation: it follows the backend). */
  readonly keys: () => HashingGroup<PK>;
  /** The group of signatures. */
  readonly signatures: () => HashingGroup<SG>;
  /** The pairing argument (P ∈ G1, Q ∈ G2) of a public-key-side and a signature-side point. */
  readonly pair: (pk: PointImpl<PK>, s: PointImpl<SG>) => PairingInput;
  /** Whether ∏ e(P_i, Q_i) = 1. */
  readonly pairingCheck: (pairs: readonly PairingInput[]) => boolean;
}

function list<T>(v: readonly T[], what: string): readonly T[] {
  if (!Array.isArray(v)) throw new IsochronError("INVALID_TYPE", `${what} must be an array`);
  return v;
}

/** a ‖ b. */
function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Whether two of `msgs` are equal (byte strings). */
function repeats(msgs: readonly Uint8Array[]): boolean {
  const seen = new Set<string>();
  for (const m of msgs) seen.add(String.fromCharCode(...m)); // public messages
  return seen.size !== msgs.length;
}

const secretKeys: BlsSecretKeys = Object.freeze({
  fromBytes(bytes: Uint8Array): BlsSecretKey {
    const sk = copyBytes(bytes, "secret key", 32);
    checkSecretKey(sk);
    return new SecretKeyImpl(sk);
  },
  keyGen(ikm: Uint8Array, keyInfo?: Uint8Array): BlsSecretKey {
    return new SecretKeyImpl(keyGen(ikm, keyInfo));
  },
  random(): BlsSecretKey {
    const ikm = crypto.getRandomValues(new Uint8Array(32));
    const sk = new SecretKeyImpl(keyGen(ikm));
    ikm.fill(0);
    return sk;
  },
});

/** The suite `spec` on `curve`. */
export function blsSuite<PK, SG>(curve: SuiteCurve<PK, SG>, spec: BlsSuiteSpec): BlsSuite | BlsPopSuite {
  const { publicKeyGroup: pkName, signatureGroup: sigName, scheme, dst, popDst } = spec;
  const pkLength = pkName === "G1" ? 48 : 96, sigLength = sigName === "G1" ? 48 : 96;

  const pkOf = (v: unknown, what = "public key"): PointImpl<PK> =>
    ownValue(PublicKeyImpl<PK>, v, pkName, what).pointIn(curve.keys());
  const sigOf = (v: unknown): PointImpl<SG> =>
    ownValue(SignatureImpl<SG>, v, sigName, "signature").pointIn(curve.signatures());
  const pkBytes = (v: BlsPublicKey): Uint8Array => (v as PublicKeyImpl<PK>).encoded();
  const message = (m: unknown): Uint8Array => copyBytes(m, "message");
  /** The message CoreSign / CoreVerify hash for key `pk` (AUG: PK ‖ m). */
  const signed = (pk: Uint8Array, m: Uint8Array): Uint8Array => (scheme === "aug" ? concat(pk, m) : m);
  const hash = (m: Uint8Array, tag = dst): PointImpl<SG> => curve.signatures().hashToCurve(m, tag);
  /** ∏ pairs · e(−g, S) = 1. */
  const check = (pairs: PairingInput[], S: PointImpl<SG>): boolean => {
    pairs.push(curve.pair(curve.keys().BASE.negate(), S));
    return curve.pairingCheck(pairs);
  };
  const publicKey = (P: PointImpl<PK>, encoding?: Uint8Array) => new PublicKeyImpl<PK>(pkName, P, encoding);
  /** SK·g, and the secret's own bytes. */
  const keyPoint = (sk: unknown): [PointImpl<PK>, Uint8Array] => {
    const s = ownSecretKey(sk).bytes();
    return [curve.keys().BASE.multiply(s), s];
  };

  const decoder = <T>(
    what: string,
    length: number,
    decode: (bytes: Uint8Array) => T,
  ): BlsPointDecoder<T> => {
    const fromBytes = (bytes: Uint8Array): T => {
      const n = checkBytes(bytes, what);
      if (n !== length) {
        throw new IsochronError("INVALID_LENGTH", `${what} must be ${length} bytes (compressed), got ${n}`);
      }
      return decode(copyBytes(bytes, what));
    };
    return Object.freeze({
      length,
      fromBytes,
      fromHex: (hex: string): T => fromBytes(hexToBytes(hex, what)),
    });
  };

  const basic: BlsSuite = {
    scheme,
    publicKeyGroup: pkName,
    signatureGroup: sigName,
    get DST(): string | Uint8Array {
      return typeof dst === "string" ? dst : dst.slice(); // a copy: the suite's own DST stays intact
    },
    lengths: Object.freeze({ secretKey: 32 as const, publicKey: pkLength, signature: sigLength }),
    SecretKey: secretKeys,
    PublicKey: decoder("public key", pkLength, (b) => {
      const P = curve.keys().fromBytes(b);
      if (P.isZero()) throw new IsochronError("INVALID_KEY", "public key is the identity (KeyValidate)");
      return publicKey(P, b);
    }),
    Signature: decoder(
      "signature",
      sigLength,
      (b) => new SignatureImpl<SG>(sigName, curve.signatures().fromBytes(b), b),
    ),
    getPublicKey(sk: BlsSecretKey): BlsPublicKey {
      return publicKey(keyPoint(sk)[0]);
    },
    sign(sk: BlsSecretKey, msg: Uint8Array): BlsSignature {
      const s = ownSecretKey(sk).bytes(), m = message(msg);
      const H = hash(scheme === "aug" ? signed(keyPoint(sk)[0].toBytes(true), m) : m);
      return new SignatureImpl<SG>(sigName, H.multiply(s));
    },
    verify(pk: BlsPublicKey, msg: Uint8Array, sig: BlsSignature): boolean {
      const P = pkOf(pk), m = message(msg), S = sigOf(sig);
      return check([curve.pair(P, hash(signed(pkBytes(pk), m)))], S);
    },
    aggregateSignatures(sigs: readonly BlsSignature[]): BlsSignature {
      const Ss = list(sigs, "signatures").map(sigOf);
      if (Ss.length === 0) throw new IsochronError("INVALID_LENGTH", "no signatures to aggregate");
      return new SignatureImpl<SG>(sigName, curve.signatures().sumVartime(Ss));
    },
    aggregateVerify(pks: readonly BlsPublicKey[], msgs: readonly Uint8Array[], sig: BlsSignature): boolean {
      const Ps = list(pks, "public keys").map((v) => pkOf(v)), ms = list(msgs, "messages").map(message);
      const S = sigOf(sig);
      if (Ps.length === 0 || Ps.length !== ms.length) return false;
      if (scheme === "basic" && repeats(ms)) return false; // §3.1.1: distinct messages
      return check(Ps.map((P, i) => curve.pair(P, hash(signed(pkBytes(pks[i]), ms[i])))), S);
    },
    verifyBatch(items: readonly BlsBatchItem[]): boolean {
      const parsed = list(items, "items").map((it) => {
        if (typeof it !== "object" || it === null) {
          throw new IsochronError("INVALID_TYPE", "a batch item is { publicKey, message, signature }");
        }
        return {
          P: pkOf(it.publicKey),
          m: signed(pkBytes(it.publicKey), message(it.message)),
          S: sigOf(it.signature),
        };
      });
      if (parsed.length === 0) return false;
      // Random odd 64-bit weights (public once drawn: used with multiplyUnsafe, as blst does).
      const w = crypto.getRandomValues(new BigUint64Array(parsed.length));
      const c = Array.from(w, (x) => x | 1n);
      const pairs = parsed.map(({ P, m }, i) => curve.pair(P.multiplyUnsafe(c[i]), hash(m)));
      return check(pairs, curve.signatures().sumVartime(parsed.map(({ S }, i) => S.multiplyUnsafe(c[i]))));
    },
  };
  if (scheme !== "pop") return Object.freeze(basic);

  const proofOf = (v: unknown): PointImpl<SG> =>
    ownValue(ProofImpl<SG>, v, sigName, "proof of possession").pointIn(curve.signatures());
  const pop: BlsPopSuite = {
    ...basic,
    get DST(): string | Uint8Array {
      return basic.DST;
    },
    scheme: "pop",
    get POP_DST(): string | Uint8Array {
      return typeof popDst === "string" ? popDst : popDst!.slice();
    },
    Proof: decoder(
      "proof of possession",
      sigLength,
      (b) => new ProofImpl<SG>(sigName, curve.signatures().fromBytes(b), b),
    ),
    aggregatePublicKeys(pks: readonly BlsPublicKey[]): BlsPublicKey {
      const Ps = list(pks, "public keys").map((v) => pkOf(v));
      if (Ps.length === 0) throw new IsochronError("INVALID_LENGTH", "no public keys to aggregate");
      const sum = curve.keys().sumVartime(Ps);
      if (sum.isZero()) throw new IsochronError("INVALID_KEY", "the aggregate public key is the identity");
      return publicKey(sum);
    },
    fastAggregateVerify(pks: readonly BlsPublicKey[], msg: Uint8Array, sig: BlsSignature): boolean {
      const Ps = list(pks, "public keys").map((v) => pkOf(v)), m = message(msg), S = sigOf(sig);
      if (Ps.length === 0) return false;
      const sum = curve.keys().sumVartime(Ps);
      if (sum.isZero()) return false; // KeyValidate of the aggregate (§3.3.4 → CoreVerify)
      return check([curve.pair(sum, hash(m))], S);
    },
    popProve(sk: BlsSecretKey): BlsProof {
      const [P, s] = keyPoint(sk);
      return new ProofImpl<SG>(sigName, hash(P.toBytes(true), popDst).multiply(s));
    },
    popVerify(pk: BlsPublicKey, proof: BlsProof): boolean {
      const P = pkOf(pk), S = proofOf(proof);
      return check([curve.pair(P, hash(pkBytes(pk), popDst))], S);
    },
  };
  return Object.freeze(pop);
}
