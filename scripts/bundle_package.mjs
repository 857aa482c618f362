#!/usr/bin/env node
// @ts-check
/**
 * The runtime build of the npm package: `node scripts/bundle_package.mjs DIST` (called by
 * scripts/build_package.sh after tsc). DIST holds the tsc build (one ESM `.js` and `.d.ts` per library
 * file), which bundlers get (package.json `exports`, condition `default`): they tree-shake it file by
 * file (`sideEffects: false`), so that an app of one curve carries no other curve's code. This writes
 * DIST/node/: the four entry points (`mod.js`, `x25519/mod.js`, `curves/bls12_381/mod.js`,
 * `curves/bn254/mod.js`) bundled by esbuild with code splitting, the code they share in
 * `node/chunks/`, which the runtimes that load the package straight from node_modules get
 * (conditions `node`, `bun`, `deno`).
 *
 * Why: a program that imports a curve otherwise loads its 120-odd modules one by one. On Node 20 the
 * first `import()` of BLS12-381 took 120–180 ms from the per-file build against 30–44 ms from one
 * bundled file (noble: 53–68 ms), on this machine (issue 13, cold start). Splitting keeps one copy of
 * each module for a program that imports several entries (the backend registry is shared state). Its
 * whitespace and syntax are minified, names kept (stack traces still name the library's functions): the
 * npm tarball went from 696.6 to 663.5 kB packed (the consumer test holds it under 700 kB), the runtime
 * build from 515 to 340 kB, and on Node 20 the first `import()` of BLS12-381 from a median 19 to 17 ms
 * (10 fresh processes each, alternating; Bun unchanged within its noise). The library has no runtime
 * dependency, so nothing stays an import. The bundled chunks merge modules, so their
 * top-level registrations can no longer be dropped one file at a time: that is why bundlers keep the
 * per-file build.
 *
 * Each entry of the runtime build is a small wrapper: it re-exports the library's entry and calls
 * `usePackageFiles` (package_files.ts) with the URL of DIST and the SHA-256 of each file of DIST/wasm/
 * (written by scripts/build_package.ts before this runs), so that the field kernels compile the
 * package's prebuilt modules instead of generating them at first use (field/wasm/packaged.ts says when
 * a file stands in), and only files with exactly the bytes built with this code. The wrapper's
 * `import.meta.url` is the entry's own output file, whose depth under DIST is known here.
 */

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import process from "node:process";
import * as esbuild from "esbuild";

/** The package's JavaScript entry points, as paths in the tsc build (package.json `exports`). */
export const ENTRIES = ["mod", "x25519/mod", "curves/bls12_381/mod", "curves/bn254/mod"];

/**
 * The checksum (wasm/checksum.ts, from the tsc build in DIST) of each `.wasm` file in DIST/wasm by file
 * name (none where there are none): the runtime build reads only files with exactly these bytes.
 * @param {string} dist
 * @returns {Promise<Record<string, string>>}
 */
export async function wasmChecksums(dist) {
  const dir = join(dist, "wasm");
  if (!existsSync(dir)) return {};
  const { moduleChecksum } = await import(pathToFileURL(join(dir, "checksum.js")).href);
  return Object.fromEntries(
    readdirSync(dir).filter((f) => f.endsWith(".wasm")).sort().map((
      f,
    ) => [f, moduleChecksum(readFileSync(join(dir, f)))]),
  );
}

/**
 * Bundles DIST's entries into DIST/node/; resolves to the output paths (relative to DIST).
 * @param {string} dist
 * @returns {Promise<string[]>}
 */
export async function bundlePackage(dist) {
  dist = resolve(dist);
  const out = join(dist, "node");
  const checksums = await wasmChecksums(dist);
  /** @type {import("esbuild").Plugin} */
  const wrappers = {
    name: "isochron-runtime-entries",
    setup(b) {
      b.onResolve({ filter: /^runtime-entry:/ }, (args) => ({
        path: args.path.slice("runtime-entry:".length),
        namespace: "runtime-entry",
      }));
      b.onLoad({ filter: /.*/, namespace: "runtime-entry" }, (args) => ({
        // DIST/node/<entry>.js → DIST/: one level for node/, one per folder of the entry
        contents: `import { usePackageFiles } from "./package_files.js";\n` +
          `usePackageFiles(new URL(${
            JSON.stringify("../".repeat(args.path.split("/").length))
          }, import.meta.url), ${JSON.stringify(checksums)});\n` +
          `export * from "./${args.path}.js";\n`,
        resolveDir: dist,
        loader: "js",
      }));
    },
  };
  const result = await esbuild.build({
    absWorkingDir: dist,
    entryPoints: Object.fromEntries(ENTRIES.map((e) => [e, `runtime-entry:${e}`])),
    plugins: [wrappers],
    outdir: out,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    chunkNames: "chunks/[name]-[hash]",
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
  });
  return Object.keys(result.metafile.outputs); // relative to DIST (absWorkingDir)
}

if (process.argv[1] && process.argv[1].endsWith("bundle_package.mjs")) {
  const [dist] = process.argv.slice(2);
  if (!dist) {
    console.error("usage: node scripts/bundle_package.mjs DIST");
    process.exit(2);
  }
  const outputs = await bundlePackage(dist);
  console.log(`${dist}/node: ${outputs.length} bundled files (${ENTRIES.length} entries)`);
}
