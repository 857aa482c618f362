/**
 * Prime-field operations. Suites `bls12-381` and `bn254`, ops `fp-mul`, `fp-sqr`, `fp-add`, `fp-inv`,
 * `fr-mul`: isochron's kernel on each backend (wasm, ts) and noble's BigInt field in the same run.
 * Inputs are fresh random elements (not 0 or 1). `fp-inv`: isochron's constant-time `inv` against
 * noble's `Fp.inv` (variable-time: its only inversion).
 */

import { FIELDS } from "../../curves/registry.ts";
import { type BenchCase, randomBelow } from "../case.ts";

type Curve = "bls12-381" | "bn254";
type Op = "fp-mul" | "fp-sqr" | "fp-add" | "fp-inv" | "fr-mul";

const OPS: readonly { op: Op; field: "fp" | "fr"; label: string }[] = [
  { op: "fp-mul", field: "fp", label: "Fp multiplication" },
  { op: "fp-sqr", field: "fp", label: "Fp squaring" },
  { op: "fp-add", field: "fp", label: "Fp addition" },
  { op: "fp-inv", field: "fp", label: "Fp inversion (isochron constant-time, noble variable-time)" },
  { op: "fr-mul", field: "fr", label: "Fr multiplication" },
];

/** A random element in [2, m). */
const randomElement = (m: bigint): bigint => randomBelow(m - 2n) + 2n;

async function nobleField(curve: Curve, field: "fp" | "fr") {
  if (curve === "bls12-381") {
    const { bls12_381 } = await import("@noble/curves/bls12-381.js");
    return field === "fp" ? bls12_381.fields.Fp : bls12_381.fields.Fr;
  }
  const { bn254 } = await import("@noble/curves/bn254.js");
  return field === "fp" ? bn254.fields.Fp : bn254.fields.Fr;
}

export default function fieldCases(): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];
  for (const suite of ["bls12-381", "bn254"] as const) {
    for (const { op, field, label } of OPS) {
      for (const backend of ["wasm", "ts"] as const) {
        cases.push({
          suite,
          op,
          label: `${label} (${suite})`,
          lib: "isochron",
          backend,
          setup: async () => {
            const { fieldKernel } = await import("../../field/mod.ts");
            const k = fieldKernel(FIELDS[`${suite}-${field}`], backend);
            const [a, b, o] = [k.alloc(1), k.alloc(1), k.alloc(1)];
            k.setBigintVartime(a, randomElement(k.p));
            k.setBigintVartime(b, randomElement(k.p));
            switch (op) {
              case "fp-sqr":
                return () => k.sqr(o, a);
              case "fp-add":
                return () => k.add(o, a, b);
              case "fp-inv":
                return () => k.inv(o, a);
              default:
                return () => k.mul(o, a, b);
            }
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
          const F = await nobleField(suite, field);
          const a = F.create(randomElement(F.ORDER));
          const b = F.create(randomElement(F.ORDER));
          switch (op) {
            case "fp-sqr":
              return () => F.sqr(a);
            case "fp-add":
              return () => F.add(a, b);
            case "fp-inv":
              return () => F.inv(a);
            default:
              return () => F.mul(a, b);
          }
        },
      });
    }
  }
  return Promise.resolve(cases);
}
