/**
 * Scalar multiplication loops over {@linkcode Projective} slots.
 *
 * - `mulCt`: constant-time fixed window of w bits (w = 4 by default: unsigned digits 0…15) over the
 *   scalar reduced mod r: a table T[i] = i·P (i = 0…2^w − 1, 2^w − 2 additions), then for each digit
 *   from the top w doublings, a lookup that reads all 2^w entries and keeps one with masks, and one
 *   complete addition (T[0] = O is handled by the complete formulas). Cost for a 255-bit r, w = 4:
 *   252 doublings and 78 additions; w = 5: 250 doublings and 81 additions (30 of them for the table).
 *   Kept for the groups without an endomorphism, as the reference the tests compare with, and as the
 *   frozen window-4 / window-5 baselines of the endomorphism rows (bench/cases/endo.ts).
 * - `mulEndoCt`: constant-time GLV/GLS multiplication (see {@linkcode mulEndoCt}).
 * - `mulVartime`: left-to-right double-and-add on a public bigint (public scalars, subgroup checks).
 * @module
 */
import type { ScalarDigits } from "../../scalar/decompose.ts";
import type { Projective } from "./projective.ts";
import { equalStep, wasmSelector } from "./wasm_select.ts";

/** Table entries of the fixed window. */
export const WINDOW_ENTRIES = 16;

/**
 * out ← table[d] for a secret digit d ∈ [0, 16): every entry is read and combined with a mask
 * (d is never an index). `table` holds the point slots of the entries. On a wasm kernel the lookup is
 * one wasm call (straight-line, proven by tests/curves/group/wasm_select.test.ts); elsewhere 16 `law.cmov`.
 */
export function selectPoint<V>(law: Projective<V>, out: number, table: ArrayLike<number>, d: number): void {
  // wasm: one call that reads all 16 entries in wasm (curves/group/wasm_select.ts), when the entries are
  // equally spaced (public addresses; true of every table here). The JS path below is the fallback.
  const w = wasmSelector(law.F.kernel, 3 * law.n, WINDOW_ENTRIES);
  if (w !== null) {
    const step = equalStep(table, WINDOW_ENTRIES);
    if (step >= 0) {
      const S = w.stride;
      w.select(out * S, table[0] * S, step * S, d);
      return;
    }
  }
  law.setZero(out);
  for (let i = 0; i < WINDOW_ENTRIES; i++) {
    const flag = ((i ^ d) - 1) >>> 31; // 1 iff i = d
    law.cmov(out, table[i], flag);
  }
}

/**
 * out ← table[d] for a secret digit d ∈ [0, table.length), table.length = 16·2^j: `selectPoint` for 16
 * entries. For more, on a wasm kernel: one 16-entry wasm lookup per block of 16 with digit d ⊕ 16·b
 * (in [0, 16) for d's block only, ≥ 16 elsewhere: that lookup returns all-zero coordinates), the
 * blocks summed coordinate-wise into out (3 field additions per block; every block is read). Else a
 * masked scan of every entry. `tmp` is one scratch point. Constant-time in d.
 */
export function selectWindow<V>(
  law: Projective<V>,
  out: number,
  table: readonly number[],
  d: number,
  tmp: number,
): void {
  const count = table.length;
  if (count === WINDOW_ENTRIES) return selectPoint(law, out, table, d);
  const w = wasmSelector(law.F.kernel, 3 * law.n, WINDOW_ENTRIES);
  if (w !== null && equalStep(table, count) >= 0) {
    const F = law.F, n = law.n, S = w.stride, step = (table[1] - table[0]) * S;
    w.select(out * S, table[0] * S, step, d);
    for (let b = WINDOW_ENTRIES; b < count; b += WINDOW_ENTRIES) {
      w.select(tmp * S, table[b] * S, step, d ^ b);
      for (let c = 0; c < 3; c++) F.add(out + c * n, out + c * n, tmp + c * n);
    }
    return;
  }
  law.setZero(out);
  for (let i = 0; i < count; i++) law.cmov(out, table[i], ((i ^ d) - 1) >>> 31);
}

/** Scratch of the constant-time loop: the table, the accumulator and the selected entry. */
export class WindowScratch<V> {
  readonly law: Projective<V>;
  /** Window width w in bits (4 or 5; the table has 2^w entries). */
  readonly window: number;
  /** Slots of T[0…2^w − 1]. */
  readonly table: readonly number[];
  readonly acc: number;
  readonly sel: number;
  /** Scratch point of {@linkcode selectWindow}. */
  readonly tmp: number;
  private readonly first: number;
  private readonly points: number;

