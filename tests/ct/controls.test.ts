// Positive and negative controls of the constant-time harness: each leaky control must be caught
// (the test fails if the harness stops catching it), each clean control must pass.

// First import on purpose: its function is compiled before block coverage starts (see the file).
import { early } from "./fixtures/precompiled.ts";
import assert from "node:assert/strict";
import {
  assertConstantFlow,
  assertCountedLoopsOnly,
  assertNoBranches,
  assertSameAccessSequence,
  isLibraryScript,
  LIBRARY_ROOT,
  secretIndices,
  secretsForModulus,
  standardSecrets32,
} from "./registry.ts";
import {
  cleanMix,
  ctSelect,
  halfScanSelect,
  leakyBit,
  leakyLoop,
  leakySelect,
} from "./fixtures/controls_lib.ts";
import { assemble, EMPTY, I32 } from "./fixtures/wasm_bytes.ts";
import { expectBytes } from "../internal.ts";

const fixtures = (url: string) => url.includes("/tests/ct/fixtures/");
const secrets = standardSecrets32();

// ---- (1) control flow -------------------------------------------------------------------------

Deno.test("flow: a branch on a secret bit is caught, with file, function and line", async () => {
  await assert.rejects(
    assertConstantFlow("leakyBit", (s: Uint8Array) => leakyBit(s), secrets, { include: fixtures }),
    (e: Error) => {
      assert.match(e.message, /depend on the secret/);
      assert.match(e.message, /controls_lib\.ts function leakyBit/);
      assert.match(e.message, /line \d+ \(offset \d+\): `.*`/);
      assert.match(e.message, /≈ controls_lib\.ts line \d+/);
      return true;
    },
  );
});

Deno.test("flow: a loop whose length is the secret is caught", async () => {
  await assert.rejects(
    assertConstantFlow("leakyLoop", (s: Uint8Array) => leakyLoop(s), secrets, { include: fixtures }),
    /leakyLoop/,
  );
});

Deno.test("flow: clean straight-line code passes", async () => {
  const report = await assertConstantFlow("cleanMix", (s: Uint8Array) => cleanMix(s), secrets, {
    include: fixtures,
  });
  assert.equal(report.runs, secrets.length);
  assert.ok(report.functions.some((f) => f.endsWith("controls_lib.ts#cleanMix")));
  assert.ok(report.blockExecutions > 0);
});

Deno.test("flow: the contract lookup ctSelect has no branch on the index", async () => {
  const table = Uint32Array.from({ length: 16 * 4 }, (_, i) => i * 0x01010101);
  const out = new Uint32Array(4);
  await assertConstantFlow("ctSelect", (i: number) => ctSelect(out, table, 4, 16, i), secretIndices(16), {
    include: fixtures,
  });
});

Deno.test("flow: a run that reaches no library code fails instead of passing vacuously", async () => {
  await assert.rejects(assertConstantFlow("nothing", () => {}, secrets), /no included function ran/);
});

Deno.test("flow: a function compiled before coverage started is refused", async () => {
  // Normally: "call counts only". Under `deno test --coverage` block coverage was on from the
  // start, so the branch itself is seen. Either way the proof must not pass.
  await assert.rejects(
    assertConstantFlow("early", (s: Uint8Array) => early(s), secrets, { include: fixtures }),
    /call counts only|depend on the secret/,
  );
});

