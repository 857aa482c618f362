/**
 * Comparing isochron's noble-compatible calls with @noble/curves': a call's outcome is its value in a
 * comparable form (points by `toAffine()`, bytes as arrays, plain objects member by member) or
 * "throws" (any Error: isochron's IsochronError, noble's Error/TypeError/RangeError).
 */
import assert from "node:assert/strict";

// deno-lint-ignore no-explicit-any
export type Any = any;

/** The outcome of `f`. */
export function outcome(f: () => unknown): unknown {
  let v: unknown;
  try {
    v = f();
  } catch (e) {
    if (e instanceof Error) return "throws";
    throw e;
  }
  if (v instanceof Uint8Array) return Array.from(v);
  if (typeof v === "object" && v !== null && typeof (v as Any).toAffine === "function") {
    return { point: (v as Any).toAffine() };
  }
  if (typeof v === "object" && v !== null && !Array.isArray(v)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, outcome(() => x)]));
  }
  return v;
}

/** Both calls agree: the same value or both a rejection. */
export function same(what: string, ours: () => unknown, theirs: () => unknown): void {
  assert.deepEqual(outcome(ours), outcome(theirs), what);
}
