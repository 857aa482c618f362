/**
 * bench/runner.ts measureSteadiest: an operation with an unstable row is measured again, the attempt
 * with the smallest widest spread kept, never one that lost a row; stable or slow operations are
 * measured once. The measurements are scripted (a stand-in for measure.ts's measureGroup).
 */

import assert from "node:assert/strict";
import type { BenchCase } from "../../bench/case.ts";
import { makePlan, type Measurement } from "../../bench/measure.ts";
import { measureSteadiest } from "../../bench/runner.ts";

const cases: BenchCase[] = ["isochron", "noble"].map((lib) => ({
  suite: "x25519",
  op: "x25519",
  label: "test",
  lib: lib as BenchCase["lib"],
  backend: lib === "isochron" ? "wasm" : "bigint",
  setup: () => Promise.resolve(() => 0),
}));

/** A scripted measureGroup: attempt n returns rows with the spreads spreads[n] (one per case). */
function scripted(spreads: number[][]) {
  let calls = 0;
  const measure = (group: readonly BenchCase[]): Promise<Measurement[]> => {
    const s = spreads[calls++];
    return Promise.resolve(
      s.map((iqrPct, i) => ({ case: group[i], nsPerOp: 1000 * (calls + i), iqrPct, samples: 25, batch: 10 })),
    );
  };
  return { measure, calls: () => calls };
}

const plan = makePlan(200);
const noFailure = () => {};
const spreadsOf = (ms: Measurement[]) => ms.map((m) => m.iqrPct);

Deno.test("bench retries: an unstable operation is measured again and the steadier attempt kept", async () => {
  const s = scripted([[30, 4], [8, 6]]);
  const got = await measureSteadiest(cases, plan, noFailure, 1, s.measure);
  assert.equal(s.calls(), 2);
  assert.deepEqual(spreadsOf(got), [8, 6]);
});

Deno.test("bench retries: a stable operation is measured once; retries 0 measures once", async () => {
  const stable = scripted([[4, 9], [1, 1]]);
  assert.deepEqual(spreadsOf(await measureSteadiest(cases, plan, noFailure, 3, stable.measure)), [4, 9]);
  assert.equal(stable.calls(), 1);
  const none = scripted([[30, 4], [1, 1]]);
  assert.deepEqual(spreadsOf(await measureSteadiest(cases, plan, noFailure, 0, none.measure)), [30, 4]);
  assert.equal(none.calls(), 1);
});

Deno.test("bench retries: a worse attempt, or one that lost a row, is not taken; retries stop when stable", async () => {
  const worse = scripted([[20, 4], [25, 3], [12, 2]]);
  assert.deepEqual(spreadsOf(await measureSteadiest(cases, plan, noFailure, 2, worse.measure)), [12, 2]);
  assert.equal(worse.calls(), 3);
  const lost = scripted([[20, 4], [1]]);
  assert.deepEqual(spreadsOf(await measureSteadiest(cases, plan, noFailure, 1, lost.measure)), [20, 4]);
  const early = scripted([[20, 4], [5, 5], [1, 1]]);
  assert.deepEqual(spreadsOf(await measureSteadiest(cases, plan, noFailure, 5, early.measure)), [5, 5]);
  assert.equal(early.calls(), 2);
});

Deno.test("bench retries: an operation slower than the limit is measured once", async () => {
  const s = scripted([[30, 4], [1, 1]]);
  const got = await measureSteadiest(cases, plan, noFailure, 1, s.measure, -1); // every attempt is "too long"
  assert.deepEqual(spreadsOf(got), [30, 4]);
  assert.equal(s.calls(), 1);
});
