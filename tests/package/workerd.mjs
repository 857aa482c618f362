// The installed package on workerd (the Cloudflare Workers runtime), from the scratch project of
// run.sh: `node tests/package/workerd.mjs <consumer dir>`. Bundles four Workers from the installed
// package with esbuild, as wrangler would, leaving `isochron/wasm/*.wasm` imports as wasm modules:
// - auto: no configuration; workerd refuses to compile WebAssembly from bytes, so the library must run
//   its TypeScript kernels by itself and give the known answers of checks.mjs;
// - prebuilt, prebuilt-nosimd: every shipped module of one variant imported statically and handed to
//   `initWasm`; getBackend must report wasm, and the known answers must hold;
// - readme: the README's "Cloudflare Workers" example, word for word, asked to sign an Ethereum
//   vector.
// Serves them on one 127.0.0.1 port (a router Worker dispatches on the first path segment), requests
// each, and always stops workerd. Last line: "workerd: N passed, N failed".
import { spawn } from "node:child_process";
import { createPublicKey, createPrivateKey } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { findBinary } from "../../scripts/bin.mjs";
import { bundle, codeBlockAfter, freePort, Results, stopChild } from "./harness.mjs";

const consumer = process.argv[2];
const repo = fileURLToPath(new URL("../..", import.meta.url));
const dir = join(consumer, "workerd");
const STARTUP_MS = 20_000; // workerd usually answers within 1 s
const REQUEST_MS = 60_000; // the TypeScript kernels run every known answer twice
const results = new Results();

// The Ethereum sign vector of checks.mjs (ethereum/bls12-381-tests sign_case_11b8c7cad5238946).
const SIGN = {
  secretKey: "47b8192d77bf871b62e87859d653922725724a5c031afeabc60bcef5ff665138",
  message: "00".repeat(32),
  signature:
    "b23c46be3a001c63ca711f87a005c200cc550b9429d5f4eb38d74322144f1b63926da3388979e5321012fb1a0526bcd100b5ef5fe72628ce4cd5e904aeaa3279527843fae5ca9ca675f4f51ed8f83bbf7155da9ecc9663100a885d5dc6df96d9",
};

/** X25519(k, 9) by Node's own implementation (OpenSSL), hex: the key as PKCS #8, the public key as SPKI. */
function x25519PublicKey(hex) {
  const pkcs8 = Buffer.concat([Buffer.from("302e020100300506032b656e04220420", "hex"), Buffer.from(hex, "hex")]);
  const spki = createPublicKey(createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" }))
    .export({ format: "der", type: "spki" });
  return spki.subarray(-32).toString("hex");
}

/** The entry of a Worker that runs checks.mjs; `variant` null: no modules, else ".wasm"/".nosimd.wasm". */
function checksWorker(variant) {
  const names = ["bls12-381-fp", "bls12-381-fr", "bn254-fp", "bn254-fr", "x25519"];
  const id = (n) => n.replace(/\W/g, "_");
  return [
    `import * as root from "isochron";`,
    `import * as x25519Entry from "isochron/x25519";`,
    `import * as blsEntry from "isochron/bls12-381";`,
    `import * as bnEntry from "isochron/bn254";`,
    `import { runChecks } from "./checks.mjs";`,
    ...(variant === null ? [] : names.map((n) => `import ${id(n)} from "isochron/wasm/${n}${variant}";`)),
    `let initError = null;`,
    ...(variant === null ? [] : [
      `try {`,
      `  root.initWasm({ ${names.map((n) => `"${n}": ${id(n)}`).join(", ")} });`,
      `} catch (e) {`,
      `  initError = String(e && e.stack || e);`,
      `}`,
    ]),
    `function compilesFromBytes() {`,
    `  try {`,
    `    new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));`,
    `    return true;`,
    `  } catch {`,
    `    return false;`,
    `  }`,
    `}`,
    `export default {`,
    `  fetch(request) {`,
    `    const expect = new URL(request.url).searchParams.get("expect");`,
    `    const checks = runChecks({ root, x25519Entry, blsEntry, bnEntry }, { expect });`,
    `    return Response.json({ initError, compilesFromBytes: compilesFromBytes(), checks });`,
    `  },`,
    `};`,
    ``,
  ].join("\n");
}

const ROUTER = `export default {
  fetch(request, env) {
    const name = new URL(request.url).pathname.split("/")[1].replace(/-/g, "_").toUpperCase();
    return env[name] ? env[name].fetch(request) : new Response("no such worker", { status: 404 });
  },
};
`;

const workers = {
  auto: { contents: checksWorker(null) },
  prebuilt: { contents: checksWorker(".wasm") },
  "prebuilt-nosimd": { contents: checksWorker(".nosimd.wasm") },
  readme: { contents: codeBlockAfter(readFileSync(join(repo, "README.md"), "utf8"), "### Cloudflare Workers") },
};

/** Bundles every Worker into `dir` and writes the workerd configuration; returns its path. */
async function build() {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "router.mjs"), ROUTER);
  const services = [`(name = "router", worker = .router)`];
  const defs = [
    `const router :Workerd.Worker = (`,
    `  compatibilityDate = "2025-01-01",`,
    `  modules = [(name = "router.js", esModule = embed "router.mjs")],`,
    `  bindings = [${
      Object.keys(workers).map((w) => `(name = "${w.replace(/-/g, "_").toUpperCase()}", service = "${w}")`)
        .join(", ")
    }],`,
    `);`,
  ];
  for (const [name, entry] of Object.entries(workers)) {
    const { code, wasm } = await bundle(consumer, { ...entry, name: `${name}.mjs` }, { wasmExternal: true });
    writeFileSync(join(dir, `${name}.js`), code);
    const modules = [`(name = "worker.js", esModule = embed "${name}.js")`];
    for (const [file, path] of wasm) modules.push(`(name = "${file}", wasm = embed "${relative(dir, path)}")`);
    const id = name.replace(/-(.)/g, (_, c) => c.toUpperCase());
    services.push(`(name = "${name}", worker = .${id})`);
    defs.push(
      `const ${id} :Workerd.Worker = (`,
      `  compatibilityDate = "2025-01-01",`,
      `  modules = [\n    ${modules.join(",\n    ")},\n  ],`,
      `);`,
    );
  }
  const config = [
    `# Written by tests/package/workerd.mjs: the Workers bundled from the installed package.`,
    `using Workerd = import "/workerd/workerd.capnp";`,
    `const config :Workerd.Config = (`,
    `  services = [${services.join(", ")}],`,
    `  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "router")],`,
    `);`,
    ...defs,
    ``,
  ].join("\n");
  writeFileSync(join(dir, "workerd.capnp"), config);
  return join(dir, "workerd.capnp");
}

