/**
 * The tower's small linear combinations (field/tower/wasm_fp2_emit.ts emitSmallCombination): out ←
 * Σ coef_i·x_i mod p below target·p, on raw limbs (the operation is linear, so Montgomery form does not
 * matter). Both reductions (conditional subtractions; the quotient estimate q̂ with q − 1 ≤ q̂ ≤ q) run
 * on the patterns of the tower and point layers and on random ones, with inputs at their bounds:
 * every positive term at bound·p − 1 and every negative one at 0 (the largest sum), the reverse (the
 * smallest), sums just below and at multiples of p, and random values, against BigInt.
 */
import assert from "node:assert/strict";
import {
  combinationReduction,
  emitSmallCombination,
  FIELDS,
  FunctionBuilder,
  I32,
  ModuleBuilder,
  montConstants,
  storeLimbs,
} from "../../internal.ts";
import { Rng } from "../kernel_cases.ts";

type Term = readonly [coef: number, bound: number];

function compile(p: bigint, terms: readonly Term[], target: 1 | 2) {
  const c = montConstants(p);
  const f = new FunctionBuilder(Array(terms.length + 1).fill(I32), []);
  const refs = terms.map(([k, b], i) => [{ local: i + 1, offset: 0 }, k, b] as const);
  storeLimbs(f, { local: 0, offset: 0 }, emitSmallCombination(f, c, refs, target));
  const mb = new ModuleBuilder().defineMemory(1);
  mb.addFunction("lin", f);
  const inst = new WebAssembly.Instance(new WebAssembly.Module(mb.toBytes()), {});
  return { c, inst };
}

const PATTERNS: readonly (readonly Term[])[] = [
  [[1, 1], [1, 1]], //                              add
  [[1, 1], [-1, 1]], //                             sub
  [[3, 1], [3, 1], [-3, 1], [-2, 1]], //            cyclotomic square, c00' (BLS12-381 ξ = 1 + u)
  [[3, 1], [-3, 1], [-3, 1], [2, 1]], //            c11' = 3(u − s0 − s1) + 2c
  [[27, 1], [-3, 1], [3, 1], [2, 1]], //            ξ = 9 + u (BN254)
  [[1, 2], [1, 2], [-1, 2]], //                     loose terms
  [[9, 1], [-1, 1], [1, 1], [-9, 1], [12, 1]],
];

for (const name of ["bls12-381-fp", "bn254-fp"] as const) {
  const p = FIELDS[name].p;
  const rng = new Rng(7);
  const random: Term[][] = Array.from(
    { length: 12 },
    () =>
      Array.from(
        { length: 2 + rng.int(4) },
        () => [(rng.int(2) ? 1 : -1) * (1 + rng.int(20)), 1 + rng.int(2)] as const,
      ),
  );
  for (const target of [1, 2] as const) {
    Deno.test(`${name}: small combinations below ${target}p, both reductions, inputs at their bounds`, () => {
      const seen = new Set<string>();
      for (const terms of [...PATTERNS, ...random]) {
        const { c, inst } = compile(p, terms, target);
        const lin = inst.exports.lin as (...a: number[]) => void;
        const mem = new Uint32Array((inst.exports.memory as WebAssembly.Memory).buffer);
        const at = (i: number) => 64 + i * 4 * c.n; // out at 64, then the inputs
        const put = (i: number, x: bigint) => {
          for (let j = 0; j < c.n; j++) mem[at(i) / 4 + j] = Number((x >> BigInt(32 * j)) & 0xffffffffn);
        };
        const get = (i: number) => {
          let x = 0n;
          for (let j = c.n - 1; j >= 0; j--) x = (x << 32n) | BigInt(mem[at(i) / 4 + j]);
          return x;
        };
        let maxValue = 0n, k = 0n;
        for (const [coef, bound] of terms) {
          if (coef < 0) k += BigInt(-coef * bound);
          else maxValue += BigInt(coef) * (BigInt(bound) * p - 1n);
        }
        maxValue += k * p;
        seen.add(combinationReduction(p, maxValue, target));
        const top = (b: number) => BigInt(b) * p - 1n;
        const cases: bigint[][] = [
          terms.map(([coef, b]) => (coef > 0 ? top(b) : 0n)),
          terms.map(([coef, b]) => (coef < 0 ? top(b) : 0n)),
          terms.map(([, b]) => top(b)),
          terms.map(() => 0n),
          ...Array.from({ length: 40 }, () => terms.map(([, b]) => rng.below(BigInt(b) * p))),
        ];
        // sums landing just below / on multiples of p: adjust the first positive term
        const first = terms.findIndex(([coef]) => coef === 1);
        if (first >= 0) {
          for (let m = 0n; m < 4n; m++) {
            for (const d of [-1n, 0n, 1n]) {
              const xs = terms.map(([, b]) => rng.below(BigInt(b) * p));
              const rest = terms.reduce(
                (acc, [coef], i) => (i === first ? acc : acc + BigInt(coef) * xs[i]),
                0n,
              );
              const want = m * p + d - rest - k * p; // Σ + K·p = m·p + d
              if (want >= 0n && want < BigInt(terms[first][1]) * p) {
                cases.push(xs.map((x, i) => (i === first ? want : x)));
              }
            }
          }
        }
        for (const xs of cases) {
          xs.forEach((x, i) => put(i + 1, x));
          lin(at(0), ...xs.map((_, i) => at(i + 1)));
          const sum = terms.reduce((acc, [coef], i) => acc + BigInt(coef) * xs[i], 0n);
          const got = get(0), want = ((sum % p) + p) % p;
          assert.ok(
            got < BigInt(target) * p,
            `${JSON.stringify(terms)}: result below ${target}p: got/p = ${got / p}, want ${
              want.toString(16)
            } got ${got.toString(16)} on ${xs.map((x) => x.toString(16)).join(", ")}`,
          );
          assert.equal(
            got % p,
            want,
            `${JSON.stringify(terms)} on ${xs.map((x) => x.toString(16)).join(", ")}`,
          );
        }
      }
      assert.deepEqual([...seen].sort(), ["estimate", "subtractions"], "both reductions are exercised");
    });
  }
}
