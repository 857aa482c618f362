/**
 * Batch-affine addition, shared by bulk addition (curves/group/sum.ts) and Pippenger's buckets (curves/group/msm.ts):
 * many independent affine additions whose slope denominators are all inverted with ONE inversion by
 * Montgomery's trick (P. L. Montgomery, "Speeding the Pollard and elliptic curve methods of
 * factorization", Math. Comp. 48 (1987), §10.3.1): prefix products pre_i = d_i·pre_{i'} going up, then
 * going down d_i⁻¹ = inv·pre_{i'} and inv ← inv·d_i, so 3M per entry plus 1I for the whole batch.
 *
 * - {@linkcode normalise}: projective → affine for many points (d = Z; Z = 1 is free, Z = 0 dropped),
 *   3M + 2M (x = X/Z, y = Y/Z) per point plus 1I.
 * - {@linkcode addPairs}: P_a + P_b for a list of pairs of affine points (affine chord rule,
 *   λ = (y2 − y1)/(x2 − x1), x3 = λ² − x1 − x2, y3 = λ(x1 − x3) − y1): 3M for the batch inversion
 *   + 2M + 1S + 6A per pair, against 12M + 2m_3b + 19A for one complete projective addition; plus 1I.
 *
 * Exceptional pairs, decided by comparing public coordinates (variable-time):
 * ```
 * pair (P, Q)            x1 ≠ x2    x1 = x2, y1 = y2 ≠ 0    x1 = x2, y1 = −y2 (incl. y = 0)
 * treatment              chord      tangent λ = 3x1²/(2y1)  result O: kind 2, for the caller to drop
 * input with Z = 0 (O)   dropped during normalisation
 * ```
 * This is the technique of blst's `bulk_addition.c`, gnark-crypto's and constantine's batch-affine
 * sums; this is an independent write-up.
 *
 * Variable-time: branches on the coordinates. For public points only.
 * @module
 */
import type { Projective } from "./projective.ts";

/** Projective point temporaries in {@linkcode BatchScratch.pt} (for the callers' accumulators). */
export const SCRATCH_POINTS = 6;

/** Scratch slots of one group law, grown on demand and reused (shared by sum.ts and msm.ts). */
export interface BatchScratch {
  /** Capacity in points of each lane (and of pre, prev, live, pos; den, pa, pb, kind hold ⌈cap/2⌉). */
  cap: number;
  /** Affine point arrays ("lanes"): point j of lane l at x[l] + j·size, y[l] + j·size. */
  readonly x: number[];
  readonly y: number[];
  /** Prefix products of Montgomery's trick. */
  pre: number;
  /** Pair denominators. */
  den: number;
  /** Per entry of the trick: the previous entry taking part, or −1. */
  prev: Int32Array;
  /** Output of normalise: indices of the points that are not O, in order. */
  live: Int32Array;
  /** Free for the caller: positions of working points. */
  pos: Int32Array;
  /** Input of addPairs: per pair, the indices (in its lane) of the first and second point. */
  pa: Int32Array;
  pb: Int32Array;
  /** Output of addPairs, per pair: 0 chord, 1 tangent, 2 result O (the second point is then stale). */
  kind: Uint8Array;
  /** Elements: the inverse of a running product, an entry's inverse, λ, a temporary, 1. */
  readonly inv: number;
  readonly di: number;
  readonly lam: number;
  readonly t0: number;
  readonly one: number;
  /** SCRATCH_POINTS projective points, point k at pt + k·3·size, free for the caller. */
  readonly pt: number;
}

const scratches = new WeakMap<object, BatchScratch>();

/**
 * The scratch of `law`, with at least `lanes` lanes of at least `need` points. Slots live as long as
 * the kernel (old ranges are not reused): capacity grows geometrically, doubling up to `growTo`, so
 * that repeated calls allocate rarely. Not reentrant: one user at a time per law.
 */
