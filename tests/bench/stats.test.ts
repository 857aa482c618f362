import assert from "node:assert/strict";
import type { BenchCase } from "../../bench/case.ts";
import { makePlan, measureGroup } from "../../bench/measure.ts";
import {
  cyclesPerOp,
  ghzFromCpuinfo,
  ghzFromModel,
  median,
  modelFromCpuinfo,
  ratio,
} from "../../bench/stats.ts";
import { fastestPeer, formatRows, ratioText, type Row, toRows } from "../../bench/table.ts";

Deno.test("median: odd, even, unsorted, empty", () => {
  assert.equal(median([5]), 5);
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([10, 1, 1000, 2, 3]), 3);
  const xs = [3, 1, 2];
  median(xs);
  assert.deepEqual(xs, [3, 1, 2], "input not reordered");
  assert.throws(() => median([]), RangeError);
});

Deno.test("ratio is the time over the reference time", () => {
  assert.equal(ratio(42, 100), 0.42);
  assert.equal(ratio(300, 100), 3);
});

Deno.test("clock from the CPU model string", () => {
  assert.equal(ghzFromModel("11th Gen Intel(R) Core(TM) i9-11980HK @ 2.60GHz"), 2.6);
  assert.equal(ghzFromModel("Intel(R) Xeon(R) CPU E5-2680 v4 @2.40 GHz"), 2.4);
  assert.equal(ghzFromModel("Some CPU @ 800MHz"), 0.8);
  assert.equal(ghzFromModel("AMD EPYC 7B13"), null);
  assert.equal(ghzFromModel("Apple M1"), null);
});

Deno.test("clock and model from /proc/cpuinfo", () => {
  const text = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\n" +
    "stepping\t: 1\ncpu MHz\t\t: 2095.997\ncache size\t: 512 KB\n\nprocessor\t: 1\ncpu MHz\t\t: 3000.000\n";
  assert.ok(Math.abs((ghzFromCpuinfo(text) ?? 0) - 2.095997) < 1e-12, "first cpu MHz line");
  assert.equal(modelFromCpuinfo(text), "AMD EPYC 7B13");
  assert.equal(ghzFromCpuinfo("processor\t: 0\nmodel name\t: ARMv8\n"), null);
  assert.equal(modelFromCpuinfo(""), null);
});

Deno.test("cycles per operation", () => {
  assert.equal(cyclesPerOp(97342, 2.6), 253089);
  assert.equal(cyclesPerOp(109.5, 2.096), 230);
  assert.equal(cyclesPerOp(1000, null), null);
});

const row = (lib: Row["lib"], backend: Row["backend"], nsPerOp: number): Row => ({
  suite: "s",
  op: "o",
  lib,
  backend,
  nsPerOp,
  opsPerSec: 1e9 / nsPerOp,
  cycles: null,
});

Deno.test("rows: isochron first, ratio against the fastest peer only", () => {
  const fake = (lib: Row["lib"], backend: Row["backend"], nsPerOp: number) => ({
    case: { suite: "s", op: "o", lib, backend, setup: () => () => 0 } as BenchCase,
    nsPerOp,
    samples: 5,
    batch: 1,
  });
  const rows = toRows([
    fake("webcrypto", "native", 300),
    fake("noble", "bigint", 100),
    fake("isochron", "ts", 80),
    fake("isochron", "wasm", 42),
  ], 2);
  assert.deepEqual(rows.map((r) => `${r.lib}/${r.backend}`), [
    "isochron/wasm",
    "isochron/ts",
    "noble/bigint",
    "webcrypto/native",
  ]);
  assert.equal(rows[0].cycles, 84);
  assert.equal(rows[0].opsPerSec, 23809523.81);
  const peer = fastestPeer(rows);
  assert.equal(peer?.lib, "noble");
  assert.equal(ratioText(rows[0], peer), "0.42× noble");
  assert.equal(ratioText(rows[3], peer), "3.00× noble");
  assert.equal(ratioText(row("noble", "bigint", 1500), row("noble", "bigint", 100)), "15.0× noble");
  assert.equal(fastestPeer([row("isochron", "wasm", 1)]), null);
  assert.equal(ratioText(rows[0], null), "-");
  const lines = formatRows(rows, { op: 3, lib: 18 });
  assert.equal(lines.length, 4);
  assert.match(
    lines[0],
    /^s o {2}isochron \(wasm\) +23809523\.810 ops\/s +42\.0 ns\/op +84 cycles {2}0\.42× noble$/,
  );
});

Deno.test("measureGroup: sync and async cases, failures drop only their row", async () => {
  const failures: string[] = [];
  let calls = 0;
  const base = { suite: "t", op: "op" } as const;
  const cases: BenchCase[] = [
    { ...base, lib: "noble", backend: "bigint", setup: () => () => ++calls },
    { ...base, lib: "webcrypto", backend: "native", async: true, setup: () => () => Promise.resolve(1) },
    {
      ...base,
      lib: "blst",
      backend: "native",
      setup: () => {
        throw new Error("not installed");
      },
    },
    {
      ...base,
      lib: "tweetnacl",
      backend: "js",
      setup: () => {
        let n = 0;
        return () => {
          if (++n > 50) throw new Error("boom");
        };
      },
    },
  ];
  const out = await measureGroup(cases, makePlan(5), (c, stage) => failures.push(`${c.lib}:${stage}`));
  assert.deepEqual(out.map((m) => m.case.lib), ["noble", "webcrypto"]);
  assert.deepEqual(failures.sort(), ["blst:setup", "tweetnacl:measurement"]);
  for (const m of out) {
    assert.ok(m.nsPerOp > 0 && Number.isFinite(m.nsPerOp));
    assert.ok(m.samples >= 5 && m.batch >= 1);
  }
  assert.ok(calls > 0);
});
