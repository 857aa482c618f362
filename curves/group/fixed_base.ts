/**
 * Constant-time fixed-base scalar multiplication k·G for a group's generator G, with a table built
 * once, on first use, from G itself.
 *
 * Method: signed fixed windows of w bits with one precomputed row per window (the "fixed-base
 * windowing" of Brickell–Gordon–McCurley–Wilson, Eurocrypt 1992, with signed digits as in
 * Hankerson–Menezes–Vanstone, "Guide to ECC", §3.3.2). k mod r (< 2^bits) is recoded as
 * k = Σ dᵢ·2^(w·i), dᵢ ∈ [−2^(w−1), 2^(w−1)) for i < n − 1 and 0 ≤ d_(n−1) ≤ 2^(w−1), with
 * n = ⌊bits/w⌋ + 1 windows (so the top window holds at most w − 1 bits plus the carry). Row i holds
 * j·2^(w·i)·G for j = 1…2^(w−1), so k·G = Σ sign(dᵢ)·Tᵢ[|dᵢ|]: n − 1 complete additions, no doubling.
 * Each lookup reads every entry of its row and keeps one with masks (`selectRow`), then negates it
 * with a mask (`condNeg`) for a negative digit. The digits are recoded on the fly from the bottom
 * (carry cᵢ₊₁ = [vᵢ ≥ 2^(w−1)] for vᵢ = windowᵢ + cᵢ: arithmetic, no branch).
 *
 * The table is public (multiples of the generator): it is built with variable-time code and stored
 * in affine coordinates (x, y), two elements per entry instead of three, so a lookup moves two
 * elements per entry; Z of the selection is set to 1 by a mask unless the digit is 0 (then the
 * selection stays (0 : 1 : 0)). Build: n·2^(w−1) additions or doublings and one batch inversion
 * (Montgomery's trick). Online cost: n − 1 additions (12M each) + n·2^(w−1)·2 masked moves +
 * n conditional negations.
 *
 * Window (measured on wasm, G1 and G2 of both curves: w = 5 beats 4 and 6 for G1; for G2 w = 5 is
 * ≈ 10% faster than 4 but 60% bigger): G1 w = 5, G2 w = 4. Table + scratch = 2·entries + 7
 * coordinate elements (48 bytes per Fp on wasm for BLS12-381, 32 for BN254; 24-bit limbs in doubles,
 * ≈ 128 and 88 bytes, on the TypeScript backend):
 *
 * ```
 * group             w  rows × entries   wasm      ts         build (wasm, ts)
 * BLS12-381 G1      5  52 × 16 = 832    78 KiB    ≈ 209 KiB   ≈ 2 ms, 8 ms
 * BLS12-381 G2      4  64 × 8  = 512    97 KiB    ≈ 258 KiB   ≈ 5 ms, 11 ms
 * BN254 G1          5  51 × 16 = 816    51 KiB    ≈ 141 KiB   ≈ 1 ms, 3 ms
 * BN254 G2          4  64 × 8  = 512    64 KiB    ≈ 177 KiB   ≈ 2 ms, 7 ms
 * ```
 * @module
 */
import type { GroupImpl } from "./group.ts";
import type { Projective } from "./projective.ts";
import { equalStep, wasmSelector } from "./wasm_select.ts";

/**
 * out ← (x, y, 1) of row entry d (1 ≤ d ≤ row.length), or O = (0 : 1 : 0) for d = 0, for a secret
 * d ∈ [0, row.length]: every entry is read and combined with a mask (d is never an index). `row[j]`
 * is the slot of the affine (x, y) of entry j + 1; `one` is a slot holding the field's 1. On a wasm
 * kernel the scan is one wasm call (curves/group/wasm_select.ts) and three calls set Y and Z.
 */
export function selectRow<V>(
  law: Projective<V>,
  out: number,
  row: ArrayLike<number>,
  d: number,
  one: number,
): void {
  const F = law.F, n = law.n;
  // wasm: (x, y) of entry d − 1 (0 for d = 0) in one call (curves/group/wasm_select.ts), then Y = 1 for
  // d = 0 and Z = [d ≠ 0] with two masked moves. The JS path below is the fallback.
  const w = wasmSelector(F.kernel, 2 * n, row.length);
  if (w !== null) {
    const step = equalStep(row, row.length);
    if (step >= 0) {
      const S = w.stride, zero = (d - 1) >>> 31; // 1 iff d = 0 (d ≥ 0)
      w.select(out * S, row[0] * S, step * S, d - 1);
      F.setZero(out + 2 * n);
      F.cmov(out + n, one, zero);
      F.cmov(out + 2 * n, one, 1 - zero);
      return;
    }
  }
  law.setZero(out);
  for (let j = 0; j < row.length; j++) {
    const flag = (((j + 1) ^ d) - 1) >>> 31; // 1 iff j + 1 = d
    F.cmov(out, row[j], flag);
    F.cmov(out + n, row[j] + n, flag);
  }
  F.cmov(out + 2 * n, one, 1 - ((d - 1) >>> 31)); // Z = 1 unless d = 0
}

