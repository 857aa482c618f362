/** Fp6 and Fp12 against the BigInt reference, for both curves and every available backend. */
import assert from "node:assert/strict";
import { cases, get12, get2, get6, put12, put2, put6, Rng } from "./helpers.ts";
import type { F12, F2 } from "./reference.ts";

const N = 6;

for (const c of cases()) {
  const { tower: T, ref: R } = c;
  const F6 = T.fp6, F12 = T.fp12, p = R.p;
  const [a, b, o, e] = [F12.alloc(), F12.alloc(), F12.alloc(), F12.alloc()];
  const zero: F2 = [0n, 0n];
  const rand6 = (rng: Rng) => [rng.f2(p), rng.f2(p), rng.f2(p)];

  Deno.test(`${c.label}: Fp6 add/sub/neg/mul/sqr/mulByV/mulByFp2/mul1/mul01/inv/frobenius match the reference`, () => {
    const rng = new Rng(11);
    const s0 = T.fp2.alloc(), s1 = T.fp2.alloc();
    for (let i = 0; i < N; i++) {
      const x = rand6(rng), y = rand6(rng);
      const X = R.fromFp6(x), Y = R.fromFp6(y);
      put6(T, a, x), put6(T, b, y);
      const want = (z: F12) => R.toFp6(z);
      F6.add(o, a, b), assert.deepEqual(get6(T, o), want(R.add12(X, Y)));
      F6.sub(o, a, b), assert.deepEqual(get6(T, o), want(R.sub12(X, Y)));
      F6.neg(o, a), assert.deepEqual(get6(T, o), x.map((z) => R.neg2(z)));
      F6.dbl(o, a), assert.deepEqual(get6(T, o), want(R.add12(X, X)));
      F6.mul(o, a, b), assert.deepEqual(get6(T, o), want(R.mul12(X, Y)), "mul");
      F6.sqr(o, a), assert.deepEqual(get6(T, o), want(R.mul12(X, X)), "sqr");
      F6.mulByV(o, a),
        assert.deepEqual(get6(T, o), want(R.mul12(X, R.fromFp6([zero, [1n, 0n], zero]))), "·v");
      put2(T, s0, y[0]), put2(T, s1, y[1]);
      F6.mulByFp2(o, a, s0), assert.deepEqual(get6(T, o), want(R.mul12(X, R.fromFp6([y[0], zero, zero]))));
      F6.mul1(o, a, s1),
        assert.deepEqual(get6(T, o), want(R.mul12(X, R.fromFp6([zero, y[1], zero]))), "mul1");
      F6.mul01(o, a, s0, s1),
        assert.deepEqual(get6(T, o), want(R.mul12(X, R.fromFp6([y[0], y[1], zero]))), "mul01");
      // aliasing
      F6.mul(o, a, b), F6.mul(a, a, b), assert.equal(F6.eq(a, o), 1, "mul(a, a, b)");
      put6(T, a, x), F6.mul(b, a, b), assert.equal(F6.eq(b, o), 1, "mul(b, a, b)");
      F6.sqr(o, a), F6.sqr(a, a), assert.equal(F6.eq(a, o), 1, "sqr(a, a)");
      put6(T, a, x), F6.mul01(a, a, s0, s1), F6.mul01(o, o, s0, s1);
      // inverse
      put6(T, a, x), F6.inv(o, a), F6.mul(o, o, a);
      assert.deepEqual(get6(T, o), [[1n, 0n], zero, zero], "a·a⁻¹ = 1");
      // Frobenius = exponentiation by p^k
      for (let k = 1; k <= 3; k++) {
        F6.frobenius(o, a, k);
        assert.deepEqual(get6(T, o), want(R.pow12(X, p ** BigInt(k))), `frob${k}`);
      }
    }
    F6.setZero(a), F6.inv(o, a), assert.equal(F6.isZero(o), 1, "0⁻¹ = 0");
  });

  Deno.test(`${c.label}: Fp12 add/sub/neg/mul/sqr/conj match the reference; field axioms; inverses`, () => {
    const rng = new Rng(12);
    const d = F12.alloc(), f = F12.alloc();
    for (let i = 0; i < N; i++) {
      const x = rng.f12(p), y = rng.f12(p), z = rng.f12(p);
      put12(T, a, x), put12(T, b, y), put12(T, d, z);
      F12.add(o, a, b), assert.deepEqual(get12(T, o), R.add12(x, y));
      F12.sub(o, a, b), assert.deepEqual(get12(T, o), R.sub12(x, y));
      F12.neg(o, a), assert.deepEqual(get12(T, o), x.map((t) => R.neg2(t)));
      F12.mul(o, a, b), assert.deepEqual(get12(T, o), R.mul12(x, y), "mul");
      F12.sqr(o, a), assert.deepEqual(get12(T, o), R.mul12(x, x), "sqr");
      F12.conj(o, a), assert.deepEqual(get12(T, o), x.map((t, j) => (j & 1 ? R.neg2(t) : t)), "conj");
      // aliasing
      F12.mul(o, a, b), F12.mul(e, a, b), F12.mul(a, a, b), assert.equal(F12.eq(a, o), 1);
      put12(T, a, x), F12.mul(b, a, b), assert.equal(F12.eq(b, o), 1);
      put12(T, b, y), F12.sqr(o, a), F12.sqr(e, a), F12.sqr(e, e), F12.sqr(a, a), F12.sqr(a, a);
      assert.equal(F12.eq(a, e), 1, "sqr(a, a)");
      put12(T, a, x);
      // axioms
      F12.mul(e, a, b), F12.mul(e, e, d), F12.mul(f, b, d), F12.mul(f, a, f);
      assert.equal(F12.eq(e, f), 1, "associativity");
      F12.mul(f, b, a), F12.mul(e, a, b), assert.equal(F12.eq(e, f), 1, "commutativity");
      F12.add(e, b, d), F12.mul(e, a, e), F12.mul(f, a, b), F12.mul(o, a, d), F12.add(f, f, o);
      assert.equal(F12.eq(e, f), 1, "distributivity");
      F12.inv(o, a), F12.mul(o, o, a), assert.equal(F12.isOne(o), 1, "a·a⁻¹ = 1");
      F12.inv(o, a), F12.inv(o, o), assert.equal(F12.eq(o, a), 1, "(a⁻¹)⁻¹ = a");
    }
    F12.setZero(a), F12.inv(o, a), assert.equal(F12.isZero(o), 1, "0⁻¹ = 0");
    F12.setOne(a), assert.equal(F12.isOne(a), 1), assert.equal(F12.isZero(a), 0);
    F12.cmov(a, b, 0), assert.equal(F12.isOne(a), 1);
    F12.cmov(a, b, 1), assert.equal(F12.eq(a, b), 1);
    F12.setOne(a), F12.cswap(a, b, 1), assert.equal(F12.isOne(b), 1);
  });

  Deno.test(`${c.label}: Fp12 Frobenius x ↦ x^(p^k) equals exponentiation (k = 1, 2, 3, 6) and composes`, () => {
    const rng = new Rng(13);
    const x = rng.f12(p);
    put12(T, a, x);
    for (const k of [1, 2, 3]) {
      F12.frobenius(o, a, k);
      assert.deepEqual(get12(T, o), R.pow12(x, p ** BigInt(k)), `frob${k}`);
    }
    // k = 6 is conjugation: x^(p⁶) — check through the composition frob3∘frob3 and the reference
    F12.frobenius(o, a, 6), F12.frobenius(e, a, 3), F12.frobenius(e, e, 3);
    assert.equal(F12.eq(o, e), 1, "frob6 = frob3∘frob3");
    F12.conj(e, a), assert.equal(F12.eq(o, e), 1, "frob6 = conj");
    for (let k = 0; k < 12; k++) {
      F12.frobenius(o, a, k), F12.frobenius(o, o, 1);
      F12.frobenius(e, a, (k + 1) % 12);
      assert.equal(F12.eq(o, e), 1, `frob1∘frob${k} = frob${(k + 1) % 12}`);
    }
    // in place
    F12.frobenius(e, a, 1), F12.frobenius(a, a, 1), assert.equal(F12.eq(a, e), 1);
  });

  Deno.test(`${c.label}: Fp12 pow; cyclotomic squaring = squaring in G_Φ6 (f^((p⁶−1)(p²+1)))`, () => {
    const rng = new Rng(14);
    const x = rng.f12(p);
    put12(T, a, x);
    for (const e of [0n, 1n, 2n, 0xdeadbeefn]) {
      F12.pow(o, a, e), assert.deepEqual(get12(T, o), R.pow12(x, e), `pow ${e}`);
    }
    F12.copy(o, a), F12.pow(o, o, 5n), assert.deepEqual(get12(T, o), R.pow12(x, 5n), "pow in place");
    // easy part of the final exponentiation
    F12.conj(e, a), F12.inv(o, a), F12.mul(e, e, o); //   f^(p⁶ − 1)
    F12.frobenius(o, e, 2), F12.mul(e, o, e); //           ·^(p² + 1)
    const g = get12(T, e);
    const n = p ** 4n - p ** 2n + 1n;
    assert.ok(R.eq12(R.pow12(g, n), R.one12()), "g^Φ6(p²) = 1");
    assert.ok(!R.eq12(g, R.one12()));
    for (let i = 0; i < 4; i++) {
      F12.sqr(o, e), F12.cyclotomicSqr(b, e);
      assert.equal(F12.eq(b, o), 1, `cyclotomicSqr = sqr (${i})`);
      assert.deepEqual(get12(T, b), R.mul12(get12(T, e), get12(T, e)));
      F12.cyclotomicSqr(e, e), assert.equal(F12.eq(e, o), 1, "in place");
    }
    // unitary: g·conj(g) = 1
    F12.conj(o, e), F12.mul(o, o, e), assert.equal(F12.isOne(o), 1);
  });

  Deno.test(`${c.label}: compressed cyclotomic squarings, decompressed (both relations), equal the full ones`, () => {
    const rng = new Rng(15);
    put12(T, a, rng.f12(p));
    F12.conj(e, a), F12.inv(o, a), F12.mul(e, e, o), F12.frobenius(o, e, 2), F12.mul(e, o, e); // in G_Φ6
    const saved = [F12.alloc(), F12.alloc(), F12.alloc()], t = T.fp2.alloc(3 * saved.length);
    for (const relation of ["v", "v²"] as const) {
      const want: F12[] = [];
      F12.copy(o, e), F12.copy(b, e);
      for (let k = 0, i = 1; i <= 7; i++) { // save the 2nd, 5th and 7th squares
        F12.cyclotomicSqr(o, o), F12.cyclotomicSqrCompressed(b, b);
        if (i === 2 || i === 5 || i === 7) want.push(get12(T, o)), F12.copy(saved[k++], b);
      }
      for (const s of saved) {
        T.fp2.setBigintVartime(s, { c0: 5n, c1: 7n }), T.fp2.setBigintVartime(s + 8, { c0: 1n, c1: 0n }); // junk
      }
      assert.equal(F12.decompressVartime(saved, t, relation), true, relation);
      saved.forEach((s, i) => assert.deepEqual(get12(T, s), want[i], `${relation}: square ${i}`));
    }
    // (on wasm, decompressTerms is compiled: pending values that read each other's memory, EmitFp2)
    // 1 has no compressed form that decompresses (both denominators 0): reported, nothing written
    F12.setOne(o), F12.copy(b, o);
    assert.equal(F12.decompressVartime([b], t), false);
    assert.equal(F12.eq(b, o), 1);
  });

  Deno.test(`${c.label}: sparse mul014 and mul034 equal the full mul with the zero coefficients`, () => {
    const rng = new Rng(15);
    const l0 = T.fp2.alloc(), l1 = T.fp2.alloc(), l2 = T.fp2.alloc();
    for (let i = 0; i < N; i++) {
      const x = rng.f12(p), c0 = rng.f2(p), c1 = rng.f2(p), c2 = rng.f2(p);
      put12(T, a, x), put2(T, l0, c0), put2(T, l1, c1), put2(T, l2, c2);
      // 014: tower positions 0 (c0.c0 = 1), 1 (c0.c1 = w²), 4 (c1.c1 = w³)
      const l014: F12 = [c0, zero, c1, c2, zero, zero];
      F12.mul014(o, a, l0, l1, l2), assert.deepEqual(get12(T, o), R.mul12(x, l014), "014");
      put12(T, b, l014), F12.mul(e, a, b), assert.equal(F12.eq(o, e), 1);
      F12.mul014(a, a, l0, l1, l2), assert.equal(F12.eq(a, e), 1, "014 in place");
      // 034: tower positions 0 (1), 3 (c1.c0 = w), 4 (c1.c1 = w³)
      put12(T, a, x);
      const l034: F12 = [c0, c1, zero, c2, zero, zero];
      F12.mul034(o, a, l0, l1, l2), assert.deepEqual(get12(T, o), R.mul12(x, l034), "034");
      F12.mul034(a, a, l0, l1, l2), assert.equal(F12.eq(a, o), 1, "034 in place");
    }
    assert.deepEqual(get2(T, l0), get2(T, l0));
  });
}

Deno.test("wipeScratch zeroes the scratch that held intermediate values (wasm tower)", () => {
  for (const c of cases().filter((x) => x.label.endsWith("/wasm"))) {
    const T = c.tower;
    const k = T.fp as unknown as { memory: WebAssembly.Memory; stride: number };
    // deno-lint-ignore no-explicit-any
    const f12 = T.fp12 as any;
    const region = () => new Uint8Array(k.memory.buffer, f12.scratch, f12.scratchSlots * k.stride);
    const [a, b] = [T.fp12.alloc(), T.fp12.alloc()];
    const rng = new Rng(21);
    put12(T, a, rng.f12(c.ref.p)), put12(T, b, rng.f12(c.ref.p));
    T.fp12.mul(a, a, b);
    assert.ok(region().some((x) => x !== 0), `${c.label}: scratch used`);
    T.wipeScratch();
    assert.ok(region().every((x) => x === 0), `${c.label}: scratch wiped`);
  }
});