export function batchScratch<V>(
  law: Projective<V>,
  need: number,
  lanes: number = 1,
  growTo: number = Infinity,
): BatchScratch {
  const F = law.F;
  let s = scratches.get(law);
  if (s === undefined) {
    const e = F.alloc(5);
    s = {
      cap: 0,
      x: [],
      y: [],
      pre: 0,
      den: 0,
      prev: new Int32Array(0),
      live: new Int32Array(0),
      pos: new Int32Array(0),
      pa: new Int32Array(0),
      pb: new Int32Array(0),
      kind: new Uint8Array(0),
      inv: e,
      di: e + F.size,
      lam: e + 2 * F.size,
      t0: e + 3 * F.size,
      one: e + 4 * F.size,
      pt: law.alloc(SCRATCH_POINTS),
    };
    F.setOne(s.one);
    scratches.set(law, s);
  }
  if (s.cap < need) {
    const cap = Math.max(need, Math.min(2 * s.cap, growTo));
    const half = Math.ceil(cap / 2);
    for (let l = 0; l < s.x.length; l++) {
      s.x[l] = F.alloc(cap);
      s.y[l] = F.alloc(cap);
    }
    s.pre = F.alloc(cap);
    s.den = F.alloc(half);
    s.prev = new Int32Array(cap);
    s.live = new Int32Array(cap);
    s.pos = new Int32Array(cap);
    s.pa = new Int32Array(half);
    s.pb = new Int32Array(half);
    s.kind = new Uint8Array(half);
    s.cap = cap;
  }
  while (s.x.length < lanes) {
    s.x.push(F.alloc(s.cap));
    s.y.push(F.alloc(s.cap));
  }
  return s;
}

/**
 * Lane `lane` point j ← the affine coordinates of slots[start + j], for j < len (needs s.cap ≥ len);
 * the indices j of the points that are not O go to s.live. Returns how many there are. One inversion,
 * by Montgomery's trick over the Z ∉ {0, 1}.
 */
export function normalise<V>(
  law: Projective<V>,
  s: BatchScratch,
  lane: number,
  slots: readonly number[],
  start: number,
  len: number,
): number {
  const F = law.F, n = F.size, X = s.x[lane], Y = s.y[lane], P = s.pre;
  let m = 0, last = -1;
  for (let j = 0; j < len; j++) {
    const p = slots[start + j], z = p + 2 * n;
    if (F.isZero(z) === 1) continue; // O contributes nothing
    s.live[m++] = j;
    if (F.eq(z, s.one) === 1) {
      F.copy(X + j * n, p);
      F.copy(Y + j * n, p + n);
    } else {
      s.prev[j] = last;
      if (last < 0) F.copy(P + j * n, z);
      else F.mul(P + j * n, P + last * n, z);
      last = j;
    }
  }
  if (last < 0) return m;
  F.invVartime(s.inv, P + last * n);
  for (let j = last; j >= 0; j = s.prev[j]) {
    const p = slots[start + j], before = s.prev[j];
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
 * For each pair i < pairs: lane point pb[i] ← lane point pa[i] + lane point pb[i] (affine, in place),
 * with one shared inversion; s.kind[i] tells the case (see the module comment). On kind 2 (P = −Q) the
 * sum is O and pb[i] is left unchanged: the caller drops it.
 */
export function addPairs<V>(law: Projective<V>, s: BatchScratch, lane: number, pairs: number): void {
  const F = law.F, n = F.size, X = s.x[lane], Y = s.y[lane], D = s.den, P = s.pre;
  let last = -1;
  // Pass 1, upwards: classify each pair, write its denominator d_i, chain the prefix products.
  for (let i = 0; i < pairs; i++) {
    const a = s.pa[i] * n, b = s.pb[i] * n, d = D + i * n;
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
  if (last < 0) return;
  // Pass 2, downwards: one inversion, each d_i⁻¹ in turn, and the pair's sum written over (x2, y2).
  F.invVartime(s.inv, P + last * n);
  for (let i = last; i >= 0; i = s.prev[i]) {
    const before = s.prev[i];
    if (before < 0) {
      F.copy(s.di, s.inv);
    } else {
      F.mul(s.di, s.inv, P + before * n);
      F.mul(s.inv, s.inv, D + i * n);
    }
    const x1 = X + s.pa[i] * n, y1 = Y + s.pa[i] * n, x2 = X + s.pb[i] * n, y2 = Y + s.pb[i] * n;
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
