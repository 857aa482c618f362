/**
 * What the wasm limb analysis proves per leaf function, as data (the "wasm limbs" section of
 * tests/bounds/README.md): for each function its accepted operand bounds and its proven output
 * bound. tests/bounds/field_wasm.test.ts and x25519_wasm.test.ts run the analysis on every row (so
 * a row that stops holding fails there); the call-level contracts (tests/bounds/contracts.ts) can be
 * checked against this table: a contract may accept no more than a row here and promise no less.
 *
 * Prime fields: bounds are exclusive multiples of p of the value (Fp2: of each coefficient), for every
 * prime with a wasm module (BLS12-381 Fp, Fr; BN254 Fp, Fr) and every multiplication variant
 * (simd, fips, cios, reduced and reduced-simd with w = 29, 30). X25519: per-limb bounds of
 * x25519/wasm/field.ts (tight |h_k| ≤ 2^(w_k−1) + 2^(w_k−13), loose = 4·tight).
 * @module
 */
import { KERNEL_FUNCTIONS } from "../internal.ts";

/** A prime-field kernel function: operands < inputs[i]·p → output < output·p. */
export interface FieldLeafBound {
  readonly fn: "mul" | "mul2" | "sqr" | "sqr4" | "toMont" | "fromMont" | "add" | "sub" | "neg" | "dbl";
  readonly inputs: readonly bigint[];
  readonly output: bigint;
}

/** The kernel functions of every field module (toMont/fromMont: the second operand is R² or 1). */
export const FIELD_LEAF_BOUNDS: readonly FieldLeafBound[] = [
  { fn: "mul", inputs: [1n, 1n], output: 1n },
  // a·b + c·d, one reduction: in the reduced-radix modules only (FieldModuleContext.mul2)
  { fn: "mul2", inputs: [1n, 1n, 1n, 1n], output: 1n },
  { fn: "sqr", inputs: [1n], output: 1n },
  { fn: "sqr4", inputs: [1n], output: 1n },
  { fn: "toMont", inputs: [1n], output: 1n },
  { fn: "fromMont", inputs: [1n], output: 1n },
  { fn: "add", inputs: [1n, 1n], output: 1n },
  { fn: "sub", inputs: [1n, 1n], output: 1n },
  { fn: "neg", inputs: [1n], output: 1n },
  { fn: "dbl", inputs: [1n], output: 1n },
];

/**
 * The other kernel functions: data movement keeps "< p" (each output is an input, a constant < p or a
 * masked select of two inputs), eq / isZero return 0 or 1, fromCanonical takes any value < R
 * (rejected ones are zeroed) and returns < p. Not `limbBits`, which touches no element (it returns the
 * layout's constant).
 */
export const FIELD_OTHER_FUNCTIONS: readonly string[] = KERNEL_FUNCTIONS.filter((fn) =>
  !FIELD_LEAF_BOUNDS.some((r) => r.fn === fn) && fn !== "limbBits"
);

/**
 * The largest k for which mul and sqr with both operands < k·p are proven to give out < p (the
 * intervals as for k = 1, and (k²p² + (R − 1)p)/R < 2p): lazy operands the kernels accept although
 * their documented bound is p. Checked for the loader's variants (simd, fips, reduced and reduced-simd w = 30),
 * and that k + 1 fails.
 */
export const LAZY_MUL_BOUND: Readonly<Record<string, bigint>> = {
  "bls12-381-fp": 3n,
  "bls12-381-fr": 1n,
  "bn254-fp": 2n,
  "bn254-fr": 2n,
};

/**
 * The same for the loader's modules with 30-bit limbs at rest (R = 2^(30n) > 2^(32N): more room for
 * lazy operands), checked for reduced and reduced-simd w = 30 with `rest: "limbs"`, and that k + 1 fails.
 */
export const LAZY_MUL_BOUND_LIMBS: Readonly<Record<string, bigint>> = {
  "bls12-381-fp": 25n,
  "bls12-381-fr": 190n,
  "bn254-fp": 294n,
  "bn254-fr": 294n,
};

/** An Fp2 function of the tower layer: coefficients < inputs[i]·p → coefficients < output·p. */
export interface Fp2LeafBound {
  readonly fn: string;
  readonly inputs: readonly bigint[];
  readonly output: bigint;
}

/**
 * Per tower, with words at rest: fp2_mul's loose operand bounds are mulInputBounds
 * (field/tower/wasm_fp2_emit.ts), which depend on R.
 */
export const FP2_LEAF_BOUNDS: Readonly<Record<string, readonly Fp2LeafBound[]>> = {
  "bls12-381": fp2Rows(2n, 2n),
  "bn254": fp2Rows(2n, 1n),
};

/**
 * The same with 30-bit limbs at rest (R = 2^(30n): BN254's R = 2^270 leaves room for b < 2p, where
 * words' 2^256 needs b < p).
 */
export const FP2_LEAF_BOUNDS_LIMBS: Readonly<Record<string, readonly Fp2LeafBound[]>> = {
  "bls12-381": fp2Rows(2n, 2n),
  "bn254": fp2Rows(2n, 2n),
};

function fp2Rows(a: bigint, b: bigint): Fp2LeafBound[] {
  return [
    { fn: "fp2_mul", inputs: [a, b], output: 1n },
    { fn: "fp2_sqr", inputs: [1n], output: 1n },
    { fn: "fp2_add", inputs: [1n, 1n], output: 1n },
    { fn: "fp2_sub", inputs: [1n, 1n], output: 1n },
    ...["fp2_dbl", "fp2_neg", "fp2_conj", "fp2_mulByXi", "fp2_mulByU"].map((fn) => ({
      fn,
      inputs: [1n],
      output: 1n,
    })),
  ];
}

/** X25519 limb bound names: tight, loose, 2·tight (a sum of two tight values), raw bytes. */
export type X25519Bound = "tight" | "loose" | "2tight" | "bytes";

/** An X25519 wasm field function (x25519/wasm/module.ts): operands within `inputs` → output within `output`. */
export interface X25519LeafBound {
  readonly fn: string;
  readonly inputs: readonly X25519Bound[];
  readonly output: X25519Bound;
}

export const X25519_LEAF_BOUNDS: readonly X25519LeafBound[] = [
  { fn: "fe_mul", inputs: ["loose", "loose"], output: "tight" },
  { fn: "fe_sq", inputs: ["loose"], output: "tight" },
  { fn: "fe_mul_a24", inputs: ["loose"], output: "tight" },
  { fn: "fe_mul_a24_add", inputs: ["loose", "loose"], output: "tight" },
  { fn: "fe_carry", inputs: ["loose"], output: "tight" },
  { fn: "fe_add", inputs: ["tight", "tight"], output: "2tight" },
  { fn: "fe_sub", inputs: ["tight", "tight"], output: "2tight" },
  { fn: "fe_cswap", inputs: ["tight", "tight"], output: "tight" },
  { fn: "fe_frombytes", inputs: ["bytes"], output: "tight" },
  { fn: "fe_tobytes", inputs: ["loose"], output: "bytes" },
  { fn: "fe_invert", inputs: ["loose"], output: "tight" },
];
