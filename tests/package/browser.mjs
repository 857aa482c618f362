// The installed package in headless Chromium, from the scratch project of run.sh:
// `node tests/package/browser.mjs <consumer dir>`. Bundles browser_page.mjs with esbuild (so `isochron`
// is the installed package), serves it on 127.0.0.1 twice: `/` as is, and `/csp/` with a
// Content-Security-Policy that lacks 'wasm-unsafe-eval', and drives Chromium over CDP (the
// DevTools protocol on a pipe, --remote-debugging-pipe: no WebSocket, no extra package). Without the
// CSP the library must run WebAssembly (init() resolves true, getBackend reports wasm); with it, the
// page cannot compile WebAssembly and the library must fall back to the TypeScript kernels by itself;
// the known answers of checks.mjs must hold on both. Where Chromium is missing the run says so and is
// skipped, unless ISOCHRON_REQUIRE_BROWSER=1 (CI), where that is a failure.
// Last line: "browser: N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { bundle, Results, stopChild } from "./harness.mjs";

const consumer = process.argv[2];
const PAGE_MS = 120_000; // the CSP page runs every known answer on the TypeScript kernels, twice
const CSP = "default-src 'self'; script-src 'self'"; // no 'wasm-unsafe-eval': WebAssembly is refused
const results = new Results();

/** Chromium's executable: $CHROMIUM, else Debian's `chromium` on PATH; null when there is none. */
function findChromium() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  const which = spawnSync("sh", ["-c", "command -v chromium || command -v chromium-browser"], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim().split("\n")[0] : null;
}

