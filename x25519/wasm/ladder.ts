/**
 * The X25519 function of RFC 7748 §5 as one WebAssembly function `x25519(out, k, u)`: scalar clamping,
 * u decoding (bit 255 masked, values ≥ p accepted), the Montgomery ladder with constant-time
 * conditional swaps, the inversion z2^(p−2) and the canonical encoding of x2/z2.
 *
 * The ladder is a counted loop over bits 254..0 whose only `br_if` tests the counter against 0; its
 * state (x1, x2, z2, x3, z3) lives in i64 locals and the whole step is inlined, 5M + 4S + 1·a24
 * (Montgomery, "Speeding the Pollard and elliptic curve methods of factorization", 1987; RFC 7748 §5):
 * ```
 * A = x2 + z2   AA = A²   B = x2 − z2   BB = B²   E = AA − BB   C = x3 + z3   D = x3 − z3
 * DA = D·A   CB = C·B   x3 = (DA + CB)²   z3 = x1·(DA − CB)²   x2 = AA·BB   z2 = E·(AA + a24·E)
 * ```
 * Bounds: x1..z3 are tight at the top of every iteration; every mul/sqr input is a sum or difference
 * of two tight values (loose), every output tight (see field.ts).
 *
 * Two shapes of the same function are emitted (issue 15): `x25519`, the whole step inlined on i64
 * locals (fastest where the optimising tier handles one large function: V8 13 and later), and
 * `x25519_calls`, the state in memory and one call per product ({@linkcode buildLadderCalls}: V8 11
 * compiled the inline loop 3–4× slower than its own baseline tier, JavaScriptCore 1.7× slower than
 * the call shape). x25519/wasm/shape.ts chooses one at run time.
 * @module
 */

import { FunctionBuilder, I32, I64, Op } from "../../wasm/emitter.ts";
import {
  emitAdd,
  emitCswap,
  emitFromBytes,
  emitMul,
  emitMulSmall,
  emitSetSmall,
  emitSqr,
  emitStore,
  emitSub,
  type Fe,
  LIMBS,
  LocalPool,
} from "./field.ts";
import { A24 } from "../curve.ts";
import { FE_BYTES, KC, LADDER_R, LADDER_STATE, LADDER_X2, LADDER_Z2, LADDER_ZI } from "./layout.ts";
import type { FieldFunctions } from "./module.ts";

/** Copies the 32-byte scalar at (local `k`) to KC, clamped: bits 0–2 and 255 cleared, bit 254 set. */
export function emitClamp(fb: FunctionBuilder, k: number): void {
  const kc = fb.local(I32);
  fb.i32Const(KC).localSet(kc);
  for (let w = 0; w < 4; w++) {
    fb.localGet(kc).localGet(k).mem(Op.i64Load, 8 * w);
    if (w === 0) fb.i64Const(-8).op(Op.i64And);
    if (w === 3) fb.i64Const((1n << 63n) - 1n).op(Op.i64And).i64Const(1n << 62n).op(Op.i64Or);
    fb.mem(Op.i64Store, 8 * w);
  }
}

/**
 * One ladder step's bit, shared by both ladders: i ← i − 1; bit = (kc[i >> 3] >> (i & 7)) & 1 (the
 * address depends on the public counter only); swap ← swap XOR bit; mask = −swap (all ones or zero).
 * The caller swaps with `mask`, then sets swap ← bit.
 */
function emitLadderBit(fb: FunctionBuilder, i: number, bit: number, swap: number, mask: number): void {
  fb.localGet(i).i32Const(1).op(Op.i32Sub).localSet(i);
  fb.localGet(i).i32Const(3).op(Op.i32ShrU).mem(Op.i32Load8U, KC);
  fb.localGet(i).i32Const(7).op(Op.i32And).op(Op.i32ShrU).i32Const(1).op(Op.i32And);
  fb.op(Op.i64ExtendI32U).localSet(bit);
  fb.localGet(swap).localGet(bit).op(Op.i64Xor).localSet(swap);
  fb.i64Const(0).localGet(swap).op(Op.i64Sub).localSet(mask);
}

