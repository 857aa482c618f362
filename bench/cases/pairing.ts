/**
 * Pairings. Suites `bls12-381` and `bn254`, op `pairing`: one optimal ate pairing e(P, Q) of fresh
 * random (non-base) points, Miller loop and final exponentiation, for isochron on each backend and
 * noble's `pairing(P, Q)` (both libraries' full pairing; noble precomputes Q's lines inside its call,
 * so neither side reuses anything between calls). blst (@chainsafe/blst) exposes no bare pairing, only
 * signature verification with hashing to G2: no blst row.
 */

import { type BenchCase, randomBelow } from "../case.ts";

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
