import { FIELDS } from "../../curves/registry.ts";
import { U as BN254_U } from "../../curves/bn254/params.ts";
/**
 * The constant-time lattice decomposition (scalar/lattice.ts) for BN254 against BigInt: G1 (φ,
 * λ = 36u⁴ − 1, 2 sub-scalars) and G2 (ψ, λ = 6u² ≡ p, 4 sub-scalars). For each scalar,
 * k ≡ Σ vᵢ·λⁱ (mod r), |vᵢ| ≤ the public bound < 2^digitBits, limbs in range, sign 0 for vᵢ = 0;
 * on random scalars, edge scalars (0, 1, r − 1, r, r + 1, 2r − 1, 2^255, 2^256 − 1, small multiples
 * of λ and u), scalars next to the basis vectors, and scalars whose Babai coefficients k·aⱼ sit
 * next to a rounding boundary (half-integers). Also: the bases in u are in the lattice for other
 * values of u (an identity in u), det = −r (G1) and −3r (G2), and the constructor's checks.
 */
import assert from "node:assert/strict";
import {
  G1_LAMBDA as BN254_G1_LAMBDA,
  g1Basis as bn254G1Basis,
  g2Basis as bn254G2Basis,
} from "../../curves/bn254/endomorphism.ts";
import { determinant, LatticeDigits } from "../../scalar/lattice.ts";
import { ScalarReducer } from "../../scalar/reduce.ts";
import { be32, rng } from "../curves/helpers.ts";

const u = BN254_U;
const p = FIELDS["bn254-fp"].p, r = FIELDS["bn254-fr"].p;
const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;
const abs = (x: bigint) => (x < 0n ? -x : x);

const CASES = [
  {
    label: "G1 (φ, λ = 36u⁴ − 1, 2 sub-scalars)",
    basis: bn254G1Basis(),
    lambda: BN254_G1_LAMBDA % r,
    bits: 127,
  },
  { label: "G2 (ψ, λ = 6u², 4 sub-scalars)", basis: bn254G2Basis(), lambda: 6n * u * u, bits: 65 },
] as const;

/** Scalars whose k·aⱼ is within one unit of a half-integer (the rounding boundary of coefficient j). */
function roundingEdges(basis: readonly (readonly bigint[])[], rand: () => bigint): bigint[] {
  const n = basis.length, det = determinant(basis), out: bigint[] = [];
  for (let j = 0; j < n; j++) {
    const minor = basis.filter((_, row) => row !== j).map((row) => row.slice(1));
    const C = abs(n === 1 ? 1n : determinant(minor)), D = abs(det); // |aⱼ| = C / D
    for (let t = 0; t < 6; t++) {
      const m = rand() % (C > 0n ? C : 1n); // k·aⱼ ≈ m + 1/2 ⇔ k ≈ (2m + 1)·D / (2C)
      const k = ((2n * m + 1n) * D) / (2n * C);
      for (const d of [-1n, 0n, 1n, 2n]) if (k + d >= 0n && k + d < r) out.push(k + d);
    }
  }
  return out;
}

function edgeScalars(basis: readonly (readonly bigint[])[], lambda: bigint): bigint[] {
  const out = [0n, 1n, 2n, 15n, 16n, r - 1n, r, r + 1n, 2n * r - 1n, 1n << 255n, (1n << 256n) - 1n];
  out.push(lambda, r - lambda, (lambda * lambda) % r, u, 6n * u * u, (r - 1n) / 2n, (r + 1n) / 2n);
  for (const m of [1n, 2n, u, u * u, 6n * u * u]) out.push((m * lambda) % r, (m * (r - lambda)) % r);
  for (const b of basis) { // next to the lattice vectors: Σ bᵢλⁱ ≡ 0, so take the first coordinate ± small
    for (const d of [-2n, -1n, 0n, 1n, 2n]) out.push(mod(b[0] + d, r), mod(-b[0] + d, r));
    let l = 1n, s = 0n; // the vector's "partial images": Σ_{i ≥ 1} bᵢλⁱ ≡ −b₀
    for (let i = 0; i < b.length; i++, l = (l * lambda) % r) if (i > 0) s = mod(s + b[i] * l, r);
    out.push(s, mod(s + 1n, r), mod(s - 1n, r));
  }
  return out.filter((k) => k >= 0n && k < 1n << 256n);
}

