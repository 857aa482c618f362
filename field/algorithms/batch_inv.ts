/**
 * Batch inversion by Montgomery's trick (P. L. Montgomery, "Speeding the Pollard and elliptic curve
 * methods of factorization", Math. Comp. 48 (1987), §10.3.1): n inverses for one inversion and 3(n−1)
 * multiplications. Zeros map to zero (they are replaced by one in the running product and their
 * outputs are set to zero).
 *
 * Variable-time and for public data only: it branches on which inputs are zero and calls the kernel's
 * `invVartime` (which must therefore not be implemented with this function). Inputs are processed in
 * chunks of at most {@linkcode BATCH_CHUNK} elements (one inversion per chunk) with a per-kernel pool of
 * scratch slots that grows to the largest chunk seen. In place (`outs[i]` = `ins[i]`) is fine; any other
 * overlap between `outs` and `ins` is fine only within one chunk (n ≤ BATCH_CHUNK), since a chunk's
 * outputs are written before the next chunk's inputs are read.
 * @module
 */

import { IsochronError } from "../../errors.ts";
import type { FieldKernel } from "../kernel.ts";
import { lazyState } from "../lazy_state.ts";

/** Largest number of elements inverted with one inversion. */
export const BATCH_CHUNK = 256;

interface BatchPool {
  /** Capacity in elements of the slot ranges below. */
  size: number;
  /** size slots: copies of the inputs (zeros replaced by one). */
  copies: number;
  /** size slots: prefix[i] = copies[0]·…·copies[i−1]. */
  prefix: number;
  /** Which inputs were zero. */
  zero: Uint8Array;
  readonly acc: number;
  readonly inv: number;
  readonly tmp: number;
}

const pools = lazyState((k: FieldKernel): BatchPool => ({
  size: 0,
  copies: 0,
  prefix: 0,
  zero: new Uint8Array(0),
  acc: k.alloc(1),
  inv: k.alloc(1),
  tmp: k.alloc(1),
}));

function pool(k: FieldKernel, n: number): BatchPool {
  const s = pools(k);
  if (s.size < n) {
    const size = Math.min(BATCH_CHUNK, Math.max(n, 2 * s.size));
    s.copies = k.alloc(size);
    s.prefix = k.alloc(size);
    s.zero = new Uint8Array(size);
    s.size = size;
  }
  return s;
}

function chunk(k: FieldKernel, outs: readonly number[], ins: readonly number[], start: number, n: number) {
  const s = pool(k, n);
  k.setOne(s.acc);
  for (let i = 0; i < n; i++) {
    const x = ins[start + i];
    const c = s.copies + i;
    s.zero[i] = k.isZero(x);
    if (s.zero[i]) k.setOne(c);
    else k.copy(c, x);
    k.copy(s.prefix + i, s.acc);
    if (i === 0) k.copy(s.acc, c);
    else k.mul(s.acc, s.acc, c);
  }
  k.invVartime(s.inv, s.acc); // inv = (copies[0]·…·copies[n−1])⁻¹
  for (let i = n - 1; i >= 0; i--) {
    const c = s.copies + i;
    k.mul(s.tmp, s.inv, s.prefix + i); // = copies[i]⁻¹
    if (i > 0) k.mul(s.inv, s.inv, c); // = (copies[0]·…·copies[i−1])⁻¹
    if (s.zero[i]) k.setZero(outs[start + i]);
    else k.copy(outs[start + i], s.tmp);
  }
}

/**
 * outs[i] ← ins[i]⁻¹ for every i, zeros mapping to zero; variable-time (public data only).
 * Throws `INVALID_LENGTH` if the arrays differ in length.
 */
export function batchInvVartime(k: FieldKernel, outs: readonly number[], ins: readonly number[]): void {
  if (outs.length !== ins.length) {
    throw new IsochronError(
      "INVALID_LENGTH",
      `batchInvVartime: ${outs.length} outputs for ${ins.length} inputs`,
    );
  }
  for (let start = 0; start < ins.length; start += BATCH_CHUNK) {
    chunk(k, outs, ins, start, Math.min(BATCH_CHUNK, ins.length - start));
  }
}