/** The precomputed rows of one group's generator and the scratch of the online phase. */
export class FixedBaseTable<V> {
  readonly law: Projective<V>;
  /** Window width in bits. */
  readonly w: number;
  /** Bit length of r (public). */
  readonly bits: number;
  /** rows[i][j]: slot of the affine (x, y) of (j + 1)·2^(w·i)·G. */
  readonly rows: readonly (readonly number[])[];
  /** Scratch points: the accumulator and the selected entry; the slot of 1. */
  readonly acc: number;
  readonly sel: number;
  readonly one: number;
  /** Elements reserved in the arena (table and scratch). */
  readonly elements: number;

  /**
   * Builds the rows for the point in slot `base` (public; variable-time code on public data).
   * `bits`: the bit length of the group order; `w`: the window (2 ≤ w ≤ 8).
   */
  constructor(law: Projective<V>, base: number, bits: number, w: number) {
    if (!(w >= 2 && w <= 8)) throw new Error(`fixed-base window ${w} out of range`);
    this.law = law;
    this.w = w;
    this.bits = bits;
    const F = law.F, n = law.n, h = 1 << (w - 1), count = Math.floor(bits / w) + 1;
    const entries = count * h;
    const first = F.alloc(2 * entries + 7);
    this.elements = 2 * entries + 7;
    this.rows = Array.from(
      { length: count },
      (_, i) => Array.from({ length: h }, (_, j) => first + 2 * n * (i * h + j)),
    );
    this.acc = first + 2 * n * entries;
    this.sel = this.acc + 3 * n;
    this.one = this.sel + 3 * n;
    F.setOne(this.one);
    // Projective entries in a temporary region of the same arena would be kept forever (the arena
    // never shrinks): build row by row instead, through one projective row of scratch.
    const proj = law.alloc(h + 1), P = (j: number) => proj + 3 * n * j, B = P(h);
    const zinv = F.alloc(h + 1), acc = F.alloc(1);
    law.copy(B, base);
    for (let i = 0; i < count; i++) {
      law.copy(P(0), B);
      for (let j = 1; j < h; j++) {
        if ((j & 1) === 1) law.dbl(P(j), P(j >> 1)); // (j + 1) even: 2·((j + 1)/2)·B
        else law.add(P(j), P(j - 1), B);
      }
      law.dbl(B, P(h - 1)); // 2^w·B for the next row
      // Batch inversion of the h Z's (Montgomery's trick: 3(h − 1)M + 1I), public data.
      F.copy(zinv, P(0) + 2 * n);
      for (let j = 1; j < h; j++) F.mul(zinv + n * j, zinv + n * (j - 1), P(j) + 2 * n);
      F.invVartime(acc, zinv + n * (h - 1));
      for (let j = h - 1; j >= 0; j--) {
        const out = this.rows[i][j];
        if (j > 0) F.mul(zinv + n * j, acc, zinv + n * (j - 1)); // 1/Z_j
        else F.copy(zinv, acc);
        if (j > 0) F.mul(acc, acc, P(j) + 2 * n);
        F.mul(out, P(j), zinv + n * j);
        F.mul(out + n, P(j) + n, zinv + n * j);
      }
    }
    F.wipe(proj, 3 * (h + 1));
    F.wipe(zinv, h + 2);
    law.wipeScratch();
  }

  /**
   * out ← k·G, constant-time in k. `limbs`: k reduced mod r as 16-bit little-endian limbs
   * (`ScalarReducer.reduce`). Every count and index is public; the digits live in locals only.
   */
  mul(out: number, limbs: Int32Array): void {
    const law = this.law, rows = this.rows, acc = this.acc, sel = this.sel, one = this.one, w = this.w;
    const mask = (1 << w) - 1, half = 1 << (w - 1), count = rows.length;
    let carry = 0;
    for (let i = 0; i < count; i++) {
      const p = w * i, l = p >> 4; // public bit position
      const hi = l + 1 < limbs.length ? limbs[l + 1] : 0;
      const v = (((limbs[l] | (hi << 16)) >>> (p & 15)) & mask) + carry;
      // Last window: no carry out (v ≤ 2^(w−1) since bits ≤ w·count − 1), so the digit stays ≥ 0.
      carry = i === count - 1 ? 0 : (v + half) >>> w; // public i; carry = [v ≥ 2^(w−1)]
      const d = v - (carry << w); // in [−2^(w−1), 2^(w−1)]
      const neg = d >>> 31;
      const mag = (d ^ -neg) + neg;
      selectRow(law, sel, rows[i], mag, one);
      law.condNeg(sel, sel, neg);
      if (i === 0) law.copy(acc, sel); // public loop position
      else law.add(acc, acc, sel);
    }
    law.copy(out, acc);
    this.law.F.wipe(acc, 6);
    law.wipeScratch();
  }
}

/** Window width per group: G1 (Fp coordinates) w = 5, G2 (Fp2) w = 4 (see the module doc). */
export function fixedBaseWindow<V>(g: GroupImpl<V>): number {
  return g.law.n === 1 ? 5 : 4;
}
