/**
 * The constant-time division by a public constant (scalar/barrett.ts) against BigInt: quotient and
 * remainder for the divisors the endomorphism splits use (BLS12-381's |x| and x²) and for divisors
 * that stress the reciprocal (a power of two, whose μ has one bit more than the quotient; 3; 2^16 ± 1;
 * 2^64 − 1), numerator bounds from the divisor's own length up to 255 bits, on edge numerators (0, 1,
 * B − 1, B, B + 1, 2^s − 1, the largest multiple of B and its neighbours) and seeded random ones,
 * plain multiples of B and multiples plus B − 1 (where q̂ falls short by the most); the numerator
 * aliasing the quotient; and the constructor's checks.
 */
import assert from "node:assert/strict";
import { BarrettDivisor, BLS12_381_X } from "../internal.ts";
import { rng } from "../curves/helpers.ts";

const limbs = (x: bigint, n: number) => {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = Number((x >> BigInt(16 * i)) & 0xffffn);
  return out;
};
const value = (a: Int32Array) => a.reduceRight((acc, v) => (acc << 16n) | BigInt(v), 0n);
const bits = (x: bigint) => x.toString(2).length;

const w = -BLS12_381_X;
const DIVISORS = [w, w * w, 3n, 1n << 16n, (1n << 16n) - 1n, (1n << 16n) + 1n, (1n << 64n) - 1n, 1n << 63n];
const BOUNDS = [255, 192, 130, 70, 64, 17];

for (const B of DIVISORS) {
  Deno.test(`barrett: ⌊N / B⌋ and N mod B for B = ${B}`, () => {
    const rand = rng(Number(B % 1000003n));
    let checked = 0;
    for (const s of BOUNDS.filter((s) => s >= bits(B))) {
      const d = new BarrettDivisor(B, s), n = Math.ceil(s / 16), top = (1n << BigInt(s)) - 1n;
      const edges = [0n, 1n, B - 1n, B, B + 1n, top, (top / B) * B, (top / B) * B - 1n, top - B];
      const numerators = edges.filter((N) => N >= 0n && N <= top);
      for (let i = 0; i < 300; i++) {
        const N = rand(s);
        numerators.push(N, (N / B) * B, (N / B) * B + B - 1n);
      }
      const quo = new Int32Array(16), rem = new Int32Array(Math.ceil(bits(B) / 16));
      for (const N of numerators.filter((N) => N <= top)) {
        d.divide(limbs(N, n), n, quo, rem);
        assert.equal(value(quo), N / B, `quotient of ${N} (s = ${s})`);
        assert.equal(value(rem), N % B, `remainder of ${N} (s = ${s})`);
        const same = limbs(N, 16); // the numerator's limbs overwritten by the quotient
        d.divide(same, 16, same, rem);
        assert.equal(value(same), N / B, `quotient in place of ${N} (s = ${s})`);
        assert.equal(value(rem), N % B, `remainder with the quotient in place, ${N} (s = ${s})`);
        checked++;
      }
    }
    assert.ok(checked > 900, `${checked} numerators`);
  });
}

Deno.test("barrett: the divisor must be positive and fit the numerator bound", () => {
  assert.throws(() => new BarrettDivisor(0n, 64), RangeError);
  assert.throws(() => new BarrettDivisor(1n << 64n, 64), RangeError);
  assert.ok(new BarrettDivisor((1n << 64n) - 1n, 64).quotientLimbs === 1);
});
