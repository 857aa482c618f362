/**
 * RFC 9380 hash-to-curve for BLS12-381: the suites BLS12381G1_XMD:SHA-256_SSWU_RO_ / _NU_ (§8.8.1) and
 * BLS12381G2_XMD:SHA-256_SSWU_RO_ / _NU_ (§8.8.2).
 *
 * hash_to_curve(msg) = clear_cofactor(map(u₀) + map(u₁)), encode_to_curve(msg) = clear_cofactor(map(u₀)),
 * with (u₀, u₁) = hash_to_field(msg, 2) (field.ts), map = the isogeny (isogeny.ts) after simplified SWU
 * on E' (sswu.ts), and:
 * - G1: E'₁: y² = x³ + A'x + B' with the RFC's A', B' (§8.8.1), Z = 11; clear_cofactor is
 *   multiplication by h_eff = 1 − x = 0xd201000000010001 (§8.8.1, Wahby–Boneh, "Fast and simple
 *   constant-time hashing to the BLS12-381 elliptic curve", 2019, §5): 63 doublings + 6 additions.
 * - G2: E'₂: y² = x³ + 240u·x + 1012(1 + u), Z = −(2 + u); clear_cofactor by the ψ method of
 *   Budroni–Pintore ("Efficient hash maps to G2 on BLS curves", ePrint 2017/419), RFC 9380 Appendix
 *   G.3: h_eff·P = [x² − x − 1]P + [x − 1]ψ(P) + ψ²(2P), two multiplications by |x| (64 bits).
 * The cofactor multiplications run the double-and-add of scalar_mul.ts on the public constant: the
 * branches follow the constant's bits, never the point, so the whole map is constant-time in msg.
 *
 * Constants that are definitions (x, h_eff, Z, A', B' of G2) are written from x or the RFC's text; G1's
 * A', B' are the RFC's hex values, checked by tests (on-curve images, the RFC vectors).
 * @module
 */
import { BLS12_381_X } from "../../field/params.ts";
import type { Fp2 } from "../../field/tower/fp2.ts";
import type { Fp2Value } from "../group/coord_field.ts";
import { Psi } from "../group/endomorphism.ts";
import type { Group, Point } from "../group/group.ts";
import { mulVartime } from "../group/scalar_mul.ts";
import { fp2H2c, fpH2c, HashToField } from "../hash_to_curve/field.ts";
import { ISO_G1, ISO_G2, Isogeny, type IsogenyCoefficients } from "../hash_to_curve/isogeny.ts";
import { type H2cField, Sswu } from "../hash_to_curve/sswu.ts";

/** Hash-to-curve methods of a BLS12-381 group (RFC 9380 suites with expand_message_xmd and SHA-256). */
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

/** A BLS12-381 group with its hash-to-curve methods. */
export type H2cGroup<V> = Group<V> & HashToCurve<V>;

const X = BLS12_381_X; // negative
/** G1's h_eff = 1 − x (RFC 9380 §8.8.1). */
export const H_EFF_G1: bigint = 1n - X;

/** G1's E'₁ constants and Z (RFC 9380 §8.8.1). */
export const SWU_G1: { A: bigint; B: bigint; Z: bigint } = {
  A: 0x00144698a3b8e9433d693a02c96d4982b0ea985383ee66a8d8e8981aefd881ac98936f8da0e0f97f5cf428082d584c1dn,
  B: 0x12e2908d11688030018b12e8753eee3b2016c1f0f24f4070a0b9c14fcef35ef55a23215a316ceaa5d1cc48e98e172be0n,
  Z: 11n,
};
/** G2's E'₂: A' = 240·u, B' = 1012·(1 + u), Z = −(2 + u) (RFC 9380 §8.8.2). */
export function swuG2(p: bigint): { A: Fp2Value; B: Fp2Value; Z: Fp2Value } {
  return { A: { c0: 0n, c1: 240n }, B: { c0: 1012n, c1: 1012n }, Z: { c0: p - 2n, c1: p - 1n } };
}

/** One group's suites: hash_to_field, the map and cofactor clearing on the group's slots. */
export class Suite<V> {
  /** The group. */
  readonly g: Group<V>;
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
  readonly pts: number;
  /** The result of `hash` before it is copied into a new point. */
  readonly res: number;

