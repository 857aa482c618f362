/** scalar/reduce.ts: parsing of scalar arguments and the constant-time reduction mod r. */
import { FIELDS, SCALAR_LIMBS, scalarBigintVartime, scalarBytes, ScalarReducer } from "../internal.ts";
import assert from "node:assert/strict";
import { be32, rng, throwsCode } from "../curves/helpers.ts";

const fromLimbs = (l: Int32Array) => l.reduce((acc, x, i) => acc | (BigInt(x) << BigInt(16 * i)), 0n);

for (const name of ["bls12-381-fr", "bn254-fr"] as const) {
  Deno.test(`ScalarReducer ${name}`, () => {
    const r = FIELDS[name].p, red = new ScalarReducer(r), rand = rng(r.toString().length);
    const max = (1n << 256n) - 1n;
    const values = [0n, 1n, r - 1n, r, r + 1n, 2n * r - 1n, 2n * r, 2n * r + 1n, max, max - r];
    if (4n * r < max) values.push(4n * r, 4n * r - 1n, 5n * r + 7n);
    for (let i = 0; i < 200; i++) values.push(rand());
    for (const k of values) {
      const l = red.reduce(be32(k));
      assert.equal(l.length, SCALAR_LIMBS);
      assert.ok(l.every((x) => x >= 0 && x < 1 << 16));
      assert.equal(fromLimbs(l), k % r, `${k}`);
      assert.equal(scalarBigintVartime(k, r), k % r);
      assert.equal(scalarBigintVartime(be32(k), r), k % r);
    }
  });
}

Deno.test("scalarBytes", () => {
  const k = new Uint8Array(32).fill(7);
  const c = scalarBytes(k);
  assert.deepEqual(c, k);
  assert.notEqual(c, k, "a copy (the caller's array is never wiped)");
  assert.deepEqual(scalarBytes(0x0102n), be32(0x0102n));
  throwsCode(() => scalarBytes(-1n), "INVALID_SCALAR");
  throwsCode(() => scalarBytes(1n << 256n), "INVALID_SCALAR");
  throwsCode(() => scalarBytes(new Uint8Array(33)), "INVALID_LENGTH");
  throwsCode(() => scalarBytes(5), "INVALID_TYPE");
  throwsCode(() => scalarBytes("5"), "INVALID_TYPE");
});