  /** Reserves 2^w + 3 points in the law's arena (w = `window`, 4 by default). */
  constructor(law: Projective<V>, window = 4) {
    if (window !== 4 && window !== 5) throw new Error("WindowScratch: window 4 or 5");
    this.law = law;
    this.window = window;
    const entries = 1 << window;
    this.points = entries + 3;
    this.first = law.alloc(this.points);
    const size = 3 * law.n;
    this.table = Array.from({ length: entries }, (_, i) => this.first + i * size);
    this.acc = this.first + entries * size;
    this.sel = this.acc + size;
    this.tmp = this.sel + size;
  }

  /** Zeroes the table, the accumulator, the selection and the law's scratch. */
  wipe(): void {
    this.law.F.wipe(this.first, 3 * this.points);
    this.law.wipeScratch();
  }
}

/**
 * out ← k·p, constant-time in k and p. `limbs`: k as 16-bit little-endian limbs (reduced: see
 * scalar/reduce.ts); `bits`: the public bit length of the modulus (the loop runs ⌈bits/w⌉ digits of
 * w = `s.window` bits).
 */
export function mulCt<V>(s: WindowScratch<V>, out: number, p: number, limbs: Int32Array, bits: number): void {
  const law = s.law, T = s.table, acc = s.acc, sel = s.sel, w = s.window, entries = T.length;
  law.setZero(T[0]);
  law.copy(T[1], p);
  for (let i = 2; i < entries; i++) {
    if (i & 1) law.add(T[i], T[i - 1], p);
    else law.dbl(T[i], T[i >> 1]);
  }
  const digits = Math.ceil(bits / w), mask = entries - 1;
  law.setZero(acc);
  for (let i = digits - 1; i >= 0; i--) {
    if (i !== digits - 1) { // public loop position
      for (let j = 0; j < w; j++) law.dbl(acc, acc);
    }
    // The digit's bits [w·i, w·i + w) from at most two limbs (public positions).
    const at = w * i, limb = at >> 4;
    const pair = limbs[limb] | (limb + 1 < limbs.length ? limbs[limb + 1] << 16 : 0);
    const d = (pair >>> (at & 15)) & mask;
    selectWindow(law, sel, T, d, s.tmp);
    law.add(acc, acc, sel);
  }
  law.copy(out, acc);
  s.wipe();
}

/**
 * What the endomorphism loop needs of a group: digits of k in "base" B (k ≡ Σ dᵢ·Bⁱ mod r), and
 * P ↦ B·P by an endomorphism. B is an integer (BLS12-381: |x| or x², digits 0 ≤ dᵢ < B) or the
 * eigenvalue λ itself (BN254: signed sub-scalars of a lattice decomposition).
 */
export interface EndoSplit {
  /** k ≡ Σ dᵢ·Bⁱ (constant-time: scalar/decompose.ts, scalar/lattice.ts). */
  readonly digits: ScalarDigits;
  /** out ← B·p (a few field multiplications: ±φ or ±ψ). out may be p. Constant-time. */
  mulByBase(out: number, p: number): void;
}

/** Scratch of `mulEndoCt`: m tables of 16 points, the accumulator, the selected entry, the digits and signs. */
export class EndoScratch<V> {
  readonly law: Projective<V>;
  readonly split: EndoSplit;
  /** tables[j][i] = i·B^j·P. */
  readonly tables: readonly (readonly number[])[];
  readonly acc: number;
  readonly sel: number;
  /** The digits' limbs (magnitudes). */
  readonly d: Int32Array;
  /** The digits' signs (1: negative), when the decomposition is signed. */
  readonly signs: Int32Array;
  private readonly first: number;
  private readonly points: number;

  /** Reserves 16·m + 2 points in the law's arena. */
  constructor(law: Projective<V>, split: EndoSplit) {
    this.law = law;
    this.split = split;
    const m = split.digits.count, size = 3 * law.n;
    this.points = WINDOW_ENTRIES * m + 2;
    this.first = law.alloc(this.points);
    this.tables = Array.from(
      { length: m },
      (_, j) =>
        Array.from({ length: WINDOW_ENTRIES }, (_, i) => this.first + (j * WINDOW_ENTRIES + i) * size),
    );
    this.acc = this.first + WINDOW_ENTRIES * m * size;
    this.sel = this.acc + size;
    this.d = new Int32Array(m * split.digits.digitLimbs);
    this.signs = new Int32Array(m);
  }

  /** Zeroes the tables, the accumulator, the selection, the digits and the law's scratch. */
  wipe(): void {
    this.law.F.wipe(this.first, 3 * this.points);
    this.d.fill(0);
    this.signs.fill(0);
    this.law.wipeScratch();
  }
}

