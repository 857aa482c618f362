// Fr (scalar/fr.ts) as exposed by bls12_381.Fr and bn254.Fr: ORDER, uniform random below r, canonical
// fromBytes (rejects r, r + 1, 2^256 − 1), toBytes, round trips, errors.
import { FIELDS, IsochronError, lessThanBytes, scalarField } from "../internal.ts";
import assert from "node:assert/strict";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { bn254 } from "../../curves/bn254/mod.ts";

const curves = [
  { name: "bls12-381", Fr: bls12_381.Fr, r: FIELDS["bls12-381-fr"].p, G1: () => bls12_381.G1 },
  { name: "bn254", Fr: bn254.Fr, r: FIELDS["bn254-fr"].p, G1: () => bn254.G1 },
];

const big = (b: Uint8Array) => b.reduce((x, v) => (x << 8n) | BigInt(v), 0n);
const be32 = (x: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
};
const code = (c: string) => (e: unknown) => e instanceof IsochronError && e.code === c;

for (const { name, Fr, r, G1 } of curves) {
  Deno.test(`Fr ${name}: ORDER, BITS, BYTES`, () => {
    assert.equal(Fr.ORDER, r);
    assert.equal(Fr.BITS, r.toString(2).length);
    assert.equal(Fr.BYTES, 32);
    assert.ok(Object.isFrozen(Fr));
  });

  Deno.test(`Fr ${name}: random is below r, 32 bytes, and its top bits vary`, () => {
    const n = 2000;
    const top = r.toString(2).length; // bit length
    const hits = new Array(8).fill(0); // how often each of the 8 top bits of r's length is set
    let max = 0n;
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const k = Fr.random();
      assert.ok(k instanceof Uint8Array && k.length === 32);
      const v = big(k);
      assert.ok(v < r, "random ≥ r");
      assert.equal(v >> BigInt(top), 0n, "bits above r's length must be clear");
      for (let j = 0; j < 8; j++) hits[j] += Number((v >> BigInt(top - 1 - j)) & 1n);
      if (v > max) max = v;
      seen.add(v.toString(16));
    }
    assert.equal(seen.size, n, "repeated values");
    // Each of the top bits is set in a fraction close to its exact probability for v uniform in [0, r):
    // #{v < r : bit b set} = ⌊r / 2^(b+1)⌋·2^b + max(0, (r mod 2^(b+1)) − 2^b). Bound: 6 standard deviations.
    for (let j = 0; j < 8; j++) {
      const b = BigInt(top - 1 - j), w = 1n << b;
      const count = (r >> (b + 1n)) * w + ((r % (2n * w)) > w ? (r % (2n * w)) - w : 0n);
      const p = Number((count * 1_000_000n) / r) / 1e6;
      const sigma = Math.sqrt(n * p * (1 - p));
      assert.ok(Math.abs(hits[j] - n * p) < 6 * sigma, `bit ${j}: ${hits[j]}/${n}, expected ≈ ${n * p}`);
    }
    assert.ok(max > (r * 9n) / 10n, "the largest of 2000 draws should come close to r");
  });

  Deno.test(`Fr ${name}: fromBytes rejects r, r + 1, 2^256 − 1 and accepts 0, 1, r − 1`, () => {
    for (const v of [r, r + 1n, (1n << 256n) - 1n, 1n << 255n, r + (1n << 200n)]) {
      assert.throws(() => Fr.fromBytes(be32(v)), code("NON_CANONICAL"), v.toString(16));
      assert.throws(() => Fr.toBytes(be32(v)), code("NON_CANONICAL"));
    }
    for (const v of [0n, 1n, r - 1n, r - (1n << 100n), 1n << 200n]) {
      const b = be32(v);
      const k = Fr.fromBytes(b);
      assert.deepEqual(k, b);
      assert.notEqual(k, b, "fromBytes returns a copy");
      assert.equal(big(k), v);
    }
  });

  Deno.test(`Fr ${name}: toBytes/fromBytes round trip, and multiply agrees with the bigint`, () => {
    for (let i = 0; i < 20; i++) {
      const k = Fr.random(), v = big(k);
      assert.deepEqual(Fr.toBytes(v), k);
      assert.deepEqual(Fr.fromBytes(Fr.toBytes(v)), k);
      assert.deepEqual(Fr.toBytes(k), k);
    }
    assert.deepEqual(Fr.toBytes(r - 1n), be32(r - 1n));
    const k = Fr.random();
    assert.ok(G1().BASE.multiply(k).equals(G1().BASE.multiply(big(k))));
  });

  Deno.test(`Fr ${name}: errors`, () => {
    assert.throws(() => Fr.fromBytes(new Uint8Array(31)), code("INVALID_LENGTH"));
    assert.throws(() => Fr.fromBytes(new Uint8Array(33)), code("INVALID_LENGTH"));
    assert.throws(() => Fr.fromBytes([...new Uint8Array(32)] as unknown as Uint8Array), code("INVALID_TYPE"));
    assert.throws(() => Fr.fromBytes("00" as unknown as Uint8Array), code("INVALID_TYPE"));
    assert.throws(() => Fr.toBytes(r), code("NON_CANONICAL"));
    assert.throws(() => Fr.toBytes(-1n), code("INVALID_SCALAR"));
    assert.throws(() => Fr.toBytes(1n << 256n), code("INVALID_SCALAR"));
    assert.throws(() => Fr.toBytes(1 as unknown as bigint), code("INVALID_TYPE"));
  });
}

Deno.test("Fr: lessThanBytes against BigInt comparison, edge and random cases", () => {
  const r = FIELDS["bls12-381-fr"].p, R = be32(r);
  const cases = [0n, 1n, r - 1n, r, r + 1n, (1n << 256n) - 1n, r ^ 0xffn, r ^ (1n << 248n)];
  for (let i = 0; i < 200; i++) {
    const b = crypto.getRandomValues(new Uint8Array(32));
    b[0] &= 0x7f;
    cases.push(big(b));
  }
  for (const v of cases) assert.equal(lessThanBytes(be32(v), R), v < r ? 1 : 0, v.toString(16));
});

Deno.test("Fr: random rejects out-of-range candidates and draws again", () => {
  // A stub generator: first a candidate ≥ r after masking (all ones), then a valid one.
  const Fr = scalarField(FIELDS["bn254-fr"].p);
  const real = crypto.getRandomValues.bind(crypto);
  const draws: Uint8Array[] = [];
  let calls = 0;
  crypto.getRandomValues = (<T extends ArrayBufferView | null>(a: T): T => {
    const b = a as unknown as Uint8Array;
    b.fill(calls++ === 0 ? 0xff : 0x11);
    draws.push(b);
    return a;
  }) as typeof crypto.getRandomValues;
  try {
    const k = Fr.random();
    assert.equal(calls, 2);
    assert.equal(k[0], 0x11 & 0x3f, "top byte masked to r's bit length (254 bits)");
    assert.ok(k.slice(1).every((x) => x === 0x11));
  } finally {
    crypto.getRandomValues = real;
  }
  assert.throws(() => scalarField(7n), RangeError);
  assert.throws(() => scalarField(1n << 256n), RangeError);
});
