/**
 * The benchmark runner as a child process on Node and Bun, started by the Deno front end
 * (`report.ts`, through `runtimes.ts`), never by hand: `build_runner.mjs` bundles this file with
 * isochron imported from the tsc build (`.cache/bench/runner.mjs`), and the front end runs
 * `<runtime> .cache/bench/runner.mjs --runtime ID --time MS [--retries N] [--filter REGEX] [--long] [--ghz X]`.
 *
 * Protocol: stdout carries one JSON message per line, `{"type":"start","description","rows"}`, then
 * per operation `{"type":"group","index","count","id"}` and `{"type":"rows","rows":[…]}`, then
 * `{"type":"done","rows":N}`; notes (a lost row, a topic that failed to load) go to stderr. The cold
 * suite runs here too, in fresh processes of this runtime, on the npm package's runtime build that
 * build_runner.mjs writes next to runner.mjs (`dist/node/`, with a copy of cold_run.mjs).
 */

import process from "node:process";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { caseId } from "./case.ts";
import { COLD_TOPIC, TOPICS } from "./cases/mod.ts";
import { sinkValue } from "./measure.ts";
import { groupByOperation, loadCases, oneLine, runGroups, runtimeDescription } from "./runner.ts";
import { initX25519Wasm, x25519WasmBytes } from "../x25519/mod.ts";

const send = (msg: unknown): void => {
  process.stdout.write(JSON.stringify(msg) + "\n");
};
const note = (msg: string): void => {
  process.stderr.write(msg + "\n");
};

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    runtime: { type: "string" },
    filter: { type: "string" },
    time: { type: "string" },
    retries: { type: "string" },
    long: { type: "boolean" },
    ghz: { type: "string" },
  },
  strict: true,
});
const runtime = values.runtime ?? "unknown";
const timeMs = Number(values.time ?? 200);
const retries = Number(values.retries ?? 0);
const ghz = values.ghz === undefined ? null : Number(values.ghz);
const filter = values.filter === undefined ? null : new RegExp(values.filter);

// X25519 on its published module, as the npm package's runtime build runs it on Node and Bun (it reads
// dist/wasm/x25519.wasm, these bytes; the module generated at run time is the same).
initX25519Wasm(new WebAssembly.Module(x25519WasmBytes() as Uint8Array<ArrayBuffer>));

const cold = {
  script: fileURLToPath(new URL("./cold_run.mjs", import.meta.url)),
  lib: fileURLToPath(new URL("./dist/node", import.meta.url)),
};
const cases = (await loadCases([...TOPICS, COLD_TOPIC], values.long ?? false, note, { cold }))
  .filter((c) => filter === null || filter.test(caseId(c)));
send({ type: "start", description: runtimeDescription(), rows: cases.length });
const rows = await runGroups(groupByOperation(cases), { runtime, timeMs, ghz, retries }, {
  onGroup: (index, count, group) => send({ type: "group", index, count, id: caseId(group[0]) }),
  onRows: (rows) => send({ type: "rows", rows }),
  onFailure: (c, stage, e) =>
    note(`note: ${runtime}: ${caseId(c)} ${c.lib} (${c.backend}): no row, ${stage} failed (${oneLine(e)})`),
});
send({ type: "done", rows: rows.length });
if (sinkValue() === send) note(""); // keeps the results sink observable
// Peers may leave handles open (wasm thread managers, timers): the report is done, so is the process.
process.exit(0);
