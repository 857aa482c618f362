/**
 * Reduced-radix plans for the Montgomery kernels of emit_mont_reduced.ts: p's limbs, digits and
 * column bounds for w-bit limbs (w < 32), all derived here from p and w (public values: BigInt is
 * fine). Background: with w-bit limbs a product is < 2^(2w), so 2^(64 − 2w) products sum exactly in
 * an i64 without any carry (Mitscha-Baude, ZPrize 2022 wasm MSM, github.com/mitschabaude/montgomery,
 * README "13 x 30 bit multiplication": 16 products of 60 bits per i64 for 13 × 30-bit limbs).
 *
 * THE RADIX. With words at rest (the default, montgomery.ts: N u32 words, Montgomery form with
 * R = 2^e, e = 32N) a reduced-radix kernel splits its operands into n = ⌈e/w⌉ limbs of w bits and
 * reduces by the same R: n Montgomery digits m_k, of w bits except the last one, which has
 * e − w(n − 1) bits. Its output is a·b·2^(−e) mod p like the 32-bit kernels', so nothing outside the
 * kernel function sees the representation. With limbs at rest (`rest: "limbs"`) the elements are the
 * n = ⌈(bits + 1)/w⌉ limbs themselves and R = 2^(wn): every digit has w bits and the output pieces are
 * the limbs.
 *
 * THE BOUNDS (fiat-crypto style: every bound an exact integer, checked here, not assumed). Product
 * scanning column k holds V_k = Σ a_i·b_{k−i} + Σ m_i·p_{k−i} + carry_{k−1} with limb maxima taken
 * from the operand bound (a, b < p: limb i ≤ min(2^w − 1, (p − 1) >> wi)), digit maxima 2^bits − 1,
 * and carry_k ≤ ⌊max V_k / 2^w⌋. A column is accumulated in as few i64 accumulators as its bound
 * allows (greedily, each < 2^64); a second accumulator is the only "carry" a column adds.
 * {@linkcode radixPlan} refuses (RangeError) a choice it cannot hold exactly: w outside [8, 31] (a limb
 * must fit a u32 lane, a product an i64), a column that would need more than `maxAccumulators`
 * accumulators (the default 2: one extra carry at most), or p ≥ R/2.
 * @module
 */

/** One product term of a column: limb i of the left operand times limb j of the right one. */
export interface Term {
  readonly i: number;
  readonly j: number;
  /** The accumulator it is added to. */
  readonly acc: number;
}

/** How column k is accumulated (k = 0 … 2n − 2). */
export interface ColumnPlan {
  /** Squaring: cross products a_i·a_j, i < j, summed once and doubled (accumulators then doubled). */
  readonly cross: readonly Term[];
  /** Operand products a_i·b_j (squaring: the square a_{k/2}², i = j). */
  readonly products: readonly Term[];
  /**
   * A plan of two operand pairs (RadixOptions.pairs = 2, multiplication only): the second pair's
   * products c_i·d_j, all in accumulator 1 (the first pair's are all in accumulator 0); else empty.
   */
  readonly products2: readonly Term[];
  /** Digit products m_i·p_j of earlier digits (i < k). */
  readonly digits: readonly Term[];
  /** The accumulator of the incoming carry (none in column 0: −1). */
  readonly carryAcc: number;
  /** The accumulator of m_k·p_0 (k < n), else −1. */
  readonly digitAcc: number;
  /** Number of accumulators (1 or 2 …), and each one's exact maximum (< 2^64). */
  readonly accBounds: readonly bigint[];
  /** The exact maximum of the column value V_k. */
  readonly bound: bigint;
}

