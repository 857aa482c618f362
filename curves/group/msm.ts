/**
 * Multi-scalar multiplication Σ k_i·P_i for public points and scalars: Pippenger's bucket method
 * (N. Pippenger, "On the evaluation of powers and monomials", SIAM J. Comput. 9 (1980); the form of
 * D. J. Bernstein et al., "Faster batch forgery identification", INDOCRYPT 2012, §4), with signed
 * digits and batch-affine bucket accumulation (the technique of gnark-crypto, blst and constantine;
 * this is an independent write-up).
 *
 * - Digits: each scalar k < 2^bits is written in base 2^c with signed digits d ∈ [−2^(c−1), 2^(c−1)]
 *   (a digit above 2^(c−1) becomes d − 2^c with a carry), ⌈(bits + 1)/c⌉ windows. A negative digit
 *   adds −P = (x, −y), so 2^(c−1) buckets per window instead of 2^c − 1.
 * - Inputs are normalised to affine once, and per window the points are counting-sorted by bucket and
 *   each bucket's points summed in a tree, all buckets' pairs of a level sharing ONE inversion: the
 *   batch-affine additions of curves/group/batch_affine.ts (Montgomery's trick; its cost and exceptional
 *   cases are stated there), 3M + 2M + 1S per affine addition instead of 12M for a complete projective
 *   one. Levels with fewer than `STOP_PAIRS` pairs are not worth their inversion: the few points left
 *   are added projectively.
 * - Bucket reduction by running sums: for j from the top, acc += S_j, tot += acc gives Σ j·S_j with
 *   2 additions per bucket; the windows are combined by Horner's rule (c doublings each).
 * - The window c minimises the cost model ⌈(bits+1)/c⌉·(n·A_aff + 2^c·A_proj + levels·I) over c.
 * - A few points: a loop of double-and-add (`mulVartime`) and additions is cheaper.
 *
 * Variable-time throughout (branches and memory indices on scalars and coordinates): public data only.
 * @module
 */
import { addPairs, type BatchScratch, batchScratch, normalise } from "./batch_affine.ts";
import type { Projective } from "./projective.ts";
import { mulVartime } from "./scalar_mul.ts";

/** At most this many points: the plain loop of double-and-add (measured crossover, both backends). */
export const MSM_MIN_POINTS = 4;
/** A tree level with fewer pairs than this is left to projective additions. */
const STOP_PAIRS = 4;

/**
 * Signed base-2^c digits of each scalar, window-major: digits[w·count + i] for scalar i, window w.
 * Scalars are public and < 2^bits.
 */
function signedDigits(scalars: readonly bigint[], c: number, windows: number): Int32Array {
  const count = scalars.length, out = new Int32Array(count * windows);
  const words = new Uint32Array(9), half = 1 << (c - 1), mask = (1 << c) - 1;
  for (let i = 0; i < count; i++) {
    let k = scalars[i];
    for (let j = 0; j < 8; j++, k >>= 32n) words[j] = Number(k & 0xffffffffn);
    words[8] = 0;
    let carry = 0;
    for (let w = 0; w < windows; w++) {
      const bit = w * c, j = bit >>> 5, sh = bit & 31;
      let d = words[j] >>> sh;
      if (sh + c > 32 && j < 8) d |= words[j + 1] << (32 - sh);
      d = (d & mask) + carry;
      carry = d > half ? 1 : 0;
      out[w * count + i] = d - (carry << c);
    }
  }
  return out;
}

/** Model cost (in field multiplications) of window c for n points: picks the cheapest c. */
function chooseWindow(n: number, bits: number, fp2: boolean): number {
  const aff = 6, proj = 14, inv = fp2 ? 60 : 90;
  let best = 2, bestCost = Infinity;
  for (let c = 2; c <= 16; c++) {
    const buckets = 1 << (c - 1), per = n / buckets;
    const levels = Math.max(1, Math.ceil(Math.log2(per + 1)));
    const cost = Math.ceil((bits + 1) / c) * (n * aff + 2 * buckets * proj + levels * inv);
    if (cost < bestCost) [best, bestCost] = [c, cost];
  }
  return best;
}

/**
 * One tree level over all buckets: in each bucket's run pos[start[b], start[b] + len[b]), consecutive
 * entries are paired and added (affine, lane 1, into the second's slot) with one shared inversion; O
 * results are dropped, an odd last entry carried; len[b] is updated. Returns the number of pairs
 * processed (0, and nothing done, below STOP_PAIRS).
 */
