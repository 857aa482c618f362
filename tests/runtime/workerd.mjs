// Runs the runtime smoke checks on workerd (the Cloudflare Workers runtime): starts
// `workerd serve tests/runtime/workerd.capnp` on a free 127.0.0.1 port, requests both Workers, checks
// their JSON reports, and always stops workerd. Needs dist/runtime/worker.js (deno bundle of
// worker.ts) and dist/wasm/ (build_wasm.ts); scripts/test.sh builds both first.
// Usage: node tests/runtime/workerd.mjs [path/to/workerd] (default: the binary npm installed for this
// platform, found by scripts/bin.mjs). Last line: "workerd: N passed, N failed".

import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { findBinary } from "../../scripts/bin.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = process.argv[2] ?? defaultBinary();
const STARTUP_MS = 20_000; // workerd usually answers within 1 s
const REQUEST_MS = 15_000; // one request runs all checks (TypeScript kernels: well under 1 s)

/** The workerd binary for this platform; without one, the run ends as one failed check. */
function defaultBinary() {
  try {
    return findBinary("workerd");
  } catch (e) {
    console.log(`FAIL workerd: binary\n     ${e.message}`);
    console.log("workerd: 0 passed, 1 failed");
    process.exit(1);
  }
}

/** A port that was free a moment ago (workerd binds it right after; a lost race is retried). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts workerd on `port`; resolves to { child, log(), exited() }. */
function startWorkerd(port) {
  const child = spawn(
    bin,
    ["serve", "tests/runtime/workerd.capnp", "--socket-addr", `http=127.0.0.1:${port}`],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  let exit = null;
  child.stdout.on("data", (d) => output += d);
  child.stderr.on("data", (d) => output += d);
  child.on("exit", (code, signal) => exit = { code, signal });
  child.on("error", (e) => exit = { error: String(e) });
  return { child, log: () => output, exited: () => exit };
}

/** Stops workerd: SIGTERM, SIGKILL after 2 s; returns once it exited (or after 5 s). */
async function stop(w) {
  const { child } = w;
  if (w.exited() !== null || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const kill = setTimeout(() => child.kill("SIGKILL"), 2000);
  await Promise.race([gone, sleep(5000, undefined, { ref: false })]);
  clearTimeout(kill);
}

/** GETs `path` as JSON, retrying until workerd listens (bounded by STARTUP_MS). */
async function getJson(port, path, w) {
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(REQUEST_MS) });
      const text = await res.text();
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${text.slice(0, 2000)}`);
      return JSON.parse(text);
    } catch (e) {
      const refused = e?.cause?.code === "ECONNREFUSED";
      if (!refused || w.exited() !== null || Date.now() > deadline) throw e;
      await sleep(100);
    }
  }
}

const results = [];
const record = (name, ok, error) => results.push({ name, ok, error });
let w = null;
const onSignal = async () => {
  if (w !== null) await stop(w);
  process.exit(1);
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

const start = performance.now();
try {
  let port;
  for (let attempt = 0;; attempt++) {
    port = await freePort();
    w = startWorkerd(port);
    try {
      await getJson(port, "/?expect=ts", w); // warm-up: waits until workerd serves
      break;
    } catch (e) {
      await stop(w);
      if (attempt === 2) {
        throw new Error(
          `workerd did not serve (${bin}, exit ${JSON.stringify(w.exited())}): ${e}, ${e?.cause ?? ""}`,
        );
      }
    }
  }
  const started = performance.now();

  // Fresh isolates per Worker: "auto" already ran once (the warm-up); it must give the same answer again.
  for (
    const [label, path, expected] of [["auto", "/?expect=ts", "ts"], [
      "prebuilt",
      "/prebuilt/?expect=wasm",
      "wasm",
    ]]
  ) {
    let report;
    try {
      report = await getJson(port, path, w);
    } catch (e) {
      record(`workerd ${label}: request`, false, String(e));
      continue;
    }
    const b = report.backends ?? {};
    console.log(
      `workerd ${label}: backends field ${b.field}, x25519 ${b.x25519}` +
        ` (wasm compiles from bytes: ${b.wasmCompilesFromBytes})`,
    );
    record(
      `workerd ${label}: WebAssembly compilation from bytes is refused`,
      b.wasmCompilesFromBytes === false,
      `wasmCompilesFromBytes = ${b.wasmCompilesFromBytes}`,
    );
    if (label === "prebuilt") {
      record(
        `workerd ${label}: initWasm/initX25519Wasm accepted the static .wasm modules`,
        report.initError === null,
        report.initError,
      );
      record(
        `workerd ${label}: field and x25519 run on ${expected}`,
        b.field === expected && b.x25519 === expected,
        JSON.stringify(b),
      );
    }
    for (const r of report.results ?? []) record(`workerd ${label}: ${r.name}`, r.ok, r.error);
    if (!Array.isArray(report.results) || report.results.length === 0) {
      record(`workerd ${label}: results`, false, "none");
    }
  }
  console.log(
    `workerd: started in ${(started - start).toFixed(0)} ms, checks in ${
      (performance.now() - started).toFixed(0)
    } ms`,
  );
} catch (e) {
  record("workerd: start and serve", false, String(e?.stack ?? e));
} finally {
  if (w !== null) await stop(w);
}

for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name}${r.ok ? "" : `\n     ${r.error}`}`);
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
if (failed > 0 && w !== null) console.log(`workerd output:\n${w.log()}`);
console.log(`workerd: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
