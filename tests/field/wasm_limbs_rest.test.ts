/**
 * Field modules with limbs at rest (field/wasm/module.ts `rest: "limbs"`): every kernel function, the
 * inversion, sqr4 and mul2 against BigInt on random and edge values, with the output apart from and
 * aliasing each operand, every stored limb below 2^w; the conversions between the staging slot's words
 * and the limbs (toMont, fromMont, fromCanonical); and the refusals (a u32 kernel, Fp2 lanes of another
 * width, the emitters of 32-bit limbs). The layers above the field run on limbs at rest wherever the
 * loader builds a reduced module: every curve test covers them. The layout is montgomery.ts's: n = ⌈(bits + 1)/w⌉ limbs of w bits, R = 2^(wn).
 */

import {
  buildFieldModule,
  emitFp2Mul,
  emitMontMulFips,
  FIELDS,
  fp2Extras,
  FunctionBuilder,
  I32,
  inverseLayer,
  montConstants,
  radixPlan,
  ref,
  sqr4Layer,
  TOWERS,
} from "../internal.ts";
import assert from "node:assert/strict";
import { FIELD_NAMES, Rng } from "./kernel_cases.ts";

const mod = (x: bigint, p: bigint) => ((x % p) + p) % p;
function modInverse(a: bigint, p: bigint): bigint {
  let [r0, r1, s0, s1] = [mod(a, p), p, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1, s0, s1] = [r1, r0 - q * r1, s1, s0 - q * s1];
  }
  return mod(s0, p);
}

type Fn = (...args: number[]) => number;

/** A limbs-at-rest module of p, instantiated, with BigInt accessors for slots. */
function limbsModule(p: bigint, mul: "reduced" | "reduced-simd", radix: number) {
  const c = montConstants(p, radix), words = montConstants(p);
  const { bytes } = buildFieldModule(p, {
    mul,
    radix,
    rest: "limbs",
    extras: [inverseLayer(p).emit, sqr4Layer().emit, (ctx) => void ctx.mul2()],
  });
  const x = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as Record<string, Fn> & {
    memory: WebAssembly.Memory;
  };
  const S = c.stride, at = (slot: number) => (16 + slot) * S;
  const mem = () => new Uint32Array(x.memory.buffer);
  const W = BigInt(radix);
  const put = (slot: number, v: bigint) => {
    for (let j = 0; j < c.n; j++) mem()[at(slot) / 4 + j] = Number((v >> (W * BigInt(j))) & ((1n << W) - 1n));
  };
  /** The element at `slot`, checking that every limb is below 2^w (canonical limbs). */
  const get = (slot: number) => {
    let v = 0n;
    for (let j = c.n - 1; j >= 0; j--) {
      const limb = mem()[at(slot) / 4 + j];
      assert.ok(limb < 2 ** radix, `limb ${j} = ${limb} ≥ 2^${radix}`);
      v = (v << W) | BigInt(limb);
    }
    return v;
  };
  const putWords = (slot: number, v: bigint) => {
    for (let j = 0; j < S / 4; j++) mem()[at(slot) / 4 + j] = Number((v >> BigInt(32 * j)) & 0xffffffffn);
  };
  const getWords = (slot: number) =>
    mem().slice(at(slot) / 4, at(slot) / 4 + words.n).reduceRight((v, l) => (v << 32n) | BigInt(l), 0n);
  return { c, x, at, put, get, putWords, getWords };
}

const RADIX = 30;

Deno.test("limbs at rest: the layout (n = ⌈(bits + 1)/w⌉ limbs, R = 2^(wn)) and the plan agree", () => {
  for (const name of FIELD_NAMES) {
    const { p } = FIELDS[name];
    for (const w of [29, 30]) {
      const c = montConstants(p, w), plan = radixPlan(p, w, { rest: "limbs" });
      assert.equal(c.n, Math.ceil((p.toString(2).length + 1) / w));
      assert.equal(plan.n, c.n, `${name} w = ${w}`);
      assert.equal(plan.e, w * c.n);
      assert.equal(c.R, 1n << BigInt(plan.e));
      assert.ok(2n * p < c.R);
      assert.equal(c.pLimbs.reduce((v, l, j) => v + (BigInt(l) << BigInt(w * j)), 0n), p);
      // The pieces of V/R are the limbs: offsets w·j.
      plan.pieces.forEach(({ offset }, j) => assert.equal(offset, w * j));
      assert.equal(plan.pieces.length, c.n);
    }
  }
  assert.equal(montConstants(FIELDS["bls12-381-fp"].p, 30).n, 13);
  assert.equal(montConstants(FIELDS["bn254-fp"].p, 30).n, 9);
  assert.equal(montConstants(FIELDS["bls12-381-fp"].p).n, 12, "words: unchanged");
});

