/**
 * The X25519 ladder of ladder.ts with the SIMD unit beside the integer multiplier
 * (`x25519_mixed(out, k, u)`): the state stays on scalar i64 locals, and in each step two of the
 * squarings run as pair products in v128 lanes (pair.ts) while two or three scalar products
 * run beside them, their code interleaved column by column so that the out-of-order core overlaps
 * the vector multiplies (`i64x2.extmul_low_i32x4_s`) with the scalar `i64.mul`s. The scalar ladder is
 * bound by the one integer multiplier (≈ 720 multiplications a step); moving 110 of them to the
 * vector unit takes the step from the time of nine products to about that of seven.
 * ```
 * A = x2 + z2   B = x2 − z2   C = x3 + z3   D = x3 − z3
 * (AA, BB) = (A, B)²           ∥  DA = D·A  ∥  CB = C·B
 * (x3', W) = (DA + CB, DA − CB)²   ∥  x2' = AA·BB  ∥  a24·E   (E = AA − BB)
 * z3' = x1·W   ∥  z2' = E·(AA + a24·E)
 * ```
 * 5M + 4S + 1·a24 as in ladder.ts, 4S of them in pairs. A pair is packed from two scalar elements
 * (`i32x4.splat`, `replace_lane`: every input is a sum or difference of two tight values, < 2^27 in
 * absolute value) and unpacked with `extract_lane` and a sign extension (tight outputs). Measured
 * 2026-12-04 on one machine, one process alternating the exports (best of 40 rounds): V8 15.0 (Deno)
 * and 14.6 (Node 26) 69.5–70.0 µs against 79.5–80.1 µs for the inline ladder; V8 11.3 122 µs (its
 * shape was then the pair ladder) and JavaScriptCore 170 µs (its shape is the wide one). Interleaving
 * whole products instead of columns gained nothing (80.7 against 80.2 µs), nor did a third pair
 * product in place of the last two scalar ones (104 µs).
 *
 * Straight-line but for the counted ladder loop (tests/ct/x25519.test.ts); bounds proven on the
 * emitted code like the inline ladder's (tests/bounds/x25519_wasm.test.ts).
 * @module
 */

import { FunctionBuilder, I32, I64, Op } from "../../wasm/emitter.ts";
import { emitAdd, emitCswap, emitSub, type Fe, LocalPool, productSteps } from "./field.ts";
import { emitLadderEnd, emitLadderStart, emitLadderSwap } from "./ladder.ts";
import { emitPack, emitUnpack, pairSteps, type Pe, VPool } from "./pair.ts";
import { A24 } from "../curve.ts";
import type { FieldFunctions } from "./module.ts";

/** Runs generators of code round-robin, one step each in turn, until all are done. */
function interleave(...steps: Generator<void, void, void>[]): void {
  let live = steps;
  while (live.length > 0) live = live.filter((s) => !s.next().done);
}

/** `x25519_mixed(out, k, u)`: out ← X25519(k, u), all three 32-byte buffers in linear memory. */
export function buildLadderMixed(fns: FieldFunctions): FunctionBuilder {
  const fb = new FunctionBuilder([I32, I32, I32]);
  const [OUT, K, U] = [0, 1, 2];
  // One pool per product that runs beside another: each releases only its own scratch.
  const pool = new LocalPool(fb), side = [new LocalPool(fb), new LocalPool(fb)];
  const vp = new VPool(fb);
  const [x1, x2, z2, x3, z3] = [pool.fe(), pool.fe(), pool.fe(), pool.fe(), pool.fe()];
  const [a, aa, b, bb, e, c, d, da, cb, t, w] = Array.from({ length: 11 }, () => pool.fe());
  const [lanes, squares] = [vp.pe(), vp.pe()];
  const i = fb.local(I32);
  const [bit, swap, mask] = [fb.local(I64), fb.local(I64), fb.local(I64)];
  const pack = (out: Pe, f: Fe, g: Fe) => emitPack(fb, out, f, g);
  const unpack = (f: Fe, g: Fe, v: Pe) => emitUnpack(fb, f, g, v);

  emitLadderStart(fb, pool, K, U, [x1, x2, z2, x3, z3]);

  fb.i32Const(255).localSet(i);
  fb.begin(Op.loop);
  {
    emitLadderSwap(fb, pool, [i, bit, swap, mask], [x2, z2, x3, z3]);

    emitAdd(fb, a, x2, z2);
    emitSub(fb, b, x2, z2);
    emitAdd(fb, c, x3, z3);
    emitSub(fb, d, x3, z3);
    pack(lanes, a, b);
    interleave(
      pairSteps(fb, vp, squares, lanes, null), // (AA, BB)
      productSteps(fb, side[0], da, d, a),
      productSteps(fb, side[1], cb, c, b),
    );
    unpack(aa, bb, squares);
    emitAdd(fb, t, da, cb);
    emitSub(fb, w, da, cb);
    pack(lanes, t, w);
    emitSub(fb, e, aa, bb);
    interleave(
      pairSteps(fb, vp, squares, lanes, null), // (x3', W)
      productSteps(fb, side[0], x2, aa, bb),
      productSteps(fb, side[1], t, e, null, A24),
    );
    emitAdd(fb, t, aa, t); //              AA + a24·E
    unpack(x3, w, squares);
    interleave(productSteps(fb, side[0], z3, x1, w), productSteps(fb, side[1], z2, e, t));

    fb.localGet(i).i32Const(0).op(Op.i32Ne).brIf(0);
  }
  fb.end();
  fb.i64Const(0).localGet(swap).op(Op.i64Sub).localSet(mask);
  emitCswap(fb, pool, x2, x3, mask);
  emitCswap(fb, pool, z2, z3, mask);

  emitLadderEnd(fb, fns, OUT, x2, z2);
  return fb;
}
