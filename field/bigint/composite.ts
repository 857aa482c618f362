/**
 * The members of an extension field that act coefficient by coefficient (Fp2 over Fp, Fp6 over
 * Fp2, Fp12 over Fp6), and those derived from its arithmetic, with @noble/curves' semantics: results
 * are frozen plain objects `{ c0, c1[, c2] }`; `isValid` stops at the first invalid coefficient, `is0`
 * is false for a non-object; `…N` are the reducing operations; `fromBytes` checks each coefficient
 * (its `skipValidation` is ignored, as noble's).
 * @module
 */
import { checkBytes, IsochronError } from "../../errors.ts";
import { isObject, objectArg } from "./checks.ts";
import { invertBatchOf, powBy } from "./generic.ts";
import type { BigintField, IField } from "./types.ts";

/** The coefficient-wise members of an element type T with coefficients in S under `keys`. */
export interface Coefficientwise<T> {
  /** The field's members that act coefficient by coefficient. */
  readonly members: Pick<
    IField<T>,
    | "BYTES"
    | "ZERO"
    | "ONE"
    | "create"
    | "isValid"
    | "is0"
    | "eql"
    | "neg"
    | "add"
    | "sub"
    | "toBytes"
    | "fromBytes"
    | "cmov"
  >;
  /** x · k for an integer k, coefficient by coefficient. */
  readonly scale: (x: T, k: bigint) => T;
  /** x itself, checked to be an object (INVALID_TYPE), to read its coefficients. */
  readonly parts: (x: T, what: string) => T;
  /** x itself, every coordinate checked to be a bigint (INVALID_TYPE): for coefficients returned as given. */
  readonly checked: (x: T, what: string) => T;
}

/** Members of T = S[keys] (keys: "c0", "c1"[, "c2"]), from the coefficient field `sub`. */
export function coefficientwise<T, S>(keys: readonly string[], sub: IField<S>): Coefficientwise<T> {
  type Parts = Record<string, S>;
  const parts = (x: unknown, what: string) => objectArg(x, what) as Parts;
  const make = (f: (k: string) => S) => Object.freeze(Object.fromEntries(keys.map((k) => [k, f(k)]))) as T;
  const each = (op: (a: S, b: S) => S, what: string) => (a: T, b: T) => {
    const [x, y] = [parts(a, what), parts(b, what)];
    return make((k) => op(x[k], y[k]));
  };
  const BYTES = keys.length * sub.BYTES;
  const F: Coefficientwise<T>["members"] = {
    BYTES,
    ZERO: make(() => sub.ZERO),
    ONE: make((k) => (k === "c0" ? sub.ONE : sub.ZERO)),
    create: (x) => {
      const c = parts(x, "create");
      return make((k) => sub.create(c[k]));
    },
    isValid: (x) => {
      const c = parts(x, "isValid");
      return keys.every((k) => sub.isValid(c[k]));
    },
    is0: (x) => isObject(x) && keys.every((k) => sub.is0((x as Parts)[k])),
    eql: (a, b) => {
      const [x, y] = [parts(a, "eql"), parts(b, "eql")];
      return keys.every((k) => sub.eql(x[k], y[k]));
    },
    neg: (x) => {
      const c = parts(x, "neg");
      return make((k) => sub.neg(c[k]));
    },
    add: each(sub.add, "add"),
    sub: each(sub.sub, "sub"),
    toBytes: (x) => {
      const c = parts(x, "toBytes");
      const out = new Uint8Array(BYTES);
      keys.forEach((k, i) => out.set(sub.toBytes(c[k]), i * sub.BYTES));
      return out;
    },
    fromBytes: (bytes) => {
      const n = checkBytes(bytes, "fromBytes");
      if (n !== BYTES) {
        throw new IsochronError("INVALID_LENGTH", `fromBytes: expected ${BYTES} bytes, got ${n}`);
      }
      return make((k) => {
        const i = keys.indexOf(k) * sub.BYTES;
        return sub.fromBytes(bytes.subarray(i, i + sub.BYTES));
      });
    },
    cmov: (a, b, c) => {
      const [x, y] = [parts(a, "cmov"), parts(b, "cmov")];
      return F.create(make((k) => sub.cmov(x[k], y[k], c)));
    },
  };
  const scale = (x: T, n: bigint) => {
    const c = parts(x, "mul");
    return make((k) => sub.mul(c[k], n));
  };
  const checked = (x: T, what: string) => {
    const c = parts(x, what);
    keys.forEach((k) => sub.create(c[k]));
    return c as T;
  };
  return { members: F, scale, parts: (x, what) => parts(x, what) as T, checked };
}

/** The arithmetic an extension field defines itself, from which {@linkcode derivedMembers} follow. */
type Core<T> = Pick<IField<T>, "ONE" | "ZERO" | "is0" | "isValid" | "add" | "sub" | "mul" | "sqr" | "inv">;

/** A `sqrt` that always throws NO_SQUARE_ROOT: noble's Fp6 and Fp12 have none ("not implemented"). */
export function noSqrt(field: string): () => never {
  return () => {
    throw new IsochronError("NO_SQUARE_ROOT", `${field}.sqrt is not implemented (nor in @noble/curves)`);
  };
}

/**
 * The arithmetic members of an extension field from its own mul, sqr, inv and sqrt: those four and
 * isValidNot0, pow, div (by an element or an integer), invertBatch and the `…N` aliases.
 */
export function arithmeticMembers<T>(
  F: Core<T> & Pick<IField<T>, "sqrt">,
  Fp: BigintField,
): Pick<
  IField<T>,
  | "mul"
  | "sqr"
  | "inv"
  | "sqrt"
  | "isValidNot0"
  | "pow"
  | "div"
  | "invertBatch"
  | "addN"
  | "subN"
  | "mulN"
  | "sqrN"
> {
  return {
    mul: F.mul,
    sqr: F.sqr,
    inv: F.inv,
    sqrt: F.sqrt,
    isValidNot0: (x) => !F.is0(x) && F.isValid(x),
    pow: (x, e) => powBy(F, x, e),
    div: (a, b) => F.mul(a, typeof b === "bigint" ? Fp.inv(b) : F.inv(b)),
    invertBatch: (list) => invertBatchOf(F, list),
    addN: (a, b) => F.add(a, b),
    subN: (a, b) => F.sub(a, b),
    mulN: (a, b) => F.mul(a, b),
    sqrN: (x) => F.sqr(x),
  };
}
