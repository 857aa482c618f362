/**
 * The affine table of the endomorphism loop: T[i] ← (i + 1)·P with Z = 1, for i < E = 2^k, without
 * projective formulas. A ladder of batched affine additions: level h (h = 1, 2, 4, …, E/2) computes
 * (h + j)·P = h·P + j·P for j = 1 … h − 1 and 2h·P = 2·(h·P), all h slopes sharing ONE inversion by
 * Montgomery's trick (P. L. Montgomery, Math. Comp. 48 (1987), §10.3.1). The first level also turns P
 * into affine coordinates with the same inversion: with D = 2·Y·Z, 1/Z = 2Y/D and 1/(2y) = Z²/D.
 *
 * Cost, M and S of the coordinate field, I its inversion: first level 1I + 5M + 3S; each later level
 * 1I, then per addition 5M + 1S (a prefix product, two back-substitution products, the slope, y3) and
 * the doubling 5M + 2S. E = 16: 4I + 75M + 18S; E = 8: 3I + 35M + 8S. The projective table and one
 * shared normalisation cost E = 16: 1I + (8·(6M + 2S) + 7·12M + 3·15M + 2·16M) = 1I + 209M + 16S
 * (BLS12-381 G2 in wasm: about 60 µs against 106 µs, bench/endo_ratio.ts).
 *
 * Exceptional cases: none for P of prime order r > 2E, the group's points. h·P = ±j·P would need
 * r | h ∓ j with 0 < h − j < h + j ≤ E, and y(h·P) = 0 would need 2h·P = O. P = O (Z = 0) makes every
 * inverse 0 (the inversion maps 0 to 0): the entries are then garbage with Z = 1, and a masked move
 * per entry sets Z ← 0 (O). A point outside the subgroup may hit a zero denominator and give wrong
 * entries, as the endomorphism loop itself gives a wrong multiple for it (its eigenvalue holds on the
 * subgroup only).
 *
 * Constant-time: the same field operations for every P (the sizes are public), no branch on values.
 * The same function runs on the coordinate field in JavaScript and, at module build time, on an
 * emitting field (wasm_point.ts `EmitField`) that compiles it into `<group>.affine_table_w<w>`
 * (wasm_endo_step.ts): one call instead of one per field operation.
 * @module
 */

/** What the ladder needs of the coordinate field (CoordField, or the emitting field of wasm_point.ts). */
export interface LadderField {
  readonly size: number;
  mul(out: number, a: number, b: number): void;
  sqr(out: number, a: number): void;
  add(out: number, a: number, b: number): void;
  sub(out: number, a: number, b: number): void;
  dbl(out: number, a: number): void;
  copy(out: number, a: number): void;
  setOne(out: number): void;
  /** out ← a⁻¹ (0 ↦ 0), constant-time. */
  inv(out: number, a: number): void;
  /** A flag: 1 iff a = 0 (constant-time). */
  isZero(a: number): number;
  /** out ← a if flag (constant-time). */
  cmov(out: number, a: number, flag: number): void;
}

/** Scratch elements of {@linkcode affineTableCt} for E entries (the prefix products and three more). */
export const affineTableScratch = (E: number): number => E / 2 + 3;

/**
 * T[i] ← (i + 1)·P as (x : y : 1) for i < T.length (a power of two ≥ 2), from P at `p` (projective, not
 * aliasing T); every entry O (Z ← 0, from the element 0 at `zero`) when P = O. Scratch `c`:
 * {@linkcode affineTableScratch} elements, left for the caller to wipe. See the module comment.
 */
export function affineTableCt(
  F: LadderField,
  T: readonly number[],
  p: number,
  c: number,
  zero: number,
): void {
  affineMultiplesCt(F, T, p, c);
  const pInf = F.isZero(p + 2 * F.size);
  for (const e of T) F.cmov(e + 2 * F.size, zero, pInf);
}

/** The ladder of {@linkcode affineTableCt} without the masks for P = O. */
function affineMultiplesCt(F: LadderField, T: readonly number[], p: number, c: number): void {
  const n = F.size, E = T.length, half = E >> 1;
  if (E < 2 || (E & (E - 1)) !== 0) throw new RangeError(`affine table of ${E} entries`);
  const u = c + half * n, v = u + n, w = v + n; // after the prefix products c[0, half)
  const X = p, Y = p + n, Z = p + 2 * n;
  const x1 = T[0], y1 = x1 + n, x2 = T[1], y2 = x2 + n;
  // First level: P to affine and 2·P, one inversion of D = 2·Y·Z.
  F.mul(u, Y, Z);
  F.dbl(u, u);
  F.inv(v, u); //           1/D
  F.dbl(u, Y);
  F.mul(u, u, v); //        1/Z = 2Y/D
  F.mul(x1, X, u);
  F.mul(y1, Y, u);
  F.setOne(x1 + 2 * n);
  F.sqr(u, Z);
  F.mul(u, u, v); //        1/(2·y1) = Z²/D
  slopeOfDoubling(F, v, x1, w);
  F.mul(u, v, u); //        λ = 3·x1²/(2·y1)
  chord(F, x2, y2, u, x1, x1, y1, w);
  F.setOne(x2 + 2 * n);
  // Level h: entries h + 1 … 2h from entries 1 … h (1-based multiples; entry m at T[m − 1]).
  for (let h = 2; h < E; h *= 2) {
    const a = T[h - 1], xa = a, ya = a + n;
    // Each destination holds its slope's denominator at x and numerator at y until it is computed.
    for (let j = 1; j <= h; j++) {
      const d = T[h + j - 1], b = T[j - 1];
      if (j < h) {
        F.sub(d, b, xa); //              x_j − x_h
        F.sub(d + n, b + n, ya); //      y_j − y_h
      } else {
        F.dbl(d, ya); //                 2·y_h
        slopeOfDoubling(F, d + n, xa, w); //   3·x_h²
      }
      if (j === 1) F.copy(c, d);
      else F.mul(c + (j - 1) * n, c + (j - 2) * n, d); // prefix products of the denominators
    }
    F.inv(u, c + (h - 1) * n); //        (Π denominators)⁻¹
    for (let j = h; j >= 1; j--) {
      const d = T[h + j - 1], xb = T[j - 1], yd = d + n;
      if (j > 1) {
        F.mul(v, u, c + (j - 2) * n); // 1/den_j
        F.mul(u, u, d); //               the inverse of the remaining prefix
      } else F.copy(v, u);
      F.mul(yd, yd, v); //               λ
      chord(F, d, yd, yd, xa, j < h ? xb : xa, ya, w);
      F.setOne(d + 2 * n);
    }
  }
}

/** out ← 3·x² (the numerator of the tangent's slope at x). Scratch t. */
function slopeOfDoubling(F: LadderField, out: number, x: number, t: number): void {
  F.sqr(out, x);
  F.dbl(t, out);
  F.add(out, out, t);
}

/**
 * (x3, y3) ← the third point of the line of slope λ through (xa, ya) and (xb, ·): x3 = λ² − xa − xb,
 * y3 = λ·(xa − x3) − ya; 1M + 1S. y3 may alias λ; x3 may alias nothing that is read. Scratch t.
 */
function chord(
  F: LadderField,
  x3: number,
  y3: number,
  lambda: number,
  xa: number,
  xb: number,
  ya: number,
  t: number,
): void {
  F.sqr(t, lambda);
  F.sub(t, t, xa);
  F.sub(x3, t, xb);
  F.sub(t, xa, x3);
  F.mul(y3, lambda, t);
  F.sub(y3, y3, ya);
}
