// The interval analysis of every prime-field kernel function of every generated module variant and
// of the Fp2 functions of the tower layer, on the emitted bytes (tests/bounds/README.md, "wasm limbs").
import assert from "node:assert/strict";
import {
  buildFieldModule,
  defaultFp2LaneRadix,
  FIELD_PLANS,
  type FieldModuleContext,
  FIELDS,
  fp2Extras,
  FunctionBuilder,
  I32,
  I64,
  KERNEL_FUNCTIONS,
  ModuleBuilder,
  montConstants,
  mulInputBounds,
  Op,
  TOWERS,
  wasmFieldModuleBytes,
} from "../internal.ts";
import {
  FIELD_LEAF_BOUNDS,
  FIELD_OTHER_FUNCTIONS,
  FP2_LEAF_BOUNDS,
  FP2_LEAF_BOUNDS_LIMBS,
  LAZY_MUL_BOUND,
  LAZY_MUL_BOUND_LIMBS,
} from "./leaf_bounds.ts";
import { WasmInterval } from "./wasm_interval.ts";
import {
  analyseFp2,
  analyseFromCanonical,
  analyseKernel,
  analyseMove,
  fieldVariants,
  fp2Cases,
  type KernelCase,
  limbsAtRestVariants,
  line,
  MOVES,
  onReducedLimbs,
} from "./wasm_field_analysis.ts";
import { extremes, instantiate, modInverse, montMul, readLimbs, writeLimbs } from "./wasm_extremes.ts";

/**
 * The variants the loader picks (field/wasm/kernel.ts, shape.ts): u32 SIMD and scalar FIPS (a p that
 * 30-bit limbs do not hold), reduced w = 30 with SIMD and without, with its limbs at rest.
 */
const LOADER = new Set(["simd", "fips", "reduced-simd w=30 rest=limbs", "reduced w=30 rest=limbs"]);

/** fieldVariants and limbsAtRestVariants: every variant buildFieldModule offers for p. */
const allVariants = (p: bigint) => [...fieldVariants(p), ...limbsAtRestVariants(p)];

const LINEAR = new Set(["add", "sub", "neg", "dbl"]);

for (const [name, field] of Object.entries(FIELDS)) {
  Deno.test(`bounds wasm ${name}: every kernel function of every multiplication variant`, () => {
    for (const variant of fieldVariants(field.p)) {
      for (const row of FIELD_LEAF_BOUNDS) {
        // The linear functions do not depend on the multiplication variant: analysed once; mul2
        // exists only where the multiplication has reduced-radix limbs.
        if (LINEAR.has(row.fn) && variant.name !== "simd") continue;
        if (row.fn === "mul2" && variant.family === "u32") continue;
        assert.ok(row.inputs.every((k) => k === row.inputs[0]));
        const x = analyseKernel({ p: field.p, variant, fn: row.fn, k: row.inputs[0] });
        console.log(line(name, x));
        assert.deepEqual(x.violations, [], `${name} ${x.label}`);
        assert.equal(x.output, row.output);
      }
    }
  });
}

for (const [name, field] of Object.entries(FIELDS)) {
  Deno.test(`bounds wasm ${name}: the kernel functions with limbs at rest`, () => {
    const variants = limbsAtRestVariants(field.p);
    assert.equal(variants.length, 2, "both reduced kernels take limbs at rest");
    for (const variant of variants) {
      for (const row of FIELD_LEAF_BOUNDS) {
        const x = analyseKernel({ p: field.p, variant, fn: row.fn, k: row.inputs[0] });
        console.log(line(name, x));
        assert.deepEqual(x.violations, [], `${name} ${x.label}`);
        assert.equal(x.output, row.output);
      }
      // Positive control: a limb one bit wider than 2^30 breaks the stated input box.
      const wide = analyseKernel({ p: field.p, variant, fn: "add", widen: { operand: 0, limb: 0 } });
      assert.notDeepEqual(wide.violations, [], `${name} ${variant.name}: a widened limb must be caught`);
    }
  });
}

