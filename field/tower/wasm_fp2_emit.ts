/**
 * Fp2 multiplication and squaring emitted into the base field's wasm module, with the two output
 * coefficients computed side by side in the two 64-bit lanes of wasm SIMD registers
 * (`i64x2.extmul_*_i32x4_u`: two 32×32→64 products per instruction) and lazy reduction:
 *
 *   mul:  c0 = REDC(a0·b0 + (α·p − a1)·b1),  c1 = REDC(a0·b1 + a1·b0)   (a < α·p, see emitFp2MulSums)
 *   sqr:  c0 = REDC((a0 + a1)·(a0 + p − a1)), c1 = REDC(a0·2a1)        (sums not reduced)
 *
 * (These u32 lanes are the fallback and the `fp2Radix: null` option; by default fp2_mul and fp2_sqr run
 * on the 29-bit lanes of wasm_fp2_lanes.ts, which reuse this file's operand sums and bound checks.)
 *
 * One Montgomery reduction per coefficient instead of one per product (lazy reduction: Aranha,
 * Karabina, Longa, Gebotys, López, "Faster explicit formulas for computing pairings over ordinary
 * curves", EUROCRYPT 2011, §3); the products are summed column by column in finely integrated
 * product scanning (Koç–Acar–Kaliski 1996, §5), with the carry-save column of emit_mont.ts (T = V mod
 * 2^64 and H = Σ x >> 32 per lane). Per pair of limbs: mul does 2 extmul (4 products), sqr 1 (2).
 *
 * Bounds (as fiat-crypto states them): inputs are N-limb values (limbs < 2^32) in Montgomery form with
 * R = 2^(32N), below p, or below 2p where a function says so ("loose"); 4p < R is required (checked).
 * Every lane sum is kept below p·R (checked per variant: 2αβp² for mul, 4p² for sqr), so REDC returns
 * < 2p and one conditional subtraction gives < p: outputs are fully reduced. Column values stay below
 * (3N + 1)·2^64 (≤ 3N products, each < 2^64, plus a carry < 2^40). Outputs may alias inputs (all
 * inputs are read before the first store). Straight-line: no branch, no `select`.
 * @module
 */
import { type FunctionBuilder, I64, Op, SimdOp, V128 } from "../../wasm/emitter.ts";
import type { MontConstants } from "../wasm/montgomery.ts";

const MASK32 = 0xffffffffn;

const limbCache = new Map<string, readonly number[]>();
/**
 * The `bits`-bit limbs of v ≥ 0 as numbers (index j: bits bits·j … bits·j + bits − 1; 0 past the
 * top), memoised: the generators emit the same few multiples of p for every combination, and taking
 * them apart with BigInt shifts per limb was a visible part of generating the tower (issue 13, cold
 * start).
 */
function limbsOf(v: bigint, bits: number): readonly number[] {
  const key = `${bits}:${v}`;
  let l = limbCache.get(key);
  if (l === undefined) {
    const out: number[] = [], w = BigInt(bits), mask = (1n << w) - 1n;
    for (let x = v; x > 0n; x >>= w) out.push(Number(x & mask));
    l = out;
    if (limbCache.size < 1024) limbCache.set(key, l);
  }
  return l;
}
/** Limb j of the constant v ≥ 0 in the layout of c (see limbsOf). */
const constLimb = (c: MontConstants, v: bigint, j: number): number => limbsOf(v, c.limbBits)[j] ?? 0;
/** The limb mask of c as a number: i64.const of a number below 2^32 is emitted without BigInt work. */
const maskNumber = (c: MontConstants): number => 2 ** c.limbBits - 1;

/** Local-variable helpers bound to one function. */
class Vec {
  constructor(readonly f: FunctionBuilder) {}
  v128(): number {
    return this.f.local(V128);
  }
  /** i64x2 lane-wise a op b, both locals, into `out`. */
  bin(out: number, a: number, b: number, code: number): void {
    this.f.localGet(a).localGet(b);
    this.f.simd(code).localSet(out);
  }
}

