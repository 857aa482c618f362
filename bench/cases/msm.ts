/**
 * Multi-scalar multiplication. Suite `bls12-381`: `g1-msm-64`, `g1-msm-1024` (public data); and the
 * constant-time MSM for secret scalars, `g1-msm-ct-64` (`G1.msm`, curves/group/msm_ct.ts), beside
 * `g1-mul-ct-64x` (the same sum by 64 separate constant-time `multiply` calls) and `g1-msm-64`.
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
  for (const backend of ["wasm", "ts"] as const) {
    const inputs = async () => {
      const { bls12_381Groups } = await import("../../curves/bls12_381/groups.ts");
      const G = bls12_381Groups(backend).G1;
      // deno-lint-ignore no-explicit-any
      const pts = pointWalk<any>((k) => G.BASE.multiplyUnsafe(k), G.r, 64);
      const ks = pts.map(() => bytes32(randomBelow(G.r)));
      return { G, pts, ks };
    };
    cases.push({
      suite,
      op: "g1-msm-ct-64",
      label: "G1 MSM of 64 random points and secret 32-byte scalars (constant-time, Straus, 4-bit window)",
      lib: "isochron",
      backend,
      setup: async () => {
        const { G, pts, ks } = await inputs();
        return () => G.msm(pts, ks);
      },
    });
    cases.push({
      suite,
      op: "g1-mul-ct-64x",
      label: "the same sum by 64 constant-time multiply calls (GLV) and 63 additions",
      lib: "isochron",
      backend,
      setup: async () => {
        const { G, pts, ks } = await inputs();
        // deno-lint-ignore no-explicit-any
        return () => pts.reduce((acc: any, p: any, i: number) => acc.add(p.multiply(ks[i])), G.ZERO);
      },
    });
  }
  return Promise.resolve(cases);
}

/** k as 32 bytes big-endian. */
function bytes32(k: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, k >>= 8n) out[i] = Number(k & 0xffn);
  return out;
}
