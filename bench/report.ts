/**
 * The benchmark report: `npm run bench -- [--filter REGEX] [--json] [--time MS] [--long] [--list]`.
 *
 * Prints, for each operation and library, the median time per call in scaled units (ns, µs, ms), the
 * spread of the samples (interquartile range in % of the median, rows above 10 % marked unstable),
 * calls per second and approximate CPU cycles, isochron rows first, with each row's time relative to
 * the fastest peer. `--json` prints only a JSON array of rows
 * `{suite, op, lib, backend, nsPerOp, opsPerSec, cycles, iqrPct, samples, unstable}` on stdout; notes
 * and progress always go to stderr.
 */

import { parseArgs } from "node:util";
import { BACKENDS_BY_LIB, type BenchCase, caseId, LIBS } from "./case.ts";
import { TOPICS } from "./cases/mod.ts";
import { detectCpu } from "./cpu.ts";
import { type FailureStage, makePlan, measureGroup, sinkValue } from "./measure.ts";
import {
  formatHeader,
  formatRows,
  formatSummary,
  libText,
  type Row,
  toRows,
  UNSTABLE_IQR_PCT,
  type Widths,
} from "./table.ts";

const DEFAULT_TIME_MS = 200;
const LONG_TIME_MS = 1000;

const USAGE = `Usage: npm run bench -- [options]
       npm run --silent bench -- --json [options]   (only the JSON on stdout)

Benchmarks isochron against its peers (noble, blst, tweetnacl, stablelib, webcrypto) in one run.

Options:
  --filter REGEX  only operations whose "<suite> <op>" matches REGEX (e.g. "x25519", "g2-mul")
  --json          print only a JSON array of rows {suite, op, lib, backend, nsPerOp, opsPerSec, cycles,
                  iqrPct, samples, unstable} on stdout: nsPerOp is the median time of one call in ns,
                  iqrPct the interquartile range of the samples in % of the median, unstable true when
                  it exceeds ${UNSTABLE_IQR_PCT}, cycles null when the CPU clock is unknown
  --time MS       time budget of each measurement in ms (default ${DEFAULT_TIME_MS})
  --long          longer measurements (--time ${LONG_TIME_MS} unless --time is given), and the long
                  sizes of the topics that have them (bulk addition of 10⁵ and 10⁶ points)
  --list          list the registered operations and libraries, measure nothing
  --help          this text

Cycles are time × clock: ISOCHRON_CPU_GHZ if set (give the nominal clock there), else the nominal clock
in the CPU's model name ("@ 2.60GHz"), else Linux's "cpu MHz" (the current clock of one core). Turbo,
frequency scaling and shared cores make them indicative only.
`;

const encoder = new TextEncoder();
const note = (msg: string): void => console.error(msg);
const oneLine = (e: unknown): string =>
  (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).split("\n")[0].slice(0, 240);

interface Options {
  filter: RegExp | null;
  json: boolean;
  timeMs: number;
  list: boolean;
  /** `--long`: also the long sizes of the topics that have them (bulk addition: 10⁵, 10⁶ points). */
  long: boolean;
}

