/**
 * Bulk addition (public data), constantine's "bulk add demo" table. Suite `bls12-381`:
 * `g1-sum-affine-N`, `g1-sum-proj-N`, `g2-sum-affine-N`, `g2-sum-proj-N` for N = 10, 100, 1000, 1024,
 * 2048, 10⁴ (and 10⁵, 10⁶ with `--long`). isochron: `G.sumVartime(points)` (batch-affine tree,
 * curves/group/sum.ts); noble has no bulk sum, so its row is a loop of `add` from `ZERO` (its public
 * path for this); @chainsafe/blst (native): `aggregatePublicKeys` (G1) / `aggregateSignatures` (G2) of
 * already-deserialized objects, without validation, in the affine rows only (blst's objects are
 * affine). Inputs: bench/bulk_inputs.ts (affine: Z = 1 as decoded; proj: random Z as computed).
 * Peak memory, per library and N in a subprocess: bench/bulk_memory.ts.
 */

import type { BenchCase } from "../case.ts";
import { bulkInput, type BulkLib, type Form, LONG_SIZES, SIZES } from "../bulk_inputs.ts";

const GROUPS = ["G1", "G2"] as const;
const FORMS: readonly Form[] = ["affine", "proj"];
const FORM_TEXT = { affine: "affine inputs (Z = 1)", proj: "projective inputs (random Z)" };

export default function (opts: { long?: boolean } = {}): Promise<BenchCase[]> {
  const suite = "bls12-381";
  const cases: BenchCase[] = [];
  const sizes = opts.long ? [...SIZES, ...LONG_SIZES] : SIZES;
  for (const g of GROUPS) {
    for (const form of FORMS) {
      for (const n of sizes) {
        const op = `${g.toLowerCase()}-sum-${form}-${n}`;
        const what = `${g} sum of ${n} points, ${FORM_TEXT[form]}`;
        const row = (lib: BulkLib, how: string): BenchCase => ({
          suite,
          op,
          label: `${what} (${how})`,
          lib: lib === "noble" ? "noble" : lib === "blst" ? "blst" : "isochron",
          backend: lib === "noble"
            ? "bigint"
            : lib === "blst"
            ? "native"
            : lib === "isochron-ts"
            ? "ts"
            : "wasm",
          setup: () => bulkInput(lib, g, form, n),
          // 10⁵ and 10⁶ points: one library's inputs at a time (four libraries' 10⁶ G2 points take about
          // 2.7 GB of memory; blst's are kept to the end: bulk_inputs.ts, `retain`)
          sequential: n > SIZES[SIZES.length - 1],
        });
        // blst right after isochron's wasm row: measured one after the other (the long sizes), the two
        // rows of the ratio to blst are then neighbours in time.
        cases.push(row("isochron-wasm", "sumVartime: batch-affine tree, variable-time"));
        if (form === "affine") {
          cases.push(
            row(
              "blst",
              g === "G1" ? "aggregatePublicKeys, no validation" : "aggregateSignatures, no validation",
            ),
          );
        }
        cases.push(row("isochron-ts", "sumVartime: batch-affine tree, variable-time"));
        cases.push(row("noble", "loop of add from ZERO"));
      }
    }
  }
  return Promise.resolve(cases);
}
