/**
 * Constant-time quadratic-residue test by Euler's criterion: for odd prime p, a^((p−1)/2) is 1 if a is a
 * non-zero square, −1 if a is a non-square, 0 if a = 0. Cost: one {@linkcode powCt} with a
 * (bits(p)−1)-bit exponent, one eq, one isZero.
 * @module
 */

import type { FieldKernel } from "../kernel.ts";
import { powCt } from "./pow.ts";
import { lazyState } from "../lazy_state.ts";

interface SquareScratch {
  readonly t: number;
  readonly one: number;
}

const scratch = lazyState((k: FieldKernel): SquareScratch => ({ t: k.alloc(1), one: k.alloc(1) }));

/** 1 if a is a square in the field (0 included), else 0; constant-time in a. */
export function isSquareCt(k: FieldKernel, a: number): number {
  const s = scratch(k);
  powCt(k, s.t, a, (k.p - 1n) >> 1n);
  k.setOne(s.one);
  const r = k.isZero(s.t) | k.eq(s.t, s.one);
  k.wipe(s.t, 1);
  return r;
}
