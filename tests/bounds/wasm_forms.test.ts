// The affine-form domain of the wasm interval analysis (wasm_forms.ts) on its own: the relations a
// carry creates must survive when carried limbs are added together (x25519/wasm/field.ts's Karatsuba
// product adds neighbouring limbs), and the ranges must stay sound.
import assert from "node:assert/strict";
import { Forms } from "./wasm_forms.ts";

/** A carry without a pivot (x = 3·s has no ±1 coefficient): limb = x − 2^k·q, next = t + q. */
function carried(k: number) {
  const F = new Forms();
  const s = F.fresh(0n, (1n << 40n) - 1n), t = F.fresh(0n, 15n);
  const x = F.scale(s, 3n);
  const { q } = F.divmod(x, k, true);
  const limb = F.combine(x, 1n, q, -(1n << BigInt(k)));
  const next = F.add(t, q);
  return { F, s, t, limb, next, sum: F.add(limb, next) };
}

Deno.test("bounds forms: a carried limb plus the limb that took its carry keeps the carry's relation", () => {
  const k = 20;
  const { F, limb, next, sum } = carried(k);
  assert.deepEqual(F.range(limb), { lo: 0n, hi: (1n << BigInt(k)) - 1n }); // the remainder, exactly
  // sum = r + q + t: r < 2^20, q ≤ ⌊3·(2^40 − 1) / 2^20⌋, t ≤ 15.
  const qMax = (3n * ((1n << 40n) - 1n)) >> BigInt(k);
  assert.deepEqual(F.range(sum), { lo: 0n, hi: (1n << BigInt(k)) - 1n + qMax + 15n });
  assert.ok(F.range(next).hi === qMax + 15n);
});

Deno.test("bounds forms: the ranges of the split quotients hold on sampled values", () => {
  // Soundness against concrete values: for s sampled across its range, the sum's value lies in the
  // range the analysis gives.
  const k = 20;
  const { F, sum } = carried(k);
  const { lo, hi } = F.range(sum);
  for (const sv of [0n, 1n, 12345n, (1n << 39n) + 7n, (1n << 40n) - 1n]) {
    for (const tv of [0n, 15n]) {
      const x = 3n * sv, q = x >> BigInt(k);
      const value = x - (q << BigInt(k)) + tv + q;
      assert.ok(value >= lo && value <= hi, `s = ${sv}, t = ${tv}: ${value} outside [${lo}, ${hi}]`);
    }
  }
});