/** Everything a reduced-radix kernel needs to know about p and w. */
export interface RadixPlan {
  readonly p: bigint;
  /** Limb bits w and number of limbs n = ⌈e/w⌉. */
  readonly w: number;
  readonly n: number;
  /**
   * The Montgomery exponent e (R = 2^e) and N = ⌈bits/32⌉, the u32 words of the words layout: e = 32N
   * with words at rest, e = wn with limbs at rest (`rest`).
   */
  readonly e: number;
  readonly words: number;
  /**
   * What an element is at rest: N u32 words ("words", montgomery.ts's default layout: operands are
   * split into limbs on load and packed on store), or the n w-bit limbs themselves, one per u32 slot
   * ("limbs": loaded and stored as they are; the pieces of V/R are then the limbs).
   */
  readonly rest: "words" | "limbs";
  /** p as n w-bit limbs. */
  readonly pLimbs: readonly bigint[];
  /** −p⁻¹ mod 2^w (the digit factor; the last digit uses its low bits). */
  readonly n0: bigint;
  /**
   * Digits per reduction step: 1 (m_k from column k alone) or 2 (digits k, k + 1 of an even k < n − 1
   * together, a 2w-bit digit from −p⁻¹ mod 2^(2w): `n0Pair`; emit_mont_reduced.ts Columns).
   */
  readonly digitsPerStep: 1 | 2;
  /** −p⁻¹ mod 2^(2w) (2w ≤ 62: a positive i64). */
  readonly n0Pair: bigint;
  /** Operand pairs of the multiplication columns (RadixOptions.pairs): 2 for a·b + c·d. */
  readonly pairs: 1 | 2;
  /** Bit width of each digit m_k: w, except the last one, e − w(n − 1). */
  readonly digitBits: readonly number[];
  /**
   * The output pieces of V/R (< 2p before the final subtraction), low to high: their bit offsets
   * and widths. Column n − 1 gives the first wn − e bits (if any), columns n … 2n − 2 one w-bit
   * piece each, the last carry the top piece.
   */
  readonly pieces: readonly { readonly offset: number; readonly bits: number }[];
  readonly mul: readonly ColumnPlan[];
  readonly sqr: readonly ColumnPlan[];
  /** The largest number of accumulators any column uses. */
  readonly accumulators: number;
}

const I64_MAX = (1n << 64n) - 1n;

/** x as n limbs of w bits (x < 2^(wn)). */
export function splitLimbs(x: bigint, w: number, n: number): bigint[] {
  if (x < 0n || x >> BigInt(w * n) !== 0n) throw new RangeError("value does not fit the limbs");
  const mask = (1n << BigInt(w)) - 1n;
  return Array.from({ length: n }, (_, i) => (x >> BigInt(w * i)) & mask);
}

/** −p⁻¹ mod 2^w for odd p, by Newton–Hensel lifting (each step doubles the correct low bits). */
export function negInverse(p: bigint, w: number): bigint {
  const m = 1n << BigInt(w);
  let x = p % m; // correct mod 2^3 for odd p
  for (let bits = 3; bits < w; bits *= 2) x = (x * (2n - p * x)) % m;
  x = ((x % m) + m) % m;
  if ((p * x) % m !== 1n) throw new Error("unreachable: Hensel lifting failed");
  return (m - x) % m;
}

/** Greedy accumulator assignment under a per-accumulator limit (< 2^64). */
class Accumulators {
  readonly bounds: bigint[] = [];
  constructor(private readonly max: number, private readonly where: string) {}
  /** Adds a term of maximum `bound` to the first accumulator with room and returns its index. */
  add(bound: bigint, limit = I64_MAX): number {
    let g = this.bounds.findIndex((b) => b + bound <= limit);
    if (g < 0) {
      g = this.bounds.length;
      if (g >= this.max || bound > limit) {
        throw new RangeError(`${this.where}: needs more than ${this.max} i64 accumulators (exact bounds)`);
      }
      this.bounds.push(0n);
    }
    this.bounds[g] += bound;
    return g;
  }
  /** Adds a term of maximum `bound` to accumulator g itself (opened if new); returns g. */
  addTo(g: number, bound: bigint): number {
    while (this.bounds.length <= g) this.bounds.push(0n);
    if (g >= this.max || this.bounds[g] + bound > I64_MAX) {
      throw new RangeError(`${this.where}: accumulator ${g} cannot hold its operand products (exact bounds)`);
    }
    this.bounds[g] += bound;
    return g;
  }
  double(): void {
    for (let g = 0; g < this.bounds.length; g++) this.bounds[g] *= 2n;
  }
}