/** A carry-save column of two lanes (see emit_mont.ts' Column): T (wrapping sum), H (sum of highs). */
class Col2 {
  readonly t: number;
  readonly h: number;
  private readonly x: number;
  empty = true;
  constructor(private readonly f: FunctionBuilder) {
    this.t = f.local(V128);
    this.h = f.local(V128);
    this.x = f.local(V128);
  }
  /** Adds the i64x2 product on the stack. */
  addStack(): void {
    const { f, t, h, x } = this;
    if (this.empty) {
      f.localTee(t).i32Const(32);
      f.simd(SimdOp.i64x2ShrU).localSet(h);
    } else {
      f.localTee(x).localGet(t);
      f.simd(SimdOp.i64x2Add).localSet(t);
      f.localGet(x).i32Const(32);
      f.simd(SimdOp.i64x2ShrU).localGet(h);
      f.simd(SimdOp.i64x2Add).localSet(h);
    }
    this.empty = false;
  }
  /** Adds the small (< 2^40 per lane) i64x2 local v to the low sum. */
  addLow(v: number): void {
    const { f, t } = this;
    f.localGet(v);
    if (this.empty) {
      f.localSet(t);
      f.v128I64x2(0n, 0n).localSet(this.h);
    } else {
      f.localGet(t);
      f.simd(SimdOp.i64x2Add).localSet(t);
    }
    this.empty = false;
  }
  /** into ← V >> 32 = ((T − (H << 32)) >> 32) + H, per lane. */
  carryInto(into: number): void {
    const { f, t, h } = this;
    f.localGet(t).localGet(h).i32Const(32);
    f.simd(SimdOp.i64x2Shl);
    f.simd(SimdOp.i64x2Sub).i32Const(32);
    f.simd(SimdOp.i64x2ShrU).localGet(h);
    f.simd(SimdOp.i64x2Add).localSet(into);
  }
}

/** An element operand: address in i32 local `local` plus static byte offset. */
export interface Ref {
  readonly local: number;
  readonly offset: number;
}

/** Pushes limb j of r as an i32. */
function limb32(f: FunctionBuilder, r: Ref, j: number): void {
  f.localGet(r.local).mem(Op.i32Load, r.offset + 4 * j);
}

/**
 * Emits N-limb (value < R = 2^(wN), w = c.limbBits: u32 words or limbs at rest) arithmetic into i64
 * locals: returns locals holding x + y, x + (p − y), 2y etc. without reduction, each limb < 2^w.
 * `terms` lists (ref, coefficient), small integers; `plus` adds a constant (true: p). The caller
 * guarantees the result is in [0, R).
 */
export function linearCombination(
  f: FunctionBuilder,
  c: MontConstants,
  terms: readonly (readonly [Ref, number])[],
  plus: bigint | boolean,
): number[] {
  const out: number[] = [];
  const carry = f.local(I64);
  const k = plus === true ? c.p : plus === false ? 0n : plus;
  for (let j = 0; j < c.n; j++) {
    const l = f.local(I64);
    f.i64Const(constLimb(c, k, j));
    for (const [r, coef] of terms) {
      f.localGet(r.local).mem(Op.i64Load32U, r.offset + 4 * j);
      if (Math.abs(coef) !== 1) f.i64Const(Math.abs(coef)).op(Op.i64Mul);
      f.op(coef > 0 ? Op.i64Add : Op.i64Sub);
    }
    if (j > 0) f.localGet(carry).op(Op.i64Add);
    // |sum| < 2^40 for small coefficients: the arithmetic shift keeps the signed carry
    f.localTee(l).i64Const(c.limbBits).op(Op.i64ShrS).localSet(carry);
    f.localGet(l).i64Const(maskNumber(c)).op(Op.i64And).localSet(l);
    out.push(l);
  }
  return out;
}

/** Builds i32x4 vectors from four i32 producers (one per lane). */
export function vec4(f: FunctionBuilder, lanes: readonly (() => void)[], into: number): void {
  lanes[0]();
  f.simd(SimdOp.i32x4Splat);
  for (let lane = 1; lane < 4; lane++) {
    lanes[lane]();
    f.simdLane(SimdOp.i32x4ReplaceLane, lane);
  }
  f.localSet(into);
}

