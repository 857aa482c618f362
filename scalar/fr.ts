/**
 * The scalar field Fr of a prime-order group, as the public API sees it: scalars are 32-byte big-endian
 * `Uint8Array`s (the constant-time form `P.multiply` takes). `random()` draws a uniform scalar in
 * [0, r), `fromBytes` accepts only canonical encodings (< r), `toBytes` encodes a bigint or checks a
 * byte string the same way.
 *
 * Sampling is by rejection (e.g. NIST SP 800-90A Rev. 1 §A.5.1 / FIPS 186-5 §A.2.2, "testing
 * candidates"): 32 bytes from `crypto.getRandomValues`, the bits above r's bit length cleared, kept if
 * below r, else discarded (zeroed) and drawn again. Each candidate is kept with probability r / 2^bits
 * (BLS12-381: ≈ 0.91; BN254: ≈ 0.76), so the expected number of draws is below 1.4; how many draws
 * were made is the only thing the timing tells, and rejected candidates are independent of the result.
 * The comparison with r is constant-time (a borrow chain over the bytes, masks only).
 * @module
 */
import { expectBytes, IsochronError } from "../errors.ts";
import { scalarBytes } from "./reduce.ts";

/** Length of an encoded scalar. */
const BYTES = 32;

/** The scalar field of a group, for the public API (`bls12_381.Fr`, `bn254.Fr`). */
export interface ScalarField {
  /** The group order r (prime), as a bigint. */
  readonly ORDER: bigint;
  /** Bit length of r. */
  readonly BITS: number;
  /** Length of an encoded scalar: 32. */
  readonly BYTES: number;
  /**
   * A uniformly random scalar in [0, r), 32 bytes big-endian, by rejection sampling from
   * `crypto.getRandomValues` (see the module doc). The caller may zero it after use.
   * @returns a fresh 32-byte scalar.
   *
   * @example
   * ```ts
   * import { bls12_381 } from "@isochron/curves/bls12-381";
   * const k = bls12_381.Fr.random();
   * const pk = bls12_381.G1.BASE.multiply(k);
   * if (k.length !== 32 || pk.isZero()) throw new Error("unexpected");
   * ```
   */
  random(): Uint8Array;
  /**
   * A copy of `bytes` after checking that it is a canonical scalar: 32 bytes, big-endian, below r
   * (constant-time comparison).
   * @param bytes the scalar, 32 bytes big-endian.
   * @returns a fresh copy of `bytes`.
   * @throws {IsochronError} INVALID_TYPE when `bytes` is not a Uint8Array, INVALID_LENGTH when it is
   * not 32 bytes, NON_CANONICAL when its value is ≥ r.
   *
   * @example
   * ```ts
   * import { bn254 } from "@isochron/curves/bn254";
   * import { IsochronError } from "@isochron/curves";
   * const k = bn254.Fr.fromBytes(bn254.Fr.toBytes(5n));
   * if (!bn254.G1.BASE.multiply(k).equals(bn254.G1.BASE.multiply(5n))) throw new Error("unexpected");
   * try {
   *   bn254.Fr.fromBytes(new Uint8Array(32).fill(0xff)); // 2^256 − 1
   *   throw new Error("accepted a non-canonical scalar");
   * } catch (e) {
   *   if (!(e instanceof IsochronError) || e.code !== "NON_CANONICAL") throw e;
   * }
   * ```
   */
  fromBytes(bytes: Uint8Array): Uint8Array;
  /**
   * The canonical 32-byte big-endian encoding of a scalar: a `bigint` in [0, r) (converted with BigInt
   * arithmetic: not constant-time), or a `Uint8Array` checked as by `fromBytes` and copied.
   * @param k the scalar: a bigint in [0, r) or 32 bytes big-endian.
   * @returns fresh 32 bytes.
   * @throws {IsochronError} INVALID_TYPE when k is neither a bigint nor a Uint8Array, INVALID_LENGTH
   * when its bytes are not 32, INVALID_SCALAR for a bigint outside [0, 2^256), NON_CANONICAL for a
   * value ≥ r.
   *
   * @example
   * ```ts
   * import { bls12_381 } from "@isochron/curves/bls12-381";
   * const one = bls12_381.Fr.toBytes(1n);
   * if (one.length !== 32 || one[31] !== 1 || one.slice(0, 31).some((b) => b !== 0)) {
   *   throw new Error("unexpected");
   * }
   * ```
   */
  toBytes(k: bigint | Uint8Array): Uint8Array;
}

/** The 32 big-endian bytes of a public bigint in [0, 2^256). */
function bytesOf(x: bigint): Uint8Array {
  const out = new Uint8Array(BYTES);
  for (let i = BYTES - 1; i >= 0; i--) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}

/**
 * 1 if the 32-byte big-endian a is below b, else 0: the borrow out of a − b, byte by byte from the
 * least significant. Constant-time: no branch or index depends on the bytes.
 */
export function lessThanBytes(a: Uint8Array, b: Uint8Array): number {
  let borrow = 0;
  for (let i = BYTES - 1; i >= 0; i--) borrow = ((a[i] - b[i] - borrow) >>> 8) & 1;
  return borrow;
}

/**
 * The scalar field of order `r` (a public prime with 2^128 < r < 2^256). Draws randomness from the
 * global `crypto.getRandomValues` when `random` is called (a missing `crypto` is reported then).
 */
export function scalarField(r: bigint): ScalarField {
  if (r <= 1n << 128n || r >> 256n !== 0n) throw new RangeError("scalarField: r must be in (2^128, 2^256)");
  const R = bytesOf(r);
  const BITS = r.toString(2).length;
  // A candidate has r's bit length: bytes before `top` are 0, byte `top` keeps its low bits only.
  const used = Math.ceil(BITS / 8), top = BYTES - used;
  const topMask = (1 << (BITS - 8 * (used - 1))) - 1;
  const check = (bytes: unknown): Uint8Array => {
    const b = expectBytes(bytes, BYTES, "scalar");
    if (lessThanBytes(b, R) !== 1) {
      throw new IsochronError("NON_CANONICAL", "scalar must be below the group order");
    }
    return b; // expectBytes made a fresh copy
  };
  return Object.freeze({
    ORDER: r,
    BITS,
    BYTES,
    random(): Uint8Array {
      const k = new Uint8Array(BYTES);
      for (;;) {
        crypto.getRandomValues(k);
        k.fill(0, 0, top);
        k[top] &= topMask;
        if (lessThanBytes(k, R) === 1) return k; // public: whether this draw is kept
        k.fill(0);
      }
    },
    fromBytes: (bytes: Uint8Array): Uint8Array => check(bytes),
    toBytes(k: bigint | Uint8Array): Uint8Array {
      if (typeof k !== "bigint") return check(k);
      const b = scalarBytes(k); // validates type and [0, 2^256)
      if (k >= r) throw new IsochronError("NON_CANONICAL", "scalar must be below the group order");
      return b;
    },
  });
}
