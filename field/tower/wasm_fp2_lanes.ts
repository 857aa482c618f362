/**
 * The Fp2 lane kernels of wasm_fp2_emit.ts (c0 and c1 side by side in the two i64 lanes, lazy
 * reduction) on reduced-radix limbs: w-bit limbs (limbs.ts, after Mitscha-Baude's 13 × 30-bit
 * kernel, github.com/mitschabaude/montgomery, README "13 x 30 bit multiplication") make every lane
 * product < 2^(2w), so a lane sums its column exactly with one `i64x2.add` per product (the u32
 * lanes spend three more vector ops per product on carry-save halves). The Montgomery reduction runs
 * in scalar code per lane (digit products by constants on the integer multiplier, in parallel with
 * the vector unit).
 *
 *   mul:  c0 = REDC(a0·b0 + (α·p − a1)·b1),  c1 = REDC(a0·b1 + a1·b0)
 *   sqr:  c0 = REDC((a0 + a1)·(a0 + p − a1)), c1 = REDC(a0·2a1)
 *
 * Elements stay in the kernel's layout at rest and its Montgomery radix R (montgomery.ts). With words
 * at rest (R = 2^(32N)) operands are split into w-bit limbs on load (the squaring's lazy sums are then
 * formed on the limbs; a multiplication's operand of several terms on u32 words first, as in
 * wasm_fp2_emit.ts, then split), the n digits reduce by exactly R (the last one has 32N − w(n − 1)
 * bits), and the result is packed back. With limbs at rest (R = 2^(wn), w the module's radix) the
 * limbs are loaded and stored as they are, and an operand of several terms is summed on them.
 *
 * Bounds (fiat-crypto style, exact, from radixPlan with these operand bounds; refused otherwise):
 * - mul: a-side values ≤ α·p (a0, a1, α·p − a1), b-side < β·p, two products per limb pair and lane;
 *   sqr: all four operands < 2p, one product per limb pair and lane;
 * - a column's operand products in the i64 lanes of one vector sum per accumulator the plan gives
 *   them (0, or 0 and 1 where they exceed 2^64 together: BLS12-381 with w = 30; a plan that needs a
 *   third is refused); its digit products and carry in the accumulators the plan names (Columns
 *   combines them exactly); one carry per column (V_k >> w);
 * - the lane sums are < p·R (2αβp² < p·R, 4p² < p·R: checked), so REDC < 2p; one masked subtraction
 *   per lane on the output pieces gives < p. Outputs may alias inputs (all loads come first).
 * @module
 */
import { type FunctionBuilder, I64, Op, SimdOp, V128 } from "../../wasm/emitter.ts";
import { Columns, emitOperandLimbs, emitWordsToLimbs } from "../wasm/emit_mont_reduced.ts";
import { type RadixPlan, radixPlan, splitLimbs } from "../wasm/limbs.ts";
import type { MontConstants } from "../wasm/montgomery.ts";
import type { FieldModuleContext } from "../wasm/module.ts";
import { emitFp2MulWide, emitFp2SqrWide } from "./wasm_fp2_wide.ts";
import {
  emitFp2Mul,
  emitFp2Sqr,
  type Fp2Sum,
  linearCombination,
  mulBoundsOk,
  mulInputBounds,
  type Ref,
  sumBound,
} from "./wasm_fp2_emit.ts";

const maskOf = (bits: number): bigint => (1n << BigInt(bits)) - 1n;

/** The plan of a lane kernel for these operand bounds (RangeError where it cannot hold them). */
// One Montgomery digit per step (RadixPlan.digitsPerStep): the two lanes already run two independent
// digit chains side by side, so two-digit steps gained nothing on V8 15 (222 against 223 ns in-wasm)
// and made V8 11.3 (Node 20) compile fp2_mul 1.2–1.8× slower (bench/field/wasm_variants.ts).
export function lanePlan(
  p: bigint,
  w: number,
  aBound: bigint,
  bBound: bigint,
  products: 1 | 2,
  rest: RadixPlan["rest"] = "words",
): RadixPlan {
  return radixPlan(p, w, { aBound, bBound, products, digits: 1, rest });
}

/** The layout at rest that constants c describe (montgomery.ts): words, or w-bit limbs. */
const restOf = (c: MontConstants): RadixPlan["rest"] => (c.limbBits === 32 ? "words" : "limbs");

