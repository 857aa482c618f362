/**
 * The benchmark report: `npm run bench -- [--runtime LIST] [--full] [--filter REGEX] [--json] [--time MS]
 * [--long] [--list]`. This file is the Deno front end: the CLI, the CPU clock, the table, the cold suite
 * (fresh Deno processes) and the other runtimes, which it starts as child processes
 * (bench/runtimes.ts); the measurement itself is the runtime-neutral runner (bench/runner.ts), run in
 * this process for the `deno` rows and by `runner_child.ts` on Node and Bun.
 *
 * Prints, for each runtime, operation and library, the median time per call in scaled units (ns, µs,
 * ms), the spread of the samples (interquartile range in % of the median, rows above 10 % marked
 * unstable), calls per second and approximate CPU cycles, isochron rows first, with each row's time
 * relative to the fastest peer on the same runtime, then issue 15's targets per runtime. `--json`
 * prints only a JSON array of rows `{runtime, suite, op, lib, backend, nsPerOp, opsPerSec, cycles,
 * iqrPct, samples, unstable}` on stdout; notes and progress always go to stderr.
 */

import { parseArgs } from "node:util";
import { type BenchCase, caseId } from "./case.ts";
import { COLD_TOPIC, TOPICS } from "./cases/mod.ts";
import { detectCpu } from "./cpu.ts";
import { headlineFilter } from "./headline.ts";
import { makePlan, sinkValue } from "./measure.ts";
import {
  groupByOperation,
  loadCases,
  oneLine,
  RETRY_MAX_MS,
  runGroups,
  runtimeDescription,
} from "./runner.ts";
import {
  buildRunner,
  NODE_CURRENT_VERSION,
  parseRuntimeList,
  pathNodeMajor,
  removeRunner,
  resolveRuntimes,
  runChild,
  type Runtime,
} from "./runtimes.ts";
import {
  formatHeader,
  formatRows,
  formatRuntime,
  formatSummary,
  libText,
  type Row,
  UNSTABLE_IQR_PCT,
  type Widths,
} from "./table.ts";
import { targetTable } from "./targets.ts";

const DEFAULT_TIME_MS = 200;
const DEFAULT_RETRIES = 1;
const LONG_TIME_MS = 1000;
const DEFAULT_RUNTIMES = "deno,node,node-current,bun";