/**
 * The shared core: lane ℓ ∈ {0, 1} accumulates Σ_t A_t·B_t (t < terms) where the operands' limbs are
 * given as i32x4 vectors: `av[j]` holds a-limbs j and `bv[i]` b-limbs i, lanes (0, 1) for the first
 * product of each lane, lanes (2, 3) for the second (when `terms` = 2). Then reduces both lanes
 * (FIPS Montgomery) and stores lane 0 at out, lane 1 at out + stride.
 */
function emitLaneReduce(
  f: FunctionBuilder,
  c: MontConstants,
  out: Ref,
  av: readonly number[],
  bv: readonly number[],
  terms: 1 | 2,
): void {
  const n = c.n;
  const V = new Vec(f);
  const m = Array.from({ length: n }, () => V.v128());
  const t = Array.from({ length: n }, () => V.v128());
  const carry = V.v128();
  const col = new Col2(f);
  // Constant vectors: p's limbs splatted as i32x4 (for extmul with m), n0 splatted (for m).
  const pv = c.pLimbs.map(() => V.v128());
  c.pLimbs.forEach((pj, j) => {
    f.i32Const(pj);
    f.simd(SimdOp.i32x4Splat).localSet(pv[j]);
  });
  const n0v = V.v128();
  f.i32Const(c.n0);
  f.simd(SimdOp.i32x4Splat).localSet(n0v);
  const mask = V.v128();
  f.v128I64x2(MASK32, MASK32).localSet(mask);

  for (let k = 0; k <= 2 * n - 2; k++) {
    const jLo = Math.max(0, k - n + 1), jHi = Math.min(k, n - 1);
    col.empty = true;
    for (let j = jLo; j <= jHi; j++) {
      f.localGet(av[j]).localGet(bv[k - j]);
      f.simd(SimdOp.i64x2ExtmulLowI32x4U);
      col.addStack();
      if (terms === 2) {
        f.localGet(av[j]).localGet(bv[k - j]);
        f.simd(SimdOp.i64x2ExtmulHighI32x4U);
        col.addStack();
      }
    }
    for (let j = jLo; j <= Math.min(k - 1, n - 1); j++) {
      f.localGet(m[j]).localGet(pv[k - j]);
      f.simd(SimdOp.i64x2ExtmulLowI32x4U);
      col.addStack();
    }
    if (k > 0) col.addLow(carry);
    if (k < n) {
      // m_k = (T mod 2^32)·n0 mod 2^32 per lane: i32x4.mul leaves it in i32 lanes 0 and 2; move
      // lane 2 to lane 1 for extmul_low.
      f.localGet(col.t).localGet(n0v);
      f.simd(SimdOp.i32x4Mul);
      f.localTee(m[k]).localGet(m[k]);
      f.shuffle([0, 1, 2, 3, 8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11]).localTee(m[k]);
      f.localGet(pv[0]);
      f.simd(SimdOp.i64x2ExtmulLowI32x4U);
      col.addStack();
    } else {
      V.bin(t[k - n], col.t, mask, SimdOp.v128And);
    }
    col.carryInto(carry);
  }
  f.localGet(carry).localSet(t[n - 1]);

  // Conditional subtraction of p, per lane, then store lane 0 → out, lane 1 → out + stride.
  const d = Array.from({ length: n }, () => V.v128());
  const borrow = V.v128();
  for (let j = 0; j < n; j++) {
    f.localGet(t[j]);
    f.v128I64x2(BigInt(c.pLimbs[j]), BigInt(c.pLimbs[j]));
    f.simd(SimdOp.i64x2Sub);
    if (j > 0) {
      f.localGet(borrow);
      f.simd(SimdOp.i64x2Sub);
    }
    f.localTee(d[j]).i32Const(63);
    f.simd(SimdOp.i64x2ShrU).localSet(borrow);
    V.bin(d[j], d[j], mask, SimdOp.v128And);
  }
  f.localGet(borrow);
  f.simd(SimdOp.i64x2Neg).localSet(borrow); // all ones iff t < p: keep t
  const x = V.v128(), word = f.local(I64);
  for (let j = 0; j < n; j++) {
    // x = d ^ ((d ^ t) & keep)
    f.localGet(d[j]).localGet(d[j]).localGet(t[j]);
    f.simd(SimdOp.v128Xor).localGet(borrow);
    f.simd(SimdOp.v128And);
    f.simd(SimdOp.v128Xor).localSet(x);
    f.localGet(out.local).localGet(x);
    f.simdLane(SimdOp.i64x2ExtractLane, 0).mem(Op.i64Store32, out.offset + 4 * j);
    f.localGet(x);
    f.simdLane(SimdOp.i64x2ExtractLane, 1).localSet(word);
    f.localGet(out.local).localGet(word).mem(Op.i64Store32, out.offset + c.stride + 4 * j);
  }
}

