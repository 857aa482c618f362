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
 * - Inputs are normalised to affine once (Montgomery's trick: one inversion, 3M + 2M per point).
 * - Per window, the points are counting-sorted by bucket and each bucket's points summed in a tree, all
 *   buckets' pairs of a level sharing ONE inversion (Montgomery, Math. Comp. 48 (1987), §10.3.1):
 *   3M + 2M + 1S per affine addition instead of 12M for a complete projective one. The exceptional
 *   pairs are handled as in curves/sum.ts (equal x: tangent, or P = −Q dropped). Levels with fewer
 *   than `STOP_PAIRS` pairs are not worth their inversion: the few points left are added projectively.
 * - Bucket reduction by running sums: for j from the top, acc += S_j, tot += acc gives Σ j·S_j with
 *   2 additions per bucket; the windows are combined by Horner's rule (c doublings each).
 * - The window c minimises the cost model ⌈(bits+1)/c⌉·(n·A_aff + 2^c·A_proj + levels·I) over c.
 * - A few points: a loop of double-and-add (`mulVartime`) and additions is cheaper.
 *
 * Variable-time throughout (branches and memory indices on scalars and coordinates): public data only.
 * @module
 */
import type { Projective } from "./projective.ts";
import { mulVartime } from "./scalar_mul.ts";

/** At most this many points: the plain loop of double-and-add (measured crossover, both backends). */
export const MSM_MIN_POINTS = 4;
/** A tree level with fewer pairs than this is left to projective additions. */
const STOP_PAIRS = 4;

/** Scratch of one law, grown (geometrically) to the largest input seen and reused. */
interface Scratch {
  cap: number;
  /** Affine inputs (element i at ax + i·size), and which are not O. */
  ax: number;
  ay: number;
  live: Uint8Array;
  /** The working copies of one window's points, sorted by bucket. */
  wx: number;
  wy: number;
  /** Prefix products, pair denominators. */
  pre: number;
  den: number;
  /** Per input: its index among the Montgomery's-trick entries' predecessors. */
  prev: Int32Array;
  /** Per working entry: index of its point slot (in wx, wy). */
  pos: Int32Array;
  /** Per pair: first / second entry slot, kind (0 chord, 1 tangent, 2 O). */
  pa: Int32Array;
  pb: Int32Array;
  kind: Uint8Array;
  /** Elements: inverse, a denominator's inverse, λ, a temporary, 1. */
  readonly inv: number;
  readonly di: number;
  readonly lam: number;
  readonly t0: number;
  readonly one: number;
  /** Points: bucket-reduction accumulators, the window sum, the result, a temporary pair. */
  readonly acc: number;
  readonly tot: number;
  readonly res: number;
  readonly pt: number;
  readonly tmp: number;
}

const scratches = new WeakMap<object, Scratch>();

function scratch<V>(law: Projective<V>, need: number): Scratch {
  const F = law.F;
  let s = scratches.get(law);
  if (s === undefined) {
    const e = F.alloc(5), p = law.alloc(6), ps = 3 * law.n;
    s = {
      cap: 0,
      ax: 0,
      ay: 0,
      live: new Uint8Array(0),
      wx: 0,
      wy: 0,
      pre: 0,
      den: 0,
      prev: new Int32Array(0),
      pos: new Int32Array(0),
      pa: new Int32Array(0),
      pb: new Int32Array(0),
      kind: new Uint8Array(0),
      inv: e,
      di: e + F.size,
      lam: e + 2 * F.size,
      t0: e + 3 * F.size,
      one: e + 4 * F.size,
      acc: p,
      tot: p + ps,
      res: p + 2 * ps,
      pt: p + 3 * ps,
      tmp: p + 4 * ps, // two points (mulVartime)
    };
    F.setOne(s.one);
    scratches.set(law, s);
  }
  if (s.cap < need) {
    // Arena slots are never freed: grow geometrically so that repeated calls allocate rarely.
    const cap = Math.max(need, 2 * s.cap);
    s.ax = F.alloc(cap);
    s.ay = F.alloc(cap);
    s.wx = F.alloc(cap);
    s.wy = F.alloc(cap);
    s.pre = F.alloc(cap);
    s.den = F.alloc(cap);
    s.live = new Uint8Array(cap);
    s.prev = new Int32Array(cap);
    s.pos = new Int32Array(cap);
    s.pa = new Int32Array(cap);
    s.pb = new Int32Array(cap);
    s.kind = new Uint8Array(cap);
    s.cap = cap;
  }
  return s;
}

/** Affine inputs: s.ax, s.ay ← x, y of slots[i], s.live[i] = 0 for O. One shared inversion. */
function normalise<V>(law: Projective<V>, s: Scratch, slots: readonly number[]): void {
  const F = law.F, n = F.size, P = s.pre;
  let last = -1;
  for (let i = 0; i < slots.length; i++) {
    const z = slots[i] + 2 * n;
    if (F.isZero(z) === 1) {
      s.live[i] = 0;
      continue;
    }
    s.live[i] = 1;
    s.prev[i] = last;
    if (last < 0) F.copy(P + i * n, z);
    else F.mul(P + i * n, P + last * n, z);
    last = i;
  }
  if (last < 0) return;
  F.invVartime(s.inv, P + last * n);
  for (let i = last; i >= 0; i = s.prev[i]) {
    const p = slots[i], before = s.prev[i];
    if (before < 0) F.copy(s.di, s.inv);
    else {
      F.mul(s.di, s.inv, P + before * n); // Z_i⁻¹
      F.mul(s.inv, s.inv, p + 2 * n); //     (product of the earlier Z)⁻¹
    }
    F.mul(s.ax + i * n, p, s.di);
    F.mul(s.ay + i * n, p + n, s.di);
  }
}

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
 * entries are paired and added (affine, into the second's slot) with one shared inversion; O results
 * are dropped, an odd last entry carried; len[b] is updated. Returns the number of pairs processed.
 */
function level<V>(law: Projective<V>, s: Scratch, start: Int32Array, len: Int32Array): number {
  const F = law.F, n = F.size, X = s.wx, Y = s.wy, D = s.den, P = s.pre, pos = s.pos;
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
  let last = -1;
  for (let i = 0; i < pairs; i++) {
    const a = s.pa[i] * n, b = s.pb[i] * n, d = D + i * n;
    if (F.eq(X + a, X + b) === 0) {
      s.kind[i] = 0; //                 chord: d = x2 − x1
      F.sub(d, X + b, X + a);
    } else if (F.eq(Y + a, Y + b) === 1 && F.isZero(Y + a) === 0) {
      s.kind[i] = 1; //                 tangent: d = 2y1
      F.dbl(d, Y + a);
    } else {
      s.kind[i] = 2; //                 P = −Q: O
      continue;
    }
    s.prev[i] = last;
    if (last < 0) F.copy(P + i * n, d);
    else F.mul(P + i * n, P + last * n, d);
    last = i;
  }
  if (last >= 0) {
    F.invVartime(s.inv, P + last * n);
    for (let i = last; i >= 0; i = s.prev[i]) {
      const before = s.prev[i];
      if (before < 0) F.copy(s.di, s.inv);
      else {
        F.mul(s.di, s.inv, P + before * n);
        F.mul(s.inv, s.inv, D + i * n);
      }
      const x1 = X + s.pa[i] * n, y1 = Y + s.pa[i] * n, x2 = X + s.pb[i] * n, y2 = Y + s.pb[i] * n;
      if (s.kind[i] === 0) F.sub(s.lam, y2, y1);
      else {
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
    const s = scratch(law, 0);
    law.setZero(s.res);
    for (let i = 0; i < count; i++) {
      if (scalars[i] === 0n) continue;
      mulVartime(law, s.pt, slots[i], scalars[i], s.tmp);
      law.add(s.res, s.res, s.pt);
    }
    law.copy(out, s.res);
    return;
  }
  const s = scratch(law, count);
  normalise(law, s, slots);
  const c = chooseWindow(count, bits, law.n !== 1), windows = Math.ceil((bits + 1) / c);
  const digits = signedDigits(scalars, c, windows), buckets = 1 << (c - 1);
  const start = new Int32Array(buckets), len = new Int32Array(buckets);
  law.setZero(s.res);
  for (let w = windows - 1; w >= 0; w--) {
    for (let j = 0; j < c; j++) law.dbl(s.res, s.res);
    // Counting sort of the live points by bucket |d| − 1.
    len.fill(0);
    const base = w * count;
    for (let i = 0; i < count; i++) {
      const d = digits[base + i];
      if (d !== 0 && s.live[i] === 1) len[(d < 0 ? -d : d) - 1]++;
    }
    let total = 0;
    for (let b = 0; b < buckets; b++) {
      start[b] = total;
      total += len[b];
      len[b] = 0;
    }
    if (total === 0) continue;
    for (let i = 0; i < count; i++) {
      const d = digits[base + i];
      if (d === 0 || s.live[i] === 0) continue;
      const b = (d < 0 ? -d : d) - 1, e = start[b] + len[b]++;
      s.pos[e] = e;
      F.copy(s.wx + e * n, s.ax + i * n);
      if (d > 0) F.copy(s.wy + e * n, s.ay + i * n);
      else F.neg(s.wy + e * n, s.ay + i * n);
    }
    while (level(law, s, start, len) > 0);
    // Running sums from the top bucket: tot = Σ (b + 1)·S_b.
    let started = false;
    law.setZero(s.acc);
    law.setZero(s.tot);
    for (let b = buckets - 1; b >= 0; b--) {
      for (let i = 0; i < len[b]; i++) {
        const e = s.pos[start[b] + i];
        law.fromAffine(s.pt, s.wx + e * n, s.wy + e * n);
        law.add(s.acc, s.acc, s.pt);
        started = true;
      }
      if (started) law.add(s.tot, s.tot, s.acc);
    }
    law.add(s.res, s.res, s.tot);
  }
  law.copy(out, s.res);
}