const USAGE = `Usage: npm run bench -- [options]
       npm run --silent bench -- --json [options]   (only the JSON on stdout)

Benchmarks isochron against its peers (noble, blst, mcl-wasm, bls-eth-wasm, libsodium-wrappers,
ffjavascript, tweetnacl, stablelib, webcrypto) on Deno, Node and Bun, each runtime in its own process.

Options:
  --runtime LIST  comma-separated runtimes (default ${DEFAULT_RUNTIMES}): deno; node (the machine's
                  node, rows "node<major>"); node-current (Node ${NODE_CURRENT_VERSION} from npm, installed
                  on first use into .cache/node-current/, or ISOCHRON_NODE_CURRENT=/path/to/node); bun;
                  all; or node<major> for the Node of that major version (e.g. node20, node26)
  --full          every operation on every runtime (default: all on Deno, the README's headline
                  operations on Node and Bun); a --filter applies to every runtime
  --filter REGEX  only operations whose "<suite> <op>" matches REGEX (e.g. "x25519", "g2-mul")
  --json          print only a JSON array of rows {runtime, suite, op, lib, backend, nsPerOp, opsPerSec,
                  cycles, iqrPct, samples, unstable} on stdout: nsPerOp is the median time of one call in
                  ns, iqrPct the interquartile range of the samples in % of the median, unstable true
                  when it exceeds ${UNSTABLE_IQR_PCT}, cycles null when the CPU clock is unknown
  --time MS       time budget of each measurement in ms (default ${DEFAULT_TIME_MS})
  --retries N     measure an operation up to N more times while one of its rows is unstable, keeping
                  the attempt with the smallest spread (default ${DEFAULT_RETRIES}; 0: once; operations
                  that take over ${RETRY_MAX_MS / 1000} s are measured once)
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

interface Options {
  filter: RegExp | null;
  json: boolean;
  timeMs: number;
  /** `--retries`: more attempts for an operation with an unstable row (runner.ts measureSteadiest). */
  retries: number;
  list: boolean;
  /** `--long`: also the long sizes of the topics that have them (bulk addition: 10⁵, 10⁶ points). */
  long: boolean;
  runtimes: string;
  full: boolean;
}

function parseOptions(args: string[]): Options | null {
  const { values } = parseArgs({
    args,
    options: {
      filter: { type: "string" },
      json: { type: "boolean" },
      time: { type: "string" },
      retries: { type: "string" },
      long: { type: "boolean" },
      list: { type: "boolean" },
      runtime: { type: "string" },
      full: { type: "boolean" },
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
  const retries = values.retries === undefined ? DEFAULT_RETRIES : Number(values.retries);
  if (!Number.isInteger(retries) || retries < 0) throw new Error(`--retries expects a whole number ≥ 0`);
  const filter = values.filter === undefined ? null : new RegExp(values.filter);
  return {
    filter,
    json: values.json ?? false,
    timeMs,
    retries,
    list: values.list ?? false,
    long: values.long ?? false,
    runtimes: values.runtime ?? DEFAULT_RUNTIMES,
    full: values.full ?? false,
  };
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
  let kinds;
  try {
    opts = parseOptions(Deno.args);
    kinds = opts === null ? [] : parseRuntimeList(opts.runtimes, await pathNodeMajor());
  } catch (e) {
    note(`error: ${oneLine(e)}\n\n${USAGE}`);
    return 2;
  }
  if (opts === null) {
    console.log(USAGE);
    return 0;
  }
  const { filter, json, timeMs } = opts;
  const withDeno = kinds.includes("deno");
  // Deno: every topic and the cold suite (library from source); Node and Bun: the same topics and the
  // cold suite run by their runner (library from the npm package's runtime build), by default only the
  // headline operations (a --filter or --full: the same operations everywhere).
  const otherFilter = filter ?? (opts.full ? null : headlineFilter());
  const portable = await loadCases(TOPICS, opts.long, note);
  // (The cold cases loaded here run Deno processes; the Node/Bun runner makes its own: here they only
  // count and list the rows of those runtimes.)
  const all = [...portable, ...(await loadCases([COLD_TOPIC], opts.long, note))];
  const denoCases = all.filter((c) => filter === null || filter.test(caseId(c)));
  const otherCases = all.filter((c) => otherFilter === null || otherFilter.test(caseId(c)));
  if (opts.list) {
    for (const c of withDeno ? denoCases : otherCases) {
      console.log(`${caseId(c)}  ${libText(c.lib, c.backend)}  ${c.label ?? ""}`);
    }
    return 0;
  }
  const runtimes = await resolveRuntimes(kinds, note);
  const planned = runtimes.map((rt) => rt.kind === "deno" ? denoCases : otherCases);
  const count = planned.reduce((n, cs) => n + cs.length, 0);
  if (count === 0) {
    note(`note: no operation matches${filter === null ? "" : ` --filter ${filter.source}`}`);
    if (json) console.log("[]");
    return 1;
  }

  const cpu = await detectCpu();
  const planRows = planned.flat();
  const widths: Widths = {
    op: Math.max(...planRows.map((c) => caseId(c).length)),
    lib: Math.max(...planRows.map((c) => libText(c.lib, c.backend).length)),
  };
  const estimateS = Math.ceil((count * (timeMs + makePlan(timeMs).warmupMs)) / 1000);
  note(
    `measuring ${count} rows on ${runtimes.map((r) => r.id).join(", ")}, ${timeMs} ms each ` +
      `(about ${estimateS} s and the setups)`,
  );
  if (!json) console.log(formatHeader(cpu, timeMs, widths).join("\n"));

  const progress = makeProgress();
  const rows: Row[] = [];
  const started = performance.now();
  const show = (rt: Runtime, i: number, n: number, text: string) =>
    progress.show(`${rt.id} [${i + 1}/${n}] ${text}`);
  const print = (groupRows: Row[]) => {
    rows.push(...groupRows);
    progress.clear();
    if (!json && groupRows.length > 0) console.log(formatRows(groupRows, widths).join("\n") + "\n");
  };
  const childNote = (msg: string) => {
    progress.clear();
    note(msg);
  };
  let built: { runner: string; dir: string } | null = null;
  const took: string[] = [];
  try {
    for (const [k, rt] of runtimes.entries()) {
      const cases = planned[k], t0 = performance.now();
      if (cases.length === 0) continue;
      if (rt.kind === "deno") {
        if (!json) console.log(formatRuntime("deno", runtimeDescription()));
        await runDeno(cases, rt, opts, cpu.ghz, show, print, childNote);
        took.push(`${rt.id} ${((performance.now() - t0) / 1000).toFixed(0)} s`);
        continue;
      }
      if (built === null) {
        try {
          built = await buildRunner();
        } catch (e) {
          note(`note: no Node or Bun rows: ${oneLine(e)}`);
          break;
        }
      }
      const args = ["--time", String(timeMs), "--retries", String(opts.retries)];
      if (otherFilter !== null) args.push("--filter", otherFilter.source);
      if (opts.long) args.push("--long");
      if (cpu.ghz !== null) args.push("--ghz", String(cpu.ghz));
      const code = await runChild(rt, built.runner, args, (m) => {
        if (m.type === "start" && !json) console.log(formatRuntime(rt.id, m.description));
        else if (m.type === "group") show(rt, m.index, m.count, m.id);
        else if (m.type === "rows") print(m.rows);
      }, childNote);
      if (code !== 0) note(`note: ${rt.id}: the runner exited with code ${code}; its rows so far are kept`);
      took.push(`${rt.id} ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
  } finally {
    if (built !== null) await removeRunner(built.dir);
  }
  progress.clear();
  if (!json && rows.length > 0) {
    console.log(
      "Issue 15's targets (wasm backend), ratios within each runtime:\n\n" + targetTable(rows) + "\n",
    );
    console.log(formatSummary(rows));
  }
  note(
    `done: ${rows.length} rows in ${((performance.now() - started) / 1000).toFixed(1)} s (${
      took.join(", ")
    })`,
  );
  if (json) {
    console.log(rows.length === 0 ? "[]" : `[\n${rows.map((r) => "  " + JSON.stringify(r)).join(",\n")}\n]`);
  }
  if (sinkValue() === main) note(""); // keeps the results sink observable
  return rows.length > 0 ? 0 : 1;
}

/** The Deno rows, measured in this process by the same runner the children run. */
async function runDeno(
  cases: BenchCase[],
  rt: Runtime,
  opts: Options,
  ghz: number | null,
  show: (rt: Runtime, i: number, n: number, text: string) => void,
  print: (rows: Row[]) => void,
  childNote: (msg: string) => void,
): Promise<void> {
  await runGroups(groupByOperation(cases), {
    runtime: rt.id,
    timeMs: opts.timeMs,
    ghz,
    retries: opts.retries,
  }, {
    onGroup: (i, n, group) => show(rt, i, n, `${caseId(group[0])}: ${group.map((c) => c.lib).join(", ")}`),
    onRows: print,
    onFailure: (c, stage, e) =>
      childNote(
        `note: deno: ${caseId(c)} ${libText(c.lib, c.backend)}: no row, ${stage} failed (${oneLine(e)})`,
      ),
  });
}

Deno.exit(await main());
