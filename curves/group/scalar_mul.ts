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
import { affineTableCt, affineTableScratch } from "./affine_multiples.ts";
import type { Projective } from "./projective.ts";
import { type JacExports, Jacobian } from "./jacobian.ts";
import { equalStep, wasmSelector } from "./wasm_select.ts";
import type { EndoStepExport } from "./wasm_endo_step.ts";

/** Table entries of the fixed window. */
export const WINDOW_ENTRIES = 16;

/**
 * out ← table[d] for a secret digit d, table.length ∈ {8, 16} entries: every entry is read and combined
 * with a mask (d is never an index; d outside [0, table.length) selects nothing: O on the JS path, all
 * zeros in wasm). `table` holds the point slots of the entries. On a wasm kernel the lookup is one wasm
 * call (straight-line, proven by tests/curves/group/wasm_select.test.ts); elsewhere one `law.cmov` per
 * entry.
 */
export function selectPoint<V>(law: Projective<V>, out: number, table: ArrayLike<number>, d: number): void {
  const count = table.length;
  // wasm: one call that reads all entries in wasm (curves/group/wasm_select.ts), when the entries are
  // equally spaced (public addresses; true of every table here). The JS path below is the fallback.
  const w = wasmSelector(law.F.kernel, 3 * law.n, count);
  if (w !== null) {
    const step = equalStep(table, count);
    if (step >= 0) {
      const S = w.stride;
      w.select(out * S, table[0] * S, step * S, d);
      return;
    }
  }
  law.setZero(out);
  for (let i = 0; i < count; i++) {
    const flag = ((i ^ d) - 1) >>> 31; // 1 iff i = d (for d ≥ 0)
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

/** T[i] ← i·p for every entry (16: 7 doublings, 7 additions; the order depends only on i). */
export function fillWindowTable<V>(law: Projective<V>, T: readonly number[], p: number): void {
  law.setZero(T[0]);
  law.copy(T[1], p);
  for (let i = 2; i < T.length; i++) {
    if (i & 1) law.add(T[i], T[i - 1], p); // public: the table position
    else law.dbl(T[i], T[i >> 1]);
  }
}

/** acc ← 16·acc. */
export function dbl4<V>(law: Projective<V>, acc: number): void {
  law.dbl(acc, acc);
  law.dbl(acc, acc);
  law.dbl(acc, acc);
  law.dbl(acc, acc);
}

/** The 4-bit digit i of a scalar in 16-bit little-endian limbs (shifts and masks: no branch). */
export function windowDigit(limbs: Int32Array, i: number): number {
  return (limbs[i >> 2] >>> ((i & 3) << 2)) & 15;
}

/**
 * out ← k·p, constant-time in k and p. `limbs`: k as 16-bit little-endian limbs (reduced: see
 * scalar/reduce.ts); `bits`: the public bit length of the modulus (the loop runs ⌈bits/w⌉ digits of
 * w = `s.window` bits).
 */
export function mulCt<V>(s: WindowScratch<V>, out: number, p: number, limbs: Int32Array, bits: number): void {
  const law = s.law, T = s.table, acc = s.acc, sel = s.sel, w = s.window, entries = T.length;
  fillWindowTable(law, T, p);
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
  /** mulByBase = sign·e for the endomorphism e (φ or ψ). */
  readonly sign: 1 | -1;
}

/** Signed window widths of the endomorphism loop: tables of 2^(w−1) entries, 1·Q … 2^(w−1)·Q. */
export type EndoWindow = 4 | 5;

/**
 * The formulas of the endomorphism loop over its affine tables: Jacobian doublings and mixed additions
 * (jacobian.ts), or the complete projective doubling and mixed addition (projective.ts, Algorithms 9
 * and 8). A public per-group choice, measured (bench/endo_ratio.ts).
 */
export type EndoFormulas = "jacobian" | "projective";

/** Entries of each endomorphism table for window w: magnitudes 1 … 2^(w−1) of the signed digits. */
export const endoEntries = (w: EndoWindow): number => 1 << (w - 1);

/** Entries of each table with the default window 4 (1·Q … 8·Q). */
export const ENDO_ENTRIES: number = endoEntries(4);

/**
 * Scratch of `mulEndoCt`: m tables of 2^(w−1) points, the accumulator, the selected entry, the digits
 * and signs.
 */
export class EndoScratch<V> {
  readonly law: Projective<V>;
  readonly split: EndoSplit;
  /** Signed window width w (public, per group): digits in [−2^(w−1), 2^(w−1)]. */
  readonly window: EndoWindow;
  /** Entries per table, 2^(w−1). */
  readonly entries: number;
  /** tables[j][i] = (i + 1)·B^j·P. */
  readonly tables: readonly (readonly number[])[];
  readonly acc: number;
  readonly sel: number;
  /** The digits' limbs (magnitudes). */
  readonly d: Int32Array;
  /** The digits' signs (1: negative), when the decomposition is signed. */
  readonly signs: Int32Array;
  /** The element 1 and one scratch element. */
  private readonly one: number;
  readonly tmp: number;
  /**
   * The Jacobian loop (tables normalised to Z = 1 with one inversion, mixed additions, Jacobian
   * doublings), or null: projective formulas. A public per-group choice.
   */
  readonly jac: Jacobian<V> | null;
  /**
   * The projective loop over tables normalised to Z = 1: complete doublings and mixed additions
   * (Algorithm 8), each addition's result kept only when its digit is not 0 (a masked move: q = O is no
   * input of Algorithm 8), and O for P = O by a masked move at the end. False with `jac`, and for the
   * complete projective loop (unnormalised tables, complete additions).
   */
  readonly mixed: boolean;
  /** The compiled loop position (wasm_endo_step.ts) of the affine-table loop, or null: one call per operation. */
  readonly step: EndoStepExport | null;
  /** The compiled ψ tables (wasm_endo_step.ts `psi_tables`) and the slot of their constants, or null. */
  private readonly tableFill: {
    readonly fill: (T: number, c: number, t: number) => void;
    readonly constants: number;
  } | null;
  /** The digits of one position for the compiled step: (|e| − 1 mod 2^w, sign) per sub-scalar. */
  private readonly stepDigits: Int32Array;
  /** Scratch of the affine table (prefix products: one element per entry) and the element 0. */
  private readonly prefix: number;
  private readonly first: number;
  private readonly points: number;

  /**
   * Reserves E·m + 2 points and E + 3 elements in the law's arena (E = 2^(w−1) entries, w = `window`).
   * `jacobian`: run the loop over affine tables, with Jacobian formulas (compiled ones if given), or
   * with `formulas: "projective"` the projective mixed loop (the law's formulas); a compiled step of
   * other formulas, window or m is not used. null: the complete projective loop.
   */
  constructor(
    law: Projective<V>,
    split: EndoSplit,
    jacobian: {
      compiled: JacExports | null;
      formulas?: EndoFormulas;
      step?: EndoStepExport | null;
      tables?:
        | { readonly fill: (T: number, c: number, t: number) => void; readonly constants: number }
        | null;
    } | null = null,
    window: EndoWindow = 4,
  ) {
    this.law = law;
    this.split = split;
    this.window = window;
    const m = split.digits.count, size = 3 * law.n, E = endoEntries(window);
    this.entries = E;
    this.points = E * m + 2;
    this.first = law.alloc(this.points);
    this.tables = Array.from(
      { length: m },
      (_, j) => Array.from({ length: E }, (_, i) => this.first + (j * E + i) * size),
    );
    this.acc = this.first + E * m * size;
    this.sel = this.acc + size;
    this.d = new Int32Array(m * split.digits.digitLimbs);
    this.signs = new Int32Array(m);
    this.one = law.F.alloc(2);
    this.tmp = this.one + law.n;
    law.F.setOne(this.one);
    this.prefix = law.F.alloc(E + 1);
    law.F.setZero(this.prefix + E * law.n);
    const formulas = jacobian?.formulas ?? "jacobian";
    this.mixed = jacobian !== null && formulas === "projective";
    this.jac = jacobian === null || this.mixed ? null : new Jacobian(law.F, jacobian.compiled);
    const step = jacobian?.step ?? null;
    const fits = step !== null && step.m === m && step.window === window && (m === 2 || m === 4) &&
      step.formulas === formulas;
    this.step = fits && (this.mixed ? law.compiled : this.jac?.compiled) ? step : null;
    this.stepDigits = new Int32Array(2 * m);
    this.tableFill = this.step !== null && m === 4 ? jacobian?.tables ?? null : null;
  }

  /**
   * Tables 1 … m − 1 from table 0 (T_j[i] = B·T_{j−1}[i]): one compiled call where the group has one
   * (G2: ψ and ψ², wasm_endo_step.ts), else 8 maps per table.
   */
  fillTables(): void {
    const T = this.tables, W = this.tableFill;
    if (W !== null) {
      const S = this.step!.stride;
      W.fill(T[0][0] * S, W.constants * S, this.tmp * S); // tmp: one element of scratch
      return;
    }
    for (let j = 1; j < T.length; j++) {
      for (let i = 0; i < this.entries; i++) this.split.mulByBase(T[j][i], T[j - 1][i]);
    }
  }

  /**
   * One loop position but the first through the compiled step: the digits of position i (public) are
   * recoded as in `mulEndoCt` and passed as i32 arguments; the lookups, masks and formulas run in wasm.
   */
  compiledPosition(i: number, first: boolean): void {
    const W = this.step!, S = W.stride, d = this.stepDigits, L = this.split.digits.digitLimbs;
    const signed = this.split.digits.signed; // public: the kind of decomposition
    const w = this.window, mask = 2 * this.entries - 1;
    for (let j = 0; j < d.length >> 1; j++) {
      const u = boothWindow(this.d, j * L, L, i, w);
      d[2 * j] = (boothMagnitude(u, w) + mask) & mask;
      d[2 * j + 1] = (u >>> w) ^ (signed ? this.signs[j] : 0);
    }
    const acc = this.acc * S, T = this.tables[0][0] * S, sel = this.sel * S;
    const one = this.one * S, tmp = this.tmp * S, f = first ? W.first : W.step; // public: the position
    if (this.mixed) { // public: the group's formulas; the law's scratch and 3b
      const t = this.law.scratch * S, b3 = this.law.b3 * S;
      if (d.length === 4) f(acc, T, sel, t, one, tmp, b3, d[0], d[1], d[2], d[3]); // public: m
      else f(acc, T, sel, t, one, tmp, b3, d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]);
      return;
    }
    const t = this.jac!.scratch * S;
    if (d.length === 4) f(acc, T, sel, t, one, tmp, d[0], d[1], d[2], d[3]); // public: m
    else f(acc, T, sel, t, one, tmp, d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]);
  }

  /** The slot of the element 0. */
  get zeroSlot(): number {
    return this.prefix + this.entries * this.law.n;
  }

  /**
   * T₀ ← the multiples 1·P … E·P with Z = 1 (every entry O when P = O), by the affine ladder of
   * affine_multiples.ts (log₂E inversions): one call of the compiled `affine_table` where the step is
   * compiled, else one per field operation.
   */
  affineT0(p: number): void {
    const T = this.tables[0], W = this.step?.affineTable ?? null;
    if (W !== null) { // public: the group's module
      const S = this.step!.stride;
      W(T[0] * S, p * S, this.prefix * S, this.zeroSlot * S);
    } else affineTableCt(this.law.F, T, p, this.prefix, this.zeroSlot);
    this.law.F.wipe(this.prefix, affineTableScratch(this.entries) + 1); // + the compiled inversion's
  }

  /** The slot of the element 1. */
  get oneSlot(): number {
    return this.one;
  }

  /** Zeroes the tables, the accumulator, the selection, the digits and the law's scratch. */
  wipe(): void {
    this.law.F.wipe(this.first, 3 * this.points);
    this.law.F.wipe(this.tmp, 1);
    this.jac?.wipeScratch();
    this.d.fill(0);
    this.signs.fill(0);
    this.stepDigits.fill(0);
    this.law.wipeScratch();
  }
}

