/**
 * Scalar multiplication loops over {@linkcode Projective} slots.
 *
 * - `mulCt`: constant-time fixed window of 4 bits (unsigned digits 0…15) over the scalar reduced
 *   mod r: a table T[i] = i·P (i = 0…15, 14 additions), then for each digit from the top 4 doublings,
 *   a lookup that reads all 16 entries and keeps one with masks, and one complete addition
 *   (T[0] = O is handled by the complete formulas). Cost for a 255-bit r: 252 doublings and 78
 *   additions. No GLV/GLS yet.
 * - `mulVartime`: left-to-right double-and-add on a public bigint (public scalars, subgroup checks).
 * @module
 */
import type { Projective } from "./projective.ts";

/** Table entries of the fixed window. */
export const WINDOW_ENTRIES = 16;

/**
 * out ← table[d] for a secret digit d ∈ [0, 16): every entry is read and combined with a mask
 * (d is never an index). `table` holds the point slots of the entries.
 */
export function selectPoint<V>(law: Projective<V>, out: number, table: ArrayLike<number>, d: number): void {
  law.setZero(out);
  for (let i = 0; i < WINDOW_ENTRIES; i++) {
    const flag = ((i ^ d) - 1) >>> 31; // 1 iff i = d
    law.cmov(out, table[i], flag);
  }
}

/** Scratch of the constant-time loop: the table, the accumulator and the selected entry. */
export class WindowScratch<V> {
  readonly law: Projective<V>;
  /** Slots of T[0…15]. */
  readonly table: readonly number[];
  readonly acc: number;
  readonly sel: number;
  private readonly first: number;

  /** Reserves 18 points in the law's arena. */
  constructor(law: Projective<V>) {
    this.law = law;
    this.first = law.alloc(WINDOW_ENTRIES + 2);
    const size = 3 * law.n;
    this.table = Array.from({ length: WINDOW_ENTRIES }, (_, i) => this.first + i * size);
    this.acc = this.first + WINDOW_ENTRIES * size;
    this.sel = this.acc + size;
  }

  /** Zeroes the table, the accumulator, the selection and the law's scratch. */
  wipe(): void {
    this.law.F.wipe(this.first, 3 * (WINDOW_ENTRIES + 2));
    this.law.wipeScratch();
  }
}

/**
 * out ← k·p, constant-time in k and p. `limbs`: k as 16-bit little-endian limbs (reduced: see
 * scalar/reduce.ts); `bits`: the public bit length of the modulus (the loop runs ⌈bits/4⌉ digits).
 */
export function mulCt<V>(s: WindowScratch<V>, out: number, p: number, limbs: Int32Array, bits: number): void {
  const law = s.law, T = s.table, acc = s.acc, sel = s.sel;
  law.setZero(T[0]);
  law.copy(T[1], p);
  for (let i = 2; i < WINDOW_ENTRIES; i++) {
    if (i & 1) law.add(T[i], T[i - 1], p);
    else law.dbl(T[i], T[i >> 1]);
  }
  const digits = Math.ceil(bits / 4);
  law.setZero(acc);
  for (let i = digits - 1; i >= 0; i--) {
    if (i !== digits - 1) { // public loop position
      law.dbl(acc, acc);
      law.dbl(acc, acc);
      law.dbl(acc, acc);
      law.dbl(acc, acc);
    }
    const d = (limbs[i >> 2] >>> ((i & 3) << 2)) & 15;
    selectPoint(law, sel, T, d);
    law.add(acc, acc, sel);
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