function parseOptions(args: string[]): Options | null {
  const { values } = parseArgs({
    args,
    options: {
      filter: { type: "string" },
      json: { type: "boolean" },
      time: { type: "string" },
      long: { type: "boolean" },
      list: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return null;
  let timeMs = values.long ? LONG_TIME_MS : DEFAULT_TIME_MS;
  if (values.time !== undefined) {
    timeMs = Number(values.time);
    if (!Number.isFinite(timeMs) || timeMs <= 0) throw new Error(`--time expects a positive number of ms`);
  }
  const filter = values.filter === undefined ? null : new RegExp(values.filter);
  return {
    filter,
    json: values.json ?? false,
    timeMs,
    list: values.list ?? false,
    long: values.long ?? false,
  };
}

/** All registered cases, checked against the allowed names; a topic that fails loses its rows only. */
async function loadCases(long: boolean): Promise<BenchCase[]> {
  const all: BenchCase[] = [];
  const seen = new Set<string>();
  for (const topic of TOPICS) {
    let cases: BenchCase[];
    try {
      cases = await (await topic.load()).default({ long });
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

/** Cases grouped by operation, in registration order. */
function groupByOperation(cases: readonly BenchCase[]): BenchCase[][] {
  const groups = new Map<string, BenchCase[]>();
  for (const c of cases) {
    const id = caseId(c);
    const g = groups.get(id);
    if (g === undefined) groups.set(id, [c]);
    else g.push(c);
  }
  return [...groups.values()];
}

/** Progress on stderr: an overwritten line on a terminal, plain lines otherwise. */
function makeProgress(): { show: (text: string) => void; clear: () => void } {
  const tty = Deno.stderr.isTerminal();
  let shown = false;
  return {
    show(text) {
      if (tty) {
        Deno.stderr.writeSync(encoder.encode(`\r\x1b[2K${text}`));
        shown = true;
      } else {
        note(text);
      }
    },
    clear() {
      if (tty && shown) Deno.stderr.writeSync(encoder.encode("\r\x1b[2K"));
      shown = false;
    },
  };
}

async function main(): Promise<number> {
  let opts: Options | null;
  try {
    opts = parseOptions(Deno.args);
  } catch (e) {
    note(`error: ${oneLine(e)}\n\n${USAGE}`);
    return 2;
  }
  if (opts === null) {
    console.log(USAGE);
    return 0;
  }
  const { filter, json, timeMs } = opts;

  const cases = (await loadCases(opts.long)).filter((c) => filter === null || filter.test(caseId(c)));
  if (opts.list) {
    for (const c of cases) console.log(`${caseId(c)}  ${libText(c.lib, c.backend)}  ${c.label ?? ""}`);
    return 0;
  }
  if (cases.length === 0) {
    note(`note: no operation matches${filter === null ? "" : ` --filter ${filter.source}`}`);
    if (json) console.log("[]");
    return 1;
  }

  const groups = groupByOperation(cases);
  const plan = makePlan(timeMs);
  const cpu = await detectCpu();
  const widths: Widths = {
    op: Math.max(...cases.map((c) => caseId(c).length)),
    lib: Math.max(...cases.map((c) => libText(c.lib, c.backend).length)),
  };
  const estimateS = Math.ceil((cases.length * (timeMs + plan.warmupMs)) / 1000);
  note(
    `measuring ${cases.length} rows of ${groups.length} operations, ${timeMs} ms each (about ${estimateS} s)`,
  );
  if (!json) console.log(formatHeader(cpu, timeMs, widths).join("\n"));

  const progress = makeProgress();
  const onFailure = (c: BenchCase, stage: FailureStage, e: unknown) => {
    progress.clear();
    note(`note: ${caseId(c)} ${libText(c.lib, c.backend)}: no row, ${stage} failed (${oneLine(e)})`);
  };
  const rows: Row[] = [];
  const started = performance.now();
  for (const [i, group] of groups.entries()) {
    progress.show(`[${i + 1}/${groups.length}] ${caseId(group[0])}: ${group.map((c) => c.lib).join(", ")}`);
    const groupRows = toRows(await measureGroup(group, plan, onFailure), cpu.ghz);
    rows.push(...groupRows);
    progress.clear();
    if (!json && groupRows.length > 0) console.log(formatRows(groupRows, widths).join("\n") + "\n");
  }
  if (!json && rows.length > 0) console.log(formatSummary(rows));
  note(`done: ${rows.length} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (json) {
    console.log(rows.length === 0 ? "[]" : `[\n${rows.map((r) => "  " + JSON.stringify(r)).join(",\n")}\n]`);
  }
  if (sinkValue() === main) note(""); // keeps the results sink observable
  return rows.length > 0 ? 0 : 1;
}

Deno.exit(await main());