Deno.test("limbs at rest: every kernel function, inv, sqr4 and mul2 against BigInt (random, edges, aliasing)", () => {
  const rng = new Rng(3030);
  for (const name of FIELD_NAMES) {
    const { p } = FIELDS[name];
    for (const mul of ["reduced-simd", "reduced"] as const) {
      const { c, x, at, put, get } = limbsModule(p, mul, RADIX);
      const R = c.R, rInv = modInverse(R, p);
      const mont = (a: bigint, b: bigint) => mod(a * b * rInv, p);
      const sample = [0n, 1n, 2n, p - 1n, p - 2n, R % p, ...Array.from({ length: 12 }, () => rng.below(p))];
      const what = `${name} ${mul}`;
      for (const a of sample) {
        for (const b of [sample[Number(rng.below(BigInt(sample.length)))], rng.below(p), a]) {
          const binary: [string, bigint][] = [
            ["mul", mont(a, b)],
            ["add", mod(a + b, p)],
            ["sub", mod(a - b, p)],
          ];
          for (const [fn, want] of binary) {
            for (const out of [0, 1, 2]) { // apart, aliasing a, aliasing b
              put(1, a), put(2, b);
              x[fn](at(out), at(1), at(2));
              assert.equal(get(out), want, `${what} ${fn}(${a}, ${b}) out = ${out}`);
            }
          }
          put(1, a), put(2, b);
          assert.equal(x.eq(at(1), at(2)), a === b ? 1 : 0, `${what} eq`);
        }
        const unary: [string, bigint][] = [
          ["sqr", mont(a, a)],
          ["neg", mod(-a, p)],
          ["dbl", mod(2n * a, p)],
          ["copy", a],
          ["sqr4", [0, 1, 2, 3].reduce((v) => mont(v, v), a)],
        ];
        for (const [fn, want] of unary) {
          for (const out of [0, 1]) {
            put(1, a);
            x[fn](at(out), at(1));
            assert.equal(get(out), want, `${what} ${fn}(${a}) out = ${out}`);
          }
        }
        // inv(out, a, scratch): the Montgomery form of the inverse, R²·a⁻¹ (0 ↦ 0).
        for (const out of [0, 1]) {
          put(1, a);
          x.inv(at(out), at(1), 0);
          assert.equal(get(out), a === 0n ? 0n : mod(R * R * modInverse(a, p), p), `${what} inv(${a})`);
        }
        put(1, a);
        assert.equal(x.isZero(at(1)), a === 0n ? 1 : 0);
        // mul2(out, a, b, c, d) = (a·b + c·d)·R⁻¹.
        const [b, d, e] = [rng.below(p), rng.below(p), rng.below(p)];
        for (const out of [0, 1, 4]) {
          put(1, a), put(2, b), put(3, d), put(4, e);
          x.mul2(at(out), at(1), at(2), at(3), at(4));
          assert.equal(get(out), mod((a * b + d * e) * rInv, p), `${what} mul2`);
        }
        // cmov, cswap on a flag; setZero, setOne.
        const y = rng.below(p);
        for (const flag of [0, 1]) {
          put(1, a), put(2, y);
          x.cmov(at(1), at(2), flag);
          assert.equal(get(1), flag ? y : a);
          put(1, a), put(2, y);
          x.cswap(at(1), at(2), flag);
          assert.deepEqual([get(1), get(2)], flag ? [y, a] : [a, y]);
        }
      }
      put(0, 5n);
      x.setZero(at(0));
      assert.equal(get(0), 0n);
      x.setOne(at(0));
      assert.equal(get(0), R % p, "one in Montgomery form: R mod p");
    }
  }
});

