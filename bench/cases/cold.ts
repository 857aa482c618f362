/**
 * Cold start (issue 13 item 4). Suite `cold`: the first result of a fresh process, timed inside that
 * process from just before the first `import()` of the library to the result (`../cold_run.ts`), the
 * median of 7 Deno subprocesses per row, sampled alternately with the peer. Ops:
 *
 * - `first-shared-secret`: the first X25519 shared secret (keys from random bytes).
 * - `first-bls-keygen-sign-verify`: isochron `bls12_381.sig` (`SecretKey.keyGen`, `getPublicKey`,
 *   `sign`, `verify`) against noble's `bls12_381.longSignatures` (`keygen`, `hash` with the POP DST,
 *   `sign`, `verify`): the same minimal-pubkey-size suite.
 * - `first-bn254-pairing`: e(a·G1, b·G2) for random a, b.
 *
 * isochron runs on its default backend under Deno (wasm, generated at run time). The subprocess needs
 * `--allow-run` for the report (deno.json's `bench` task grants it); the times include Deno's own
 * module loading from its cache (one untimed run first fills the cache), not process start-up.
 */

import type { BenchCase } from "../case.ts";

/** Samples per row: fresh processes, median reported. */
export const COLD_SAMPLES = 7;

const script = new URL("../cold_run.ts", import.meta.url).pathname;

/** Runs `cold_run.ts <run>` in a fresh Deno process; resolves to the time it measured, in ms. */
async function coldRun(run: string): Promise<number> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-env", script, run],
    env: { NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  if (out.code !== 0) throw new Error(`cold_run.ts ${run}: ${dec.decode(out.stderr).split("\n")[0]}`);
  return JSON.parse(dec.decode(out.stdout)).ms;
}

export default function coldCases(): Promise<BenchCase[]> {
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
          await coldRun(`${lib}-${run}`); // fills Deno's transpile cache; not a sample
          return () => coldRun(`${lib}-${run}`);
        },
      });
    }
  }
  return Promise.resolve(cases);
}
