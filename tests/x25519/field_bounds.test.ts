// The field kernels on extreme inputs: every limb at the largest magnitude its function accepts (all
// at the top, all at the bottom, alternating, random sign patterns) and random values in between.
// Results must be right modulo p and every output limb inside the bounds the kernel states.

import assert from "node:assert/strict";
import type { LimbBounds, X25519Kernel } from "../internal.ts";
import { BACKENDS, fromLe, kernelOf, le, P } from "./helpers.ts";

const mod = (x: bigint) => ((x % P) + P) % P;

function offsets(k: X25519Kernel): bigint[] {
  let o = 0;
  return k.widths.map((w) => BigInt((o += w) - w));
}

/** Limb vectors at the corners of `b` and some random points inside. */
function extremes(b: LimbBounds, seed: number): number[][] {
  const n = b.lo.length;
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const out = [
    b.hi.slice(),
    b.lo.slice(),
    b.hi.map((h, k) => (k % 2 ? b.lo[k] : h)),
    b.hi.map((h, k) => (k % 2 ? h : b.lo[k])),
  ];
  for (let i = 0; i < 24; i++) {
    out.push(Array.from({ length: n }, (_, k) => (rnd() < 0.5 ? b.lo[k] : b.hi[k])));
  }
  for (let i = 0; i < 8; i++) {
    out.push(Array.from({ length: n }, (_, k) => Math.floor(b.lo[k] + rnd() * (b.hi[k] - b.lo[k] + 1))));
  }
  out.push(Array(n).fill(0));
  return out;
}

