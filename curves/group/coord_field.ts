/**
 * The coordinate field of a curve group, as the group law sees it: Fp (G1) or Fp2 (G2), one interface
 * over slots of the base-field kernel. An element is `size` consecutive base slots (1 for Fp, 2 for Fp2)
 * addressed by the first. Every method but the `*Vartime` ones is constant-time; `out` may alias inputs.
 * @module
 */
import { IsochronError } from "../../errors.ts";
import type { FieldKernel } from "../../field/kernel.ts";
import type { Fp2 } from "../../field/tower/fp2.ts";

import type { Fp2Value } from "../../field/tower/fp2_value.ts";
export type { Fp2Value };

/** Field operations on slot numbers; `V` is the public (integer) form of an element. */
export interface CoordField<V> {
  /** The base-field kernel whose arena holds the slots. */
  readonly kernel: FieldKernel;
  /** Base slots per element. */
  readonly size: number;
  /** Reserves `count` zeroed elements; returns the first slot. */
  alloc(count: number): number;
  /** out ← a + b. */
  add(out: number, a: number, b: number): void;
  /** out ← a − b. */
  sub(out: number, a: number, b: number): void;
  /** out ← 2a. */
  dbl(out: number, a: number): void;
  /** out ← −a. */
  neg(out: number, a: number): void;
  /** out ← a·b. */
  mul(out: number, a: number, b: number): void;
  /** out ← a². */
  sqr(out: number, a: number): void;
  /** out ← a. */
  copy(out: number, a: number): void;
  /** out ← 0. */
  setZero(out: number): void;
  /** out ← 1. */
  setOne(out: number): void;
  /** out ← a if flag = 1. */
  cmov(out: number, a: number, flag: number): void;
  /** 1 if a = b, else 0. */
  eq(a: number, b: number): number;
  /** 1 if a = 0, else 0. */
  isZero(a: number): number;
  /** out ← a⁻¹ (0 ↦ 0), constant-time. */
  inv(out: number, a: number): void;
  /** out ← a⁻¹ (0 ↦ 0), public input only. */
  invVartime(out: number, a: number): void;
  /** out ← √a, returns 1 if a is a square, else 0. */
  sqrt(out: number, a: number): number;
  /** Zeroes `count` elements from `first`. */
  wipe(first: number, count: number): void;
  /** Zeroes the field layer's own scratch (Fp2's temporaries; nothing for Fp). */
  wipeScratch(): void;
  /** out ← v (public value, reduced mod p: callers that take user input check it first). */
  setVartime(out: number, v: V): void;
  /**
   * Throws `INVALID_TYPE` unless `v` has the shape of a value of this field (a bigint; for Fp2
   * `{ c0, c1 }` of bigints) and `NON_CANONICAL` unless each integer is in [0, p). For user input.
   */
  checkValue(v: unknown, what: string): void;
  /** The public value of a. */
  getVartime(a: number): V;
  /**
   * 1 if a is "lexicographically largest" in the ZCash sense (a > (p − 1)/2 as an integer; for Fp2
   * c1's, or c0's when c1 = 0), else 0. Constant-time: the canonical bytes compared with (p − 1)/2 by
   * a borrow chain, so that the encoding of a secret point (a key before it is published) does not
   * leak y.
   */
  largest(a: number): number;
}

