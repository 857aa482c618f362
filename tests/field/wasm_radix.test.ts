/**
 * The reduced-radix plans of field/wasm/limbs.ts: derived constants match their definitions, the
 * stated column bounds hold for the largest inputs and for random ones (a BigInt model of the
 * kernel's product scanning, column by column, checks every accumulator against its bound), and
 * the generator refuses choices it cannot hold exactly. (That the emitted kernels compute the
 * Montgomery product: tests/field/wasm_generator.test.ts; straight-line: tests/ct/field.test.ts.)
 */

import {
  buildFieldModule,
  emitMontMulReducedSimd,
  FIELDS,
  FunctionBuilder,
  I32,
  negInverse,
  type RadixPlan,
  radixPlan,
  ref,
  splitLimbs,
} from "../internal.ts";
import assert from "node:assert/strict";
import { FIELD_NAMES, Rng } from "./kernel_cases.ts";

const RADIXES = [24, 26, 28, 29, 30];
const I64_MAX = (1n << 64n) - 1n;

Deno.test("radix plan: limbs, digits, pieces and n0 match their definitions", () => {
  for (const name of FIELD_NAMES) {
    const { p } = FIELDS[name];
    for (const w of RADIXES) {
      const plan = radixPlan(p, w);
      const e = 32 * Math.ceil(p.toString(2).length / 32);
      assert.equal(plan.e, e);
      assert.equal(plan.n, Math.ceil(e / w), `${name} w = ${w}: n`);
      assert.equal(plan.pLimbs.reduce((x, l, i) => x + (l << BigInt(w * i)), 0n), p);
      assert.ok(plan.pLimbs.every((l) => l < 1n << BigInt(w)));
      assert.equal((plan.n0 * p + 1n) % (1n << BigInt(w)), 0n, "n0 = −p⁻¹ mod 2^w");
      assert.equal(plan.digitBits.reduce((x, y) => x + y, 0), e, "the digits reduce by R = 2^e");
      let at = 0;
      for (const { offset, bits } of plan.pieces) assert.equal(offset, at), at += bits;
      assert.ok(at >= e + 1, "the pieces hold V/R < 2p");
      for (const col of [...plan.mul, ...plan.sqr]) {
        assert.ok(col.accBounds.every((b) => b <= I64_MAX));
        assert.equal(col.bound, col.accBounds.reduce((x, y) => x + y, 0n));
      }
    }
  }
  assert.equal(radixPlan(FIELDS["bls12-381-fp"].p, 30).n, 13);
  assert.equal(radixPlan(FIELDS["bls12-381-fp"].p, 28).n, 14);
  assert.equal(radixPlan(FIELDS["bn254-fp"].p, 29).n, 9);
  assert.equal(radixPlan(FIELDS["bls12-381-fp"].p, 30).accumulators, 2, "13 × 30 bits: some columns split");
  assert.equal(radixPlan(FIELDS["bls12-381-fp"].p, 29).accumulators, 1);
  assert.deepEqual(splitLimbs(5n + (3n << 30n), 30, 2), [5n, 3n]);
  assert.equal(negInverse(7n, 8), (256n - 183n) % 256n); // 7·183 = 1281 ≡ 1 mod 256
});

/**
 * The kernel's column scan in BigInt on a, b (< p): each accumulator is the exact sum of its terms
 * (no wrapping); checks it against the plan's bound and returns a·b·2^(−e) mod p before the final
 * subtraction (< 2p).
 */
