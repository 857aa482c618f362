/**
 * The generated TypeScript kernels never deoptimise: a child process (ts_deopt_child.ts) runs every
 * operation of the four fields under `--trace-deopt --trace-opt`, first on degenerate data (zeros and
 * ones) and then on random and edge data; V8's trace must show every generated function optimised by
 * TurboFan and no deoptimisation of any of them. A deoptimisation triggered by data would be a timing
 * leak (and a slowdown), e.g. after V8 speculated on small-integer feedback.
 *
 * The positive control runs the child with `poison` (one call of the generated BLS12-381 mul with a plain
 * Array) and requires the deoptimisation to be detected, so this test can fail.
 */
import assert from "node:assert/strict";
import { bls12_381_fp, bls12_381_fr, bn254_fp, bn254_fr } from "../internal.ts";

const root = new URL("../../", import.meta.url);
const child = new URL("ts_deopt_child.ts", import.meta.url);

/** Names of the functions defined in field/ts/generated/: exported functions and bound slot closures. */
function generatedNames(): Set<string> {
  const names = new Set<string>();
  for (const mod of [bls12_381_fp, bls12_381_fr, bn254_fp, bn254_fr]) {
    for (const [key, value] of Object.entries(mod)) if (typeof value === "function") names.add(key);
    for (const key of Object.keys(mod.bindSlots({ m: new Float64Array(0) }))) names.add(key);
  }
  return names;
}

const NAMES = generatedNames();

/** Function names on a trace line: `<JSFunction name (sfi = …)>` or `<SharedFunctionInfo name>`. */
function namesOn(line: string): string[] {
  return [...line.matchAll(/<(?:JSFunction|SharedFunctionInfo) ([^\s>()]+)/g)].map((m) => m[1]);
}

/** Trace lines that report a deoptimisation of one of `names`. */
function deoptsOf(trace: string, names: Set<string>): string[] {
  return trace.split("\n").filter((l) => /deoptimiz/i.test(l) && namesOn(l).some((n) => names.has(n)));
}

/** Names that TurboFan finished compiling. */
function turbofanned(trace: string): Set<string> {
  const out = new Set<string>();
  for (const l of trace.split("\n")) {
    if (l.startsWith("[completed compiling") && l.includes("(target TURBOFAN_JS)")) {
      for (const n of namesOn(l)) out.add(n);
    }
  }
  return out;
}

async function runChild(...args: string[]): Promise<{ trace: string; stderr: string; code: number }> {
  const cmd = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--v8-flags=--trace-deopt,--trace-opt", child.href, ...args],
    cwd: decodeURIComponent(root.pathname),
    env: { NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    stdout: "piped",
    stderr: "piped",
  });
  const { code, stdout, stderr } = await cmd.output();
  const dec = new TextDecoder();
  return { trace: dec.decode(stdout), stderr: dec.decode(stderr), code };
}

Deno.test("TS kernel: no generated function deoptimises on any data (V8 trace)", async () => {
  const { trace, stderr, code } = await runChild();
  assert.equal(code, 0, stderr);
  assert.match(stderr, /ISOCHRON-DEOPT-CHILD done/);
  assert.deepEqual(deoptsOf(trace, NAMES), [], "deoptimisations of generated functions");
  // Otherwise the check above would be vacuous: every generated operation reached TurboFan.
  const optimised = turbofanned(trace);
  const missing = [...NAMES].filter((n) => n !== "bindSlots" && !optimised.has(n));
  assert.deepEqual(missing, [], "generated functions never optimised by TurboFan in the child");
});

Deno.test("TS kernel deopt check: positive control (a deliberately deoptimising call is detected)", async () => {
  const { trace, stderr, code } = await runChild("poison");
  assert.equal(code, 0, stderr);
  const hits = deoptsOf(trace, NAMES);
  assert.ok(hits.some((l) => namesOn(l).includes("mul")), "the poisoned mul call must show up as a deopt");
});
