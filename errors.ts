/**
 * The one error class isochron throws for bad input, with a machine-readable `code`.
 *
 * Lives at the root (not in field/) because every layer, x25519/ included, reports with it.
 * @module
 */

/** Machine-readable reasons for an {@linkcode IsochronError}. */
export type IsochronErrorCode =
  | "INVALID_LENGTH"
  | "NON_CANONICAL"
  | "INVALID_FLAGS"
  | "NOT_ON_CURVE"
  | "NOT_IN_SUBGROUP"
  | "INVALID_SCALAR"
  | "ZERO_SHARED_SECRET"
  | "INVALID_TYPE"
  | "BACKEND_UNAVAILABLE"
  | "OUT_OF_MEMORY"
  | "INVALID_KEY"
  | "UNSUPPORTED"
  | "NOT_INVERTIBLE"
  | "NO_SQUARE_ROOT";

/**
 * Thrown for bad input. The library's state is unchanged after it is thrown.
 *
 * @example
 * ```ts
 * import { IsochronError } from "@isochron/curves";
 * const e = new IsochronError("INVALID_LENGTH", "expected 32 bytes, got 31");
 * if (e.code !== "INVALID_LENGTH" || !(e instanceof Error)) throw new Error("unexpected");
 * ```
 */
export class IsochronError extends Error {
  /** Why the input was rejected. */
  readonly code: IsochronErrorCode;
  /** Makes an error whose message starts with its `code`. */
  constructor(code: IsochronErrorCode, message: string) {
    super(`${code}: ${message}`);
    this.name = "IsochronError";
    this.code = code;
  }
}

// Byte arguments. `instanceof Uint8Array` is true for objects that are no typed array (a `Proxy` of one,
// `Object.create(Uint8Array.prototype)`), and a subclass may override `length`; Node's `Buffer#slice`
// returns a view, not a copy. So the library reads a byte argument's internal slots through
// %TypedArray%.prototype's own getters (they throw or answer `undefined` for anything but a real typed
// array) and copies it with the Uint8Array constructor, which reads those slots too: a caller's bytes
// are read, never written, whatever Uint8Array subclass or view they are.
const TYPED_ARRAY = Object.getPrototypeOf(Uint8Array.prototype) as object;
const slotGetter = (key: PropertyKey): (this: unknown) => unknown =>
  Object.getOwnPropertyDescriptor(TYPED_ARRAY, key)!.get as (this: unknown) => unknown;
const typedArrayName = slotGetter(Symbol.toStringTag);
const typedArrayLength = slotGetter("length");

/**
 * Whether `value` is a genuine Uint8Array (any subclass, e.g. Node's `Buffer`, any view), judged by its
 * internal slot: a `Proxy` or an object that merely inherits from `Uint8Array.prototype` is not.
 */
export function isBytes(value: unknown): value is Uint8Array {
  return typedArrayName.call(value) === "Uint8Array";
}

/**
 * Throws `INVALID_TYPE` unless `value` is a genuine Uint8Array ({@linkcode isBytes}), and
 * `INVALID_LENGTH` unless it has `length` bytes (any length when omitted); returns its byte length,
 * read from the internal slot. `value` itself is not copied: for arguments that are only read.
 */
export function checkBytes(value: unknown, what: string, length?: number): number {
  if (!isBytes(value)) throw new IsochronError("INVALID_TYPE", `${what} must be a Uint8Array`);
  const n = typedArrayLength.call(value) as number;
  if (length !== undefined && n !== length) {
    throw new IsochronError("INVALID_LENGTH", `${what} must be ${length} bytes, got ${n}`);
  }
  return n;
}

/**
 * A fresh plain `Uint8Array` copy of the byte argument `value` (checked as by {@linkcode checkBytes}):
 * the library may write the copy (clear flag bits, wipe a secret) and return it, never the caller's
 * bytes.
 */
export function copyBytes(value: unknown, what: string, length?: number): Uint8Array {
  // A detached buffer (or a view out of its resizable buffer's bounds) reads as empty, as its `length`
  // says; the Uint8Array constructor would throw a TypeError on it.
  return checkBytes(value, what, length) === 0 ? new Uint8Array(0) : new Uint8Array(value as Uint8Array);
}

/** {@linkcode copyBytes} with a required length (the common case of keys, scalars, field elements). */
export function expectBytes(value: unknown, length: number, what: string): Uint8Array {
  return copyBytes(value, what, length);
}

/**
 * The bytes of `hex` (an even number of hex digits, either case, no prefix), for public values only
 * (variable-time). Throws INVALID_TYPE for a non-string or a non-hex character, INVALID_LENGTH for an
 * odd number of digits (or, with `length`, another byte count).
 */
export function hexToBytes(hex: unknown, what: string, length?: number): Uint8Array {
  if (typeof hex !== "string") throw new IsochronError("INVALID_TYPE", `${what}: expected a hex string`);
  if (hex.length % 2 !== 0) throw new IsochronError("INVALID_LENGTH", `${what}: odd number of hex digits`);
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw new IsochronError("INVALID_TYPE", `${what}: not a hex string`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  if (length !== undefined && out.length !== length) {
    throw new IsochronError("INVALID_LENGTH", `${what} must be ${length} bytes, got ${out.length}`);
  }
  return out;
}

/** Lowercase hex of `bytes` (public values). */
export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