  constructor(
    g: Group<V>,
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
  hash(msg: Uint8Array, dst: Uint8Array | string, count: 1 | 2): Point<V> {
    const g = this.g;
    this.hashInto(this.res, msg, dst, count); // throws on bad input before a point is taken
    const out = g.fresh();
    g.law.copy(out.s, this.res);
    g.F.wipe(this.res, 3);
    return out;
  }

  /**
   * Point slot out ← hash_to_curve / encode_to_curve (no allocation: what the flow proof measures,
   * tests/curves/h2c_ct.test.ts). Constant-time in msg for a fixed message length.
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
  mapToCurve(u: V): Point<V> {
    const g = this.g;
    g.F.checkValue(u, "u"); // before a slot is taken
    const out = g.fresh();
    g.F.setVartime(this.u, u);
    this.mapInto(out.s, this.u);
    this.wipe();
    return out;
  }

  /** h_eff·P into a new point. */
  clearCofactor(P: Point<V>): Point<V> {
    const g = this.g, s = g.own(P).s, out = g.fresh(), n = g.F.size;
    this.clear(out.s, s, this.pts + 6 * n);
    this.wipe();
    return out;
  }

  private wipe(): void {
    const g = this.g;
    g.F.wipe(this.u, 5);
    g.F.wipe(this.pts, 18);
    g.law.wipeScratch();
    g.F.wipeScratch();
  }
}

/** G1: out ← h_eff·p (t: 1 scratch point; out may be p). */
function clearG1(g: Group<bigint>): (out: number, p: number, t: number) => void {
  return (out, p, t) => mulVartime(g.law, out, p, H_EFF_G1, t); // public constant: branches on its bits
}

/**
 * G2: out ← h_eff·p by RFC 9380 Appendix G.3 (c1 = x < 0: multiplication by |x| then negation).
 * t: 4 scratch points (t1, t2, t3 and the multiplication's copy).
 */
function clearG2(g: Group<Fp2Value>): (out: number, p: number, t: number) => void {
  const law = g.law, psi = new Psi(law, "bls12-381", g.r), w = 3 * g.F.size, ax = -X;
  const mulX = (out: number, a: number, tmp: number) => { // out ← x·a
    mulVartime(law, out, a, ax, tmp);
    law.neg(out, out);
  };
  return (out, P, t) => {
    const t1 = t, t2 = t + w, t3 = t + 2 * w, tmp = t + 3 * w;
    mulX(t1, P, tmp); //       1. t1 = c1·P
    psi.apply(t2, P); //       2. t2 = ψ(P)
    law.dbl(t3, P); //         3. t3 = 2·P
    psi.apply(t3, t3); //      4. t3 = ψ²(t3)
    psi.apply(t3, t3);
    law.neg(tmp, t2); //       5. t3 = t3 − t2
    law.add(t3, t3, tmp);
    law.add(t2, t1, t2); //    6. t2 = t1 + t2
    mulX(t2, t2, tmp); //      7. t2 = c1·t2
    law.add(t3, t3, t2); //    8. t3 = t3 + t2
    law.neg(tmp, t1); //       9. t3 = t3 − t1
    law.add(t3, t3, tmp);
    law.neg(tmp, P); //       10. Q = t3 − P
    law.add(out, t3, tmp);
  };
}

/** The suites of each group (per backend), built on first use. */
const cacheG1 = new WeakMap<object, Suite<bigint>>();
const cacheG2 = new WeakMap<object, Suite<Fp2Value>>();

function methods<V>(suite: () => Suite<V>): HashToCurve<V> {
  return {
    hashToCurve: (msg, dst) => suite().hash(msg, dst, 2),
    encodeToCurve: (msg, dst) => suite().hash(msg, dst, 1),
    mapToCurve: (u) => suite().mapToCurve(u),
    clearCofactor: (P) => suite().clearCofactor(P),
  };
}

/** G1's suites on group g (built on first use, cached). */
export function g1Suite(g: Group<bigint>): Suite<bigint> {
  let s = cacheG1.get(g);
  if (s === undefined) {
    s = new Suite(g, fpH2c(g.F), SWU_G1, ISO_G1, clearG1(g));
    cacheG1.set(g, s);
  }
  return s;
}

/** G2's suites on group g over the tower's `fp2` (built on first use, cached). */
export function g2Suite(g: Group<Fp2Value>, fp2: Fp2): Suite<Fp2Value> {
  let s = cacheG2.get(g);
  if (s === undefined) {
    s = new Suite(g, fp2H2c(g.F, fp2), swuG2(g.F.kernel.p), ISO_G2, clearG2(g));
    cacheG2.set(g, s);
  }
  return s;
}

/** Adds the G1 suites' methods to BLS12-381's G1 (their constants are built on first use). */
export function withHashToG1(g: Group<bigint>): H2cGroup<bigint> {
  return Object.assign(g, methods(() => g1Suite(g)));
}

/** Adds the G2 suites' methods to BLS12-381's G2 on the tower's `fp2` (constants built on first use). */
export function withHashToG2(g: Group<Fp2Value>, fp2: Fp2): H2cGroup<Fp2Value> {
  return Object.assign(g, methods(() => g2Suite(g, fp2)));
}