function model(plan: RadixPlan, a: bigint, b: bigint, square: boolean, c = 0n, d = 0n): bigint {
  const { n, w } = plan;
  const A = splitLimbs(a, w, n), B = splitLimbs(square ? a : b, w, n);
  const C = splitLimbs(c, w, n), D = splitLimbs(d, w, n);
  const W = BigInt(w), mask = (1n << W) - 1n;
  const m: bigint[] = [];
  let carry = 0n, value = 0n;
  (square ? plan.sqr : plan.mul).forEach((col, k) => {
    const acc = col.accBounds.map(() => 0n);
    for (const t of col.cross) acc[t.acc] += A[t.i] * A[t.j];
    for (let g = 0; g < acc.length; g++) acc[g] *= 2n;
    for (const t of col.products) acc[t.acc] += A[t.i] * B[t.j];
    for (const t of col.products2) acc[t.acc] += C[t.i] * D[t.j];
    for (const t of col.digits) acc[t.acc] += m[t.i] * plan.pLimbs[t.j];
    if (col.carryAcc >= 0) acc[col.carryAcc] += carry;
    if (k < n) {
      const d = (acc.reduce((x, y) => x + y, 0n) * plan.n0) & ((1n << BigInt(plan.digitBits[k])) - 1n);
      m.push(d);
      acc[col.digitAcc] += d * plan.pLimbs[0];
    }
    acc.forEach((x, g) => assert.ok(x <= col.accBounds[g], `column ${k} accumulator ${g} over its bound`));
    const v = acc.reduce((x, y) => x + y, 0n);
    assert.ok(v <= col.bound);
    value += (v & mask) << (W * BigInt(k));
    carry = v >> W;
  });
  value += carry << (W * BigInt(2 * n - 1));
  assert.equal(value & ((1n << BigInt(plan.e)) - 1n), 0n, "the digits zero the low e bits");
  return value >> BigInt(plan.e);
}

Deno.test("radix plan: the stated column bounds hold (largest and random inputs, BigInt model)", () => {
  const rng = new Rng(4242);
  for (const name of FIELD_NAMES) {
    const { p } = FIELDS[name];
    for (const w of RADIXES) {
      const plan = radixPlan(p, w);
      const rInv = modInverse(1n << BigInt(plan.e), p);
      const cases = [
        [p - 1n, p - 1n],
        [0n, p - 1n],
        ...Array.from({ length: 8 }, () => [rng.below(p), rng.below(p)]),
      ];
      for (const [a, b] of cases) {
        for (const square of [false, true]) {
          const t = model(plan, a, b, square);
          assert.ok(t < 2n * p, "V/R < 2p");
          assert.equal(t % p, (a * (square ? a : b) % p) * rInv % p, `${name} w = ${w}`);
        }
      }
    }
  }
});

Deno.test("radix plan of two pairs (mul2): a·b and c·d in accumulators 0 and 1, bounds hold, V/R < 2p", () => {
  const rng = new Rng(77);
  for (const name of FIELD_NAMES) {
    const { p } = FIELDS[name];
    for (const w of [29, 30]) {
      const plan = radixPlan(p, w, { pairs: 2, maxAccumulators: 3 });
      assert.ok(plan.mul.every((col) => col.products.every((t) => t.acc === 0)));
      assert.ok(plan.mul.every((col) => col.products2.every((t) => t.acc === 1) && col.products2.length > 0));
      const rInv = modInverse(1n << BigInt(plan.e), p);
      const cases = [
        [p - 1n, p - 1n, p - 1n, p - 1n],
        [0n, p - 1n, p - 1n, 0n],
        ...Array.from({ length: 8 }, () => [rng.below(p), rng.below(p), rng.below(p), rng.below(p)]),
      ];
      for (const [a, b, c, d] of cases) {
        const t = model(plan, a, b, false, c, d);
        assert.ok(t < 2n * p, "V/R < 2p");
        assert.equal(t % p, ((a * b + c * d) % p) * rInv % p, `${name} w = ${w}`);
      }
    }
  }
  // Operands whose two products exceed 2p·R are refused.
  const bls = FIELDS["bls12-381-fp"].p;
  assert.throws(
    () => radixPlan(bls, 30, { pairs: 2, maxAccumulators: 3, aBound: 8n * bls, bBound: 8n * bls }),
    /two products exceed 2p·R|cannot hold/,
  );
});

