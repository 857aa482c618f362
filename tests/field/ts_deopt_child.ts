/**
 * Child process of ts_deopt.test.ts, run with `--v8-flags=--trace-deopt`: drives every TypeScript
 * kernel operation of the four fields (and so every generated function) through V8's tiers, first on
 * zeros only (integer-valued limbs: the data on which V8 could wrongly speculate on small integers),
 * then on random and edge data. The parent reads V8's deoptimisation trace from stdout.
 *
 * `deno run --allow-read tests/field/ts_deopt_child.ts [poison]` — with `poison`, a positive control:
 * after warming up, the generated `mul` of BLS12-381 Fp is called once with a plain Array instead of a
 * Float64Array, which must deoptimise it (so the parent proves it can see a deoptimisation).
 */
import { FIELDS } from "../../curves/registry.ts";
import { tsFieldKernel } from "../../field/ts/kernel.ts";
import type { FieldName } from "../../field/params.ts";
import * as bls12_381_fp from "../../field/ts/generated/bls12-381-fp.ts";

const poison = Deno.args.includes("poison");
/** Passes per field: enough for V8 to optimise every generated function with TurboFan. */
const ROUNDS = 4000;

function random(p: bigint): bigint {
  const b = new Uint8Array(64);
  crypto.getRandomValues(b);
  let x = 0n;
  for (const v of b) x = (x << 8n) | BigInt(v);
  return x % p;
}

interface Rig {
  k: ReturnType<typeof tsFieldKernel>;
  slots: number;
  x: number[];
  bytes: Uint8Array;
}

const rigs: Rig[] = [];
for (const name of Object.keys(FIELDS) as FieldName[]) {
  const k = tsFieldKernel(FIELDS[name]);
  const first = k.alloc(8);
  const x = Array.from({ length: 8 }, (_, i) => first + i);
  // Touch the algorithms once so that their scratch slots (and any arena growth) exist before warm-up.
  k.setBigintVartime(x[0], 5n);
  k.pow(x[1], x[0], 3n);
  k.inv(x[1], x[0]);
  k.sqrt(x[1], x[0]);
  k.isSquare(x[0]);
  k.batchInvVartime([x[1], x[2]], [x[0], x[0]]);
  rigs.push({ k, slots: x.length, x, bytes: new Uint8Array(k.byteLength) });
}

/** One pass over every operation with the current contents of the slots. */
function pass(r: Rig, i: number): number {
  const { k, x } = r;
  const [a, b, c, d] = x;
  let acc = 0;
  k.mul(c, a, b);
  k.sqr(d, a);
  k.add(c, c, d);
  k.sub(d, c, b);
  k.dbl(c, d);
  k.neg(d, c);
  k.copy(x[4], d);
  k.cmov(x[4], a, i & 1);
  k.cswap(x[4], x[5], (i >> 1) & 1);
  acc += k.eq(c, d) + k.isZero(x[5]) + k.eq(a, a);
  k.toBytes(c, r.bytes);
  acc += k.fromBytes(x[6], r.bytes);
  k.setZero(x[7]);
  k.setOne(x[7]);
  k.mul(x[7], x[7], x[6]);
  return acc;
}

function fill(r: Rig, f: (j: number) => bigint): void {
  for (let j = 0; j < 4; j++) r.k.setBigintVartime(r.x[j], f(j));
}

let sink = 0;
// Phase 1: only zeros (the one value whose limbs are integers) until the kernel is optimised, so that
// any operation whose interpreter feedback depends on the data is optimised on the wrong assumption.
for (const r of rigs) {
  r.k.wipe(r.x[0], r.slots);
  for (let i = 0; i < ROUNDS; i++) {
    r.k.wipe(r.x[0], r.slots);
    sink += pass(r, i);
  }
}
// Phase 2: random values and edges; a speculation made in phase 1 would now deoptimise.
for (const r of rigs) {
  const p = r.k.p;
  const edges = [0n, 1n, 2n, p - 1n, p - 2n, (p - 1n) / 2n, (1n << 24n) - 1n, 1n << 200n];
  for (let i = 0; i < 6 * ROUNDS; i++) {
    if (i % 64 === 0) fill(r, (j) => (i & 128 ? edges[(i / 64 + j) % edges.length] : random(p)));
    sink += pass(r, i);
  }
  // The exponentiation-based operations, fewer rounds (each is hundreds of multiplications).
  for (let i = 0; i < 40; i++) {
    fill(r, () => random(p));
    r.k.pow(r.x[2], r.x[0], random(p));
    r.k.inv(r.x[2], r.x[0]);
    sink += r.k.sqrt(r.x[3], r.x[1]) + r.k.isSquare(r.x[0]);
  }
}
if (poison) {
  const arena = Array.from({ length: 64 }, () => 0.5);
  bls12_381_fp.mul(arena as unknown as Float64Array, 0, 16, 32);
}
// On stderr: V8 writes its trace to stdout through its own buffer, and lines must not interleave.
console.error(`ISOCHRON-DEOPT-CHILD done ${sink}`);
