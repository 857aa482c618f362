/**
 * Modular inversion in TypeScript, for the TypeScript kernel's element layout: Pornin's
 * optimized binary GCD (ePrint 2020/972, Algorithm 2; the same scheme as wasm/inverse.ts, whose
 * comment explains it) in exact double arithmetic, with 24-bit limbs and K = 24 inner steps per outer
 * iteration (k = 25: 50-bit approximations ā, b̄, which doubles hold exactly).
 *
 * Layout (the TS kernel's): an element is `digits` doubles d_i·2^−24 with d_i ∈ [0, 2^24), value
 * Σ d_i·2^(24i), in Montgomery form with R = 2^(24·digits), fully reduced. Montgomery conversion: u starts
 * at R² mod p, so the result v = R²·y⁻¹ is the Montgomery form of a⁻¹ for y = a·R (0 ↦ 0).
 *
 * Exactness and bounds (every intermediate is an integer below 2^53 in magnitude):
 * - ā, b̄ < 2^50; |f| + |g| ≤ 2^24 for each row of the update matrix after 24 steps.
 * - a, b ∈ [0, 2^bits) as limbs in [0, 2^24); a·f + b·g per limb < 2^49, carries < 2^26.
 * - u, v ∈ [−m, m) (top limb signed); u_i·f + v_i·g + q·m_i + carry < 2^50; needs bits + 2 ≤ 24·digits.
 * Branch-free: choices are products with 0/1 flags; flags come from `Math.floor` of scaled differences
 * (never a comparison operator), `Math.clz32` of one limb; loop bounds are public (digits, iterations).
 *
 * Timing: although no branch in this source depends on data (and the block-coverage proof passes), the
 * dudect tool (`deno task ct`) measures an input-dependent running time under V8 (≈ 15 ns spread
 * between inputs in 10–18 µs, |t| > 100; bisection in the outer-iteration code, cause not found). The
 * TS kernel therefore uses it only for `invVartime`; its constant-time `inv` is Fermat's.
 *
 * Cost: ⌈(2·bits − 1)/24⌉ outer iterations (32 for 381 bits: 768 ≥ 761 steps; 22 for 254/255 bits: 528 ≥
 * 509), each 24 inner steps of ~20 flops and ~6 limb-wise passes. Measured here: 17 µs for 381 bits and
 * 10 µs for 254/255 bits, ≈ 0.9× noble's variable-time Fp.inv (Fermat through the TS kernel: 165 µs /
 * 61 µs); see bench/field/inverse.ts.
 * @module
 */

/** Inner steps per outer iteration (k − 1), equal to the limb width. */
const K = 24;
const TWO_K = 2 ** K;
const INV_K = 2 ** -K;
const LIMB_MASK = (1n << BigInt(K)) - 1n;

/** A constant-time inversion on a Float64Array arena (see {@linkcode buildTsInverse}). */
export interface TsInverse {
  /** arena[out…] ← (arena[in…])⁻¹ in the layout above; offsets in doubles; `out` may equal `in`. */
  inv(arena: Float64Array, outOffset: number, inOffset: number): void;
}

function limbs(x: bigint, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Number((x >> BigInt(K * i)) & LIMB_MASK);
  return out;
}

/**
 * Builds the constant-time inverse modulo p (odd, 2^52 < p, bits(p) + 2 ≤ 24·digits) for elements of
 * `digits` 24-bit digits scaled by 2^−24, Montgomery form with R = 2^(24·digits). See the module comment.
 */
export function buildTsInverse(p: bigint, digits: number): TsInverse {
  return new BinaryGcd(p, digits);
}

/**
 * The state and steps of one modulus. A class (not closures) so that V8 compiles one copy of each
 * method for all fields: per-field closures would deoptimise on "wrong call target" when fields mix.
 */
class BinaryGcd implements TsInverse {
  private readonly L: number;
  private readonly iterations: number;
  private readonly m: Float64Array;
  private readonly r2: Float64Array;
  /** −p⁻¹ mod 2^24. */
  private readonly pInv: number;
  private readonly a: Float64Array;
  private readonly b: Float64Array;
  private readonly u: Float64Array;
  private readonly v: Float64Array;
  /** The four update factors of one outer round, handed to updateUV (see inv). */
  private readonly fg: Float64Array;

