/**
 * The report CLI as a subprocess: `--json` prints only a JSON array whose rows keep the documented
 * schema `{runtime, suite, op, lib, backend, nsPerOp, opsPerSec, cycles, iqrPct, samples, unstable}`;
 * the table has scaled units, a spread column and its legend; `--help` names the npm command; the
 * runner on every available runtime (Deno in-process, Node and Bun as children running isochron from
 * the tsc build) gives rows of the same shape with its `runtime`. Needs --allow-run.
 */

import assert from "node:assert/strict";
import { BACKENDS_BY_LIB, type Lib, LIBS } from "../../bench/case.ts";
import { UNSTABLE_IQR_PCT, UNSTABLE_MARK } from "../../bench/table.ts";
import { nodePackage, parseRuntimeList } from "../../bench/runtimes.ts";
import { existsSync } from "node:fs";

const root = new URL("../../", import.meta.url);
const PERMS = ["--allow-read", "--allow-env", "--allow-sys", "--allow-ffi", "--allow-run"];

async function report(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return await reportWith({}, ...args);
}

async function reportWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const cmd = new Deno.Command(Deno.execPath(), {
    args: ["run", ...PERMS, "bench/report.ts", ...args],
    cwd: root,
    env: { NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  });
  const out = await cmd.output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

const KEYS = [
  "backend",
  "runtime",
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
  const { code, stdout, stderr } = await report(
    "--runtime",
    "deno",
    "--json",
    "--filter",
    "x25519",
    "--time",
    "10",
  );
  assert.equal(code, 0, stderr);
  const rows: unknown = JSON.parse(stdout); // stdout holds nothing but the JSON
  assert.ok(Array.isArray(rows));
  for (const r of rows as Record<string, unknown>[]) {
    assert.deepEqual(Object.keys(r).sort(), KEYS.sort());
    assert.equal(r.runtime, "deno");
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
  for (const peer of ["noble", "tweetnacl", "stablelib", "webcrypto", "libsodium"]) {
    assert.ok(libs.includes(peer), peer);
  }
});

Deno.test("report table: scaled units, spread column and its legend, one clock sentence", async () => {
  const { code, stdout, stderr } = await report(
    "--runtime",
    "deno",
    "--filter",
    "x25519 x25519-base",
    "--time",
    "10",
  );
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
  assert.match(text, /Issue 15's targets .*\| target \(isochron wasm ÷ peer\) \| deno \|/);
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
  assert.match(help.stdout, /--retries N/);
  const badRetries = await report("--retries", "1.5");
  assert.equal(badRetries.code, 2);
  assert.match(badRetries.stderr, /--retries/);
  const none = await report("--runtime", "deno", "--json", "--filter", "^no such operation$");
  assert.equal(none.code, 1);
  assert.deepEqual(JSON.parse(none.stdout), []);
});

/** The runtimes this machine has without installing anything: the current Node only when cached. */
function availableRuntimes(): string[] {
  const out = ["deno", "node", "bun"];
  const pkg = nodePackage();
  const cached = pkg === null ? null : new URL(`.cache/node-current/node_modules/${pkg}/bin/node`, root);
  if (Deno.env.get("ISOCHRON_NODE_CURRENT") || (cached !== null && existsSync(cached))) {
    out.push("node-current");
  } else console.log("node-current not installed (.cache/node-current/): not part of this run");
  return out;
}

Deno.test("report on every runtime: the same row shape, each row's runtime, ratios within a runtime", async () => {
  const runtimes = availableRuntimes();
  const { code, stdout, stderr } = await report(
    "--runtime",
    runtimes.join(","),
    "--json",
    "--filter",
    "^(x25519 x25519-base|bls12-381 fp-add)$",
    "--time",
    "5",
  );
  assert.equal(code, 0, stderr);
  assert.doesNotMatch(stderr, /no row|skipped|failed/, stderr);
  const rows = JSON.parse(stdout) as Record<string, unknown>[];
  const seen = [...new Set(rows.map((r) => r.runtime))];
  assert.equal(seen.length, runtimes.length, `one id per runtime: ${seen.join(", ")}`);
  assert.ok(seen.includes("deno") && seen.includes("bun"), seen.join(", "));
  assert.ok(seen.some((id) => /^node\d+$/.test(String(id))), seen.join(", "));
  for (const id of seen) {
    const mine = rows.filter((r) => r.runtime === id);
    for (const r of mine) {
      assert.deepEqual(Object.keys(r).sort(), KEYS.sort(), `${id}: ${JSON.stringify(r)}`);
      assert.ok(typeof r.nsPerOp === "number" && r.nsPerOp > 0, `${id} nsPerOp`);
    }
    const ops = new Set(mine.map((r) => `${r.suite} ${r.op} ${r.lib} ${r.backend}`));
    for (
      const want of [
        "x25519 x25519-base isochron wasm",
        "x25519 x25519-base libsodium wasm",
        "bls12-381 fp-add isochron wasm",
      ]
    ) {
      assert.ok(ops.has(want), `${id}: ${want}`);
    }
  }
});

Deno.test("runtime list: names, aliases by major version, unknown names", () => {
  assert.deepEqual(parseRuntimeList("all", "20"), ["deno", "node", "node-current", "bun"]);
  assert.deepEqual(parseRuntimeList("bun,node20,node26,deno,bun", "20"), [
    "bun",
    "node",
    "node-current",
    "deno",
  ]);
  assert.throws(() => parseRuntimeList("node18", "20"), /unknown runtime "node18"/);
  assert.throws(() => parseRuntimeList("", "20"), /no runtime/);
});

Deno.test("a runtime that cannot run is skipped with a note; the others keep their rows", async () => {
  const { code, stdout, stderr } = await reportWith(
    { ISOCHRON_NODE_CURRENT: "/nonexistent/bin/node" },
    "--runtime",
    "deno,node-current",
    "--json",
    "--filter",
    "^bls12-381 fp-add$",
    "--time",
    "5",
  );
  assert.equal(code, 0, stderr);
  assert.match(stderr, /note: runtime node-current skipped: \/nonexistent\/bin\/node --version failed/);
  const rows = JSON.parse(stdout) as { runtime: string }[];
  assert.ok(rows.length >= 2);
  assert.deepEqual([...new Set(rows.map((r) => r.runtime))], ["deno"]);
});
