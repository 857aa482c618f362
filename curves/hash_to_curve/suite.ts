/**
 * An RFC 9380 suite on a group's slots (hash_to_field with expand_message_xmd and SHA-256, simplified
 * SWU to an isogenous curve E', the isogeny E' → E, cofactor clearing), and {@linkcode HashingGroup}:
 * a group that owns its suite (built on first use from the curve's data) and offers the suite's
 * methods. The constants of a suite are its curve's (curves/bls12_381/hash_to_curve.ts).
 * @module
 */
import type { Fp2Value } from "../group/coord_field.ts";
import { GroupImpl, type GroupSpec, type PointImpl } from "../group/group.ts";
import type { PointSlot } from "../group/projective.ts";
import type { Group, Point } from "../group/api.ts";
import { HashToField } from "./field.ts";
import { Isogeny, type IsogenyCoefficients } from "./isogeny.ts";
import { type H2cField, Sswu } from "./sswu.ts";

/** Hash-to-curve methods of a group (RFC 9380 suites with expand_message_xmd and SHA-256). */
export interface HashToCurve<V> {
  /**
   * hash_to_curve (the `_RO_` suite, a random oracle): the point of the group for `msg` under the
   * domain-separation tag `dst` (a string is UTF-8 encoded; ≤ 255 bytes, else hashed as in §5.3.3).
   * Constant-time in `msg`. Throws INVALID_TYPE for a non-Uint8Array message, INVALID_LENGTH for an
   * empty DST.
   */
  hashToCurve(msg: Uint8Array, dst: Uint8Array | string): Point<V>;
  /** encode_to_curve (the `_NU_` suite: nonuniform, one map evaluation); same inputs as `hashToCurve`. */
  encodeToCurve(msg: Uint8Array, dst: Uint8Array | string): Point<V>;
  /**
   * The RFC's map_to_curve of a field element (simplified SWU and the isogeny), before cofactor
   * clearing: a point of E, not in general of the group. u is a public value (reduced mod p).
   */
  mapToCurve(u: V): Point<V>;
  /** clear_cofactor: multiplication by the suite's h_eff (constant-time), into the group. */
  clearCofactor(P: Point<V>): Point<V>;
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
    const out = g.save(this.res);
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
    return g.save(g.res);
  }

  private wipe(): void {
    const g = this.g;
    g.F.wipe(this.u, 5);
    g.F.wipe(this.pts, 18);
    g.law.wipeScratch();
    g.F.wipeScratch();
  }
}

/**
 * A group with hash-to-curve: the suite is built from the curve's data by `suite` on first use, and
 * owned by the group.
 */
export class HashingGroup<V> extends GroupImpl<V> implements HashToCurve<V> {
  declare private readonly makeSuite: (g: GroupImpl<V>) => Suite<V>;
  declare private suiteState: Suite<V> | undefined;

  /** The group of `spec`, hashing with the suite `suite` builds for it. */
  constructor(spec: GroupSpec<V>, suite: (g: GroupImpl<V>) => Suite<V>) {
    super(spec);
    this.makeSuite = suite;
    this.suiteState = undefined;
  }

  /** The suite (built on first use). */
  get suite(): Suite<V> {
    return this.suiteState ??= this.makeSuite(this);
  }
  /** See {@linkcode HashToCurve.hashToCurve}. */
  hashToCurve(msg: Uint8Array, dst: Uint8Array | string): PointImpl<V> {
    return this.suite.hash(msg, dst, 2);
  }
  /** See {@linkcode HashToCurve.encodeToCurve}. */
  encodeToCurve(msg: Uint8Array, dst: Uint8Array | string): PointImpl<V> {
    return this.suite.hash(msg, dst, 1);
  }
  /** See {@linkcode HashToCurve.mapToCurve}. */
  mapToCurve(u: V): PointImpl<V> {
    return this.suite.mapToCurve(u);
  }
  /** See {@linkcode HashToCurve.clearCofactor}. */
  override clearCofactor(P: Point<V>): PointImpl<V> {
    return this.suite.clearCofactor(P);
  }
}

/** The shape of G2's suites, for typing the curve's data. */
export type Fp2Suite = Suite<Fp2Value>;
