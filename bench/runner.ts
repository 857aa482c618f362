/**
 * The runtime-neutral runner of the benchmark report: loads the topics' cases, filters them, measures
 * the rows of each operation (bench/measure.ts) and hands them over operation by operation. It uses
 * no API of Deno, Node or Bun beyond what all three share (`node:process`, `performance`, `crypto`):
 * the Deno front end (`report.ts`) runs it in its own process for the `deno` rows, and
 * `runner_child.ts`, bundled with isochron taken from the tsc build (`build_runner.mjs`), runs it on
 * Node and Bun.
 */

import process from "node:process";
import { BACKENDS_BY_LIB, type BenchCase, caseId, LIBS } from "./case.ts";
import type { Topic, TopicOptions } from "./cases/mod.ts";
import {
  collectGarbage,
  type FailureStage,
  makePlan,
  measureGroup,
  type Measurement,
  type Plan,
} from "./measure.ts";
import { type Row, toRows, UNSTABLE_IQR_PCT } from "./rows.ts";

/** An error as one short line (notes on stderr). */
export const oneLine = (e: unknown): string =>
  (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).split("\n")[0].slice(0, 240);

/** All cases of `topics`, checked against the allowed names; a topic that fails loses its rows only. */
export async function loadCases(
  topics: readonly Topic[],
  long: boolean,
  note: (msg: string) => void,
  extra: TopicOptions = {},
): Promise<BenchCase[]> {
  const all: BenchCase[] = [];
  const seen = new Set<string>();
  for (const topic of topics) {
    let cases: BenchCase[];
    try {
      cases = await (await topic.load()).default({ ...extra, long });
    } catch (e) {
      note(`note: topic ${topic.name} failed to load, no rows from it (${oneLine(e)})`);
      continue;
    }
    for (const c of cases) {
      const key = `${caseId(c)} ${c.lib} ${c.backend}`;
      if (!LIBS.includes(c.lib) || !BACKENDS_BY_LIB[c.lib]?.includes(c.backend)) {
        note(`note: ${key}: unknown lib/backend, skipped`);
      } else if (seen.has(key)) {
        note(`note: ${key}: registered twice, second one skipped`);
      } else {
        seen.add(key);
        all.push(c);
      }
    }
  }
  return all;
}

/**
 * Cases grouped by operation, in registration order: each group is measured round-robin. A case with
 * `interleaveWith` joins the group of that operation of its suite.
 */
export function groupByOperation(cases: readonly BenchCase[]): BenchCase[][] {
  const groups = new Map<string, BenchCase[]>();
  for (const c of cases) {
    const id = caseId({ suite: c.suite, op: c.interleaveWith ?? c.op });
    const g = groups.get(id);
    if (g === undefined) groups.set(id, [c]);
    else g.push(c);
  }
  return [...groups.values()];
}

export interface RunOptions {
  /** The row's `runtime` field (`deno`, `node20`, `node26`, `bun`). */
  runtime: string;
  /** Time budget of each measurement, in ms. */
  timeMs: number;
  /** The clock for the cycle counts (the front end detects it), or null. */
  ghz: number | null;
  /** How many more times an operation with an unstable row is measured (default 0; see measureSteadiest). */
  retries?: number;
}

export interface RunHooks {
  /** Before the operation `index` (of `count`) is measured. */
  onGroup?: (index: number, count: number, group: readonly BenchCase[]) => void;
  /** The rows of one operation, as soon as it is measured. */
  onRows: (rows: Row[]) => void;
  /** A row lost: its setup, measurement or teardown threw. */
  onFailure: (c: BenchCase, stage: FailureStage, error: unknown) => void;
}

/** An operation whose first measurement took longer than this is not measured again (bulk sizes, cold rows). */
export const RETRY_MAX_MS = 10_000;

/** The largest spread among measurements, in %. */
const widestSpread = (ms: readonly Measurement[]): number => Math.max(0, ...ms.map((m) => m.iqrPct));

/**
 * Measures one operation's cases (round-robin, measure.ts), and again up to `retries` times while a
 * row's spread is above UNSTABLE_IQR_PCT (a change of the machine's speed during the samples), keeping
 * the attempt whose widest spread is smallest. Every attempt samples all libraries of the operation
 * together, and the choice looks only at the spreads, so it favours no library; an attempt that lost
 * a row is not taken. Operations whose first attempt took longer than `maxMs` are measured once.
 */
export async function measureSteadiest(
  group: readonly BenchCase[],
  plan: Plan,
  onFailure: (c: BenchCase, stage: FailureStage, error: unknown) => void,
  retries: number,
  measure: typeof measureGroup = measureGroup,
  maxMs: number = RETRY_MAX_MS,
): Promise<Measurement[]> {
  const t0 = performance.now();
  let best = await measure(group, plan, onFailure);
  const once = performance.now() - t0 > maxMs;
  for (let r = 0; r < retries && !once && widestSpread(best) > UNSTABLE_IQR_PCT; r++) {
    collectGarbage();
    const again = await measure(group, plan, () => {}); // a lost row was reported the first time
    if (again.length === best.length && widestSpread(again) < widestSpread(best)) best = again;
  }
  return best;
}

/** Measures every operation of `groups` in turn; returns all rows. */
export async function runGroups(
  groups: readonly (readonly BenchCase[])[],
  opts: RunOptions,
  hooks: RunHooks,
): Promise<Row[]> {
  const plan = makePlan(opts.timeMs);
  const rows: Row[] = [];
  for (const [i, group] of groups.entries()) {
    hooks.onGroup?.(i, groups.length, group);
    const measured = await measureSteadiest(group, plan, hooks.onFailure, opts.retries ?? 0);
    const groupRows = toRows(measured, opts.ghz, opts.runtime);
    rows.push(...groupRows);
    hooks.onRows(groupRows);
    collectGarbage();
  }
  return rows;
}

/** The runtime this code runs on, e.g. `Node v20.20.2, V8 11.3.244.8, linux x64`. */
export function runtimeDescription(): string {
  const v = process.versions as Record<string, string | undefined>;
  const where = `${process.platform} ${process.arch}`;
  if (v.deno !== undefined) return `Deno ${v.deno}, V8 ${v.v8}, ${where}`;
  if (v.bun !== undefined) return `Bun ${v.bun}, JavaScriptCore, ${where}`;
  return `Node ${process.version}, V8 ${v.v8}, ${where}`;
}
