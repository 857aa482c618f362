/**
 * The topic files of the benchmark report, in report order. Each exports
 * `default async function (opts?: { long?: boolean }): Promise<BenchCase[]>`; add a topic with one line here.
 * Topics are imported lazily so that a topic that fails to load only loses its own rows. These topics run
 * on every runtime (bench/runner.ts); so does the `cold` suite ({@linkcode COLD_TOPIC}, fresh processes
 * of the runtime under test), which the front end and the Node/Bun runner add with where to find the
 * library ({@linkcode TopicOptions}).
 */

import type { BenchCase } from "../case.ts";
import type { ColdSetup } from "./cold.ts";

/** What a topic is given: the report's `--long` (topics may add long sizes); the cold runs' setup. */
export interface TopicOptions {
  long?: boolean;
  cold?: ColdSetup;
}

export interface Topic {
  name: string;
  load: () => Promise<{ default: (opts?: TopicOptions) => Promise<BenchCase[]> }>;
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

/** The cold suite (cases/cold.ts): fresh processes of the runtime under test. */
export const COLD_TOPIC: Topic = { name: "cold", load: () => import("./cold.ts") };
