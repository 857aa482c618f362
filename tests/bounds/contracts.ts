/**
 * The contracts of the leaf functions of the generated wasm modules: the functions whose bodies are
 * limb-level code (no `call`), which the call-level analysis (calls_analysis.ts) treats as black boxes.
 * Each entry says which operands a function reads, the bound it accepts on them, what it writes and
 * the bound it guarantees, with the source comment that states it. The limb-level interpreter
 * (tests/bounds/wasm_*.ts, another helper's part) proves these at instruction level; the lead connects
 * the two (every entry here must be implied by a proven limb bound).
 *
 * Bounds are multiples of the module's unit: for the prime-field modules "value < k·p" (k = 1: fully
 * reduced); for X25519 "|limb_i| ≤ k·tight_i" (k = 1: tight, k = 4: loose, x25519/wasm/field.ts).
 *
 * Shape: export name → { inputs: [{ param, elements, accept }], outputs: [{ param, elements, bound }] }.
 * `bound` is a multiple k, or `{ join }` (the output is one of the named operands: copy, masked move),
 * or `{ sum }` (no reduction: Σ coef·k of the operands, X25519's additions). Linear combinations
 * (`kind: "combination"`) have no fixed table entry: their contract is read from their own body
 * (calls_combination.ts: the coefficients, the K·p offset and the conditional subtractions), because
 * it depends on the operand bounds (a sum of two values < 2p needs one more subtraction).
 * @module
 */
import { montConstants, mulInputBounds } from "../internal.ts";

/** An element operand: parameter `param` holds the address of `elements` consecutive elements. */
export interface Operand {
  readonly param: number;
  readonly elements: number;
}
/** An input operand and the bound it accepts (value < accept·unit). */
export interface InputBound extends Operand {
  readonly accept: bigint;
}
/** What an output element is bounded by. */
export type OutputBound =
  | { readonly k: bigint }
  /** one of the operands' current values, element by element (copy, cmov, cswap) */
  | { readonly join: readonly number[] }
  /** Σ coef·bound of the operands (X25519: limb-wise sums without carry) */
  | { readonly sum: readonly (readonly [param: number, coef: bigint])[] };
/** An output operand. */
export interface OutputOperand extends Operand {
  readonly bound: OutputBound;
}

/** A leaf function's contract. */
export interface LeafContract {
  readonly kind: "contract";
  readonly inputs: readonly InputBound[];
  readonly outputs: readonly OutputOperand[];
  /** i32 parameters that must be 0/1 flags (cmov, cswap). */
  readonly flags?: readonly number[];
  /** The i32 result: a 0/1 flag (eq, isZero), or none. */
  readonly result?: "flag";
  /** The source comment stating the bounds. */
  readonly cite: string;
}
/** A linear combination: contract derived from its body (calls_combination.ts). */
export interface CombinationEntry {
  readonly kind: "combination";
  readonly cite: string;
}
export type LeafEntry = LeafContract | CombinationEntry;

const el = (param: number, accept: bigint, elements = 1): InputBound => ({ param, elements, accept });
const out = (param: number, bound: OutputBound, elements = 1): OutputOperand => ({ param, elements, bound });
const P1 = { k: 1n } as const;

const KERNEL_CITE = 'field/wasm/module.ts KERNEL_FUNCTIONS: "modular, fully reduced"; emit_linear.ts: ' +
  '"inputs are N-limb values < p …; outputs are < p"';
const MUL_CITE = "field/wasm/emit_mont.ts (u32), emit_mont_simd.ts, emit_mont_reduced.ts / _simd.ts: " +
  '"in: a, b < p … out < p"';
const MUL2_CITE = "field/wasm/module.ts FieldModuleContext.mul2 (emit_mont_reduced.ts emitMontMulReduced, " +
  '_simd.ts, a second operand pair): "a, b, c, d < p; out < p"';
const COMBINATION_CITE =
  "field/tower/wasm_fp2_emit.ts emitSmallCombination: \"Term i's value is < bound_i·p " +
  '… brought below target·p … by conditional subtractions of 2^t·p"';