function checkBounds(c: MontConstants): void {
  // The u32 lanes multiply 32-bit limbs: words at rest only (limbs at rest take wasm_fp2_lanes.ts).
  if (c.limbBits !== 32) throw new RangeError("wasm Fp2 u32 lanes: need words at rest");
  // Unreduced operands (< 2p) must fit N limbs and products of two of them (< 4p²) must stay below p·R.
  if (4n * c.p >= c.R) throw new RangeError("wasm Fp2: needs 4p < R");
}

/** An Fp2 operand given as a sum Σ coef·x over Fp2 elements x whose coefficients are < bound·p. */
export type Fp2Sum = readonly (readonly [ref: Ref, coef: number, bound: number])[];

/** Σ |coef|·bound: the operand is < α·p (after adding K·p for the negative terms). */
export function sumBound(terms: readonly (readonly [unknown, number, number])[]): number {
  return terms.reduce((acc, [, coef, bound]) => acc + Math.abs(coef) * bound, 0);
}

/** Whether fp2 mul accepts operands bounded by α·p and β·p: lane sums < 2αβp² < p·R, α·p < R. */
export function mulBoundsOk(c: MontConstants, alpha: number, beta: number): boolean {
  return 2n * BigInt(alpha * beta) * c.p < c.R && BigInt(Math.max(alpha, beta)) * c.p < c.R;
}

/**
 * The coefficient limbs of an operand: direct loads for a single reduced term, else the unreduced
 * Σ coef·x_i + K·p (K·p = Σ_{coef<0} |coef|·bound·p makes it ≥ 0), as N i64 locals or loaders.
 */
function operandLimbs(f: FunctionBuilder, c: MontConstants, terms: Fp2Sum, part: 0 | 1): (j: number) => void {
  const at = (r: Ref): Ref => ({ local: r.local, offset: r.offset + part * c.stride });
  if (terms.length === 1 && terms[0][1] === 1) {
    const r = at(terms[0][0]);
    return (j) => limb32(f, r, j);
  }
  const k = terms.reduce((acc, [, coef, bound]) => acc + (coef < 0 ? BigInt(-coef * bound) : 0n), 0n);
  const limbs = linearCombination(f, c, terms.map(([r, coef]) => [at(r), coef] as const), k * c.p);
  return (j) => void f.localGet(limbs[j]).op(Op.i32WrapI64);
}

/**
 * out ← a·b in Fp2 for operands given as sums (see Fp2Sum; a plain element is [[ref, 1, 1]]). The
 * sums are formed in registers without reduction: a < α·p, b < β·p with α = sumBound(a), β likewise,
 * and every lane sum a0·b0 + (α·p − a1)·b1, a0·b1 + a1·b0 is < 2αβp², which must be < p·R (checked).
 */
