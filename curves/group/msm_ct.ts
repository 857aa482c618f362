/**
 * Constant-time multi-scalar multiplication Σ kᵢ·Pᵢ for secret scalars (and secret points): Straus's
 * interleaving ("Addition chains of vectors", AMM 1964) with a fixed 4-bit window, as `mulCt` for
 * one point. Each point gets a table Tᵢ[j] = j·Pᵢ (j = 0…15: 7 doublings and 7 additions); then,
 * for each 4-bit digit position from the top, 4 doublings of the shared accumulator and, for every
 * point, a lookup that reads all 16 entries of Tᵢ and keeps one with masks (`selectPoint`) and one
 * complete addition. No digit is skipped (a zero digit adds Tᵢ[0] = O), the digits are read from the
 * reduced limbs with shifts and masks, and every loop bound is public (N, ⌈bits/4⌉).
 *
 * Cost for N points and a 255-bit r: 14N table operations, 252 doublings shared by all points,
 * 64N additions and 64N table scans: against N separate multiplications it saves the doublings (and
 * runs no endomorphism). Scratch: 16N points, grown geometrically and reused; wiped after each call.
 * @module
 */
import type { PointSlot, Projective } from "./projective.ts";
import { dbl4, fillWindowTable, selectPoint, WINDOW_ENTRIES, windowDigit } from "./scalar_mul.ts";

/** The tables of the interleaved loop: 16 points per input point, plus the selected entry. */
export class MsmCtScratch<V> {
  readonly law: Projective<V>;
  declare private first: PointSlot;
  declare private cap: number;
  /** The selected entry. */
  readonly sel: PointSlot;

  /** Reserves the selection slot; tables come with the first call. */
  constructor(law: Projective<V>) {
    this.law = law;
    this.sel = law.alloc(1);
    this.first = this.sel;
    this.cap = 0;
  }

  /** The slots of table i (T[i][0…15]) for a batch of n points (grows the region when n > capacity). */
  tables(n: number): PointSlot[][] {
    if (n > this.cap) {
      const cap = Math.max(n, 2 * this.cap, 4);
      this.first = this.law.alloc(cap * WINDOW_ENTRIES); // may throw OUT_OF_MEMORY: nothing changed
      this.cap = cap;
    }
    return Array.from(
      { length: n },
      (_, i) =>
        Array.from({ length: WINDOW_ENTRIES }, (_, j) => this.law.at(this.first, i * WINDOW_ENTRIES + j)),
    );
  }

  /** Zeroes the tables of the last `n` points, the selection and the law's scratch. */
  wipe(n: number): void {
    this.law.F.wipe(this.first, 3 * n * WINDOW_ENTRIES);
    this.law.F.wipe(this.sel, 3);
    this.law.wipeScratch();
  }
}

/**
 * out ← Σ kᵢ·pᵢ, constant-time in the scalars and the points. `limbs[i]`: kᵢ as 16-bit little-endian
 * limbs, reduced mod r (scalar/reduce.ts); `bits`: r's public bit length. out may not be one of the pᵢ.
 */
export function msmCt<V>(
  s: MsmCtScratch<V>,
  out: number,
  points: readonly number[],
  limbs: readonly Int32Array[],
  bits: number,
): void {
  const law = s.law, n = points.length, T = s.tables(n), sel = s.sel;
  for (let i = 0; i < n; i++) fillWindowTable(law, T[i], points[i]);
  const digits = Math.ceil(bits / 4);
  law.setZero(out);
  for (let d = digits - 1; d >= 0; d--) {
    if (d !== digits - 1) dbl4(law, out); // public loop position
    for (let i = 0; i < n; i++) {
      selectPoint(law, sel, T[i], windowDigit(limbs[i], d));
      law.add(out, out, sel);
    }
  }
  s.wipe(n);
}