/** `x25519(out, k, u)`: out ← X25519(k, u), all three 32-byte buffers in linear memory. */
export function buildLadder(fns: FieldFunctions): FunctionBuilder {
  const fb = new FunctionBuilder([I32, I32, I32]);
  const [OUT, K, U] = [0, 1, 2];
  const pool = new LocalPool(fb);
  const [x1, x2, z2, x3, z3] = [pool.fe(), pool.fe(), pool.fe(), pool.fe(), pool.fe()];
  const [a, aa, b, bb, e, c, d, da, cb, t] = Array.from({ length: 10 }, () => pool.fe());
  const i = fb.local(I32);
  const [bit, swap, mask] = [fb.local(I64), fb.local(I64), fb.local(I64)];

  emitLadderStart(fb, pool, K, U, [x1, x2, z2, x3, z3]);

  fb.i32Const(255).localSet(i);
  fb.begin(Op.loop);
  {
    emitLadderSwap(fb, pool, [i, bit, swap, mask], [x2, z2, x3, z3]);

    emitAdd(fb, a, x2, z2);
    emitSqr(fb, pool, aa, a);
    emitSub(fb, b, x2, z2);
    emitSqr(fb, pool, bb, b);
    emitSub(fb, e, aa, bb);
    emitAdd(fb, c, x3, z3);
    emitSub(fb, d, x3, z3);
    emitMul(fb, pool, da, d, a);
    emitMul(fb, pool, cb, c, b);
    emitAdd(fb, t, da, cb);
    emitSqr(fb, pool, x3, t);
    emitSub(fb, t, da, cb);
    emitSqr(fb, pool, t, t);
    emitMul(fb, pool, z3, x1, t);
    emitMul(fb, pool, x2, aa, bb);
    emitMulSmall(fb, pool, t, e, A24);
    emitAdd(fb, t, aa, t);
    emitMul(fb, pool, z2, e, t);

    fb.localGet(i).i32Const(0).op(Op.i32Ne).brIf(0);
  }
  fb.end();
  fb.i64Const(0).localGet(swap).op(Op.i64Sub).localSet(mask);
  emitCswap(fb, pool, x2, x3, mask);
  emitCswap(fb, pool, z2, z3, mask);

  emitLadderEnd(fb, fns, OUT, x2, z2);
  return fb;
}

/**
 * A step's bit and conditional swap on scalar locals (the inline ladder): `emitLadderBit`,
 * then (x2, z2) ↔ (x3, z3) under the mask, then swap ← bit.
 */
function emitLadderSwap(
  fb: FunctionBuilder,
  pool: LocalPool,
  [i, bit, swap, mask]: readonly number[],
  [x2, z2, x3, z3]: readonly Fe[],
): void {
  emitLadderBit(fb, i, bit, swap, mask);
  emitCswap(fb, pool, x2, x3, mask);
  emitCswap(fb, pool, z2, z3, mask);
  fb.localGet(bit).localSet(swap);
}

/**
 * The ladder's start on scalar locals (the inline ladder): k clamped to KC, x1 ←
 * u decoded from (local `U`), (x2, z2) = (1, 0), (x3, z3) = (x1, 1).
 */
function emitLadderStart(
  fb: FunctionBuilder,
  pool: LocalPool,
  K: number,
  U: number,
  [x1, x2, z2, x3, z3]: readonly Fe[],
): void {
  emitClamp(fb, K);
  emitFromBytes(fb, pool, x1, U);
  emitSetSmall(fb, x2, 1);
  emitSetSmall(fb, z2, 0);
  for (let n = 0; n < LIMBS; n++) fb.localGet(x1[n]).localSet(x3[n]);
  emitSetSmall(fb, z3, 1);
}

/** out (local `OUT`) ← x2 · z2^(p−2), canonical (0 when z2 = 0: small-order or zero u), x2, z2 on locals. */
function emitLadderEnd(fb: FunctionBuilder, fns: FieldFunctions, OUT: number, x2: Fe, z2: Fe): void {
  const ptr = fb.local(I32);
  fb.i32Const(LADDER_X2).localSet(ptr);
  emitStore(fb, ptr, x2);
  fb.i32Const(LADDER_Z2).localSet(ptr);
  emitStore(fb, ptr, z2);
  emitQuotient(fb, fns, OUT);
}

/**
 * out (local `OUT`) ← x2 · z2^(p−2), canonical (0 when z2 = 0: small-order or zero u), x2 and z2 at
 * constant addresses (default LADDER_X2, LADDER_Z2): the inversion, a product, the encoding.
 */
function emitQuotient(
  fb: FunctionBuilder,
  fns: FieldFunctions,
  OUT: number,
  x2: number = LADDER_X2,
  z2: number = LADDER_Z2,
): void {
  fb.i32Const(LADDER_ZI).i32Const(z2).call(fns.invert);
  fb.i32Const(LADDER_R).i32Const(x2).i32Const(LADDER_ZI).call(fns.mul);
  fb.localGet(OUT).i32Const(LADDER_R).call(fns.tobytes);
}

