/**
 * Control-flow proof: run a function under V8 precise block coverage once per secret and require
 * every block of every isochron function to have run the same number of times for every secret.
 *
 * How: a `node:inspector` {@linkcode Session} (Deno and Node) with `Profiler.startPreciseCoverage({
 * callCount: true, detailed: true })`; `Profiler.takePreciseCoverage` returns per-function nested
 * ranges with execution counts and resets the counters, so one take per run gives one profile per
 * secret. Each function's nested ranges are flattened into "count at each source offset" and
 * compared; a difference anywhere (a block taken more or less often, a callee called more or less
 * often) fails the proof with the file, the function and the line of the first differing block.
 *
 * Import-order rule: V8 instruments a function with block counters only if it is compiled after
 * block coverage was switched on. This module therefore starts coverage at import time, and the
 * proof fails (rather than passing vacuously) when a measured function was compiled earlier and
 * only has call counts. Import `tests/ct/registry.ts` (or this file) before any library module.
 *
 * Offsets: Deno runs TypeScript transpiled to JavaScript, and V8 offsets refer to that JavaScript.
 * The report gives the line in the transpiled source (from `Debugger.getScriptSource`) and, best
 * effort, the line of the original file whose text matches it.
 *
 * Under `deno test --coverage` the counters are shared with Deno's own collector: taking coverage
 * here resets them, so that file's coverage figures become unreliable (nothing else breaks).
 * @module
 */

import { Session } from "node:inspector";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describeSecret } from "./secrets.ts";

/** URL of the checkout root (two folders above this file), ending in `/`. */
export const LIBRARY_ROOT: string = new URL("../../", import.meta.url).href;

/** Folders under the root that are not library code. */
const NON_LIBRARY_DIRS = ["tests/", "node_modules/", ".cache/", "bench/", "scripts/", "coverage/"];

/** Default script filter: files under the checkout root, except tests, benches, scripts, caches. */
export function isLibraryScript(url: string): boolean {
  if (!url.startsWith(LIBRARY_ROOT)) return false;
  const rel = url.slice(LIBRARY_ROOT.length);
  return !NON_LIBRARY_DIRS.some((dir) => rel.startsWith(dir));
}

interface CoverageRange {
  startOffset: number;
  endOffset: number;
  count: number;
}
interface FunctionCoverage {
  functionName: string;
  ranges: CoverageRange[];
  isBlockCoverage: boolean;
}
interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: FunctionCoverage[];
}

// The typings of Session.post are per-method overloads; one loose signature is enough here.
type Post = (method: string, params: object, cb: (err: Error | null, res?: unknown) => void) => void;
const COVERAGE_MODE = { callCount: true, detailed: true };
const session = new Session();
let connectError: unknown;
try {
  session.connect(); // Deno needs --allow-sys for this; the error is reported by the proof itself
} catch (e) {
  connectError = e;
}
const rawPost = session.post.bind(session) as unknown as Post;
function post<T>(method: string, params: object = {}): Promise<T> {
  if (connectError !== undefined) return Promise.reject(connectError);
  // Dispatch is synchronous in Deno and Node; only the callback may come later (Deno).
  return new Promise((resolve, reject) =>
    rawPost(method, params, (e, r) => (e ? reject(e) : resolve(r as T)))
  );
}
const started: Promise<unknown> = Promise.all([
  post("Profiler.enable"),
  post("Profiler.startPreciseCoverage", COVERAGE_MODE),
]);
started.catch(() => {}); // reported by assertConstantFlow, not as an unhandled rejection

/**
 * Deoptimizes everything and zeroes all counters before a measured run. Selecting the coverage mode
 * again makes V8 deoptimize all functions and clear their invocation counts; the take then resets
 * the block counters. Why: V8 leaves out of a report any function whose feedback invocation count
 * is 0 and whose blocks all ran as often as the function, and optimized code does not bump that
 * invocation count. A hot function would then vanish from some runs (a false alarm: "ran 1× vs
 * 0×"). After the deoptimization, every function called in the run is entered at least once by
 * the interpreter or baseline code, which counts invocations. (Block counters themselves stay
 * exact in optimized code.)
 */
async function reset(): Promise<void> {
  await post("Profiler.startPreciseCoverage", COVERAGE_MODE);
  await post("Profiler.takePreciseCoverage");
}

