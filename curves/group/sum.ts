/**
 * Bulk addition of many public points by batch-affine addition: normalise the inputs to affine with one
 * shared inversion, then add them pairwise in a tree, each level computing every pair's slope
 * denominator inverse with ONE inversion by Montgomery's trick (P. L. Montgomery, "Speeding the Pollard
 * and elliptic curve methods of factorization", Math. Comp. 48 (1987), §10.3.1). The technique of
 * blst's `bulk_addition.c` and constantine's `sum_reduce_vartime`; this is an independent write-up.
 *
 * The pair additions and the normalisation are those of curves/group/batch_affine.ts, which states their
 * cost (per pair 3M + 2M + 1S + 6A against 12M + 2m_3b + 19A projectively, plus 1I per level;
 * normalisation 5M per point, Z = 1 free, plus 1I per chunk) and the exceptional cases (equal x:
 * tangent, or P = −Q: the pair's result O is dropped from the level; inputs equal to O are dropped
 * during normalisation). An odd point of a level is carried to the next level unchanged.
 *
 * A level stops the tree once at most `stopAt` points remain; they are added with complete projective
 * additions. Inputs of at most `minTree` points (`minTreeCompiled` where the levels are compiled) skip
 * the tree altogether (a plain loop is faster: of
 * variable-time Jacobian mixed additions in one wasm call when every input has Z ∈ {0, 1} and the
 * group's point layer is compiled, else of complete projective additions), and
 * inputs longer than `chunk` points are summed chunk by chunk (bounded scratch; blst's batches hold
 * 2048), the chunk sums accumulated projectively.
 *
 * Variable-time: branches on the coordinates. For public points only (e.g. aggregating public keys or
 * signatures); never for points derived from secrets.
 * @module
 */
import { addPairs, type BatchScratch, batchScratch, normalise } from "./batch_affine.ts";
import type { Jacobian } from "./jacobian.ts";
import type { Projective } from "./projective.ts";

/** Tuning of {@linkcode sumVartime}; the defaults were measured (bench/cases/bulk.ts, tests). */
export interface SumTuning {
  /** Inputs with at most this many points use a plain loop (projective, or affine up to minTreeAffine). */
  readonly minTree: number;
  /** minTree where the tree levels are compiled (wasm); minTree if omitted. */
  readonly minTreeCompiled?: number;
  /**
   * Inputs with at most this many points, every one with Z ∈ {0, 1}, use the loop of mixed additions;
   * longer affine inputs take the tree (≤ minTree; it costs them no normalisation).
   */
  readonly minTreeAffine?: number;
  /** The tree stops when at most this many affine points remain. */
  readonly stopAt: number;
  /** Points normalised and reduced per batch. */
  readonly chunk: number;
}

/**
 * Default tuning over Fp (G1), from crossovers measured on both backends with random-Z inputs: the tree
 * beats the plain loop from about 48–64 points in TypeScript (an inversion ≈ 80 multiplications; at 64
 * points the loop took 1.41× the tree's time), and levels under 8 points no longer pay for their
 * inversion. In wasm the complete addition got cheaper (the fused sums of products, `mul2`) and the
 * crossover moved to about 150 points: the loop took 0.89–0.91× the tree's time at 64 points, 0.95× at
 * 100, 0.98–0.99× at 128, 1.01× at 160 and 1.06× at 200–256 (best of 60–300 alternating rounds, two
 * runs, 2026-12-07). Chunks of 4096 points: a chunk spends one inversion per level, and 4096
 * measured 2–3 % faster than 1024 at 10⁴ points (wasm, one process, alternating), for ≈ 1.2 MB of G2
 * scratch.
 */
export const SUM_TUNING_FP: SumTuning = Object.freeze({
  minTree: 48,
  minTreeCompiled: 128,
  minTreeAffine: 24,
  stopAt: 8,
  chunk: 4096,
});
/**
 * Default tuning over Fp2 (G2): additions cost ≈ 3× more, the inversion barely more, so earlier (wasm:
 * the loop took 0.93–0.95× the tree's time at 24 points, 0.99–1.00× at 32, 1.04× at 40, 1.10–1.13× at
 * 48–64, measured as for G1). The affine crossovers (the mixed-addition loop against the tree on
 * inputs with Z = 1: G1 about 24 points, G2 about 8–10, wasm, one process, alternating) are lower: the
 * tree's inputs need no normalisation.
 */
export const SUM_TUNING_FP2: SumTuning = Object.freeze({
  minTree: 16,
  minTreeCompiled: 32,
  minTreeAffine: 8,
  stopAt: 4,
  chunk: 4096,
});

/**
 * One tree level on the m live points s.live[0, m) of lane 0: pairs (live[2i], live[2i+1]) are added in
 * place into the second point's slots (no copying), O results are dropped, an odd last point is
 * carried. Returns the number of live points left (≤ ⌈m/2⌉), their indices in s.live.
 */
function level<V>(law: Projective<V>, s: BatchScratch, m: number): number {
  const live = s.live, pairs = m >> 1;
  for (let i = 0; i < pairs; i++) {
    s.pa[i] = live[2 * i];
    s.pb[i] = live[2 * i + 1];
  }
  addPairs(law, s, 0, pairs);
  // The survivors, in order (k ≤ i < m − 1 when written: the odd last entry is still intact).
  let k = 0;
  for (let i = 0; i < pairs; i++) if (s.kind[i] !== 2) live[k++] = s.pb[i];
  if ((m & 1) === 1) live[k++] = live[m - 1];
  return k;
}

