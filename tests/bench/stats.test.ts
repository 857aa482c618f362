import assert from "node:assert/strict";
import type { BenchCase } from "../../bench/case.ts";
import { makePlan, measureGroup } from "../../bench/measure.ts";
import { groupByOperation } from "../../bench/runner.ts";
import type { CpuInfo } from "../../bench/cpu.ts";
import {
  cyclesPerOp,
  ghzFromCpuinfo,
  ghzFromModel,
  iqrPercent,
  median,
  modelFromCpuinfo,
  quantile,
  ratio,
} from "../../bench/stats.ts";
import {
  clockText,
  countText,
  fastestPeer,
  formatColumns,
  formatHeader,
  formatRows,
  formatSummary,
  iqrText,
  ratioText,
  type Row,
  timeText,
  toRows,
} from "../../bench/table.ts";

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

Deno.test("quantiles and the IQR spread", () => {
  const xs = [7, 1, 3, 5, 9]; // sorted 1 3 5 7 9
  assert.equal(quantile(xs, 0), 1);
  assert.equal(quantile(xs, 1), 9);
  assert.equal(quantile(xs, 0.5), median(xs));
  assert.equal(quantile(xs, 0.25), 3);
  assert.equal(quantile([1, 2, 3, 4], 0.25), 1.75, "interpolated (type 7)");
  assert.equal(quantile([4], 0.75), 4);
  assert.deepEqual(xs, [7, 1, 3, 5, 9], "input not reordered");
  assert.throws(() => quantile([], 0.5), RangeError);
  assert.throws(() => quantile([1], 1.5), RangeError);
  assert.equal(iqrPercent([100, 100, 100, 100, 100]), 0);
  assert.equal(iqrPercent(xs), ((7 - 3) / 5) * 100);
  // sorted n = 6: q1 = 98.5, q3 = 104.25, median 101; the outlier 1000 moves q3 by a quarter step only
  assert.ok(Math.abs(iqrPercent([95, 98, 100, 102, 105, 1000]) - (5.75 / 101) * 100) < 1e-9);
});

Deno.test("scaled units: three significant digits in ns, µs, ms, s and k, M, G", () => {
  assert.equal(timeText(8.214), "8.21 ns");
  assert.equal(timeText(99.24), "99.2 ns");
  assert.equal(timeText(999.4), "999 ns");
  assert.equal(timeText(999.6), "1.00 µs", "rounding up moves to the next unit");
  assert.equal(timeText(3500), "3.50 µs");
  assert.equal(timeText(17_940), "17.9 µs");
  assert.equal(timeText(1_880_000), "1.88 ms");
  assert.equal(timeText(142_918_718), "143 ms");
  assert.equal(timeText(2.5e9), "2.50 s");
  assert.equal(timeText(4.2e12), "4200 s");
  assert.equal(timeText(0.5), "0.500 ns");
  assert.equal(countText(512), "512");
  assert.equal(countText(84), "84", "whole counts below 1000 as they are");
  assert.equal(countText(8.5), "8.50");
  assert.equal(countText(3_191_162.04), "3.19 M");
  assert.equal(countText(10_080), "10.1 k");
  assert.equal(countText(999_999), "1.00 M");
  assert.equal(countText(25.64), "25.6");
  assert.equal(countText(7e12), "7000 G");
  assert.equal(iqrText(0), "0.0%");
  assert.equal(iqrText(2.44), "2.4%");
  assert.equal(iqrText(12.8), "12.8%");
  assert.equal(iqrText(253.4), "253%");
});

const cpu = (ghz: number | null, clockSource: CpuInfo["clockSource"]): CpuInfo => ({
  model: "Test CPU",
  cores: 2,
  ghz,
  clockSource,
});

