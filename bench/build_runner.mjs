#!/usr/bin/env node
// @ts-check
/**
 * Builds the benchmark runner for Node and Bun: `node bench/build_runner.mjs OUT_DIR` (the Deno front
 * end, report.ts, runs it once per report into a fresh folder under .cache/bench/ and removes it after).
 *
 * - `OUT_DIR/dist/`: the library compiled by tsc with tsconfig.build.json, the build the npm package
 *   ships (scripts/build_package.sh), so that Node and Bun run isochron as consumers get it: plain
 *   ESM JavaScript, wasm generated at run time as in any app that does not call initWasm.
 * - `OUT_DIR/dist/node/`, `OUT_DIR/dist/wasm/` and `OUT_DIR/cold_run.mjs`: the package's runtime build
 *   (scripts/bundle_package.mjs), the prebuilt modules it reads (scripts/build_package.ts) and the cold
 *   suite's script, which imports it in fresh processes.
 * - `OUT_DIR/runner.mjs`: `bench/runner_child.ts` with the benchmark code (the case API, the topics,
 *   the measurement) bundled by esbuild, types stripped. Every import of a library module
 *   (`mod.ts`, `backend.ts`, `errors.ts`, `wasm/`, `field/`, `scalar/`, `curves/`, `x25519/`) is kept
 *   external and pointed at its `.js` file in `OUT_DIR/dist/`: the library is never bundled, never
 *   run from its TypeScript source. The npm peers stay bare imports, resolved from node_modules.
 *
 * Prints the path of runner.mjs. `node bench/build_runner.mjs --remove OUT_DIR` deletes such a folder
 * when the report is done. Plain JavaScript for Node, so that the Deno front end needs no write
 * permission of its own.
 */

import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { bundlePackage } from "../scripts/bundle_package.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const LIBRARY_FILES = ["mod.ts", "backend.ts", "errors.ts"];
const LIBRARY_DIRS = ["wasm", "field", "scalar", "curves", "x25519"];
/** Library folders the tsc build leaves out (tsconfig.build.json `exclude`). */
const NOT_BUILT = ["x25519/gen/"];

/**
 * The library file a resolved path is, as a repository path (`curves/bn254/mod.ts`), or null.
 * @param {string} abs
 * @returns {string | null}
 */
export function libraryPath(abs) {
  const rel = relative(root, abs).split(sep).join("/");
  if (rel.startsWith("..") || !rel.endsWith(".ts")) return null;
  if (LIBRARY_FILES.includes(rel) || LIBRARY_DIRS.some((d) => rel.startsWith(d + "/"))) return rel;
  return null;
}

/** @param {string} outDir */
async function build(outDir) {
  const dist = join(outDir, "dist");
  const tsc = spawnSync(
    process.execPath,
    [
      join(root, "node_modules/typescript/bin/tsc"),
      "-p",
      join(root, "tsconfig.build.json"),
      "--outDir",
      dist,
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (tsc.status !== 0) throw new Error(`tsc build failed (exit ${tsc.status})`);
  // The cold suite's runs: the package's runtime build (dist/node/), the prebuilt modules it reads
  // (dist/wasm/, as the package ships them) and the script that imports it.
  const wasm = spawnSync(
    process.execPath,
    [
      join(root, "scripts/bin.mjs"),
      "deno",
      "run",
      "--quiet",
      "--allow-read",
      `--allow-write=${dist}`,
      join(root, "scripts/build_package.ts"),
      join(dist, "wasm"),
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NO_COLOR: "1",
        DENO_NO_UPDATE_CHECK: "1",
        DENO_DIR: process.env.DENO_DIR ?? join(root, ".cache/deno"),
      },
    },
  );
  if (wasm.status !== 0) throw new Error(`the prebuilt modules were not written (exit ${wasm.status})`);
  await bundlePackage(dist); // after the .wasm: it embeds their checksums
  copyFileSync(join(root, "bench/cold_run.mjs"), join(outDir, "cold_run.mjs"));
  const esbuild = await import("esbuild");
  /** @type {import("esbuild").Plugin} */
  const libraryFromDist = {
    name: "isochron-from-dist",
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        const lib = libraryPath(resolve(args.resolveDir, args.path));
        if (lib === null) return undefined;
        if (NOT_BUILT.some((d) => lib.startsWith(d))) {
          return { errors: [{ text: `${lib} is not in the tsc build (imported by ${args.importer})` }] };
        }
        const js = join(dist, lib.replace(/\.ts$/, ".js"));
        if (!existsSync(js)) return { errors: [{ text: `${lib}: no ${js} in the tsc build` }] };
        return { path: "./" + relative(outDir, js).split(sep).join("/"), external: true };
      });
    },
  };
  const out = join(outDir, "runner.mjs");
  await esbuild.build({
    entryPoints: [join(root, "bench/runner_child.ts")],
    outfile: out,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    packages: "external",
    plugins: [libraryFromDist],
    logLevel: "warning",
  });
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "--remove") {
  const dir = resolve(process.argv[3] ?? "");
  // Only a build folder of the report: never anything outside .cache/bench/.
  if (!relative(join(root, ".cache/bench"), dir).startsWith("..") && dir !== join(root, ".cache/bench")) {
    rmSync(dir, { recursive: true, force: true });
  }
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error("usage: node bench/build_runner.mjs OUT_DIR");
    process.exit(2);
  }
  try {
    console.log(await build(resolve(outDir)));
  } catch (e) {
    console.error(`build_runner: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