/** Counts of one function in one run: [start, end, count] segments, flattened and merged. */
interface FunctionProfile {
  url: string;
  scriptId: string;
  name: string;
  start: number;
  block: boolean;
  segments: [number, number, number][];
}

/** Innermost-range count at every elementary interval (V8's ranges nest properly). */
function flatten(ranges: CoverageRange[]): [number, number, number][] {
  const cuts = [...new Set(ranges.flatMap((r) => [r.startOffset, r.endOffset]))].sort((a, b) => a - b);
  const out: [number, number, number][] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [a, b] = [cuts[i], cuts[i + 1]];
    let best: CoverageRange | undefined;
    for (const r of ranges) {
      if (r.startOffset <= a && b <= r.endOffset) {
        if (!best || r.startOffset > best.startOffset || r.endOffset < best.endOffset) best = r;
      }
    }
    if (!best) continue;
    const last = out[out.length - 1];
    if (last && last[1] === a && last[2] === best.count) last[1] = b;
    else out.push([a, b, best.count]);
  }
  return out;
}

function profileOf(
  scripts: ScriptCoverage[],
  include: (url: string) => boolean,
): Map<string, FunctionProfile> {
  const out = new Map<string, FunctionProfile>();
  for (const s of scripts) {
    if (!include(s.url)) continue;
    for (const f of s.functions) {
      if (f.ranges.length === 0) continue;
      const start = f.ranges[0].startOffset;
      out.set(`${s.url}#${start}#${f.functionName}`, {
        url: s.url,
        scriptId: s.scriptId,
        name: f.functionName || "(anonymous)",
        start,
        block: f.isBlockCoverage,
        segments: flatten(f.ranges),
      });
    }
  }
  return out;
}

function countAt(p: FunctionProfile | undefined, offset: number): number {
  for (const [a, b, c] of p?.segments ?? []) if (a <= offset && offset < b) return c;
  return 0;
}

/** Options of {@linkcode assertConstantFlow}. */
export interface FlowOptions {
  /** Which scripts are measured (default {@linkcode isLibraryScript}). */
  include?: (url: string) => boolean;
  /** Warm-up rounds over all secrets before measuring (default 1). */
  warmup?: number;
  /** Accept a run in which no included function executed (default false: that fails). */
  allowNoCode?: boolean;
}

/** What a passing proof measured. */
export interface FlowReport {
  /** Number of secrets run. */
  runs: number;
  /** Included functions that executed, as `url#name`. */
  functions: string[];
  /** Sum of the executed blocks' counts in one run (the same for every secret). */
  blockExecutions: number;
}

interface Difference {
  p: FunctionProfile;
  offset: number;
  counts: number[];
}

/**
 * Runs `run` once per secret (after `warmup` rounds) under block coverage and throws unless every
 * block of every included function ran equally often for all secrets. Asynchronous because the
 * inspector answers asynchronously in Deno; `run` may be async too.
 *
 * @example
 * ```ts ignore
 * await assertConstantFlow("fp mul", (k) => fp.mul(out, a, load(k)), standardSecrets32());
 * ```
 */