/** What the columns must hold (defaults: a, b < p, one product per limb pair, two accumulators). */
export interface RadixOptions {
  /** At most this many i64 accumulators per column (else RangeError). */
  readonly maxAccumulators?: number;
  /** Exclusive bounds of the operand values (lazy operands: a < α·p). */
  readonly aBound?: bigint;
  readonly bBound?: bigint;
  /** Products per limb pair and lane: 2 for a lane that sums two products (Fp2, wasm_fp2_lanes.ts). */
  readonly products?: 1 | 2;
  /** Montgomery digits per reduction step (RadixPlan.digitsPerStep; default 2). */
  readonly digits?: 1 | 2;
  /**
   * Operand pairs of the multiplication: 2 for a·b + c·d with one reduction (emit_mont_reduced.ts
   * `mul2`), each pair's products in an accumulator of its own (0 and 1). Default 1.
   */
  readonly pairs?: 1 | 2;
  /** The layout at rest (RadixPlan.rest): "words" (default) or "limbs" (n = ⌈(bits + 1)/w⌉, e = wn). */
  readonly rest?: "words" | "limbs";
}

/**
 * The plan for p with w-bit limbs (see the module doc): limbs, digits, and each column's
 * accumulators with exact bounds, for multiplication (a, b < p) and squaring. Throws RangeError on a
 * choice whose bounds cannot be held exactly.
 */
export function radixPlan(p: bigint, w: number, options: RadixOptions = {}): RadixPlan {
  const {
    maxAccumulators = 2,
    aBound = p,
    bBound = p,
    products: times = 1,
    digits = 2,
    pairs = 1,
    rest = "words",
  } = options;
  // A plan is frozen data of its arguments: the generators ask for the same ones per function (the
  // Fp2 lane kernels, each module), and a plan costs 0.1–0.3 ms of BigInt work in cold code.
  const key = `${p}:${w}:${maxAccumulators}:${aBound}:${bBound}:${times}:${digits}:${pairs}:${rest}`;
  let plan = PLANS.get(key);
  if (plan === undefined) {
    PLANS.set(
      key,
      plan = computeRadixPlan(p, w, maxAccumulators, aBound, bBound, times, digits, pairs, rest),
    );
  }
  return plan;
}

/** The plans computed so far (a handful per program: one per field, radix and operand bounds). */
const PLANS = new Map<string, RadixPlan>();

