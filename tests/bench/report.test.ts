/**
 * The report CLI as a subprocess: `--json` prints only a JSON array whose rows keep the documented
 * schema `{suite, op, lib, backend, nsPerOp, opsPerSec, cycles, iqrPct, samples, unstable}`; the table
 * has scaled units, a spread column and its legend; `--help` names the npm command. Needs --allow-run.
 */

import assert from "node:assert/strict";
import { BACKENDS_BY_LIB, type Lib, LIBS } from "../../bench/case.ts";
import { UNSTABLE_IQR_PCT, UNSTABLE_MARK } from "../../bench/table.ts";

const root = new URL("../../", import.meta.url);
const PERMS = ["--allow-read", "--allow-env", "--allow-sys", "--allow-ffi", "--allow-run=cat"];

async function report(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const cmd = new Deno.Command(Deno.execPath(), {
    args: ["run", ...PERMS, "bench/report.ts", ...args],
    cwd: root,
    env: { NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    stdout: "piped",
    stderr: "piped",
  });
  const out = await cmd.output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

const KEYS = [
  "backend",
  "cycles",
  "iqrPct",
  "lib",
  "nsPerOp",
  "op",
  "opsPerSec",
  "samples",
  "suite",
  "unstable",
];

Deno.test("report --json --filter x25519: valid rows for every x25519 peer", async () => {
  const { code, stdout, stderr } = await report("--json", "--filter", "x25519", "--time", "10");
  assert.equal(code, 0, stderr);
  const rows: unknown = JSON.parse(stdout); // stdout holds nothing but the JSON
  assert.ok(Array.isArray(rows));
  for (const r of rows as Record<string, unknown>[]) {
    assert.deepEqual(Object.keys(r).sort(), KEYS);
    assert.equal(typeof r.suite, "string");
    assert.equal(typeof r.op, "string");
    assert.match(`${r.suite} ${r.op}`, /x25519/);
    assert.ok(LIBS.includes(r.lib as Lib), `lib ${r.lib}`);
    assert.ok(BACKENDS_BY_LIB[r.lib as Lib].includes(r.backend as never), `backend ${r.lib}/${r.backend}`);
    for (const k of ["nsPerOp", "opsPerSec"] as const) {
      assert.equal(typeof r[k], "number");
      assert.ok(Number.isFinite(r[k]) && (r[k] as number) > 0, `${k} ${r[k]}`);
    }
    assert.ok(
      r.cycles === null || (Number.isInteger(r.cycles) && (r.cycles as number) > 0),
      `cycles ${r.cycles}`,
    );
    assert.ok(Math.abs((r.nsPerOp as number) * (r.opsPerSec as number) - 1e9) < 1e6, "ops/s = 1e9 / ns/op");
    assert.equal(typeof r.iqrPct, "number");
    assert.ok(Number.isFinite(r.iqrPct) && (r.iqrPct as number) >= 0, `iqrPct ${r.iqrPct}`);
    assert.equal(Math.round((r.iqrPct as number) * 10) / 10, r.iqrPct, "iqrPct in 0.1 % steps");
    assert.ok(Number.isInteger(r.samples) && (r.samples as number) >= 5, `samples ${r.samples}`);
    assert.equal(r.unstable, (r.iqrPct as number) > UNSTABLE_IQR_PCT, `unstable ${r.unstable}`);
  }
  const libs = (rows as { lib: string }[]).map((r) => r.lib);
  for (const peer of ["noble", "tweetnacl", "stablelib", "webcrypto"]) assert.ok(libs.includes(peer), peer);
});

Deno.test("report table: scaled units, spread column and its legend, one clock sentence", async () => {
  const { code, stdout, stderr } = await report("--filter", "x25519 x25519-base", "--time", "10");
  assert.equal(code, 0, stderr);
  const lines = stdout.split("\n");
  const rows = lines.filter((l) => l.startsWith("x25519 x25519-base  "));
  assert.ok(rows.length >= 4, stdout);
  for (const line of rows) {
    // time/op, IQR and its mark, ops/s, ~cycles, ratio
    assert.match(
      line,
      / {2}\d+(\.\d+)? (ns|µs|ms|s) +\d+(\.\d)?% [ !] {2,}\d+(\.\d+)?( [kMG])? +(n\/a|\d+(\.\d+)?( [kMG])?) {2}\d/,
      line,
    );
    assert.doesNotMatch(line, /ns\/op|ops\/s/, "units in the cells, names in the column titles");
  }
  assert.equal(
    lines.filter((l) => /^operation +library +time\/op +IQR +ops\/s +~cycles +vs fastest peer$/.test(l))
      .length,
    1,
  );
  const text = stdout.replaceAll("\n", " ");
  assert.match(
    text,
    new RegExp(`${UNSTABLE_MARK} marks an unstable row \\(IQR above ${UNSTABLE_IQR_PCT}%\\)`),
  );
  assert.match(
    text,
    /Cycles ≈ time × [\d.]+ GHz, .* indicative only\.|No cycle counts: the clock is unknown/,
  );
  assert.doesNotMatch(text, /nominal clock: Turbo|Clock: /, "no clock line beside the sentence");
  assert.match(lines.filter((l) => l !== "").at(-1) ?? "", /rows (stable|marked !)/);
});

Deno.test("report: --help, bad options, a filter that matches nothing", async () => {
  const help = await report("--help");
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--filter REGEX/);
  assert.match(help.stdout, /^Usage: npm run bench -- \[options\]$/m);
  assert.match(help.stdout, /npm run --silent bench -- --json/);
  assert.doesNotMatch(help.stdout, /deno task/);
  const bad = await report("--time", "-3");
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--time/);
  const none = await report("--json", "--filter", "^no such operation$");
  assert.equal(none.code, 1);
  assert.deepEqual(JSON.parse(none.stdout), []);
});
