/**
 * The value domain of the wasm interval analysis (wasm_interval.ts): exact BigInt affine forms over
 * symbols with interval ranges, plus the exact division relations that shifts and masks create.
 *
 * A value is a form c + Σ kᵢ·sᵢ whose integer value Z is the value an ideal machine without overflow
 * would hold; the wasm bits are Z mod 2^W (W = 32 or 64). Ring operations (add, sub, mul by a
 * constant, shl by a constant) act on forms exactly, which is sound mod 2^W whatever Z is. A product
 * of two non-constant forms, and every non-ring operation, makes a fresh symbol with a sound range.
 *
 * Floor division by 2^k (shifts, masks) is exact: x = 2^k·q + r with fresh q, r and the relation
 * recorded by eliminating one symbol of x with coefficient ±1 (a substitution, applied when a range is
 * evaluated). A range is the intersection of the form's range from its own symbols and from the
 * substituted form; both are sound, so is their intersection. This keeps the correlations the
 * kernels rely on: T − (H << 32) of the carry-save column is exactly the low-halves sum, and a carry
 * chain's h − 2^w·⌊(h + 2^(w−1)) / 2^w⌋ is exactly the rounded remainder.
 * @module
 */

/** A closed integer interval. */
export interface Range {
  readonly lo: bigint;
  readonly hi: bigint;
}

/** An affine form over symbols (immutable). */
export interface Form {
  readonly c: bigint;
  /** symbol id → coefficient (no zero coefficients). */
  readonly t: ReadonlyMap<number, bigint>;
}

const ZERO_TERMS: ReadonlyMap<number, bigint> = new Map();

/** floor(a / 2^k) for any integer a. */
export const floorShift = (a: bigint, k: bigint): bigint => a >> k; // BigInt >> is a floor shift

const bitLength = (x: bigint): number => (x < 0n ? -x : x).toString(2).length - (x === 0n ? 1 : 0);
export { bitLength };

/** The symbols, their ranges, the substitutions and the division cache of one analysis. */
export class Forms {
  private readonly lo: bigint[] = [];
  private readonly hi: bigint[] = [];
  private readonly subst = new Map<number, Form>();
  /** q = (x − r) / 2^k for divisions whose x had no pivot: used where q's coefficient is a multiple of 2^k. */
  private readonly quotient = new Map<number, { x: Form; r: Form; k: bigint }>();
  private readonly divCache = new WeakMap<Form, Map<number, { q: Form; r: Form; related?: boolean }>>();

