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
   * 1 if a is "lexicographically largest" in the ZCash sense (a > −a as integers; for Fp2 compare c1
   * first, then c0 if c1 = 0), else 0. Public data only.
   */
  largestVartime(a: number): number;
}

/** Throws unless v is a bigint in [0, p) (see {@linkcode CoordField.checkValue}). */
function checkCanonical(v: unknown, p: bigint, what: string): void {
  if (typeof v !== "bigint") throw new IsochronError("INVALID_TYPE", `${what} must be a bigint`);
  if (v < 0n || v >= p) throw new IsochronError("NON_CANONICAL", `${what} must be in [0, p)`);
}

/** Fp as a coordinate field (G1). */
export function fpCoords(k: FieldKernel): CoordField<bigint> {
  const half = (k.p - 1n) / 2n;
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
    largestVartime: (a: number) => (k.toBigintVartime(a) > half ? 1 : 0),
  });
}

/** Fp2 as a coordinate field (G2), on the tower's Fp2 (its wasm-accelerated version where available). */
export function fp2Coords(f: Fp2): CoordField<Fp2Value> {
  const k = f.fp;
  const half = (k.p - 1n) / 2n;
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
    largestVartime: (a: number) => {
      const { c0, c1 } = f.toBigintVartime(a);
      return (c1 > half || (c1 === 0n && c0 > half)) ? 1 : 0;
    },
  });
}
