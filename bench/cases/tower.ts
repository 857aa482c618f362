/**
 * Extension-tower operations. Suites `bls12-381` and `bn254`, ops `fp2-mul`, `fp2-sqr`, `fp2-inv`,
 * `fp12-mul`, `fp12-sqr`: isochron's tower on each backend (wasm: Fp2/Fp6/Fp12 compiled into the base
 * field's module; ts: composition over the TypeScript kernel) and noble's `fields.Fp2` / `fields.Fp12`
 * in the same run, on fresh random elements. `fp2-inv`: isochron's constant-time `inv` against noble's
 * `Fp2.inv` (variable-time: its only inversion).
 */

import { TOWERS } from "../../curves/registry.ts";
import { type BenchCase, randomBelow } from "../case.ts";

type Op = "fp2-mul" | "fp2-sqr" | "fp2-inv" | "fp12-mul" | "fp12-sqr";

const OPS: readonly { op: Op; label: string }[] = [
  { op: "fp2-mul", label: "Fp2 multiplication" },
  { op: "fp2-sqr", label: "Fp2 squaring" },
  { op: "fp2-inv", label: "Fp2 inversion (isochron constant-time, noble variable-time)" },
  { op: "fp12-mul", label: "Fp12 multiplication" },
  { op: "fp12-sqr", label: "Fp12 squaring" },
];

async function nobleFields(suite: "bls12-381" | "bn254") {
  if (suite === "bls12-381") return (await import("@noble/curves/bls12-381.js")).bls12_381.fields;
  return (await import("@noble/curves/bn254.js")).bn254.fields;
}

export default function towerCases(): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];
  for (const suite of ["bls12-381", "bn254"] as const) {
    for (const { op, label } of OPS) {
      for (const backend of ["wasm", "ts"] as const) {
        cases.push({
          suite,
          op,
          label: `${label} (${suite})`,
          lib: "isochron",
          backend,
          setup: async () => {
            const { tower } = await import("../../field/tower/mod.ts");
            const { fp2, fp12, params } = tower(TOWERS[suite], backend);
            const r = () => ({ c0: randomBelow(params.p), c1: randomBelow(params.p) });
            if (op.startsWith("fp2")) {
              const [a, b, o] = [fp2.alloc(), fp2.alloc(), fp2.alloc()];
              fp2.setBigintVartime(a, r());
              fp2.setBigintVartime(b, r());
              if (op === "fp2-sqr") return () => fp2.sqr(o, a);
              if (op === "fp2-inv") return () => fp2.inv(o, a);
              return () => fp2.mul(o, a, b);
            }
            const [a, b, o] = [fp12.alloc(), fp12.alloc(), fp12.alloc()];
            fp12.setBigintVartime(a, Array.from({ length: 6 }, r));
            fp12.setBigintVartime(b, Array.from({ length: 6 }, r));
            if (op === "fp12-sqr") return () => fp12.sqr(o, a);
            return () => fp12.mul(o, a, b);
          },
        });
      }
      cases.push({
        suite,
        op,
        label: `${label} (${suite})`,
        lib: "noble",
        backend: "bigint",
        setup: async () => {
          const { Fp, Fp2, Fp12 } = await nobleFields(suite);
          const r = () => randomBelow(Fp.ORDER);
          if (op.startsWith("fp2")) {
            const a = Fp2.create({ c0: r(), c1: r() }), b = Fp2.create({ c0: r(), c1: r() });
            if (op === "fp2-sqr") return () => Fp2.sqr(a);
            if (op === "fp2-inv") return () => Fp2.inv(a);
            return () => Fp2.mul(a, b);
          }
          const a = Fp12.fromBigTwelve(
            Array.from({ length: 12 }, r) as Parameters<typeof Fp12.fromBigTwelve>[0],
          );
          const b = Fp12.fromBigTwelve(
            Array.from({ length: 12 }, r) as Parameters<typeof Fp12.fromBigTwelve>[0],
          );
          if (op === "fp12-sqr") return () => Fp12.sqr(a);
          return () => Fp12.mul(a, b);
        },
      });
    }
  }
  return Promise.resolve(cases);
}
