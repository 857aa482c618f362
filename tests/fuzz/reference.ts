/**
 * The reference point codecs of the fuzz suite, in BigInt over @noble/curves' fields and points
 * (independent of the library): ZCash (BLS12-381), EIP-2537, and BN254's EIP-196/197 with gnark-crypto
 * compression. `decode` gives the error code the library must throw, in the documented order of its
 * checks (length, flags, canonical coordinates, curve, subgroup), or the affine point; `encode` makes
 * the encodings the mutations start from, for points in or outside the subgroup.
 * @module
 */
import { bls12_381 as nbls } from "@noble/curves/bls12-381.js";
import { bn254 as nbn } from "@noble/curves/bn254.js";
import type { IsochronErrorCode } from "../internal.ts";
import { beBytes, beInt, concat, type Rng } from "./helpers.ts";

export type Fp2 = { c0: bigint; c1: bigint };
export type Coord = bigint | Fp2;
export type RefPoint = { x: Coord; y: Coord } | "zero";
export type RefResult = RefPoint | { code: IsochronErrorCode };

// deno-lint-ignore no-explicit-any
type Any = any;

/** A curve group as the reference sees it: its coordinate field (noble's), b and noble's Point class. */
export interface RefGroup {
  readonly name: string;
  readonly p: bigint;
  /** Bytes of one Fp element. */
  readonly fpBytes: number;
  readonly ext: boolean;
  readonly F: Any;
  readonly b: Coord;
  readonly Point: Any;
}

function group(name: string, curve: Any, ext: boolean, fpBytes: number): RefGroup {
  const Point = curve[ext ? "G2" : "G1"].Point;
  const F = ext ? curve.fields.Fp2 : curve.fields.Fp;
  return { name, p: curve.fields.Fp.ORDER, fpBytes, ext, F, b: Point.CURVE().b, Point };
}
export const REF = {
  blsG1: group("bls12-381 G1", nbls, false, 48),
  blsG2: group("bls12-381 G2", nbls, true, 48),
  bnG1: group("bn254 G1", nbn, false, 32),
  bnG2: group("bn254 G2", nbn, true, 32),
};

const rhs = (g: RefGroup, x: Coord): Coord => g.F.add(g.F.mul(g.F.sqr(x), x), g.b);
export const onCurve = (g: RefGroup, x: Coord, y: Coord): boolean => g.F.eql(g.F.sqr(y), rhs(g, x));
/** The lexicographically largest of y and −y (Fp2: c1 decides, c0 when c1 = 0). */
export function largest(g: RefGroup, y: Coord): number {
  const half = (g.p - 1n) / 2n;
  if (!g.ext) return (y as bigint) > half ? 1 : 0;
  const { c0, c1 } = y as Fp2;
  return c1 > half || (c1 === 0n && c0 > half) ? 1 : 0;
}
/** The y of x with the given sign, or undefined when x³ + b is no square. */
function ySigned(g: RefGroup, x: Coord, sign: number): Coord | undefined {
  let y: Coord;
  try {
    y = g.F.sqrt(rhs(g, x));
  } catch {
    return undefined;
  }
  if (y === undefined || !onCurve(g, x, y)) return undefined;
  return largest(g, y) === sign ? y : g.F.neg(y);
}
export function inSubgroup(g: RefGroup, x: Coord, y: Coord): boolean {
  return g.Point.fromAffine({ x, y }).isTorsionFree();
}

/** A random point on the curve, in the subgroup or not (for BLS12-381 almost never in it). */
export function randomCurvePoint(g: RefGroup, rng: Rng): { x: Coord; y: Coord } {
  for (;;) {
    const x = g.ext
      ? g.F.create({ c0: rng.bigint(400) % g.p, c1: rng.bigint(400) % g.p })
      : rng.bigint(400) % g.p;
    const y = ySigned(g, x, rng.int(2));
    if (y !== undefined) return { x, y };
  }
}

/** How one codec lays a group's points out. */
export interface RefCodec {
  readonly name: string;
  readonly g: RefGroup;
  readonly lengths: readonly number[];
  encode(p: RefPoint, compressed: boolean): Uint8Array;
  decode(bytes: Uint8Array, checked: boolean): RefResult;
}

const NON_CANONICAL = { code: "NON_CANONICAL" } as const;
const code = (c: IsochronErrorCode) => ({ code: c });
const allZero = (b: Uint8Array) => b.every((v) => v === 0);

