/**
 * Bulk addition of many public points by batch-affine addition: normalise the inputs to affine with one
 * shared inversion, then add them pairwise in a tree, each level computing every pair's slope
 * denominator inverse with ONE inversion by Montgomery's trick (P. L. Montgomery, "Speeding the Pollard
 * and elliptic curve methods of factorization", Math. Comp. 48 (1987), §10.3.1). The technique of
 * blst's `bulk_addition.c` and constantine's `sum_reduce_vartime`; this is an independent write-up.
 *
 * Cost per pair of a level (affine chord rule, λ = (y2 − y1)/(x2 − x1), x3 = λ² − x1 − x2,
 * y3 = λ(x1 − x3) − y1): 3M for the batch inversion + 2M + 1S + 6A, against 12M + 2m_3b + 19A for one
 * complete projective addition; plus 1I per level. Normalisation costs 5M per point (Z = 1 is free)
 * plus 1I per chunk.
 *
 * Exceptional pairs, decided by comparing public coordinates (variable-time):
 * ```
 * pair (P, Q)            x1 ≠ x2    x1 = x2, y1 = y2 ≠ 0    x1 = x2, y1 = −y2 (incl. y = 0)
 * treatment              chord      tangent λ = 3x1²/(2y1)  result O: dropped from the level
 * input with Z = 0 (O)   dropped during normalisation
 * odd point of a level   carried to the next level unchanged
 * ```
 * A level stops the tree once at most `stopAt` points remain; they are added with complete projective
 * additions. Inputs of at most `minTree` points skip the tree altogether (a plain loop is faster), and
 * inputs longer than `chunk` points are summed chunk by chunk (bounded scratch, like blst's batches of
 * 2048), the chunk sums accumulated projectively.
 *
 * Variable-time: branches on the coordinates. For public points only (e.g. aggregating public keys or
 * signatures); never for points derived from secrets.
 * @module
 */
import type { Projective } from "./projective.ts";

/** Tuning of {@linkcode sumVartime}; the defaults were measured (bench/cases/bulk.ts, tests). */
export interface SumTuning {
  /** Inputs with at most this many points use the plain projective loop. */
  readonly minTree: number;
  /** The tree stops when at most this many affine points remain. */
  readonly stopAt: number;
  /** Points normalised and reduced per batch. */
  readonly chunk: number;
}

/**
 * Default tuning over Fp (G1), from crossovers measured on both backends with random-Z inputs: the tree
 * beats the plain loop from about 48–64 points (an inversion ≈ 35 multiplications in wasm, ≈ 80 in
 * TypeScript), and levels under 8 points no longer pay for their inversion.
 */
export const SUM_TUNING_FP: SumTuning = Object.freeze({ minTree: 48, stopAt: 8, chunk: 1024 });
/** Default tuning over Fp2 (G2): additions cost ≈ 3× more, the inversion barely more, so earlier. */
export const SUM_TUNING_FP2: SumTuning = Object.freeze({ minTree: 16, stopAt: 4, chunk: 1024 });

/** Scratch slots of one group law, grown to the largest chunk seen and reused. */
interface Scratch {
  /** Capacity in points of x, y, pre (den holds cap/2). */
  cap: number;
  /** Affine coordinates of the live points (element j at x + j·size). */
  x: number;
  y: number;
  /** Prefix products of Montgomery's trick. */
  pre: number;
  /** Pair denominators. */
  den: number;
  /** Per pair: 0 chord, 1 tangent, 2 result O. */
  kind: Uint8Array;
  /** Indices (into x, y) of the live points of the current level, in order. */
  pos: Int32Array;
  /** Per normalised point: the input slot whose Z is inverted, or −1 if Z = 1. */
  src: Int32Array;
  /** Per entry of the trick: the previous entry taking part, or −1. */
  prev: Int32Array;
  /** Elements: the inverse of a running product, a denominator's inverse, λ, a temporary, 1. */
  readonly inv: number;
  readonly di: number;
  readonly lam: number;
  readonly t0: number;
  readonly one: number;
  /** Points: the accumulator and a temporary. */
  readonly sum: number;
  readonly pt: number;
}