  constructor(p: bigint, digits: number) {
    const bits = p.toString(2).length;
    const L = digits;
    if ((p & 1n) === 0n || bits <= 52 || bits + 2 > K * L || L < 3) {
      throw new RangeError("buildTsInverse: need odd p > 2^52 with bits(p) + 2 ≤ 24·digits");
    }
    this.L = L;
    this.iterations = Math.ceil((2 * bits - 1) / K);
    this.m = limbs(p, L);
    this.r2 = limbs((1n << BigInt(2 * K * L)) % p, L);
    // −p⁻¹ mod 2^24 by Newton iteration x ← x(2 − p·x) (public).
    let x = 1n;
    for (let i = 0; i < 5; i++) x = (x * (2n - p * x)) & LIMB_MASK;
    this.pInv = Number(-x & LIMB_MASK);
    [this.a, this.b, this.u, this.v] = [0, 1, 2, 3].map(() => new Float64Array(L));
    this.fg = new Float64Array(4);
  }

  /** a ← (a·f0 + b·g0)/2^K and b ← (a·f1 + b·g1)/2^K (exact divisions), limbs renormalised, top signed. */
  private updateAB(f0: number, g0: number, f1: number, g1: number): void {
    const { a, b, L } = this;
    let ca = 0, cb = 0;
    for (let i = 0; i < L; i++) {
      const ta = a[i] * f0 + b[i] * g0 + ca;
      const tb = a[i] * f1 + b[i] * g1 + cb;
      ca = Math.floor(ta * INV_K);
      cb = Math.floor(tb * INV_K);
      if (i > 0) { // public condition (the limb index)
        a[i - 1] = ta - ca * TWO_K;
        b[i - 1] = tb - cb * TWO_K;
      }
    }
    a[L - 1] = ca;
    b[L - 1] = cb;
  }

  /** x ← |x|; returns σ = ±1 with x_old = σ·|x| (x's top limb is signed, the others in [0, 2^K)). */
  private absolute(x: Float64Array): number {
    const L = this.L;
    const sigma = 1 + 2 * Math.floor(x[L - 1] * 2 ** -40); // |top| < 2^40 → floor is −1 or 0
    let c = 0;
    for (let i = 0; i < L - 1; i++) {
      const t = x[i] * sigma + c;
      c = Math.floor(t * INV_K);
      x[i] = t - c * TWO_K;
    }
    x[L - 1] = x[L - 1] * sigma + c;
    return sigma;
  }

  /** u ← (u·f0 + v·g0)/2^K mod m, v ← (u·f1 + v·g1)/2^K mod m, both kept in [−m, m). */
  private updateUV(): void {
    const { u, v, m, L, pInv, fg } = this;
    const f0 = fg[0], g0 = fg[1], f1 = fg[2], g1 = fg[3];
    let cu = 0, cv = 0, qu = 0, qv = 0;
    for (let i = 0; i < L; i++) {
      let tu = u[i] * f0 + v[i] * g0 + cu;
      let tv = u[i] * f1 + v[i] * g1 + cv;
      if (i === 0) { // public condition: q = (t mod 2^K)·(−m⁻¹) mod 2^K makes t + q·m ≡ 0 (mod 2^K)
        const lu = tu - Math.floor(tu * INV_K) * TWO_K;
        const lv = tv - Math.floor(tv * INV_K) * TWO_K;
        qu = lu * pInv;
        qv = lv * pInv;
        qu -= Math.floor(qu * INV_K) * TWO_K;
        qv -= Math.floor(qv * INV_K) * TWO_K;
      }
      tu += qu * m[i];
      tv += qv * m[i];
      cu = Math.floor(tu * INV_K);
      cv = Math.floor(tv * INV_K);
      if (i > 0) {
        u[i - 1] = tu - cu * TWO_K;
        v[i - 1] = tv - cv * TWO_K;
      }
    }
    u[L - 1] = cu;
    v[L - 1] = cv;
    this.reduceOnce(u);
    this.reduceOnce(v);
  }

  /** x ∈ [−m, 2m) → [−m, m): subtracts m where x ≥ 0. */
  private reduceOnce(x: Float64Array): void {
    const { m, L } = this;
    const nonNeg = 1 + Math.floor(x[L - 1] * 2 ** -40); // 1 if x ≥ 0, else 0
    let c = 0;
    for (let i = 0; i < L - 1; i++) {
      const t = x[i] - nonNeg * m[i] + c;
      c = Math.floor(t * INV_K);
      x[i] = t - c * TWO_K;
    }
    x[L - 1] = x[L - 1] - nonNeg * m[L - 1] + c;
  }