for (const { label, basis, lambda, bits } of CASES) {
  Deno.test(`glv bn254 decompose vs BigInt, ${label}`, () => {
    const dec = new LatticeDigits(basis, lambda, r), red = new ScalarReducer(r);
    const n = basis.length, W = dec.digitLimbs;
    assert.equal(dec.count, n);
    assert.equal(dec.signed, true);
    assert.equal(dec.base, lambda);
    assert.equal(dec.digitBits, bits, "public sub-scalar bound");
    assert.ok(16 * W - 1 >= bits, "room for the sign bit");
    const out = new Int32Array(n * W), signs = new Int32Array(n);
    const rand = rng(n * 313);
    let maxBits = 0;
    const check = (k: bigint) => {
      dec.decompose(out, red.reduce(be32(k)), signs);
      let sum = 0n, l = 1n;
      for (let i = 0; i < n; i++, l = (l * lambda) % r) {
        let v = 0n;
        for (let j = W - 1; j >= 0; j--) {
          const limb = out[i * W + j];
          assert.ok(limb >= 0 && limb <= 0xffff, "limb range");
          v = (v << 16n) | BigInt(limb);
        }
        assert.ok(signs[i] === 0 || signs[i] === 1, "sign is a bit");
        if (v === 0n) assert.equal(signs[i], 0, "zero has sign 0");
        assert.ok(v <= dec.bounds[i], `|v${i}| ≤ bound for k = ${k}`);
        assert.ok(v < 1n << BigInt(bits), `|v${i}| < 2^${bits} for k = ${k}`);
        maxBits = Math.max(maxBits, v.toString(2).length);
        sum += (signs[i] === 1 ? -v : v) * l;
      }
      assert.equal(mod(sum, r), k % r, `Σ vᵢ·λⁱ ≡ k (mod r) for k = ${k}`);
    };
    for (const k of edgeScalars(basis, lambda)) check(k);
    for (const k of roundingEdges(basis, rand)) check(k);
    for (let i = 0; i < 300; i++) check(rand());
    for (let i = 0; i < 300; i++) check(rand() % r);
    assert.ok(maxBits >= bits - 3, `the bound is not loose: largest sub-scalar seen has ${maxBits} bits`);
  });
}

Deno.test("glv bn254 lattice: the bases in u are lattice bases (det −r, −3r) for several u", () => {
  const roots = (v: bigint) => {
    const P = 36n * v ** 4n + 36n * v ** 3n + 24n * v ** 2n + 6n * v + 1n;
    const R = 36n * v ** 4n + 36n * v ** 3n + 18n * v ** 2n + 6n * v + 1n;
    return { P, R };
  };
  for (const v of [u, 3n, 1n << 62n, -(1n << 62n) - 7n, 4965661367192848881n - 1000n]) {
    const { P, R } = roots(v);
    assert.equal(P - R, 6n * v * v, "p ≡ 6u² (mod r)");
    const l1 = mod(36n * v ** 4n - 1n, R);
    assert.equal(mod(l1 * l1 + l1 + 1n, R), 0n, "λ² + λ + 1 ≡ 0");
    for (
      const [basis, l, d] of [[bn254G1Basis(v), l1, -1n], [bn254G2Basis(v), mod(6n * v * v, R), -3n]] as const
    ) {
      for (const b of basis) {
        let s = 0n, li = 1n;
        for (const x of b) s += x * li, li = (li * l) % R;
        assert.equal(mod(s, R), 0n, `row in the lattice for u = ${v}`);
      }
      assert.equal(determinant(basis), d * R, `det for u = ${v}`);
    }
  }
  assert.equal(p % r, 6n * u * u);
});

Deno.test("glv bn254 lattice: constructor checks", () => {
  const B = bn254G1Basis();
  assert.throws(() => new LatticeDigits(B, (BN254_G1_LAMBDA + 1n) % r, r), /not in the lattice/);
  assert.throws(() => new LatticeDigits([[1n, 2n]], BN254_G1_LAMBDA, r), /square/);
  assert.throws(() => new LatticeDigits([[r, 0n], [2n * r, 0n]], 5n, r), /det/);
  assert.equal(determinant([[2n, 3n], [5n, 7n]]), -1n);
  assert.equal(determinant([[2n, 0n, 0n], [0n, 3n, 0n], [1n, 1n, 4n]]), 24n);
});
