/**
 * The report CLI as a subprocess: `--json` prints only a JSON array whose rows keep the documented
 * schema `{suite, op, lib, backend, nsPerOp, opsPerSec, cycles}`. Needs --allow-run.
 */

import assert from "node:assert/strict";
import { BACKENDS_BY_LIB, type Lib, LIBS } from "../../bench/case.ts";

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

const KEYS = ["backend", "cycles", "lib", "nsPerOp", "op", "opsPerSec", "suite"];

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
  }
  const libs = (rows as { lib: string }[]).map((r) => r.lib);
  for (const peer of ["noble", "tweetnacl", "stablelib", "webcrypto"]) assert.ok(libs.includes(peer), peer);
});

Deno.test("report: --help, bad options, a filter that matches nothing", async () => {
  const help = await report("--help");
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--filter REGEX/);
  const bad = await report("--time", "-3");
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--time/);
  const none = await report("--json", "--filter", "^no such operation$");
  assert.equal(none.code, 1);
  assert.deepEqual(JSON.parse(none.stdout), []);
});
