import {
  BaseDigits,
  BLS12_381_X,
  BN254_G1_LAMBDA,
  BN254_U,
  bn254G1Basis,
  bn254G2Basis,
  determinant,
  FIELDS,
  LatticeDigits,
  type ScalarDigits,
  ScalarReducer,
} from "../internal.ts";
/**
 * The constant-time scalar decompositions of the endomorphism multiplication against BigInt, for
 * every group of CURVES:
 * - BLS12-381, base-B digits (scalar/decompose.ts): G2 (B = |x|, 4 digits) and G1 (B = x², 2 digits),
 *   k mod r = Σ dᵢ·Bⁱ with 0 ≤ dᵢ < B, on random scalars and edge scalars (0, 1, r − 1, r, r + 1,
 *   2^255, 2^256 − 1, multiples and powers of x, multiples of λ = −x², values next to digit
 *   boundaries);
 * - BN254, lattice sub-scalars (scalar/lattice.ts): G1 (φ, λ = 36u⁴ − 1, 2 sub-scalars) and G2 (ψ,
 *   λ = 6u² ≡ p, 4 sub-scalars), k ≡ Σ vᵢ·λⁱ (mod r), |vᵢ| ≤ the public bound < 2^digitBits, sign 0
 *   for vᵢ = 0, the bound not loose; on random scalars, edge scalars (0, 1, r − 1, r, r + 1, 2r − 1,
 *   2^255, 2^256 − 1, small multiples of λ and u), scalars next to the basis vectors, and scalars whose
 *   Babai coefficients k·aⱼ sit next to a rounding boundary (half-integers).
 * Every digit's limbs are 16-bit. Also: the base-B constructor's checks; BN254's bases in u are in the
 * lattice for other values of u (an identity in u), det = −r (G1) and −3r (G2), and the lattice
 * constructor's checks.
 */
import assert from "node:assert/strict";
import { be32, rng } from "../curves/helpers.ts";

const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;
const abs = (x: bigint) => (x < 0n ? -x : x);

/** One group's decomposition: how it is built and checked; the reconstruction check is shared. */
interface DecomposeCase {
  label: string;
  r: bigint;
  digits: () => ScalarDigits;
  /** The constructor's public parameters. */
  shape: (dec: ScalarDigits) => void;
  seed: number;
  /** Edge scalars (may draw from the seeded `rand` before the random ones). */
  edges: (rand: () => bigint) => bigint[];
  /** How many random scalars below 2^256 and below r. */
  randoms: [number, number];
  /** The bound of digit i (magnitude v) of k. */
  bound: (dec: ScalarDigits, i: number, v: bigint, k: bigint) => void;
  /** Checked once all scalars are done, with the bit length of the largest digit seen. */
  after?: (dec: ScalarDigits, maxBits: number) => void;
}

// ---- BLS12-381: base-|x| and base-x² digits ----

const rBls = FIELDS["bls12-381-fr"].p;
const w = -BLS12_381_X;