  /** A constant form. */
  constant(c: bigint): Form {
    return { c, t: ZERO_TERMS };
  }
  /** A fresh symbol ranging over [lo, hi]. */
  fresh(lo: bigint, hi: bigint): Form {
    if (lo > hi) throw new Error(`bounds: empty range [${lo}, ${hi}]`);
    if (lo === hi) return this.constant(lo);
    const id = this.lo.length;
    this.lo.push(lo);
    this.hi.push(hi);
    return { c: 0n, t: new Map([[id, 1n]]) };
  }
  /** The constant value of f, or null. */
  constOf(f: Form): bigint | null {
    return f.t.size === 0 ? f.c : null;
  }
  /** a·x + b·y (exact). */
  combine(x: Form, a: bigint, y: Form, b: bigint): Form {
    const t = new Map<number, bigint>();
    for (const [s, k] of x.t) t.set(s, k * a);
    for (const [s, k] of y.t) {
      const v = (t.get(s) ?? 0n) + k * b;
      if (v === 0n) t.delete(s);
      else t.set(s, v);
    }
    for (const [s, k] of t) if (k === 0n) t.delete(s);
    return { c: x.c * a + y.c * b, t };
  }
  add(x: Form, y: Form): Form {
    return this.combine(x, 1n, y, 1n);
  }
  sub(x: Form, y: Form): Form {
    return this.combine(x, 1n, y, -1n);
  }
  scale(x: Form, k: bigint): Form {
    return this.combine(x, k, this.constant(0n), 0n);
  }
  plus(x: Form, c: bigint): Form {
    return { c: x.c + c, t: x.t };
  }
  /** x·y: exact when one is constant, else a fresh symbol over the product range. */
  mul(x: Form, y: Form): Form {
    const cx = this.constOf(x), cy = this.constOf(y);
    if (cx !== null) return this.scale(y, cx);
    if (cy !== null) return this.scale(x, cy);
    const a = this.range(x), b = this.range(y);
    const ps = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
    return this.fresh(ps.reduce((m, v) => (v < m ? v : m)), ps.reduce((m, v) => (v > m ? v : m)));
  }
  /** The range from the form's own symbols. */
  rawRange(f: Form): Range {
    let lo = f.c, hi = f.c;
    for (const [s, k] of f.t) {
      if (k > 0n) lo += k * this.lo[s], hi += k * this.hi[s];
      else lo += k * this.hi[s], hi += k * this.lo[s];
    }
    return { lo, hi };
  }
  /**
   * f with every substituted symbol replaced (recursively, to a bounded depth) by its defining form,
   * and every quotient symbol whose coefficient 2^k divides by (x − r) / 2^k. With `nearest`, a
   * quotient's coefficient c that 2^k does not divide is split instead, c·q = h·(x − r) + (c − h·2^k)·q
   * with h = round(c / 2^k) ≠ 0: a sum of carried limbs holds a quotient with coefficient 1 − 2^k (the
   * limb that gave the carry and the one that took it; the Karatsuba product of x25519/wasm/field.ts
   * adds neighbouring limbs).
   */
  normalize(f: Form, depth = 0, nearest = false): Form {
    const multiple = (c: bigint, k: bigint): bigint => {
      const m = 1n << k;
      if (!nearest) return c % m === 0n ? c / m : 0n;
      return (c >= 0n ? c + (m >> 1n) : c - (m >> 1n) + 1n) / m; // round(c / m), half away from zero
    };
    let any = false;
    for (const [s, k] of f.t) {
      const q = this.quotient.get(s);
      if (this.subst.has(s) || (q && multiple(k, q.k) !== 0n)) any = true;
    }
    if (!any || depth > 24) return f;
    let out: Form = this.constant(f.c);
    for (const [s, k] of f.t) {
      const d = this.subst.get(s), q = this.quotient.get(s);
      const h = q ? multiple(k, q.k) : 0n;
      if (d !== undefined) out = this.combine(out, 1n, this.normalize(d, depth + 1, nearest), k);
      else if (q && h !== 0n) {
        out = this.combine(out, 1n, this.normalize(this.sub(q.x, q.r), depth + 1, nearest), h);
        if (k !== h << q.k) out = this.combine(out, 1n, { c: 0n, t: new Map([[s, 1n]]) }, k - (h << q.k));
      } else out = this.combine(out, 1n, { c: 0n, t: new Map([[s, 1n]]) }, k);
    }
    return out;
  }
  /**
   * The sound range of f: its own symbols' range intersected with the substituted forms' (exact
   * multiples only, and with the nearest multiples split off: each is tighter somewhere).
   */
  range(f: Form): Range {
    const a = this.rawRange(f);
    if (a.lo === a.hi) return a;
    const b = this.rawRange(this.normalize(f));
    let lo = a.lo > b.lo ? a.lo : b.lo, hi = a.hi < b.hi ? a.hi : b.hi;
    if (this.quotient.size > 0) {
      const c = this.rawRange(this.normalize(f, 0, true));
      if (c.lo > lo) lo = c.lo;
      if (c.hi < hi) hi = c.hi;
    }
    return { lo, hi };
  }
  /**
   * x = 2^k·q + r with q = ⌊x / 2^k⌋, 0 ≤ r < 2^k (exact for every integer x), the relation recorded
   * (cached per form object, so a shift and a mask of the same value share q and r).
   */
  divmod(x: Form, k: number, relate = false): { q: Form; r: Form; related?: boolean } {
    let byK = this.divCache.get(x);
    const hit = byK?.get(k);
    if (hit && (!relate || hit.related)) return hit;
    const K = BigInt(k), m = 1n << K;
    if (!hit) {
      const split = this.splitAt(x, K) ?? this.splitAt(this.normalize(x), K);
      if (split) {
        if (!byK) this.divCache.set(x, byK = new Map());
        byK.set(k, { ...split, related: true });
        return split;
      }
    }
    let q: Form, r: Form;
    if (hit) ({ q, r } = hit);
    else {
      const { lo, hi } = this.range(x);
      const qlo = floorShift(lo, K), qhi = floorShift(hi, K);
      q = this.fresh(qlo, qhi);
      r = qlo === qhi ? this.fresh(lo - qlo * m, hi - qlo * m) : this.fresh(0n, m - 1n);
    }
    // Shifts record x = m·q + r by eliminating one symbol of x (coefficient ±1, widest range); masks
    // do not (an elimination made for a mask alone can only cost precision elsewhere). Without a
    // pivot, q = (x − r) / m is kept for forms in which q's coefficient is a multiple of m.
    let pivot = -1;
    const nx = this.normalize(x);
    if (relate) {
      let best = -1n;
      for (const [s, c] of nx.t) {
        if (c !== 1n && c !== -1n || this.quotient.has(s)) continue;
        const w = this.hi[s] - this.lo[s];
        if (w > best) best = w, pivot = s;
      }
    }
    if (pivot >= 0) {
      const c = nx.t.get(pivot)!;
      const rest = this.combine(nx, 1n, { c: 0n, t: new Map([[pivot, 1n]]) }, -c);
      const def = this.combine(this.combine(q, m, r, 1n), c, rest, -c); // pivot = c·(m·q + r − rest)
      this.subst.set(pivot, def);
      for (const id of q.t.keys()) this.quotient.delete(id); // q is now defined through the pivot
    } else if (!hit && q.t.size === 1 && [...q.t.values()][0] === 1n) {
      this.quotient.set([...q.t.keys()][0], { x, r, k: K });
    }
    const out = { q, r, related: relate || hit?.related };
    if (!byK) this.divCache.set(x, byK = new Map());
    byK.set(k, out);
    return out;
  }
  /**
   * x = 2^k·H + L where H gathers the terms whose coefficients 2^k divides and L the others (plus the
   * constant's low bits): when L's range is within [0, 2^k), q = H and r = L exactly (disjoint bits,
   * e.g. a word pair w0 + 2^32·w1), else null.
   */
  private splitAt(x: Form, K: bigint): { q: Form; r: Form } | null {
    const m = 1n << K;
    const hiT = new Map<number, bigint>(), loT = new Map<number, bigint>();
    for (const [s, c] of x.t) (c % m === 0n ? hiT : loT).set(s, c);
    const cq = x.c >> K, cr = x.c - (cq << K);
    const low: Form = { c: cr, t: loT };
    const r = this.rawRange(low);
    if (r.lo < 0n || r.hi >= m) return null;
    const q: Form = { c: cq, t: new Map([...hiT].map(([s, c]) => [s, c >> K])) };
    return { q, r: low };
  }
  /** The low W bits of x as an unsigned value (exact: x itself when 0 ≤ x < 2^W). */
  unsigned(x: Form, W: number): Form {
    const { lo, hi } = this.range(x);
    if (lo >= 0n && hi < 1n << BigInt(W)) return x;
    return this.divmod(x, W).r;
  }
  /** The low W bits of x as a two's-complement value (exact). */
  signed(x: Form, W: number): Form {
    const half = 1n << BigInt(W - 1);
    const { lo, hi } = this.range(x);
    if (lo >= -half && hi < half) return x;
    const r = this.unsigned(x, W);
    const top = this.divmod(r, W - 1).q; // 0 or 1: the sign bit
    return this.combine(r, 1n, top, -(1n << BigInt(W)));
  }
  /** Whether x's value is its W-bit pattern read unsigned or read signed (no wrap). */
  canonical(x: Form, W: number, quick = false): boolean {
    const M = 1n << BigInt(W), half = M >> 1n;
    const ok = (r: Range) => (r.lo >= 0n && r.hi < M) || (r.lo >= -half && r.hi < half);
    if (ok(this.rawRange(x))) return true;
    return !quick && ok(this.range(x));
  }
}
