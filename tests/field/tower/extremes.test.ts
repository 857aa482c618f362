/**
 * Differential test on extreme inputs (coefficients 0, 1, p − 1, p − 2 and mixes): every configuration
 * must give the reference composition's result, for any input — including cyclotomic squaring
 * outside the subgroup, where it is just a fixed formula. This stresses the bounds of the wasm code
 * (lazy sums, loose operands, conditional subtractions).
 */
import assert from "node:assert/strict";
import { cases, CURVES, Rng } from "./helpers.ts";
import type { Tower, WasmFieldKernel } from "../../internal.ts";

const all = cases();

/**
 * For wasm kernels: the raw Montgomery limbs of each slot (the module's layout at rest: u32 words, or
 * w-bit limbs one per u32) are below 2^w each and the value below p (values at rest are reduced).
 */
function assertCanonical(t: Tower, first: number, count: number): void {
  const k = t.fp as Partial<WasmFieldKernel>;
  if (k.memory === undefined || k.addressOf === undefined) return;
  const view = new DataView(k.memory.buffer);
  const n = k.stride! / 4, w = BigInt(k.exports!.limbBits());
  for (let s = first; s < first + count; s++) {
    let x = 0n;
    for (let j = n - 1; j >= 0; j--) {
      const limb = BigInt(view.getUint32(k.addressOf(s) + 4 * j, true));
      assert.ok(limb >> w === 0n, `slot ${s}: limb ${j} has more than ${w} bits`);
      x = (x << w) | limb;
    }
    assert.ok(x < t.fp.p, `slot ${s} holds a non-canonical value`);
  }
}

for (const name of CURVES) {
  const configs = all.filter((c) => c.label.startsWith(`${name}/`));
  const ref = configs.find((c) => c.label.endsWith("/reference"))!;
  const p = ref.ref.p;
  const rng = new Rng(99);
  const pick = (): bigint => {
    const r = Number(rng.next64() % 6n);
    return [0n, 1n, p - 1n, p - 2n, p - 1n, rng.below(p)][r];
  };
  const inputs: bigint[][] = [
    Array(24).fill(p - 1n),
    Array.from({ length: 24 }, (_, i) => (i % 2 ? p - 1n : 0n)),
    Array.from({ length: 24 }, (_, i) => (i % 2 ? 0n : p - 1n)),
    Array.from({ length: 24 }, (_, i) => (i % 2 || i >= 12 ? p - 1n : 0n)),
    Array.from({ length: 24 }, (_, i) => (i % 2 && i < 12 ? 0n : p - 1n)),
    Array.from({ length: 24 }, (_, i) => (i % 2 && i < 12 ? 1n : p - 2n)),
    Array.from({ length: 24 }, (_, i) => (i % 3 ? p - 1n : 1n)),
    ...Array.from({ length: 6 }, () => Array.from({ length: 24 }, pick)),
  ];

  /** Runs `op` on a fresh tower state and returns the 12 output coefficients. */
  type Op = (t: Tower, out: number, a: number, b: number) => void;
  const ops: [string, Op][] = [
    ["fp2.mul", (t, o, a, b) => t.fp2.mul(o, a, b)],
    ["fp2.sqr", (t, o, a) => t.fp2.sqr(o, a)],
    ["fp2.mulByXi", (t, o, a) => t.fp2.mulByXi(o, a)],
    ["fp2.sub", (t, o, a, b) => t.fp2.sub(o, a, b)],
    ["fp6.mul", (t, o, a, b) => t.fp6.mul(o, a, b)],
    ["fp6.sqr", (t, o, a) => t.fp6.sqr(o, a)],
    ["fp12.mul", (t, o, a, b) => t.fp12.mul(o, a, b)],
    ["fp12.mul (in place)", (t, _o, a, b) => t.fp12.mul(a, a, b)],
    ["fp12.sqr", (t, o, a) => t.fp12.sqr(o, a)],
    ["fp12.cyclotomicSqr", (t, o, a) => t.fp12.cyclotomicSqr(o, a)],
    ["fp12.cyclotomicSqr (in place)", (t, _o, a) => t.fp12.cyclotomicSqr(a, a)],
    ["fp12.mul014", (t, o, a, b) => t.fp12.mul014(o, a, b, b + 2, b + 4)],
    ["fp12.mul034", (t, o, a, b) => t.fp12.mul034(o, a, b, b + 2, b + 4)],
    ["fp12.frobenius1", (t, o, a) => t.fp12.frobenius(o, a, 1)],
    ["fp12.inv", (t, o, a) => t.fp12.inv(o, a)],
  ];

  const run = (t: Tower, op: Op, x: bigint[]): bigint[] => {
    const [a, b, o] = [t.fp12.alloc(), t.fp12.alloc(), t.fp12.alloc()];
    for (let i = 0; i < 12; i++) {
      t.fp.setBigintVartime(a + i, x[i]);
      t.fp.setBigintVartime(b + i, x[12 + i]);
    }
    t.fp12.setZero(o);
    op(t, o, a, b);
    assertCanonical(t, o, 12);
    assertCanonical(t, a, 12);
    const res = [...Array(12)].map((_, i) => t.fp.toBigintVartime(o + i));
    const inA = [...Array(12)].map((_, i) => t.fp.toBigintVartime(a + i));
    t.fp12.setZero(a), t.fp12.setZero(b), t.fp12.setZero(o);
    return [...res, ...inA];
  };

  Deno.test(`${name}: all configurations agree with the reference on extreme inputs`, () => {
    for (const [label, op] of ops) {
      for (const x of inputs) {
        const want = run(ref.tower, op, x);
        for (const c of configs) {
          if (c === ref) continue;
          assert.deepEqual(run(c.tower, op, x), want, `${c.label} ${label}`);
        }
      }
    }
  });
}