/** Fp or Fp2 (c1‖c0 when `hiFirst`) of `fpBytes`-byte big-endian integers, each < p; undefined if not. */
function readCoord(g: RefGroup, b: Uint8Array, hiFirst: boolean, pad = 0): Coord | undefined {
  const w = g.fpBytes + pad;
  const one = (s: Uint8Array) => {
    if (!allZero(s.subarray(0, pad))) return undefined;
    const v = beInt(s.subarray(pad));
    return v < g.p ? v : undefined;
  };
  if (!g.ext) return one(b.subarray(0, w));
  const a = one(b.subarray(0, w)), c = one(b.subarray(w, 2 * w));
  if (a === undefined || c === undefined) return undefined;
  return hiFirst ? { c0: c, c1: a } : { c0: a, c1: c };
}
function writeCoord(g: RefGroup, v: Coord, hiFirst: boolean, pad = 0): Uint8Array {
  const w = g.fpBytes + pad;
  if (!g.ext) return beBytes(v as bigint, w);
  const { c0, c1 } = v as Fp2;
  return hiFirst ? concat(beBytes(c1, w), beBytes(c0, w)) : concat(beBytes(c0, w), beBytes(c1, w));
}
function finish(g: RefGroup, x: Coord | undefined, y: Coord | undefined, checked: boolean): RefResult {
  if (x === undefined || y === undefined) return NON_CANONICAL;
  if (!onCurve(g, x, y)) return code("NOT_ON_CURVE");
  if (checked && !inSubgroup(g, x, y)) return code("NOT_IN_SUBGROUP");
  return { x, y };
}
function decompress(
  g: RefGroup,
  body: Uint8Array,
  sign: number,
  checked: boolean,
  hiFirst: boolean,
): RefResult {
  const x = readCoord(g, body, hiFirst);
  if (x === undefined) return NON_CANONICAL;
  const y = ySigned(g, x, sign);
  if (y === undefined) return code("NOT_ON_CURVE");
  return finish(g, x, y, checked);
}

/** ZCash: flags C (0x80), I (0x40), S (0x20) in the first byte; Fp2 as c1‖c0. */
export function zcash(g: RefGroup): RefCodec {
  const n = g.fpBytes * (g.ext ? 2 : 1);
  return {
    name: `${g.name} ZCash`,
    g,
    lengths: [n, 2 * n],
    encode(p, compressed) {
      const out = new Uint8Array(compressed ? n : 2 * n);
      if (p === "zero") return out[0] = compressed ? 0xc0 : 0x40, out;
      out.set(writeCoord(g, p.x, true));
      if (compressed) out[0] |= 0x80 | (largest(g, p.y) << 5);
      else out.set(writeCoord(g, p.y, true), n);
      return out;
    },
    decode(bytes, checked) {
      if (bytes.length !== n && bytes.length !== 2 * n) return code("INVALID_LENGTH");
      const compressed = bytes.length === n;
      const c = bytes[0] >> 7, inf = (bytes[0] >> 6) & 1, s = (bytes[0] >> 5) & 1;
      if (c !== (compressed ? 1 : 0)) return code("INVALID_FLAGS");
      const body = new Uint8Array(bytes);
      body[0] &= 0x1f;
      if (inf) return s || !allZero(body) ? code("INVALID_FLAGS") : "zero";
      if (compressed) return decompress(g, body, s, checked, true);
      if (s) return code("INVALID_FLAGS");
      return finish(g, readCoord(g, body, true), readCoord(g, body.subarray(n), true), checked);
    },
  };
}

/** EIP-2537: 64-byte zero-padded elements, Fp2 as c0‖c1, all zeros = infinity, no compression. */
export function eip2537(g: RefGroup): RefCodec {
  const pad = 64 - g.fpBytes, n = 64 * (g.ext ? 2 : 1);
  return {
    name: `${g.name} EIP-2537`,
    g,
    lengths: [2 * n],
    encode(p) {
      if (p === "zero") return new Uint8Array(2 * n);
      return concat(writeCoord(g, p.x, false, pad), writeCoord(g, p.y, false, pad));
    },
    decode(bytes, checked) {
      if (bytes.length !== 2 * n) return code("INVALID_LENGTH");
      if (allZero(bytes)) return "zero";
      return finish(g, readCoord(g, bytes, false, pad), readCoord(g, bytes.subarray(n), false, pad), checked);
    },
  };
}

/** EIP-196/197 (x ‖ y, Fp2 c1‖c0, zeros = infinity) and gnark-crypto's compressed x (top bits 0b1s, 0b01 = ∞). */
export function eth(g: RefGroup): RefCodec {
  const n = g.fpBytes * (g.ext ? 2 : 1);
  return {
    name: `${g.name} EIP-196/197`,
    g,
    lengths: [n, 2 * n],
    encode(p, compressed) {
      const out = new Uint8Array(compressed ? n : 2 * n);
      if (p === "zero") return compressed && (out[0] = 0x40), out;
      out.set(writeCoord(g, p.x, true));
      if (compressed) out[0] |= 0x80 | (largest(g, p.y) << 6);
      else out.set(writeCoord(g, p.y, true), n);
      return out;
    },
    decode(bytes, checked) {
      if (bytes.length === 2 * n) {
        if (allZero(bytes)) return "zero";
        return finish(g, readCoord(g, bytes, true), readCoord(g, bytes.subarray(n), true), checked);
      }
      if (bytes.length !== n) return code("INVALID_LENGTH");
      const flags = bytes[0] >> 6, body = new Uint8Array(bytes);
      body[0] &= 0x3f;
      if (flags === 1) return allZero(body) ? "zero" : code("INVALID_FLAGS");
      if (flags === 0) return code("INVALID_FLAGS");
      return decompress(g, body, flags & 1, checked, true);
    },
  };
}

/** Whether a library point's affine coordinates are the reference point's. */
export function samePoint(
  g: RefGroup,
  lib: { isZero(): boolean; toAffine(): { x: unknown; y: unknown } },
  ref: RefPoint,
): boolean {
  if (ref === "zero") return lib.isZero();
  if (lib.isZero()) return false;
  const a = lib.toAffine() as { x: Coord; y: Coord };
  return g.F.eql(a.x, ref.x) && g.F.eql(a.y, ref.y);
}