/**
 * |e| ∈ [0, 2^(w−1)] of the Booth digit e = ⌊(u + 1)/2⌋ − 2^w·⌊u/2^w⌋ of a (w + 1)-bit window u (its
 * sign is u >>> w). Arithmetic only: no branch on u.
 */
export function boothMagnitude(u: number, w: EndoWindow): number {
  const t = (u + 1) >>> 1;
  return t + (u >>> w) * ((1 << w) - 2 * t);
}

/**
 * Booth window of sub-scalar j at digit position i: bits [w·i − 1, w·i + w) of its magnitude (bit −1
 * and bits past the top are 0), as a (w + 1)-bit u. Public positions, secret values; no branch on them.
 */
export function boothWindow(d: Int32Array, base: number, L: number, i: number, w: EndoWindow): number {
  const mask = (2 << w) - 1;
  if (i === 0) return (d[base] << 1) & mask; // public position
  const a = w * i - 1, limb = a >> 4;
  const lo = limb < L ? d[base + limb] : 0, hi = limb + 1 < L ? d[base + limb + 1] : 0; // public bounds
  return ((lo | (hi << 16)) >>> (a & 15)) & mask;
}

/**
 * out ← k·p, constant-time in k and p, with an endomorphism: k ≡ Σ dᵢ·Bⁱ (m digits, e.g. m = 4
 * digits of 64 bits for BLS12-381 G2, m = 2 of 128 bits for G1) and Bⁱ·P computed by the
 * endomorphism, so k·P = Σ dᵢ·(Bⁱ·P) is a multi-scalar multiplication with m times shorter scalars
 * (Gallant–Lambert–Vanstone, Crypto 2001; Galbraith–Lin–Scott, Eurocrypt 2009).
 *
 * Loop: an interleaved fixed window of signed w-bit digits (Straus's interleaving, one table per
 * sub-scalar; w = `s.window`, 4 or 5, the group's choice). Each sub-scalar's magnitude is Booth-recoded
 * (A. D. Booth, 1951; the signed window of blst's `ec_mult.h`): digit e = ⌊(u + 1)/2⌋ − 2^w·⌊u/2^w⌋
 * ∈ [−2^(w−1), 2^(w−1)] from the (w + 1)-bit window u of bits [w·i − 1, w·i + w), so ⌈(bits + 1)/w⌉
 * digits. The tables hold E = 2^(w−1) entries 1·Q … E·Q, half of the unsigned window's: T₀[i] =
 * (i + 1)·P (E/2 doublings, E/2 − 1 additions), T_j[i] = B·T_{j−1}[i] (E maps per table). Per digit
 * and sub-scalar: a lookup of |e| − 1 that reads all E entries with masks (`selectPoint`; |e| = 0
 * selects nothing, and a masked move of Y makes it O), a conditional negation of Y by the digit's sign
 * XOR the sub-scalar's sign (signed decompositions, BN254: dᵢ·Q = |dᵢ|·(−1)^sᵢ·Q), and one addition;
 * w doublings between positions. Every count is public.
 *
 * Formulas (the group's public choice, endomorphism.ts `formulas`): where T₀ is affine (Z = 1, built by
 * the ladder of batched affine additions, `affineT0`: log₂E inversions), the additions are mixed: Jacobian (`s.jac`: 8M + 4S with the masks
 * of every case, and Jacobian doublings, 3M + 4S), or projective (`s.mixed`: Algorithm 8, 11M + 2m_3b,
 * and the complete doubling, 6M + 2S + 1m_3b), where a digit 0 selects O, which Algorithm 8 does not
 * take: its sum is computed and dropped by a masked move, and P = O (every entry O) gives O by one
 * at the end. Otherwise the complete projective formulas throughout. Over Fp2 of BLS12-381, whose
 * squaring costs about 0.85 of a product there, the projective pair won: in-wasm 4.5–4.9 µs per mixed
 * addition against 5.8–5.9 (Jacobian) and 3.9–4.1 per doubling against 3.4–3.5, so 37.2–39.8 against
 * 40.2–41.2 µs per position of 5 doublings and 4 additions (bench/field/point_formulas.ts, two runs).
 *
 * Cost for BLS12-381 G2 (m = 4, 64-bit digits), w = 4: 17 positions, 64 doublings + 67 additions, T₀
 * 4 + 3, 24 ψ (2M each, Fp2), 68 8-entry lookups; w = 5 (its window): 13 positions, 60 doublings +
 * 51 additions, T₀ 8 + 7, 48 ψ, 52 16-entry lookups; against `mulCt`'s 259 doublings + 71 additions
 * with 16-entry lookups (constantine's GLS with GLV-SAC recoding of Faz-Hernández–Longa–Sánchez, ePrint
 * 2013/158, needs 65 doublings + 65 additions + 7 for its table). BLS12-381 G1 (m = 2, 129-bit
 * digits), w = 4: 33 positions, 128 doublings + 65 additions + T₀ 4 + 3 + 8 φ (1M each); w = 5 (its
 * window): 26 positions, 125 doublings + 51 additions, T₀ 16 entries, 16 φ. BN254 (sub-scalars of 65 and 127 bits, w = 4):
 * G2 64 doublings + 67 additions + 24 ψ; G1 128 doublings + 63 additions + 8 φ. (T₀'s doublings and
 * additions are those of the complete loop; the affine-table loops build T₀ by affine_multiples.ts's
 * ladder instead: log₂E inversions and about 5M + 1S per entry.)
 * `limbs`: k reduced mod r as from `ScalarReducer.reduce`.
 */