/**
 * The limb widths the lane kernels may take by default. Of those whose plans fit p, a module takes
 * the one with the fewest limbs, and of equal counts the narrowest (fewer accumulators):
 * BLS12-381 w = 30 (13 limbs, the last products of eight multiplication columns in a second vector
 * sum), BN254 w = 29 (9 limbs either way). In-wasm loops (bench/field/wasm_variants.ts), BLS12-381
 * w = 30 against 29: fp2_mul 0.94× (Deno, V8 15), 0.86× (Node 20), 0.93× (Node 26, Bun); fp2_sqr
 * 0.92–0.93× on each; BN254 w = 30 against 29: mul 1.02×, sqr 0.98× (Deno).
 */
export const FP2_LANE_RADIXES: readonly number[] = Object.freeze([29, 30]);

/**
 * The default lane radix for layout c (words: the rule of FP2_LANE_RADIXES; limbs at rest: their own
 * width), or null where no lane plan fits p.
 */
export function defaultFp2LaneRadix(c: MontConstants): number | null {
  const key = `${c.limbBits}:${c.p}`;
  let w = DEFAULT_RADIX.get(key);
  if (w === undefined) DEFAULT_RADIX.set(key, w = chooseLaneRadix(c));
  return w;
}

/** The default lane radix per layout and prime (asked for by every Fp2 product a module emits). */
const DEFAULT_RADIX = new Map<string, number | null>();

function chooseLaneRadix(c: MontConstants): number | null {
  const [ab, bb] = mulInputBounds(c), rest = restOf(c);
  let best: { w: number; n: number } | null = null;
  for (const w of rest === "limbs" ? [c.limbBits] : FP2_LANE_RADIXES) {
    try {
      const { n } = lanesFit(lanePlan(c.p, w, BigInt(ab) * c.p + 1n, BigInt(bb) * c.p, 2, rest));
      lanesFit(lanePlan(c.p, w, 2n * c.p, 2n * c.p, 1, rest));
      if (best === null || n < best.n || (n === best.n && w < best.w)) best = { w, n };
    } catch (e) {
      if (!(e instanceof RangeError)) throw e; // a width whose plan cannot hold p
    }
  }
  return best?.w ?? null; // null: a prime the reduced lanes cannot hold, u32 lanes
}

/**
 * The lane radix a module uses: its `fp2Radix` (null: u32 lanes), else defaultFp2LaneRadix. With limbs
 * at rest the lanes refuse any width but the limbs' own (restPlanOf; the u32 lanes: checkBounds).
 */
export function fp2LaneRadix(ctx: FieldModuleContext): number | null {
  return ctx.fp2Radix !== undefined ? ctx.fp2Radix : defaultFp2LaneRadix(ctx.c);
}

/**
 * Throws RangeError unless every column's operand products fit the two vector sums of a lane
 * (accumulators 0 and 1; e.g. BLS12-381 with w = 30 puts a column's last products in the second).
 */
function lanesFit(plan: RadixPlan): RadixPlan {
  if (!plan.mul.every((col) => col.products.every((t) => t.acc <= 1))) {
    throw new RangeError(`wasm Fp2 lanes: w = ${plan.w} needs a third sum for a column's operand products`);
  }
  return plan;
}

/** The layout at rest of c for lanes of w bits: limbs at rest must be w-bit ones (RangeError). */
function restPlanOf(c: MontConstants, w: number): RadixPlan["rest"] {
  const rest = restOf(c);
  if (rest === "limbs" && w !== c.limbBits) {
    throw new RangeError(`wasm Fp2 lanes: limbs at rest take ${c.limbBits}-bit lanes, not ${w}`);
  }
  return rest;
}

/**
 * Lane ℓ ∈ {0, 1} accumulates Σ_t A_t·B_t over i32x4 limb vectors (`av[j]`: a-limbs j, lanes 0/1 for
 * the first product, 2/3 for the second when `terms` = 2; `bv[i]` likewise), column by column; each
 * column's two lanes are then extracted and reduced by scalar code, one emit_mont_reduced.ts Columns
 * per lane: the digit products are products by constants on the integer multiplier while the vector
 * unit does the operand products (measured ~20 % faster than digits kept in the lanes, and than the
 * u32 lanes: bench/field/wasm_variants.ts). Then per lane the subtraction of p where needed and the
 * stores: lane 0 at out, lane 1 at out + stride.
 */