Deno.test("bounds wasm: data movement, predicates and fromCanonical of every field", () => {
  // Every kernel function is in one of the two tables.
  // limbBits touches no element (it returns the layout's constant, checked by kernel_bytes.test.ts).
  const listed = [...FIELD_LEAF_BOUNDS.map((r) => r.fn), ...FIELD_OTHER_FUNCTIONS, "limbBits"].filter((f) =>
    f !== "sqr4" && f !== "mul2"
  );
  assert.deepEqual(listed.toSorted(), [...KERNEL_FUNCTIONS].toSorted());
  assert.deepEqual(
    [...new Set([...MOVES.map((m) => m.fn), "fromCanonical"])].toSorted(),
    [...FIELD_OTHER_FUNCTIONS].toSorted(),
  );
  for (const [name, field] of Object.entries(FIELDS)) {
    // Data movement depends only on the layout: words, and each width of limbs at rest.
    for (const variant of [undefined, ...limbsAtRestVariants(field.p).slice(0, 1)]) {
      for (const move of MOVES) {
        const x = analyseMove(field.p, move, variant);
        console.log(line(name, x));
        assert.deepEqual(x.violations, [], `${name} ${x.label}`);
      }
    }
    for (const variant of allVariants(field.p)) {
      const x = analyseFromCanonical(field.p, variant);
      console.log(line(name, x));
      assert.deepEqual(x.violations, [], `${name} ${x.label}`);
    }
  }
});

Deno.test("bounds wasm: the plan modules as the loader builds them (both shapes, and without SIMD)", () => {
  for (const [name, field] of Object.entries(FIELDS)) {
    const plan = FIELD_PLANS[name as keyof typeof FIELD_PLANS];
    const tower = Object.values(TOWERS).find((t) => t.fp.p === field.p);
    const builds = [
      { simd: true, shape: "u32", variant: "simd" },
      { simd: true, shape: "reduced", variant: "reduced-simd w=30 rest=limbs" },
      { simd: false, shape: "u32", variant: "fips" },
      { simd: false, shape: "reduced", variant: "reduced w=30 rest=limbs" },
    ] as const;
    for (const { simd, shape, variant: vname } of builds) {
      const bytes = wasmFieldModuleBytes(field, plan, simd, shape);
      const variant = allVariants(field.p).find((v) => v.name === vname)!;
      const limbBits = variant.options.rest === "limbs" ? variant.options.radix! : 32;
      const fromModule = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.limbBits as () =>
        number;
      assert.equal(fromModule(), limbBits, `${name} ${vname}: the layout the loader builds`);
      // mul2: made for the G1 point formulas (base fields) where the multiplication has reduced-radix limbs.
      const mul2 = WebAssembly.Module.exports(new WebAssembly.Module(bytes)).some((e) => e.name === "mul2");
      assert.equal(mul2, shape === "reduced" && name.endsWith("-fp"), `${name} ${vname}: mul2 exported`);
      const fns: readonly KernelCase["fn"][] = [
        "mul",
        ...(mul2 ? ["mul2" as const] : []),
        ...(["sqr", "sqr4", "add", "sub", "neg", "dbl", "toMont", "fromMont"] as const),
      ];
      for (const fn of fns) {
        const x = analyseKernel({ p: field.p, variant, fn, bytes });
        assert.deepEqual(x.violations, [], `${name} plan module (${vname}) ${fn}`);
      }
      let fp2 = "";
      if (tower && simd) { // the tower layer needs SIMD
        const c = montConstants(field.p, limbBits);
        const rows = (limbBits === 32 ? FP2_LEAF_BOUNDS : FP2_LEAF_BOUNDS_LIMBS)[tower.name];
        for (const { fn, inputs } of rows) {
          const x = analyseFp2(field.p, tower, defaultFp2LaneRadix(c), fn, inputs, bytes, limbBits);
          assert.deepEqual(x.violations, [], `${name} plan module (${vname}) ${fn}`);
        }
        fp2 = `, ${rows.length} Fp2 functions`;
      }
      console.log(
        `plan module ${name} (${
          simd ? `SIMD, ${shape}` : "no SIMD"
        }, ${bytes.length} bytes): ${fns.length} kernel functions${fp2} proven`,
      );
    }
  }
});

