/**
 * The X25519 ladder of ladder.ts with two field elements per v128 (`x25519_simd(out, k, u)`): limb k of
 * a pair is one v128 holding both elements' limb k as i32 lanes 0 and 1 (lanes 2, 3 unused), the same
 * ten signed limbs of radix 2^25.5 as field.ts, and the ladder's independent products run two at a
 * time: each partial product is an `i64x2.extmul_low_i32x4_s`, the columns and the carry chain are
 * i64x2, and the carried limbs are narrowed back to i32 lanes (one shuffle per limb). The state is X = (x2, x3), Z = (z2, z3), so
 * the conditional swap exchanges the lanes (`v128.bitselect` of the vector and its lane swap by the
 * all-ones or zero mask). One step, with the pairs each product takes:
 * ```
 * (A, C)  = X + Z             (B, D) = X − Z
 * (AA, BB) = (A, B)²          (DA, CB) = (A, C)·(D, B)
 * (x3', W) = (DA + CB, DA − CB)²                      E = AA − BB
 * (z2', z3') = (E, x1)·(AA + a24·E, W)                 x2' = AA·BB (one lane of a pair product)
 * ```
 * 3 pair products, 2 pair squarings and a pair multiplication by a24 against 5M + 4S + 1·a24 scalar.
 * The pair operations are functions of their own on pairs in memory (`addPairFunctions`, scratch at
 * LADDER_STATE, unused by this shape), called from the loop, which keeps X, Z and (x1, x1) in v128
 * locals and does the additions, lane moves and swaps itself: as for the scalar ladder
 * (ladder.ts), V8 11 compiled the one large function less well (Node 20: 77–98 µs inline against
 * 73–76 µs with the calls, on one machine in one process, alternating).
 *
 * A pair product multiplies 32-bit lanes (`i64x2.extmul_low_i32x4_s`), so both factors of every
 * partial product must fit a signed i32: the inputs are bounded by twice the tight bound (a sum or
 * difference of two tight values, which every product input of the ladder is), |limb| ≤ 2^w + 2^(w−12),
 * and the scaled copies 19·g_j ≤ 19·(2^26 + 2^14) < 2^30.3 and 4·f_i < 2^28.1 fit; the columns then
 * stay below 2^59.6 in i64 lanes (a quarter of field.ts's loose bound). The carry chain is ref10's in
 * i64x2 lanes, with the arithmetic shift written as an unsigned one on a value biased by 2^63 (SIMD has
 * no i64x2.shr_s on most x86 targets): c = ((h + 2^(w−1) + 2^63) >>> w) − 2^(63−w), h ← ((h + 2^(w−1))
 * mod 2^w) − 2^(w−1). Outputs tight, as field.ts's. A lane that is not used carries some other
 * combination of the inputs: harmless, integer SIMD has no traps.
 *
 * Which engines run it is x25519/wasm/shape.ts's rule. Straight-line but for the counted ladder loop,
 * like the other shapes (tests/ct/x25519.test.ts); its bounds are proven on the emitted code
 * (tests/bounds/x25519_wasm.test.ts) and tested on extreme inputs (tests/x25519/pair_bounds.test.ts).
 * @module
 */
import { FunctionBuilder, I32, I64, type ModuleBuilder, Op, SimdOp, V128 } from "../../wasm/emitter.ts";
import {
  CARRY_ORDER,
  columnTerms,
  drain,
  emitFromBytes,
  emitSetSmall,
  LIMBS,
  LocalPool,
  WIDTHS,
} from "./field.ts";
import { emitClamp, emitLadderBit, emitQuotient } from "./ladder.ts";
import { A24 } from "../curve.ts";
import { LADDER_STATE, LADDER_X2, LADDER_Z2 } from "./layout.ts";
import type { FieldFunctions } from "./module.ts";

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
/** (a, b) → (b, a). */
const SWAP = [4, 5, 6, 7, 0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15];
/** (lane 0 of the first, lane 0 of the second). */
const LO_LO = [0, 1, 2, 3, 16, 17, 18, 19, 0, 1, 2, 3, 16, 17, 18, 19];
/** (lane 0 of the first, lane 1 of the second). */
const LO_HI = [0, 1, 2, 3, 20, 21, 22, 23, 0, 1, 2, 3, 20, 21, 22, 23];