function emitLanesReduce(
  f: FunctionBuilder,
  plan: RadixPlan,
  out: Ref,
  stride: number,
  av: readonly number[],
  bv: readonly number[],
  terms: 1 | 2,
): void {
  const { n } = plan;
  const columns = lanesFit(plan).mul;
  const lanes = [new Columns(f, plan, plan.accumulators), new Columns(f, plan, plan.accumulators)];
  // One vector sum per accumulator the plan gives a column's operand products (lanesFit: 0 or 1);
  // the second is declared only where a plan uses it.
  const sums: number[] = [f.local(V128)];
  for (let k = 0; k <= 2 * n - 2; k++) {
    const col = columns[k];
    const used = [false, false];
    const add = (g: number) => {
      sums[g] ??= f.local(V128);
      if (used[g]) f.localGet(sums[g]).simd(SimdOp.i64x2Add);
      f.localSet(sums[g]);
      used[g] = true;
    };
    for (const { i, j, acc } of col.products) { // a-limb i, b-limb j = k − i
      f.localGet(av[i]).localGet(bv[j]).simd(SimdOp.i64x2ExtmulLowI32x4U), add(acc);
      if (terms === 2) f.localGet(av[i]).localGet(bv[j]).simd(SimdOp.i64x2ExtmulHighI32x4U), add(acc);
    }
    lanes.forEach((cols, lane) => {
      cols.open(k);
      used.forEach((u, g) => {
        if (u) f.localGet(sums[g]).simdLane(SimdOp.i64x2ExtractLane, lane), cols.add(g);
      });
      cols.finish(k, col);
    });
  }
  lanes[0].store(out);
  lanes[1].store({ local: out.local, offset: out.offset + stride });
}

/**
 * w-bit limbs (i64 locals) of one coefficient of an Fp2Sum: loaded (emitOperandLimbs), or summed in the
 * layout at rest (on u32 words then split, or on the limbs themselves).
 */
function operandLimbs(f: FunctionBuilder, c: MontConstants, plan: RadixPlan, terms: Fp2Sum, part: 0 | 1) {
  const at = (r: Ref): Ref => ({ local: r.local, offset: r.offset + part * c.stride });
  if (terms.length === 1 && terms[0][1] === 1) return emitOperandLimbs(f, plan, at(terms[0][0]));
  const k = terms.reduce((acc, [, coef, bound]) => acc + (coef < 0 ? BigInt(-coef * bound) : 0n), 0n);
  const sum = linearCombination(f, c, terms.map(([r, coef]) => [at(r), coef] as const), k * c.p);
  return plan.rest === "limbs" ? sum : emitWordsToLimbs(f, plan, sum);
}

/**
 * An i32x4 of the i64 limb locals `of` (lane ℓ ← of[ℓ], wrapped; `of.length` lanes, the rest as lane
 * 0): a splat of lane 0, then a replace_lane for each later lane whose limb differs.
 */
function lanes(f: FunctionBuilder, of: readonly number[]): number {
  const v = f.local(V128);
  f.localGet(of[0]).op(Op.i32WrapI64).simd(SimdOp.i32x4Splat);
  of.forEach((l, lane) => {
    if (lane > 0 && l !== of[0]) f.localGet(l).op(Op.i32WrapI64).simdLane(SimdOp.i32x4ReplaceLane, lane);
  });
  f.localSet(v);
  return v;
}

/** Fp2 out ← a·b on w-bit lanes (operand bounds: wasm_fp2_emit.ts's emitFp2MulSums, checked there). */
export function emitFp2MulLanes(
  f: FunctionBuilder,
  c: MontConstants,
  w: number,
  out: Ref,
  a: Fp2Sum,
  b: Fp2Sum,
): void {
  if (4n * c.p >= c.R || !mulBoundsOk(c, sumBound(a), sumBound(b))) {
    throw new RangeError("wasm Fp2 mul: operand bounds too loose for p");
  }
  const alpha = BigInt(sumBound(a)), beta = BigInt(sumBound(b));
  const plan = lanePlan(c.p, w, alpha * c.p + 1n, beta * c.p, 2, restPlanOf(c, w));
  const a0 = operandLimbs(f, c, plan, a, 0), a1 = operandLimbs(f, c, plan, a, 1);
  const b0 = operandLimbs(f, c, plan, b, 0), b1 = operandLimbs(f, c, plan, b, 1);
  const na1 = limbCombination(f, plan, [[a1, -1]], alpha * c.p, alpha * c.p + 1n); // α·p − a1 ∈ [1, α·p]
  const av = a0.map((_, j) => lanes(f, [a0[j], a0[j], na1[j], a1[j]]));
  const bv = b0.map((_, i) => lanes(f, [b0[i], b1[i], b1[i], b0[i]]));
  // lane 0: a0·b0 (low) + (α·p − a1)·b1 (high); lane 1: a0·b1 (low) + a1·b0 (high)
  emitLanesReduce(f, plan, out, c.stride, av, bv, 2);
}

