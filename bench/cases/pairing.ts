/**
 * Pairings. Suites `bls12-381` and `bn254`, op `pairing`: one optimal ate pairing e(P, Q) of fresh
 * random (non-base) points, Miller loop and final exponentiation, for isochron on each backend and
 * noble's `pairing(P, Q)` (both libraries' full pairing; noble precomputes Q's lines inside its call;
 * both check that P and Q are in their subgroups on the first call only: noble caches a point's
 * validity, isochron records it, curves/group/group.ts `markInSubgroup`). blst (@chainsafe/blst) exposes no bare pairing, only
 * signature verification with hashing to G2: no blst row. The wasm peers (bench/wasm_peers.ts):
 * mcl-wasm's `pairing(P, Q)` (BLS12-381 only: mcl holds one curve per process) and ffjavascript's
 * `pairing(P, Q)` built single-threaded (both curves), each on fresh random points.
 */

import { type BenchCase, randomBelow } from "../case.ts";
import { ffjavascriptCurve, le32, mclWasm, releaseFfjavascript } from "../wasm_peers.ts";

export default function pairingCases(): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];
  for (const suite of ["bls12-381", "bn254"] as const) {
    const label = `optimal ate pairing e(P, Q) (${suite})`;
    for (const backend of ["wasm", "ts"] as const) {
      cases.push({
        suite,
        op: "pairing",
        label,
        lib: "isochron",
        backend,
        setup: async () => {
          const { G1, G2, pairing } = await isochron(suite, backend), r = G1.r;
          const P = G1.BASE.multiply(randomBelow(r)), Q = G2.BASE.multiply(randomBelow(r));
          return () => pairing(P, Q);
        },
      });
    }
    cases.push({
      suite,
      op: "pairing",
      label,
      lib: "noble",
      backend: "bigint",
      setup: async () => {
        const lib = suite === "bls12-381"
          ? (await import("@noble/curves/bls12-381.js")).bls12_381
          : (await import("@noble/curves/bn254.js")).bn254;
        const r = lib.fields.Fr.ORDER;
        const P = lib.G1.Point.BASE.multiply(randomBelow(r)), Q = lib.G2.Point.BASE.multiply(randomBelow(r));
        return () => lib.pairing(P, Q);
      },
    });
    if (suite === "bls12-381") {
      cases.push({
        suite,
        op: "pairing",
        label,
        lib: "mcl-wasm",
        backend: "wasm",
        setup: async () => {
          const mcl = await mclWasm();
          const r = (await import("@noble/curves/bls12-381.js")).bls12_381.fields.Fr.ORDER;
          const P = mcl.mul(mcl.G1, mcl.scalar(randomBelow(r))),
            Q = mcl.mul(mcl.G2, mcl.scalar(randomBelow(r)));
          return () => mcl.pairing(P, Q);
        },
      });
    }
    // deno-lint-ignore no-explicit-any
    let curve: any;
    cases.push({
      suite,
      op: "pairing",
      label,
      lib: "ffjavascript",
      backend: "wasm",
      setup: async () => {
        curve = await ffjavascriptCurve(suite);
        const r = curve.r as bigint;
        const P = curve.G1.toAffine(curve.G1.timesScalar(curve.G1.g, le32(randomBelow(r))));
        const Q = curve.G2.toAffine(curve.G2.timesScalar(curve.G2.g, le32(randomBelow(r))));
        return () => curve.pairing(P, Q);
      },
      teardown: () => releaseFfjavascript(curve),
    });
  }
  return Promise.resolve(cases);
}

/** G1, G2 on `backend` and the curve's pairing. */
async function isochron(suite: "bls12-381" | "bn254", backend: "wasm" | "ts") {
  if (suite === "bls12-381") {
    const { bls12_381 } = await import("../../curves/bls12_381/mod.ts");
    const { bls12_381Groups } = await import("../../curves/bls12_381/groups.ts");
    return { ...bls12_381Groups(backend), pairing: bls12_381.pairing };
  }
  const { bn254 } = await import("../../curves/bn254/mod.ts");
  const { bn254Groups } = await import("../../curves/bn254/groups.ts");
  return { ...bn254Groups(backend), pairing: bn254.pairing };
}
