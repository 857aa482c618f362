/** Prime-field operations. Suite `bls12-381`: `fp-mul`. */

import { type BenchCase, randomBelow } from "../case.ts";

export default function fieldCases(): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];

  // noble: BigInt Fp, `(a * b) mod p` on random elements (not 0 or 1).
  cases.push({
    suite: "bls12-381",
    op: "fp-mul",
    label: "Fp multiplication (381-bit)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { bls12_381 } = await import("@noble/curves/bls12-381.js");
      const Fp = bls12_381.fields.Fp;
      const a = Fp.create(randomBelow(Fp.ORDER - 2n) + 2n);
      const b = Fp.create(randomBelow(Fp.ORDER - 2n) + 2n);
      return () => Fp.mul(a, b);
    },
  });

  return Promise.resolve(cases);
}
