/**
 * Multi-scalar multiplication (public data). Suite `bls12-381`: `g1-msm-64`, `g1-msm-1024`.
 * isochron: `G1.msmVartime(points, scalars)` (Pippenger, signed digits, batch-affine buckets: curves/msm.ts);
 * noble v2 has no `Point.msm`: its row is `pippenger(Point, points, scalars)` from
 * `@noble/curves/abstract/curve.js` (its public MSM). Same kind of inputs for both: random points in
 * projective coordinates with random Z (built by additions, cheap), random scalars below r.
 */

import { type BenchCase, pointWalk, randomBelow } from "../case.ts";

const SIZES = [64, 1024] as const;

export default function (): Promise<BenchCase[]> {
  const suite = "bls12-381";
  const cases: BenchCase[] = [];
  for (const n of SIZES) {
    const op = `g1-msm-${n}`;
    for (const backend of ["wasm", "ts"] as const) {
      cases.push({
        suite,
        op,
        label: `G1 MSM of ${n} random points and scalars (Pippenger, variable-time)`,
        lib: "isochron",
        backend,
        setup: async () => {
          const { bls12_381Groups } = await import("../../curves/bls12_381/groups.ts");
          const G = bls12_381Groups(backend).G1;
          // deno-lint-ignore no-explicit-any
          const pts = pointWalk<any>((k) => G.BASE.multiplyUnsafe(k), G.r, n);
          const ks = pts.map(() => randomBelow(G.r));
          return () => G.msmVartime(pts, ks);
        },
      });
    }
    cases.push({
      suite,
      op,
      label: `G1 MSM of ${n} random points and scalars (noble pippenger)`,
      lib: "noble",
      backend: "bigint",
      setup: async () => {
        const { bls12_381 } = await import("@noble/curves/bls12-381.js");
        const { pippenger } = await import("@noble/curves/abstract/curve.js");
        const P = bls12_381.G1.Point, r = bls12_381.fields.Fr.ORDER;
        // deno-lint-ignore no-explicit-any
        const pts = pointWalk<any>((k) => P.BASE.multiply(k), r, n);
        const ks = pts.map(() => randomBelow(r));
        // deno-lint-ignore no-explicit-any
        return () => pippenger(P as any, pts, ks);
      },
    });
  }
  return Promise.resolve(cases);
}
