/**
 * The public types of a curve group and its points: what the entry points export and users program
 * against. The implementation (curves/group/group.ts `GroupImpl`, `PointImpl`: slot stores, scratch,
 * the group law) stays internal; every object a user holds is one of those classes, and every
 * function that takes a point checks that it is (`INVALID_TYPE` otherwise), so a look-alike object
 * is rejected, never read.
 * @module
 */

import type { PointConstructor } from "./point_constructor.ts";
export type { CurveParams, PointConstructor } from "./point_constructor.ts";

/** Affine coordinates of a point; the identity is (0, 0) as in @noble/curves. */
export interface Affine<V> {
  /** x = X/Z. */
  readonly x: V;
  /** y = Y/Z. */
  readonly y: V;
}

/** An immutable point of a {@linkcode Group}. */
export interface Point<V> {
  /** The group. */
  readonly group: Group<V>;
  /**
   * this + q (complete formula, constant-time).
   * @param q a point of the same group.
   * @returns a new point.
   * @throws {IsochronError} INVALID_TYPE when q is not a point of this group (same backend).
   */
  add(q: Point<V>): Point<V>;
  /**
   * this − q (constant-time).
   * @param q a point of the same group.
   * @returns a new point.
   * @throws {IsochronError} INVALID_TYPE when q is not a point of this group (same backend).
   */
  subtract(q: Point<V>): Point<V>;
  /**
   * 2·this (constant-time).
   * @returns a new point.
   */
  double(): Point<V>;
  /**
   * −this.
   * @returns a new point.
   */
  negate(): Point<V>;
  /**
   * Whether this and q are the same point (projective comparison, constant-time).
   * @param q a point of the same group.
   * @returns true when they are equal.
   * @throws {IsochronError} INVALID_TYPE when q is not a point of this group (same backend).
   */
  equals(q: Point<V>): boolean;
  /**
   * Whether this is the identity.
   * @returns true for the identity.
   */
  isZero(): boolean;
  /**
   * Affine coordinates (one constant-time inversion); the identity gives (0, 0). The coordinates
   * become BigInt values, which is variable-time: for a secret point, use `toBytes` (constant-time).
   * @param _invertedZ the precomputed 1/Z of @noble/curves: accepted and not needed (ignored).
   * @returns fresh `{ x, y }`.
   * @throws {IsochronError} never: `_invertedZ` is not read.
   */
  toAffine(_invertedZ?: V): Affine<V>;
  /**
   * k·this, constant-time in the point, and in k when k is a `Uint8Array`. Two forms:
   * - 32 bytes big-endian, any value, reduced mod r (the constant-time form: use it for secrets);
   * - a `bigint` in [1, r), as @noble/curves (0 and r or more throw). Its conversion runs BigInt
   *   arithmetic, whose time depends on the value's size: it is variable-time in k.
   * @param k the scalar, in one of the two forms.
   * @returns a new point.
   * @throws {IsochronError} INVALID_TYPE when k is neither a bigint nor a Uint8Array, INVALID_LENGTH
   * when its bytes are not 32, INVALID_SCALAR when the bigint is outside [1, r).
   */
  multiply(k: bigint | Uint8Array): Point<V>;
  /**
   * k·this, variable-time: public scalars only. k: 32 bytes (any value, reduced mod r) or a bigint in
   * [0, r) (as @noble/curves).
   * @param k the public scalar.
   * @returns a new point.
   * @throws {IsochronError} INVALID_TYPE when k is neither a bigint nor a Uint8Array, INVALID_LENGTH
   * when its bytes are not 32, INVALID_SCALAR when the bigint is outside [0, r).
   */
  multiplyUnsafe(k: bigint | Uint8Array): Point<V>;
  /**
   * Whether r·this = O (variable-time: for public points, e.g. decoding), by the curve's endomorphism
   * where it has one (a ≤ 128-bit multiplication), else by multiplying by r. A success is remembered
   * for this point, and points built from such points by group operations, cofactor clearing or
   * hashing are known to be inside without a test.
   * @returns true when this is in the prime-order subgroup.
   */
  isTorsionFreeVartime(): boolean;
  /**
   * The group's default encoding (BLS12-381: ZCash, compressed by default; BN254: EIP-196/197,
   * uncompressed by default, `true` for gnark-crypto's compressed form). Constant-time in the point
   * (the sign of y is compared on limbs), so it may encode a secret point.
   * @param compressed the form; omitted: the encoding's default.
   * @returns fresh bytes.
   * @throws {IsochronError} INVALID_TYPE when `compressed` is true and the default encoding has no
   * compressed form (both curves' defaults have one, so not for BLS12-381 or BN254).
   */
  toBytes(compressed?: boolean): Uint8Array;
  /**
   * Lowercase hex of `toBytes(compressed)`.
   * @param compressed the form; omitted: the encoding's default.
   * @returns the hex string.
   * @throws {IsochronError} as `toBytes`.
   */
  toHex(compressed?: boolean): string;

