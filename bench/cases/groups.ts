/**
 * Group operations. Suite `bls12-381`: `g1-add`, `g1-mul-ct`, `g2-mul-ct`, `g1-mul-base`.
 * Fair comparisons (DESIGN.md "Benchmarks"): each library's public constant-time path; a fresh,
 * non-base point for `*-mul-ct` (no cached precomputation); the base point with each library's own
 * tables (if any) for `*-mul-base`.
 */

import { type BenchCase, randomBelow, randomBytes } from "../case.ts";

async function noble() {
  const { bls12_381 } = await import("@noble/curves/bls12-381.js");
  const r = bls12_381.fields.Fr.ORDER;
  return { G1: bls12_381.G1.Point, G2: bls12_381.G2.Point, r };
}

export default function groupCases(): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];

  // noble: complete projective addition of two random non-base points.
  cases.push({
    suite: "bls12-381",
    op: "g1-add",
    label: "G1 addition (projective, complete)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { G1, r } = await noble();
      const p = G1.BASE.multiply(randomBelow(r));
      const q = G1.BASE.multiply(randomBelow(r));
      return () => p.add(q);
    },
  });

  // noble: `multiply` (its constant-time path) of a fresh non-base point by a random 255-bit scalar.
  cases.push({
    suite: "bls12-381",
    op: "g1-mul-ct",
    label: "G1 scalar multiplication (255-bit, constant-time, non-base point)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { G1, r } = await noble();
      const p = G1.BASE.multiply(randomBelow(r));
      const k = randomBelow(r);
      return () => p.multiply(k);
    },
  });

  cases.push({
    suite: "bls12-381",
    op: "g2-mul-ct",
    label: "G2 scalar multiplication (255-bit, constant-time, non-base point)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { G2, r } = await noble();
      const p = G2.BASE.multiply(randomBelow(r));
      const k = randomBelow(r);
      return () => p.multiply(k);
    },
  });

  // @chainsafe/blst exposes no multiplication of an arbitrary point (only keys, signatures and
  // aggregation), so it has no `*-mul-ct` rows. Its fixed-base multiplication is reachable as
  // `SecretKey.toPublicKey()` (blst_sk_to_pk_in_g1: constant-time, no base tables), which also
  // converts the result to affine coordinates (one inversion) and wraps it in a JS object: that
  // small extra cost counts against blst.
  cases.push({
    suite: "bls12-381",
    op: "g1-mul-base",
    label: "G1 fixed-base scalar multiplication (255-bit, constant-time)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { G1, r } = await noble();
      const k = randomBelow(r);
      return () => G1.BASE.multiply(k);
    },
  });

  cases.push({
    suite: "bls12-381",
    op: "g1-mul-base",
    label: "G1 fixed-base scalar multiplication (255-bit, constant-time)",
    lib: "blst",
    backend: "native",
    setup: async () => {
      const { SecretKey } = await import("@chainsafe/blst");
      const sk = SecretKey.fromKeygen(randomBytes(32));
      return () => sk.toPublicKey();
    },
  });

  return Promise.resolve(cases);
}
