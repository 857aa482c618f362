/**
 * Fixed-base scalar multiplication in WebAssembly on edwards25519 (−x² + y² = 1 + d·x²·y²), the
 * twisted Edwards form of Curve25519, in the manner of ref10's ge_scalarmult_base with one table row
 * per signed radix-32 digit (x25519/base_table.ts): [k]B = 2^254·B + Σ_i e_i·(32^i·8B), each term read
 * from row i by a masked scan of all 16 entries, then u = (1 + y)/(1 − y) = (Z + Y)/(Z − Y)
 * (RFC 7748 §4.1).
 *
 * ```
 * recode(e, k)          51 signed digits of the clamped scalar                       straight-line
 * x25519_base(out, k)   clamp, recode, then for each of the 51 rows a masked scan of   counted loops
 *                       all 16 entries (inner loop) and a mixed addition (7M), then u
 * ```
 * The scan is a small loop rather than unrolled code on purpose: unrolled, it and the addition no
 * longer fit the CPU's instruction caches together and the driver ran 1.5× slower. The running point
 * and the selected entry stay in locals (an earlier version passed the entry through memory, where
 * 8-byte loads of 16-byte SIMD stores missed store-to-load forwarding; keeping the point in locals
 * across rows saved another 6%).
 * @module
 */

import { FunctionBuilder, I32, I64, Op, SimdOp, V128 } from "../../wasm/emitter.ts";
import {
  emitAdd,
  emitCmov,
  emitCswap,
  emitLoad,
  emitMul,
  emitNeg,
  emitStore,
  emitSub,
  type Fe,
  LIMBS,
  LocalPool,
} from "./field.ts";
import {
  BASE_DEN,
  BASE_H,
  BASE_NUM,
  DIGITS,
  ENTRY_BYTES,
  ENTRY_LANES,
  FE_BYTES,
  KC,
  ROW_BYTES,
  START,
  TABLE,
  TABLE_COLS,
  TABLE_ROWS,
} from "./layout.ts";
import { WINDOW } from "../base_table.ts";
import { emitClamp } from "./ladder.ts";
import type { FieldFunctions } from "./module.ts";

/**
 * `recode(e, k)`: the clamped scalar k = 2^254 + 8·k' at (k) as the signed radix-32 digits of k',
 * i32 each at (e): windows n_i = bits [3 + 5i, 3 + 5i + 5) ∩ [3, 254), then e_i = n_i + c_i − 32·c_{i+1}
 * with c_{i+1} = ⌊(n_i + c_i + 16) / 32⌋, so e_i ∈ [−16, 16) and the top digit e_50 = n_50 + c_50 ∈ [0, 2].
 * Branch-free; the loads read bytes up to k + 34 (masked away past bit 253).
 */
export function buildRecode(): FunctionBuilder {
  const fb = new FunctionBuilder([I32, I32]);
  const [d, carry] = [fb.local(I32), fb.local(I32)];
  const half = 2 ** (WINDOW - 1);
  for (let i = 0; i < TABLE_ROWS; i++) {
    const pos = 3 + WINDOW * i;
    const bits = Math.min(WINDOW, 254 - pos);
    fb.localGet(1).mem(Op.i32Load, pos >> 3).i32Const(pos & 7).op(Op.i32ShrU);
    fb.i32Const(2 ** bits - 1).op(Op.i32And).localGet(carry).op(Op.i32Add).localSet(d);
    if (i < TABLE_ROWS - 1) {
      fb.localGet(d).i32Const(half).op(Op.i32Add).i32Const(WINDOW).op(Op.i32ShrS).localSet(carry);
      fb.localGet(d).localGet(carry).i32Const(WINDOW).op(Op.i32Shl).op(Op.i32Sub).localSet(d);
    }
    fb.localGet(0).localGet(d).mem(Op.i32Store, 4 * i);
  }
  return fb;
}

/**
 * Computes abs = |digit| (neg = digit >>> 31; abs = digit − 2·(digit ∧ −neg)) and returns a helper that
 * pushes the i32 mask −[abs = j] = −(((abs ⊕ j) − 1) >>> 31), all ones or zero, for j pushed by `pushJ`.
 */
function digitAbs(fb: FunctionBuilder, digit: number): (pushJ: () => void) => void {
  const [neg, abs] = [fb.local(I32), fb.local(I32)];
  fb.localGet(digit).i32Const(31).op(Op.i32ShrU).localSet(neg);
  fb.localGet(digit).i32Const(0).localGet(neg).op(Op.i32Sub).localGet(digit).op(Op.i32And);
  fb.i32Const(1).op(Op.i32Shl).op(Op.i32Sub).localSet(abs);
  return (pushJ) => {
    fb.i32Const(0).localGet(abs);
    pushJ();
    fb.op(Op.i32Xor).i32Const(1).op(Op.i32Sub).i32Const(31).op(Op.i32ShrU).op(Op.i32Sub);
  };
}

