/**
 * field/algorithms over a BigInt reference kernel (algorithms_ref_kernel.ts), for all four fields:
 * powCt, invFermat, sqrtCt, isSquareCt, batchInvVartime against BigInt arithmetic on random and edge
 * inputs; the sequence of kernel calls does not depend on the secret input; scratch is wiped.
 */

import {
  BATCH_CHUNK,
  batchInvVartime,
  type FieldName,
  FIELDS,
  invFermat,
  isSquareCt,
  powCt,
  sqrtCt,
} from "../internal.ts";
import assert from "node:assert/strict";
import { modPow, RefKernel } from "./algorithms_ref_kernel.ts";

const NAMES = Object.keys(FIELDS) as FieldName[];

function randomBelow(p: bigint): bigint {
  const bytes = new Uint8Array(Math.ceil(p.toString(2).length / 8) + 8);
  crypto.getRandomValues(bytes);
  let x = 0n;
  for (const b of bytes) x = (x << 8n) | BigInt(b);
  return x % p;
}

const legendre = (x: bigint, p: bigint) => modPow(x, (p - 1n) / 2n, p);

function nonSquare(p: bigint): bigint {
  for (;;) {
    const x = randomBelow(p);
    if (legendre(x, p) === p - 1n) return x;
  }
}

function setup(name: FieldName) {
  const p = FIELDS[name].p;
  const k = new RefKernel(name, p);
  const [a, out] = [k.alloc(1), k.alloc(1)];
  const edges = [0n, 1n, 2n, p - 1n, p - 2n, (p - 1n) / 2n];
  return { p, k, a, out, edges };
}

for (const name of NAMES) {
  Deno.test(`powCt matches BigInt (${name})`, () => {
    const { p, k, a, out, edges } = setup(name);
    const exps = [
      0n,
      1n,
      2n,
      3n,
      15n,
      16n,
      17n,
      255n,
      256n,
      0x10001n,
      p - 2n,
      (p - 1n) / 2n,
      randomBelow(1n << 300n),
    ];
    for (const x of [...edges, randomBelow(p), randomBelow(p)]) {
      for (const e of exps) {
        k.setBigintVartime(a, x);
        powCt(k, out, a, e);
        assert.equal(k.toBigintVartime(out), modPow(x, e, p), `${x}^${e}`);
      }
      powCt(k, a, a, 12345n); // out aliases a
      assert.equal(k.toBigintVartime(a), modPow(x, 12345n, p));
    }
    assert.throws(() => powCt(k, out, a, -1n), /INVALID_SCALAR/);
  });

  Deno.test(`invFermat matches BigInt (${name})`, () => {
    const { p, k, a, out, edges } = setup(name);
    for (const x of [...edges, randomBelow(p), randomBelow(p), randomBelow(p)]) {
      k.setBigintVartime(a, x);
      invFermat(k, out, a);
      const y = k.toBigintVartime(out);
      if (x === 0n) assert.equal(y, 0n);
      else assert.equal((x * y) % p, 1n, `inverse of ${x}`);
      invFermat(k, a, a);
      assert.equal(k.toBigintVartime(a), y);
    }
  });

  Deno.test(`sqrtCt and isSquareCt match BigInt (${name})`, () => {
    const { p, k, a, out, edges } = setup(name);
    const squares = [0n, 1n, 4n, ...[1, 2, 3, 4, 5].map(() => (randomBelow(p) ** 2n) % p)];
    const nonSquares = [1, 2, 3, 4, 5].map(() => nonSquare(p));
    for (const x of [...edges, ...squares, ...nonSquares]) {
      const isSq = x === 0n || legendre(x, p) === 1n;
      k.setBigintVartime(a, x);
      assert.equal(isSquareCt(k, a), isSq ? 1 : 0, `isSquare(${x})`);
      assert.equal(sqrtCt(k, out, a), isSq ? 1 : 0, `sqrt flag of ${x}`);
      if (isSq) assert.equal((k.toBigintVartime(out) ** 2n) % p, x, `sqrt(${x})²`);
      assert.equal(sqrtCt(k, a, a), isSq ? 1 : 0); // out aliases a
      if (isSq) assert.equal((k.toBigintVartime(a) ** 2n) % p, x);
    }
    // p − 1 = −1 is a square iff p ≡ 1 (mod 4).
    k.setBigintVartime(a, p - 1n);
    assert.equal(sqrtCt(k, out, a), (p & 3n) === 1n ? 1 : 0);
  });

  Deno.test(`batchInvVartime matches BigInt, zeros map to zero, any aliasing (${name})`, () => {
    const { p, k } = setup(name);
    for (const n of [0, 1, 2, 7, 300]) {
      const values = Array.from({ length: n }, (_, i) => (i % 5 === 3 ? 0n : randomBelow(p)));
      if (n > 1) values[n - 1] = 0n;
      const ins = Array.from({ length: n }, () => k.alloc(1));
      const outs = Array.from({ length: n }, () => k.alloc(1));
      const expect = values.map((x) => (x === 0n ? 0n : modPow(x, p - 2n, p)));
      ins.forEach((s, i) => k.setBigintVartime(s, values[i]));
      batchInvVartime(k, outs, ins);
      assert.deepEqual(outs.map((s) => k.toBigintVartime(s)), expect);
      assert.deepEqual(ins.map((s) => k.toBigintVartime(s)), values, "inputs unchanged");
      batchInvVartime(k, ins, ins); // in place
      assert.deepEqual(ins.map((s) => k.toBigintVartime(s)), expect);
      if (n > BATCH_CHUNK) continue; // cross-chunk overlaps other than in-place are not supported
      ins.forEach((s, i) => k.setBigintVartime(s, values[i]));
      const reversed = [...ins].reverse(); // outs[i] aliases ins[n−1−i]
      batchInvVartime(k, reversed, ins);
      assert.deepEqual(reversed.map((s) => k.toBigintVartime(s)), expect);
    }
    assert.throws(() => batchInvVartime(k, [k.alloc(1)], []), /INVALID_LENGTH/);
  });
}

