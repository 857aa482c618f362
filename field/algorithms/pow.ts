/**
 * Constant-time exponentiation by a public exponent: out ← a^e, with the base secret.
 *
 * Fixed-window (2^w-ary) method, w = 4 (Menezes–van Oorschot–Vanstone, Handbook of Applied
 * Cryptography, Algorithm 14.82). The exponent is public, so its digits may drive control flow (which
 * multiplications happen, and a zero digit skips its multiplication); the base is secret, so the
 * table a^0..a^15 is read in full at every lookup: each of the 16 entries is `cmov`ed into the
 * selected slot with a flag that is 1 for the wanted digit only (the access pattern depends on nothing).
 *
 * Cost for an n-bit exponent with d = ⌈n/4⌉ digits: 14 M to build the table, 4(d − 1) S, at most d − 1 M
 * (one per non-zero digit after the first), and 16 cmov per non-zero digit; e.g. a^(p−2) over BLS12-381
 * Fp (n = 381): 14 M + 380 S + ≤ 95 M + ≤ 1536 cmov. Scratch (18 slots per kernel) is wiped at the end.
 * @module
 */

import { IsochronError } from "../../errors.ts";
import type { FieldKernel } from "../kernel.ts";
import { PerKernel } from "./scratch.ts";

/** Window width in bits. */
const W = 4;
const TABLE_SIZE = 1 << W;

interface PowScratch {
  /** First of TABLE_SIZE consecutive slots: table + i holds a^i. */
  readonly table: number;
  /** Running power. */
  readonly acc: number;
  /** The entry selected by a lookup. */
  readonly sel: number;
}

const scratch = new PerKernel<PowScratch>((k) => ({
  table: k.alloc(TABLE_SIZE),
  acc: k.alloc(1),
  sel: k.alloc(1),
}));

/** The base-2^W digits of e > 0, most significant first (public values). */
function digitsOf(e: bigint): number[] {
  const out: number[] = [];
  for (let x = e; x > 0n; x >>= BigInt(W)) out.push(Number(x & BigInt(TABLE_SIZE - 1)));
  return out.reverse();
}

/** sel ← table[d], reading every entry (d public, entries secret). */
function lookup(k: FieldKernel, s: PowScratch, d: number): void {
  k.setZero(s.sel);
  for (let i = 0; i < TABLE_SIZE; i++) k.cmov(s.sel, s.table + i, i === d ? 1 : 0);
}

/**
 * out ← a^e for a public exponent e ≥ 0 (a^0 = 1, also for a = 0); constant-time in a.
 * `out` may alias `a`. Throws `INVALID_SCALAR` for a negative exponent.
 */
export function powCt(k: FieldKernel, out: number, a: number, e: bigint): void {
  if (e < 0n) throw new IsochronError("INVALID_SCALAR", "negative exponent");
  const s = scratch.get(k);
  const t = s.table;
  k.setOne(t);
  k.copy(t + 1, a);
  for (let i = 2; i < TABLE_SIZE; i++) k.mul(t + i, t + i - 1, t + 1);
  if (e === 0n) {
    k.setOne(s.acc);
  } else {
    const digits = digitsOf(e);
    lookup(k, s, digits[0]); // the leading digit is non-zero
    k.copy(s.acc, s.sel);
    for (let j = 1; j < digits.length; j++) {
      for (let i = 0; i < W; i++) k.sqr(s.acc, s.acc);
      if (digits[j] !== 0) {
        lookup(k, s, digits[j]);
        k.mul(s.acc, s.acc, s.sel);
      }
    }
  }
  k.copy(out, s.acc);
  k.wipe(t, TABLE_SIZE);
  k.wipe(s.acc, 1);
  k.wipe(s.sel, 1);
}