/** Fp2 out ← a² on w-bit lanes (complex squaring with lazy sums, as wasm_fp2_emit.ts's emitFp2Sqr). */
export function emitFp2SqrLanes(f: FunctionBuilder, c: MontConstants, w: number, out: Ref, a: Ref): void {
  if (4n * c.p >= c.R) throw new RangeError("wasm Fp2: needs 4p < R");
  const plan = lanePlan(c.p, w, 2n * c.p, 2n * c.p, 1, restPlanOf(c, w));
  const a0 = emitOperandLimbs(f, plan, a),
    a1 = emitOperandLimbs(f, plan, { ...a, offset: a.offset + c.stride });
  const below2p = (terms: readonly (readonly [readonly number[], 1 | -1])[], k: bigint) =>
    limbCombination(f, plan, terms, k, 2n * c.p);
  const sum = below2p([[a0, 1], [a1, 1]], 0n); //     a0 + a1 < 2p
  const diff = below2p([[a0, 1], [a1, -1]], c.p); // a0 − a1 + p < 2p
  const twice = below2p([[a1, 1], [a1, 1]], 0n); //  2a1 < 2p
  // One product per limb pair and lane: lanes 0 and 1 only (i64x2.extmul_low reads no others).
  const av = sum.map((_, j) => lanes(f, [sum[j], a0[j]]));
  const bv = diff.map((_, j) => lanes(f, [diff[j], twice[j]]));
  emitLanesReduce(f, plan, out, c.stride, av, bv, 1);
}

/**
 * Σ ±x_t + k on w-bit limbs (i64 locals, each < 2^w) with a signed carry from limb to limb, for a
 * result the caller knows is in [0, bound): limbs below the top end in [0, 2^w) (masked after the
 * arithmetic shift took the carry), the top limb holds the rest and is masked to the width of
 * bound's top limb (a no-op on the true value, and the bound an interval analysis sees).
 */
function limbCombination(
  f: FunctionBuilder,
  plan: RadixPlan,
  terms: readonly (readonly [readonly number[], 1 | -1])[],
  k: bigint,
  bound: bigint,
): number[] {
  const { n, w } = plan, kLimbs = splitLimbs(k, w, n), carry = f.local(I64);
  const top = maskOf(((bound - 1n) >> BigInt(w * (n - 1))).toString(2).length);
  return kLimbs.map((kj, j) => {
    const l = f.local(I64);
    f.i64Const(kj);
    for (const [x, sign] of terms) f.localGet(x[j]).op(sign > 0 ? Op.i64Add : Op.i64Sub);
    if (j > 0) f.localGet(carry).op(Op.i64Add);
    if (j < n - 1) f.localTee(l).i64Const(w).op(Op.i64ShrS).localSet(carry);
    else f.localSet(l);
    f.localGet(l).i64Const(j < n - 1 ? maskOf(w) : top).op(Op.i64And).localSet(l);
    return l;
  });
}

/**
 * fp2 out ← a·b in the module of `ctx`: Karatsuba over wide products where the module's Fp
 * multiplication is the wide one (wasm_fp2_wide.ts), else on w-bit lanes (w = fp2LaneRadix(ctx)), or
 * on u32 lanes (wasm_fp2_emit.ts) when that is null. Operand bounds: a < 2p, b < mulInputBounds(c)[1]·p.
 */
export function emitFp2MulIn(ctx: FieldModuleContext, f: FunctionBuilder, out: Ref, a: Ref, b: Ref): void {
  if (ctx.mul === "wide" && 4n * ctx.c.p < ctx.c.R) return emitFp2MulWide(f, ctx.c, out, a, b);
  const w = fp2LaneRadix(ctx);
  if (w === null) return emitFp2Mul(f, ctx.c, out, a, b);
  const [ab, bb] = mulInputBounds(ctx.c);
  emitFp2MulLanes(f, ctx.c, w, out, [[a, 1, ab]], [[b, 1, bb]]);
}

/** fp2 out ← a² in the module of `ctx` (as {@linkcode emitFp2MulIn}); a < p. */
export function emitFp2SqrIn(ctx: FieldModuleContext, f: FunctionBuilder, out: Ref, a: Ref): void {
  if (ctx.mul === "wide" && 4n * ctx.c.p < ctx.c.R) return emitFp2SqrWide(f, ctx.c, out, a);
  const w = fp2LaneRadix(ctx);
  if (w === null) return emitFp2Sqr(f, ctx.c, out, a);
  emitFp2SqrLanes(f, ctx.c, w, out, a);
}