Deno.test("bounds wasm: mul and sqr accept lazy operands < k·p (LAZY_MUL_BOUND), and not k + 1", () => {
  for (const [name, field] of Object.entries(FIELDS)) {
    for (const variant of allVariants(field.p).filter((v) => LOADER.has(v.name))) {
      const k = (variant.options.rest === "limbs" ? LAZY_MUL_BOUND_LIMBS : LAZY_MUL_BOUND)[name];
      for (const fn of ["mul", "sqr"] as const) {
        const ok = analyseKernel({ p: field.p, variant, fn, k });
        const over = analyseKernel({ p: field.p, variant, fn, k: k + 1n });
        console.log(`${line(name, ok)}\n  k + 1 = ${k + 1n}: ${over.violations.join("; ")}`);
        assert.deepEqual(ok.violations, [], `${name} ${variant.name} ${fn} < ${k}p`);
        assert.notDeepEqual(over.violations, [], `${name} ${variant.name} ${fn} < ${k + 1n}p must fail`);
      }
    }
  }
});

for (const tower of Object.values(TOWERS)) {
  Deno.test(`bounds wasm ${tower.name}: the Fp2 functions on both lane radixes`, () => {
    const c = montConstants(tower.fp.p);
    const rows = FP2_LEAF_BOUNDS[tower.name];
    assert.deepEqual(rows.map((r) => [r.fn, r.inputs]), fp2Cases(c).map((r) => [r.fn, r.inputs]));
    for (const radix of [...new Set([defaultFp2LaneRadix(c), 29, 30]), null]) {
      for (const { fn, inputs, output } of rows) {
        if (radix === null && fn !== "fp2_mul" && fn !== "fp2_sqr") continue; // the same linear code
        const x = analyseFp2(c.p, tower, radix, fn, inputs);
        console.log(line(tower.name, x));
        assert.deepEqual(x.violations, [], `${tower.name} ${x.label}`);
        assert.equal(x.output, output);
      }
    }
    // With 30-bit limbs at rest (the loader's reduced modules): the lanes of the limbs' own width.
    const limbs = montConstants(tower.fp.p, 30), limbRows = FP2_LEAF_BOUNDS_LIMBS[tower.name];
    assert.deepEqual(limbRows.map((r) => [r.fn, r.inputs]), fp2Cases(limbs).map((r) => [r.fn, r.inputs]));
    for (const { fn, inputs, output } of limbRows) {
      const x = analyseFp2(c.p, tower, 30, fn, inputs, undefined, 30);
      console.log(line(tower.name, x));
      assert.deepEqual(x.violations, [], `${tower.name} ${x.label}`);
      assert.equal(x.output, output);
    }
  });
}

