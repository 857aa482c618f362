/**
 * field/algorithms/inverse_ts.ts: the constant-time TypeScript inversion (Pornin's binary GCD in exact
 * doubles) on the TS kernel's layout, against BigInt for all four fields (random and edge inputs,
 * aliasing, no stray writes), and composed with the generated TS kernel arithmetic (a·a⁻¹ = 1).
 */

import {
  bls12_381_fp,
  bls12_381_fr,
  bn254_fp,
  bn254_fr,
  buildTsInverse,
  type FieldName,
  FIELDS,
} from "../internal.ts";
import assert from "node:assert/strict";
import { modPow } from "./algorithms_ref_kernel.ts";
import { model } from "./algorithms_gcd_model.ts";

const GENERATED = {
  "bls12-381-fp": bls12_381_fp,
  "bls12-381-fr": bls12_381_fr,
  "bn254-fp": bn254_fp,
  "bn254-fr": bn254_fr,
} as const;
const NAMES = Object.keys(FIELDS) as FieldName[];

function randomBelow(p: bigint): bigint {
  const bytes = new Uint8Array(Math.ceil(p.toString(2).length / 8) + 8);
  crypto.getRandomValues(bytes);
  let x = 0n;
  for (const b of bytes) x = (x << 8n) | BigInt(b);
  return x % p;
}

function edgeInputs(p: bigint): bigint[] {
  const bits = p.toString(2).length;
  const out = [
    0n,
    1n,
    2n,
    3n,
    p - 1n,
    p - 2n,
    (p - 1n) / 2n,
    (p + 1n) / 2n,
    p / 3n,
    (1n << 50n) - 1n,
    1n << 50n,
  ];
  for (let k = 1; k < bits; k += 29) out.push(1n << BigInt(k), p - (1n << BigInt(k)), (1n << BigInt(k)) - 1n);
  // Near p and p/2: shared top bits make the approximations' comparisons err (the sign-fix path).
  for (const k of [30, 52, 100, 200, bits - 30]) {
    for (let j = 1n; j < 6n; j++) {
      out.push(p - (1n << BigInt(k)) + j, p - (1n << BigInt(k)) - j, (p >> 1n) + j);
    }
  }
  out.push(1n << BigInt(bits - 1), 1n << BigInt(bits - 2), p - (p >> 25n), p >> 50n, (p >> 50n) + 1n);
  return out.filter((x) => x >= 0n && x < p);
}

function arenaIo(n: number) {
  const arena = new Float64Array(8 * n);
  const write = (off: number, x: bigint) => {
    for (let i = 0; i < n; i++) arena[off + i] = Number((x >> BigInt(24 * i)) & 0xffffffn) * 2 ** -24;
  };
  const read = (off: number) => {
    let x = 0n;
    for (let i = n - 1; i >= 0; i--) {
      const d = arena[off + i] * 2 ** 24;
      assert.ok(Number.isInteger(d) && d >= 0 && d < 2 ** 24, `digit ${i} out of range: ${d}`);
      x = (x << 24n) | BigInt(d);
    }
    return x;
  };
  return { arena, write, read };
}

for (const name of NAMES) {
  Deno.test(`TS inverse matches BigInt, Montgomery form in and out (${name})`, () => {
    const { p } = FIELDS[name];
    const n = GENERATED[name as keyof typeof GENERATED].LIMBS; // the TS kernel's digit count: R = 2^(24n)
    const R = 1n << BigInt(24 * n);
    const inverse = buildTsInverse(p, n);
    const inv = inverse.inv.bind(inverse);
    const { arena, write, read } = arenaIo(n);
    const [IN, OUT] = [n, 4 * n];
    for (const a of [...edgeInputs(p), ...Array.from({ length: 150 }, () => randomBelow(p))]) {
      arena.fill(0.5);
      write(IN, (a * R) % p);
      inv(arena, OUT, IN);
      const want = a === 0n ? 0n : (modPow(a, p - 2n, p) * R) % p;
      assert.equal(read(OUT), want, `inverse of ${a}`);
      arena.forEach((v, i) => {
        if ((i < IN || i >= IN + n) && (i < OUT || i >= OUT + n)) assert.equal(v, 0.5, `stray write at ${i}`);
      });
      inv(arena, IN, IN); // in place
      assert.equal(read(IN), want);
    }
  });

  Deno.test(`TS inverse composes with the generated TS kernel: a·a⁻¹ = 1 (${name})`, () => {
    const { p } = FIELDS[name];
    const g = GENERATED[name as keyof typeof GENERATED];
    const n = g.LIMBS;
    const inverse = buildTsInverse(p, n);
    const inv = inverse.inv.bind(inverse);
    const { arena, write, read } = arenaIo(n);
    const [X, XM, Y, Z, R2, ONE] = [0, n, 2 * n, 3 * n, 4 * n, 5 * n];
    write(R2, (1n << BigInt(48 * n)) % p); // the kernel's conversions: mul by R² mod p, by 1
    write(ONE, 1n);
    for (let t = 0; t < 20; t++) {
      const a = t === 0 ? 1n : randomBelow(p - 1n) + 1n;
      write(X, a);
      g.mul(arena, XM, X, R2);
      inv(arena, Y, XM);
      g.mul(arena, Z, XM, Y); // Montgomery one
      g.mul(arena, X, Z, ONE);
      assert.equal(read(X), 1n);
    }
  });
}

Deno.test("model (K = 24): steps needed stay within 2·bits − 1 (≤ 24·iterations), approximations do err", () => {
  const lines: string[] = [];
  let wrong = 0;
  for (const name of NAMES) {
    const { p, bits } = FIELDS[name];
    const iterations = Math.ceil((2 * bits - 1) / 24); // as in inverse_ts.ts
    let worst = 0;
    for (const y of [...edgeInputs(p), ...Array.from({ length: 100 }, () => randomBelow(p))]) {
      const run = model(y, p, 24);
      worst = Math.max(worst, run.steps);
      wrong += run.wrong;
    }
    lines.push(`${name}: worst ${worst} steps, bound ${2 * bits - 1}, run ${24 * iterations}`);
    assert.ok(worst <= 2 * bits - 1, `${name}: ${worst} steps`);
  }
  console.log(lines.join("; ") + `; wrong comparisons: ${wrong}`);
  assert.ok(wrong > 0, "the edge inputs should make the approximations' comparison err at least once");
});
