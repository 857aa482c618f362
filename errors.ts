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
  | "BACKEND_UNAVAILABLE";

/**
 * Thrown for bad input. The library's state is unchanged after it is thrown.
 *
 * @example
 * ```ts
 * import { IsochronError } from "./errors.ts";
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

/** Throws `INVALID_TYPE` unless `value` is a Uint8Array, and `INVALID_LENGTH` unless it has `length` bytes. */
export function expectBytes(value: unknown, length: number, what: string): Uint8Array {
  if (!(value instanceof Uint8Array)) {
    throw new IsochronError("INVALID_TYPE", `${what} must be a Uint8Array`);
  }
  if (value.length !== length) {
    throw new IsochronError("INVALID_LENGTH", `${what} must be ${length} bytes, got ${value.length}`);
  }
  return value;
}
