/**
 * Constant-time exponentiation by a public exponent: out ← a^e, with the base secret.
 *
 * Fixed-window (2^w-ary) method, w = 4 (Menezes–van Oorschot–Vanstone, Handbook of Applied
 * Cryptography, Algorithm 14.82). The exponent is public, so its digits may drive control flow (which
 * multiplications happen, a zero digit skips its multiplication) and choose the table entry: which
 * slot is read depends on the public exponent only, never on the secret base, so no masked scan of the
 * table is needed (the access pattern is the same for every base).
 *
 * Cost for an n-bit exponent with d = ⌈n/4⌉ digits: 14 M to build the table, 4(d − 1) S and at most d − 1 M
 * (one per non-zero digit after the first); e.g. a^(p−2) over BLS12-381 Fp (n = 381): 14 M + 380 S +
 * ≤ 95 M. Scratch (17 slots per kernel) is wiped at the end.
 * @module
 */

import { IsochronError } from "../../errors.ts";
import type { FieldKernel } from "../kernel.ts";
import { lazyState } from "../lazy_state.ts";

/** Window width in bits. */
const W = 4;
const TABLE_SIZE = 1 << W;

interface PowScratch {
  /** First of TABLE_SIZE consecutive slots: table + i holds a^i. */
  readonly table: number;
  /** Running power. */
  readonly acc: number;
}

const scratch = lazyState((k: FieldKernel): PowScratch => ({
  table: k.alloc(TABLE_SIZE),
  acc: k.alloc(1),
}));

/**
 * The base-2^W digits of e > 0, most significant first (public values). W = 4: e's hex digits, one
 * BigInt conversion instead of a shift per digit (a sqrt exponent's 96 shifts cost a cold process ms).
 */
function digitsOf(e: bigint): number[] {
  return Array.from(e.toString(16), (c) => parseInt(c, 16));
}

/**
 * out ← a^e for a public exponent e ≥ 0 (a^0 = 1, also for a = 0); constant-time in a.
 * `out` may alias `a`. Throws `INVALID_SCALAR` for a negative exponent.
 */
export function powCt(k: FieldKernel, out: number, a: number, e: bigint): void {
  if (e < 0n) throw new IsochronError("INVALID_SCALAR", "negative exponent");
  const s = scratch(k);
  const t = s.table;
  k.setOne(t);
  k.copy(t + 1, a);
  for (let i = 2; i < TABLE_SIZE; i++) k.mul(t + i, t + i - 1, t + 1);
  if (e === 0n) {
    k.setOne(s.acc);
  } else {
    const digits = digitsOf(e);
    k.copy(s.acc, t + digits[0]); // the leading digit is non-zero; digits are public
    for (let j = 1; j < digits.length; j++) {
      if (k.sqr4 !== undefined) k.sqr4(s.acc, s.acc); // W = 4 squarings in one call (wasm)
      else for (let i = 0; i < W; i++) k.sqr(s.acc, s.acc);
      if (digits[j] !== 0) k.mul(s.acc, s.acc, t + digits[j]);
    }
  }
  k.copy(out, s.acc);
  k.wipe(t, TABLE_SIZE);
  k.wipe(s.acc, 1);
}
