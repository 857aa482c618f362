// The interval analysis of every prime-field kernel function of every generated module variant and
// of the Fp2 functions of the tower layer, on the emitted bytes (tests/bounds/README.md, "wasm limbs").
import assert from "node:assert/strict";
import { FIELDS, FP2_LANE_RADIX, montConstants, TOWERS } from "../internal.ts";
import { analyseFp2, analyseKernel, fieldVariants, fp2Cases, line } from "./wasm_field_analysis.ts";

const KERNEL_FNS = ["mul", "sqr", "sqr4", "toMont", "fromMont"] as const;
const LINEAR_FNS = ["add", "sub", "neg", "dbl"] as const;

for (const [name, field] of Object.entries(FIELDS)) {
  Deno.test(`bounds wasm ${name}: every kernel function of every multiplication variant`, () => {
    const variants = fieldVariants(field.p);
    for (const variant of variants) {
      const fns = variant.name === "simd" ? [...KERNEL_FNS, ...LINEAR_FNS] : KERNEL_FNS;
      for (const fn of fns) {
        const x = analyseKernel({ p: field.p, variant, fn });
        console.log(line(name, x));
        assert.deepEqual(x.violations, [], `${name} ${x.label}`);
      }
    }
  });
}

for (const tower of Object.values(TOWERS)) {
  Deno.test(`bounds wasm ${tower.name}: the Fp2 functions on both lane radixes`, () => {
    const c = montConstants(tower.fp.p);
    for (const radix of [FP2_LANE_RADIX, null]) {
      for (const { fn, inputs } of fp2Cases(c)) {
        if (radix === null && fn !== "fp2_mul" && fn !== "fp2_sqr") continue; // same linear code
        const x = analyseFp2(c.p, tower, radix, fn, inputs);
        console.log(line(tower.name, x));
        assert.deepEqual(x.violations, [], `${tower.name} ${x.label}`);
      }
    }
  });
}
