/**
 * Cold start (issue 13 item 4). Suite `cold`: the first result of a fresh process, timed inside that
 * process from just before the first `import()` of the library to the result (`../cold_run.mjs`), the
 * median of 7 subprocesses of the runtime under test per row, sampled alternately with the peer. Ops:
 *
 * - `first-shared-secret`: the first X25519 shared secret (keys from random bytes).
 * - `first-bls-keygen-sign-verify`: isochron `bls12_381.sig` (`SecretKey.keyGen`, `getPublicKey`,
 *   `sign`, `verify`) against noble's `bls12_381.longSignatures` (`keygen`, `hash` with the POP DST,
 *   `sign`, `verify`): the same minimal-pubkey-size suite.
 * - `first-bn254-pairing`: e(a·G1, b·G2) for random a, b.
 *
 * isochron runs on its default backend (wasm): on Deno from its TypeScript source through the entries
 * JSR serves (deno/), which embed the prebuilt modules (deno/embedded.ts); on Node and Bun from the npm package's runtime build
 * (`dist/node/`, built into the runner's folder by build_runner.mjs), which compiles the package's
 * prebuilt modules (`dist/wasm/`, written there too) instead (package_files.ts). A Deno program that
 * imports the npm package with read access gets the latter: `deno run --allow-read --allow-env
 * bench/cold_run.mjs isochron-bls $PWD/dist/node` after `bash scripts/build_package.sh`. The report needs `--allow-run` (deno.json's `bench` task
 * grants it); the times include the runtime's own module loading (one untimed run first fills Deno's
 * transpile cache), not process start-up.
 */

import { execFile } from "node:child_process";
import process from "node:process";
import type { BenchCase } from "../case.ts";

/** Samples per row: fresh processes, median reported. */
export const COLD_SAMPLES = 7;

/**
 * Where a cold run finds its script and the library: in the Deno front end, bench/cold_run.mjs with
 * the library from source (`lib` null); in the Node and Bun runner (runner_child.ts), the copy of the
 * script in the runner's folder and the npm package's runtime build there (`dist/node/`).
 */
export interface ColdSetup {
  readonly script: string;
  readonly lib: string | null;
}

const DENO_SETUP: ColdSetup = { script: new URL("../cold_run.mjs", import.meta.url).pathname, lib: null };

/** Runs `cold_run.mjs <run>` in a fresh process of this runtime; resolves to the time it measured, in ms. */
function coldRun(setup: ColdSetup, run: string): Promise<number> {
  const deno = typeof (globalThis as { Deno?: unknown }).Deno !== "undefined";
  const args = deno
    ? ["run", "--allow-read", "--allow-env", setup.script, run]
    : [setup.script, run, ...(setup.lib === null ? [] : [setup.lib])];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" } },
      (error, stdout, stderr) => {
        if (error !== null) {
          reject(new Error(`cold_run.mjs ${run}: ${String(stderr).split("\n")[0] || error.message}`));
        } else resolve(JSON.parse(String(stdout)).ms);
      },
    );
  });
}

export default function coldCases(opts: { cold?: ColdSetup } = {}): Promise<BenchCase[]> {
  const setup = opts.cold ?? DENO_SETUP;
  const ops = [
    ["first-shared-secret", "x25519", "first X25519 shared secret in a fresh process"],
    ["first-bls-keygen-sign-verify", "bls", "first BLS keygen + getPublicKey + sign + verify (POP suite)"],
    ["first-bn254-pairing", "bn254", "first BN254 pairing in a fresh process"],
  ] as const;
  const cases: BenchCase[] = [];
  for (const [op, run, label] of ops) {
    for (const [lib, backend] of [["isochron", "wasm"], ["noble", "bigint"]] as const) {
      cases.push({
        suite: "cold",
        op,
        label,
        lib,
        backend,
        async: true,
        selfTimed: COLD_SAMPLES,
        setup: async () => {
          await coldRun(setup, `${lib}-${run}`); // fills Deno's transpile cache, warms the disk; not a sample
          return () => coldRun(setup, `${lib}-${run}`);
        },
      });
    }
  }
  return Promise.resolve(cases);
}
