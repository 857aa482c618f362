// The interval analysis of X25519's wasm module on its emitted bytes: every field function, the
// inversion (modular, through its callees' proven contracts), both ladders (loops to an inductive
// invariant) and the positive controls (tests/bounds/README.md, "wasm limbs").
import assert from "node:assert/strict";
import { x25519Layout } from "../internal.ts";
import {
  analyseFe,
  callees,
  feContract,
  inside,
  LOOSE,
  slotAt,
  TIGHT,
  TWICE_TIGHT,
  widest,
  x25519Interpreter,
} from "./wasm_x25519_analysis.ts";
import type { Contract, Range, Report } from "./wasm_interval.ts";
import { X25519_LEAF_BOUNDS, type X25519Bound } from "./leaf_bounds.ts";
import {
  analyseBase,
  analyseRecode,
  baseModule,
  checkRegions,
  DIGIT_BOUNDS,
  maddViolations,
  startRegion,
  tableRegion,
} from "./wasm_x25519_base.ts";

const print = (fn: string, ins: string, out: readonly Range[], claim: string, r: Report) =>
  console.log(
    `x25519 ${fn}: in ${ins} → out |limbs| ≤ ${widest(out)} (${claim}); max ${r.maxBits} bits; ` +
      `wraps ${r.wraps.length}; ${r.steps} steps`,
  );

const BOUND: Record<Exclude<X25519Bound, "bytes">, readonly Range[]> = {
  tight: TIGHT,
  loose: LOOSE,
  "2tight": TWICE_TIGHT,
};
const row = (fn: string) => X25519_LEAF_BOUNDS.find((r) => r.fn === fn)!;

/** Contracts of the functions the drivers call: operands loose, result tight (proven below). */
function contracts(a: ReturnType<typeof x25519Interpreter>): Map<number, Contract> {
  const m = new Map<number, Contract>();
  for (const fn of ["fe_mul", "fe_sq", "fe_invert"]) {
    const inputs = fn === "fe_mul" ? [1, 2] : [1];
    m.set(a.indexOf(fn), feContract(fn, inputs, 0, LOOSE, TIGHT));
  }
  m.set(a.indexOf("fe_mul_a24"), feContract("fe_mul_a24", [1], 0, LOOSE, TIGHT));
  m.set(a.indexOf("fe_mul_a24_add"), feContract("fe_mul_a24_add", [1, 2], 0, LOOSE, TIGHT));
  m.set(a.indexOf("fe_tobytes"), toBytesContract);
  return m;
}

/** fe_tobytes(s, a): a within loose (checked); its four words, the top one < 2^63 (proven below). */
const toBytesContract: Contract = (x, args) => {
  const words = [0, 1, 2, 3].map((j) => ({ lo: 0n, hi: j === 3 ? (1n << 63n) - 1n : (1n << 64n) - 1n }));
  const operand = x.readLimbs(args[1], 8, 10, true);
  feContract("fe_tobytes", [1], 1, LOOSE, LOOSE)(x, [args[0], args[1]]); // checks the operand
  x.writeLimbs(args[1], 8, operand); // (the check rewrote it within the same bound)
  x.writeLimbs(args[0], 8, words);
};

Deno.test("bounds wasm x25519: field functions meet their stated limb bounds, no wrap", () => {
  assert.ok(inside(TWICE_TIGHT, LOOSE));
  for (const fn of ["fe_mul", "fe_sq", "fe_mul_a24", "fe_mul_a24_add", "fe_carry", "fe_add", "fe_sub"]) {
    const { inputs, output } = row(fn);
    const ins = inputs.map((b) => BOUND[b as keyof typeof BOUND]), out = BOUND[output as keyof typeof BOUND];
    const x = analyseFe(fn, ins);
    print(fn, inputs.join(", "), x.out, output, x.report);
    assert.deepEqual(x.report.wraps, [], fn);
    assert.deepEqual(x.report.reinterprets, [], fn);
    assert.ok(inside(x.out, out), `${fn}: output ${x.out.map((r) => `[${r.lo}, ${r.hi}]`)}`);
  }
});