/** Memory slots of the call-shaped ladder: x1, x2, z2, x3, z3 and the step's temporaries. */
const CALL_SLOTS = [
  "x1",
  "x2",
  "z2",
  "x3",
  "z3",
  "a",
  "aa",
  "b",
  "bb",
  "e",
  "c",
  "d",
  "da",
  "cb",
  "t",
] as const;
type CallSlot = typeof CALL_SLOTS[number];
/** Address of a named element of the call-shaped ladder. */
const ladderSlot = (n: CallSlot): number => LADDER_STATE + FE_BYTES * CALL_SLOTS.indexOf(n);

/** o ← p ± q on constant addresses, limb by limb (no carry), each limb loaded, combined and stored. */
function emitLinearAt(
  fb: FunctionBuilder,
  op: typeof Op.i64Add | typeof Op.i64Sub,
  o: number,
  p: number,
  q: number,
) {
  for (let k = 0; k < LIMBS; k++) {
    fb.i32Const(0).i32Const(0).mem(Op.i64Load, p + 8 * k).i32Const(0).mem(Op.i64Load, q + 8 * k);
    fb.op(op).mem(Op.i64Store, o + 8 * k);
  }
}

/** Swaps the elements at constant addresses p and q under the i64 local `mask` (all ones or zero). */
function emitCswapAt(fb: FunctionBuilder, p: number, q: number, mask: number, x: number): void {
  for (let k = 0; k < LIMBS; k++) {
    fb.localGet(mask).i32Const(0).mem(Op.i64Load, p + 8 * k).i32Const(0).mem(Op.i64Load, q + 8 * k);
    fb.op(Op.i64Xor).op(Op.i64And).localSet(x);
    for (const a of [p, q]) {
      fb.i32Const(0).i32Const(0).mem(Op.i64Load, a + 8 * k).localGet(x).op(Op.i64Xor).mem(
        Op.i64Store,
        a + 8 * k,
      );
    }
  }
}

/**
 * `x25519_calls(out, k, u)`: the same function as {@linkcode buildLadder} in a shape that engines
 * with a weaker optimising tier compile well (issue 15): the ladder state lives in memory
 * (`ladderSlot`), each multiplication and squaring is a call of the module's memory function (fe_mul,
 * fe_sq: one product per function, its operands loaded from memory), AA + a24·E one call of
 * fe_mul_a24_add, and the other additions and subtractions are inline loads and stores, the first four
 * on the conditionally swapped state without storing the swap ({@linkcode emitSwappedSums}: Node 20
 * 50.4–51.3 against 52.4–53.2 µs with the swaps stored, eight processes). No local lives across the
 * loop but the counter and the swap bit. The operation sequence, the bounds and the loop are those of
 * the inline ladder.
 */
export function buildLadderCalls(fns: FieldFunctions): FunctionBuilder {
  const [x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb, t] = CALL_SLOTS.map(ladderSlot);
  const fb = new FunctionBuilder([I32, I32, I32]);
  const [OUT, K, U] = [0, 1, 2];
  const i = fb.local(I32);
  const [bit, swap, mask, x] = [fb.local(I64), fb.local(I64), fb.local(I64), fb.local(I64)];
  const call = (f: number, ...args: number[]) => {
    for (const arg of args) fb.i32Const(arg);
    fb.call(f);
  };
  const sub = (o: number, p: number, q: number) => emitLinearAt(fb, Op.i64Sub, o, p, q);
  emitLadderStartAt(fb, fns, K, U);
  fb.i32Const(255).localSet(i);
  fb.begin(Op.loop);
  {
    emitLadderBit(fb, i, bit, swap, mask);
    // The swaps of (x2, x3) and (z2, z3) are not stored: the step reads the four only to form
    // A = x2 + z2, B = x2 − z2, C = x3 + z3, D = x3 − z3, and then overwrites them.
    emitSwappedSums(fb, mask, [x2, z2, x3, z3], [a, b, c, d]);
    fb.localGet(bit).localSet(swap);
    call(fns.sq, aa, a);
    call(fns.sq, bb, b);
    sub(e, aa, bb);
    call(fns.mul, da, d, a);
    call(fns.mul, cb, c, b);
    emitSumDifference(fb, t, a, da, cb); // t = DA + CB, a = DA − CB (a is free after DA = D·A)
    call(fns.sq, x3, t);
    call(fns.sq, t, a);
    call(fns.mul, z3, x1, t);
    call(fns.mul, x2, aa, bb);
    call(fns.mulA24Add, t, e, aa); //      t = AA + a24·E, one function
    call(fns.mul, z2, e, t);
    fb.localGet(i).i32Const(0).op(Op.i32Ne).brIf(0);
  }
  fb.end();
  fb.i64Const(0).localGet(swap).op(Op.i64Sub).localSet(mask);
  emitCswapAt(fb, x2, x3, mask, x);
  emitCswapAt(fb, z2, z3, mask, x);
  emitQuotient(fb, fns, OUT, x2, z2);
  return fb;
}