Deno.test("bounds wasm: positive controls (a widened operand limb is reported; an unmodelled opcode throws)", () => {
  for (const name of ["bls12-381-fp", "bn254-fp"]) {
    const field = FIELDS[name as keyof typeof FIELDS];
    const c = montConstants(field.p);
    for (const variant of fieldVariants(field.p).filter(onReducedLimbs)) {
      // The top limb one bit wider: outside the accepted bound (the kernel tolerates it: < 2p
      // still reduces, LAZY_MUL_BOUND), reported as such.
      const x = analyseKernel({ p: field.p, variant, fn: "mul", widen: { operand: 0, limb: c.n - 1 } });
      assert.ok(x.violations.some((v) => v.includes("accepted bound")), `${variant.name}: ${x.violations}`);
    }
  }
  // An instruction the interpreter does not model (select, forbidden in kernels anyway) throws.
  const f = new FunctionBuilder([I32], [I32]);
  f.localGet(0).i32Const(1).localGet(0).op(Op.select);
  const module = new ModuleBuilder().defineMemory(1);
  module.addFunction("f", f);
  assert.throws(() => new WasmInterval(module.toBytes()).run("f", [0]), /unmodelled instruction \(select/);
  // A wrapped sum read as an integer is reported: three products of u32 limbs summed (> 2^64), then
  // shifted right — what T − (H << 32) avoids in the kernels.
  const h = new FunctionBuilder([I32], [I64]);
  for (let j = 0; j < 3; j++) {
    h.localGet(0).mem(Op.i64Load32U, 4 * j).localGet(0).mem(Op.i64Load32U, 4 * j).op(Op.i64Mul);
    if (j > 0) h.op(Op.i64Add);
  }
  h.i64Const(32).op(Op.i64ShrU);
  const m3 = new ModuleBuilder().defineMemory(1);
  m3.addFunction("h", h);
  const w = new WasmInterval(m3.toBytes());
  w.seedLimbs(0, 4, Array(3).fill({ lo: 0n, hi: (1n << 32n) - 1n }));
  const r = w.run("h", [0]);
  assert.deepEqual(r.wraps.map((x) => x.op), ["i64.add", "i64.add"]); // 2·(2^32 − 1)^2 ≥ 2^64 already
  assert.deepEqual(r.reinterprets.map((x) => x.op), ["i64.shr_u"]);
  // So does a read of memory nobody seeded or stored.
  const g = new FunctionBuilder([I32], [I64]);
  g.localGet(0).mem(Op.i64Load, 0);
  const m2 = new ModuleBuilder().defineMemory(1);
  m2.addFunction("g", g);
  assert.throws(() => new WasmInterval(m2.toBytes()).run("g", [64]), /unseeded memory/);
});

Deno.test("bounds wasm: the intended wraps' argument on extreme inputs, the compiled kernels against BigInt", () => {
  for (const [name, field] of Object.entries(FIELDS)) {
    for (const variant of allVariants(field.p)) {
      const limbs = variant.options.rest === "limbs";
      const c = montConstants(field.p, limbs ? variant.options.radix : 32),
        { p, R, n, stride } = c,
        w = c.limbBits;
      const reduced = variant.family !== "u32";
      const extras = reduced ? [(ctx: FieldModuleContext) => void ctx.mul2()] : [];
      const inst = instantiate(buildFieldModule(p, { ...variant.options, extras }).bytes);
      const [mul, sqr] = [inst.fn("mul"), inst.fn("sqr")];
      let count = 0;
      // The stated bound p, and for the loader's variants the lazy bound of LAZY_MUL_BOUND.
      const lazy = (limbs ? LAZY_MUL_BOUND_LIMBS : LAZY_MUL_BOUND)[name];
      const bounds = LOADER.has(variant.name) ? [p, lazy * p] : [p];
      for (const x of bounds.flatMap((b) => extremes(b, n, p, R, 4, w))) {
        for (const y of bounds.flatMap((b) => extremes(b, n, p, R, 1, w))) {
          writeLimbs(inst, 9 * stride, x, n, w);
          writeLimbs(inst, 10 * stride, y, n, w);
          mul(8 * stride, 9 * stride, 10 * stride);
          assert.equal(
            readLimbs(inst, 8 * stride, n, w),
            montMul(x, y, p, R),
            `${name} ${variant.name} mul(${x}, ${y})`,
          );
          count++;
        }
        if (reduced && x < p) { // mul2(x, y, y', x) for the extremes y, y' of p: both pairs at once
          const ys = extremes(p, n, p, R, 1, w);
          for (const [i, y] of ys.entries()) {
            const y2 = ys[(i + 1) % ys.length];
            [x, y, y2, x].forEach((v, j) => writeLimbs(inst, (9 + j) * stride, v, n, w));
            inst.fn("mul2")(8 * stride, 9 * stride, 10 * stride, 11 * stride, 12 * stride);
            assert.equal(
              readLimbs(inst, 8 * stride, n, w),
              montMul(x * y + y2 * x, 1n, p, R),
              `${name} ${variant.name} mul2(${x}, ${y}, ${y2}, ${x})`,
            );
            count++;
          }
        }
        writeLimbs(inst, 9 * stride, x, n, w);
        sqr(8 * stride, 9 * stride);
        assert.equal(
          readLimbs(inst, 8 * stride, n, w),
          montMul(x, x, p, R),
          `${name} ${variant.name} sqr(${x})`,
        );
        count++;
      }
      if (variant.name === "simd") {
        // The zero test's bit identity (eq, isZero): words with the top bit set, zero, extremes.
        const [eq, isZero] = [inst.fn("eq"), inst.fn("isZero")];
        for (const x of [...extremes(p, n, p, R), 1n << 63n, 1n << 31n, (1n << 63n) | 1n]) {
          writeLimbs(inst, 9 * stride, x, n);
          assert.equal(isZero(9 * stride), x === 0n ? 1 : 0, `${name} isZero(${x})`);
          for (const y of [x, x ^ (1n << 63n), x ^ 1n]) {
            if (y >= p) continue;
            writeLimbs(inst, 10 * stride, y, n);
            assert.equal(eq(9 * stride, 10 * stride), x === y ? 1 : 0, `${name} eq(${x}, ${y})`);
            count++;
          }
        }
      }
      console.log(
        `extremes ${name} ${variant.name}: ${count} mul/sqr (reduced: and mul2; simd: and eq/isZero) at the bounds ${
          bounds.map((b) => `${b / p}p`).join(", ")
        } = BigInt`,
      );
    }
  }
  // Words at rest (the default lanes and the u32 lanes), and 30-bit limbs at rest (their own lanes).
  for (const [tower, w] of Object.values(TOWERS).flatMap((t) => [[t, 32], [t, 30]] as const)) {
    const c = montConstants(tower.fp.p, w), { p, R, n, stride } = c;
    const [ab, bb] = mulInputBounds(c).map(BigInt);
    const inv = modInverse(R % p, p);
    const rest = w === 32 ? {} : { mul: "reduced-simd" as const, radix: w, rest: "limbs" as const };
    for (const radix of w === 32 ? [defaultFp2LaneRadix(c), null] : [w]) {
      const inst = instantiate(
        buildFieldModule(p, { ...rest, extras: [fp2Extras(tower)], fp2Radix: radix }).bytes,
      );
      const [mul, sqr] = [inst.fn("fp2_mul"), inst.fn("fp2_sqr")];
      const as = extremes(ab * p, n, p, R, 4, w), bs = extremes(bb * p, n, p, R, 4, w);
      const ss = extremes(p, n, p, R, 4, w);
      const put = (slot: number, x0: bigint, x1: bigint) => {
        writeLimbs(inst, slot * stride, x0, n, w);
        writeLimbs(inst, (slot + 1) * stride, x1, n, w);
      };
      const get = () => [readLimbs(inst, 8 * stride, n, w), readLimbs(inst, 9 * stride, n, w)];
      const mod = (x: bigint) => ((x % p) + p) % p;
      let count = 0;
      for (let i = 0; i < as.length; i++) {
        for (let j = 0; j < bs.length; j++) {
          const [a0, a1, b0, b1] = [as[i], as[(i + 3) % as.length], bs[j], bs[(j + 5) % bs.length]];
          put(10, a0, a1), put(12, b0, b1);
          mul(8 * stride, 10 * stride, 12 * stride);
          assert.deepEqual(
            get(),
            [mod((a0 * b0 - a1 * b1) * inv), mod((a0 * b1 + a1 * b0) * inv)],
            `${tower.name} fp2_mul`,
          );
          count++;
        }
        const [s0, s1] = [ss[i % ss.length], ss[(i + 2) % ss.length]];
        put(10, s0, s1);
        sqr(8 * stride, 10 * stride);
        assert.deepEqual(
          get(),
          [mod((s0 * s0 - s1 * s1) * inv), mod(2n * s0 * s1 * inv)],
          `${tower.name} fp2_sqr`,
        );
        count++;
      }
      console.log(
        `extremes ${tower.name} ${radix === null ? "u32" : `w=${radix}`} lanes${
          w === 32 ? "" : " (limbs at rest)"
        }: ${count} fp2_mul/fp2_sqr at the bounds = BigInt`,
      );
    }
  }
});
