/**
 * Argument checks of the BigInt fields: each throws an {@linkcode IsochronError} where @noble/curves
 * throws a TypeError or Error (or, for a wrong type, where JavaScript would coerce).
 * @module
 */
import { IsochronError } from "../../errors.ts";

/** `x` if it is a bigint, else INVALID_TYPE. */
export function bigintArg(x: unknown, what: string): bigint {
  if (typeof x !== "bigint") {
    throw new IsochronError("INVALID_TYPE", `${what}: expected a bigint, got ${typeof x}`);
  }
  return x;
}

/** Whether `x` is a non-null object (noble's `isObj`). */
export function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null;
}

/** `x` as an object whose coordinates are read by the caller, else INVALID_TYPE. */
export function objectArg(x: unknown, what: string): Record<string, unknown> {
  if (!isObject(x)) throw new IsochronError("INVALID_TYPE", `${what}: expected a field element object`);
  return x;
}

/** A cmov condition: a boolean, else INVALID_TYPE. */
export function booleanArg(c: unknown, what: string): boolean {
  if (typeof c !== "boolean") throw new IsochronError("INVALID_TYPE", `${what}: expected a boolean`);
  return c;
}

/** An exponent: a bigint ≥ 0 (INVALID_TYPE, INVALID_SCALAR for a negative one). */
export function exponentArg(e: unknown, what: string): bigint {
  bigintArg(e, what);
  if ((e as bigint) < 0n) throw new IsochronError("INVALID_SCALAR", `${what}: negative exponent`);
  return e as bigint;
}

/** A Frobenius power: an integer number (INVALID_TYPE otherwise). */
export function powerArg(power: unknown, what: string): number {
  if (typeof power !== "number" || !Number.isInteger(power)) {
    throw new IsochronError("INVALID_TYPE", `${what}: expected an integer power`);
  }
  return power;
}

/** An array of `length` bigints (INVALID_TYPE, INVALID_LENGTH). */
export function tupleArg(t: unknown, length: number, what: string): readonly bigint[] {
  if (!Array.isArray(t)) throw new IsochronError("INVALID_TYPE", `${what}: expected an array`);
  if (t.length !== length) throw new IsochronError("INVALID_LENGTH", `${what}: expected ${length} integers`);
  t.forEach((x, i) => bigintArg(x, `${what}[${i}]`));
  return t;
}

/** An array argument (INVALID_TYPE otherwise). */
export function arrayArg<T>(list: unknown, what: string): T[] {
  if (!Array.isArray(list)) throw new IsochronError("INVALID_TYPE", `${what}: expected an array`);
  return list;
}