/** The kernel calls made by `run` on input x, and the slot values left behind. */
function traced(k: RefKernel, a: number, x: bigint, run: () => void): string {
  k.setBigintVartime(a, x);
  k.trace = [];
  run();
  const t = k.trace.join(" ");
  k.trace = null;
  return t;
}

for (const name of ["bls12-381-fp", "bls12-381-fr", "bn254-fr"] as FieldName[]) {
  Deno.test(`call sequence is independent of the secret; scratch wiped (${name})`, () => {
    const { p, k, a, out } = setup(name);
    const inputs = [0n, 1n, p - 1n, randomBelow(p), nonSquare(p), (randomBelow(p) ** 2n) % p];
    const runs: [string, () => void][] = [
      ["powCt", () => powCt(k, out, a, p - 3n)],
      ["invFermat", () => invFermat(k, out, a)],
      ["sqrtCt", () => void sqrtCt(k, out, a)],
      ["isSquareCt", () => void isSquareCt(k, a)],
    ];
    for (const [what, run] of runs) {
      const reference = traced(k, a, inputs[0], run);
      for (const x of inputs.slice(1)) assert.equal(traced(k, a, x, run), reference, `${what} trace differs`);
    }
    // Scratch wiped: every slot other than a and out holds 0, 1 or a public constant (c5).
    k.setBigintVartime(a, randomBelow(p));
    sqrtCt(k, out, a);
    invFermat(k, out, a);
    isSquareCt(k, a);
    const c4 = (() => {
      let z = 2n;
      while (legendre(z, p) !== p - 1n) z++;
      return z;
    })();
    let c2 = p - 1n;
    while ((c2 & 1n) === 0n) c2 >>= 1n;
    const allowed = new Set([0n, 1n, modPow(c4, c2, p)]);
    k.slots.forEach((v, i) => {
      if (i !== a && i !== out) assert.ok(allowed.has(v), `slot ${i} not wiped`);
    });
  });
}
