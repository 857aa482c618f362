/**
 * The wasm field-module generator: constants derived from p match their definitions, the output is
 * reproducible, every kernel function is straight-line (no branch, no `select`: tests/ct rule),
 * every generator variant computes the same products, and later layers can extend a kernel's module
 * with their own functions on the same memory. (Generation + compilation time per field is a report:
 * bench/field/wasm_generation.ts.)
 */

import {
  buildFieldModule,
  createWasmFieldKernel,
  emitAdd,
  type FieldModuleOptions,
  FIELDS,
  FunctionBuilder,
  I32,
  KERNEL_FUNCTIONS,
  modulePlan,
  montConstants,
  ref,
  SLOT,
  wasmFieldKernel,
  type WasmLayer,
} from "../internal.ts";
import assert from "node:assert/strict";
import { assertNoBranches } from "../ct/wasm_rules.ts";
import { edgeValues, FIELD_NAMES, modPow, Rng } from "./kernel_cases.ts";

Deno.test("wasm generator: Montgomery constants match their definitions", () => {
  for (const name of FIELD_NAMES) {
    const { p, bits } = FIELDS[name];
    const c = montConstants(p);
    const n = Math.ceil(bits / 32);
    assert.equal(c.n, n, name);
    assert.equal(c.stride, 4 * n);
    assert.equal(c.R, 1n << BigInt(32 * n));
    assert.equal(c.pLimbs.reduce((acc, l, j) => acc + (BigInt(l) << BigInt(32 * j)), 0n), p, "limbs of p");
    assert.equal((BigInt(c.n0) * p + 1n) % (1n << 32n), 0n, "n0 = −p⁻¹ mod 2^32");
    assert.equal(c.rModP, c.R % p);
    assert.equal(c.r2ModP, (c.R * c.R) % p);
    assert.ok(2n * p < c.R, "one spare bit");
  }
  assert.equal(FIELDS["bls12-381-fp"].bits, 381);
  assert.equal(montConstants(FIELDS["bls12-381-fp"].p).n, 12);
  for (const name of ["bls12-381-fr", "bn254-fp", "bn254-fr"] as const) {
    assert.equal(montConstants(FIELDS[name].p).n, 8);
  }
  assert.throws(() => montConstants(1n << 100n), RangeError, "even modulus");
  assert.throws(() => montConstants((1n << 255n) + 95n), RangeError, "no spare bit (2p ≥ R)");
});

Deno.test("wasm generator: reproducible bytes, and no branch or select in any kernel function", () => {
  for (const name of FIELD_NAMES) {
    const { p } = FIELDS[name];
    const a = buildFieldModule(p).bytes, b = buildFieldModule(p).bytes;
    assert.deepEqual(a, b, `${name}: same bytes twice`);
    assertNoBranches(a, KERNEL_FUNCTIONS);
    assertNoBranches(a); // and nothing else is exported
  }
  for (const options of VARIANTS) assertNoBranches(buildFieldModule(FIELDS["bn254-fp"].p, options).bytes);
});

Deno.test("wasm generator: the branch check catches a branchy function (positive control)", () => {
  const bad = (ctx: Parameters<NonNullable<FieldModuleOptions["extras"]>[number]>[0]) => {
    const f = new FunctionBuilder([I32], [I32]);
    f.localGet(0).op(0x04, 0x7f).i32Const(1).op(0x05).i32Const(2).end(); // if (result i32) 1 else 2
    ctx.module.addFunction("branchy", f);
  };
  const bytes = buildFieldModule(FIELDS["bn254-fr"].p, { extras: [bad] }).bytes;
  assert.throws(() => assertNoBranches(bytes, ["branchy"]), /if/);
  assertNoBranches(bytes, KERNEL_FUNCTIONS);
});

/** The generator's alternatives to the default (SIMD FIPS, halved squaring), all kept correct. */
const VARIANTS: FieldModuleOptions[] = [
  { mul: "fips" },
  { mul: "fips", sqr: "mul" },
  { mul: "fips", operands: "locals" },
  { mul: "cios" },
  { mul: "cios", operands: "locals" },
  { mul: "simd", sqr: "mul" },
  ...[24, 26, 28, 29, 30].flatMap((radix): FieldModuleOptions[] => [
    { mul: "reduced", radix },
    { mul: "reduced", radix, sqr: "mul" },
  ]),
  ...[24, 28, 29, 30].flatMap((radix): FieldModuleOptions[] => [
    { mul: "reduced-simd", radix },
    { mul: "reduced-simd", radix, sqr: "mul" },
  ]),
];