  // @noble/curves' names, with its semantics.
  /** Projective X (x = X/Z). Variable-time. */
  readonly X: V;
  /** Projective Y (y = Y/Z). Variable-time. */
  readonly Y: V;
  /** Projective Z. Variable-time. */
  readonly Z: V;
  /** Affine x, `toAffine().x`. */
  readonly x: V;
  /** Affine y, `toAffine().y`. */
  readonly y: V;
  /**
   * Whether this is the identity (`isZero`).
   * @returns true for the identity.
   */
  is0(): boolean;
  /**
   * Whether this is in the prime-order subgroup (`isTorsionFreeVartime`: variable-time).
   * @returns true when it is.
   */
  isTorsionFree(): boolean;
  /**
   * Throws unless this point is in the prime-order subgroup (the identity is). Points are on the
   * curve by construction.
   * @throws {IsochronError} NOT_IN_SUBGROUP.
   */
  assertValidity(): void;
  /**
   * h_eff·this: a point of the prime-order subgroup (the curve's RFC 9380 h_eff where it has one).
   * @returns a new point (this itself where h = 1).
   */
  clearCofactor(): Point<V>;
  /**
   * Whether clearing the cofactor gives the identity (false where h = 1).
   * @returns true when it does.
   */
  isSmallOrder(): boolean;
  /**
   * Whether sgn0(y) = 0 (RFC 9380 §4.1).
   * @returns true when sgn0(y) = 0.
   */
  hasEvenY(): boolean;
  /**
   * Does nothing: isochron builds the generator's table on first use and needs none for other points.
   * @param _windowSize ignored.
   * @param _isLazy ignored.
   * @returns this.
   * @throws {IsochronError} never: the arguments are not read.
   */
  precompute(_windowSize?: number, _isLazy?: boolean): Point<V>;
  /**
   * a·this + b·other, variable-time.
   * @param a the public scalar of this.
   * @param other a point of the same group.
   * @param b the public scalar of `other`.
   * @returns a new point.
   * @throws {IsochronError} INVALID_SCALAR unless a and b are bigints in [0, r); INVALID_TYPE when
   * `other` is not a point of this group.
   */
  mulAddUnsafe(a: bigint, other: Point<V>, b: bigint): Point<V>;
}

/** A point encoding bound to its group: `G.codec(name)`. */
export interface Codec<V> {
  /** The encoding's name, e.g. "ZCash". */
  readonly name: string;
  /** Encoded lengths accepted by `decode`. */
  readonly lengths: readonly number[];
  /**
   * Decodes and fully validates a point: length, flags and padding, field range, on the curve, in the
   * subgroup (by `isTorsionFreeVartime`: fine, the input is public). The bytes are read, never written.
   * @param bytes the encoding.
   * @returns a new point.
   * @throws {IsochronError} INVALID_TYPE, INVALID_LENGTH, INVALID_FLAGS, NON_CANONICAL, NOT_ON_CURVE or
   * NOT_IN_SUBGROUP.
   */
  decode(bytes: Uint8Array): Point<V>;
  /**
   * Decodes a point from trusted input: checks as `decode`, but not the subgroup.
   * @param bytes the encoding.
   * @returns a new point, possibly outside the prime-order subgroup.
   * @throws {IsochronError} as `decode`, but never NOT_IN_SUBGROUP.
   */
  decodeUnchecked(bytes: Uint8Array): Point<V>;
  /**
   * The encoding of `point`, compressed by the encoding's default unless `compressed` says otherwise.
   * @param point a point of the codec's group.
   * @param compressed the form; omitted: the encoding's default.
   * @returns fresh bytes.
   * @throws {IsochronError} INVALID_TYPE for a point of another group, or `compressed` = true for an
   * encoding without a compressed form.
   */
  encode(point: Point<V>, compressed?: boolean): Uint8Array;
}