Deno.test("bounds wasm x25519: cswap, frombytes, tobytes", () => {
  // fe_cswap(a, b, flag), flag 0 and 1: each output is a or b (the masked select), so tight.
  assert.deepEqual(row("fe_cswap"), { fn: "fe_cswap", inputs: ["tight", "tight"], output: "tight" });
  assert.deepEqual(row("fe_frombytes"), { fn: "fe_frombytes", inputs: ["bytes"], output: "tight" });
  assert.deepEqual(row("fe_tobytes"), { fn: "fe_tobytes", inputs: ["loose"], output: "bytes" });
  for (const flag of [0, 1]) {
    const a = x25519Interpreter();
    a.seedLimbs(0, 8, TIGHT);
    a.seedLimbs(x25519Layout.FE_BYTES, 8, TIGHT);
    const r = a.run("fe_cswap", [0, x25519Layout.FE_BYTES, flag]);
    const out = [...a.readLimbs(0, 8, 10, true), ...a.readLimbs(x25519Layout.FE_BYTES, 8, 10, true)];
    print(`fe_cswap (flag ${flag})`, "tight, tight", out, "tight", r);
    assert.ok(inside(out, [...TIGHT, ...TIGHT]));
    assert.deepEqual(r.wraps, []);
  }
  // fe_frombytes(o, s): any 32 bytes (bit 255 ignored) → tight.
  {
    const a = x25519Interpreter();
    a.seedUnknown(x25519Layout.U, 40); // the last limb's 8-byte load reads 4 bytes past the 32
    const r = a.run("fe_frombytes", [0, x25519Layout.U]);
    const out = a.readLimbs(0, 8, 10, true);
    print("fe_frombytes", "any 32 bytes", out, "tight", r);
    assert.ok(inside(out, TIGHT));
    assert.deepEqual(r.wraps, []);
  }
  // fe_tobytes(s, a): loose → 4 words; the top word < 2^63 (bit 255 clear) by intervals; the value
  // < p by algebra: two floor passes give V ∈ [0, 2^255), q = ⌊(V + 19) / 2^255⌋ = [V ≥ p], V − q·p.
  {
    const a = x25519Interpreter();
    a.seedLimbs(x25519Layout.FE_BYTES, 8, LOOSE);
    const r = a.run("fe_tobytes", [x25519Layout.OUT, x25519Layout.FE_BYTES]);
    const words = a.readLimbs(x25519Layout.OUT, 8, 4);
    print("fe_tobytes", "loose", words, "4 words, top < 2^63: < 2^255; < p by algebra", r);
    assert.ok(words[3].hi < 1n << 63n, `top word ${words[3].hi}`);
    // Intended: packing word j shifts a limb that straddles bit 64(j + 1) left past bit 64 (i64.shl
    // wraps) and ORs it in: only bits [64j, 64j + 64) are meant to stay, the rest is stored in word
    // j + 1 from the limb shifted right. So the wraps are shl, read only by the word's or.
    assert.ok(r.wraps.every((w) => w.op === "i64.shl"), "tobytes: only the packing shifts wrap");
    assert.ok(r.reinterprets.every((w) => w.op === "i64.or"), "tobytes: only the packing ors read them");
    console.log(
      `x25519 fe_tobytes intended wraps: ${
        r.wraps.map((w) => `${w.op} @0x${w.offset.toString(16)}`).join(", ")
      } (read by ${r.reinterprets.map((w) => `${w.op} @0x${w.offset.toString(16)}`).join(", ")})`,
    );
  }
});

Deno.test("bounds wasm x25519: fe_invert through its callees' proven contracts", () => {
  // fe_invert = fe_tobytes (loose → four words, proven below) into INV_BYTES, fe_invert_bytes there
  // (the binary GCD of wasm/inverse.ts: any four words here; its values are checked against BigInt in
  // tests/field/algorithms_wasm_inverse.test.ts), then fe_frombytes run on them (any bytes → tight).
  const run = (decode?: Contract) => {
    const a = x25519Interpreter();
    const names = callees(a, a.indexOf("fe_invert")).map((f) =>
      a.module.functions[f - a.module.imports.length].name
    );
    assert.deepEqual(names, ["fe_tobytes", "fe_invert_bytes", "fe_frombytes"]);
    const any = [0, 1, 2, 3].map(() => ({ lo: 0n, hi: (1n << 64n) - 1n }));
    a.contracts.set(a.indexOf("fe_tobytes"), toBytesContract);
    a.contracts.set(a.indexOf("fe_invert_bytes"), (x, args) => x.writeLimbs(args[0], 8, any));
    if (decode !== undefined) a.contracts.set(a.indexOf("fe_frombytes"), decode);
    a.seedUnknown(x25519Layout.INV_BYTES + 32, 8); // fe_frombytes' last load reads 8 bytes from byte 28
    a.seedLimbs(slotAt(1), 8, LOOSE);
    const report = a.run("fe_invert", [slotAt(0), slotAt(1)]);
    return { out: a.readLimbs(slotAt(0), 8, 10, true), report };
  };
  assert.deepEqual(row("fe_invert"), { fn: "fe_invert", inputs: ["loose"], output: "tight" });
  const { out, report } = run();
  print("fe_invert", "loose", out, "tight: fe_tobytes, fe_invert_bytes (any bytes), fe_frombytes", report);
  assert.ok(inside(out, TIGHT));
  assert.deepEqual(report.wraps, []);
  // control: a decoding that returned loose limbs would not give a tight inverse
  const loose = run((x, args) => x.writeLimbs(args[0], 8, LOOSE)).out;
  assert.ok(!inside(loose, TIGHT));
});