export function mulEndoCt<V>(s: EndoScratch<V>, out: number, p: number, limbs: Int32Array): void {
  const law = s.law, F = law.F, n = law.n, T = s.tables, acc = s.acc, sel = s.sel, d = s.d, split = s.split;
  const m = T.length, L = split.digits.digitLimbs, one = s.oneSlot, tmp = s.tmp;
  const T0 = T[0], J = s.jac, w = s.window, E = s.entries, mixed = s.mixed;
  const pInf = law.isZero(p);
  if (J !== null || mixed) s.affineT0(p); // public: the group's choice of loop
  else {
    law.copy(T0[0], p);
    for (let i = 1; i < E; i++) { // T0[i] = (i + 1)·P
      if (i & 1) law.dbl(T0[i], T0[i >> 1]); // (i + 1) even: 2·((i + 1)/2)·P
      else law.add(T0[i], T0[i - 1], p);
    }
  }
  s.fillTables();
  split.digits.decompose(d, limbs, s.signs);
  const signed = split.digits.signed; // public: the kind of decomposition
  const digits = Math.ceil((split.digits.digitBits + 1) / w);
  for (let i = digits - 1; i >= 0; i--) {
    if (s.step !== null) { // public: the group's loop
      s.compiledPosition(i, i === digits - 1);
      continue;
    }
    if (i !== digits - 1) { // public loop position
      for (let r = 0; r < w; r++) J !== null ? J.dbl(acc, acc) : law.dbl(acc, acc);
    }
    for (let j = 0; j < m; j++) {
      const u = boothWindow(d, j * L, L, i, w);
      const neg = u >>> w, mag = boothMagnitude(u, w), zero = ((mag - 1) >>> 31) & 1; // zero: |e| = 0
      selectPoint(law, sel, T[j], (mag + 2 * E - 1) & (2 * E - 1)); // entry |e| − 1; |e| = 0 → 2E − 1: none
      F.cmov(sel + n, one, zero); // |e| = 0: Y ← 1, so sel = (0 : 1 : 0) = O
      F.neg(tmp, sel + n);
      F.cmov(sel + n, tmp, neg ^ (signed ? s.signs[j] : 0)); // the digit's sign, and the sub-scalar's
      if (i === digits - 1 && j === 0) law.copy(acc, sel); // public: the first term
      else if (J !== null) J.madd(acc, acc, sel); // sel: Z = 1, or Z = 0 for O
      else if (mixed) { // sel = O is no input of Algorithm 8: its sum is dropped by a masked move
        law.madd(sel, acc, sel);
        law.cmov(acc, sel, zero ^ 1);
      } else law.add(acc, acc, sel);
    }
  }
  if (J !== null) J.toProjective(out, acc);
  else law.copy(out, acc);
  if (mixed) { // P = O: every table entry had Z = 0 (no input of Algorithm 8); the result is O
    law.setZero(sel);
    law.cmov(out, sel, pInf);
  }
  s.wipe();
}