const scratches = new WeakMap<object, Scratch>();

function scratch<V>(law: Projective<V>, need: number): Scratch {
  const F = law.F;
  let s = scratches.get(law);
  if (s === undefined) {
    const e = F.alloc(5);
    s = {
      cap: 0,
      x: 0,
      y: 0,
      pre: 0,
      den: 0,
      kind: new Uint8Array(0),
      pos: new Int32Array(0),
      src: new Int32Array(0),
      prev: new Int32Array(0),
      inv: e,
      di: e + F.size,
      lam: e + 2 * F.size,
      t0: e + 3 * F.size,
      one: e + 4 * F.size,
      sum: law.alloc(1),
      pt: law.alloc(1),
    };
    F.setOne(s.one);
    scratches.set(law, s);
  }
  if (s.cap < need) {
    // Slots live as long as the kernel (the old ranges are not reused): grow geometrically, up to the
    // default chunk, so that repeated calls allocate rarely and at most about twice the final size.
    const cap = Math.max(need, Math.min(2 * s.cap, SUM_TUNING_FP.chunk));
    const half = Math.ceil(cap / 2);
    s.x = F.alloc(cap);
    s.y = F.alloc(cap);
    s.pre = F.alloc(cap);
    s.den = F.alloc(half);
    s.kind = new Uint8Array(half);
    s.pos = new Int32Array(cap);
    s.src = new Int32Array(cap);
    s.prev = new Int32Array(cap);
    s.cap = cap;
  }
  return s;
}

/**
 * Writes the affine coordinates of the non-identity points among `slots[start, start + len)` to
 * s.x, s.y (and their indices to s.pos); returns how many there are. One inversion, by Montgomery's
 * trick over the Z ≠ 1: pre_j = Z_j·pre_{j'} (j' the previous such point), then going down
 * Z_j⁻¹ = inv·pre_{j'} and inv ← inv·Z_j. 3M per point, 2M more for x = X/Z, y = Y/Z.
 */
function normalise<V>(law: Projective<V>, s: Scratch, slots: readonly number[], start: number, len: number) {
  const F = law.F, n = F.size, X = s.x, Y = s.y, P = s.pre;
  let m = 0, last = -1;
  for (let i = start; i < start + len; i++) {
    const p = slots[i], z = p + 2 * n;
    if (F.isZero(z) === 1) continue; // O contributes nothing
    s.pos[m] = m;
    if (F.eq(z, s.one) === 1) {
      s.src[m] = -1;
      F.copy(X + m * n, p);
      F.copy(Y + m * n, p + n);
    } else {
      s.src[m] = p;
      s.prev[m] = last;
      if (last < 0) F.copy(P + m * n, z);
      else F.mul(P + m * n, P + last * n, z);
      last = m;
    }
    m++;
  }
  if (last < 0) return m;
  F.invVartime(s.inv, P + last * n);
  for (let j = last; j >= 0; j = s.prev[j]) {
    const p = s.src[j], before = s.prev[j];
    if (before < 0) {
      F.copy(s.di, s.inv);
    } else {
      F.mul(s.di, s.inv, P + before * n); // Z_j⁻¹
      F.mul(s.inv, s.inv, p + 2 * n); //     (product of the earlier Z)⁻¹
    }
    F.mul(X + j * n, p, s.di);
    F.mul(Y + j * n, p + n, s.di);
  }
  return m;
}

/**
 * One tree level on the m live points s.pos[0, m): pairs (pos[2i], pos[2i+1]) are added in place into
 * the second point's slots (no copying), O results are dropped, an odd last point is carried. Returns
 * the number of live points left (≤ ⌈m/2⌉), their indices in s.pos.
 */