/** Runs a ladder on unknown scalar and u bytes; returns its report. */
function ladder(name: "x25519" | "x25519_calls", withContracts: boolean) {
  const a = x25519Interpreter();
  // The epilogue's fe_invert and fe_mul (and, for the call shape, every product) by contract.
  const all = contracts(a);
  if (!withContracts) { for (const n of ["fe_sq", "fe_mul_a24", "fe_mul_a24_add"]) all.delete(a.indexOf(n)); }
  for (const [i, c] of all) a.contracts.set(i, c);
  a.seedUnknown(x25519Layout.K, 32);
  a.seedUnknown(x25519Layout.U, 40); // fe_frombytes' last 8-byte load reads 4 bytes past u
  const report = a.run(name, [x25519Layout.OUT, x25519Layout.K, x25519Layout.U]);
  return { a, report };
}

for (const [name, shape] of [["x25519", "inline"]] as const) {
  Deno.test(`bounds wasm x25519: the ${shape} ladder's loop has an inductive invariant within tight`, () => {
    const { report } = ladder(name, false);
    assert.equal(report.loops.length, 1);
    // buildLadder allocates x1, x2, z2, x3, z3 first: locals 3 … 52 (after the three parameters).
    const head = report.heads[0].locals.slice(3, 53) as Range[];
    const names = ["x1", "x2", "z2", "x3", "z3"];
    for (let e = 0; e < 5; e++) {
      const limbs = head.slice(10 * e, 10 * e + 10);
      assert.ok(
        inside(limbs, TIGHT),
        `${names[e]} at the loop head: ${limbs.map((r) => `[${r.lo}, ${r.hi}]`)}`,
      );
    }
    print(
      `${name} (${shape} ladder)`,
      "any k, u",
      head,
      `loop head x1..z3 ⊆ tight after ${report.loops[0]} iterations`,
      report,
    );
    assert.deepEqual(report.wraps, []);
    assert.deepEqual(report.reinterprets, []);
  });
}

/** The ladder state x1, x2, z2, x3, z3 at the loop head, for the shape that keeps it in memory. */
function memoryState(report: Report): Range[] {
  const cells = report.heads[0].cells;
  const state = x25519Layout.LADDER_STATE;
  const all: Range[] = [];
  for (let e = 0; e < 5; e++) {
    const limbs = Array.from({ length: 10 }, (_, k) => cells.get(state + x25519Layout.FE_BYTES * e + 8 * k)!);
    assert.ok(inside(limbs, TIGHT), `state element ${e}: ${limbs.map((r) => `[${r.lo}, ${r.hi}]`)}`);
    all.push(...limbs);
  }
  return all;
}

Deno.test("bounds wasm x25519: the call-shaped ladder's state stays tight (contracts of every product)", () => {
  const { report } = ladder("x25519_calls", true);
  assert.equal(report.loops.length, 1);
  print(
    "x25519_calls (call ladder)",
    "any k, u",
    memoryState(report),
    `loop head state ⊆ tight after ${report.loops[0]} iterations; every call's operands ⊆ loose`,
    report,
  );
  assert.deepEqual(report.wraps, []);
  assert.deepEqual(report.reinterprets, []);
});