/** Per limb: out ← i8x16.shuffle(a, b, lanes). */
function shuffle2(fb: FunctionBuilder, out: Pe, a: Pe, b: Pe, lanes: number[]): void {
  for (let k = 0; k < LIMBS; k++) fb.localGet(a[k]).localGet(b[k]).shuffle(lanes).localSet(out[k]);
}
/** Per limb: out ← op(a, b), an i64x2 operation. */
function lanewise(fb: FunctionBuilder, out: Pe, a: Pe, b: Pe, op: number): void {
  for (let k = 0; k < LIMBS; k++) fb.localGet(a[k]).localGet(b[k]).simd(op).localSet(out[k]);
}

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

/** Copies of the limbs scaled by small constants (2, 4, 19: i32x4 shl or mul), cached per operation. */
function scaler(fb: FunctionBuilder, vp: VPool) {
  const cache = new Map<string, number>();
  return (x: number, s: number) => {
    if (s === 1) return x;
    const key = `${x}*${s}`;
    let t = cache.get(key);
    if (t === undefined) {
      t = vp.temp();
      fb.localGet(x);
      if ((s & (s - 1)) === 0) fb.i32Const(Math.log2(s)).simd(SimdOp.i32x4Shl);
      else fb.v128I32x4([s, s, s, s]).simd(SimdOp.i32x4Mul);
      fb.localSet(t);
      cache.set(key, t);
    }
    return t;
  };
}

/** h ← Σ products of i32 lanes 0 and 1 (balanced additions, as field.ts's column). */
function column(fb: FunctionBuilder, h: number, terms: [number, number][]): void {
  for (let t = 0; t < terms.length; t++) {
    fb.localGet(terms[t][0]).localGet(terms[t][1]).simd(SimdOp.i64x2ExtmulLowI32x4S);
    if (t % 2 === 1) fb.simd(SimdOp.i64x2Add);
    if (t % 2 === 1 && t > 1) fb.simd(SimdOp.i64x2Add);
  }
  if (terms.length % 2 === 1 && terms.length > 1) fb.simd(SimdOp.i64x2Add);
  fb.localSet(h);
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
  const sc = scaler(fb, vp), h = g ?? f;
  const acc = vp.tempPe();
  for (let k = 0; k < LIMBS; k++) {
    column(fb, acc[k], columnTerms(k, g === null).map(([i, a, j, b]) => [sc(f[i], a), sc(h[j], b)]));
    yield;
  }
  carryChain(fb, vp, acc);
  yield;
  narrowInto(fb, out, acc);
  vp.release();
}

/** Both lanes: out ← s·f for a public 0 ≤ s < 2^20. Input ≤ 2·tight, output tight. */
function emitPairMulSmall(fb: FunctionBuilder, vp: VPool, out: Pe, f: Pe, s: number): void {
  const acc = vp.tempPe();
  const c = vp.temp();
  fb.v128I32x4([s, s, s, s]).localSet(c);
  for (let k = 0; k < LIMBS; k++) {
    fb.localGet(f[k]).localGet(c).simd(SimdOp.i64x2ExtmulLowI32x4S).localSet(acc[k]);
  }
  carryChain(fb, vp, acc);
  narrowInto(fb, out, acc);
  vp.release();
}

/** Bytes of a pair in memory: ten v128, limb k at 16k. */
const PAIR_BYTES = 16 * LIMBS;

/** Function indices of the pair operations on memory (addPairFunctions). */
export interface PairFunctions {
  mul: number;
  sqr: number;
  small: number;
}