function blsEdgeScalars(): bigint[] {
  const r = rBls, lambda = (r - w * w) % r; // −x² mod r: φ's eigenvalue on G1
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

const baseCase = (label: string, B: bigint, m: number): DecomposeCase => ({
  label: `BLS12-381 ${label}`,
  r: rBls,
  digits: () => new BaseDigits(B, m, rBls),
  shape: (dec) => {
    assert.equal(dec.signed, false);
    assert.equal(dec.digitLimbs, m === 4 ? 4 : 8);
    assert.equal(dec.digitBits, m === 4 ? 64 : 128);
  },
  seed: m * 101,
  edges: blsEdgeScalars,
  randoms: [300, 100],
  bound: (_, i, d, k) => assert.ok(d < B, `digit ${i} of ${k} below B`),
});

// ---- BN254: lattice sub-scalars ----

const u = BN254_U;
const pBn = FIELDS["bn254-fp"].p, rBn = FIELDS["bn254-fr"].p;

/** Scalars whose k·aⱼ is within one unit of a half-integer (the rounding boundary of coefficient j). */
function roundingEdges(basis: readonly (readonly bigint[])[], rand: () => bigint): bigint[] {
  const n = basis.length, det = determinant(basis), out: bigint[] = [];
  for (let j = 0; j < n; j++) {
    const minor = basis.filter((_, row) => row !== j).map((row) => row.slice(1));
    const C = abs(n === 1 ? 1n : determinant(minor)), D = abs(det); // |aⱼ| = C / D
    for (let t = 0; t < 6; t++) {
      const m = rand() % (C > 0n ? C : 1n); // k·aⱼ ≈ m + 1/2 ⇔ k ≈ (2m + 1)·D / (2C)
      const k = ((2n * m + 1n) * D) / (2n * C);
      for (const d of [-1n, 0n, 1n, 2n]) if (k + d >= 0n && k + d < rBn) out.push(k + d);
    }
  }
  return out;
}

function bnEdgeScalars(basis: readonly (readonly bigint[])[], lambda: bigint): bigint[] {
  const r = rBn;
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

const latticeCase = (label: string, basis: bigint[][], lambda: bigint, bits: number): DecomposeCase => ({
  label: `BN254 ${label}`,
  r: rBn,
  digits: () => new LatticeDigits(basis, lambda, rBn),
  shape: (dec) => {
    assert.equal(dec.count, basis.length);
    assert.equal(dec.signed, true);
    assert.equal(dec.base, lambda);
    assert.equal(dec.digitBits, bits, "public sub-scalar bound");
    assert.ok(16 * dec.digitLimbs - 1 >= bits, "room for the sign bit");
  },
  seed: basis.length * 313,
  edges: (rand) => [...bnEdgeScalars(basis, lambda), ...roundingEdges(basis, rand)],
  randoms: [300, 300],
  bound: (dec, i, v, k) => {
    assert.ok(v <= (dec as LatticeDigits).bounds[i], `|v${i}| ≤ bound for k = ${k}`);
    assert.ok(v < 1n << BigInt(bits), `|v${i}| < 2^${bits} for k = ${k}`);
  },
  after: (_, maxBits) =>
    assert.ok(maxBits >= bits - 3, `the bound is not loose: largest sub-scalar seen has ${maxBits} bits`),
});

const CASES: DecomposeCase[] = [
  baseCase("G2: B = |x|, 4 digits", w, 4),
  baseCase("G1: B = x², 2 digits", w * w, 2),
  latticeCase("G1 (φ, λ = 36u⁴ − 1, 2 sub-scalars)", bn254G1Basis(), BN254_G1_LAMBDA % rBn, 127),
  latticeCase("G2 (ψ, λ = 6u², 4 sub-scalars)", bn254G2Basis(), 6n * u * u, 65),
];

for (const c of CASES) {
  Deno.test(`glv decompose vs BigInt, ${c.label}`, () => {
    const { r } = c, dec = c.digits(), red = new ScalarReducer(r);
    c.shape(dec);
    const n = dec.count, W = dec.digitLimbs, B = dec.base;
    const out = new Int32Array(n * W), signs = new Int32Array(n);
    const rand = rng(c.seed);
    let maxBits = 0;
    const check = (k: bigint) => {
      dec.decompose(out, red.reduce(be32(k)), signs);
      let sum = 0n; // Σ ±vᵢ·Bⁱ as an integer (Horner, from the top digit)
      for (let i = n - 1; i >= 0; i--) {
        let v = 0n;
        for (let j = W - 1; j >= 0; j--) {
          const limb = out[i * W + j];
          assert.ok(limb >= 0 && limb <= 0xffff, "limb range");
          v = (v << 16n) | BigInt(limb);
        }
        assert.ok(signs[i] === 0 || signs[i] === 1, "sign is a bit");
        if (v === 0n) assert.equal(signs[i], 0, "zero has sign 0");
        c.bound(dec, i, v, k);
        maxBits = Math.max(maxBits, v.toString(2).length);
        sum = sum * B + (signs[i] === 1 ? -v : v);
      }
      if (dec.signed) assert.equal(mod(sum, r), k % r, `Σ vᵢ·λⁱ ≡ k (mod r) for k = ${k}`);
      else assert.equal(sum, k % r, `Σ dᵢ·Bⁱ = k mod r for k = ${k}`);
    };
    for (const k of c.edges(rand)) check(k);
    for (let i = 0; i < c.randoms[0]; i++) check(rand());
    for (let i = 0; i < c.randoms[1]; i++) check(rand() % r);
    c.after?.(dec, maxBits);
  });
}

Deno.test("glv decompose: constructor rejects a base too small for r", () => {
  assert.throws(() => new BaseDigits(w, 3, rBls));
  assert.throws(() => new BaseDigits(1n, 300, rBls));
});

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
  assert.equal(pBn % rBn, 6n * u * u);
});

Deno.test("glv bn254 lattice: constructor checks", () => {
  const B = bn254G1Basis(), r = rBn;
  assert.throws(() => new LatticeDigits(B, (BN254_G1_LAMBDA + 1n) % r, r), /not in the lattice/);
  assert.throws(() => new LatticeDigits([[1n, 2n]], BN254_G1_LAMBDA, r), /square/);
  assert.throws(() => new LatticeDigits([[r, 0n], [2n * r, 0n]], 5n, r), /det/);
  assert.equal(determinant([[2n, 3n], [5n, 7n]]), -1n);
  assert.equal(determinant([[2n, 0n, 0n], [0n, 3n, 0n], [1n, 1n, 4n]]), 24n);
});