/** s ← p + q and d ← p − q at constant addresses, limb by limb in one pass (2 loads, 2 stores a limb). */
function emitSumDifference(fb: FunctionBuilder, s: number, d: number, p: number, q: number): void {
  const [x, y] = [fb.local(I64), fb.local(I64)];
  for (let k = 0; k < LIMBS; k++) {
    fb.i32Const(0).mem(Op.i64Load, p + 8 * k).localSet(x);
    fb.i32Const(0).mem(Op.i64Load, q + 8 * k).localSet(y);
    fb.i32Const(0).localGet(x).localGet(y).op(Op.i64Add).mem(Op.i64Store, s + 8 * k);
    fb.i32Const(0).localGet(x).localGet(y).op(Op.i64Sub).mem(Op.i64Store, d + 8 * k);
  }
}

/**
 * The ladder step's four sums on the conditionally swapped state, limb by limb, the swap never
 * stored: with (x2', x3') = (x2, x3) swapped under `mask` (all ones or zero) and (z2', z3') likewise,
 * A = x2' + z2', B = x2' − z2', C = x3' + z3', D = x3' − z3' at the slots `[A, B, C, D]`. One pass
 * of 4 loads and 4 stores a limb instead of the swaps' 4 loads and 4 stores and the sums' 8 loads and
 * 4 stores.
 */
function emitSwappedSums(
  fb: FunctionBuilder,
  mask: number,
  [x2, z2, x3, z3]: readonly number[],
  [A, B, C, D]: readonly number[],
): void {
  const [s2, s3, t2, t3, m] = Array.from({ length: 5 }, () => fb.local(I64));
  const load = (slot: number, k: number) => fb.i32Const(0).mem(Op.i64Load, slot + 8 * k);
  /** (lo, hi) ← (p, q) swapped under the mask: p ^ m, q ^ m with m = mask & (p ^ q). */
  const swapped = (p: number, q: number, k: number, lo: number, hi: number) => {
    load(p, k).localSet(lo);
    load(q, k).localSet(hi);
    fb.localGet(mask).localGet(lo).localGet(hi).op(Op.i64Xor).op(Op.i64And).localSet(m);
    fb.localGet(lo).localGet(m).op(Op.i64Xor).localSet(lo);
    fb.localGet(hi).localGet(m).op(Op.i64Xor).localSet(hi);
  };
  const store = (slot: number, k: number, p: number, op: typeof Op.i64Add | typeof Op.i64Sub, q: number) =>
    fb.i32Const(0).localGet(p).localGet(q).op(op).mem(Op.i64Store, slot + 8 * k);
  for (let k = 0; k < LIMBS; k++) {
    swapped(x2, x3, k, s2, s3);
    swapped(z2, z3, k, t2, t3);
    store(A, k, s2, Op.i64Add, t2);
    store(B, k, s2, Op.i64Sub, t2);
    store(C, k, s3, Op.i64Add, t3);
    store(D, k, s3, Op.i64Sub, t3);
  }
}

/**
 * The ladder's start on the call ladder's slots (`ladderSlot`): k
 * clamped to KC, x1 ← u decoded from (local `U`), (x2, z2) = (1, 0), (x3, z3) = (x1, 1).
 */
function emitLadderStartAt(fb: FunctionBuilder, fns: FieldFunctions, K: number, U: number): void {
  const [x1, x2, z2, x3, z3] = (["x1", "x2", "z2", "x3", "z3"] as const).map(ladderSlot);
  emitClamp(fb, K);
  fb.i32Const(x1).localGet(U).call(fns.frombytes);
  for (let k = 0; k < LIMBS; k++) {
    fb.i32Const(0).i64Const(k === 0 ? 1 : 0).mem(Op.i64Store, x2 + 8 * k);
    fb.i32Const(0).i64Const(0).mem(Op.i64Store, z2 + 8 * k);
    fb.i32Const(0).i32Const(0).mem(Op.i64Load, x1 + 8 * k).mem(Op.i64Store, x3 + 8 * k);
    fb.i32Const(0).i64Const(k === 0 ? 1 : 0).mem(Op.i64Store, z3 + 8 * k);
  }
}
