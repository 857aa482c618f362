/**
 * Constant-time square root: out ← √a and a success flag (1 if a is a square, 0 included; else 0).
 *
 * - p ≡ 3 (mod 4): x = a^((p+1)/4) (RFC 9380 Appendix I.1, "sqrt for q = 3 mod 4"); it is a root iff
 *   x² = a. Cost: one powCt with a (bits−1)-bit exponent + 1 S + 1 eq (≈ 380 S + 95 M for BLS12-381 Fp).
 * - p ≡ 1 (mod 4): the constant-time Tonelli–Shanks of RFC 9380 Appendix I.4 ("sqrt_ts_ct"), with
 *   c1 = ν₂(p−1) (the 2-adicity S), c2 = (p−1)/2^c1, c3 = (c2−1)/2, c4 = the least non-square ≥ 2,
 *   c5 = c4^c2, all derived below from p (public BigInt arithmetic at first use). The loop bounds depend on
 *   c1 only; every data-dependent choice is a cmov. Cost: powCt(c3), then (c1−1)(c1−2)/2 + (c1−1) S and
 *   2(c1−1) M (+ 2 cmov and 1 eq per round), e.g. BLS12-381 r (c1 = 32): ≈ 220 S + 55 M for the power,
 *   then 496 S + 62 M; BN254 r (c1 = 28): ≈ 224 S + 56 M, then 378 S + 54 M.
 * The returned root is whichever of ±√a the formulas produce (no sign normalisation here). On failure
 * `out` holds an unspecified value. Scratch is wiped at the end.
 * @module
 */

import type { FieldKernel } from "../kernel.ts";
import { modPow } from "../bigint/sqrt.ts";
import { powCt } from "./pow.ts";
import { lazyState } from "../lazy_state.ts";

/** Public constants of RFC 9380 I.4 for p ≡ 1 (mod 4). */
interface TonelliShanks {
  /** c1: the 2-adicity of p − 1. */
  readonly c1: number;
  /** c3 = (c2 − 1)/2 where c2 = (p − 1)/2^c1. */
  readonly c3: bigint;
  /** Slot holding c5 = c4^c2 (c4 the least non-square ≥ 2). */
  readonly c5: number;
}

interface SqrtScratch {
  readonly z: number;
  readonly t: number;
  readonly b: number;
  readonly c: number;
  readonly zt: number;
  readonly tt: number;
  readonly one: number;
  /** Constants for p ≡ 1 (mod 4), else null. */
  readonly ts: TonelliShanks | null;
}

/** Derives c1, c3 and c5 (RFC 9380 I.4) from p; public values only. */
function tonelliShanks(k: FieldKernel): TonelliShanks {
  const p = k.p;
  let c1 = 0;
  let c2 = p - 1n;
  while ((c2 & 1n) === 0n) {
    c2 >>= 1n;
    c1++;
  }
  let c4 = 2n;
  while (modPow(c4, (p - 1n) >> 1n, p) !== p - 1n) c4++; // Euler's criterion: c4 is a non-square
  const c5 = k.alloc(1);
  k.setBigintVartime(c5, modPow(c4, c2, p));
  return { c1, c3: (c2 - 1n) >> 1n, c5 };
}

const scratch = lazyState((k: FieldKernel): SqrtScratch => {
  const [z, t, b, c, zt, tt, one] = [1, 2, 3, 4, 5, 6, 7].map(() => k.alloc(1));
  return { z, t, b, c, zt, tt, one, ts: (k.p & 3n) === 1n ? tonelliShanks(k) : null };
});

/** z ← a root of a if one exists (RFC 9380 I.4 steps 1–16), for p ≡ 1 (mod 4). */
function sqrtTonelliShanks(k: FieldKernel, s: SqrtScratch, ts: TonelliShanks, a: number): void {
  powCt(k, s.z, a, ts.c3); //     1. z = x^c3
  k.sqr(s.t, s.z); //             2. t = z²
  k.mul(s.t, s.t, a); //          3. t = t·x
  k.mul(s.z, s.z, a); //          4. z = z·x
  k.copy(s.b, s.t); //            5. b = t
  k.copy(s.c, ts.c5); //          6. c = c5
  for (let i = ts.c1; i >= 2; i--) { //           7. public loop bounds
    for (let j = 1; j <= i - 2; j++) k.sqr(s.b, s.b); // 8–9. b = b^(2^(i−2))
    const e = k.eq(s.b, s.one); //                 10. e = (b == 1)
    k.mul(s.zt, s.z, s.c); //                      11. zt = z·c
    k.cmov(s.z, s.zt, 1 - e); //                   12. z = CMOV(zt, z, e)
    k.sqr(s.c, s.c); //                            13. c = c²
    k.mul(s.tt, s.t, s.c); //                      14. tt = t·c
    k.cmov(s.t, s.tt, 1 - e); //                   15. t = CMOV(tt, t, e)
    k.copy(s.b, s.t); //                           16. b = t
  }
}

/**
 * out ← a square root of a; returns 1 if a is a square (0 included), 0 otherwise, without branching on a.
 * `out` may alias `a`.
 */
export function sqrtCt(k: FieldKernel, out: number, a: number): number {
  const s = scratch(k);
  k.setOne(s.one);
  if (s.ts === null) powCt(k, s.z, a, (k.p + 1n) >> 2n);
  else sqrtTonelliShanks(k, s, s.ts, a);
  k.sqr(s.t, s.z);
  const ok = k.eq(s.t, a);
  k.copy(out, s.z);
  k.wipe(s.z, 1);
  k.wipe(s.t, 1);
  k.wipe(s.b, 1);
  k.wipe(s.c, 1);
  k.wipe(s.zt, 1);
  k.wipe(s.tt, 1);
  return ok;
}
