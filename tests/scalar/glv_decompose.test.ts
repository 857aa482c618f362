import { FIELDS } from "../../curves/registry.ts";
import { X as BLS12_381_X } from "../../curves/bls12_381/params.ts";
/**
 * The constant-time base-B decomposition (scalar/decompose.ts) against BigInt: for BLS12-381 G2
 * (B = |x|, 4 digits) and G1 (B = x², 2 digits), k mod r = Σ dᵢ·Bⁱ with 0 ≤ dᵢ < B, on random
 * scalars and edge scalars (0, 1, r − 1, r, r + 1, 2^255, 2^256 − 1, multiples and powers of x,
 * multiples of λ = −x², values next to digit boundaries).
 */
import assert from "node:assert/strict";
import { BaseDigits } from "../../scalar/decompose.ts";
import { ScalarReducer } from "../../scalar/reduce.ts";
import { be32, rng } from "../curves/helpers.ts";

const r = FIELDS["bls12-381-fr"].p;
const w = -BLS12_381_X;
const lambda = (r - w * w) % r; // −x² mod r: φ's eigenvalue on G1

function edgeScalars(): bigint[] {
  const out = [0n, 1n, 2n, r - 1n, r, r + 1n, 2n * r - 1n, 1n << 255n, (1n << 256n) - 1n, (1n << 255n) - 1n];
  for (let i = 0n; i < 4n; i++) {
    const wi = w ** i;
    out.push(wi, wi - 1n, wi + 1n, (w - 1n) * wi, (r - 1n) / wi, (r - 1n) / wi * wi);
  }
  for (const m of [1n, 2n, 3n, w - 1n, w, w + 1n, w * w - 1n, r - 1n]) {
    out.push((m * w) % r, (m * lambda) % r, (m * (r - w)) % r, (m * w * w * w) % r);
  }
  let allDigitsMax = 0n; // Σ (B − 1)·Bⁱ over the digits that fit below r
  for (let i = 0n; i < 3n; i++) allDigitsMax += (w - 1n) * w ** i;
  out.push(allDigitsMax, allDigitsMax + 1n);
  return out.filter((k) => k >= 0n && k < 1n << 256n);
}

for (const [label, B, m] of [["G2: B = |x|, 4 digits", w, 4], ["G1: B = x², 2 digits", w * w, 2]] as const) {
  Deno.test(`glv decompose vs BigInt, ${label}`, () => {
    const dec = new BaseDigits(B, m, r), red = new ScalarReducer(r);
    assert.equal(dec.digitLimbs, m === 4 ? 4 : 8);
    assert.equal(dec.digitBits, m === 4 ? 64 : 128);
    const out = new Int32Array(m * dec.digitLimbs);
    const rand = rng(m * 101);
    const check = (k: bigint) => {
      const limbs = red.reduce(be32(k));
      dec.decompose(out, limbs);
      let sum = 0n;
      for (let i = m - 1; i >= 0; i--) {
        let d = 0n;
        for (let j = dec.digitLimbs - 1; j >= 0; j--) {
          const limb = out[i * dec.digitLimbs + j];
          assert.ok(limb >= 0 && limb <= 0xffff, "limb range");
          d = (d << 16n) | BigInt(limb);
        }
        assert.ok(d < B, `digit ${i} of ${k} below B`);
        sum = sum * B + d;
      }
      assert.equal(sum, k % r, `Σ dᵢ·Bⁱ = k mod r for k = ${k}`);
    };
    for (const k of edgeScalars()) check(k);
    for (let i = 0; i < 300; i++) check(rand());
    for (let i = 0; i < 100; i++) check(rand() % r);
  });
}

Deno.test("glv decompose: constructor rejects a base too small for r", () => {
  assert.throws(() => new BaseDigits(w, 3, r));
  assert.throws(() => new BaseDigits(1n, 300, r));
});