/** A function on pairs in memory: loads its inputs, runs `body` on v128 locals, stores the output. */
function pairMemFunction(inputs: number, body: (fb: FunctionBuilder, vp: VPool, out: Pe, ins: Pe[]) => void) {
  const fb = new FunctionBuilder(Array.from({ length: inputs + 1 }, () => I32));
  const vp = new VPool(fb);
  const ins = Array.from({ length: inputs }, (_, i) => {
    const pe = vp.pe();
    for (let k = 0; k < LIMBS; k++) fb.localGet(i + 1).simdMem(SimdOp.v128Load, 16, 16 * k).localSet(pe[k]);
    return pe;
  });
  const out = vp.pe();
  body(fb, vp, out, ins);
  for (let k = 0; k < LIMBS; k++) fb.localGet(0).localGet(out[k]).simdMem(SimdOp.v128Store, 16, 16 * k);
  return fb;
}

/** Adds pair_mul(o, a, b), pair_sqr(o, a), pair_a24(o, a) (unexported) to the module. */
export function addPairFunctions(mb: ModuleBuilder): PairFunctions {
  return {
    mul: mb.addFunction(null, pairMemFunction(2, (fb, vp, o, [a, b]) => drain(pairSteps(fb, vp, o, a, b)))),
    sqr: mb.addFunction(null, pairMemFunction(1, (fb, vp, o, [a]) => drain(pairSteps(fb, vp, o, a, null)))),
    small: mb.addFunction(null, pairMemFunction(1, (fb, vp, o, [a]) => emitPairMulSmall(fb, vp, o, a, A24))),
  };
}

