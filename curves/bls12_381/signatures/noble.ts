/**
 * The noble (@noble/curves 2.4) BLS signature objects, `bls12_381.longSignatures` (public keys in G1, signatures
 * in G2) and `shortSignatures` (the reverse), with noble's argument order, types and semantics, on
 * isochron's groups: the message is a point (`hash(msg, DST?)`, default DST the `_RO_NUL_` suite ID),
 * keys and signatures are points or their ZCash bytes, secret keys are 32 bytes (reduced mod r, zero
 * refused). `verifyBatch(sig, items)` checks ONE aggregate signature over several messages, as noble's
 * does. Decoding failures throw; a failed or degenerate check (an identity point) is false.
 *
 * The secret-key paths are constant-time in the key: the reduction mod r (and mod r − 1 for
 * `randomSecretKey`'s seed) runs on limbs (scalar/reduce_wide.ts), and the multiplication takes the
 * bytes. For the byte-level, misuse-resistant API see suite.ts.
 * @module
 */
import { checkBytes, copyBytes, hexToBytes, isBytes, IsochronError } from "../../../errors.ts";
import { WideScalarReducer } from "../../../scalar/reduce_wide.ts";
import { seedSecretKey } from "../../../scalar/seed_key.ts";
import type { Point } from "../../group/api.ts";
import type { PointImpl } from "../../group/group.ts";
import type { PairingInput } from "../../pairing/pairing.ts";
import { R as BLS_R } from "../params.ts";
import type { SuiteCurve } from "./suite.ts";

/** noble's `Signature` coder of a placement (ZCash bytes, compressed by default). */
export interface NobleSignatureCoder<S> {
  /**
   * The signature point of its compressed encoding, fully validated.
   * @param bytes the compressed ZCash encoding: 96 bytes (G2) or 48 (G1).
   * @returns a new point of the signature group.
   * @throws {IsochronError} INVALID_TYPE unless `bytes` is a Uint8Array, INVALID_LENGTH for another
   * length (the uncompressed form included), INVALID_FLAGS, NON_CANONICAL, NOT_ON_CURVE or
   * NOT_IN_SUBGROUP for a bad encoding.
   */
  fromBytes(bytes: Uint8Array): Point<S>;
  /**
   * `fromBytes` of hex.
   * @param hex the compressed encoding in hex (no prefix), either case.
   * @returns a new point of the signature group.
   * @throws {IsochronError} as `fromBytes`; INVALID_TYPE when `hex` is not a hex string,
   * INVALID_LENGTH for an odd number of digits.
   */
  fromHex(hex: string): Point<S>;
  /**
   * The compressed encoding of a signature point.
   * @param point a point of the signature group.
   * @returns fresh bytes: 96 (G2) or 48 (G1).
   * @throws {IsochronError} INVALID_TYPE unless `point` is a point of the signature group (same
   * backend).
   */
  toBytes(point: Point<S>): Uint8Array;
  /**
   * Hex of `toBytes`.
   * @param point a point of the signature group.
   * @returns the lowercase hex string.
   * @throws {IsochronError} as `toBytes`.
   */
  toHex(point: Point<S>): string;
}

/** A key or signature: a point, or its ZCash encoding. */
export type PointOrBytes<V> = Point<V> | Uint8Array;

