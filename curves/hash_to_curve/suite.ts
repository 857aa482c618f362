/**
 * An RFC 9380 suite on a group's slots (hash_to_field with expand_message_xmd and SHA-256, simplified
 * SWU to an isogenous curve E', the isogeny E' → E, cofactor clearing), and {@linkcode HashingGroup}:
 * a group that owns its suite (built on first use from the curve's data) and offers the suite's
 * methods. The constants of a suite are its curve's (curves/bls12_381/hash_to_curve.ts).
 * @module
 */
import { sha256 } from "../../hash/sha256.ts";
import { isBytes, IsochronError } from "../../errors.ts";
import type { Fp2Value } from "../group/coord_field.ts";
import { expandMessageXmd } from "./expand.ts";
import { GroupImpl, type GroupSpec, type PointImpl } from "../group/group.ts";
import type { PointSlot } from "../group/projective.ts";
import type { Group, Point } from "../group/api.ts";
import { HashToField } from "./field.ts";
import { Isogeny, type IsogenyCoefficients } from "./isogeny.ts";
import { type H2cField, Sswu } from "./sswu.ts";

/**
 * A domain-separation tag: a string (UTF-8 encoded) or bytes, or @noble/curves' options object
 * `{ DST }`; omitted (or `{}`), the group's default (`defaults.DST`).
 */
export type DstArgument = string | Uint8Array | { readonly DST?: string | Uint8Array };

/** A group's hashing defaults, as @noble/curves reports them. */
export interface HasherDefaults {
  /** The DST of `hashToCurve` (`hashToScalar`'s default is "HashToScalar-"). */
  readonly DST: string;
  /** The DST of `encodeToCurve`. */
  readonly encodeDST: string;
  /** The base field's modulus. */
  readonly p: bigint;
  /** The extension degree of the coordinate field. */
  readonly m: number;
  /** The security parameter of hash_to_field (bits). */
  readonly k: number;
  /** The expander: expand_message_xmd. */
  readonly expand: "xmd";
  /** Its hash: SHA-256 (hash/sha256.ts, with @noble/hashes' `sha256` members). */
  readonly hash: (msg: Uint8Array) => Uint8Array;
}

/**
 * Hash-to-curve methods of a group (RFC 9380 suites with expand_message_xmd and SHA-256), with
 * Noble's names and semantics.
 */
export interface HashToCurve<V> {
  /**
   * hash_to_curve (the `_RO_` suite, a random oracle): the point of the group for `msg` under `dst`
   * (≤ 255 bytes, else hashed as in §5.3.3). Constant-time in `msg`.
   * @param msg the message.
   * @param dst the domain-separation tag; omitted: `defaults.DST`.
   * @returns a new point of the prime-order subgroup.
   * @throws {IsochronError} INVALID_TYPE for a non-Uint8Array message or a DST of another type,
   * INVALID_LENGTH for an empty DST.
   */
  hashToCurve(msg: Uint8Array, dst?: DstArgument): Point<V>;
  /**
   * encode_to_curve (the `_NU_` suite: nonuniform, one map evaluation); inputs as `hashToCurve`
   * (default DST: `defaults.encodeDST`).
   * @param msg the message.
   * @param dst the domain-separation tag; omitted: `defaults.encodeDST`.
   * @returns a new point of the prime-order subgroup.
   * @throws {IsochronError} as `hashToCurve`.
   */
  encodeToCurve(msg: Uint8Array, dst?: DstArgument): Point<V>;
  /**
   * clear_cofactor(map_to_curve(u)): the RFC's map of a field element (simplified SWU and the
   * isogeny), then the cofactor cleared, as @noble/curves and the EIP-2537 MAP precompiles do. u:
   * a bigint (Fp), or for Fp2 `[c0, c1]` (noble's form) or `{ c0, c1 }`, reduced mod p; public.
   * @param u the field element.
   * @returns a new point of the prime-order subgroup.
   * @throws {IsochronError} INVALID_TYPE when `u` is of another type (an array for Fp, or one not of
   * two bigints).
   */
  mapToCurve(u: V | readonly bigint[]): Point<V>;
  /**
   * clear_cofactor: multiplication by the suite's h_eff (constant-time), into the group.
   * @param P a point of this group.
   * @returns a new point of the prime-order subgroup.
   * @throws {IsochronError} INVALID_TYPE when P is not a point of this group (same backend).
   */
  clearCofactor(P: Point<V>): Point<V>;
  /**
   * hash_to_field into the scalar field (RFC 9380 §5.2 with p = r, m = 1, L = ⌈(⌈log₂ r⌉ + k)/8⌉),
   * as @noble/curves' `hashToScalar` (default DST "HashToScalar-"). Variable-time.
   * @param msg the message.
   * @param dst the domain-separation tag; omitted: "HashToScalar-".
   * @returns a scalar in [0, r).
   * @throws {IsochronError} as `hashToCurve`.
   */
  hashToScalar(msg: Uint8Array, dst?: DstArgument): bigint;
  /** The defaults (DSTs, field, expander). */
  readonly defaults: HasherDefaults;
}