export function emitFp2MulSums(f: FunctionBuilder, c: MontConstants, out: Ref, a: Fp2Sum, b: Fp2Sum): void {
  checkBounds(c);
  const alpha = sumBound(a), beta = sumBound(b);
  if (!mulBoundsOk(c, alpha, beta)) throw new RangeError("wasm Fp2 mul: operand bounds too loose for p");
  const n = c.n;
  const a0 = operandLimbs(f, c, a, 0), a1 = operandLimbs(f, c, a, 1);
  const b0 = operandLimbs(f, c, b, 0), b1 = operandLimbs(f, c, b, 1);
  // α·p − a1 ∈ [1, α·p]: from a1's limbs (held in locals first)
  const a1l = Array.from({ length: n }, () => f.local(I64));
  for (let j = 0; j < n; j++) {
    a1(j);
    f.op(Op.i64ExtendI32U).localSet(a1l[j]);
  }
  const ap = BigInt(alpha) * c.p, na1: number[] = [], carry = f.local(I64);
  for (let j = 0; j < n; j++) {
    const l = f.local(I64);
    f.i64Const(constLimb(c, ap, j)).localGet(a1l[j]).op(Op.i64Sub);
    if (j > 0) f.localGet(carry).op(Op.i64Add);
    f.localTee(l).i64Const(32).op(Op.i64ShrS).localSet(carry);
    f.localGet(l).i64Const(0xffffffff).op(Op.i64And).localSet(l);
    na1.push(l);
  }
  const av: number[] = [], bv: number[] = [];
  for (let j = 0; j < n; j++) {
    const v = f.local(V128);
    vec4(f, [
      () => a0(j),
      () => a0(j),
      () => void f.localGet(na1[j]).op(Op.i32WrapI64),
      () => void f.localGet(a1l[j]).op(Op.i32WrapI64),
    ], v);
    av.push(v);
  }
  for (let i = 0; i < n; i++) {
    const v = f.local(V128);
    vec4(f, [() => b0(i), () => b1(i), () => b1(i), () => b0(i)], v);
    bv.push(v);
  }
  // lane 0: a0·b0 (low) + (α·p − a1)·b1 (high); lane 1: a0·b1 (low) + a1·b0 (high)
  emitLaneReduce(f, c, out, av, bv, 2);
}

/**
 * The loose-input bounds fp2_mul is built for: a < 2p always, b < 2p when 8p < R (BLS12-381), else
 * b < p (BN254). One kernel for every case keeps a single copy of the big function hot in the
 * instruction cache.
 */
export function mulInputBounds(c: MontConstants): [1 | 2, 1 | 2] {
  return [2, mulBoundsOk(c, 2, 2) ? 2 : 1];
}

/**
 * out ← a·b in Fp2 (out, a, b: Fp2 elements = two consecutive base slots), for coefficients of a below
 * 2p and of b below mulInputBounds(c)[1]·p (so fully reduced inputs always qualify). See the module doc.
 */
export function emitFp2Mul(f: FunctionBuilder, c: MontConstants, out: Ref, a: Ref, b: Ref): void {
  const [ab, bb] = mulInputBounds(c);
  emitFp2MulSums(f, c, out, [[a, 1, ab]], [[b, 1, bb]]);
}

/** out ← a² in Fp2 (complex squaring with lazy sums). See the module doc. */
export function emitFp2Sqr(f: FunctionBuilder, c: MontConstants, out: Ref, a: Ref): void {
  checkBounds(c);
  const n = c.n, s = c.stride;
  const a1 = { local: a.local, offset: a.offset + s };
  const sum = linearCombination(f, c, [[a, 1], [a1, 1]], false); //     a0 + a1 < 2p
  const diff = linearCombination(f, c, [[a, 1], [a1, -1]], true); //   a0 − a1 + p < 2p
  const twice = linearCombination(f, c, [[a1, 1], [a1, 1]], false); // 2a1 < 2p
  const av: number[] = [], bv: number[] = [];
  const wrap = (l: number) => () => void f.localGet(l).op(Op.i32WrapI64);
  for (let j = 0; j < n; j++) {
    const v = f.local(V128), w = f.local(V128);
    vec4(f, [wrap(sum[j]), () => limb32(f, a, j), wrap(sum[j]), () => limb32(f, a, j)], v);
    vec4(f, [wrap(diff[j]), wrap(twice[j]), wrap(diff[j]), wrap(twice[j])], w);
    av.push(v);
    bv.push(w);
  }
  emitLaneReduce(f, c, out, av, bv, 1);
}