/**
 * The leaf contracts of a prime-field module of modulus p whose elements are at rest as limbs of
 * `limbBits` bits (32: words, the default; 30: limbs at rest; the module's `limbBits()`): kernel
 * functions, the inversion, the Fp2 lane kernels and linear Fp2 functions. fp2_mul's operand bounds
 * come from `mulInputBounds` on that layout, the function the emitter itself uses: they depend on R
 * (BN254: b < p with words, R = 2^256; b < 2p with limbs at rest, R = 2^270).
 */
export function fieldContracts(p: bigint, limbBits = 32): Readonly<Record<string, LeafEntry>> {
  const [aBound, bBound] = mulInputBounds(montConstants(p, limbBits)).map(BigInt);
  const arith = (inputs: number, cite = KERNEL_CITE): LeafContract => ({
    kind: "contract",
    inputs: Array.from({ length: inputs }, (_, i) => el(i + 1, 1n)),
    outputs: [out(0, P1)],
    cite,
  });
  const combination: CombinationEntry = { kind: "combination", cite: COMBINATION_CITE };
  const fp2Arith = (inputs: number): LeafContract => ({
    kind: "contract",
    inputs: Array.from({ length: inputs }, (_, i) => el(i + 1, 1n, 2)),
    outputs: [out(0, P1, 2)],
    cite:
      'field/tower/wasm_fp2.ts: fp2_add/sub/dbl by emit_linear.ts emitAdds/emitSubs: "every operand read ' +
      'before the first store"; ' + KERNEL_CITE,
  });
  return {
    mul: arith(2, MUL_CITE),
    mul2: arith(4, MUL2_CITE),
    sqr: arith(1, MUL_CITE),
    add: arith(2),
    sub: arith(2),
    neg: arith(1),
    dbl: arith(1),
    copy: {
      kind: "contract",
      inputs: [el(1, 1n)],
      outputs: [out(0, { join: [1] })],
      cite: "emit_linear.ts emitCopy: out ← a",
    },
    setZero: {
      kind: "contract",
      inputs: [],
      outputs: [out(0, { k: 1n })],
      cite: "emit_linear.ts emitSetZero: out ← 0",
    },
    setOne: {
      kind: "contract",
      inputs: [],
      outputs: [out(0, P1)],
      cite: "field/wasm/module.ts setOne: copy of slot 1, R mod p (data segment)",
    },
    // cmov/cswap move whole values under a 0/1 mask: the result is one of the operands (a join).
    cmov: {
      kind: "contract",
      inputs: [el(0, 1n), el(1, 1n)],
      outputs: [out(0, { join: [0, 1] })],
      flags: [2],
      cite: 'emit_linear.ts emitCmov: "out ← a if the i32 local `flag` is 1, unchanged if 0"',
    },
    cswap: {
      kind: "contract",
      inputs: [el(0, 1n), el(1, 1n)],
      outputs: [out(0, { join: [0, 1] }), out(1, { join: [0, 1] })],
      flags: [2],
      cite: 'emit_linear.ts emitCswap: "Swaps a and b if the i32 local `flag` is 1"',
    },
    // A zero test or comparison of limbs is right only on fully reduced values (p ≠ 0 as limbs).
    eq: {
      kind: "contract",
      inputs: [el(0, 1n), el(1, 1n)],
      outputs: [],
      result: "flag",
      cite: "emit_linear.ts emitEq (limb XOR: needs canonical values < p)",
    },
    isZero: {
      kind: "contract",
      inputs: [el(0, 1n)],
      outputs: [],
      result: "flag",
      cite: "emit_linear.ts emitIsZero (limb OR: needs canonical values < p)",
    },
    inv: {
      kind: "contract",
      inputs: [el(1, 1n)],
      outputs: [out(0, P1)],
      cite:
        'wasm/inverse.ts: "a, b ∈ [0, 2^bits)" … v = s·y⁻¹ mod m fully reduced, s = R² (field/wasm/inverse.ts); (representation: ' +
        '"no memory scratch": the third parameter is not written)',
    },
    fp2_mul: {
      kind: "contract",
      inputs: [el(1, aBound, 2), el(2, bBound, 2)],
      outputs: [out(0, P1, 2)],
      cite:
        'field/tower/wasm_fp2_lanes.ts emitFp2MulIn: "Operand bounds: a < 2p, b < mulInputBounds(c)[1]·p"; ' +
        '"one masked subtraction per lane on the output pieces gives < p"',
    },
    fp2_sqr: {
      kind: "contract",
      inputs: [el(1, 1n, 2)],
      outputs: [out(0, P1, 2)],
      cite: 'field/tower/wasm_fp2_lanes.ts emitFp2SqrIn: "a < p"; outputs < p',
    },
    // Sums and differences run the base field's chains on both coefficients (emit_linear.ts emitAdds,
    // emitSubs): the kernel's add/sub contract, per coefficient.
    fp2_add: fp2Arith(2),
    fp2_sub: fp2Arith(2),
    fp2_dbl: fp2Arith(1),
    fp2_neg: combination,
    fp2_conj: combination,
    fp2_mulByXi: combination,
    fp2_mulByU: combination,
  };
}