/** A minimal CDP client on Chromium's pipe (fd 3: to the browser, fd 4: from it; messages end in NUL). */
class Cdp {
  #id = 0;
  #pending = new Map();
  #listeners = [];
  constructor(child) {
    this.out = child.stdio[3];
    let buffer = "";
    child.stdio[4].on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (let end; (end = buffer.indexOf("\0")) >= 0;) {
        const msg = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (msg.id !== undefined && this.#pending.has(msg.id)) {
          const { resolve, reject } = this.#pending.get(msg.id);
          this.#pending.delete(msg.id);
          if (msg.error) reject(new Error(`${msg.error.message} (${msg.error.code})`));
          else resolve(msg.result);
        } else if (msg.method) {
          for (const l of this.#listeners) l(msg);
        }
      }
    });
  }
  send(method, params = {}, sessionId) {
    const id = ++this.#id;
    this.out.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + "\0");
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
  }
  /** Resolves with the first event `method` of `sessionId` (within `ms`). */
  once(method, sessionId, ms) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${method} within ${ms} ms`)), ms);
      const l = (msg) => {
        if (msg.method !== method || msg.sessionId !== sessionId) return;
        this.#listeners.splice(this.#listeners.indexOf(l), 1);
        clearTimeout(timer);
        resolve(msg.params);
      };
      this.#listeners.push(l);
    });
  }
  onEvent(l) {
    this.#listeners.push(l);
  }
}

/** Opens `url` in a new tab, awaits globalThis.isochronResult there, returns it (and the page's errors). */
async function runPage(cdp, url) {
  const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
  const errors = [];
  cdp.onEvent((msg) => {
    if (msg.sessionId !== sessionId) return;
    if (msg.method === "Runtime.exceptionThrown") errors.push(msg.params.exceptionDetails?.exception?.description);
    if (msg.method === "Runtime.consoleAPICalled" && msg.params.type === "error") {
      errors.push(msg.params.args.map((a) => a.value ?? a.description).join(" "));
    }
  });
  await cdp.send("Runtime.enable", {}, sessionId);
  await cdp.send("Page.enable", {}, sessionId);
  const loaded = cdp.once("Page.loadEventFired", sessionId, 30_000);
  await cdp.send("Page.navigate", { url }, sessionId);
  await loaded;
  const evaluated = await Promise.race([
    cdp.send("Runtime.evaluate", {
      expression: "globalThis.isochronResult ?? Promise.reject(new Error('the page script did not run'))",
      awaitPromise: true,
      returnByValue: true,
    }, sessionId),
    new Promise((_, reject) => {
      // unref'd: the timer must not keep the process alive once the page has answered
      setTimeout(() => reject(new Error(`no result within ${PAGE_MS} ms`)), PAGE_MS).unref();
    }),
  ]);
  await cdp.send("Target.closeTarget", { targetId });
  if (evaluated.exceptionDetails) {
    throw new Error(`${evaluated.exceptionDetails.exception?.description ?? evaluated.exceptionDetails.text}; ${errors.join("; ")}`);
  }
  return { result: evaluated.result.value, errors };
}

/** Records a page's answer against what it must show with or without the CSP. */
function recordPage(label, { result, errors }, csp) {
  const expect = csp ? "ts" : "wasm";
  results.record(
    `${label}: the page ${csp ? "cannot" : "can"} compile WebAssembly from bytes (control)`,
    result.compilesFromBytes === !csp,
    `compilesFromBytes = ${result.compilesFromBytes}`,
  );
  results.record(`${label}: init() resolves ${!csp}`, result.init === !csp, String(result.init));
  results.record(
    `${label}: setBackend("wasm") ${csp ? "throws BACKEND_UNAVAILABLE" : "is accepted"}`,
    result.forceWasm === (csp ? "BACKEND_UNAVAILABLE" : "accepted"),
    String(result.forceWasm),
  );
  if (!Array.isArray(result.checks) || result.checks.length === 0) results.record(`${label}: checks`, false, "none");
  for (const [what, ok, error] of result.checks ?? []) results.record(`${label}: ${what}`, ok, error);
  if (errors.length > 0) console.log(`${label}: page errors: ${errors.join("; ")}`);
  return expect;
}

const chromium = findChromium();
if (chromium === null) {
  if (process.env.ISOCHRON_REQUIRE_BROWSER === "1") {
    results.record("browser: Chromium is required (ISOCHRON_REQUIRE_BROWSER=1) but not found", false);
  } else {
    console.log("SKIP browser: Chromium not found (apt-get install chromium, as .ci/run does); browser tests not run");
  }
  results.summary("browser");
  process.exit();
}

const page = readFileSync(fileURLToPath(new URL("browser_page.mjs", import.meta.url)), "utf8");
const html = `<!doctype html><meta charset="utf-8"><title>isochron</title><script type="module" src="/app.js"></script>\n`;
let server = null, child = null, cdp = null;
const t0 = performance.now();
try {
  const { code } = await bundle(consumer, { contents: page, name: "browser_page.mjs" });
  server = createServer((req, res) => {
    const path = new URL(req.url, "http://127.0.0.1").pathname;
    if (path === "/app.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(code);
    } else if (path === "/" || path === "/csp/") {
      const headers = { "content-type": "text/html; charset=utf-8" };
      if (path === "/csp/") headers["content-security-policy"] = CSP;
      res.writeHead(200, headers).end(html);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  // A fresh profile in the scratch project (run.sh removes it with the project at its next start:
  // Chromium's helper processes may still write there for a moment after it exits).
  const profile = mkdtempSync(join(consumer, "chromium-profile-"));
  child = spawn(chromium, [
    "--headless",
    "--no-sandbox", // root on CI
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--user-data-dir=${profile}`,
    "--remote-debugging-pipe",
    "about:blank",
  ], { stdio: ["ignore", "pipe", "pipe", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (d) => log += d);
  child.stderr.on("data", (d) => log += d);
  const exited = new Promise((_, reject) =>
    child.once("exit", (c, s) => reject(new Error(`chromium exited (${c ?? s}): ${log.slice(-2000)}`)))
  );
  exited.catch(() => {});
  cdp = new Cdp(child);
  const { product } = await Promise.race([cdp.send("Browser.getVersion"), exited]);
  console.log(`browser: ${product} (${chromium}), pages on ${origin}`);
  for (const [label, path, csp] of [["chromium", "/?expect=wasm", false], ["chromium CSP", "/csp/?expect=ts", true]]) {
    try {
      recordPage(label, await Promise.race([runPage(cdp, origin + path), exited]), csp);
    } catch (e) {
      results.record(`${label}: page`, false, String(e?.stack ?? e));
    }
  }
  console.log(`browser: ${(performance.now() - t0).toFixed(0)} ms`);
} catch (e) {
  results.record("browser: bundle, serve and start Chromium", false, String(e?.stack ?? e));
} finally {
  if (cdp !== null) await Promise.race([cdp.send("Browser.close").catch(() => {}), sleep(2000)]);
  if (child !== null) await stopChild(child);
  server?.close();
}
results.summary("browser");