/** A group with its hash-to-curve methods (RFC 9380): the public type of `HashingGroup`. */
export interface H2cGroup<V> extends Group<V>, HashToCurve<V> {}

/** One group's suites: hash_to_field, the map and cofactor clearing on the group's slots. */
export class Suite<V> {
  /** The group. */
  readonly g: GroupImpl<V>;
  /** Extension degree of the coordinate field. */
  readonly m: number;
  /** hash_to_field on the group's base-field kernel. */
  readonly h2f: HashToField;
  /** The SWU map to E'. */
  readonly sswu: Sswu<V>;
  /** The isogeny E' → E. */
  readonly iso: Isogeny<V>;
  private readonly clear: (out: number, p: number, t: number) => void;
  /** Scratch: the field elements u₀, u₁ and N, D, y of the map (5 elements). */
  readonly u: number;
  /** Scratch points (6). */
  readonly pts: PointSlot;
  /** The result of `hash` before it is copied into a new point. */
  readonly res: PointSlot;

  constructor(
    g: GroupImpl<V>,
    h: H2cField<V>,
    swu: { A: V; B: V; Z: V },
    iso: IsogenyCoefficients<V>,
    clear: (out: number, p: number, t: number) => void,
  ) {
    this.g = g;
    this.m = g.F.size;
    this.h2f = new HashToField(g.F.kernel);
    this.sswu = new Sswu(h, swu.A, swu.B, swu.Z);
    this.iso = new Isogeny(g.law, iso);
    this.clear = clear;
    this.u = g.F.alloc(5);
    this.pts = g.law.alloc(6);
    this.res = g.law.alloc(1);
  }

  /** Point slot out ← map_to_curve(u slot) (SWU + isogeny). */
  mapInto(out: number, u: number): void {
    const F = this.g.F, n = F.size, N = this.u + 2 * n, D = N + n, y = D + n;
    this.sswu.map(N, D, y, u);
    this.iso.apply(out, N, D, y);
    F.wipe(N, 3);
  }

  /** hash_to_curve (count = 2) or encode_to_curve (count = 1) into a new point. */
  hash(msg: Uint8Array, dst: Uint8Array | string, count: 1 | 2): PointImpl<V> {
    const g = this.g;
    this.hashInto(this.res, msg, dst, count); // throws on bad input before a point is taken
    const out = g.markInSubgroup(g.save(this.res));
    g.F.wipe(this.res, 3);
    return out;
  }

  /**
   * Point slot out ← hash_to_curve / encode_to_curve (no allocation: what the flow proof measures,
   * tests/curves/hash_to_curve/ct.test.ts). Constant-time in msg for a fixed message length.
   */
  hashInto(out: number, msg: Uint8Array, dst: Uint8Array | string, count: 1 | 2): void {
    const g = this.g, law = g.law, n = g.F.size, p = this.pts, q = p + 3 * n, t = q + 3 * n;
    this.h2f.hash(this.u, msg, dst, count, this.m);
    this.mapInto(p, this.u);
    if (count === 2) {
      this.mapInto(q, this.u + n);
      law.add(p, p, q);
    }
    this.clear(out, p, t);
    this.wipe();
  }

  /** map_to_curve of a public field element (no cofactor clearing). */
  mapToCurve(u: V): PointImpl<V> {
    const g = this.g;
    g.F.checkValue(u, "u"); // before a slot is taken
    g.F.setVartime(this.u, u);
    this.mapInto(g.res, this.u);
    this.wipe();
    return g.save(g.res);
  }

  /** h_eff·P into a new point. */
  clearCofactor(P: Point<V>): PointImpl<V> {
    const g = this.g, s = g.load(P, g.in0), n = g.F.size;
    this.clear(g.res, s, this.pts + 6 * n);
    this.wipe();
    return g.markInSubgroup(g.save(g.res));
  }

  private wipe(): void {
    const g = this.g;
    g.F.wipe(this.u, 5);
    g.F.wipe(this.pts, 18);
    g.law.wipeScratch();
    g.F.wipeScratch();
  }
}

