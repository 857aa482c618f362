/**
 * The Fp2 products of modules whose Fp multiplication is the wide one (field/wasm/emit_mont_wide.ts):
 * Karatsuba over three inline 64-bit-limb Montgomery products, all on locals (engines with wide
 * arithmetic run these where the SIMD lanes of wasm_fp2_lanes.ts are slow: JavaScriptCore).
 *
 *   mul:  t0 = a0·b0, t1 = a1·b1, t2 = (a0 + a1)(b0 + b1);  c0 = t0 − t1,  c1 = t2 − t0 − t1
 *   sqr:  c0 = (a0 + a1)(a0 − a1 + p),  c1 = 2a0·a1
 *
 * Bounds (mul: a < 2p, b < mulInputBounds(c)[1]·p ≤ 2p; sqr: a < p; 4p < R, checked): the sums are
 * brought below 2p with one masked subtraction of 2p, so every product is < 4p² < p·R, which the
 * wide product needs, and gives < p; c0 = t0 − t1 + p < 2p and c1 = t2 − t0 − t1 + 2p < 3p are reduced
 * by masked subtractions (2p, then p). Straight-line; out may alias a or b (all loads come first).
 * 3 products instead of 4, and 3 REDC instead of 2 (the lanes' lazy sums): on JavaScriptCore the
 * wide product is 50 ns where the lane kernel takes 650 ns.
 * @module
 */
import type { FunctionBuilder } from "../../wasm/emitter.ts";
import {
  emitCondSubWide,
  emitLinearWide,
  emitMontMulWideLocals,
  loadWide,
  storeWide,
} from "../wasm/emit_mont_wide.ts";
import type { MontConstants } from "../wasm/montgomery.ts";
import type { Ref } from "./wasm_fp2_emit.ts";

const part = (c: MontConstants, r: Ref, i: 0 | 1): Ref => ({
  local: r.local,
  offset: r.offset + i * c.stride,
});

function check(c: MontConstants): void {
  if (4n * c.p >= c.R) throw new RangeError("wide Fp2: needs 4p < R");
}

/** Fp2 out ← a·b (a < 2p, b < 2p), Karatsuba over wide products. */
export function emitFp2MulWide(f: FunctionBuilder, c: MontConstants, out: Ref, a: Ref, b: Ref): void {
  check(c);
  const [A0, A1, B0, B1] = [part(c, a, 0), part(c, a, 1), part(c, b, 0), part(c, b, 1)].map((r) =>
    loadWide(f, c, r)
  );
  const t0 = emitMontMulWideLocals(f, c, A0, B0), t1 = emitMontMulWideLocals(f, c, A1, B1);
  const sa = emitCondSubWide(f, c, emitLinearWide(f, c, [[A0, 1], [A1, 1]], 0n), 2n); // < 2p
  const sb = emitCondSubWide(f, c, emitLinearWide(f, c, [[B0, 1], [B1, 1]], 0n), 2n);
  const t2 = emitMontMulWideLocals(f, c, sa, sb);
  const c0 = emitCondSubWide(f, c, emitLinearWide(f, c, [[t0, 1], [t1, -1]], 1n), 1n);
  const u = emitCondSubWide(f, c, emitLinearWide(f, c, [[t2, 1], [t0, -1], [t1, -1]], 2n), 2n);
  storeWide(f, part(c, out, 0), c0);
  storeWide(f, part(c, out, 1), emitCondSubWide(f, c, u, 1n));
}

/** Fp2 out ← a² (a < p): complex squaring over wide products. */
export function emitFp2SqrWide(f: FunctionBuilder, c: MontConstants, out: Ref, a: Ref): void {
  check(c);
  const [A0, A1] = [part(c, a, 0), part(c, a, 1)].map((r) => loadWide(f, c, r));
  const s = emitLinearWide(f, c, [[A0, 1], [A1, 1]], 0n); //   < 2p
  const d = emitLinearWide(f, c, [[A0, 1], [A1, -1]], 1n); //  < 2p
  const twice = emitLinearWide(f, c, [[A0, 2]], 0n); //        < 2p
  const c0 = emitMontMulWideLocals(f, c, s, d), c1 = emitMontMulWideLocals(f, c, twice, A1);
  storeWide(f, part(c, out, 0), c0);
  storeWide(f, part(c, out, 1), c1);
}