/** `x25519_simd(out, k, u)`. */
export function buildLadderSimd(fns: FieldFunctions, calls: PairFunctions): FunctionBuilder {
  const fb = new FunctionBuilder([I32, I32, I32]);
  const [OUT, K, U] = [0, 1, 2];
  const pool = new LocalPool(fb);
  const vp = new VPool(fb);
  const x1 = pool.fe(), one = pool.fe(), zero = pool.fe();
  const [X, Z, X1] = [vp.pe(), vp.pe(), vp.pe()];
  const [AC, BD, AB, AABB, DACB, S, X3W, EE, T, P, Q, R] = Array.from({ length: 12 }, () => vp.pe());
  const i = fb.local(I32);
  const [bit, swap, mask] = [fb.local(I64), fb.local(I64), fb.local(I64)];
  const M = fb.local(V128);

  emitClamp(fb, K);
  emitFromBytes(fb, pool, x1, U);
  emitSetSmall(fb, one, 1);
  emitSetSmall(fb, zero, 0);
  const pack = (out: number, lane0: number, lane1: number) => {
    fb.localGet(lane0).op(Op.i32WrapI64).simd(SimdOp.i32x4Splat);
    fb.localGet(lane1).op(Op.i32WrapI64).simdLane(SimdOp.i32x4ReplaceLane, 1).localSet(out);
  };
  for (let k = 0; k < LIMBS; k++) {
    pack(X[k], one[k], x1[k]); // (x2, x3) = (1, x1)
    pack(Z[k], zero[k], one[k]); // (z2, z3) = (0, 1)
    pack(X1[k], x1[k], x1[k]);
  }
  const swapLanes = (out: Pe, a: Pe) => shuffle2(fb, out, a, a, SWAP);
  const [PO, PA, PB] = [0, 1, 2].map((j) => LADDER_STATE + j * PAIR_BYTES);
  const store = (addr: number, v: Pe) => {
    for (let k = 0; k < LIMBS; k++) fb.i32Const(addr).localGet(v[k]).simdMem(SimdOp.v128Store, 16, 16 * k);
  };
  const load = (v: Pe, addr: number) => {
    for (let k = 0; k < LIMBS; k++) fb.i32Const(addr).simdMem(SimdOp.v128Load, 16, 16 * k).localSet(v[k]);
  };
  const mul = (out: Pe, f: Pe, g: Pe) => {
    store(PA, f), store(PB, g);
    fb.i32Const(PO).i32Const(PA).i32Const(PB).call(calls.mul);
    load(out, PO);
  };
  const sqr = (out: Pe, f: Pe) => {
    store(PA, f);
    fb.i32Const(PO).i32Const(PA).call(calls.sqr);
    load(out, PO);
  };
  const small = (out: Pe, f: Pe) => {
    store(PA, f);
    fb.i32Const(PO).i32Const(PA).call(calls.small);
    load(out, PO);
  };

  fb.i32Const(255).localSet(i);
  fb.begin(Op.loop);
  {
    emitLadderBit(fb, i, bit, swap, mask);
    fb.localGet(mask).simd(SimdOp.i64x2Splat).localSet(M);
    for (const V of [X, Z]) {
      for (let k = 0; k < LIMBS; k++) {
        fb.localGet(V[k]).localGet(V[k]).shuffle(SWAP).localGet(V[k]).localGet(M).simd(SimdOp.v128Bitselect)
          .localSet(V[k]);
      }
    }
    fb.localGet(bit).localSet(swap);

    lanewise(fb, AC, X, Z, SimdOp.i32x4Add); //   (A, C) = (x2 + z2, x3 + z3)
    lanewise(fb, BD, X, Z, SimdOp.i32x4Sub); //   (B, D) = (x2 − z2, x3 − z3)
    shuffle2(fb, AB, AC, BD, LO_LO); //           (A, B)
    sqr(AABB, AB); //                    (AA, BB)
    swapLanes(P, BD); //                          (D, B)
    mul(DACB, AC, P); //                 (DA, CB)
    swapLanes(P, DACB); //                        (CB, DA)
    lanewise(fb, Q, DACB, P, SimdOp.i32x4Add); // (DA + CB, ·)
    lanewise(fb, R, DACB, P, SimdOp.i32x4Sub); // (DA − CB, ·)
    shuffle2(fb, S, Q, R, LO_LO);
    sqr(X3W, S); //                      (x3', W = (DA − CB)²)
    swapLanes(P, AABB); //                        (BB, AA)
    lanewise(fb, EE, AABB, P, SimdOp.i32x4Sub); // (E = AA − BB, ·)
    small(T, EE); //             (a24·E, ·)
    lanewise(fb, T, T, AABB, SimdOp.i32x4Add); //  (AA + a24·E, ·)
    shuffle2(fb, Q, EE, X1, LO_HI); //            (E, x1)
    shuffle2(fb, R, T, X3W, LO_HI); //            (AA + a24·E, W)
    mul(Z, Q, R); //                     (z2', z3')
    mul(Q, AABB, P); //                  (AA·BB, ·)
    shuffle2(fb, X, Q, X3W, LO_LO); //            (x2', x3')

    fb.localGet(i).i32Const(0).op(Op.i32Ne).brIf(0);
  }
  fb.end();
  fb.i64Const(0).localGet(swap).op(Op.i64Sub).simd(SimdOp.i64x2Splat).localSet(M);
  for (const V of [X, Z]) {
    for (let k = 0; k < LIMBS; k++) {
      fb.localGet(V[k]).localGet(V[k]).shuffle(SWAP).localGet(V[k]).localGet(M).simd(SimdOp.v128Bitselect)
        .localSet(V[k]);
    }
  }
  const ptr = fb.local(I32);
  for (const [addr, V] of [[LADDER_X2, X], [LADDER_Z2, Z]] as const) {
    fb.i32Const(addr).localSet(ptr);
    for (let k = 0; k < LIMBS; k++) {
      fb.localGet(ptr).localGet(V[k]).simdLane(SimdOp.i32x4ExtractLane, 0).op(Op.i64ExtendI32S).mem(
        Op.i64Store,
        8 * k,
      );
    }
  }
  emitQuotient(fb, fns, OUT);
  return fb;
}

/** The pair ladder for buildX25519Wasm's `pairLadder`: its pair functions, then the ladder. */
export function pairLadder(mb: ModuleBuilder, fns: FieldFunctions): FunctionBuilder {
  return buildLadderSimd(fns, addPairFunctions(mb));
}
