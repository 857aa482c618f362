// Interval analysis of the two multiplication carry chains (test code, BigInt): for ALL inputs within
// the stated loose bounds, no intermediate value leaves the exact range of its type (i64 for wasm,
// integers below 2^53 in doubles for ts) and every output limb lands inside the stated tight bounds.
// This is the argument behind the bounds in x25519/wasm/field.ts and x25519/ts/field.ts; the extreme-
// input tests (field_bounds.test.ts) check the same claims by running the code.

import assert from "node:assert/strict";
import {
  CARRY_ORDER,
  type LimbBounds,
  TS_BOUNDS,
  WASM_BOUNDS,
  WIDTHS,
  X25519_WASM_LIMBS as WASM_LIMBS,
} from "../internal.ts";

type Iv = [bigint, bigint];
const big = (b: LimbBounds): Iv[] => b.lo.map((lo, i) => [BigInt(lo), BigInt(b.hi[i])]);
const mulIv = (a: Iv, b: Iv, c: bigint): Iv => {
  const ps = [a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]].map((x) => x * c);
  return [ps.reduce((x, y) => (x < y ? x : y)), ps.reduce((x, y) => (x > y ? x : y))];
};
const floorDiv = (x: bigint, d: bigint) => (x >= 0n ? x / d : -((-x + d - 1n) / d));
const abs = (x: bigint) => (x < 0n ? -x : x);

/** Columns of a product of limb vectors in radix with `coef(i, j)`. */
function columns(a: Iv[], b: Iv[], coef: (i: number, j: number) => bigint): Iv[] {
  const n = a.length;
  return Array.from({ length: n }, (_, k) => {
    let s: Iv = [0n, 0n];
    for (let i = 0; i < n; i++) {
      const j = (k - i + n) % n;
      const t = mulIv(a[i], b[j], coef(i, j));
      s = [s[0] + t[0], s[1] + t[1]];
    }
    return s;
  });
}

/** Runs a carry chain on intervals; returns the outputs and the largest magnitude seen. */
function chain(h: Iv[], order: readonly number[], width: (k: number) => number, rounding: boolean) {
  let max = h.reduce((m, [lo, hi]) => [m, abs(lo), abs(hi)].reduce((x, y) => (x > y ? x : y)), 0n);
  const n = h.length;
  for (const k of order) {
    const w = BigInt(width(k)), R = 1n << w, half = rounding ? R >> 1n : 0n;
    const q: Iv = [floorDiv(h[k][0] + half, R), floorDiv(h[k][1] + half, R)];
    h[k] = q[0] === q[1] ? [h[k][0] - q[0] * R, h[k][1] - q[0] * R] : [-half, R - 1n - half];
    const next = (k + 1) % n, m = next === 0 ? 19n : 1n;
    h[next] = [h[next][0] + q[0] * m, h[next][1] + q[1] * m];
    for (const x of h[next]) if (abs(x) > max) max = abs(x);
  }
  return { out: h, max };
}

function assertWithin(out: Iv[], b: LimbBounds, what: string) {
  out.forEach(([lo, hi], i) => {
    assert.ok(BigInt(b.lo[i]) <= lo && hi <= BigInt(b.hi[i]), `${what}: limb ${i} in [${lo}, ${hi}]`);
  });
}

Deno.test("bounds analysis wasm: mul/sqr/mulA24 keep |values| < 2^63 and give tight outputs", () => {
  assert.equal(WASM_LIMBS, 10);
  const loose = big(WASM_BOUNDS.loose);
  const mulCoef = (i: number, j: number) => (i % 2 && j % 2 ? 2n : 1n) * (i + j >= 10 ? 19n : 1n);
  for (
    const [what, cols] of [
      ["mul", columns(loose, loose, mulCoef)],
      ["mulA24", loose.map((iv) => mulIv(iv, [121665n, 121665n], 1n))],
    ] as const
  ) {
    const { out, max } = chain(cols.map((x) => [...x] as Iv), CARRY_ORDER, (k) => WIDTHS[k], true);
    assert.ok(max < 2n ** 62n, `${what}: max ${max.toString(2).length} bits`);
    assertWithin(out, WASM_BOUNDS.tight, what);
  }
  // The pre-scaled operands 19·g_j and 2·f_i (at most 38·|limb|) are far below 2^63 too.
  assert.ok(38n * loose[0][1] < 2n ** 40n);
});

Deno.test("bounds analysis ts: mul/sqr/mulA24 keep |values| < 2^53 (exact doubles), tight outputs", () => {
  const loose = big(TS_BOUNDS.loose);
  const order = [...Array.from({ length: 15 }, (_, k) => k), 0];
  for (
    const [what, cols] of [
      ["mul", columns(loose, loose, (i, j) => (i + j >= 15 ? 19n : 1n))],
      ["mulA24", loose.map((iv) => mulIv(iv, [121665n, 121665n], 1n))],
    ] as const
  ) {
    const { out, max } = chain(cols.map((x) => [...x] as Iv), order, () => 17, false);
    assert.ok(max < 2n ** 53n, `${what}: max ${max.toString(2).length} bits`);
    assertWithin(out, TS_BOUNDS.tight, what);
  }
  // Each product a_i·(19·b_j) is below 2^53, so every multiplication is exact.
  assert.ok(loose[0][1] * 19n * loose[0][1] < 2n ** 53n);
});