/**
 * out ← Σ coef_i·x_i mod p for small public integer coefficients (the linear Fp operations of the
 * tower: sums, differences, negation, doubling, multiplication by ξ's small parts). Term i's value is
 * < bound_i·p (default 1). Computed on N + 1 limbs of the layout at rest (c.limbBits bits: u32 words or
 * limbs at rest) as Σ coef_i·x_i + K·p with K = Σ_{coef<0} |coef|·bound
 * (so ≥ 0), then brought below target·p (target 1: fully reduced; 2: "loose") by conditional
 * subtractions of 2^t·p for t = ⌊log₂ M⌋ … target − 1, M the largest possible quotient, or, where
 * that would take three or more, by subtracting a quotient estimate q̂·p (q − 1 ≤ q̂ ≤ q) and at most
 * one conditional subtraction (combinationReduction). Returns the N result limbs in i64 locals (not
 * stored), so that several outputs can be computed before any store.
 */
export function emitSmallCombination(
  f: FunctionBuilder,
  c: MontConstants,
  terms: readonly (readonly [Ref, number, number?])[],
  target: 1 | 2 = 1,
): number[] {
  const n = c.n, p = c.p;
  let k = 0n, maxValue = 0n;
  for (const [, coef, bound = 1] of terms) {
    if (coef < 0) k += BigInt(-coef * bound);
    else maxValue += BigInt(coef) * (BigInt(bound) * p - 1n);
  }
  maxValue += k * p;
  if (maxValue >> BigInt(c.limbBits * (n + 1)) !== 0n) {
    throw new RangeError("emitSmallCombination: coefficients too large");
  }
  const kp = k * p;
  const limbs: number[] = [];
  const carry = f.local(I64);
  for (let j = 0; j <= n; j++) {
    const l = f.local(I64);
    f.i64Const(constLimb(c, kp, j));
    if (j < n) {
      for (const [r, coef] of terms) {
        f.localGet(r.local).mem(Op.i64Load32U, r.offset + 4 * j);
        if (Math.abs(coef) !== 1) f.i64Const(Math.abs(coef)).op(Op.i64Mul);
        f.op(coef > 0 ? Op.i64Add : Op.i64Sub);
      }
    }
    if (j > 0) f.localGet(carry).op(Op.i64Add);
    f.localTee(l).i64Const(c.limbBits).op(Op.i64ShrS).localSet(carry);
    f.localGet(l).i64Const(maskNumber(c)).op(Op.i64And).localSet(l);
    limbs.push(l);
  }
  if (combinationReduction(p, maxValue, target) === "estimate") {
    subtractQuotientEstimate(f, c, limbs, maxValue);
    const low = limbs.slice(0, n); // the top limb is stale: v − q̂·p < 2p < R
    if (target === 1) condSub(f, c, low, p);
    return low;
  }
  const m = maxValue / p;
  for (let t = m > 0n ? m.toString(2).length - 1 : -1; t >= target - 1; t--) {
    condSub(f, c, limbs, p << BigInt(t));
  }
  return limbs.slice(0, n);
}

/**
 * How a combination of values ≤ maxValue is brought below target·p: conditional subtractions of
 * 2^t·p for t = ⌊log₂(maxValue / p)⌋ … target − 1, or, when those would be ESTIMATE_FROM or more,
 * the quotient estimate then at most one.
 */
export function combinationReduction(
  p: bigint,
  maxValue: bigint,
  target: 1 | 2,
): "subtractions" | "estimate" {
  const m = maxValue / p, top = m > 0n ? m.toString(2).length - 1 : -1;
  return top - (target - 1) + 1 >= ESTIMATE_FROM ? "estimate" : "subtractions";
}

/**
 * From this many conditional subtractions on, a combination subtracts q̂·p instead (one multiply-
 * subtract chain, then at most one conditional subtraction): measured faster from 3.
 */
const ESTIMATE_FROM = 3;

/** Bits of precision of the quotient estimate: p / 2^b ≥ 2^QUOTIENT_BITS. */
const QUOTIENT_BITS = 20;

/**
 * limbs (v ∈ [0, maxValue], n + 1 i64 locals < 2^w) ← v − q̂·p ∈ [0, 2p) on the first n limbs, with
 * q̂ = ⌊h·μ / 2^k⌋, h = ⌊v / 2^b⌋ read from two limbs (and masked to the bits its bound allows,
 * which changes nothing but makes h·μ < 2^62 a fact of the code), μ = ⌊2^(k+b) / p⌋ (Barrett's estimate, on a
 * quotient below 2^7). Every rounding is down, so q̂ ≤ q = ⌊v / p⌋, and the error δ of h·μ / 2^k
 * against v / p is < (maxValue / 2^b + 2^(k+b) / p) / 2^k < 1 (checked here), so q̂ ≥ q − 1. The
 * multiplication by q̂ is i64.mul: no branch, no table on the secret value.
 */
