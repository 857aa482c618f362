/**
 * The values of the BLS signature API as distinct opaque types: a secret key, a public key, a
 * signature and a proof of possession. Each carries a `kind` that no other has, so passing one where
 * another is expected fails the type check, and at run time (`INVALID_TYPE`: every operation checks
 * with `instanceof` against the classes here). A swapped `sign(msg, sk)` or `verify(sig, msg, pk)`
 * (the argument order of @noble/curves) therefore throws instead of signing with the message as the
 * key or quietly returning false. Bytes enter and leave only through explicit `fromBytes` / `toBytes`.
 *
 * A public key, signature or proof holds its point on the backend it was made on, and its compressed
 * encoding once computed; used after `setBackend` it is decoded again on the new backend.
 * @module
 */
import { IsochronError } from "../../../errors.ts";
import type { GroupImpl, PointImpl } from "../../group/group.ts";

/** The group a value of a BLS suite lies in. */
export type BlsGroupName = "G1" | "G2";

/** A BLS secret key: a scalar in [1, r), opaque. */
export interface BlsSecretKey {
  /** What this value is (no other BLS value has this kind). */
  readonly kind: "bls-secret-key";
  /**
   * The key as 32 bytes big-endian (a fresh copy: as secret as the key). Constant-time.
   * @returns fresh bytes.
   */
  toBytes(): Uint8Array;
}

/** What a BLS public key, signature and proof share: a validated point, encoded compressed. */
export interface BlsEncodedPoint {
  /** The group of the point: G1 (48-byte encoding) or G2 (96 bytes). */
  readonly group: BlsGroupName;
  /**
   * The compressed ZCash encoding (the Ethereum consensus layer's Bytes48 / Bytes96).
   * @returns fresh bytes: 48 (G1) or 96 (G2).
   */
  toBytes(): Uint8Array;
  /**
   * Lowercase hex of `toBytes()`.
   * @returns the hex string.
   */
  toHex(): string;
}

/** A BLS public key: a point ≠ O of the prime-order subgroup (KeyValidate), opaque. */
export interface BlsPublicKey extends BlsEncodedPoint {
  /** What this value is (no other BLS value has this kind). */
  readonly kind: "bls-public-key";
  /**
   * Whether `other` is the same key.
   * @param other a public key of the same group.
   * @returns true when the points are equal.
   * @throws {IsochronError} INVALID_TYPE unless `other` is a public key of the same group.
   */
  equals(other: BlsPublicKey): boolean;
}

/** A BLS signature (or an aggregate of signatures): a point of the prime-order subgroup, opaque. */
export interface BlsSignature extends BlsEncodedPoint {
  /** What this value is (no other BLS value has this kind). */
  readonly kind: "bls-signature";
  /**
   * Whether `other` is the same signature.
   * @param other a signature of the same group.
   * @returns true when the points are equal.
   * @throws {IsochronError} INVALID_TYPE unless `other` is a signature of the same group.
   */
  equals(other: BlsSignature): boolean;
}

/** A proof of possession of a secret key (the POP schemes), opaque. */
export interface BlsProof extends BlsEncodedPoint {
  /** What this value is (no other BLS value has this kind). */
  readonly kind: "bls-proof-of-possession";
  /**
   * Whether `other` is the same proof.
   * @param other a proof of the same group.
   * @returns true when the points are equal.
   * @throws {IsochronError} INVALID_TYPE unless `other` is a proof of the same group.
   */
  equals(other: BlsProof): boolean;
}

/** The secret keys' bytes, out of reach of any property access. */
const secretBytes = new WeakMap<SecretKeyImpl, Uint8Array>();

/** The implementation of {@linkcode BlsSecretKey}. */
export class SecretKeyImpl implements BlsSecretKey {
  /** Holds `bytes` (32 bytes big-endian, already checked to be in [1, r); owned from now on). */
  constructor(bytes: Uint8Array) {
    secretBytes.set(this, bytes);
  }
  get kind(): "bls-secret-key" {
    return "bls-secret-key";
  }
  toBytes(): Uint8Array {
    return secretBytes.get(this)!.slice();
  }
  /** The key's own bytes (not a copy: never hand them out). */
  bytes(): Uint8Array {
    return secretBytes.get(this)!;
  }
}