/** The bytes of (p − 1)/2, big-endian in the kernel's byte length (a public constant). */
function halfBytes(k: FieldKernel): Uint8Array {
  const out = new Uint8Array(k.byteLength);
  let v = (k.p - 1n) / 2n;
  for (let i = out.length - 1; i >= 0; i--, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
}

/** 1 iff slot a of kernel k holds an integer > `half` (constant-time: the borrow of half − a). */
function aboveHalf(k: FieldKernel, a: number, half: Uint8Array, buf: Uint8Array): number {
  k.toBytes(a, buf);
  let borrow = 0;
  for (let i = buf.length - 1; i >= 0; i--) borrow = ((half[i] - buf[i] - borrow) >>> 8) & 1;
  buf.fill(0);
  return borrow;
}

/** Throws unless v is a bigint in [0, p) (see {@linkcode CoordField.checkValue}). */
function checkCanonical(v: unknown, p: bigint, what: string): void {
  if (typeof v !== "bigint") throw new IsochronError("INVALID_TYPE", `${what} must be a bigint`);
  if (v < 0n || v >= p) throw new IsochronError("NON_CANONICAL", `${what} must be in [0, p)`);
}

/** Fp as a coordinate field (G1). */
export function fpCoords(k: FieldKernel): CoordField<bigint> {
  const half = halfBytes(k), buf = new Uint8Array(k.byteLength);
  return Object.freeze({
    kernel: k,
    size: 1,
    alloc: (count: number) => k.alloc(count),
    add: k.add,
    sub: k.sub,
    dbl: k.dbl,
    neg: k.neg,
    mul: k.mul,
    sqr: k.sqr,
    copy: k.copy,
    setZero: k.setZero,
    setOne: k.setOne,
    cmov: k.cmov,
    eq: k.eq,
    isZero: k.isZero,
    inv: k.inv,
    invVartime: k.invVartime,
    sqrt: k.sqrt,
    wipe: k.wipe,
    wipeScratch: () => {},
    setVartime: (out: number, v: bigint) => k.setBigintVartime(out, v),
    checkValue: (v: unknown, what: string): void => checkCanonical(v, k.p, what),
    getVartime: (a: number) => k.toBigintVartime(a),
    largest: (a: number) => aboveHalf(k, a, half, buf),
  });
}

/** Fp2 as a coordinate field (G2), on the tower's Fp2 (its wasm-accelerated version where available). */
export function fp2Coords(f: Fp2): CoordField<Fp2Value> {
  const k = f.fp;
  const half = halfBytes(k), buf = new Uint8Array(k.byteLength);
  return Object.freeze({
    kernel: k,
    size: 2,
    alloc: (count: number) => f.alloc(count),
    add: (o: number, a: number, b: number) => f.add(o, a, b),
    sub: (o: number, a: number, b: number) => f.sub(o, a, b),
    dbl: (o: number, a: number) => f.dbl(o, a),
    neg: (o: number, a: number) => f.neg(o, a),
    mul: (o: number, a: number, b: number) => f.mul(o, a, b),
    sqr: (o: number, a: number) => f.sqr(o, a),
    copy: (o: number, a: number) => f.copy(o, a),
    setZero: (o: number) => f.setZero(o),
    setOne: (o: number) => f.setOne(o),
    cmov: (o: number, a: number, flag: number) => f.cmov(o, a, flag),
    eq: (a: number, b: number) => f.eq(a, b),
    isZero: (a: number) => f.isZero(a),
    inv: (o: number, a: number) => f.inv(o, a),
    invVartime: (o: number, a: number) => f.invVartime(o, a),
    sqrt: (o: number, a: number) => f.sqrt(o, a),
    wipe: (first: number, count: number) => k.wipe(first, 2 * count),
    wipeScratch: () => f.wipeScratch(),
    setVartime: (out: number, v: Fp2Value) => f.setBigintVartime(out, v),
    checkValue(v: unknown, what: string): void {
      if (typeof v !== "object" || v === null) {
        throw new IsochronError("INVALID_TYPE", `${what} must be an Fp2 value { c0, c1 }`);
      }
      const { c0, c1 } = v as Record<string, unknown>;
      // Both types first: mapToCurve reduces { c0, c1 } of bigints only, so { c0: p, c1: 1 } is a type error.
      if (typeof c0 !== "bigint" || typeof c1 !== "bigint") {
        throw new IsochronError("INVALID_TYPE", `${what} must be an Fp2 value { c0, c1 } of bigints`);
      }
      checkCanonical(c0, k.p, `${what}.c0`);
      checkCanonical(c1, k.p, `${what}.c1`);
    },
    getVartime: (a: number) => f.toBigintVartime(a),
    largest: (a: number) => {
      const big0 = aboveHalf(k, a, half, buf), big1 = aboveHalf(k, a + 1, half, buf);
      return big1 | (k.isZero(a + 1) & big0);
    },
  });
}