function subtractQuotientEstimate(
  f: FunctionBuilder,
  c: MontConstants,
  limbs: number[],
  maxValue: bigint,
): void {
  const n = c.n, p = c.p;
  const b = p.toString(2).length - 1 - QUOTIENT_BITS;
  const hMax = maxValue >> BigInt(b);
  const k = 62 - hMax.toString(2).length + QUOTIENT_BITS; // h·μ < 2^bits(h) · 2^(k − QUOTIENT_BITS)
  const mu = (1n << BigInt(k + b)) / p;
  const w = c.limbBits, L = Math.floor(b / w), r = b % w;
  const exact = hMax * mu < 1n << 63n && (maxValue >> BigInt(w * Math.min(L + 2, n + 1))) === 0n;
  // δ·2^k·p·2^b < maxValue·p + 2^(k+2b) must stay below 2^k·p·2^b
  const errorBelowOne = maxValue * p + (1n << BigInt(k + 2 * b)) < (p << BigInt(k + b));
  if (k <= 0 || !exact || !errorBelowOne || 2n * p >= c.R) {
    throw new RangeError("emitSmallCombination: no exact quotient estimate for this bound");
  }
  const q = f.local(I64);
  if (L + 1 <= n) f.localGet(limbs[L + 1]).i64Const(w).op(Op.i64Shl).localGet(limbs[L]).op(Op.i64Or);
  else f.localGet(limbs[L]);
  // h < 2^bits(hMax) by the bound; the mask states it in the code, so that h·μ < 2^62 is visible to
  // an interval analysis of the function (tests/bounds) without the value bound.
  f.i64Const(r).op(Op.i64ShrU).i64Const((1n << BigInt(hMax.toString(2).length)) - 1n).op(Op.i64And);
  f.i64Const(mu).op(Op.i64Mul).i64Const(k).op(Op.i64ShrU).localSet(q);
  const carry = f.local(I64);
  for (let j = 0; j < n; j++) {
    f.localGet(limbs[j]).localGet(q).i64Const(constLimb(c, p, j)).op(Op.i64Mul).op(Op.i64Sub);
    if (j > 0) f.localGet(carry).op(Op.i64Add);
    f.localTee(limbs[j]).i64Const(w).op(Op.i64ShrS).localSet(carry);
    f.localGet(limbs[j]).i64Const(maskNumber(c)).op(Op.i64And).localSet(limbs[j]);
  }
}

/** limbs ← limbs − q if limbs ≥ q, else unchanged (masked, branch-free); limbs are i64 locals < 2^w. */
function condSub(f: FunctionBuilder, c: MontConstants, limbs: readonly number[], q: bigint): void {
  const d = limbs.map(() => f.local(I64));
  const borrow = f.local(I64);
  limbs.forEach((l, j) => {
    f.localGet(l).i64Const(constLimb(c, q, j)).op(Op.i64Sub);
    if (j > 0) f.localGet(borrow).op(Op.i64Sub);
    f.localTee(d[j]).i64Const(63).op(Op.i64ShrU).localSet(borrow);
    f.localGet(d[j]).i64Const(maskNumber(c)).op(Op.i64And).localSet(d[j]);
  });
  // keep the old value iff it borrowed: l = d ^ ((d ^ l) & −borrow)
  f.i64Const(0).localGet(borrow).op(Op.i64Sub).localSet(borrow);
  limbs.forEach((l, j) => {
    f.localGet(d[j]).localGet(d[j]).localGet(l).op(Op.i64Xor).localGet(borrow).op(Op.i64And).op(Op.i64Xor);
    f.localSet(l);
  });
}

/** Stores N i64 limb locals at r. */
export function storeLimbs(f: FunctionBuilder, r: Ref, limbs: readonly number[]): void {
  limbs.forEach((l, j) => void f.localGet(r.local).localGet(l).mem(Op.i64Store32, r.offset + 4 * j));
}
