// The abstract domain of the TypeScript kernel analysis (tests/bounds/ts_interp.ts): exact dyadic
// rationals n·2^e (BigInt n), and affine forms c₀ + Σ cᵢ·xᵢ over atoms xᵢ (an input limb, a product of
// two non-constant values, a floor, a floor's fractional part) each with an interval and a grid.
//
// A value carries its interval [lo, hi], its grid g (it is a multiple of 2^g) and two affine forms of
// the same exact value: `lin`, where ⌊x⌋ is an atom, and `exp`, where ⌊x⌋ is expanded to x − ρ with
// ρ = x − ⌊x⌋ ∈ [0, 1 − 2^grid(x)] an atom. The form `exp` sees that x − ⌊x⌋ = ρ (a carry chain's digit
// lies in [0, 1)); the form `lin` sees congruences through floors, e.g. that Sᵢ + qᵢ·p₀ ≡ 0 mod 2^24
// in the Montgomery column (q = frac(frac(s)·p′) expands to p′·s − p′·⌊s⌋ − ⌊u⌋, so
// q·p₀·2^-24 + s·2^-24 = 2^-24·((p′p₀ + 1)·s − …), whose grid is s's). Intervals and grids from both
// forms and from plain interval arithmetic are all sound; each value keeps the tightest.

export class D {
  /** n·2^e, normalised: n odd, or n = 0 with e = 0. */
  private constructor(readonly n: bigint, readonly e: number) {}
  static of(n: bigint, e = 0): D {
    if (n === 0n) return new D(0n, 0);
    while ((n & 1n) === 0n) {
      n >>= 1n;
      e++;
    }
    return new D(n, e);
  }
  static int(n: number | bigint): D {
    return D.of(BigInt(n));
  }
  /** The exact value of a finite double. */
  static fromDouble(x: number): D {
    if (!Number.isFinite(x)) throw new Error(`non-finite constant ${x}`);
    if (x === 0) return ZERO;
    const buf = new DataView(new ArrayBuffer(8));
    buf.setFloat64(0, x);
    const hi = buf.getUint32(0), lo = buf.getUint32(4);
    const sign = hi >>> 31 ? -1n : 1n, exp = (hi >>> 20) & 0x7ff;
    let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
    if (exp === 0) return D.of(sign * mant, -1074);
    mant |= 1n << 52n;
    return D.of(sign * mant, exp - 1075);
  }
  /** 2-adic valuation (Infinity for 0). */
  get v2(): number {
    return this.n === 0n ? Infinity : this.e;
  }
  isZero(): boolean {
    return this.n === 0n;
  }
  add(o: D): D {
    if (this.n === 0n) return o;
    if (o.n === 0n) return this;
    const e = Math.min(this.e, o.e);
    return D.of((this.n << BigInt(this.e - e)) + (o.n << BigInt(o.e - e)), e);
  }
  neg(): D {
    return this.n === 0n ? this : new D(-this.n, this.e);
  }
  sub(o: D): D {
    return this.add(o.neg());
  }
  mul(o: D): D {
    if (this.n === 0n || o.n === 0n) return ZERO;
    return new D(this.n * o.n, this.e + o.e);
  }
  shl(k: number): D {
    return this.n === 0n ? ZERO : new D(this.n, this.e + k);
  }
  cmp(o: D): number {
    const d = this.sub(o).n;
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }
  lt(o: D): boolean {
    return this.cmp(o) < 0;
  }
  le(o: D): boolean {
    return this.cmp(o) <= 0;
  }
  abs(): D {
    return this.n < 0n ? this.neg() : this;
  }
  floor(): D {
    if (this.e >= 0) return this;
    return D.of(this.n >> BigInt(-this.e));
  }
  /** The value as a bigint (it must be an integer). */
  toBigInt(): bigint {
    if (this.e < 0 && this.n !== 0n) throw new Error(`${this} is not an integer`);
    return this.n << BigInt(this.e);
  }
  toNumber(): number {
    // exact for the values compared against doubles (|n| < 2^53)
    return Number(this.n) * 2 ** this.e;
  }
  /** log2 |x| (−Infinity for 0), to three decimals or so. */
  log2(): number {
    if (this.n === 0n) return -Infinity;
    const a = this.n < 0n ? -this.n : this.n, len = a.toString(2).length;
    const top = len > 53 ? Number(a >> BigInt(len - 53)) * 2 ** (len - 53) : Number(a);
    return Math.log2(top) + this.e;
  }
  toString(): string {
    if (this.n === 0n) return "0";
    if (this.e >= 0) return (this.n << BigInt(this.e)).toString();
    return `${this.n}·2^${this.e}`;
  }
}
const ZERO: D = D.of(0n);
export const D0: D = ZERO;
export const D1: D = D.int(1);
export const dmin = (a: D, b: D): D => (a.lt(b) ? a : b);
export const dmax = (a: D, b: D): D => (a.lt(b) ? b : a);