Deno.test("wasm generator: every variant computes the same Montgomery products", () => {
  const rng = new Rng(31337);
  for (const name of FIELD_NAMES) {
    const { p } = FIELDS[name];
    const c = montConstants(p);
    const rInv = modPow(c.R % p, p - 2n, p);
    // Edge values, and values around the limb boundaries of the reduced radixes (2^(wk) ± 1, runs of
    // all-ones limbs): the extremes of the column bounds.
    const edges = [...edgeValues(p)];
    for (const w of [24, 26, 28, 29, 30]) {
      for (let k = w; k < c.bits; k += 3 * w) {
        for (const x of [(1n << BigInt(k)) - 1n, (1n << BigInt(k)) + 1n]) edges.push(x % p);
      }
      edges.push((p - 1n) ^ ((1n << BigInt(w)) - 1n), p - (1n << BigInt(w)));
    }
    for (const options of [{}, ...VARIANTS]) {
      const inst = new WebAssembly.Instance(new WebAssembly.Module(buildFieldModule(p, options).bytes), {});
      const x = inst.exports as Record<string, (...a: number[]) => void> & { memory: WebAssembly.Memory };
      const view = new DataView(x.memory.buffer);
      const put = (slot: number, v: bigint) => {
        for (let j = 0; j < c.n; j++) {
          view.setUint32(slot * c.stride + 4 * j, Number((v >> BigInt(32 * j)) & 0xffffffffn), true);
        }
      };
      const get = (slot: number) => {
        let v = 0n;
        for (let j = c.n - 1; j >= 0; j--) {
          v = (v << 32n) | BigInt(view.getUint32(slot * c.stride + 4 * j, true));
        }
        return v;
      };
      const S = c.stride, [A, B, O] = [8, 9, 10];
      for (
        const [a, b] of [
          [p - 1n, p - 1n],
          [0n, p - 1n],
          [1n, 1n],
          ...edges.map((e, i) => [e, edges[(7 * i + 3) % edges.length]]),
          ...Array.from({ length: 40 }, () => [rng.below(p), rng.below(p)]),
        ]
      ) {
        put(A, a), put(B, b);
        x.mul(O * S, A * S, B * S);
        assert.equal(get(O), (a * b * rInv) % p, `${name} ${JSON.stringify(options)} mul`);
        x.sqr(O * S, A * S);
        assert.equal(get(O), (a * a * rInv) % p, `${name} ${JSON.stringify(options)} sqr`);
      }
    }
  }
});

Deno.test("wasm generator: a plan's layer adds functions that call and inline the kernel, on the same slots", () => {
  const layer: WasmLayer = {
    name: "test",
    exports: ["mul3", "mulAdd"],
    emit: (ctx) => {
      // mul3(out, a, b, c) = a·b·c by two internal calls of the kernel's mul.
      const f = new FunctionBuilder([I32, I32, I32, I32]);
      f.localGet(0).localGet(1).localGet(2).call(ctx.fn.mul);
      f.localGet(0).localGet(0).localGet(3).call(ctx.fn.mul);
      ctx.module.addFunction("mul3", f);
      // mulAdd(out, a, b) = a·b + a: the product by a call, the sum inlined (an emitter of the module's
      // layout at rest, ctx.c).
      const g = new FunctionBuilder([I32, I32, I32]);
      const t = g.local(I32);
      g.i32Const(ctx.address.SCRATCH).localSet(t);
      g.localGet(t).localGet(1).localGet(2).call(ctx.fn.mul);
      emitAdd(g, ctx.c, ref(0), ref(t), ref(1));
      ctx.module.addFunction("mulAdd", g);
    },
  };
  const k = createWasmFieldKernel(FIELDS["bls12-381-fp"], modulePlan("test", () => [layer]));
  const p = k.p;
  const x = k.layer("test") as Record<string, (...a: number[]) => void>;
  assert.equal(k.layer("tower"), null, "a layer outside the plan is absent");
  const [a, b, c, o] = [k.alloc(1), k.alloc(1), k.alloc(1), k.alloc(1)];
  k.setBigintVartime(a, p - 2n);
  k.setBigintVartime(b, 12345n);
  k.setBigintVartime(c, p - 7n);
  x.mul3(k.addressOf(o), k.addressOf(a), k.addressOf(b), k.addressOf(c));
  assert.equal(k.toBigintVartime(o), ((p - 2n) * 12345n * (p - 7n)) % p);
  x.mulAdd(k.addressOf(o), k.addressOf(a), k.addressOf(b));
  assert.equal(k.toBigintVartime(o), ((p - 2n) * 12345n + p - 2n) % p);
  assertNoBranches(buildFieldModule(p, { extras: [] }).bytes);
  assert.equal(SLOT.FIRST_FREE * k.stride <= k.addressOf(a), true, "user slots above the reserved ones");
  // The shared kernels are built lazily, next to kernels of explicit plans: this one on first use.
  assert.ok(wasmFieldKernel(FIELDS["bn254-fr"]).alloc(1) > 0);
});