function computeRadixPlan(
  p: bigint,
  w: number,
  maxAccumulators: number,
  aBound: bigint,
  bBound: bigint,
  times: number,
  digitsPerStep: 1 | 2,
  pairs: 1 | 2,
  rest: "words" | "limbs",
): RadixPlan {
  if (!Number.isInteger(w) || w < 8 || w > 31) throw new RangeError(`radix: w = ${w} outside [8, 31]`);
  if (p < 3n || (p & 1n) === 0n) throw new RangeError("radix: modulus must be odd");
  const bitLength = p.toString(2).length, words = Math.ceil(bitLength / 32);
  // Limbs at rest: as many limbs as hold 2p (montgomery.ts montConstants(p, w)), R = 2^(wn).
  const e = rest === "limbs" ? w * Math.ceil((bitLength + 1) / w) : 32 * words;
  if (2n * p >= 1n << BigInt(e)) throw new RangeError("radix: needs p < R/2 (one spare top bit)");
  const n = Math.ceil(e / w);
  const W = BigInt(w), mask = (1n << W) - 1n;
  const digitBits = Array.from({ length: n }, (_, k) => Math.min(w, e - w * k));
  const pLimbs = splitLimbs(p, w, n);
  // Operand limb maxima for values < bound.
  const limbsBelow = (bound: bigint) =>
    Array.from({ length: n }, (_, i) => {
      const top = (bound - 1n) >> (W * BigInt(i));
      return top < mask ? top : mask;
    });
  const limbMax = limbsBelow(aBound), limbMaxB = limbsBelow(bBound), T = BigInt(times);
  if ((aBound - 1n) >> BigInt(e) !== 0n || (bBound - 1n) >> BigInt(e) !== 0n) {
    throw new RangeError("radix: operands ≥ R");
  }
  const digitMax = digitBits.map((b) => (1n << BigInt(b)) - 1n);
  // a·b + c·d + m·p < 2p·R, so that V/R < 2p before the final subtraction (for a, b < p: 2p < R).
  if (
    pairs === 2 &&
    2n * T * (aBound - 1n) * (bBound - 1n) + ((1n << BigInt(e)) - 1n) * p >= 2n * p << BigInt(e)
  ) {
    throw new RangeError("radix: two products exceed 2p·R");
  }

  const plan = (square: boolean): ColumnPlan[] => {
    const columns: ColumnPlan[] = [];
    let carry = 0n;
    for (let k = 0; k <= 2 * n - 2; k++) {
      const acc = new Accumulators(maxAccumulators, `radix w = ${w}, n = ${n}: column ${k}`);
      const cross: Term[] = [], products: Term[] = [], products2: Term[] = [], digits: Term[] = [];
      const lo = Math.max(0, k - n + 1), hi = Math.min(k, n - 1);
      if (square) {
        for (let i = lo; i < k - i; i++) {
          cross.push({ i, j: k - i, acc: acc.add(limbMax[i] * limbMax[k - i], I64_MAX / 2n) });
        }
        acc.double();
        if (k % 2 === 0) products.push({ i: k / 2, j: k / 2, acc: acc.add(limbMax[k / 2] ** 2n) });
      } else if (pairs === 2) { // a·b in accumulator 0, c·d in accumulator 1 (operands of the same bounds)
        for (let i = lo; i <= hi; i++) {
          products.push({ i, j: k - i, acc: acc.addTo(0, T * limbMax[i] * limbMaxB[k - i]) });
        }
        for (let i = lo; i <= hi; i++) {
          products2.push({ i, j: k - i, acc: acc.addTo(1, T * limbMax[i] * limbMaxB[k - i]) });
        }
      } else {
        for (let i = lo; i <= hi; i++) {
          products.push({ i, j: k - i, acc: acc.add(T * limbMax[i] * limbMaxB[k - i]) });
        }
      }
      for (let i = lo; i <= Math.min(k - 1, n - 1); i++) {
        digits.push({ i, j: k - i, acc: acc.add(digitMax[i] * pLimbs[k - i]) });
      }
      const carryAcc = k > 0 ? acc.add(carry) : -1;
      const digitAcc = k < n ? acc.add(digitMax[k] * pLimbs[0]) : -1;
      const bound = acc.bounds.reduce((x, y) => x + y, 0n);
      columns.push({
        cross,
        products,
        products2,
        digits,
        carryAcc,
        digitAcc,
        accBounds: [...acc.bounds],
        bound,
      });
      carry = bound >> W;
    }
    // The last carry is the top piece of V/R < 2p (checked below through the pieces).
    return columns;
  };
  const mul = plan(false), sqr = plan(true);

  const g = w * n - e;
  const pieces: { offset: number; bits: number }[] = [];
  if (g > 0) pieces.push({ offset: 0, bits: g });
  for (let k = n; k <= 2 * n - 2; k++) pieces.push({ offset: g + w * (k - n), bits: w });
  const top = g + w * (n - 1);
  // V/R < 2p < 2^(e+1): the last carry is the top piece, or provably 0 when the columns reach e + 1.
  if (top < e + 1) pieces.push({ offset: top, bits: e + 1 - top });
  const accumulators = Math.max(...[...mul, ...sqr].map((col) => col.accBounds.length));
  return Object.freeze({
    p,
    w,
    n,
    e,
    words,
    rest,
    pLimbs: Object.freeze(pLimbs),
    n0: negInverse(p, w),
    digitsPerStep,
    n0Pair: negInverse(p, 2 * w),
    pairs,
    digitBits: Object.freeze(digitBits),
    pieces: Object.freeze(pieces),
    mul: Object.freeze(mul),
    sqr: Object.freeze(sqr),
    accumulators,
  });
}