Deno.test("flow: the default filter measures library files only, found from the harness location", async () => {
  assert.ok(LIBRARY_ROOT.startsWith("file:///") && LIBRARY_ROOT.endsWith("/"));
  assert.ok(
    new URL("tests/ct/coverage.ts", LIBRARY_ROOT).href === new URL("./coverage.ts", import.meta.url).href,
  );
  assert.ok(isLibraryScript(LIBRARY_ROOT + "wasm/emitter.ts"));
  assert.ok(isLibraryScript(LIBRARY_ROOT + "errors.ts"));
  for (const dir of ["tests/ct/x.ts", "node_modules/a/b.js", ".cache/deno/npm/x.js", "bench/b.ts"]) {
    assert.ok(!isLibraryScript(LIBRARY_ROOT + dir), dir);
  }
  assert.ok(!isLibraryScript("ext:core/01_core.js"));
  assert.ok(!isLibraryScript("file:///elsewhere/errors.ts"));
  // End to end on a real library file (errors.ts), with the default filter.
  const report = await assertConstantFlow("expectBytes", (s: Uint8Array) => expectBytes(s, 32, "k"), secrets);
  assert.ok(report.functions.some((f) => f.endsWith("/errors.ts#expectBytes")), report.functions.join());
});

Deno.test("flow: hot, optimized functions are measured exactly (no false alarm, leak still caught)", async () => {
  // Optimized code does not count invocations, and V8 then leaves some functions out of a report;
  // coverage.ts deoptimizes before each run. This test fails if that stops working.
  let sink = 0;
  for (let i = 0; i < 20000; i++) sink += cleanMix(secrets[i % secrets.length]) + leakyLoop(secrets[0]);
  const fixed = new Uint8Array(32).fill(1);
  await assertConstantFlow(
    "hot",
    (s: Uint8Array) => {
      for (let i = 0; i < 2000; i++) sink += leakyLoop(fixed);
      sink += cleanMix(s);
    },
    secrets,
    { include: fixtures },
  );
  await assert.rejects(
    assertConstantFlow(
      "hot leak",
      (s: Uint8Array) => {
        for (let i = 0; i < 2000; i++) sink += leakyBit(s);
      },
      secrets,
      { include: fixtures },
    ),
    /function leakyBit.*ran 0× for secret #0 but 2000× for secret #1/,
  );
  assert.ok(sink !== 0);
});

// ---- (2) memory access ------------------------------------------------------------------------

const TABLE = Uint32Array.from({ length: 16 * 4 }, (_, i) => (i * 0x9e3779b9) >>> 0);

Deno.test("access: indexing a table by the secret is caught", () => {
  const out = new Uint32Array(4);
  assert.throws(
    () =>
      assertSameAccessSequence(
        "leakySelect",
        (i, t) => leakySelect(out, t.wrap(TABLE), 4, i),
        secretIndices(16),
      ),
    /access sequence depends on the secret: access #0 is t0\[0\] for secret #0 but t0\[4\] for secret #1/,
  );
});

Deno.test("access: the contract lookup passes, reads every entry and selects correctly", () => {
  const out = new Uint32Array(4);
  const report = assertSameAccessSequence(
    "ctSelect",
    (i, t) => {
      ctSelect(t.wrap(out, "out"), t.wrap(TABLE, "table"), 4, 16, i);
      assert.deepEqual([...out], [...TABLE.subarray(4 * i, 4 * i + 4)]);
    },
    secretIndices(16),
    { fullScan: true },
  );
  assert.equal(report.events.filter((e) => e.startsWith("table[")).length, 64);
});

Deno.test("access: a lookup that skips entries fails the full-scan check", () => {
  const out = new Uint32Array(4);
  const run = (i: number, t: { wrap: <T extends object>(x: T) => T }) =>
    halfScanSelect(out, t.wrap(TABLE), 4, 16, i);
  assertSameAccessSequence("halfScan", run, secretIndices(16)); // same sequence …
  assert.throws(
    () => assertSameAccessSequence("halfScan", run, secretIndices(16), { fullScan: true }),
    /never read/,
  );
});

Deno.test("access: secret-dependent subarray calls and a run without tables are caught", () => {
  assert.throws(
    () =>
      assertSameAccessSequence("subarray", (i: number, t) => t.wrap(TABLE).subarray(4 * i, 4 * i + 4), [
        0,
        1,
      ]),
    /t0\.subarray\(0,4\) for secret #0 but t0\.subarray\(4,8\)/,
  );
  assert.throws(() => assertSameAccessSequence("none", () => {}, [0, 1]), /wrapped no table/);
});