/**
 * Emits the masked scan of one row into three i64 field elements `out` (y + x, y − x, 2d·x·y of
 * |digit|·P, where entry j − 1 of the row at (local `row`) holds j·P as i32 lanes): out = OR over j of
 * (mask_j ∧ entry_j) with mask_j = −[|digit| = j], entry 0 being the neutral element (1, 1, 0);
 * exactly one mask is all ones, and every entry is read, in a counted loop over j = 1..16. With
 * `useSimd` the lanes are scanned four at a time (v128.and / v128.or) and widened by
 * i64x2.extend_*_i32x4_s + extract_lane; without, one i32 lane at a time. Entries tight; output tight.
 */
function emitScan(fb: FunctionBuilder, out: Fe[], row: number, digit: number, useSimd: boolean): void {
  const pushEq = digitAbs(fb, digit);
  const [j, ptr] = [fb.local(I32), fb.local(I32)];
  const acc = Array.from(
    { length: useSimd ? ENTRY_LANES / 4 : 3 * LIMBS },
    () => fb.local(useSimd ? V128 : I64),
  );
  const mask = fb.local(useSimd ? V128 : I64);
  const setMask = (jj: number | null) => {
    pushEq(() => (jj === null ? fb.localGet(j) : fb.i32Const(jj)));
    if (useSimd) fb.simd(SimdOp.i32x4Splat).localSet(mask);
    else fb.op(Op.i64ExtendI32S).localSet(mask);
  };
  // Entry 0, the neutral element: lane 0 (limb 0 of y + x) and lane 10 (limb 0 of y − x) are 1.
  setMask(0);
  for (let v = 0; v < acc.length; v++) {
    if (useSimd) {
      fb.v128I32x4([0, 1, 2, 3].map((l) => (4 * v + l === 0 || 4 * v + l === LIMBS ? 1 : 0)));
      fb.localGet(mask).simd(SimdOp.v128And).localSet(acc[v]);
    } else fb.i64Const(v === 0 || v === LIMBS ? 1 : 0).localGet(mask).op(Op.i64And).localSet(acc[v]);
  }
  // Entries 1..16: j counts up from 0, ptr = row + (j − 1)·ENTRY_BYTES.
  fb.i32Const(0).localSet(j);
  fb.localGet(row).localSet(ptr);
  fb.begin(Op.loop);
  {
    fb.localGet(j).i32Const(1).op(Op.i32Add).localSet(j);
    setMask(null);
    for (let v = 0; v < acc.length; v++) {
      fb.localGet(acc[v]).localGet(mask).localGet(ptr);
      if (useSimd) {
        fb.simdMem(SimdOp.v128Load, 16, 16 * v).simd(SimdOp.v128And).simd(SimdOp.v128Or).localSet(acc[v]);
      } else fb.mem(Op.i32Load, 4 * v).op(Op.i64ExtendI32S).op(Op.i64And).op(Op.i64Or).localSet(acc[v]);
    }
    fb.localGet(ptr).i32Const(ENTRY_BYTES).op(Op.i32Add).localSet(ptr);
    fb.localGet(j).i32Const(TABLE_COLS).op(Op.i32Ne).brIf(0);
  }
  fb.end();
  // Lane n of the entry is limb n % 10 of field ⌊n / 10⌋ (lanes 30 and 31 are padding).
  for (let n = 0; n < 3 * LIMBS; n++) {
    const target = out[Math.floor(n / LIMBS)][n % LIMBS];
    if (!useSimd) {
      fb.localGet(acc[n]).localSet(target);
      continue;
    }
    fb.localGet(acc[n >> 2]);
    fb.simd((n & 2) === 0 ? SimdOp.i64x2ExtendLowI32x4S : SimdOp.i64x2ExtendHighI32x4S);
    fb.simd(SimdOp.i64x2ExtractLane).op(n & 1).localSet(target);
  }
}