/** A group's default DSTs (curve data). */
export interface HashingDefaults {
  readonly DST: string;
  readonly encodeDST: string;
}

/** Field values reduced mod p, as @noble/curves' `Fp.create` (other types pass through, to be refused). */
function reduced(v: unknown, p: bigint): unknown {
  const mod = (x: bigint) => ((x % p) + p) % p;
  if (typeof v === "bigint") return mod(v);
  if (typeof v === "object" && v !== null) {
    const { c0, c1 } = v as { c0: unknown; c1: unknown };
    if (typeof c0 === "bigint" && typeof c1 === "bigint") return { c0: mod(c0), c1: mod(c1) };
  }
  return v;
}

/** `hashToScalar`'s default DST: @noble/curves' ("HashToScalar-", the prefix of RFC 9497 §4). */
const SCALAR_DST = "HashToScalar-";

/** The DST a {@linkcode DstArgument} names, `fallback` when it names none. */
function dstOf(arg: unknown, fallback: string): string | Uint8Array {
  if (arg === undefined) return fallback;
  if (typeof arg === "string" || isBytes(arg)) return arg as string | Uint8Array;
  const proto = typeof arg === "object" && arg !== null ? Object.getPrototypeOf(arg) : undefined;
  if (proto === Object.prototype || proto === null) { // a plain options object (never a byte look-alike)
    const d = (arg as { DST?: unknown }).DST;
    if (d === undefined) return fallback;
    if (typeof d === "string" || isBytes(d)) return d as string | Uint8Array;
  }
  throw new IsochronError("INVALID_TYPE", "DST must be a string, bytes or { DST }");
}

/**
 * A group with hash-to-curve: the suite is built from the curve's data by `suite` on first use, and
 * owned by the group.
 */
export class HashingGroup<V> extends GroupImpl<V> implements HashToCurve<V> {
  declare private readonly makeSuite: (g: GroupImpl<V>) => Suite<V>;
  declare private suiteState: Suite<V> | undefined;
  declare private readonly dsts: HashingDefaults;

  /** The group of `spec`, hashing with the suite `suite` builds for it, under default DSTs `dsts`. */
  constructor(spec: GroupSpec<V>, suite: (g: GroupImpl<V>) => Suite<V>, dsts: HashingDefaults) {
    super(spec);
    this.makeSuite = suite;
    this.suiteState = undefined;
    this.dsts = dsts;
  }

  /** The suite (built on first use). */
  get suite(): Suite<V> {
    return this.suiteState ??= this.makeSuite(this);
  }
  get defaults(): HasherDefaults {
    const F = this.F;
    return Object.freeze({
      ...this.dsts,
      p: F.kernel.p,
      m: F.size,
      k: 128,
      expand: "xmd" as const,
      hash: sha256,
    });
  }
  hashToCurve(msg: Uint8Array, dst?: DstArgument): PointImpl<V> {
    return this.suite.hash(msg, dstOf(dst, this.dsts.DST), 2);
  }
  encodeToCurve(msg: Uint8Array, dst?: DstArgument): PointImpl<V> {
    return this.suite.hash(msg, dstOf(dst, this.dsts.encodeDST), 1);
  }
  mapToCurve(u: V | readonly bigint[]): PointImpl<V> {
    let v: unknown = u;
    if (Array.isArray(u)) { // @noble/curves' form of an Fp2 value: [c0, c1]
      if (this.F.size !== 2 || u.length !== 2) {
        throw new IsochronError(
          "INVALID_TYPE",
          `mapToCurve: expected ${this.F.size === 1 ? "a bigint" : "[c0, c1]"}`,
        );
      }
      v = { c0: u[0], c1: u[1] };
    }
    return this.suite.clearCofactor(this.suite.mapToCurve(reduced(v, this.F.kernel.p) as V));
  }
  override clearCofactor(P: Point<V>): PointImpl<V> {
    return this.suite.clearCofactor(P);
  }
  hashToScalar(msg: Uint8Array, dst?: DstArgument): bigint {
    const L = Math.ceil((this.r.toString(2).length + 128) / 8);
    const bytes = expandMessageXmd(msg, dstOf(dst, SCALAR_DST), L);
    let x = 0n;
    for (const b of bytes) x = (x << 8n) | BigInt(b);
    return x % this.r;
  }
}

/** The shape of G2's suites, for typing the curve's data. */
export type Fp2Suite = Suite<Fp2Value>;