// ---- (3) wasm -------------------------------------------------------------------------------

// Function bodies, byte by byte (opcodes: WebAssembly Core Specification 2.0, 5.4).
const BR_IF_ON_DATA = [0x41, 7, 0x20, 0, 0x0d, 0, 0x1a, 0x41, 9, 0x0b]; // i32.const 7; local.get 0; br_if 0; drop; i32.const 9
const SELECT = [0x20, 0, 0x20, 1, 0x20, 2, 0x1b, 0x0b]; // local.get 0 1 2; select
const XOR = [0x20, 0, 0x20, 1, 0x73, 0x0b]; // local.get 0 1; i32.xor
const COUNTED = [
  ...[0x03, EMPTY], // loop
  ...[0x20, 2, 0x20, 0, 0x6a, 0x21, 2], //   acc = acc + p
  ...[0x20, 1, 0x41, 1, 0x6a, 0x21, 1], //   i = i + 1
  ...[0x20, 1, 0x41, 8, 0x49, 0x0d, 0], //   br_if 0 (i <u 8)
  ...[0x0b, 0x20, 2, 0x0b], // end; acc
];
const f = (body: number[], name: string, params = [I32], locals: number[] = []) => ({
  params,
  results: [I32],
  locals,
  body,
  export: name,
});

Deno.test("wasm: br_if on data is caught by both rules", () => {
  const bytes = assemble([f(BR_IF_ON_DATA, "leak")]);
  assert.equal(
    (new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.leak as (x: number) => number)(0),
    9,
  );
  assert.throws(() => assertNoBranches(bytes, ["leak"]), /"no branches": export "leak".*br_if 0 @0x/);
  assert.throws(
    () => assertCountedLoopsOnly(bytes, ["leak"]),
    /"counted loops only".*br_if must test a loop counter/,
  );
});

Deno.test("wasm: select is caught by both rules, also through a call", () => {
  const bytes = assemble([
    f(SELECT, "sel", [I32, I32, I32]),
    f([0x20, 0, 0x20, 1, 0x20, 2, 0x10, 0, 0x0b], "outer", [I32, I32, I32]),
  ]);
  assert.throws(() => assertNoBranches(bytes, ["sel"]), /select/);
  assert.throws(() => assertCountedLoopsOnly(bytes, ["sel"]), /select/);
  assert.throws(() => assertNoBranches(bytes, ["outer"]), /export "outer" breaks it: .*call 0 .*select/);
  assert.throws(() => assertCountedLoopsOnly(bytes), /select/); // default: every export
});

Deno.test("wasm: clean straight-line code passes, also with calls to straight-line code", () => {
  const bytes = assemble([
    f(XOR, "xor", [I32, I32]),
    f([0x20, 0, 0x20, 1, 0x10, 0, 0x0b], "outer", [I32, I32]),
  ]);
  assertNoBranches(bytes, ["xor", "outer"]);
  assertCountedLoopsOnly(bytes);
});

Deno.test("wasm: a counted loop passes rule (b), not rule (a)", () => {
  const bytes = assemble([f(COUNTED, "loop8", [I32], [I32, I32])]);
  assert.equal(
    (new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.loop8 as (x: number) => number)(5),
    40,
  );
  assertCountedLoopsOnly(bytes, ["loop8"]);
  assert.throws(() => assertNoBranches(bytes, ["loop8"]), /a branch/);
});

