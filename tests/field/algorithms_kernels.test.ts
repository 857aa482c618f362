/**
 * field/algorithms over the real kernels (`fieldKernel(FIELDS[name], "wasm" | "ts")`): powCt, invFermat, sqrtCt,
 * isSquareCt, batchInvVartime against BigInt for all four fields, on random and edge inputs, called
 * directly and through the kernels' own methods (inv: the binary-GCD inversion on wasm).
 */

import { batchInvVartime, FIELDS, invFermat, isSquareCt, powCt, sqrtCt } from "../internal.ts";
import assert from "node:assert/strict";
import { type Backend, fieldKernel, type FieldName } from "../../field/mod.ts";
import { modPow } from "./algorithms_ref_kernel.ts";

const NAMES = Object.keys(FIELDS) as FieldName[];

const BACKENDS: Backend[] = ["wasm", "ts"];

function randomBelow(p: bigint): bigint {
  const bytes = new Uint8Array(Math.ceil(p.toString(2).length / 8) + 8);
  crypto.getRandomValues(bytes);
  let x = 0n;
  for (const b of bytes) x = (x << 8n) | BigInt(b);
  return x % p;
}

const legendre = (x: bigint, p: bigint) => modPow(x, (p - 1n) / 2n, p);

for (const backend of BACKENDS) {
  for (const name of NAMES) {
    Deno.test(`algorithms over the ${backend} kernel match BigInt (${name})`, () => {
      const k = fieldKernel(FIELDS[name], backend);
      const p = k.p;
      const [a, out] = [k.alloc(1), k.alloc(1)];
      const edges = [0n, 1n, 2n, p - 1n, (p - 1n) / 2n];
      const random = [randomBelow(p), randomBelow(p), randomBelow(p)];
      for (const x of [...edges, ...random]) {
        k.setBigintVartime(a, x);
        for (const e of [0n, 1n, 5n, 16n, p - 3n]) {
          powCt(k, out, a, e);
          assert.equal(k.toBigintVartime(out), modPow(x, e, p), `${x}^${e}`);
        }
        k.pow(out, a, 65537n);
        assert.equal(k.toBigintVartime(out), modPow(x, 65537n, p));

        const inverse = x === 0n ? 0n : modPow(x, p - 2n, p);
        invFermat(k, out, a);
        assert.equal(k.toBigintVartime(out), inverse, `1/${x}`);
        k.inv(out, a);
        assert.equal(k.toBigintVartime(out), inverse, `kernel inv 1/${x}`);
      }

      const squares = [0n, 1n, 4n, ...random.map((x) => (x * x) % p)];
      const nonSquares: bigint[] = [];
      while (nonSquares.length < 3) {
        const x = randomBelow(p);
        if (legendre(x, p) === p - 1n) nonSquares.push(x);
      }
      for (const x of [...edges, ...squares, ...nonSquares]) {
        const isSq = x === 0n || legendre(x, p) === 1n ? 1 : 0;
        k.setBigintVartime(a, x);
        assert.equal(isSquareCt(k, a), isSq, `isSquare(${x})`);
        assert.equal(k.isSquare(a), isSq);
        assert.equal(sqrtCt(k, out, a), isSq, `sqrt flag (${x})`);
        if (isSq) assert.equal((k.toBigintVartime(out) ** 2n) % p, x, `sqrt(${x})²`);
        assert.equal(k.sqrt(out, a), isSq);
        if (isSq) assert.equal((k.toBigintVartime(out) ** 2n) % p, x);
      }

      const values = [3n, 0n, ...random, 0n, p - 1n];
      const ins = values.map(() => k.alloc(1));
      const outs = values.map(() => k.alloc(1));
      ins.forEach((s, i) => k.setBigintVartime(s, values[i]));
      const expect = values.map((x) => (x === 0n ? 0n : modPow(x, p - 2n, p)));
      batchInvVartime(k, outs, ins);
      assert.deepEqual(outs.map((s) => k.toBigintVartime(s)), expect);
      k.batchInvVartime(ins, ins);
      assert.deepEqual(ins.map((s) => k.toBigintVartime(s)), expect);
    });
  }
}