/** Starts workerd on `port`; resolves to { child, log() }. */
function start(bin, config, port) {
  const child = spawn(bin, ["serve", config, "--socket-addr", `http=127.0.0.1:${port}`], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => output += d);
  child.stderr.on("data", (d) => output += d);
  child.on("error", (e) => output += String(e));
  return { child, log: () => output };
}

/** Requests `path` (JSON body if given) and parses the JSON answer; retries while workerd starts. */
async function request(port, path, w, body) {
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: body === undefined ? "GET" : "POST",
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_MS),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${text.slice(0, 2000)}`);
      return JSON.parse(text);
    } catch (e) {
      const refused = e?.cause?.code === "ECONNREFUSED";
      if (!refused || w.child.exitCode !== null || Date.now() > deadline) throw e;
      await sleep(100);
    }
  }
}

/** Records a checks Worker's answer: wasm compilation refused, modules accepted, every check. */
function recordChecks(label, report) {
  results.record(`${label}: WebAssembly compilation from bytes is refused`, report.compilesFromBytes === false);
  results.record(`${label}: initWasm accepted the modules`, report.initError === null, report.initError);
  if (!Array.isArray(report.checks) || report.checks.length === 0) results.record(`${label}: checks`, false, "none");
  for (const [what, ok, error] of report.checks ?? []) results.record(`${label}: ${what}`, ok, error);
}

let w = null;
for (const s of ["SIGINT", "SIGTERM"]) {
  process.on(s, async () => {
    if (w !== null) await stopChild(w.child);
    process.exit(1);
  });
}
const t0 = performance.now();
try {
  const bin = findBinary("workerd");
  const config = await build();
  const t1 = performance.now();
  let port;
  for (let attempt = 0;; attempt++) {
    port = await freePort();
    w = start(bin, config, port);
    try {
      await request(port, "/auto/?expect=ts", w); // waits until workerd serves
      break;
    } catch (e) {
      await stopChild(w.child);
      if (attempt === 2) throw new Error(`workerd did not serve: ${e}\n${w.log()}`);
    }
  }
  for (const [label, expect] of [["auto", "ts"], ["prebuilt", "wasm"], ["prebuilt-nosimd", "wasm"]]) {
    try {
      recordChecks(`workerd ${label}`, await request(port, `/${label}/?expect=${expect}`, w));
    } catch (e) {
      results.record(`workerd ${label}: request`, false, String(e));
    }
  }
  try {
    const got = await request(port, "/readme/", w, { secretKey: SIGN.secretKey, message: SIGN.message });
    results.record(
      "workerd readme: the README's Worker signs the Ethereum vector",
      got.signature === SIGN.signature,
      got.signature,
    );
    results.record("workerd readme: its signature verifies", got.valid === true, String(got.valid));
    const x = x25519PublicKey(SIGN.secretKey);
    results.record("workerd readme: its X25519 public key equals Node's", got.x25519PublicKey === x, got.x25519PublicKey);
    results.record(
      "workerd readme: getBackend reports wasm for BLS12-381 and X25519",
      JSON.stringify(got.backends) === '["wasm","wasm"]',
      JSON.stringify(got.backends),
    );
  } catch (e) {
    results.record("workerd readme: request", false, String(e));
  }
  console.log(`workerd: bundled in ${(t1 - t0).toFixed(0)} ms, served and checked in ${(performance.now() - t1).toFixed(0)} ms`);
} catch (e) {
  results.record("workerd: build, start and serve", false, String(e?.stack ?? e));
} finally {
  if (w !== null) await stopChild(w.child);
}
if (results.list.some((r) => !r.ok) && w !== null) console.log(`workerd output:\n${w.log()}`);
results.summary("workerd");