Deno.test("wasm: other counted-loop shapes pass (countdown with tee, top test with back-edge br)", () => {
  const countdown = [
    ...[0x41, 8, 0x21, 1, 0x03, EMPTY], // i = 8; loop
    ...[0x20, 2, 0x20, 0, 0x6a, 0x21, 2], //   acc = acc + p
    ...[0x20, 1, 0x41, 1, 0x6b, 0x22, 1, 0x0d, 0], //   br_if 0 (i = i - 1)
    ...[0x0b, 0x20, 2, 0x0b],
  ];
  const topTest = [
    ...[0x02, EMPTY, 0x03, EMPTY], // block; loop
    ...[0x20, 1, 0x41, 8, 0x46, 0x0d, 1], //   br_if 1 (i == 8)
    ...[0x20, 2, 0x20, 0, 0x6a, 0x21, 2], //   acc = acc + p
    ...[0x41, 1, 0x20, 1, 0x6a, 0x21, 1, 0x0c, 0], //   i = 1 + i; br 0
    ...[0x0b, 0x0b, 0x20, 2, 0x0b],
  ];
  const bytes = assemble([f(countdown, "down", [I32], [I32, I32]), f(topTest, "top", [I32], [I32, I32])]);
  const e = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as Record<
    string,
    (x: number) => number
  >;
  assert.deepEqual([e.down(3), e.top(3)], [24, 24]);
  assertCountedLoopsOnly(bytes, ["down", "top"]);
});

Deno.test("wasm: loops on data, br to a block, br_table, division and imports are caught", () => {
  const fromParam = [0x20, 0, 0x21, 1, ...COUNTED]; // i = p (a parameter) before the loop
  const boundIsData = COUNTED.map((b, i) => (i === 18 && b === 0x41 ? 0x20 : i === 19 ? 0 : b)); // i <u p
  const brBlock = [0x02, EMPTY, 0x0c, 0, 0x0b, 0x20, 0, 0x0b];
  const brTable = [0x02, EMPTY, 0x20, 0, 0x0e, 0, 0, 0x0b, 0x20, 0, 0x0b];
  const div = [0x20, 0, 0x20, 0, 0x6e, 0x0b];
  const callImport = [0x20, 0, 0x10, 0, 0x0b];
  const bytes = assemble(
    [
      f(fromParam, "fromParam", [I32], [I32, I32]),
      f(boundIsData, "boundIsData", [I32], [I32, I32]),
      f(brBlock, "brBlock"),
      f(brTable, "brTable"),
      f(div, "div"),
      f(callImport, "callImport"),
    ],
    { imports: [{ params: [I32], results: [I32], body: [], export: "host" }] },
  );
  assert.throws(() => assertCountedLoopsOnly(bytes, ["fromParam"]), /br_if must test a loop counter/);
  assert.throws(() => assertCountedLoopsOnly(bytes, ["boundIsData"]), /br_if must test a loop counter/);
  assert.throws(() => assertCountedLoopsOnly(bytes, ["brBlock"]), /may only jump back to a loop/);
  assert.throws(() => assertCountedLoopsOnly(bytes, ["brTable"]), /br_table/);
  assert.throws(() => assertNoBranches(bytes, ["div"]), /i32\.div_u.*division/);
  assert.throws(() => assertNoBranches(bytes, ["callImport"]), /import env\.host/);
  assert.throws(() => assertNoBranches(bytes, ["missing"]), /no exported function "missing"/);
});

// ---- secrets ----------------------------------------------------------------------------------

Deno.test("secrets: standard and modulus sets are distinct, canonical and reproducible", () => {
  const s32 = standardSecrets32();
  assert.equal(s32.length, 13);
  assert.equal(new Set(s32.map((s) => s.join())).size, 13);
  assert.deepEqual(standardSecrets32(), s32);
  const p = 2n ** 255n - 19n;
  const ms = secretsForModulus(p, 32);
  const values = ms.map((b) => b.reduce((a, x) => (a << 8n) | BigInt(x), 0n));
  assert.ok(values.every((v) => v >= 0n && v < p));
  for (const v of [0n, 1n, p - 1n, p - 2n, (p - 1n) / 2n]) assert.ok(values.includes(v), `${v}`);
  const le = secretsForModulus(p, 32, { littleEndian: true });
  assert.deepEqual(le.map((b) => [...b].reverse().join()), ms.map((b) => b.join()));
});