/** An interval [lo, hi] of exact dyadics. */
export interface Iv {
  lo: D;
  hi: D;
}

export function ivMul(a: Iv, b: Iv): Iv {
  const ps = [a.lo.mul(b.lo), a.lo.mul(b.hi), a.hi.mul(b.lo), a.hi.mul(b.hi)];
  return { lo: ps.reduce(dmin), hi: ps.reduce(dmax) };
}
export function ivSquare(a: Iv): Iv {
  const l = a.lo.mul(a.lo), h = a.hi.mul(a.hi);
  if (a.lo.n <= 0n && a.hi.n >= 0n) return { lo: D0, hi: dmax(l, h) };
  return { lo: dmin(l, h), hi: dmax(l, h) };
}
export function ivMeet(a: Iv, b: Iv): Iv {
  return { lo: dmax(a.lo, b.lo), hi: dmin(a.hi, b.hi) };
}
export function ivJoin(a: Iv, b: Iv): Iv {
  return { lo: dmin(a.lo, b.lo), hi: dmax(a.hi, b.hi) };
}

/** An atom: an unknown real with an interval and a grid (it is a multiple of 2^grid). */
export interface Atom {
  id: number;
  lo: D;
  hi: D;
  grid: number;
  what: string;
}

/** c₀ + Σ cᵢ·xᵢ: coefficients by atom id (no zero coefficients). */
export class Form {
  constructor(readonly c: D, readonly terms: ReadonlyMap<number, D>) {}
  static const(c: D): Form {
    return new Form(c, new Map());
  }
  static atom(id: number): Form {
    return new Form(D0, new Map([[id, D1]]));
  }
  isConst(): boolean {
    return this.terms.size === 0;
  }
  add(o: Form, sign = 1): Form {
    const t = new Map(this.terms);
    for (const [id, c] of o.terms) {
      const s = (t.get(id) ?? D0).add(sign < 0 ? c.neg() : c);
      if (s.isZero()) t.delete(id);
      else t.set(id, s);
    }
    return new Form(this.c.add(sign < 0 ? o.c.neg() : o.c), t);
  }
  scale(k: D): Form {
    if (k.isZero()) return Form.const(D0);
    const t = new Map<number, D>();
    for (const [id, c] of this.terms) t.set(id, c.mul(k));
    return new Form(this.c.mul(k), t);
  }
  key(): string {
    return [this.c.toString(), ...[...this.terms].sort((a, b) => a[0] - b[0]).map(([i, c]) => `${c}x${i}`)]
      .join("+");
  }
}

/** The atoms of one run. */
export class Atoms {
  readonly list: Atom[] = [];
  make(lo: D, hi: D, grid: number, what: string): Atom {
    const a: Atom = { id: this.list.length, lo, hi, grid, what };
    this.list.push(a);
    return a;
  }
  ivOf(f: Form): Iv {
    let lo = f.c, hi = f.c;
    for (const [id, c] of f.terms) {
      const a = this.list[id];
      if (c.n > 0n) {
        lo = lo.add(c.mul(a.lo));
        hi = hi.add(c.mul(a.hi));
      } else {
        lo = lo.add(c.mul(a.hi));
        hi = hi.add(c.mul(a.lo));
      }
    }
    return { lo, hi };
  }
  gridOf(f: Form): number {
    let g = f.c.v2;
    for (const [id, c] of f.terms) g = Math.min(g, c.v2 + this.list[id].grid);
    return g;
  }
}
