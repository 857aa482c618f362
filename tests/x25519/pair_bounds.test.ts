// The pair products of the SIMD ladders (x25519/wasm/pair.ts) on extreme inputs: every limb of
// both lanes at ± the largest magnitude they accept (twice the tight bound, 2^w + 2^(w−12)), sign
// patterns at the corners, random values inside, and the two lanes different. Each lane's result must
// be right modulo p and every output limb inside the tight bound (the next operation's input).

import assert from "node:assert/strict";
import {
  FunctionBuilder,
  I32,
  ModuleBuilder,
  pairSteps,
  SimdOp,
  VPool,
  X25519_WASM_LIMBS as LIMBS,
  X25519_WASM_OFFSETS as OFFSETS,
  X25519_WASM_TIGHT as TIGHT,
} from "../internal.ts";
import { P } from "./helpers.ts";

const mod = (x: bigint) => ((x % P) + P) % P;
const value = (limbs: readonly bigint[]) => limbs.reduce((s, l, k) => s + (l << BigInt(OFFSETS[k])), 0n);
/** The inputs' bound: a sum of two tight values. */
const INPUT = TIGHT.map((t) => 2 * t);

/**
 * The pair products (pairSteps) as exported functions on memory: pairs in memory, limb k of both
 * lanes as i32 at 16k (lane 0) and 16k + 4 (lane 1).
 */
function pairModule() {
  const mb = new ModuleBuilder().defineMemory(1);
  for (const [name, inputs] of [["mul", 2], ["sqr", 1]] as const) {
    const fb = new FunctionBuilder(Array.from({ length: inputs + 1 }, () => I32));
    const vp = new VPool(fb);
    const ins = Array.from({ length: inputs }, (_, i) => {
      const pe = vp.pe();
      for (let k = 0; k < 10; k++) fb.localGet(i + 1).simdMem(SimdOp.v128Load, 16, 16 * k).localSet(pe[k]);
      return pe;
    });
    const out = vp.pe();
    const steps = pairSteps(fb, vp, out, ins[0], inputs === 2 ? ins[1] : null);
    while (!steps.next().done);
    for (let k = 0; k < 10; k++) fb.localGet(0).localGet(out[k]).simdMem(SimdOp.v128Store, 16, 16 * k);
    mb.addFunction(name, fb);
  }
  const e = new WebAssembly.Instance(new WebAssembly.Module(mb.toBytes() as Uint8Array<ArrayBuffer>)).exports;
  return e as unknown as {
    memory: WebAssembly.Memory;
    mul(o: number, a: number, b: number): void;
    sqr(o: number, a: number): void;
  };
}

let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
/** Limb vectors at the corners of ±INPUT and random points inside. */
function extremes(): bigint[][] {
  const top = INPUT.map((b) => BigInt(b)), out = [top, top.map((x) => -x)];
  out.push(top.map((x, k) => (k % 2 ? -x : x)), top.map((x, k) => (k % 2 ? x : -x)));
  for (let i = 0; i < 24; i++) out.push(top.map((x) => (rnd() < 0.5 ? -x : x)));
  for (let i = 0; i < 8; i++) out.push(INPUT.map((b) => BigInt(Math.floor((2 * rnd() - 1) * b))));
  out.push(top.map(() => 0n));
  return out;
}

Deno.test("x25519 SIMD pair products: extreme inputs give right results in both lanes, tight outputs", () => {
  const e = pairModule();
  const mem = new Int32Array(e.memory.buffer);
  const [A, B, O] = [0, 1024, 2048]; // byte addresses of three pairs
  const put = (addr: number, lane0: bigint[], lane1: bigint[]) => {
    for (let k = 0; k < LIMBS; k++) {
      [mem[addr / 4 + 4 * k], mem[addr / 4 + 4 * k + 1]] = [Number(lane0[k]), Number(lane1[k])];
    }
  };
  const get = (lane: 0 | 1) => Array.from({ length: LIMBS }, (_, k) => BigInt(mem[O / 4 + 4 * k + lane]));
  const check = (lane: 0 | 1, expected: bigint, what: string) => {
    const out = get(lane);
    out.forEach((l, k) =>
      assert.ok(Math.abs(Number(l)) <= TIGHT[k], `${what}: limb ${k} = ${l} above tight`)
    );
    assert.equal(mod(value(out)), mod(expected), what);
  };
  const xs = extremes();
  let cases = 0;
  for (let i = 0; i < xs.length; i++) {
    for (let j = 0; j < xs.length; j += 3) {
      const [f0, f1, g0, g1] = [xs[i], xs[j], xs[j], xs[(i + 5) % xs.length]];
      put(A, f0, f1), put(B, g0, g1);
      e.mul(O, A, B);
      check(0, value(f0) * value(g0), `mul lane 0 (${i}, ${j})`);
      check(1, value(f1) * value(g1), `mul lane 1 (${i}, ${j})`);
      e.sqr(O, A);
      check(0, value(f0) ** 2n, `sqr lane 0 (${i})`);
      check(1, value(f1) ** 2n, `sqr lane 1 (${j})`);
      cases++;
    }
  }
  assert.ok(cases > 400);
});