/** Noble's `BlsSigs<P, S>`: keys in the group of `P`, signatures and messages in `S`'s. */
export interface NobleBlsSignatures<P, S> {
  /** `{ seed: 48, secretKey: 32 }`. */
  readonly lengths: {
    /** The seed length of `keygen`. */
    readonly seed: number;
    /** The secret key length. */
    readonly secretKey: number;
  };
  /**
   * A secret key (`randomSecretKey(seed)`) and its public key point.
   * @param seed 48 bytes, reduced to a key in [1, r); omitted: random.
   * @returns the 32-byte secret key and its public key point.
   * @throws {IsochronError} INVALID_TYPE when `seed` is not a Uint8Array, INVALID_LENGTH for a seed of
   * another length than 48.
   */
  keygen(seed?: Uint8Array): { secretKey: Uint8Array; publicKey: Point<P> };
  /**
   * SK·G of the 32-byte key (reduced mod r). Constant-time in the key.
   * @param secretKey 32 bytes big-endian.
   * @returns a new point of the public-key group.
   * @throws {IsochronError} INVALID_TYPE unless `secretKey` is a Uint8Array, INVALID_LENGTH unless it
   * is 32 bytes, INVALID_SCALAR when it is ≡ 0 mod r.
   */
  getPublicKey(secretKey: Uint8Array): Point<P>;
  /**
   * SK·H for a message point H (`hash(msg)`). Constant-time in the key.
   * @param hashedMessage the message point, `hash(msg)`.
   * @param secretKey 32 bytes big-endian.
   * @returns a new point of the signature group.
   * @throws {IsochronError} as `getPublicKey`; INVALID_TYPE unless H is a point of the signature
   * group, NOT_IN_SUBGROUP outside the subgroup, INVALID_TYPE for a third argument.
   */
  sign(hashedMessage: Point<S>, secretKey: Uint8Array): Point<S>;
  /**
   * Whether e(PK, H) = e(G, S). False for an identity point or a failed check.
   * @param signature a signature point, or its compressed encoding.
   * @param message the message point, `hash(msg)`.
   * @param publicKey a public key point, or its encoding (compressed or not).
   * @returns true when the signature is valid.
   * @throws {IsochronError} INVALID_TYPE for a value that is neither bytes nor a point of its group,
   * a message that is not a point of the signature group, or a fourth argument; for bytes, the
   * decoding errors (INVALID_LENGTH, INVALID_FLAGS, NON_CANONICAL, NOT_ON_CURVE, NOT_IN_SUBGROUP).
   */
  verify(signature: PointOrBytes<S>, message: Point<S>, publicKey: PointOrBytes<P>): boolean;
  /**
   * Whether `signature` aggregates signatures of each item's message by its key: ∏ e(ΣPK_m, H_m) =
   * e(G, S) over the distinct message points.
   * @param signature the aggregate signature: a point, or its compressed encoding.
   * @param items `{ message, publicKey }` objects, as the arguments of `verify`.
   * @returns true when the aggregate is valid.
   * @throws {IsochronError} INVALID_TYPE unless `items` is an array of objects, INVALID_LENGTH for no
   * items, as `verify` for a bad signature or item.
   */
  verifyBatch(
    signature: PointOrBytes<S>,
    items: readonly { message: Point<S>; publicKey: PointOrBytes<P> }[],
  ): boolean;
  /**
   * Σ PK_i (the identity is not refused, as in noble).
   * @param publicKeys public key points, or their encodings.
   * @returns a new point of the public-key group.
   * @throws {IsochronError} INVALID_TYPE unless `publicKeys` is an array of points of the public-key
   * group or bytes, INVALID_LENGTH for none; for bytes, the decoding errors of `verify`.
   */
  aggregatePublicKeys(publicKeys: readonly PointOrBytes<P>[]): Point<P>;
  /**
   * Σ S_i.
   * @param signatures signature points, or their compressed encodings.
   * @returns a new point of the signature group.
   * @throws {IsochronError} INVALID_TYPE unless `signatures` is an array of points of the signature
   * group or bytes, INVALID_LENGTH for none; for bytes, the errors of `Signature.fromBytes`.
   */
  aggregateSignatures(signatures: readonly PointOrBytes<S>[]): Point<S>;
  /**
   * The message point: hash_to_curve into the signature group under `DST` (default: the suite ID
   * `BLS_SIG_BLS12381G{2,1}_XMD:SHA-256_SSWU_RO_NUL_`).
   * @param message the message.
   * @param DST the domain-separation tag, a string or bytes; omitted: the suite ID.
   * @returns a new point of the signature group.
   * @throws {IsochronError} INVALID_TYPE for a non-byte message or a DST of another type,
   * INVALID_LENGTH for an empty DST.
   */
  hash(message: Uint8Array, DST?: string | Uint8Array): Point<S>;
  /** Signature encodings. */
  readonly Signature: NobleSignatureCoder<S>;
}

const r = BLS_R;
const keyReducer = new WideScalarReducer(r, 32);
/** noble's `randomSecretKey` for BLS12-381 keys (seeds of 48 bytes). */
export const randomSecretKey: { readonly seedBytes: number; (seed?: Uint8Array): Uint8Array } = seedSecretKey(
  r,
);
const SEED_BYTES = randomSecretKey.seedBytes;

/** The 32-byte key reduced mod r (noble's `Fn.fromBytes` of BLS12-381), refusing 0 in constant time. */
function secretScalar(secretKey: unknown): Uint8Array {
  const sk = copyBytes(secretKey, "secret key", 32);
  const k = keyReducer.reduce(sk);
  sk.fill(0);
  let any = 0;
  for (let i = 0; i < 32; i++) any |= k[i];
  if (any === 0) { // the verdict only
    throw new IsochronError("INVALID_SCALAR", "secret key is 0 mod r");
  }
  return k;
}

function nonEmpty<T>(v: readonly T[], what: string): readonly T[] {
  if (!Array.isArray(v)) throw new IsochronError("INVALID_TYPE", `${what} must be an array`);
  if (v.length === 0) throw new IsochronError("INVALID_LENGTH", `no ${what}`);
  return v;
}

