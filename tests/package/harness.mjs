// Shared by the consumer runners of the installed package that need a bundler or a server
// (workerd.mjs, browser.mjs): bundling from the scratch project as a user's bundler does, results
// with the runner's summary line, free loopback ports and stopping a child process.
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { basename } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import * as esbuild from "esbuild";

/**
 * Bundles `entry` (a file, or `{ contents }` resolved from `dir`) from the scratch project `dir`, so
 * that `isochron` resolves to the installed package through its exports map, as esbuild or wrangler
 * would for a user. With `wasmExternal`, `import m from "isochron/wasm/<name>.wasm"` stays an import of
 * `./<name>.wasm` (as wrangler uploads such files as modules); the files resolved are returned by name.
 * Resolves to `{ code, wasm: Map<name, path> }`.
 */
export async function bundle(dir, entry, { wasmExternal = false, minify = false } = {}) {
  const require = createRequire(`${dir}/package.json`);
  const wasm = new Map();
  const plugins = wasmExternal
    ? [{
      name: "wasm-modules",
      setup(build) {
        build.onResolve({ filter: /\.wasm$/ }, (args) => {
          const path = require.resolve(args.path); // through the package's exports map
          wasm.set(basename(path), path);
          return { path: `./${basename(path)}`, external: true };
        });
      },
    }]
    : [];
  const input = typeof entry === "string"
    ? { entryPoints: [entry] }
    : { stdin: { contents: entry.contents, resolveDir: dir, sourcefile: entry.name ?? "entry.mjs" } };
  const result = await esbuild.build({
    ...input,
    absWorkingDir: dir,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify,
    write: false,
    plugins,
    logLevel: "silent",
  });
  return { code: result.outputFiles[0].text, wasm };
}

/** Collects check results; `summary(name)` prints them and the last line "<name>: N passed, N failed". */
export class Results {
  list = [];
  record(name, ok, error) {
    this.list.push({ name, ok: Boolean(ok), error });
  }
  summary(name) {
    for (const r of this.list) {
      console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name}${r.ok || r.error === undefined ? "" : `\n     ${r.error}`}`);
    }
    const failed = this.list.filter((r) => !r.ok).length;
    console.log(`${name}: ${this.list.length - failed} passed, ${failed} failed`);
    process.exitCode = failed === 0 ? 0 : 1;
  }
}

/** A 127.0.0.1 port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Stops a child process: SIGTERM, SIGKILL after 2 s; returns once it exited (or after 5 s). */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const kill = setTimeout(() => child.kill("SIGKILL"), 2000);
  await Promise.race([gone, sleep(5000, undefined, { ref: false })]);
  clearTimeout(kill);
}

/** The first ```js block after the heading `heading` of a Markdown text, word for word. */
export function codeBlockAfter(markdown, heading) {
  const at = markdown.indexOf(`\n${heading}\n`);
  if (at < 0) throw new Error(`no heading "${heading}"`);
  const m = /\n```js\n([\s\S]*?)\n```\n/.exec(markdown.slice(at));
  if (m === null) throw new Error(`no js block after "${heading}"`);
  return m[1] + "\n";
}