/** `sk` as a secret key of this library, else INVALID_TYPE. */
export function ownSecretKey(sk: unknown, what = "secret key"): SecretKeyImpl {
  if (!(sk instanceof SecretKeyImpl)) {
    throw new IsochronError("INVALID_TYPE", `${what}: expected a BLS secret key (${describe(sk)})`);
  }
  return sk;
}

/** A point of `group` held by a public key, signature or proof, with its encoding. */
abstract class EncodedPointImpl<V> implements BlsEncodedPoint {
  declare readonly group: BlsGroupName;
  /** "bls-public-key", "bls-signature" or "bls-proof-of-possession". */
  abstract get kind(): string;
  declare private point: PointImpl<V>;
  declare private encoding: Uint8Array | undefined;
  constructor(group: BlsGroupName, point: PointImpl<V>, encoding?: Uint8Array) {
    this.group = group;
    this.point = point;
    this.encoding = encoding;
  }
  /** The point on `G` (this value's point, or its encoding decoded again on another backend). */
  pointIn(G: GroupImpl<V>): PointImpl<V> {
    if (this.point.group !== G) this.point = G.fromBytes(this.encoded());
    return this.point;
  }
  /** The compressed encoding (computed once; not a copy). */
  encoded(): Uint8Array {
    return this.encoding ??= this.point.toBytes(true);
  }
  toBytes(): Uint8Array {
    return this.encoded().slice();
  }
  toHex(): string {
    return Array.from(this.encoded(), (b) => b.toString(16).padStart(2, "0")).join("");
  }
  protected sameAs(other: EncodedPointImpl<V>): boolean {
    return this.point.equals(other.pointIn(this.point.group));
  }
}

/** The implementation of {@linkcode BlsPublicKey}. */
export class PublicKeyImpl<V> extends EncodedPointImpl<V> implements BlsPublicKey {
  get kind(): "bls-public-key" {
    return "bls-public-key";
  }
  equals(other: BlsPublicKey): boolean {
    return this.sameAs(ownValue(PublicKeyImpl<V>, other, this.group, "public key"));
  }
}

/** The implementation of {@linkcode BlsSignature}. */
export class SignatureImpl<V> extends EncodedPointImpl<V> implements BlsSignature {
  get kind(): "bls-signature" {
    return "bls-signature";
  }
  equals(other: BlsSignature): boolean {
    return this.sameAs(ownValue(SignatureImpl<V>, other, this.group, "signature"));
  }
}

/** The implementation of {@linkcode BlsProof}. */
export class ProofImpl<V> extends EncodedPointImpl<V> implements BlsProof {
  get kind(): "bls-proof-of-possession" {
    return "bls-proof-of-possession";
  }
  equals(other: BlsProof): boolean {
    return this.sameAs(ownValue(ProofImpl<V>, other, this.group, "proof of possession"));
  }
}

/**
 * `v` as an instance of `cls` in `group`, else INVALID_TYPE (a swapped argument, a value of the other
 * placement, or a look-alike object).
 */
export function ownValue<T extends BlsEncodedPoint>(
  cls: abstract new (...args: never[]) => T,
  v: unknown,
  group: BlsGroupName,
  what: string,
): T {
  if (!(v instanceof cls) || v.group !== group) {
    throw new IsochronError("INVALID_TYPE", `expected a BLS ${what} in ${group} (${describe(v)})`);
  }
  return v;
}

/** What `v` is, for messages (never its value). */
function describe(v: unknown): string {
  if (v instanceof SecretKeyImpl) return "got a secret key";
  if (v instanceof EncodedPointImpl) return `got a ${v.group} ${v.kind.slice(4).replaceAll("-", " ")}`;
  if (v instanceof Uint8Array) return `got ${v.length} bytes: convert them with fromBytes`;
  return `got ${v === null ? "null" : typeof v}`;
}
