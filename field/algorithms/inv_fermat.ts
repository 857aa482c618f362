/**
 * Constant-time inversion by Fermat's little theorem: a⁻¹ = a^(p−2) mod p for prime p, and 0 ↦ 0
 * (0^(p−2) = 0). Cost: one {@linkcode powCt} with a bits(p)-bit exponent, e.g. ≈ 14 M + 380 S + 95 M +
 * 1536 cmov for BLS12-381 Fp. Kernels with a faster constant-time inversion (wasm/inverse.ts,
 * safegcd in TypeScript) use that instead; this is the portable reference.
 * @module
 */

import type { FieldKernel } from "../kernel.ts";
import { powCt } from "./pow.ts";

/** out ← a^(p−2) = a⁻¹ (0 ↦ 0), constant-time. `out` may alias `a`. */
export function invFermat(k: FieldKernel, out: number, a: number): void {
  powCt(k, out, a, k.p - 2n);
}