/** Bounds of X25519's field functions in multiples of "tight" (loose = 4·tight). */
export const TIGHT = 1n, LOOSE = 4n;
/**
 * An X25519 element held as 32 bytes (fe_tobytes' output, fe_invert_bytes' operands), not as limbs: a
 * bound above every limb bound, so that no limb function accepts it.
 */
export const BYTES = 1n << 64n;
const X_CITE = 'x25519/wasm/field.ts: "Input bounds: loose. Output bounds: tight."';

/**
 * The leaf contracts of the X25519 module's field functions (x25519/wasm/module.ts, memory operands:
 * fe_*(out, a, b)), and of the encoding and the inversion on bytes that fe_invert calls.
 */
export const X25519_CONTRACTS: Readonly<Record<string, LeafContract>> = {
  fe_mul: {
    kind: "contract",
    inputs: [el(1, LOOSE), el(2, LOOSE)],
    outputs: [out(0, { k: TIGHT })],
    cite: X_CITE,
  },
  fe_sq: { kind: "contract", inputs: [el(1, LOOSE)], outputs: [out(0, { k: TIGHT })], cite: X_CITE },
  fe_tobytes: {
    kind: "contract",
    inputs: [el(1, LOOSE)],
    outputs: [out(0, { k: BYTES })],
    cite: 'x25519/wasm/field.ts emitToBytes: "the canonical 32-byte little-endian encoding of f (fully ' +
      'reduced, in [0, p))"; "Input bounds: loose."',
  },
  fe_invert_bytes: {
    kind: "contract",
    inputs: [el(1, BYTES)],
    outputs: [out(0, { k: BYTES })],
    cite: 'wasm/inverse.ts: "out ← start·y⁻¹ mod p, fully reduced, for y at inAddr (fully reduced)"',
  },
  fe_frombytes: {
    kind: "contract",
    inputs: [el(1, BYTES)],
    outputs: [out(0, { k: TIGHT })],
    cite: 'x25519/wasm/field.ts emitFromBytes: "Values ≥ p are accepted … Output bounds: tight."',
  },
  fe_mul_a24: { kind: "contract", inputs: [el(1, LOOSE)], outputs: [out(0, { k: TIGHT })], cite: X_CITE },
  fe_mul_a24_add: {
    kind: "contract",
    inputs: [el(1, LOOSE), el(2, LOOSE)],
    outputs: [out(0, { k: TIGHT })],
    cite: X_CITE,
  },
  fe_carry: {
    kind: "contract",
    inputs: [el(1, LOOSE)],
    outputs: [out(0, { k: TIGHT })],
    cite: 'x25519/wasm/field.ts emitCarryFe: "Input: loose. Output: tight."',
  },
  fe_add: {
    kind: "contract",
    inputs: [el(1, LOOSE), el(2, LOOSE)],
    outputs: [out(0, { sum: [[1, 1n], [2, 1n]] })],
    cite: 'x25519/wasm/field.ts emitAdd: "no carry. Output bound: the sum of the input bounds."',
  },
  fe_sub: {
    kind: "contract",
    inputs: [el(1, LOOSE), el(2, LOOSE)],
    outputs: [out(0, { sum: [[1, 1n], [2, 1n]] })],
    cite: 'x25519/wasm/field.ts emitSub: "no carry. Output bound: the sum of the input bounds."',
  },
};