function level<V>(law: Projective<V>, s: Scratch, m: number): number {
  const F = law.F, n = F.size, X = s.x, Y = s.y, D = s.den, P = s.pre, pos = s.pos;
  const pairs = m >> 1;
  let last = -1;
  // Pass 1, upwards: classify each pair, write its denominator d_i, chain the prefix products.
  for (let i = 0; i < pairs; i++) {
    const a = pos[2 * i] * n, b = pos[2 * i + 1] * n, d = D + i * n;
    if (F.eq(X + a, X + b) === 0) {
      s.kind[i] = 0; //                 chord: d = x2 − x1
      F.sub(d, X + b, X + a);
    } else if (F.eq(Y + a, Y + b) === 1 && F.isZero(Y + a) === 0) {
      s.kind[i] = 1; //                 tangent: d = 2y1
      F.dbl(d, Y + a);
    } else {
      s.kind[i] = 2; //                 P = −Q: P + Q = O
      continue;
    }
    s.prev[i] = last;
    if (last < 0) F.copy(P + i * n, d);
    else F.mul(P + i * n, P + last * n, d);
    last = i;
  }
  // Pass 2, downwards: one inversion, each d_i⁻¹ in turn, and the pair's sum written over (x2, y2).
  if (last >= 0) {
    F.invVartime(s.inv, P + last * n);
    for (let i = last; i >= 0; i = s.prev[i]) {
      const before = s.prev[i], d = D + i * n;
      if (before < 0) {
        F.copy(s.di, s.inv);
      } else {
        F.mul(s.di, s.inv, P + before * n);
        F.mul(s.inv, s.inv, d);
      }
      const x1 = X + pos[2 * i] * n, y1 = Y + pos[2 * i] * n;
      const x2 = X + pos[2 * i + 1] * n, y2 = Y + pos[2 * i + 1] * n;
      if (s.kind[i] === 0) {
        F.sub(s.lam, y2, y1);
      } else {
        F.sqr(s.t0, x1);
        F.dbl(s.lam, s.t0);
        F.add(s.lam, s.lam, s.t0); // 3x1²
      }
      F.mul(s.lam, s.lam, s.di);
      F.sqr(s.t0, s.lam);
      F.sub(s.t0, s.t0, x1);
      F.sub(x2, s.t0, x2); //        x3 = λ² − x1 − x2
      F.sub(s.t0, x1, x2);
      F.mul(s.t0, s.t0, s.lam);
      F.sub(y2, s.t0, y1); //        y3 = λ(x1 − x3) − y1
    }
  }
  // The survivors, in order (entry k is written after entries ≥ 2k were read).
  let k = 0;
  for (let i = 0; i < pairs; i++) if (s.kind[i] !== 2) pos[k++] = pos[2 * i + 1];
  if ((m & 1) === 1) pos[k++] = pos[m - 1];
  return k;
}

/**
 * out ← the sum of the points at `slots` (projective, any Z, O allowed). Variable-time: public points
 * only. Batch-affine tree for long inputs, plain complete additions for short ones (see the module
 * comment). `out` may be one of `slots`.
 */
export function sumVartime<V>(
  law: Projective<V>,
  out: number,
  slots: readonly number[],
  tuning: SumTuning = law.n === 1 ? SUM_TUNING_FP : SUM_TUNING_FP2,
): void {
  const total = slots.length;
  if (total <= tuning.minTree) {
    const s = scratch(law, 0);
    law.setZero(s.sum);
    for (let i = 0; i < total; i++) law.add(s.sum, s.sum, slots[i]);
    law.copy(out, s.sum);
    return;
  }
  const chunk = Math.max(2, tuning.chunk), stopAt = Math.max(1, tuning.stopAt);
  const s = scratch(law, Math.min(total, chunk));
  const n = law.n;
  law.setZero(s.sum);
  for (let start = 0; start < total; start += chunk) {
    let m = normalise(law, s, slots, start, Math.min(chunk, total - start));
    while (m > stopAt) m = level(law, s, m);
    for (let j = 0; j < m; j++) {
      law.fromAffine(s.pt, s.x + s.pos[j] * n, s.y + s.pos[j] * n);
      law.add(s.sum, s.sum, s.pt);
    }
  }
  law.copy(out, s.sum);
}