  inv(arena: Float64Array, outOffset: number, inOffset: number): void {
    const { a, b, u, v, m, r2, L, fg } = this;
    for (let i = 0; i < L; i++) {
      a[i] = arena[inOffset + i] * TWO_K;
      b[i] = m[i];
      u[i] = r2[i];
      v[i] = 0;
    }
    for (let it = 0; it < this.iterations; it++) {
      // Approximations (Algorithm 2, lines 3–5): the highest limb i ≥ 2 with a_i + b_i ≠ 0, selected
      // one-hot, gives the window (x_i, x_{i−1}, x_{i−2}); c = leading zeros of a_i | b_i within 24 bits.
      let found = 0, a2 = 0, a1 = 0, a0 = 0, b2 = 0, b1 = 0, b0 = 0;
      for (let i = L - 1; i >= 2; i--) {
        const nz = -Math.floor(-(a[i] + b[i]) * 2 ** -26); // 1 iff a_i + b_i > 0
        const sel = nz * (1 - found);
        found += sel;
        a2 += sel * a[i], a1 += sel * a[i - 1], a0 += sel * a[i - 2];
        b2 += sel * b[i], b1 += sel * b[i - 1], b0 += sel * b[i - 2];
      }
      const c = Math.clz32(a2 | b2) - 8; // 0 … 23 when found (a2 | b2 ∈ [1, 2^24)); garbage otherwise
      const scale = (1 << ((c + 2) & 31)) >>> 0; // 2^(c+2): puts the top bit of max(a, b) at bit 25
      // Top 26 bits: floor(x·2^(c+2−24i)); the two low parts sum exactly (48 significant bits at most).
      const ahi = a2 * scale + Math.floor(a1 * scale * INV_K + a0 * scale * INV_K * INV_K);
      const bhi = b2 * scale + Math.floor(b1 * scale * INV_K + b0 * scale * INV_K * INV_K);
      let high = (a[2] | b[2]) >>> 2; // exact iff a, b < 2^50 (limbs ≥ 3 zero, limb 2 < 4)
      for (let i = 3; i < L; i++) high += a[i] + b[i];
      const exact = 1 + Math.floor(-high * 2 ** -30); // high < 2^30 → 1 iff high = 0
      let ab = exact * (a[0] + a[1] * TWO_K + a[2] * TWO_K * TWO_K) + (1 - exact) * (ahi * TWO_K + a[0]);
      let bb = exact * (b[0] + b[1] * TWO_K + b[2] * TWO_K * TWO_K) + (1 - exact) * (bhi * TWO_K + b[0]);

      // K inner steps (lines 6–16) with 0/1 flags.
      let f0 = 1, g0 = 0, f1 = 0, g1 = 1;
      for (let j = 0; j < K; j++) {
        const odd = ab - 2 * Math.floor(ab * 0.5);
        const sw = odd * -Math.floor((ab - bb) * 2 ** -50); // odd and ā < b̄
        let d = sw * (bb - ab);
        ab += d, bb -= d;
        d = sw * (f1 - f0), f0 += d, f1 -= d;
        d = sw * (g1 - g0), g0 += d, g1 -= d;
        ab = (ab - odd * bb) * 0.5;
        f0 -= odd * f1, g0 -= odd * g1;
        f1 += f1, g1 += g1;
      }

      this.updateAB(f0, g0, f1, g1);
      const sa = this.absolute(a), sb = this.absolute(b);
      // The update factors go through a Float64Array, not call arguments: a non-inlined call would
      // box a −0 (f = 0, σ = −1) on the heap, a data-dependent allocation (seen by `deno task ct`).
      fg[0] = f0 * sa, fg[1] = g0 * sa, fg[2] = f1 * sb, fg[3] = g1 * sb;
      this.updateUV();
    }
    // v ∈ [−m, m) → add m if negative; write out scaled by 2^−K.
    const neg = -Math.floor(v[L - 1] * 2 ** -40);
    let c = 0;
    for (let i = 0; i < L; i++) {
      const t = v[i] + neg * m[i] + c;
      c = Math.floor(t * INV_K);
      arena[outOffset + i] = (t - c * TWO_K) * INV_K;
    }
    a.fill(0), b.fill(0), u.fill(0), v.fill(0), fg.fill(0);
  }
}