Deno.test("one sentence on the clock, true to where the clock came from", () => {
  const nominal = clockText(cpu(2.6, "model"));
  assert.match(nominal, /^Cycles ≈ time × 2\.600 GHz, the nominal clock in the CPU's model name; /);
  const current = clockText(cpu(2.096, "cpuinfo"));
  assert.match(current, /2\.096 GHz, the clock one core showed in \/proc\/cpuinfo .* not a nominal one;/);
  assert.doesNotMatch(current, /nominal clock/, "a current clock is not called nominal");
  assert.match(clockText(cpu(3, "env")), /the clock given in ISOCHRON_CPU_GHZ/);
  assert.match(clockText(cpu(3, "os")), /os\.cpus\(\)/);
  for (const text of [nominal, current, clockText(cpu(3, "env"))]) {
    assert.match(
      text,
      /turbo, frequency scaling and other work on shared cores, so the cycle counts are indicative only\.$/,
    );
    assert.equal(text.split(". ").length, 1, "one sentence");
  }
  assert.match(
    clockText(cpu(null, "unknown")),
    /^No cycle counts: the clock is unknown \(set ISOCHRON_CPU_GHZ/,
  );
  const header = formatHeader(cpu(2.096, "cpuinfo"), 200, { op: 18, lib: 18 }).join("\n");
  assert.equal(header.match(/GHz/g)?.length, 1, "the clock is stated once");
  assert.match(header, /~200 ms/);
  assert.match(header.replaceAll("\n", " "), /! marks an unstable row \(IQR above 10%\)/);
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
  runtime: "deno",
  suite: "s",
  op: "o",
  lib,
  backend,
  nsPerOp,
  opsPerSec: 1e9 / nsPerOp,
  cycles: null,
  iqrPct: 1,
  samples: 5,
  unstable: false,
});

Deno.test("rows: isochron first, ratio against the fastest peer only", () => {
  const fake = (lib: Row["lib"], backend: Row["backend"], nsPerOp: number, iqrPct = 1.234) => ({
    case: { suite: "s", op: "o", lib, backend, setup: () => () => 0 } as BenchCase,
    nsPerOp,
    iqrPct,
    samples: 5,
    batch: 1,
  });
  const rows = toRows([
    fake("webcrypto", "native", 300, 10.04),
    fake("noble", "bigint", 100, 10.06),
    fake("isochron", "ts", 80_000_000),
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
  assert.deepEqual(rows.map((r) => [r.iqrPct, r.samples, r.unstable]), [
    [1.2, 5, false],
    [1.2, 5, false],
    [10.1, 5, true],
    [10, 5, false],
  ], "iqrPct rounded to 0.1, unstable above 10 %");
  const peer = fastestPeer(rows);
  assert.equal(peer?.lib, "noble");
  assert.equal(ratioText(rows[0], peer), "0.42× noble");
  assert.equal(ratioText(rows[3], peer), "3.00× noble");
  assert.equal(ratioText(rows[1], peer), "800000.0× noble");
  assert.equal(ratioText(row("noble", "bigint", 1500), row("noble", "bigint", 100)), "15.0× noble");
  assert.equal(fastestPeer([row("isochron", "wasm", 1)]), null);
  assert.equal(ratioText(rows[0], null), "-");
  const widths = { op: 3, lib: 18 };
  const lines = formatRows(rows, widths);
  assert.deepEqual(lines, [
    "s o        isochron (wasm)       42.0 ns    1.2%      23.8 M        84  0.42× noble",
    "s o        isochron (ts)         80.0 ms    1.2%        12.5     160 M  800000.0× noble",
    "s o        noble (bigint)         100 ns   10.1% !    10.0 M       200  1.00× noble",
    "s o        webcrypto (native)     300 ns   10.0%      3.33 M       600  3.00× noble",
  ]);
  const columns = formatColumns(widths);
  assert.equal(
    columns,
    "operation  library               time/op     IQR       ops/s   ~cycles  vs fastest peer",
  );
  for (const title of ["time/op", "IQR", "ops/s", "~cycles"]) {
    const end: number = columns.indexOf(title) + title.length;
    for (const line of lines) assert.equal(line[end], " ", `${title} right-aligned with its column: ${line}`);
  }
  assert.equal(
    formatRows([{ ...row("noble", "bigint", 5), cycles: null }], widths)[0].includes(" n/a  "),
    true,
  );
  assert.equal(
    formatSummary(rows),
    "1 of 4 rows marked ! (IQR above 10% of the median): compare them with care.",
  );
  assert.equal(formatSummary([rows[0]]), "All 1 rows stable (IQR at most 10% of the median).");
});

Deno.test("formatRows: a group of several operations takes each row's ratio from its own operation", () => {
  const ct = row("isochron", "wasm", 200), noble = row("noble", "bigint", 1000);
  const w4 = { ...row("isochron", "wasm", 400), op: "w4" };
  const lines = formatRows([ct, w4, noble], { op: 4, lib: 18 });
  assert.equal(lines[0].endsWith("0.20× noble"), true, lines[0]);
  assert.equal(lines[1].endsWith("  -"), true, `no peer of its own: ${lines[1]}`);
  assert.equal(lines[2].endsWith("1.00× noble"), true, lines[2]);
});

Deno.test("groupByOperation: one group per operation in order; interleaveWith joins another's group", () => {
  const c = (op: string, lib: BenchCase["lib"], interleaveWith?: string): BenchCase => ({
    suite: "s",
    op,
    lib,
    backend: lib === "noble" ? "bigint" : "wasm",
    interleaveWith,
    setup: () => () => 0,
  });
  const groups = groupByOperation([
    c("ct", "isochron"),
    c("w4", "isochron", "ct"),
    c("add", "isochron"),
    c("ct", "noble"),
    c("w5", "isochron", "ct"),
    c("add", "noble"),
  ]);
  assert.deepEqual(groups.map((g) => g.map((x) => `${x.op}/${x.lib}`)), [
    ["ct/isochron", "w4/isochron", "ct/noble", "w5/isochron"],
    ["add/isochron", "add/noble"],
  ]);
  assert.deepEqual(
    groupByOperation([{ ...c("w4", "isochron", "ct"), suite: "t" }, c("ct", "noble")]).length,
    2,
  );
});

Deno.test("measureGroup: sync and async cases, failures drop only their row", async () => {
  const failures: string[] = [];
  const torn: string[] = [];
  let calls = 0;
  const base = { suite: "t", op: "op" } as const;
  const cases: BenchCase[] = [
    {
      ...base,
      lib: "noble",
      backend: "bigint",
      setup: () => () => ++calls,
      teardown: () => void torn.push("noble"),
    },
    {
      ...base,
      lib: "stablelib",
      backend: "js",
      setup: () => () => 0,
      teardown: () => {
        throw new Error("teardown boom");
      },
    },
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
  assert.deepEqual(out.map((m) => m.case.lib), ["noble", "stablelib", "webcrypto"]);
  assert.deepEqual(failures.sort(), ["blst:setup", "stablelib:teardown", "tweetnacl:measurement"]);
  assert.deepEqual(torn, ["noble"], "teardown after the samples");
  for (const m of out) {
    assert.ok(m.nsPerOp > 0 && Number.isFinite(m.nsPerOp));
    assert.ok(m.iqrPct >= 0 && Number.isFinite(m.iqrPct));
    assert.ok(m.samples >= 5 && m.batch >= 1);
  }
  assert.ok(calls > 0);
});