Deno.test("limbs at rest: toMont, fromMont and fromCanonical convert between the staging words and the limbs", () => {
  const rng = new Rng(3131);
  for (const name of FIELD_NAMES) {
    const { p } = FIELDS[name];
    for (const mul of ["reduced-simd", "reduced"] as const) {
      const { c, x, at, get, put, putWords, getWords } = limbsModule(p, mul, RADIX);
      for (const v of [0n, 1n, p - 1n, ...Array.from({ length: 10 }, () => rng.below(p))]) {
        putWords(1, v);
        x.toMont(at(0), at(1));
        assert.equal(get(0), mod(v * c.R, p), `${name} ${mul} toMont(${v})`);
        put(2, get(0));
        x.fromMont(at(3), at(2));
        assert.equal(getWords(3), v, "fromMont(toMont(v)) = v, as words");
        putWords(1, v);
        assert.equal(x.fromCanonical(at(0), at(1)), 1);
        assert.equal(get(0), mod(v * c.R, p), "fromCanonical of v < p");
      }
      const wordsMax = (1n << BigInt(32 * montConstants(p).n)) - 1n;
      for (const v of [p, p + 1n, wordsMax]) {
        putWords(1, v);
        put(0, 7n);
        assert.equal(x.fromCanonical(at(0), at(1)), 0, `${name} ${mul} fromCanonical(${v}) rejects`);
        assert.equal(get(0), 0n, "a rejected value gives 0");
      }
    }
  }
});

Deno.test("limbs at rest: the conversions where the limbs hold fewer bits than the words (w·n < 32N)", () => {
  // An odd 291-bit modulus (the conversions need only gcd(R, p) = 1): N = 10 words hold 320 bits, n = 10
  // limbs of 30 bits only 300, so fromMont's packing stores a last word from no limb (emitPackLimbs).
  const p = (1n << 290n) + (1n << 123n) + 12345n;
  const { c, x, at, get, putWords, getWords } = limbsModule(p, "reduced-simd", RADIX);
  assert.ok(c.limbBits * c.n < 32 * montConstants(p).n, "the case this test is for");
  const rng = new Rng(77);
  for (const v of [0n, 1n, p - 1n, ...Array.from({ length: 10 }, () => rng.below(p))]) {
    putWords(1, v);
    x.toMont(at(0), at(1));
    assert.equal(get(0), mod(v * c.R, p), `toMont(${v})`);
    putWords(3, (1n << 320n) - 1n); // every word written by fromMont, the last one from no limb
    x.fromMont(at(3), at(0));
    assert.equal(getWords(3), v, `fromMont(toMont(${v})) = v`);
  }
});

Deno.test("limbs at rest: refused with a u32 kernel, by lanes of another width and by 32-bit emitters", () => {
  const bls = FIELDS["bls12-381-fp"].p;
  for (const mul of ["simd", "fips", "cios", "wide"] as const) {
    assert.throws(() => buildFieldModule(bls, { mul, rest: "limbs" }), /reduced-radix kernel/);
  }
  // The inversion's limbs are 30 bits: a module with 29-bit limbs at rest cannot take it.
  assert.throws(
    () =>
      buildFieldModule(bls, {
        mul: "reduced-simd",
        radix: 29,
        rest: "limbs",
        extras: [inverseLayer(bls).emit],
      }),
    /limbs at rest must be the inversion's own/,
  );
  // The Fp2 lanes on limbs at rest take the limbs' own width: other lanes, and the u32 lanes, are refused.
  const fp2 = fp2Extras(TOWERS["bls12-381"]);
  for (const fp2Radix of [29, null]) {
    assert.throws(
      () => buildFieldModule(bls, { mul: "reduced-simd", rest: "limbs", extras: [fp2], fp2Radix }),
      /30-bit lanes|need words at rest/,
    );
  }
  // The emitters of 32-bit limbs refuse the constants of limbs at rest.
  const limbs = montConstants(bls, 30), f = new FunctionBuilder([I32, I32, I32]);
  assert.throws(() => emitMontMulFips(f, limbs, ref(0), ref(1), ref(2)), /needs words at rest/);
  assert.throws(() => emitFp2Mul(f, limbs, ref(0), ref(1), ref(2)), /need words at rest/);
});