Deno.test("bounds wasm x25519: positive controls, fe_mul with operands one bit wider than loose", () => {
  const a = x25519Interpreter();
  const mul = a.indexOf("fe_mul");
  const contract = feContract("fe_mul", [1, 2], 0, LOOSE, TIGHT);
  const wider = (r: Range) => ({ lo: 2n * r.lo - 1n, hi: 2n * r.hi + 1n });
  // One limb one bit wider: outside fe_mul's accepted bound, which every caller's check reports
  // (fe_mul itself has slack: its columns stay below 2^62 and its output tight, printed).
  for (const limb of [0, 9]) {
    const wide = LOOSE.map((r, k) => (k === limb ? wider(r) : r));
    const x = analyseFe("fe_mul", [wide, LOOSE]);
    console.log(
      `x25519 control fe_mul limb ${limb} one bit wider: out |limbs| ≤ ${
        widest(x.out)
      }, max ${x.report.maxBits} bits`,
    );
    const b = x25519Interpreter();
    b.seedLimbs(80, 8, wide);
    b.seedLimbs(160, 8, LOOSE);
    assert.throws(() => contract(b, [0, 80, 160]), /outside/);
  }
  // Every limb of both operands one bit wider: still no wrap (columns < 2^63: loose has a bit of
  // slack); two bits wider: the columns pass 2^63 and the analysis reports the wraps.
  const one = analyseFe(mul, [LOOSE.map(wider), LOOSE.map(wider)]);
  console.log(
    `x25519 control fe_mul all limbs one bit wider: max ${one.report.maxBits} bits, ${one.report.wraps.length} wraps`,
  );
  const all = LOOSE.map(wider).map(wider);
  const x = analyseFe(mul, [all, all]);
  console.log(
    `x25519 control fe_mul all limbs two bits wider: ${x.report.wraps.length} wraps, e.g. ${
      x.report.wraps[0]?.op
    } @0x${x.report.wraps[0]?.offset.toString(16)}`,
  );
  assert.ok(x.report.wraps.length > 0, "the widened product must wrap");
});

// ---- the fixed-base functions (wasm_x25519_base.ts): recode and x25519_base ----

Deno.test("bounds wasm x25519: recode's digits within [−16, 16) (top digit [0, 2]), checked on the real code", () => {
  const { digits, report } = analyseRecode();
  digits.forEach((d, i) =>
    assert.ok(inside([d], [DIGIT_BOUNDS[i]]), `digit ${i} in [${d.lo}, ${d.hi}] outside its stated bound`)
  );
  assert.deepEqual(report.wraps, []);
  assert.deepEqual(report.reinterprets, []);
  console.log(
    `x25519 recode: in any 32 scalar bytes → e_0..e_49 ∈ [${digits[0].lo}, ${digits[0].hi}], e_50 ∈ [${
      digits[50].lo
    }, ${digits[50].hi}]; max ${report.maxBits} bits; wraps 0; ${report.steps} steps`,
  );
  // The real recode on extreme and random scalars: every digit inside the proven range and
  // Σ e_i·32^i = k' = bits [3, 254) of the scalar.
  const e = new WebAssembly.Instance(new WebAssembly.Module(baseModule(true) as Uint8Array<ArrayBuffer>), {})
    .exports as unknown as { memory: WebAssembly.Memory; recode(e: number, k: number): void };
  const mem = new Uint8Array(e.memory.buffer), view = new DataView(e.memory.buffer);
  const scalars = [new Uint8Array(32), new Uint8Array(32).fill(0xff), new Uint8Array(32).fill(0x84)];
  for (const b of [0x0f, 0xf0, 0x7c]) scalars.push(new Uint8Array(32).map((_, j) => (j % 2 ? b : 0xff - b)));
  for (let n = 0; n < 32; n++) scalars.push(crypto.getRandomValues(new Uint8Array(32)));
  for (const k of scalars) {
    mem.set(k, x25519Layout.KC);
    mem.fill(0xff, x25519Layout.KC + 32, x25519Layout.KC + 40); // the masked bytes past the scalar
    e.recode(x25519Layout.DIGITS, x25519Layout.KC);
    let sum = 0n;
    for (let i = x25519Layout.TABLE_ROWS - 1; i >= 0; i--) {
      const d = view.getInt32(x25519Layout.DIGITS + 4 * i, true);
      assert.ok(d >= digits[i].lo && d <= digits[i].hi, `real digit ${i} = ${d}`);
      sum = 32n * sum + BigInt(d);
    }
    const kv = k.reduceRight((acc, x) => 256n * acc + BigInt(x), 0n);
    assert.equal(sum, (kv >> 3n) & ((1n << 251n) - 1n));
  }
});