Deno.test("mul2 in the loader's modules: (a·b + c·d)·R⁻¹ on random inputs and under aliasing", () => {
  const rng = new Rng(99);
  for (const name of ["bls12-381-fp", "bn254-fp"] as const) {
    const { p } = FIELDS[name];
    for (const mul of ["reduced-simd", "reduced"] as const) {
      let index = -1;
      const { bytes, c } = buildFieldModule(p, {
        mul,
        radix: 30,
        extras: [(ctx) => void (index = ctx.mul2())],
      });
      assert.ok(index >= 0);
      const x = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as Record<string, unknown>;
      const mul2 = x.mul2 as (o: number, a: number, b: number, c: number, d: number) => void;
      const mem = () => new Uint32Array((x.memory as WebAssembly.Memory).buffer);
      const S = c.stride, slot = (i: number) => (16 + i) * S;
      const put = (i: number, v: bigint) => mem().set(splitLimbs(v, 32, c.n).map(Number), slot(i) / 4);
      const get = (i: number) =>
        mem().slice(slot(i) / 4, slot(i) / 4 + c.n).reduceRight((v, l) => (v << 32n) | BigInt(l), 0n);
      const rInv = modInverse(1n << BigInt(32 * c.n), p);
      for (let t = 0; t < 200; t++) {
        const v = [rng.below(p), rng.below(p), rng.below(p), rng.below(p)];
        const want = ((v[0] * v[1] + v[2] * v[3]) % p) * rInv % p;
        for (const out of [0, 1, 2, 3, 4]) { // out apart, and aliasing each operand
          v.forEach((e, i) => put(i + 1, e));
          mul2(slot(out), slot(1), slot(2), slot(3), slot(4));
          assert.equal(get(out), want, `${name} ${mul} out = ${out}`);
        }
      }
    }
  }
});

Deno.test("radix plan: the generator refuses what it cannot hold exactly", () => {
  const bls = FIELDS["bls12-381-fp"].p, bn = FIELDS["bn254-fp"].p;
  assert.throws(() => radixPlan(bls, 31), /needs more than 2 i64 accumulators/, "31-bit limbs: 3 per column");
  assert.throws(() => radixPlan(bn, 31), /needs more than 2 i64 accumulators/);
  assert.throws(
    () => radixPlan(bls, 30, { maxAccumulators: 1 }),
    /column \d+: needs more than 1/,
    "13 × 30 in one i64",
  );
  radixPlan(bls, 29, { maxAccumulators: 1 }); // 14 × 29 bits fit one accumulator per column
  assert.throws(() => radixPlan(bls, 32), /outside \[8, 31\]/);
  assert.throws(() => radixPlan(bls, 7), /outside \[8, 31\]/);
  assert.throws(() => radixPlan(bls, 28.5), /outside \[8, 31\]/);
  assert.throws(() => radixPlan(1n << 100n, 29), /odd/);
  assert.throws(() => radixPlan((1n << 255n) + 95n, 29), /p < R\/2/);
  assert.throws(() => buildFieldModule(bls, { mul: "reduced", radix: 31 }), RangeError);
  // The SIMD kernel sums a column's operand products in one i64 lane: a plan that splits them (here:
  // lane bounds of an Fp2 kernel, two products of operands < 4p per limb pair) is refused.
  const f = new FunctionBuilder([I32, I32, I32]);
  const split = radixPlan(bls, 30, { aBound: 4n * bls, bBound: 4n * bls, products: 2 });
  assert.ok(split.mul.some((col) => col.products.some((t) => t.acc > 0)));
  assert.throws(() => emitMontMulReducedSimd(f, split, ref(0), ref(1), ref(2)), /splits a column/);
  assert.throws(() => radixPlan(bls, 29, { aBound: 1n << 400n }), /operands ≥ R/);
});

function modInverse(x: bigint, p: bigint): bigint {
  let r = 1n;
  for (let e = p - 2n, b = x % p; e > 0n; e >>= 1n, b = (b * b) % p) if (e & 1n) r = (r * b) % p;
  return r;
}