function level<V>(law: Projective<V>, s: BatchScratch, start: Int32Array, len: Int32Array): number {
  const pos = s.pos;
  let pairs = 0;
  for (let b = 0; b < len.length; b++) {
    const st = start[b];
    for (let i = 0; i + 1 < len[b]; i += 2) {
      s.pa[pairs] = pos[st + i];
      s.pb[pairs] = pos[st + i + 1];
      pairs++;
    }
  }
  if (pairs < STOP_PAIRS) return 0;
  addPairs(law, s, 1, pairs);
  // Compact each bucket's survivors (pairs were numbered bucket by bucket, in order).
  let p = 0;
  for (let b = 0; b < len.length; b++) {
    const st = start[b], m = len[b];
    let k = 0;
    for (let i = 0; i + 1 < m; i += 2, p++) if (s.kind[p] !== 2) pos[st + k++] = s.pb[p];
    if ((m & 1) === 1) pos[st + k++] = pos[st + m - 1];
    len[b] = k;
  }
  return pairs;
}

/**
 * out ← Σ scalars[i]·(point at slots[i]); scalars reduced, in [0, 2^bits). Variable-time: public points
 * and scalars only (see the module comment). Any Z, O allowed.
 */
export function msmVartime<V>(
  law: Projective<V>,
  out: number,
  slots: readonly number[],
  scalars: readonly bigint[],
  bits: number,
): void {
  const count = slots.length, F = law.F, n = F.size;
  if (count <= MSM_MIN_POINTS) {
    const s = batchScratch(law, 0, 0), res = s.pt, pt = res + 3 * n, tmp = res + 6 * n; // tmp: 2 points
    law.setZero(res);
    for (let i = 0; i < count; i++) {
      if (scalars[i] === 0n) continue;
      mulVartime(law, pt, slots[i], scalars[i], tmp);
      law.add(res, res, pt);
    }
    law.copy(out, res);
    return;
  }
  // Lane 0: the affine inputs (point i of slots at index i), lane 1: one window's working copies.
  const s = batchScratch(law, count, 2), ps = 3 * n, res = s.pt, acc = res + ps, tot = res + 2 * ps;
  const pt = res + 3 * ps, AX = s.x[0], AY = s.y[0], WX = s.x[1], WY = s.y[1];
  const live = normalise(law, s, 0, slots, 0, count);
  const c = chooseWindow(count, bits, law.n !== 1), windows = Math.ceil((bits + 1) / c);
  const digits = signedDigits(scalars, c, windows), buckets = 1 << (c - 1);
  const start = new Int32Array(buckets), len = new Int32Array(buckets);
  law.setZero(res);
  for (let w = windows - 1; w >= 0; w--) {
    for (let j = 0; j < c; j++) law.dbl(res, res);
    // Counting sort of the live points (not O) by bucket |d| − 1.
    len.fill(0);
    const base = w * count;
    for (let k = 0; k < live; k++) {
      const d = digits[base + s.live[k]];
      if (d !== 0) len[(d < 0 ? -d : d) - 1]++;
    }
    let total = 0;
    for (let b = 0; b < buckets; b++) {
      start[b] = total;
      total += len[b];
      len[b] = 0;
    }
    if (total === 0) continue;
    for (let k = 0; k < live; k++) {
      const i = s.live[k], d = digits[base + i];
      if (d === 0) continue;
      const b = (d < 0 ? -d : d) - 1, e = start[b] + len[b]++;
      s.pos[e] = e;
      F.copy(WX + e * n, AX + i * n);
      if (d > 0) F.copy(WY + e * n, AY + i * n);
      else F.neg(WY + e * n, AY + i * n);
    }
    while (level(law, s, start, len) > 0);
    // Running sums from the top bucket: tot = Σ (b + 1)·S_b.
    let started = false;
    law.setZero(acc);
    law.setZero(tot);
    for (let b = buckets - 1; b >= 0; b--) {
      for (let i = 0; i < len[b]; i++) {
        const e = s.pos[start[b] + i];
        law.fromAffine(pt, WX + e * n, WY + e * n);
        law.add(acc, acc, pt);
        started = true;
      }
      if (started) law.add(tot, tot, acc);
    }
    law.add(res, res, tot);
  }
  law.copy(out, res);
}
