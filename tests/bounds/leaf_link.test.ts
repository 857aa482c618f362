/**
 * The two wasm analyses meet: the call-level analysis (calls_*.ts) takes each leaf function's contract
 * from contracts.ts, and the limb analysis (wasm_*.ts) proves what leaf_bounds.ts lists. Here every
 * contract is checked to ask no more of its function than the limb analysis proves: it accepts no wider
 * operands than a proven row and promises no tighter output. A contract with no proven row fails,
 * except a linear combination (its bound is read from its own body: calls_combination.ts) and the
 * exclusions named below with their reason.
 */
import assert from "node:assert/strict";
import { FIELDS } from "../internal.ts";
import {
  BYTES as X_BYTES,
  fieldContracts,
  type LeafContract,
  LOOSE as X_LOOSE,
  TIGHT as X_TIGHT,
  X25519_CONTRACTS,
} from "./contracts.ts";
import {
  FIELD_LEAF_BOUNDS,
  FIELD_OTHER_FUNCTIONS,
  FP2_LEAF_BOUNDS,
  FP2_LEAF_BOUNDS_LIMBS,
  X25519_LEAF_BOUNDS,
} from "./leaf_bounds.ts";
import { analyseFe, inside, LOOSE } from "./wasm_x25519_analysis.ts";
import type { Range } from "./wasm_interval.ts";

/** Contracts the limb analysis does not prove, and why. */
const EXCLUDED: Readonly<Record<string, string>> = {
  inv: "a counted loop (Pornin's binary GCD, 2020/972), not a straight-line kernel: tested against BigInt " +
    "inversion on random and edge inputs and against a BigInt model of the algorithm " +
    "(tests/field/algorithms_wasm_inverse.test.ts), not proven by intervals",
};

/** accept ≤ proven input and promised output ≥ proven output, operand by operand. */
function implied(c: LeafContract, inputs: readonly bigint[], output: bigint): string[] {
  const wrong: string[] = [];
  c.inputs.forEach((op, i) => {
    const proven = inputs[Math.min(i, inputs.length - 1)];
    if (op.accept > proven) wrong.push(`operand ${i} accepted < ${op.accept}·unit, proven only < ${proven}`);
  });
  for (const o of c.outputs) {
    if ("k" in o.bound && o.bound.k < output) {
      wrong.push(`output promised < ${o.bound.k}, proven < ${output}`);
    }
  }
  return wrong;
}

// Each layout at rest (words; the loader's 30-bit limbs), whose contracts differ (fp2_mul's bounds).
const LAYOUTS = [[32, FP2_LEAF_BOUNDS], [30, FP2_LEAF_BOUNDS_LIMBS]] as const;
for (const [curve, field] of [["bls12-381", "bls12-381-fp"], ["bn254", "bn254-fp"]] as const) {
  Deno.test(`bounds link ${curve}: every leaf contract of the calls analysis is proven at limb level`, () => {
    for (const [limbBits, fp2Rows] of LAYOUTS) linkLayout(curve, field, limbBits, fp2Rows);
  });
}

function linkLayout(
  curve: "bls12-381" | "bn254",
  field: "bls12-381-fp" | "bn254-fp",
  limbBits: number,
  fp2Rows: typeof FP2_LEAF_BOUNDS,
): void {
  {
    const contracts = fieldContracts(FIELDS[field].p, limbBits);
    const rows = new Map<string, { inputs: readonly bigint[]; output: bigint }>([
      ...FIELD_LEAF_BOUNDS.map((r) => [r.fn, r] as const),
      ...fp2Rows[curve].map((r) => [r.fn, r] as const),
    ]);
    let linked = 0;
    for (const [name, c] of Object.entries(contracts)) {
      if (c.kind === "combination") continue;
      if (name in EXCLUDED) {
        console.log(`${curve} ${name}: not proven here (${EXCLUDED[name]})`);
        continue;
      }
      const row = rows.get(name);
      if (row !== undefined) {
        assert.deepEqual(implied(c, row.inputs, row.output), [], `${curve} ${name}`);
      } else {
        // data movement and zero tests: proven to keep values < p / return 0 or 1, for operands < p
        assert.ok(FIELD_OTHER_FUNCTIONS.includes(name), `${curve} ${name}: no proven row`);
        assert.deepEqual(implied(c, [1n], 1n), [], `${curve} ${name}`);
      }
      console.log(
        `${curve} (${limbBits}-bit limbs) ${name}: contract (${
          c.inputs.map((i) => `< ${i.accept}p`).join(", ")
        }) within the proven row`,
      );
      linked++;
    }
    assert.ok(linked >= 12, `${linked} contracts linked`);
  }
}

const X_BOUND: Record<string, bigint> = {
  tight: X_TIGHT,
  loose: X_LOOSE,
  "2tight": 2n * X_TIGHT,
  bytes: X_BYTES,
};
/** X25519 contracts the limb analysis does not prove, and why. */
const X_EXCLUDED: Readonly<Record<string, string>> = {
  fe_invert_bytes: "the binary GCD of wasm/inverse.ts on canonical bytes: " + EXCLUDED.inv,
};

Deno.test("bounds link x25519: every X25519 contract of the calls analysis is proven at limb level", () => {
  for (const [name, c] of Object.entries(X25519_CONTRACTS)) {
    const sum = c.outputs.find((o) => "sum" in o.bound);
    if (sum !== undefined) {
      // fe_add / fe_sub without carry: the contract says out ≤ Σ of the operands' bounds limb-wise for
      // operands within loose; prove exactly that on the bytes (no wrap, output inside the sum).
      const x = analyseFe(name, [LOOSE, LOOSE]);
      const twice: Range[] = LOOSE.map((r) => ({ lo: 2n * r.lo, hi: 2n * r.hi }));
      assert.deepEqual(x.report.wraps, [], name);
      assert.ok(inside(x.out, twice), `${name}: loose ± loose stays within the sum of the bounds`);
      console.log(`x25519 ${name}: operands loose → output within loose + loose (analysed here), no wrap`);
      continue;
    }
    if (name in X_EXCLUDED) {
      console.log(`x25519 ${name}: excluded, ${X_EXCLUDED[name]}`);
      continue;
    }
    const fn = name;
    const row = X25519_LEAF_BOUNDS.find((r) => r.fn === fn);
    assert.ok(row !== undefined, `${name}: no proven row`);
    const inputs = row.inputs.map((b) => X_BOUND[b]), output = X_BOUND[row.output];
    assert.ok(inputs.every((b) => b !== undefined) && output !== undefined, name);
    assert.deepEqual(implied(c, inputs, output), [], name);
    console.log(`x25519 ${name}: contract within the proven row of ${fn}`);
  }
});

Deno.test("bounds link control: a contract wider than what is proven is caught", () => {
  const c = fieldContracts(FIELDS["bls12-381-fp"].p).mul as LeafContract;
  const wide: LeafContract = { ...c, inputs: c.inputs.map((i) => ({ ...i, accept: i.accept + 1n })) };
  const mul = FIELD_LEAF_BOUNDS.find((r) => r.fn === "mul")!;
  assert.notDeepEqual(implied(wide, mul.inputs, mul.output), []);
  const tight: LeafContract = { ...c, outputs: c.outputs.map((o) => ({ ...o, bound: { k: 0n } })) };
  assert.notDeepEqual(implied(tight, mul.inputs, mul.output), []);
});
