/**
 * Inversion in the TypeScript field kernel: z^(p−2) = z^(2^255 − 21) (0 ↦ 0) by ref10's addition chain,
 * 254 squarings and 11 multiplications, the same chain as the wasm module's fe_invert. Constant-time:
 * the loops count public numbers of squarings.
 * @module
 */

import { mul, sqr } from "./field.ts";

/** F[out..] ← F[a..]^(2^n), n ≥ 1 squarings. */
function sqn(F: Float64Array, out: number, a: number, n: number): void {
  sqr(F, out, a);
  for (let i = 1; i < n; i++) sqr(F, out, out);
}

/**
 * F[out..] ← F[z..]^(p−2), with four scratch elements at the offsets `t` (all offsets into F; `out`
 * may equal `z`). Input bounds: loose. Output bounds: tight.
 */
export function invert(F: Float64Array, out: number, z: number, t: readonly number[]): void {
  const [t0, t1, t2, t3] = t;
  sqn(F, t0, z, 1); //          z^2
  sqn(F, t1, t0, 2); //         z^8
  mul(F, t1, z, t1); //         z^9
  mul(F, t0, t0, t1); //        z^11
  sqn(F, t2, t0, 1); //         z^22
  mul(F, t1, t1, t2); //        z^(2^5 − 1)
  sqn(F, t2, t1, 5);
  mul(F, t1, t2, t1); //        z^(2^10 − 1)
  sqn(F, t2, t1, 10);
  mul(F, t2, t2, t1); //        z^(2^20 − 1)
  sqn(F, t3, t2, 20);
  mul(F, t2, t3, t2); //        z^(2^40 − 1)
  sqn(F, t2, t2, 10);
  mul(F, t1, t2, t1); //        z^(2^50 − 1)
  sqn(F, t2, t1, 50);
  mul(F, t2, t2, t1); //        z^(2^100 − 1)
  sqn(F, t3, t2, 100);
  mul(F, t2, t3, t2); //        z^(2^200 − 1)
  sqn(F, t2, t2, 50);
  mul(F, t1, t2, t1); //        z^(2^250 − 1)
  sqn(F, t1, t1, 5); //         z^(2^255 − 32)
  mul(F, out, t1, t0); //       z^(2^255 − 21)
}