/**
 * Emits h ← h + t if the i64 `mask` is zero, h − t if it is all ones, with h = (X : Y : Z : T)
 * extended and t = (y + x, y − x, 2d·x·y) affine Niels (Hisil, Wong, Carter, Dawson, "Twisted Edwards
 * Curves Revisited", 2008: madd-2008-hwcd-3 for a = −1; ref10's ge_madd then ge_p1p1_to_p3). −t is
 * (y − x, y + x, −2d·x·y): a masked swap and a masked negation. Complete on edwards25519. 7M:
 * ```
 * A = (Y − X)·(y − x)   B = (Y + X)·(y + x)   C = T·2dxy   D = 2Z
 * E = B − A   F = D − C   G = D + C   H = B + A   X = E·F   Y = G·H   Z = F·G   T = E·H
 * ```
 * Inputs tight; every mul input a sum of at most three tight values (loose); outputs tight.
 */
function emitMadd(fb: FunctionBuilder, pool: LocalPool, h: Fe[], t: Fe[], mask: number): void {
  const [X, Y, Z, T] = h;
  const [ypx, ymx, xy2d] = t;
  const [a, b, c, d, e, f, g, hh] = Array.from({ length: 8 }, () => pool.fe());
  emitCswap(fb, pool, ypx, ymx, mask);
  emitNeg(fb, a, xy2d);
  emitCmov(fb, xy2d, a, mask);
  emitSub(fb, a, Y, X);
  emitMul(fb, pool, a, a, ymx);
  emitAdd(fb, b, Y, X);
  emitMul(fb, pool, b, b, ypx);
  emitMul(fb, pool, c, T, xy2d);
  emitAdd(fb, d, Z, Z);
  emitSub(fb, e, b, a);
  emitSub(fb, f, d, c);
  emitAdd(fb, g, d, c);
  emitAdd(fb, hh, b, a);
  emitMul(fb, pool, X, e, f);
  emitMul(fb, pool, Y, g, hh);
  emitMul(fb, pool, Z, f, g);
  emitMul(fb, pool, T, e, hh);
}

/** `x25519_base(out, k)`: out ← X25519(k, 9) through the table; one counted loop over the rows. */
export function buildBaseDriver(fns: FieldFunctions, recode: number, useSimd: boolean): FunctionBuilder {
  const fb = new FunctionBuilder([I32, I32]);
  const [OUT, K] = [0, 1];
  const pool = new LocalPool(fb);
  const h = [pool.fe(), pool.fe(), pool.fe(), pool.fe()];
  const t = [pool.fe(), pool.fe(), pool.fe()];
  const [i, row, digit, ptr] = [fb.local(I32), fb.local(I32), fb.local(I32), fb.local(I32)];
  const mask = fb.local(I64);
  emitClamp(fb, K);
  fb.i32Const(DIGITS).i32Const(KC).call(recode);
  // h ← 2^254·B (public), the contribution of the always-set bit 254.
  fb.i32Const(START).localSet(ptr);
  h.forEach((fe, n) => emitLoad(fb, fe, ptr, n * FE_BYTES));
  fb.begin(Op.loop);
  {
    // h ← h + e_i·(row i's point): scan (inner counted loop), then the mixed addition, h in locals.
    fb.localGet(i).i32Const(ROW_BYTES).op(Op.i32Mul).i32Const(TABLE).op(Op.i32Add).localSet(row);
    fb.localGet(i).i32Const(2).op(Op.i32Shl).mem(Op.i32Load, DIGITS).localSet(digit);
    emitScan(fb, t, row, digit, useSimd);
    fb.i64Const(0).localGet(digit).i32Const(31).op(Op.i32ShrU).op(Op.i64ExtendI32U).op(Op.i64Sub).localSet(
      mask,
    );
    emitMadd(fb, pool, h, t, mask);
    fb.localGet(i).i32Const(1).op(Op.i32Add).localSet(i);
    fb.localGet(i).i32Const(TABLE_ROWS).op(Op.i32Ne).brIf(0);
  }
  fb.end();
  fb.i32Const(BASE_H).localSet(ptr);
  h.forEach((fe, n) => emitStore(fb, ptr, fe, n * FE_BYTES));
  // u = (Z + Y) / (Z − Y).
  const [Y, Z] = [BASE_H + FE_BYTES, BASE_H + 2 * FE_BYTES];
  fb.i32Const(BASE_NUM).i32Const(Z).i32Const(Y).call(fns.add);
  fb.i32Const(BASE_DEN).i32Const(Z).i32Const(Y).call(fns.sub);
  fb.i32Const(BASE_DEN).i32Const(BASE_DEN).call(fns.invert);
  fb.i32Const(BASE_NUM).i32Const(BASE_NUM).i32Const(BASE_DEN).call(fns.mul);
  fb.localGet(OUT).i32Const(BASE_NUM).call(fns.tobytes);
  return fb;
}
