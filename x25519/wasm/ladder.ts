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
  LocalPool,
} from "./field.ts";
import { A24 } from "../curve.ts";
import { KC, LADDER_R, LADDER_X2, LADDER_Z2, LADDER_ZI } from "./layout.ts";
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

/** `x25519(out, k, u)`: out ← X25519(k, u), all three 32-byte buffers in linear memory. */
export function buildLadder(fns: FieldFunctions): FunctionBuilder {
  const fb = new FunctionBuilder([I32, I32, I32]);
  const [OUT, K, U] = [0, 1, 2];
  const pool = new LocalPool(fb);
  const [x1, x2, z2, x3, z3] = [pool.fe(), pool.fe(), pool.fe(), pool.fe(), pool.fe()];
  const [a, aa, b, bb, e, c, d, da, cb, t] = Array.from({ length: 10 }, () => pool.fe());
  const i = fb.local(I32);
  const [bit, swap, mask] = [fb.local(I64), fb.local(I64), fb.local(I64)];

  emitClamp(fb, K);
  emitFromBytes(fb, pool, x1, U);
  emitSetSmall(fb, x2, 1);
  emitSetSmall(fb, z2, 0);
  for (let n = 0; n < 10; n++) fb.localGet(x1[n]).localSet(x3[n]);
  emitSetSmall(fb, z3, 1);

  fb.i32Const(255).localSet(i);
  fb.begin(Op.loop);
  {
    fb.localGet(i).i32Const(1).op(Op.i32Sub).localSet(i);
    // bit = (kc[i >> 3] >> (i & 7)) & 1: the address depends on the public counter only.
    fb.localGet(i).i32Const(3).op(Op.i32ShrU).mem(Op.i32Load8U, KC);
    fb.localGet(i).i32Const(7).op(Op.i32And).op(Op.i32ShrU).i32Const(1).op(Op.i32And);
    fb.op(Op.i64ExtendI32U).localSet(bit);
    fb.localGet(swap).localGet(bit).op(Op.i64Xor).localSet(swap);
    fb.i64Const(0).localGet(swap).op(Op.i64Sub).localSet(mask);
    emitCswap(fb, pool, x2, x3, mask);
    emitCswap(fb, pool, z2, z3, mask);
    fb.localGet(bit).localSet(swap);

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

  // out = x2 · z2^(p−2), canonical (0 when z2 = 0: small-order or zero u).
  const ptr = fb.local(I32);
  fb.i32Const(LADDER_X2).localSet(ptr);
  emitStore(fb, ptr, x2);
  fb.i32Const(LADDER_Z2).localSet(ptr);
  emitStore(fb, ptr, z2);
  fb.i32Const(LADDER_ZI).i32Const(LADDER_Z2).call(fns.invert);
  fb.i32Const(LADDER_R).i32Const(LADDER_X2).i32Const(LADDER_ZI).call(fns.mul);
  fb.localGet(OUT).i32Const(LADDER_R).call(fns.tobytes);
  return fb;
}