/** A prime-order group G ⊂ E(F) of y² = x³ + b, with its constructors. */
export interface Group<V> {
  /** The group's points as @noble/curves has them: `new G.Point(X, Y, Z)`, `G.Point.BASE`, `fromHex`, … */
  readonly Point: PointConstructor<V>;
  /** e.g. "bls12-381 G1". */
  readonly name: string;
  /** The group order r (prime). */
  readonly r: bigint;
  /** The cofactor h: #E(F) = h·r. */
  readonly h: bigint;
  /** Bit length of r. */
  readonly bits: number;
  /** The generator. */
  readonly BASE: Point<V>;
  /** The identity. */
  readonly ZERO: Point<V>;
  /**
   * The point (x, y) from public affine coordinates; (0, 0) gives ZERO. No subgroup check.
   * @param a coordinates, each canonical (in [0, p)).
   * @returns a new point.
   * @throws {IsochronError} INVALID_TYPE (not `{ x, y }` of field values), NON_CANONICAL or
   * NOT_ON_CURVE.
   */
  fromAffine(a: Affine<V>): Point<V>;
  /**
   * The encoding `name` of this group: `default` (the one of `fromBytes` and `toBytes`) and the
   * curve's others (listed by its entry point).
   * @param name the encoding's name; omitted: `default`.
   * @returns the codec, bound to this group.
   * @throws {IsochronError} INVALID_TYPE for a name the group has no encoding under.
   */
  codec(name?: string): Codec<V>;
  /**
   * Decodes and fully validates a point in the default encoding (`codec().decode`).
   * @param bytes the encoding.
   * @returns a new point.
   * @throws {IsochronError} as {@linkcode Codec.decode}.
   */
  fromBytes(bytes: Uint8Array): Point<V>;
  /**
   * Decodes a point from trusted input, without the subgroup check (`codec().decodeUnchecked`).
   * @param bytes the encoding.
   * @returns a new point, possibly outside the prime-order subgroup.
   * @throws {IsochronError} as {@linkcode Codec.decodeUnchecked}.
   */
  fromBytesUnchecked(bytes: Uint8Array): Point<V>;
  /**
   * The sum of `points` (any number, the identity allowed). Variable-time, for public points only
   * (aggregating public keys or signatures): batch-affine addition in a tree with one shared
   * inversion per level.
   * @param points public points of this group.
   * @returns a new point (ZERO for none).
   * @throws {IsochronError} INVALID_TYPE unless `points` is an array of points of this group.
   */
  sumVartime(points: readonly Point<V>[]): Point<V>;
  /**
   * Σ scalars[i]·points[i], VARIABLE-TIME: for public points and public scalars only (verifying, the
   * EVM precompiles), never for secrets. Pippenger's bucket method with signed digits and
   * batch-affine bucket sums; a loop of `multiplyUnsafe` for a few points.
   * @param points public points of this group.
   * @param scalars public scalars, one per point: 32 bytes big-endian or a bigint in [0, 2^256), reduced
   * mod r (a bigint is not limited to [1, r) as in `multiply`).
   * @returns a new point (ZERO for none).
   * @throws {IsochronError} INVALID_TYPE (not arrays, or a point of another group), INVALID_LENGTH
   * (lengths differ, or a scalar of the wrong length) or INVALID_SCALAR.
   */
  msmVartime(points: readonly Point<V>[], scalars: readonly (bigint | Uint8Array)[]): Point<V>;
  /**
   * Σ scalars[i]·points[i], CONSTANT-TIME in the scalars and the points: for secret scalars
   * (Pedersen commitments with secret blinding factors, threshold shares times public points).
   * Straus interleaving with a fixed 4-bit window and masked table reads; 16 table points per input
   * point. Slower than `msmVartime` (no buckets), faster than N separate `multiply` calls.
   * @param points points of this group (the identity allowed).
   * @param scalars 32 bytes big-endian each (any value, reduced mod r: the constant-time form), or
   * bigints in [0, 2^256) (converted with BigInt arithmetic: variable-time in the scalar).
   * @returns a new point (ZERO for none).
   * @throws {IsochronError} INVALID_TYPE (not arrays, a point of another group, a scalar of another
   * type), INVALID_LENGTH (lengths differ, a scalar not 32 bytes), INVALID_SCALAR (a bigint out of range).
   */
  msm(points: readonly Point<V>[], scalars: readonly (bigint | Uint8Array)[]): Point<V>;
}
