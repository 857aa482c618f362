/**
 * The TypeScript field kernel against a BigInt reference, for the four fields: every generated function
 * on raw limbs (output limbs canonical: multiples of 2^-24 in [0, 1)), and the whole FieldKernel contract
 * through tsFieldKernel, on random inputs and edges (0, 1, p−1, p−2, 2^k ± 1, the Montgomery images of
 * those, all-limbs-max inputs where the function allows values up to 2^(24n)), with aliasing.
 */
import {
  bls12_381_fp,
  bls12_381_fr,
  bn254_fp,
  bn254_fr,
  type FieldName,
  FIELDS,
  IsochronError,
  tsFieldKernel,
} from "../internal.ts";
import assert from "node:assert/strict";

const GEN = {
  "bls12-381-fp": bls12_381_fp,
  "bls12-381-fr": bls12_381_fr,
  "bn254-fp": bn254_fp,
  "bn254-fr": bn254_fr,
} as const;
const NAMES = Object.keys(FIELDS) as FieldName[];
const RANDOM = 150;

function randomBits(bits: number): bigint {
  const b = new Uint8Array(Math.ceil(bits / 8) + 1);
  crypto.getRandomValues(b);
  let x = 0n;
  for (const v of b) x = (x << 8n) | BigInt(v);
  return x & ((1n << BigInt(bits)) - 1n);
}
const randomBelow = (p: bigint): bigint => randomBits(p.toString(2).length + 64) % p;
const mod = (x: bigint, p: bigint): bigint => ((x % p) + p) % p;

function modPow(b: bigint, e: bigint, p: bigint): bigint {
  let r = 1n;
  b = mod(b, p);
  for (; e > 0n; e >>= 1n, b = (b * b) % p) if (e & 1n) r = (r * b) % p;
  return r;
}

/** Field constants of the TS representation. */
function setup(name: FieldName) {
  const { p, bits } = FIELDS[name];
  const n = GEN[name as keyof typeof GEN].LIMBS;
  const R = 1n << BigInt(24 * n);
  const Rinv = modPow(R, p - 2n, p);
  // Edges in the plain domain, and values whose Montgomery form (the limbs in the arena) is an edge.
  const plain = [0n, 1n, 2n, 3n, p - 1n, p - 2n, p - 3n, (p - 1n) / 2n, (p + 1n) / 2n];
  for (let k = 24; k < bits; k += 24) {
    plain.push((1n << BigInt(k)) - 1n, 1n << BigInt(k), (1n << BigInt(k)) + 1n);
  }
  plain.push((1n << BigInt(bits - 1)) - 1n);
  const edges = [...plain, ...plain.map((v) => (v * Rinv) % p)];
  // The largest value below p whose low limbs are all 2^24 − 1.
  let allMax = p - 1n;
  for (let k = 0; k < n - 1; k++) allMax |= 0xffffffn << BigInt(24 * k);
  if (allMax >= p) allMax = p - 1n;
  edges.push(allMax, (allMax * Rinv) % p);
  return { p, bits, n, R, Rinv, edges };
}

// ---------------------------------------------------------------------------------------------------
// Raw generated functions on a private arena.

function rawRig(name: FieldName) {
  const g = GEN[name as keyof typeof GEN];
  const c = setup(name);
  const { n } = c;
  const m = new Float64Array(8 * n);
  const off = (slot: number) => slot * n;
  const put = (slot: number, x: bigint) => {
    assert.ok(x >= 0n && x < 1n << BigInt(24 * n));
    for (let i = 0; i < n; i++) m[slot * n + i] = Number((x >> BigInt(24 * i)) & 0xffffffn) / 2 ** 24;
  };
  const get = (slot: number): bigint => {
    let x = 0n;
    for (let i = n - 1; i >= 0; i--) {
      const d = m[slot * n + i] * 2 ** 24;
      assert.ok(Number.isInteger(d) && d >= 0 && d < 2 ** 24, `limb ${i} not canonical: ${m[slot * n + i]}`);
      assert.ok(!Object.is(m[slot * n + i], -0), `limb ${i} is −0`);
      x = (x << 24n) | BigInt(d);
    }
    return x;
  };
  // The kernel's conversions (field/ts/kernel.ts): mul by R² mod p and by 1, plain digits in slots 6, 7.
  put(6, (c.R * c.R) % c.p);
  put(7, 1n);
  const toMont = (o: number, a: number) => g.mul(m, off(o), off(a), off(6));
  const fromMont = (o: number, a: number) => g.mul(m, off(o), off(a), off(7));
  return { g, m, off, put, get, toMont, fromMont, ...c };
}

