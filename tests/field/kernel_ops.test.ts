/**
 * Every FieldKernel operation of every backend against a BigInt reference, for the four fields: edge
 * values (0, 1, p−1, p−2, (p−1)/2, limb boundaries, …) pairwise, seeded random pairs, and aliasing
 * (out = a = b).
 */

import assert from "node:assert/strict";
import { BACKENDS, edgeValues, FIELD_NAMES, kernelOf, mod, modPow, Rng } from "./kernel_cases.ts";

for (const backend of BACKENDS) {
  for (const name of FIELD_NAMES) {
    Deno.test(`kernel ${backend} ${name}: arithmetic matches BigInt on edges and random pairs`, () => {
      const k = kernelOf(name, backend);
      const p = k.p;
      const [A, B, O, T] = [k.alloc(1), k.alloc(1), k.alloc(1), k.alloc(1)];
      const get = (s: number) => k.toBigintVartime(s);
      const rng = new Rng(0x5eed + name.length);
      const edges = edgeValues(p);
      const pairs: [bigint, bigint][] = [];
      for (const a of edges) for (const b of edges) pairs.push([a, b]);
      for (let i = 0; i < 300; i++) pairs.push([rng.below(p), rng.below(p)]);
      for (const a of edges) pairs.push([a, rng.below(p)]);

      for (const [a, b] of pairs) {
        const what = `a=${a} b=${b}`;
        k.setBigintVartime(A, a);
        k.setBigintVartime(B, b);
        assert.equal(get(A), a, `set/get ${what}`);
        k.mul(O, A, B);
        assert.equal(get(O), (a * b) % p, `mul ${what}`);
        k.add(O, A, B);
        assert.equal(get(O), (a + b) % p, `add ${what}`);
        k.sub(O, A, B);
        assert.equal(get(O), mod(a - b, p), `sub ${what}`);
        assert.equal(k.eq(A, B), a === b ? 1 : 0, `eq ${what}`);
        k.copy(T, A);
        k.cswap(T, B, 0);
        assert.deepEqual([get(T), get(B)], [a, b], `cswap 0 ${what}`);
        k.cswap(T, B, 1);
        assert.deepEqual([get(T), get(B)], [b, a], `cswap 1 ${what}`);
        k.cswap(T, B, 1);
        k.cmov(T, B, 0);
        assert.equal(get(T), a, `cmov 0 ${what}`);
        k.cmov(T, B, 1);
        assert.equal(get(T), b, `cmov 1 ${what}`);
      }

      for (const a of [...edges, ...Array.from({ length: 100 }, () => rng.below(p))]) {
        k.setBigintVartime(A, a);
        k.sqr(O, A);
        assert.equal(get(O), (a * a) % p, `sqr ${a}`);
        k.neg(O, A);
        assert.equal(get(O), mod(-a, p), `neg ${a}`);
        k.dbl(O, A);
        assert.equal(get(O), (2n * a) % p, `dbl ${a}`);
        assert.equal(k.isZero(A), a === 0n ? 1 : 0, `isZero ${a}`);
        k.copy(O, A);
        assert.equal(k.eq(O, A), 1, `copy ${a}`);
      }
      k.setOne(O);
      assert.equal(get(O), 1n);
      k.setZero(O);
      assert.equal(get(O), 0n);
      assert.equal(k.isZero(O), 1);
    });

    Deno.test(`kernel ${backend} ${name}: outputs may alias inputs`, () => {
      const k = kernelOf(name, backend);
      const p = k.p;
      const [A, B] = [k.alloc(1), k.alloc(1)];
      const get = (s: number) => k.toBigintVartime(s);
      const rng = new Rng(77);
      const values = [0n, 1n, p - 1n, (p - 1n) / 2n, rng.below(p), rng.below(p)];
      for (const a of values) {
        for (const b of values) {
          const ops: [string, () => void, bigint][] = [
            ["mul(A,A,A)", () => k.mul(A, A, A), (a * a) % p],
            ["mul(A,A,B)", () => k.mul(A, A, B), (a * b) % p],
            ["mul(B,A,B)", () => k.mul(B, A, B), (a * b) % p],
            ["sqr(A,A)", () => k.sqr(A, A), (a * a) % p],
            ["add(A,A,A)", () => k.add(A, A, A), (2n * a) % p],
            ["add(B,A,B)", () => k.add(B, A, B), (a + b) % p],
            ["sub(A,A,A)", () => k.sub(A, A, A), 0n],
            ["sub(A,A,B)", () => k.sub(A, A, B), mod(a - b, p)],
            ["sub(B,A,B)", () => k.sub(B, A, B), mod(a - b, p)],
            ["neg(A,A)", () => k.neg(A, A), mod(-a, p)],
            ["dbl(A,A)", () => k.dbl(A, A), (2n * a) % p],
            ["copy(A,A)", () => k.copy(A, A), a],
            ["cmov(A,A,1)", () => k.cmov(A, A, 1), a],
          ];
          for (const [label, run, want] of ops) {
            k.setBigintVartime(A, a);
            k.setBigintVartime(B, b);
            run();
            const out = label.startsWith("mul(B") || label.startsWith("add(B") || label.startsWith("sub(B")
              ? B
              : A;
            assert.equal(get(out), want, `${label} a=${a} b=${b}`);
          }
          k.setBigintVartime(A, a);
          k.cswap(A, A, 1);
          assert.equal(get(A), a, "cswap(A,A,1)");
          assert.equal(k.eq(A, A), 1);
        }
      }
    });

    Deno.test(`kernel ${backend} ${name}: inversions, powers, roots and wipe`, () => {
      const k = kernelOf(name, backend);
      const p = k.p;
      const [A, O] = [k.alloc(1), k.alloc(1)];
      const get = (s: number) => k.toBigintVartime(s);
      const rng = new Rng(1234);
      for (const a of [0n, 1n, 2n, p - 1n, p - 2n, (p - 1n) / 2n, rng.below(p), rng.below(p), rng.below(p)]) {
        const want = a === 0n ? 0n : modPow(a, p - 2n, p);
        k.setBigintVartime(A, a);
        k.inv(O, A);
        assert.equal(get(O), want, `inv ${a}`);
        k.invVartime(O, A);
        assert.equal(get(O), want, `invVartime ${a}`);
        k.inv(A, A);
        assert.equal(get(A), want, `inv aliased ${a}`);
        k.setBigintVartime(A, a);
        k.pow(O, A, 12345n);
        assert.equal(get(O), modPow(a, 12345n, p), `pow ${a}`);
        const sq = (a * a) % p;
        k.setBigintVartime(A, sq);
        assert.equal(k.isSquare(A), 1, `isSquare ${sq}`);
        assert.equal(k.sqrt(O, A), 1, `sqrt ok ${sq}`);
        assert.equal((get(O) * get(O)) % p, sq, `sqrt ${sq}`);
      }
      // Batch inversion with zeros mixed in.
      const xs = [3n, 0n, p - 1n, rng.below(p), 0n, rng.below(p)];
      const ins = xs.map(() => k.alloc(1));
      const outs = xs.map(() => k.alloc(1));
      xs.forEach((x, i) => k.setBigintVartime(ins[i], x));
      k.batchInvVartime(outs, ins);
      xs.forEach((x, i) => assert.equal(get(outs[i]), x === 0n ? 0n : modPow(x, p - 2n, p), `batch ${i}`));
      // wipe zeroes exactly the given slots.
      const run = k.alloc(3);
      for (let i = 0; i < 3; i++) k.setBigintVartime(run + i, 5n + BigInt(i));
      k.wipe(run, 2);
      assert.deepEqual([get(run), get(run + 1), get(run + 2)], [0n, 0n, 7n]);
    });
  }
}

Deno.test("kernel alloc: slots stay valid while the arena grows", () => {
  for (const backend of BACKENDS) {
    const k = kernelOf("bn254-fr", backend);
    const first = k.alloc(1);
    k.setBigintVartime(first, 42n);
    const many = k.alloc(5000); // forces growth of the arena
    k.setBigintVartime(many + 4999, 43n);
    k.mul(many, first, many + 4999);
    assert.equal(k.toBigintVartime(first), 42n, backend);
    assert.equal(k.toBigintVartime(many), 42n * 43n, backend);
    assert.equal(k.toBigintVartime(many + 1), 0n, `${backend}: fresh slots are zero`);
    assert.throws(() => k.alloc(-1), RangeError);
  }
});