/** The compiled tree level and normalisation of a group's point layer (wasm_sum.ts), on byte addresses. */
export interface SumLevelExport {
  /** sum_level_vartime(X, Y, m, D, P, T) → the number of points left, at positions 0 … k − 1. */
  readonly level: (x: number, y: number, m: number, den: number, pre: number, scratch: number) => number;
  /** normalise_vartime(Q, m, X, Y, P, T) → the number of points that are not O, at positions 0 … k − 1. */
  readonly normalise: (q: number, m: number, x: number, y: number, pre: number, scratch: number) => number;
  /** sum_affine_vartime(A, Q, m, T) → 1 (O), 0 (the Jacobian sum at A) or −1 (some Z ∉ {0, 1}). */
  readonly sumAffine: (acc: number, q: number, m: number, scratch: number) => number;
  /** Bytes per base slot. */
  readonly stride: number;
}

/** Whether slots[i] = slots[0] + i·step for every i. */
function consecutive(slots: readonly number[], step: number): boolean {
  for (let i = 1; i < slots.length; i++) if (slots[i] !== slots[0] + i * step) return false;
  return true;
}

/** Moves the m live points of lane 0 to positions 0 … m − 1 (normalise leaves gaps where inputs were O). */
function compact<V>(law: Projective<V>, s: BatchScratch, m: number): number {
  const F = law.F, n = F.size, X = s.x[0], Y = s.y[0];
  for (let j = 0; j < m; j++) {
    const from = s.live[j];
    if (from === j) continue;
    F.copy(X + j * n, X + from * n);
    F.copy(Y + j * n, Y + from * n);
  }
  return m;
}

/**
 * out ← the sum of the points at `slots` (projective, any Z, O allowed). Variable-time: public points
 * only. Batch-affine tree for long inputs, plain complete additions for short ones (see the module
 * comment). `out` may be one of `slots`. With `compiled` (the group's wasm point layer), each tree level
 * is one wasm call (wasm_sum.ts) on points kept contiguous. `jac`: the group's Jacobian formulas, for
 * the short loop over affine inputs.
 */
export function sumVartime<V>(
  law: Projective<V>,
  out: number,
  slots: readonly number[],
  tuning: SumTuning = law.n === 1 ? SUM_TUNING_FP : SUM_TUNING_FP2,
  compiled: SumLevelExport | null = null,
  jac?: Jacobian<V>,
): void {
  const total = slots.length, minAffine = tuning.minTreeAffine ?? tuning.minTree;
  const minTree = compiled !== null ? tuning.minTreeCompiled ?? tuning.minTree : tuning.minTree;
  // Affine inputs past the mixed-addition loop's crossover take the tree (wasm; the TypeScript backend
  // keeps the projective loop up to minTree).
  const affineTree = total > minAffine && total <= minTree && compiled !== null && jac !== undefined &&
    slots.every((q) => jac.isAffineVartime(q) || law.F.isZero(q + 2 * law.n) === 1);
  if (total <= minTree && !affineTree) {
    const s = batchScratch(law, 0, 0), sum = s.pt;
    // (Past minAffine, the scan above has already found a projective input.)
    if (
      compiled !== null && jac !== undefined && total > 0 && total <= minAffine &&
      consecutive(slots, 3 * law.n)
    ) {
      // Affine inputs (decoded keys and signatures): one call of variable-time mixed additions,
      // 7M + 4S a point instead of the complete 12M + 2m_3b + 19A (wasm_sum.ts, emitSumAffine).
      const k = compiled.stride, r = compiled.sumAffine(sum * k, slots[0] * k, total, jac.scratch * k);
      if (r >= 0) {
        if (r === 1) law.setZero(out);
        else jac.toProjective(out, sum);
        return;
      }
    }
    // The first point is copied, not added to O: one complete addition fewer.
    if (total === 0) law.setZero(sum);
    else law.copy(sum, slots[0]);
    for (let i = 1; i < total; i++) law.add(sum, sum, slots[i]);
    law.copy(out, sum);
    return;
  }
  const chunk = Math.max(2, tuning.chunk), stopAt = Math.max(1, tuning.stopAt);
  const s = batchScratch(law, Math.min(total, chunk), 1, SUM_TUNING_FP.chunk);
  const n = law.n, X = s.x[0], Y = s.y[0], sum = s.pt, pt = s.pt + 3 * n;
  law.setZero(sum);
  // The compiled path reads the points in place, so it needs them consecutive (as GroupImpl.loadAll
  // puts them); anything else goes through the JS normalisation first.
  const inPlace = compiled !== null && consecutive(slots, 3 * n);
  for (let start = 0; start < total; start += chunk) {
    const len = Math.min(chunk, total - start);
    let m: number;
    if (compiled !== null) {
      const k = compiled.stride;
      m = inPlace
        ? compiled.normalise(slots[start] * k, len, X * k, Y * k, s.pre * k, s.inv * k) // 4 elements
        : compact(law, s, normalise(law, s, 0, slots, start, len));
      while (m > stopAt) m = compiled.level(X * k, Y * k, m, s.den * k, s.pre * k, s.inv * k); // 4 elements
      for (let j = 0; j < m; j++) s.live[j] = j;
    } else {
      m = normalise(law, s, 0, slots, start, len);
      while (m > stopAt) m = level(law, s, m);
    }
    for (let j = 0; j < m; j++) {
      law.fromAffine(pt, X + s.live[j] * n, Y + s.live[j] * n);
      law.add(sum, sum, pt);
    }
  }
  law.copy(out, sum);
}
