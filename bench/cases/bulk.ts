/**
 * Bulk addition (public data). Suite `bls12-381`: `g1-sum-100`, `g1-sum-1000`, `g2-sum-100`,
 * `g2-sum-1000`. isochron: `G.sumVartime(points)` (batch-affine tree, curves/sum.ts); noble has no bulk sum,
 * so its row is a loop of `add` from `ZERO` (its public path for this). The inputs are the same kind for
 * both: random points in projective coordinates with random Z (the result of an addition), so the
 * normalisation to affine is paid for; points fresh from decoding (Z = 1) are cheaper for isochron.
 */

import { type BenchCase, pointWalk } from "../case.ts";

const SIZES = [100, 1000] as const;
const GROUPS = ["G1", "G2"] as const;

export default function (): Promise<BenchCase[]> {
  const suite = "bls12-381";
  const cases: BenchCase[] = [];
  for (const g of GROUPS) {
    for (const n of SIZES) {
      const op = `${g.toLowerCase()}-sum-${n}`;
      for (const backend of ["wasm", "ts"] as const) {
        cases.push({
          suite,
          op,
          label: `${g} sum of ${n} random points (batch-affine, variable-time)`,
          lib: "isochron",
          backend,
          setup: async () => {
            const { bls12_381Groups } = await import("../../curves/bls12_381/groups.ts");
            const G = bls12_381Groups(backend)[g];
            // deno-lint-ignore no-explicit-any
            const pts = pointWalk<any>((k) => G.BASE.multiplyUnsafe(k), G.r, n);
            return () => G.sumVartime(pts);
          },
        });
      }
      cases.push({
        suite,
        op,
        label: `${g} sum of ${n} random points (loop of add from ZERO)`,
        lib: "noble",
        backend: "bigint",
        setup: async () => {
          const { bls12_381 } = await import("@noble/curves/bls12-381.js");
          const P = bls12_381[g].Point, r = bls12_381.fields.Fr.ORDER;
          // deno-lint-ignore no-explicit-any
          const pts = pointWalk<any>((k) => P.BASE.multiply(k), r, n);
          return () => {
            let acc = P.ZERO;
            for (const q of pts) acc = acc.add(q);
            return acc;
          };
        },
      });
    }
  }
  return Promise.resolve(cases);
}