for (const backend of BACKENDS) {
  const k = kernelOf(backend);
  const off = offsets(k);
  const { tight, loose } = k.bounds;
  const value = (limbs: readonly number[]) => limbs.reduce((acc, x, i) => acc + (BigInt(x) << off[i]), 0n);
  const set = (slot: number, limbs: readonly number[]) => k.setLimbs(slot, limbs);
  const get = (slot: number) => k.getLimbs(slot);
  const within = (limbs: number[], b: LimbBounds, what: string) => {
    limbs.forEach((x, i) => {
      assert.ok(Number.isInteger(x), `${what}: limb ${i} = ${x} not an integer`);
      assert.ok(b.lo[i] <= x && x <= b.hi[i], `${what}: limb ${i} = ${x} outside [${b.lo[i]}, ${b.hi[i]}]`);
    });
  };
  const sum = (a: LimbBounds, b: LimbBounds): LimbBounds => ({
    lo: a.lo.map((x, i) => x + b.lo[i]),
    hi: a.hi.map((x, i) => x + b.hi[i]),
  });
  const neg = (a: LimbBounds): LimbBounds => ({ lo: a.hi.map((x) => -x), hi: a.lo.map((x) => -x) });

  Deno.test(`field ${backend}: the stated bounds nest (tight ⊂ loose, 4·tight ⊂ loose)`, () => {
    const four = sum(sum(tight, tight), sum(tight, tight));
    const fourNeg = sum(sum(neg(tight), neg(tight)), sum(neg(tight), neg(tight)));
    for (let i = 0; i < tight.lo.length; i++) {
      assert.ok(
        loose.lo[i] <= Math.min(four.lo[i], fourNeg.lo[i]) &&
          Math.max(four.hi[i], fourNeg.hi[i]) <= loose.hi[i],
      );
    }
  });

  Deno.test(`field ${backend}: mul and sqr on extreme loose inputs`, () => {
    const xs = extremes(loose, 1), ys = extremes(loose, 2);
    for (const a of xs) {
      for (const b of ys.slice(0, 12)) {
        set(0, a);
        set(1, b);
        k.mul(2, 0, 1);
        const r = get(2);
        within(r, tight, `mul ${a} ${b}`);
        assert.equal(mod(value(r)), mod(value(a) * value(b)));
      }
      set(0, a);
      k.sqr(3, 0);
      within(get(3), tight, `sqr ${a}`);
      assert.equal(mod(value(get(3))), mod(value(a) ** 2n));
      k.mul(0, 0, 0); // aliasing: out = a = b
      assert.equal(mod(value(get(0))), mod(value(a) ** 2n));
    }
  });

  Deno.test(`field ${backend}: mulA24 and carry on extreme loose inputs`, () => {
    for (const a of extremes(loose, 3)) {
      set(0, a);
      k.mulA24(1, 0);
      within(get(1), tight, "mulA24");
      assert.equal(mod(value(get(1))), mod(value(a) * 121665n));
      k.carry(2, 0);
      within(get(2), tight, "carry");
      assert.equal(mod(value(get(2))), mod(value(a)));
    }
  });

  Deno.test(`field ${backend}: add and sub on extreme tight inputs: exact, bound = sum of bounds`, () => {
    const xs = extremes(tight, 4), ys = extremes(tight, 5);
    const addB = sum(tight, tight), subB = sum(tight, neg(tight));
    for (const a of xs) {
      for (const b of ys) {
        set(0, a);
        set(1, b);
        k.add(2, 0, 1);
        k.sub(3, 0, 1);
        within(get(2), addB, "add");
        within(get(3), subB, "sub");
        assert.deepEqual(get(2), a.map((x, i) => x + b[i]));
        assert.deepEqual(get(3), a.map((x, i) => x - b[i]));
      }
    }
  });

  Deno.test(`field ${backend}: cswap swaps on 1, keeps on 0`, () => {
    for (const a of extremes(loose, 6).slice(0, 8)) {
      const b = a.map((x) => -x);
      for (const flag of [0, 1]) {
        set(0, a);
        set(1, b);
        k.cswap(0, 1, flag);
        assert.deepEqual(get(0), flag ? b : a);
        assert.deepEqual(get(1), flag ? a : b);
      }
    }
  });

  Deno.test(`field ${backend}: toBytes is canonical on extreme loose inputs`, () => {
    const out = new Uint8Array(32);
    for (const a of extremes(loose, 7)) {
      set(0, a);
      k.toBytes(0, out);
      const v = fromLe(out);
      assert.ok(v < P, "fully reduced");
      assert.equal(v, mod(value(a)));
    }
    // Values just around p and 2p, written with tight canonical-looking limbs via fromBytes.
    for (const x of [0n, 1n, P - 1n, P, P + 1n, P + 18n, 2n ** 255n - 1n]) {
      k.fromBytes(0, le(x));
      k.toBytes(0, out);
      assert.equal(fromLe(out), x % P);
    }
  });

  Deno.test(`field ${backend}: fromBytes masks bit 255, accepts u ≥ p, outputs tight limbs`, () => {
    const cases = [
      0n,
      1n,
      9n,
      P - 1n,
      P,
      P + 1n,
      2n ** 255n - 1n,
      2n ** 256n - 1n,
      2n ** 255n,
      2n ** 255n + P,
    ];
    for (let i = 0; i < 20; i++) cases.push(fromLe(crypto.getRandomValues(new Uint8Array(32))));
    for (const x of cases) {
      k.fromBytes(0, le(x));
      within(get(0), tight, `fromBytes ${x}`);
      assert.equal(mod(value(get(0))), mod(x & (2n ** 255n - 1n)));
    }
  });

  Deno.test(`field ${backend}: inv on extreme loose inputs (and 0 ↦ 0)`, () => {
    for (const a of extremes(loose, 8).slice(0, 12)) {
      set(0, a);
      k.inv(1, 0);
      const r = get(1);
      within(r, tight, "inv");
      assert.equal(mod(value(r) * value(a)), mod(value(a)) === 0n ? 0n : 1n);
    }
  });

  // The wasm inversion runs the binary GCD on the canonical value (x25519/wasm/module.ts): values whose
  // GCD takes the most steps (2^254, high powers of two, p − 1), small ones, and random ones.
  Deno.test(`field ${backend}: inv equals x^(p−2) on edge and random values`, () => {
    const pow = (x: bigint) => {
      let r = 1n, b = mod(x);
      for (let e = P - 2n; e > 0n; e >>= 1n, b = (b * b) % P) if (e & 1n) r = (r * b) % P;
      return r;
    };
    const cases = [
      0n,
      1n,
      2n,
      9n,
      19n,
      P - 1n,
      P - 2n,
      (P - 1n) / 2n,
      2n ** 254n,
      2n ** 254n - 1n,
      2n ** 200n,
    ];
    for (let i = 0; i < 40; i++) cases.push(fromLe(crypto.getRandomValues(new Uint8Array(32))) % P);
    for (const x of cases) {
      k.fromBytes(0, le(x));
      k.inv(1, 0);
      const r = get(1);
      within(r, tight, `inv ${x}`);
      assert.equal(mod(value(r)), pow(x), `inv ${x}`);
    }
  });
}