/**
 * out ← e·p for a public e ≥ 0: double-and-add, variable-time. `tmp` is one scratch point; out may be
 * p. With `jac` (the group's Jacobian formulas), the loop runs in Jacobian coordinates: a doubling
 * costs 3M + 4S instead of the complete projective 6M + 2S + 1m_3b (fewer products and linear steps)
 * and an addition 12M + 5S instead of 12M + 2m_3b, or 8M + 4S (mixed) when p has Z = 1 (decoded
 * points: subgroup checks, batch-verification weights); the formulas handle every case (jacobian.ts),
 * and two conversions (2M + 1S each) frame the loop.
 */
export function mulVartime<V>(
  law: Projective<V>,
  out: number,
  p: number,
  e: bigint,
  tmp: number,
  jac?: Jacobian<V>,
): void {
  if (jac !== undefined && e > 0n) {
    jac.fromProjective(tmp, p);
    law.copy(out, tmp); // the leading bit
    const bits = e.toString(2), affine = jac.isAffineVartime(tmp); // public: decoded points have Z = 1
    for (let i = 1; i < bits.length; i++) {
      jac.dbl(out, out);
      if (bits[i] === "1") affine ? jac.madd(out, out, tmp) : jac.add(out, out, tmp);
    }
    jac.toProjective(out, out);
    return;
  }
  law.copy(tmp, p);
  law.setZero(out);
  const bits = e.toString(2);
  for (let i = 0; i < bits.length; i++) {
    law.dbl(out, out);
    if (bits[i] === "1") law.add(out, out, tmp);
  }
}
