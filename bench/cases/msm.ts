/**
 * Multi-scalar multiplication. Suite `bls12-381`: `g1-msm-64`, `g1-msm-1024` (public data); and the
 * constant-time MSM for secret scalars, `g1-msm-ct-64` (`G1.msm`, curves/group/msm_ct.ts), beside
 * `g1-mul-ct-64x` (the same sum by 64 separate constant-time `multiply` calls) and `g1-msm-64`.
 * isochron: `G1.msmVartime(points, scalars)` (Pippenger, signed digits, batch-affine buckets: curves/msm.ts);
 * noble v2 has no `Point.msm`: its row is `pippenger(Point, points, scalars)` from
 * `@noble/curves/abstract/curve.js` (its public MSM). Same kind of inputs for both: random points in
 * projective coordinates with random Z (built by additions, cheap), random scalars below r.
 * The wasm peers (bench/wasm_peers.ts): mcl-wasm's `mulVec(points, scalars)` on points built by the
 * same walk (mcl's Jacobian coordinates) and `Fr` scalars; ffjavascript's `G1.multiExpAffine(bases,
 * scalars)`, single-threaded, on affine bases in one buffer (the form its API takes; the form
 * snarkjs keeps) and 32-byte little-endian scalars: async, each call awaited.
 */

import { type BenchCase, pointWalk, randomBelow } from "../case.ts";
import { ffjavascriptCurve, ffMsmInputs, le32, mclWasm, releaseFfjavascript } from "../wasm_peers.ts";

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
    cases.push({
      suite,
      op,
      label: `G1 MSM of ${n} random points and scalars (mcl-wasm mulVec)`,
      lib: "mcl-wasm",
      backend: "wasm",
      setup: async () => {
        const mcl = await mclWasm();
        const r = (await import("@noble/curves/bls12-381.js")).bls12_381.fields.Fr.ORDER;
        const step = mcl.mul(mcl.G1, mcl.scalar(randomBelow(r)));
        const pts = [mcl.mul(mcl.G1, mcl.scalar(randomBelow(r)))];
        while (pts.length < n) pts.push(mcl.add(pts[pts.length - 1], step));
        const ks = pts.map(() => mcl.scalar(randomBelow(r)));
        return () => mcl.mulVec(pts, ks);
      },
    });
    // deno-lint-ignore no-explicit-any
    let curve: any;
    cases.push({
      suite,
      op,
      label: `G1 MSM of ${n} random points and scalars (ffjavascript multiExpAffine, one thread)`,
      lib: "ffjavascript",
      backend: "wasm",
      async: true,
      setup: async () => {
        curve = await ffjavascriptCurve("bls12-381");
        const G = curve.G1, r = curve.r as bigint;
        const step = G.timesScalar(G.g, le32(randomBelow(r)));
        let p = G.timesScalar(G.g, le32(randomBelow(r)));
        const pts: bigint[][] = [];
        for (let i = 0; i < n; i++, p = G.add(p, step)) pts.push(G.toObject(G.toAffine(p)));
        const { bases, ks } = ffMsmInputs(curve, pts, pts.map(() => randomBelow(r)));
        return () => G.multiExpAffine(bases, ks);
      },
      teardown: () => releaseFfjavascript(curve),
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
