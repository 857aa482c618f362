/**
 * Pair products for the X25519 mixed ladder (ladder_mixed.ts): two field elements per
 * v128, limb k of both as i32 lanes 0 and 1 (lanes 2, 3 unused), the ten signed limbs of radix 2^25.5
 * of field.ts. Each partial product is an `i64x2.extmul_low_i32x4_s`, the columns and the carry chain
 * are i64x2, and the carried limbs are narrowed back to i32 lanes (one shuffle per limb), so that two
 * independent squarings run on the vector multiplier while the scalar products of field.ts run on the
 * integer one.
 *
 * A pair product multiplies 32-bit lanes, so both factors of every partial product must fit a signed
 * i32: the inputs are bounded by twice the tight bound (a sum or difference of two tight values, which
 * every product input of the ladder is), |limb| ≤ 2^w + 2^(w−12), and the scaled copies 19·g_j ≤
 * 19·(2^26 + 2^14) < 2^30.3 and 4·f_i < 2^28.1 fit; the columns then stay below 2^59.6 in i64 lanes (a
 * quarter of field.ts's loose bound). The carry chain is ref10's in i64x2 lanes, with the arithmetic
 * shift written as an unsigned one on a value biased by 2^63 (SIMD has no i64x2.shr_s on most x86
 * targets): c = ((h + 2^(w−1) + 2^63) >>> w) − 2^(63−w), h ← ((h + 2^(w−1)) mod 2^w) − 2^(w−1). Outputs
 * tight, as field.ts's. A lane that is not used carries some other combination of the inputs:
 * harmless, integer SIMD has no traps.
 *
 * Straight-line code (tests/ct/x25519.test.ts); bounds on extreme inputs in
 * tests/x25519/pair_bounds.test.ts and proven on the ladders that use them (tests/bounds/x25519_wasm.test.ts).
 * @module
 */
import { type FunctionBuilder, Op, SimdOp, V128 } from "../../wasm/emitter.ts";
import { CARRY_ORDER, columnTerms, emitColumn, type Fe, LIMBS, LocalPool, scaler, WIDTHS } from "./field.ts";

/** A pair of field elements: ten v128 locals, limb k of both in i32 lanes 0 and 1. */
export type Pe = readonly number[];

/** v128 locals of one function (pairs with `pe()`). */
export class VPool extends LocalPool {
  constructor(fb: FunctionBuilder) {
    super(fb, V128);
  }
  pe(): Pe {
    return this.fe();
  }
  tempPe(): Pe {
    return this.tempFe();
  }
}

/** i8x16.shuffle lanes: i64 lanes 0, 1 → i32 lanes 0, 1 (their low halves; |limb| < 2^31). */
const NARROW = [0, 1, 2, 3, 8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11];

/** ref10's carry chain (field.ts's CARRY_ORDER) in both lanes (see the module doc). */
function carryChain(fb: FunctionBuilder, vp: VPool, h: Pe): void {
  const t = vp.temp(), c = vp.temp();
  for (const k of CARRY_ORDER) {
    const w = WIDTHS[k], n = (k + 1) % LIMBS;
    const bias = (1n << BigInt(w - 1)) + (1n << 63n);
    fb.localGet(h[k]).v128I64x2(bias, bias).simd(SimdOp.i64x2Add).localSet(t);
    const off = 1n << BigInt(63 - w);
    fb.localGet(t).i32Const(w).simd(SimdOp.i64x2ShrU).v128I64x2(off, off).simd(SimdOp.i64x2Sub).localSet(c);
    const mask = (1n << BigInt(w)) - 1n, half = 1n << BigInt(w - 1);
    fb.localGet(t).v128I64x2(mask, mask).simd(SimdOp.v128And).v128I64x2(half, half).simd(SimdOp.i64x2Sub)
      .localSet(h[k]);
    fb.localGet(h[n]).localGet(c);
    if (k === LIMBS - 1) {
      // 19c = 16c + 2c + c
      fb.localGet(c).i32Const(4).simd(SimdOp.i64x2Shl).simd(SimdOp.i64x2Add);
      fb.localGet(c).i32Const(1).simd(SimdOp.i64x2Shl).simd(SimdOp.i64x2Add);
    }
    fb.simd(SimdOp.i64x2Add).localSet(h[n]);
  }
}

/** x·s in i32 lanes for the scaled copies of field.ts's `scaler` (2, 4, 19: i32x4 shl or mul). */
function pushLaneScaled(fb: FunctionBuilder, x: number, s: number): void {
  fb.localGet(x);
  if ((s & (s - 1)) === 0) fb.i32Const(Math.log2(s)).simd(SimdOp.i32x4Shl);
  else fb.v128I32x4([s, s, s, s]).simd(SimdOp.i32x4Mul);
}

/** out ← the i64x2 limbs of src narrowed to i32 lanes 0, 1 (tight: |limb| < 2^26). */
function narrowInto(fb: FunctionBuilder, out: Pe, src: Pe): void {
  for (let k = 0; k < LIMBS; k++) fb.localGet(src[k]).localGet(src[k]).shuffle(NARROW).localSet(out[k]);
}

/**
 * Both lanes: out ← f·g (100 lane products), or f² (55) when g is null, as a generator of its code (a
 * column per step, then the carry chain, then the narrowing; see field.ts's `productSteps`). Inputs ≤
 * 2·tight, output tight (see the module doc).
 */
export function* pairSteps(
  fb: FunctionBuilder,
  vp: VPool,
  out: Pe,
  f: Pe,
  g: Pe | null,
): Generator<void, void, void> {
  const sc = scaler(fb, vp, pushLaneScaled), h = g ?? f;
  const acc = vp.tempPe();
  const mul = () => fb.simd(SimdOp.i64x2ExtmulLowI32x4S), add = () => fb.simd(SimdOp.i64x2Add);
  for (let k = 0; k < LIMBS; k++) {
    const terms = columnTerms(k, g === null).map((
      [i, a, j, b],
    ): [number, number] => [sc(f[i], a), sc(h[j], b)]);
    emitColumn(fb, acc[k], terms, mul, add); // the lane products of i32 lanes 0 and 1, summed in i64 lanes
    yield;
  }
  carryChain(fb, vp, acc);
  yield;
  narrowInto(fb, out, acc);
  vp.release();
}

/**
 * out ← the pair (f, g) of two scalar elements (i32x4.splat, replace_lane): their limbs must fit an
 * i32, as every product input of the ladders does (a sum or difference of two tight values, < 2^27).
 */
export function emitPack(fb: FunctionBuilder, out: Pe, f: Fe, g: Fe): void {
  for (let k = 0; k < LIMBS; k++) {
    fb.localGet(f[k]).op(Op.i32WrapI64).simd(SimdOp.i32x4Splat);
    fb.localGet(g[k]).op(Op.i32WrapI64).simdLane(SimdOp.i32x4ReplaceLane, 1).localSet(out[k]);
  }
}

/** (f, g) ← lanes 0 and 1 of the pair v, sign-extended to i64 limbs. */
export function emitUnpack(fb: FunctionBuilder, f: Fe, g: Fe, v: Pe): void {
  for (let k = 0; k < LIMBS; k++) {
    fb.localGet(v[k]).simdLane(SimdOp.i32x4ExtractLane, 0).op(Op.i64ExtendI32S).localSet(f[k]);
    fb.localGet(v[k]).simdLane(SimdOp.i32x4ExtractLane, 1).op(Op.i64ExtendI32S).localSet(g[k]);
  }
}