/**
 * out ← k·p, constant-time in k and p, with an endomorphism: k ≡ Σ dᵢ·Bⁱ (m digits, e.g. m = 4
 * digits of 64 bits for BLS12-381 G2, m = 2 of 128 bits for G1) and Bⁱ·P computed by the
 * endomorphism, so k·P = Σ dᵢ·(Bⁱ·P) is a multi-scalar multiplication with m times shorter scalars
 * (Gallant–Lambert–Vanstone, Crypto 2001; Galbraith–Lin–Scott, Eurocrypt 2009).
 *
 * Loop: an interleaved fixed window of 4 bits (Straus's interleaving, one table per sub-scalar). The
 * table of P, T₀[i] = i·P (7 doublings, 7 additions), is mapped by the endomorphism to the others,
 * T_j[i] = B·T_{j−1}[i] (15 maps per table); then for each of the ⌈bits(B − 1)/4⌉ nibble positions,
 * from the top: 4 doublings, and for each sub-scalar one lookup that reads all 16 entries with masks
 * (`selectPoint`) and one complete addition. T[0] = O is absorbed by the complete formulas. Signed
 * decompositions (BN254) give |dᵢ| and a sign bit sᵢ: dᵢ·Q = |dᵢ|·(−1)^sᵢ·Q, so after the
 * decomposition every entry of table i is conditionally negated by sᵢ (`condNeg`: a negation and a
 * masked move, 15 per table). Every count is public.
 *
 * Cost for BLS12-381 G2 (m = 4, 16 nibbles): 67 doublings + 71 additions + 45 ψ (2M each, Fp2),
 * against `mulCt`'s 259 doublings + 71 additions (constantine's GLS with GLV-SAC recoding of
 * Faz-Hernández–Longa–Sánchez, ePrint 2013/158, needs 65 doublings + 65 additions + 7 for its
 * table: about the same). G1 (m = 2, 32 nibbles): 131 doublings + 71 additions + 15 φ (1M each).
 * BN254 (sub-scalars of 65 and 127 bits): G2 71 doublings + 75 additions + 45 ψ + 60 conditional
 * negations against 259 + 78 for `mulCt`; G1 131 doublings + 71 additions + 15 φ + 30 negations.
 * `limbs`: k reduced mod r as from `ScalarReducer.reduce`.
 */
export function mulEndoCt<V>(s: EndoScratch<V>, out: number, p: number, limbs: Int32Array): void {
  const law = s.law, T = s.tables, acc = s.acc, sel = s.sel, d = s.d, split = s.split;
  const m = T.length, L = split.digits.digitLimbs;
  const T0 = T[0];
  law.setZero(T0[0]);
  law.copy(T0[1], p);
  for (let i = 2; i < WINDOW_ENTRIES; i++) {
    if (i & 1) law.add(T0[i], T0[i - 1], p);
    else law.dbl(T0[i], T0[i >> 1]);
  }
  for (let j = 1; j < m; j++) {
    law.setZero(T[j][0]);
    for (let i = 1; i < WINDOW_ENTRIES; i++) split.mulByBase(T[j][i], T[j - 1][i]);
  }
  split.digits.decompose(d, limbs, s.signs);
  if (split.digits.signed) { // public: the kind of decomposition
    for (let j = 0; j < m; j++) {
      const neg = s.signs[j];
      for (let i = 1; i < WINDOW_ENTRIES; i++) law.condNeg(T[j][i], T[j][i], neg);
    }
  }
  const nibbles = Math.ceil(split.digits.digitBits / 4);
  law.setZero(acc);
  for (let i = nibbles - 1; i >= 0; i--) {
    if (i !== nibbles - 1) { // public loop position
      law.dbl(acc, acc);
      law.dbl(acc, acc);
      law.dbl(acc, acc);
      law.dbl(acc, acc);
    }
    const limb = i >> 2, shift = (i & 3) << 2;
    for (let j = 0; j < m; j++) {
      selectPoint(law, sel, T[j], (d[j * L + limb] >>> shift) & 15);
      law.add(acc, acc, sel);
    }
  }
  law.copy(out, acc);
  s.wipe();
}

/** out ← e·p for a public e ≥ 0: double-and-add, variable-time. `tmp` is one scratch point. */
export function mulVartime<V>(law: Projective<V>, out: number, p: number, e: bigint, tmp: number): void {
  law.copy(tmp, p);
  law.setZero(out);
  const bits = e.toString(2);
  for (let i = 0; i < bits.length; i++) {
    law.dbl(out, out);
    if (bits[i] === "1") law.add(out, out, tmp);
  }
}
