/**
 * The topic files of the benchmark report, in report order. Each exports
 * `default async function (opts?: { long?: boolean }): Promise<BenchCase[]>`; add a topic with one line here.
 * Topics are imported lazily so that a topic that fails to load only loses its own rows. These topics run
 * on every runtime (bench/runner.ts); the `cold` suite (`cold.ts`, fresh Deno processes) is the Deno
 * front end's own topic and is added by `report.ts`.
 */

import type { BenchCase } from "../case.ts";

export interface Topic {
  name: string;
  /** `long`: the report's `--long` (topics may add long sizes). */
  load: () => Promise<{ default: (opts?: { long?: boolean }) => Promise<BenchCase[]> }>;
}

export const TOPICS: readonly Topic[] = [
  { name: "field", load: () => import("./field.ts") },
  { name: "tower", load: () => import("./tower.ts") },
  { name: "groups", load: () => import("./groups.ts") },
  { name: "bulk", load: () => import("./bulk.ts") },
  { name: "msm", load: () => import("./msm.ts") },
  { name: "pairing", load: () => import("./pairing.ts") },
  { name: "h2c", load: () => import("./h2c.ts") },
  { name: "bls_sig", load: () => import("./bls_sig.ts") },
  { name: "x25519", load: () => import("./x25519.ts") },
];
