/** Fp2 against the BigInt reference, for both curves and every available backend. */
import assert from "node:assert/strict";
import { fp2IO64, IsochronError } from "../../internal.ts";
import { cases, get2, put2, Rng } from "./helpers.ts";

const N = 24;

for (const c of cases()) {
  const { tower: T, ref: R } = c;
  const F = T.fp2, p = R.p;
  const [a, b, d, o] = [F.alloc(), F.alloc(), F.alloc(), F.alloc()];

  Deno.test(`${c.label}: Fp2 add/sub/neg/dbl/mul/sqr/conj/mulByXi/mulByU/mulByFp match the reference`, () => {
    const rng = new Rng(1);
    for (let i = 0; i < N; i++) {
      const x = rng.f2(p), y = rng.f2(p);
      put2(T, a, x);
      put2(T, b, y);
      F.add(o, a, b), assert.deepEqual(get2(T, o), R.add2(x, y));
      F.sub(o, a, b), assert.deepEqual(get2(T, o), R.sub2(x, y));
      F.neg(o, a), assert.deepEqual(get2(T, o), R.neg2(x));
      F.dbl(o, a), assert.deepEqual(get2(T, o), R.add2(x, x));
      F.mul(o, a, b), assert.deepEqual(get2(T, o), R.mul2(x, y));
      F.sqr(o, a), assert.deepEqual(get2(T, o), R.mul2(x, x));
      F.conj(o, a), assert.deepEqual(get2(T, o), [x[0], R.mod(-x[1])]);
      F.mulByXi(o, a), assert.deepEqual(get2(T, o), R.mul2(x, R.xi));
      F.mulByU(o, a), assert.deepEqual(get2(T, o), R.mul2(x, [0n, 1n]));
      F.mulByFp(o, a, b), assert.deepEqual(get2(T, o), R.mul2(x, [y[0], 0n]));
      F.frobenius(o, a, 1), assert.deepEqual(get2(T, o), R.pow2(x, p));
      F.frobenius(o, a, 2), assert.deepEqual(get2(T, o), x);
    }
  });

  Deno.test(`${c.label}: Fp2 operations accept out aliasing an input`, () => {
    const rng = new Rng(2);
    const x = rng.f2(p), y = rng.f2(p);
    const ops: [
      string,
      (o: number, a: number, b: number) => void,
      (x: [bigint, bigint], y: [bigint, bigint]) => unknown,
    ][] = [
      ["mul", (o, a, b) => F.mul(o, a, b), (x, y) => R.mul2(x, y)],
      ["sqr", (o, a) => F.sqr(o, a), (x) => R.mul2(x, x)],
      ["add", (o, a, b) => F.add(o, a, b), (x, y) => R.add2(x, y)],
      ["sub", (o, a, b) => F.sub(o, a, b), (x, y) => R.sub2(x, y)],
      ["mulByXi", (o, a) => F.mulByXi(o, a), (x) => R.mul2(x, R.xi)],
      ["mulByU", (o, a) => F.mulByU(o, a), (x) => R.mul2(x, [0n, 1n])],
      ["conj", (o, a) => F.conj(o, a), (x) => [x[0], R.mod(-x[1])]],
      ["inv", (o, a) => F.inv(o, a), (x) => R.pow2(x, p * p - 2n)],
    ];
    for (const [name, op, want] of ops) {
      put2(T, a, x), put2(T, b, y);
      op(a, a, b);
      assert.deepEqual(get2(T, a), want(x, y), `${name}(a, a, b)`);
      put2(T, a, x), put2(T, b, y);
      op(b, a, b);
      assert.deepEqual(get2(T, b), want(x, y), `${name}(b, a, b)`);
      put2(T, a, x);
      op(a, a, a);
      assert.deepEqual(get2(T, a), want(x, x), `${name}(a, a, a)`);
    }
  });

  Deno.test(`${c.label}: Fp2 field axioms, inverses, 0⁻¹ = 0`, () => {
    const rng = new Rng(3);
    const e = F.alloc(), f = F.alloc();
    for (let i = 0; i < N; i++) {
      put2(T, a, rng.f2(p)), put2(T, b, rng.f2(p)), put2(T, d, rng.f2(p));
      F.mul(e, a, b), F.mul(e, e, d), F.mul(f, b, d), F.mul(f, a, f);
      assert.equal(F.eq(e, f), 1, "associativity");
      F.mul(e, a, b), F.mul(f, b, a);
      assert.equal(F.eq(e, f), 1, "commutativity");
      F.add(e, b, d), F.mul(e, a, e), F.mul(f, a, b), F.mul(o, a, d), F.add(f, f, o);
      assert.equal(F.eq(e, f), 1, "distributivity");
      F.inv(e, a), F.mul(e, e, a);
      F.setOne(f);
      assert.equal(F.eq(e, f), 1, "a·a⁻¹ = 1");
      F.invVartime(o, a), F.inv(e, a);
      assert.equal(F.eq(o, e), 1, "inv = invVartime");
    }
    F.setZero(a), F.inv(o, a), assert.equal(F.isZero(o), 1, "0⁻¹ = 0");
    F.invVartime(o, a), assert.equal(F.isZero(o), 1, "0⁻¹ = 0 (vartime)");
    F.setOne(a), assert.equal(F.isZero(a), 0);
  });

  Deno.test(`${c.label}: Fp2 pow, sqrt(x²) = ±x, non-squares fail, isSquare agrees with Euler's criterion`, () => {
    const rng = new Rng(4);
    const r = F.alloc(), s = F.alloc();
    put2(T, a, rng.f2(p));
    for (const e of [0n, 1n, 2n, 3n, 16n, 31n, 0x1234567n, (1n << 70n) + 0x8001n]) {
      F.pow(o, a, e), assert.deepEqual(get2(T, o), R.pow2(get2(T, a), e), `pow ${e}`);
    }
    F.pow(o, a, p * p - 2n), F.mul(o, o, a), assert.deepEqual(get2(T, o), [1n, 0n], "a^(p²−2) = a⁻¹");
    F.copy(o, a), F.pow(o, o, 77n), assert.deepEqual(get2(T, o), R.pow2(get2(T, a), 77n), "pow in place");
    let squares = 0, nonSquares = 0;
    for (let i = 0; i < 8; i++) {
      const x = rng.f2(p);
      put2(T, a, x);
      F.sqr(s, a);
      assert.equal(F.isSquare(s), 1);
      assert.equal(F.sqrt(r, s), 1, "square has a root");
      F.neg(o, a);
      assert.equal(F.eq(r, a) | F.eq(r, o), 1, "sqrt(x²) = ±x");
      // a random element: a square with probability 1/2
      const y = rng.f2(p);
      put2(T, b, y);
      const want = R.isSquare2(y);
      assert.equal(F.isSquare(b), want ? 1 : 0);
      const ok = F.sqrt(r, b);
      assert.equal(ok, want ? 1 : 0);
      if (ok) {
        F.sqr(s, r);
        assert.equal(F.eq(s, b), 1);
        squares++;
      } else {
        assert.equal(F.isZero(r), 1, "failed sqrt leaves 0");
        nonSquares++;
      }
    }
    assert.ok(squares > 0 && nonSquares > 0, "both cases exercised");
    // special cases: 0, −1 (a square in Fp2: u² = −1), pure imaginary, elements of Fp (all squares in Fp2)
    const special: [bigint, bigint][] = [[0n, 0n], [p - 1n, 0n], [0n, 5n], [3n, 0n], [p - 3n, 0n], [1n, 1n]];
    for (const x of special) {
      put2(T, b, x);
      const want = R.isSquare2(x);
      assert.equal(F.isSquare(b), want ? 1 : 0, `isSquare(${x})`);
      assert.equal(F.sqrt(r, b), want ? 1 : 0, `sqrt(${x})`);
      if (want) F.sqr(s, r), assert.deepEqual(get2(T, s), x);
    }
    // ξ is a non-square
    put2(T, b, R.xi);
    assert.equal(F.sqrt(r, b), 0);
  });

  Deno.test(`${c.label}: Fp2 sqrt through the norm: roots of Fp elements (both signs of √N), in place`, () => {
    const rng = new Rng(14);
    const r = F.alloc(), s = F.alloc();
    // An element a of Fp: N = a², and √N is ±a depending on a; when it is −a, t = (a + √N)/2 = 0 and
    // the other half (a − √N)/2 is taken. Random a hit both (probability 1/2 each).
    for (let i = 0; i < 16; i++) {
      const x: [bigint, bigint] = i % 2 ? [rng.below(p), 0n] : [0n, rng.below(p)];
      put2(T, b, x);
      assert.equal(F.sqrt(r, b), 1, `every element of Fp and of Fp·u is a square in Fp2 (${x})`);
      F.sqr(s, r), assert.deepEqual(get2(T, s), x, `root of ${x}`);
      F.sqrt(b, b), F.sqr(s, b), assert.deepEqual(get2(T, s), x, "sqrt in place");
    }
  });

  Deno.test(`${c.label}: Fp2 sqrt_ratio(u, v) = √(u/v) or √(Z·u/v), against the reference`, () => {
    const rng = new Rng(15);
    const z = F.alloc(), r = F.alloc(), s = F.alloc();
    const Z: [bigint, bigint] = [p - 2n, p - 1n]; // −(2 + u), BLS12-381's G2 Z; a non-square on both towers
    assert.equal(R.isSquare2(Z), false);
    put2(T, z, Z);
    const sqrtRatio = F.sqrtRatioFor(z);
    let squares = 0, nonSquares = 0;
    const inputs: [[bigint, bigint], [bigint, bigint]][] = [[[0n, 0n], rng.f2(p)], [[1n, 0n], [1n, 0n]]];
    for (let i = 0; i < 12; i++) inputs.push([rng.f2(p), rng.f2(p)]);
    for (let i = 0; i < 4; i++) inputs.push([[rng.below(p), 0n], [1n, 0n]], [[rng.below(p), 0n], rng.f2(p)]);
    for (const [x, y] of inputs) {
      put2(T, a, x), put2(T, b, y);
      const q = R.mul2(x, R.pow2(y, p * p - 2n)); // u/v
      const isQR = sqrtRatio(r, a, b);
      assert.equal(isQR, R.isSquare2(q) ? 1 : 0, `isQR for ${x}/${y}`);
      F.sqr(s, r);
      assert.deepEqual(get2(T, s), isQR ? q : R.mul2(Z, q), `y² for ${x}/${y}`);
      assert.deepEqual([get2(T, a), get2(T, b)], [x, y], "inputs unchanged");
      isQR ? squares++ : nonSquares++;
    }
    assert.ok(squares > 1 && nonSquares > 1, "both cases exercised");
  });

  Deno.test(`${c.label}: Fp2 cmov/cswap/eq/isZero`, () => {
    const rng = new Rng(5);
    const x = rng.f2(p), y = rng.f2(p);
    put2(T, a, x), put2(T, b, y);
    assert.equal(F.eq(a, b), 0);
    F.cmov(a, b, 0), assert.deepEqual(get2(T, a), x);
    F.cswap(a, b, 0), assert.deepEqual(get2(T, a), x);
    F.cswap(a, b, 1), assert.deepEqual(get2(T, a), y), assert.deepEqual(get2(T, b), x);
    F.cmov(a, b, 1), assert.deepEqual(get2(T, a), x);
    assert.equal(F.eq(a, b), 1);
    put2(T, b, [x[0], R.mod(x[1] + 1n)]), assert.equal(F.eq(a, b), 0);
    put2(T, b, [R.mod(x[0] + 1n), x[1]]), assert.equal(F.eq(a, b), 0);
    put2(T, b, [0n, 1n]), assert.equal(F.isZero(b), 0);
    put2(T, b, [1n, 0n]), assert.equal(F.isZero(b), 0);
    F.setZero(b), assert.equal(F.isZero(b), 1);
  });

  Deno.test(`${c.label}: Fp2 encodings round-trip and reject bad input`, () => {
    const rng = new Rng(6);
    const n = F.fpBytes;
    const eip = fp2IO64(F); // the EIP-2537 element encoding (curves/codecs/eip2537.ts)
    const toBytesEip2537 = (x: number) => {
      const dst = new Uint8Array(128);
      eip.write(x, dst, 0);
      return dst;
    };
    const be = (x: bigint, len: number) => {
      const out = new Uint8Array(len);
      for (let i = len - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
      return out;
    };
    for (let i = 0; i < 8; i++) {
      const x = rng.f2(p);
      put2(T, a, x);
      const z = F.toBytes(a);
      assert.deepEqual(z, new Uint8Array([...be(x[1], n), ...be(x[0], n)]), "c1‖c0");
      F.fromBytes(b, z), assert.deepEqual(get2(T, b), x);
      const e = toBytesEip2537(a);
      assert.deepEqual(e, new Uint8Array([...be(x[0], 64), ...be(x[1], 64)]), "c0‖c1, 64-byte padded");
      eip.read(b, e), assert.deepEqual(get2(T, b), x);
      const dst = new Uint8Array(2 * n + 3);
      F.toBytes(a, dst, 3), assert.deepEqual(dst.subarray(3), z);
    }
    const code = (f: () => void) => {
      try {
        f();
      } catch (e) {
        assert.ok(e instanceof IsochronError);
        return e.code;
      }
      return "no error";
    };
    put2(T, b, [7n, 8n]);
    for (const bad of [p, p + 1n, (1n << BigInt(8 * n)) - 1n]) {
      assert.equal(
        code(() => F.fromBytes(b, new Uint8Array([...be(bad, n), ...be(1n, n)]))),
        "NON_CANONICAL",
      );
      assert.equal(
        code(() => F.fromBytes(b, new Uint8Array([...be(1n, n), ...be(bad, n)]))),
        "NON_CANONICAL",
      );
      assert.equal(
        code(() => eip.read(b, new Uint8Array([...be(bad, 64), ...be(1n, 64)]))),
        "NON_CANONICAL",
      );
      assert.equal(
        code(() => eip.read(b, new Uint8Array([...be(1n, 64), ...be(bad, 64)]))),
        "NON_CANONICAL",
      );
    }
    // p − 1 is canonical
    F.fromBytes(o, new Uint8Array([...be(p - 1n, n), ...be(p - 1n, n)]));
    assert.deepEqual(get2(T, o), [p - 1n, p - 1n]);
    // non-zero padding (a value ≥ 2^(8n)), wrong lengths, wrong type
    const padded = new Uint8Array(128);
    padded[64 - n - 1] = 1;
    assert.equal(code(() => eip.read(b, padded)), "NON_CANONICAL");
    assert.equal(code(() => F.fromBytes(b, new Uint8Array(2 * n - 1))), "INVALID_LENGTH");
    assert.equal(code(() => F.fromBytes(b, new Uint8Array(2 * n + 1))), "INVALID_LENGTH");
    assert.equal(code(() => eip.read(b, new Uint8Array(127))), "INVALID_LENGTH");
    assert.equal(code(() => F.fromBytes(b, [] as unknown as Uint8Array)), "INVALID_TYPE");
    assert.deepEqual(get2(T, b), [7n, 8n], "out unchanged after errors");
  });
}