Deno.test("bounds wasm x25519: the seeded table regions hold the table the module builds", () => {
  for (const simd of [true, false]) {
    const n = checkRegions(simd, [tableRegion(), startRegion()]);
    assert.equal(n, x25519Layout.TABLE_ROWS * x25519Layout.TABLE_COLS * x25519Layout.ENTRY_LANES + 40);
  }
  // Control: a bound a quarter of tight is refused by the real table.
  const quarter = TIGHT.map((r) => ({ lo: r.lo / 4n, hi: r.hi / 4n }));
  assert.throws(() => checkRegions(true, [tableRegion(quarter)]), /outside/);
  assert.throws(() => checkRegions(true, [startRegion(quarter)]), /outside/);
});

Deno.test("bounds wasm x25519: x25519_base's row loop has an inductive invariant within tight", () => {
  for (const simd of [true, false]) {
    const x = analyseBase({ simd });
    assert.deepEqual(x.report.loops, [3], "the row loop's fixed point");
    assert.ok(inside(x.head, [...TIGHT, ...TIGHT, ...TIGHT, ...TIGHT]), "h at the loop head");
    assert.deepEqual(maddViolations(x), [], "the mixed addition's inputs (h, the selected entry) tight");
    assert.ok(x.digit.lo >= -16n && x.digit.hi <= 15n, `digit in [${x.digit.lo}, ${x.digit.hi}]`);
    assert.ok(x.visits >= 3);
    assert.deepEqual(x.report.wraps, []);
    assert.deepEqual(x.report.reinterprets, []);
    assert.ok(x.words[3].hi < 1n << 63n);
    print(
      `x25519_base (${simd ? "simd" : "scalar"} scan)`,
      "any k, table and start ⊆ tight",
      x.head,
      `loop head h ⊆ tight after ${
        x.report.loops[0]
      } iterations; scan output ⊆ tight; digit ∈ [${x.digit.lo}, ${x.digit.hi}]; ` +
        "fe_add, fe_sub, fe_invert, fe_mul, fe_tobytes by contract",
      x.report,
    );
  }
});

Deno.test("bounds wasm x25519: x25519_base positive controls (table one bit wider, reads outside the region)", () => {
  const wider = TIGHT.map((r) => ({ lo: 2n * r.lo - 1n, hi: 2n * r.hi + 1n }));
  for (const simd of [true, false]) {
    const x = analyseBase({ simd, regions: [tableRegion(wider), startRegion()] });
    const v = maddViolations(x);
    console.log(
      `x25519 control x25519_base (${
        simd ? "simd" : "scalar"
      }) table one bit wider: ${v.length} violations, e.g. ${v[0]}; ${x.report.wraps.length} wraps`,
    );
    assert.ok(v.length > 0, "a wider table must show in the selected entry");
  }
  // Without tabulation the masks are not known to be exclusive: already in the first row the
  // selection's or is not one entry (run to the end, the widened point never reaches a fixed point).
  for (const simd of [true, false]) {
    const plain = analyseBase({ simd, tabulate: 0, firstRowOnly: true });
    const v = maddViolations(plain);
    console.log(
      `x25519 control x25519_base (${simd ? "simd" : "scalar"}) without tabulation: first row ${v[0]}`,
    );
    assert.ok(v.length > 0, "without tabulation the scan's output is wider than tight");
  }
  // A region one row short, a base off by half a lane, a wrong record size: the reads are refused.
  const short = tableRegion(TIGHT, { count: (x25519Layout.TABLE_ROWS - 1) * x25519Layout.TABLE_COLS });
  assert.throws(() => analyseBase({ simd: true, regions: [short, startRegion()] }), /outside/);
  for (const simd of [true, false]) {
    const half = tableRegion(TIGHT, { base: x25519Layout.TABLE - 2 });
    assert.throws(() => analyseBase({ simd, regions: [half, startRegion()] }), /cell boundaries/);
  }
  // A base off by a whole lane still reads on cells (each lane is one), so the analysis cannot see
  // it; the real table refuses that layout (lane 29's limb lands on the zero padding cell).
  const lane = tableRegion(TIGHT, { base: x25519Layout.TABLE - 4 });
  assert.throws(() => checkRegions(true, [lane]), /outside/);
  const stride = tableRegion(TIGHT, { stride: x25519Layout.ENTRY_BYTES + 4 });
  assert.throws(
    () => analyseBase({ simd: true, regions: [stride, startRegion()] }),
    /whole number of records|several region cells/, // (the longer region also covers the start point)
  );
  // No start point region: its loads read unseeded memory.
  assert.throws(() => analyseBase({ simd: true, regions: [tableRegion()] }), /unseeded/);
});