export async function assertConstantFlow<S>(
  name: string,
  run: (secret: S) => unknown,
  secrets: readonly S[],
  opts: FlowOptions = {},
): Promise<FlowReport> {
  if (secrets.length < 2) throw new Error(`ct flow "${name}": needs at least two secrets`);
  try {
    await started;
  } catch (e) {
    throw new Error(`ct flow "${name}": could not start V8 block coverage: ${e}`);
  }
  const include = opts.include ?? isLibraryScript;
  const call = async (s: S) => {
    const r = run(s);
    if (r instanceof Promise) await r;
  };
  for (let w = 0; w < (opts.warmup ?? 1); w++) for (const s of secrets) await call(s);
  const profiles: Map<string, FunctionProfile>[] = [];
  for (const s of secrets) {
    await reset();
    await call(s);
    const { result } = await post<{ result: ScriptCoverage[] }>("Profiler.takePreciseCoverage");
    profiles.push(profileOf(result, include));
  }

  const keys = [...new Set(profiles.flatMap((m) => [...m.keys()]))];
  const first = (k: string) => profiles.find((m) => m.has(k))!.get(k)!;
  keys.sort((x, y) => {
    const [a, b] = [first(x), first(y)];
    return a.url < b.url ? -1 : a.url > b.url ? 1 : a.start - b.start;
  });
  const executed: string[] = [];
  const differences: Difference[] = [];
  let blockExecutions = 0;
  for (const key of keys) {
    const ps = profiles.map((m) => m.get(key));
    const p = first(key);
    const ran = ps.some((q) => q && q.segments.some((s) => s[2] > 0));
    if (!ran) continue;
    if (ps.some((q) => q && !q.block)) {
      throw new Error(
        `ct flow "${name}": ${p.name} in ${p.url} has call counts only (no block coverage): it was ` +
          `compiled before block coverage started. Import tests/ct/registry.ts (or coverage.ts) ` +
          `before any library module in the test file, and do not call library code before that.`,
      );
    }
    executed.push(`${p.url}#${p.name}`);
    const cuts = [...new Set(ps.flatMap((q) => q?.segments.flatMap((s) => [s[0], s[1]]) ?? []))];
    cuts.sort((a, b) => a - b);
    for (let i = 0; i + 1 < cuts.length; i++) {
      const counts = ps.map((q) => countAt(q, cuts[i]));
      if (counts.some((c) => c !== counts[0])) differences.push({ p, offset: cuts[i], counts });
    }
    for (const [a, b, c] of ps[0]?.segments ?? []) if (c > 0 && b > a) blockExecutions += c;
  }
  if (differences.length > 0) {
    throw new Error(await describeDifferences(name, differences, secrets));
  }
  if (executed.length === 0 && !opts.allowNoCode) {
    throw new Error(
      `ct flow "${name}": no included function ran, so nothing was proven (check the run ` +
        `function, or the include filter; the root is ${LIBRARY_ROOT})`,
    );
  }
  return { runs: secrets.length, functions: executed, blockExecutions };
}

async function describeDifferences(
  name: string,
  diffs: Difference[],
  secrets: readonly unknown[],
): Promise<string> {
  const lines = [`ct flow "${name}": execution counts depend on the secret at ${diffs.length} place(s).`];
  for (const d of diffs.slice(0, 5)) {
    const k = d.counts.findIndex((c) => c !== d.counts[0]);
    const where = await locate(d.p, d.offset);
    lines.push(
      `  ${d.p.url} function ${d.p.name}, ${where}: ran ${d.counts[0]}× for secret #0 but ` +
        `${d.counts[k]}× for secret #${k} (counts per secret: ${d.counts.join(",")})`,
    );
  }
  const k = diffs[0].counts.findIndex((c) => c !== diffs[0].counts[0]);
  lines.push(`  secret #0 = ${describeSecret(secrets[0])}`, `  secret #${k} = ${describeSecret(secrets[k])}`);
  return lines.join("\n");
}

let debuggerEnabled: Promise<unknown> | undefined;

/** "transpiled line N (`text`), ≈ source line M": best effort, never throws. */
async function locate(p: FunctionProfile, offset: number): Promise<string> {
  let js: string | undefined;
  try {
    // Enabled once and never disabled: Debugger.disable drops V8's coverage infos, after which
    // every function compiled so far would only have call counts.
    debuggerEnabled ??= post("Debugger.enable");
    await debuggerEnabled;
    js = (await post<{ scriptSource: string }>("Debugger.getScriptSource", { scriptId: p.scriptId }))
      .scriptSource;
  } catch { /* fall back to the file below */ }
  let original: string | undefined;
  try {
    original = readFileSync(fileURLToPath(p.url), "utf8");
  } catch { /* not a file URL */ }
  const source = js ?? original;
  if (source === undefined) return `offset ${offset}`;
  const line = source.slice(0, offset).split("\n").length;
  const text = source.split("\n")[line - 1]?.trim() ?? "";
  const kind = js !== undefined && js !== original ? "transpiled JS" : "source";
  let out = `${kind} line ${line} (offset ${offset}): \`${text.slice(0, 80)}\``;
  if (kind === "transpiled JS" && original !== undefined && text.length > 0) {
    // The transpiled line usually survives type stripping up to whitespace; take the match
    // closest to `line`.
    const squeeze = (l: string) => l.replace(/\s+/g, "").slice(0, 16);
    const key = squeeze(text);
    const candidates = original.split("\n").map((l, i) => [squeeze(l), i + 1] as const)
      .filter(([l]) => l.length > 3 && (l.startsWith(key) || key.startsWith(l)));
    candidates.sort((a, b) => Math.abs(a[1] - line) - Math.abs(b[1] - line));
    if (candidates.length > 0) out += `, ≈ ${p.url.split("/").pop()} line ${candidates[0][1]}`;
  }
  return out;
}
