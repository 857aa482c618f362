/**
 * Scalars of the group API: parsing (a `bigint` or a 32-byte big-endian `Uint8Array`, any value in
 * [0, 2^256)) and constant-time reduction modulo the group order r into 16-bit limbs.
 *
 * Reduction: k < 2^256 < 2^(j+1)·r for j = ⌈256 − log₂ r⌉, so subtracting 2^j·r, 2^(j−1)·r, …, r, each
 * kept only when it does not borrow (a mask, never a branch), leaves k mod r. For BLS12-381 (r ≈ 2^254.9)
 * that is 2 conditional subtractions (2r, r), for BN254 (r ≈ 2^253.6) 3; each is 17 limb steps.
 * @module
 */
import { expectBytes, isBytes, IsochronError } from "../errors.ts";
import { limbs16Vartime } from "./limbs16.ts";

/** Limbs of a reduced scalar: 16 bits each, little-endian, 17 of them (the top one is 0 after reduction). */
export const SCALAR_LIMBS = 17;

/**
 * The 32-byte big-endian form of a scalar argument: a copy of a `Uint8Array` (the constant-time
 * input form), or the encoding of a `bigint` (BigInt arithmetic: not constant-time). Throws
 * `INVALID_TYPE`, `INVALID_LENGTH` (not 32 bytes) or `INVALID_SCALAR` (a bigint outside [0, 2^256)).
 */
export function scalarBytes(k: unknown): Uint8Array {
  if (isBytes(k)) return expectBytes(k, 32, "scalar"); // a fresh copy: the caller's bytes are never written
  if (typeof k === "bigint") {
    if (k < 0n || k >> 256n !== 0n) throw new IsochronError("INVALID_SCALAR", "scalar must be in [0, 2^256)");
    const out = new Uint8Array(32);
    for (let i = 31; i >= 0; i--) {
      out[i] = Number(k & 0xffn);
      k >>= 8n;
    }
    return out;
  }
  throw new IsochronError("INVALID_TYPE", "scalar must be a bigint or a 32-byte Uint8Array");
}

/** A scalar argument as a bigint reduced mod r: public scalars only (variable-time). */
export function scalarBigintVartime(k: unknown, r: bigint): bigint {
  if (typeof k === "bigint") {
    scalarBytes(k); // validation
    return k % r;
  }
  const b = scalarBytes(k);
  let x = 0n;
  for (let i = 0; i < 32; i++) x = (x << 8n) | BigInt(b[i]);
  return x % r;
}

const limbsOf = (x: bigint): Int32Array => limbs16Vartime(x, SCALAR_LIMBS);

/** Constant-time reduction of 256-bit scalars modulo a fixed public r. */
export class ScalarReducer {
  /** The modulus. */
  readonly r: bigint;
  /** 2^j·r, …, 2r, r as limbs (public). */
  private readonly multiples: readonly Int32Array[];
  private readonly t = new Int32Array(SCALAR_LIMBS);

  /** A reducer modulo `r` (2^200 < r < 2^256, public). */
  constructor(r: bigint) {
    this.r = r;
    const m: Int32Array[] = [];
    let j = 0;
    while ((r << BigInt(j + 1)) <= (1n << 256n)) j++;
    for (let i = j; i >= 0; i--) m.push(limbsOf(r << BigInt(i)));
    this.multiples = m;
  }

  /**
   * k mod r for 32 big-endian bytes, as 17 little-endian 16-bit limbs in a new array (the caller
   * zeroes it when done). Constant-time: masks only.
   */
  reduce(bytes: Uint8Array): Int32Array {
    const k = new Int32Array(SCALAR_LIMBS);
    for (let i = 0; i < 16; i++) k[i] = (bytes[31 - 2 * i] | (bytes[30 - 2 * i] << 8)) & 0xffff;
    const t = this.t;
    for (const m of this.multiples) {
      let borrow = 0;
      for (let i = 0; i < SCALAR_LIMBS; i++) {
        const d = k[i] - m[i] - borrow;
        t[i] = d & 0xffff;
        borrow = d >>> 31;
      }
      const keep = -borrow; //   all ones if k < m (keep k), else 0 (take k − m)
      for (let i = 0; i < SCALAR_LIMBS; i++) k[i] = (k[i] & keep) | (t[i] & ~keep);
    }
    t.fill(0);
    return k;
  }
}