/** noble's signatures on `curve` (keys in `curve.keys()`, signatures in `curve.signatures()`). */
export function nobleSignatures<P, S>(curve: SuiteCurve<P, S>, defaultDst: string): NobleBlsSignatures<P, S> {
  const keyPoint = (v: unknown): PointImpl<P> => {
    const G = curve.keys();
    return checkIsBytes(v) ? G.fromBytes(v) : G.own(v);
  };
  /** A signature's bytes: the compressed form only, as noble's `Signature.fromBytes`. */
  const sigFromBytes = (bytes: Uint8Array): PointImpl<S> => {
    const G = curve.signatures(), n = checkBytes(bytes, "signature"), want = G.codec().lengths[0];
    if (n !== want) throw new IsochronError("INVALID_LENGTH", `signature must be ${want} bytes, got ${n}`);
    return G.fromBytes(bytes);
  };
  const sigPoint = (
    v: unknown,
  ): PointImpl<S> => (checkIsBytes(v) ? sigFromBytes(v) : curve.signatures().own(v));
  const messagePoint = (m: unknown): PointImpl<S> => {
    const G = curve.signatures();
    if (!G.Point[Symbol.hasInstance](m)) {
      throw new IsochronError("INVALID_TYPE", `expected a message hashed to ${G.name} (hash(msg))`);
    }
    return G.own(m);
  };
  /** ∏ pairs · e(−G, S) = 1, false when any point is the identity (noble's pairing refuses those). */
  const check = (pairs: [PointImpl<P>, PointImpl<S>][], S: PointImpl<S>): boolean => {
    if (S.isZero() || pairs.some(([a, b]) => a.isZero() || b.isZero())) return false;
    const input: PairingInput[] = pairs.map(([a, b]) => curve.pair(a, b));
    input.push(curve.pair(curve.keys().BASE.negate(), S));
    return curve.pairingCheck(input);
  };
  const getPublicKey = (secretKey: Uint8Array): Point<P> =>
    curve.keys().BASE.multiply(secretScalar(secretKey));
  const coder: NobleSignatureCoder<S> = Object.freeze({
    fromBytes: sigFromBytes,
    fromHex: (hex: string) => sigFromBytes(hexToBytes(hex, "signature")),
    toBytes: (point: Point<S>) => curve.signatures().own(point).toBytes(true),
    toHex: (point: Point<S>) => curve.signatures().own(point).toHex(true),
  });
  return Object.freeze({
    lengths: Object.freeze({ seed: SEED_BYTES, secretKey: 32 }),
    keygen(seed?: Uint8Array) {
      const secretKey = randomSecretKey(seed);
      return { secretKey, publicKey: getPublicKey(secretKey) };
    },
    getPublicKey,
    sign(hashedMessage: Point<S>, secretKey: Uint8Array, ...rest: unknown[]): Point<S> {
      if (rest.length > 0 && rest[0] != null) {
        throw new IsochronError("INVALID_TYPE", "sign() takes 2 arguments");
      }
      const k = secretScalar(secretKey);
      const H = messagePoint(hashedMessage);
      H.assertValidity();
      return H.multiply(k);
    },
    verify(
      signature: PointOrBytes<S>,
      message: Point<S>,
      publicKey: PointOrBytes<P>,
      ...rest: unknown[]
    ): boolean {
      if (rest.length > 0 && rest[0] != null) {
        throw new IsochronError("INVALID_TYPE", "verify() takes 3 arguments");
      }
      const S = sigPoint(signature), PK = keyPoint(publicKey), H = messagePoint(message);
      return check([[PK, H]], S);
    },
    verifyBatch(
      signature: PointOrBytes<S>,
      items: readonly { message: Point<S>; publicKey: PointOrBytes<P> }[],
    ) {
      nonEmpty(items, "items");
      const S = sigPoint(signature);
      const byMessage = new Map<PointImpl<S>, PointImpl<P>[]>();
      for (const it of items) {
        if (typeof it !== "object" || it === null) {
          throw new IsochronError("INVALID_TYPE", "an item is { message, publicKey }");
        }
        const H = messagePoint(it.message), PK = keyPoint(it.publicKey);
        byMessage.set(H, [...(byMessage.get(H) ?? []), PK]);
      }
      const G = curve.keys();
      return check([...byMessage].map(([H, keys]) => [G.sumVartime(keys), H]), S);
    },
    aggregatePublicKeys(publicKeys: readonly PointOrBytes<P>[]): Point<P> {
      return curve.keys().sumVartime(nonEmpty(publicKeys, "public keys").map(keyPoint));
    },
    aggregateSignatures(signatures: readonly PointOrBytes<S>[]): Point<S> {
      return curve.signatures().sumVartime(nonEmpty(signatures, "signatures").map(sigPoint));
    },
    hash(message: Uint8Array, DST?: string | Uint8Array): Point<S> {
      checkBytes(message, "message");
      if (DST !== undefined && typeof DST !== "string" && !isBytes(DST)) {
        throw new IsochronError("INVALID_TYPE", "DST must be a string or a Uint8Array"); // as noble: null, {} too
      }
      return curve.signatures().hashToCurve(message, DST ?? defaultDst);
    },
    Signature: coder,
  });
}

/** Whether `v` is bytes (after which `fromBytes` checks them), not a point. */
function checkIsBytes(v: unknown): v is Uint8Array {
  if (v instanceof Uint8Array) {
    checkBytes(v, "point"); // a look-alike gets INVALID_TYPE
    return true;
  }
  return false;
}