for (const name of NAMES) {
  Deno.test(`TS kernel ${name}: generated functions vs BigInt (random, edges, aliasing)`, () => {
    const { g, m, off, put, get, toMont, fromMont, p, R, Rinv, edges } = rawRig(name);
    const [A, B, O] = [0, 1, 2];
    const pairs: [bigint, bigint][] = [];
    for (const x of edges) for (const y of edges) pairs.push([x, y]);
    for (let i = 0; i < RANDOM; i++) pairs.push([randomBelow(p), randomBelow(p)]);
    for (const [x, y] of pairs) {
      put(A, x);
      put(B, y);
      const ctx = `x=${x} y=${y}`;
      g.mul(m, off(O), off(A), off(B));
      assert.equal(get(O), (x * y * Rinv) % p, `mul ${ctx}`);
      g.mul(m, off(O), off(A), off(A)); // the kernel's squaring (bindSlots: sqr = mul(a, a))
      assert.equal(get(O), (x * x * Rinv) % p, `sqr ${ctx}`);
      g.add(m, off(O), off(A), off(B));
      assert.equal(get(O), (x + y) % p, `add ${ctx}`);
      g.sub(m, off(O), off(A), off(B));
      assert.equal(get(O), mod(x - y, p), `sub ${ctx}`);
      g.add(m, off(O), off(A), off(A)); // the kernel's doubling (bindSlots: dbl = add(a, a))
      assert.equal(get(O), (2n * x) % p, `dbl ${ctx}`);
      g.neg(m, off(O), off(A));
      assert.equal(get(O), mod(-x, p), `neg ${ctx}`);
      assert.equal(g.eq(m, off(A), off(B)), x === y ? 1 : 0, `eq ${ctx}`);
      assert.equal(g.eq(m, off(A), off(A)), 1);
      assert.equal(g.isZero(m, off(A)), x === 0n ? 1 : 0, `isZero ${ctx}`);
      assert.equal(g.ltP(m, off(A)), 1);
      toMont(O, A);
      assert.equal(get(O), (x * R) % p, `toMont ${ctx}`);
      fromMont(O, A);
      assert.equal(get(O), (x * Rinv) % p, `fromMont ${ctx}`);
      g.copy(m, off(O), off(A));
      assert.equal(get(O), x);
      g.cmov(m, off(O), off(B), 0);
      assert.equal(get(O), x, "cmov 0");
      g.cmov(m, off(O), off(B), 1);
      assert.equal(get(O), y, "cmov 1");
      g.cswap(m, off(A), off(B), 0);
      assert.deepEqual([get(A), get(B)], [x, y], "cswap 0");
      g.cswap(m, off(A), off(B), 1);
      assert.deepEqual([get(A), get(B)], [y, x], "cswap 1");
    }
  });

  Deno.test(`TS kernel ${name}: aliasing (out = a = b) and inputs beyond p where allowed`, () => {
    const { g, m, off, put, get, toMont, fromMont, p, n, Rinv, R, edges } = rawRig(name);
    const values = [...edges, ...Array.from({ length: 20 }, () => randomBelow(p))];
    const ops: [string, (s: number) => void, (x: bigint) => bigint][] = [
      ["mul", (s) => g.mul(m, off(s), off(s), off(s)), (x) => (x * x * Rinv) % p],
      ["sqr", (s) => g.bindSlots({ m }).sqr(s, s), (x) => (x * x * Rinv) % p],
      ["add", (s) => g.add(m, off(s), off(s), off(s)), (x) => (2n * x) % p],
      ["sub", (s) => g.sub(m, off(s), off(s), off(s)), () => 0n],
      ["dbl", (s) => g.bindSlots({ m }).dbl(s, s), (x) => (2n * x) % p],
      ["neg", (s) => g.neg(m, off(s), off(s)), (x) => mod(-x, p)],
      ["toMont", (s) => toMont(s, s), (x) => (x * R) % p],
      ["fromMont", (s) => fromMont(s, s), (x) => (x * Rinv) % p],
      ["copy", (s) => g.copy(m, off(s), off(s)), (x) => x],
      ["cmov", (s) => g.cmov(m, off(s), off(s), 1), (x) => x],
      ["cswap", (s) => g.cswap(m, off(s), off(s), 1), (x) => x],
    ];
    for (const x of values) {
      for (const [op, run, want] of ops) {
        put(3, x);
        run(3);
        assert.equal(get(3), want(x), `${op}(x, x) x=${x}`);
      }
      // out aliases one input only.
      const y = randomBelow(p);
      put(3, x), put(4, y);
      g.mul(m, off(4), off(3), off(4));
      assert.equal(get(4), (x * y * Rinv) % p);
      put(4, y);
      g.sub(m, off(4), off(3), off(4));
      assert.equal(get(4), mod(x - y, p));
      put(4, y);
      g.sub(m, off(3), off(3), off(4));
      assert.equal(get(3), mod(x - y, p));
    }
    // ltP, and mul by a factor below p (the conversions), accept any limbs (values up to 2^(24n) − 1),
    // e.g. all limbs 2^24 − 1.
    const top = (1n << BigInt(24 * n)) - 1n;
    const wide = [top, p, p + 1n, top - 1n, 2n * p, (1n << BigInt(24 * n - 1)) + 12345n, ...values];
    for (const x of wide) {
      put(0, x);
      assert.equal(g.ltP(m, off(0)), x < p ? 1 : 0, `ltP ${x}`);
      toMont(1, 0);
      assert.equal(get(1), (x * R) % p, `toMont ${x}`);
      fromMont(1, 0);
      assert.equal(get(1), (x * Rinv) % p, `fromMont ${x}`);
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// The FieldKernel contract through tsFieldKernel.

for (const name of NAMES) {
  Deno.test(`TS kernel ${name}: FieldKernel contract vs BigInt`, () => {
    const k = tsFieldKernel(FIELDS[name]);
    const { p, edges } = setup(name);
    assert.equal(tsFieldKernel(FIELDS[name]), k, "cached per name");
    assert.equal(k.backend, "ts");
    assert.equal(k.name, name);
    assert.equal(k.p, p);
    assert.equal(k.byteLength, FIELDS[name].byteLength);
    const [a, b, c] = [k.alloc(1), k.alloc(1), k.alloc(1)];
    const set = (s: number, x: bigint) => k.setBigintVartime(s, x);
    const got = (s: number) => k.toBigintVartime(s);
    const values = [...edges, ...Array.from({ length: 40 }, () => randomBelow(p))];
    for (const x of values) {
      const y = randomBelow(p);
      set(a, x), set(b, y);
      assert.equal(got(a), x);
      k.mul(c, a, b), assert.equal(got(c), (x * y) % p);
      k.sqr(c, a), assert.equal(got(c), (x * x) % p);
      k.add(c, a, b), assert.equal(got(c), (x + y) % p);
      k.sub(c, a, b), assert.equal(got(c), mod(x - y, p));
      k.neg(c, a), assert.equal(got(c), mod(-x, p));
      k.dbl(c, a), assert.equal(got(c), (2n * x) % p);
      k.copy(c, a), assert.equal(got(c), x);
      k.setZero(c), assert.equal(got(c), 0n);
      k.setOne(c), assert.equal(got(c), 1n);
      k.cmov(c, a, 0), assert.equal(got(c), 1n);
      k.cmov(c, a, 1), assert.equal(got(c), x);
      k.cswap(a, b, 1), assert.deepEqual([got(a), got(b)], [y, x]);
      k.cswap(a, b, 0), assert.deepEqual([got(a), got(b)], [y, x]);
      assert.equal(k.eq(a, b), x === y ? 1 : 0);
      assert.equal(k.eq(c, b), 1);
      assert.equal(k.isZero(b), x === 0n ? 1 : 0);
      // Bytes: canonical big-endian, at an offset too.
      const bytes = new Uint8Array(k.byteLength + 3);
      k.toBytes(b, bytes, 2);
      assert.equal(
        BigInt(
          "0x" +
            [...bytes.subarray(2, 2 + k.byteLength)].map((v) => v.toString(16).padStart(2, "0")).join(""),
        ),
        x,
      );
      assert.deepEqual([bytes[0], bytes[1], bytes[k.byteLength + 2]], [0, 0, 0]);
      k.setOne(c);
      assert.equal(k.fromBytes(c, bytes.slice(2, 2 + k.byteLength)), 1);
      assert.equal(got(c), x);
      // Inversions and powers.
      k.inv(c, b), assert.equal(got(c), x === 0n ? 0n : modPow(x, p - 2n, p));
      k.invVartime(c, b), assert.equal(got(c), x === 0n ? 0n : modPow(x, p - 2n, p));
      const e = randomBits(70);
      k.pow(c, b, e), assert.equal(got(c), modPow(x, e, p));
      const square = x === 0n || modPow(x, (p - 1n) / 2n, p) === 1n;
      assert.equal(k.isSquare(b), square ? 1 : 0);
      const ok = k.sqrt(c, b);
      assert.equal(ok, square ? 1 : 0);
      if (square) assert.equal((got(c) ** 2n) % p, x);
    }
    // Aliasing through the contract: out = a = b.
    const x = randomBelow(p);
    set(a, x), k.mul(a, a, a), assert.equal(got(a), (x * x) % p);
    set(a, x), k.add(a, a, a), assert.equal(got(a), (2n * x) % p);
    set(a, x), k.inv(a, a), assert.equal(got(a), modPow(x, p - 2n, p));
    set(a, x), k.pow(a, a, 5n), assert.equal(got(a), modPow(x, 5n, p));
    // setBigintVartime reduces any integer.
    set(a, -1n), assert.equal(got(a), p - 1n);
    set(a, p + 5n), assert.equal(got(a), 5n);
    set(a, 3n * p * p + 7n), assert.equal(got(a), 7n);
  });

  Deno.test(`TS kernel ${name}: fromBytes rejects values ≥ p and bad lengths`, () => {
    const k = tsFieldKernel(FIELDS[name]);
    const { p } = setup(name);
    const L = k.byteLength;
    const enc = (x: bigint) => {
      const out = new Uint8Array(L);
      for (let i = L - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 255n);
      return out;
    };
    const a = k.alloc(1);
    const top = (1n << BigInt(8 * L)) - 1n;
    for (
      const x of [
        p,
        p + 1n,
        p + 2n,
        2n * p - 1n,
        top,
        top - 1n,
        ...Array.from({ length: 30 }, () => p + randomBelow(top - p)),
      ]
    ) {
      if (x > top) continue;
      k.setBigintVartime(a, 12345n);
      assert.equal(k.fromBytes(a, enc(x)), 0, `rejects ${x}`);
      assert.equal(k.isZero(a), 1, "out is zero after a rejection");
    }
    for (const x of [0n, 1n, p - 1n, p - 2n]) {
      assert.equal(k.fromBytes(a, enc(x)), 1);
      assert.equal(k.toBigintVartime(a), x);
    }
    assert.throws(
      () => k.fromBytes(a, new Uint8Array(L - 1)),
      (e) => e instanceof IsochronError && e.code === "INVALID_LENGTH",
    );
    assert.throws(
      () => k.fromBytes(a, new Uint8Array(L + 1)),
      (e) => e instanceof IsochronError && e.code === "INVALID_LENGTH",
    );
    assert.throws(
      () => k.toBytes(a, new Uint8Array(L), 1),
      (e) => e instanceof IsochronError && e.code === "INVALID_LENGTH",
    );
  });

  Deno.test(`TS kernel ${name}: batchInvVartime, wipe, and arena growth keeps values`, () => {
    const k = tsFieldKernel(FIELDS[name]);
    const { p } = setup(name);
    const count = 37;
    const first = k.alloc(2 * count);
    const xs = Array.from({ length: count }, (_, i) => (i % 7 === 3 ? 0n : randomBelow(p)));
    xs.forEach((x, i) => k.setBigintVartime(first + i, x));
    const ins = xs.map((_, i) => first + i), outs = xs.map((_, i) => first + count + i);
    k.batchInvVartime(outs, ins);
    xs.forEach((x, i) => assert.equal(k.toBigintVartime(outs[i]), x === 0n ? 0n : modPow(x, p - 2n, p)));
    // Growth: thousands of new slots; old slots keep their values and still work.
    const big = k.alloc(5000);
    xs.forEach((x, i) => assert.equal(k.toBigintVartime(first + i), x));
    k.mul(big + 4999, first, first + 1);
    assert.equal(k.toBigintVartime(big + 4999), (xs[0] * xs[1]) % p);
    k.wipe(first, count);
    xs.forEach((_, i) => assert.equal(k.isZero(first + i), 1));
    assert.equal(k.isZero(big + 4999), xs[0] * xs[1] % p === 0n ? 1 : 0);
  });
}
