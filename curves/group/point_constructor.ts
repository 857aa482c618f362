/**
 * A group's `Point`, as @noble/curves has it (`bls12_381.G1.Point`): a constructor `new Point(X, Y, Z)`
 * with the statics BASE, ZERO, Fp, Fn, fromAffine, fromBytes, fromHex and CURVE(), for which
 * `P instanceof G.Point` holds exactly for the group's points. The points themselves are the
 * group's (`PointImpl`), so both spellings interoperate: `G1.Point.BASE === G1.BASE`.
 *
 * One difference from noble, on purpose: the constructor and `fromAffine` check that the point is
 * on the curve (`NOT_ON_CURVE`), where noble defers that to `assertValidity()`; an invalid point
 * therefore never exists. The subgroup is checked by `assertValidity()`, as in noble.
 * @module
 */
import { hexToBytes, IsochronError } from "../../errors.ts";
import type { Affine, Point } from "./api.ts";

/** The curve data of `Point.CURVE()` (noble's `WeierstrassOpts`): y² = x³ + a·x + b over a field of order p. */
export interface CurveParams<V> {
  /** The order of the coordinate field (p for Fp, p² for Fp2). */
  readonly p: bigint;
  /** The group order r. */
  readonly n: bigint;
  /** The cofactor. */
  readonly h: bigint;
  /** a = 0. */
  readonly a: V;
  /** b. */
  readonly b: V;
  /** The generator's x. */
  readonly Gx: V;
  /** The generator's y. */
  readonly Gy: V;
}

/** `G.Point`: a constructor of points of the group G, with noble's statics. */
export interface PointConstructor<V> {
  /**
   * The point (X : Y : Z) (x = X/Z, y = Y/Z), canonical coordinates; (0 : 1 : 0) is ZERO.
   * @throws {IsochronError} INVALID_TYPE, NON_CANONICAL, NOT_ON_CURVE.
   */
  new (X: V, Y: V, Z: V): Point<V>;
  /**
   * Whether `v` is a point of this group (`v instanceof G.Point`).
   * @param v any value.
   * @returns true for a point of this group (same backend).
   * @throws {IsochronError} never: any value is answered.
   */
  [Symbol.hasInstance](v: unknown): boolean;
  /** The generator. */
  readonly BASE: Point<V>;
  /** The identity. */
  readonly ZERO: Point<V>;
  /** The coordinate field, noble's `IField` (BigInt, variable-time). */
  readonly Fp: unknown;
  /** The scalar field, noble's `IField<bigint>` (BigInt, variable-time). */
  readonly Fn: unknown;
  /**
   * The point of affine coordinates `a` ((0, 0) is ZERO); no subgroup check.
   * @param a coordinates, each canonical (in [0, p)).
   * @returns a new point.
   * @throws {IsochronError} INVALID_TYPE, NON_CANONICAL, NOT_ON_CURVE.
   */
  fromAffine(a: Affine<V>): Point<V>;
  /**
   * The point of the group's default encoding, fully validated.
   * @param bytes the encoding.
   * @returns a new point.
   * @throws {IsochronError} as the group's `fromBytes`.
   */
  fromBytes(bytes: Uint8Array): Point<V>;
  /**
   * `fromBytes` of hex (no prefix).
   * @param hex the encoding in hex, either case.
   * @returns a new point.
   * @throws {IsochronError} as `fromBytes`; INVALID_TYPE when `hex` is not a hex string,
   * INVALID_LENGTH for an odd number of digits.
   */
  fromHex(hex: string): Point<V>;
  /**
   * The curve's parameters.
   * @returns y² = x³ + a·x + b's p, n, h, a, b and the generator's Gx, Gy (frozen).
   */
  CURVE(): CurveParams<V>;
}

/** What the constructor needs of its group. */
export interface PointConstructorSource<V> {
  readonly name: string;
  readonly BASE: Point<V>;
  readonly ZERO: Point<V>;
  fromProjective(X: V, Y: V, Z: V): Point<V>;
  fromAffine(a: Affine<V>): Point<V>;
  fromBytes(bytes: Uint8Array): Point<V>;
  /** Whether `v` is one of the group's points. */
  owns(v: unknown): boolean;
  /** The curve data, and the noble-compatible fields (undefined where the curve has none). */
  curve(): CurveParams<V>;
  fields(): { readonly Fp: unknown; readonly Fn: unknown } | undefined;
}

/** `G.Point` for group `g`. */
export function pointConstructor<V>(g: PointConstructorSource<V>): PointConstructor<V> {
  const field = (which: "Fp" | "Fn") => {
    const f = g.fields();
    if (f === undefined) throw new IsochronError("UNSUPPORTED", `${g.name}: no BigInt field ${which} here`);
    return f[which];
  };
  function Point(this: unknown, X: V, Y: V, Z: V): Point<V> {
    if (new.target === undefined) {
      throw new IsochronError("INVALID_TYPE", `${g.name}: use new Point(X, Y, Z)`);
    }
    return g.fromProjective(X, Y, Z); // a constructor that returns an object returns that object
  }
  Object.defineProperties(Point, {
    [Symbol.hasInstance]: { value: (v: unknown) => g.owns(v) },
    BASE: { get: () => g.BASE },
    ZERO: { get: () => g.ZERO },
    Fp: { get: () => field("Fp") },
    Fn: { get: () => field("Fn") },
    fromAffine: { value: (a: Affine<V>) => g.fromAffine(a) },
    fromBytes: { value: (b: Uint8Array) => g.fromBytes(b) },
    fromHex: { value: (hex: string) => g.fromBytes(hexToBytes(hex, `${g.name} point`)) },
    CURVE: { value: () => g.curve() },
  });
  return Object.freeze(Point) as unknown as PointConstructor<V>;
}
