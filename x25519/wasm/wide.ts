/**
 * X25519 on 4 × 64-bit limbs with the wide-arithmetic instructions (wasm/emitter.ts `WideOp`), for
 * engines that validate them (JavaScriptCore in Bun 1.4; V8 only behind a flag): its own small module,
 * since a module holding these instructions does not compile elsewhere. The RFC 7748 §5 ladder on
 * locals, then z⁻¹ by the constant-time binary GCD of wasm/inverse.ts on z's canonical value (as
 * module.ts's fe_invert), then the canonical encoding.
 *
 * Elements are 4 limbs with value < 2^256 (not reduced), p = 2^255 − 19, 2^256 ≡ 38:
 * - mul: 16 products a_i·b_j summed in 128 bits row by row (exact: a limb product + a limb + a carry
 *   < 2^128) into 8 limbs, then the high four folded in times 38, and the final carry (< 39) times 38
 *   twice more into the low limb with full carry chains: the result is < 2^256;
 * - add: a 4-limb chain; each carry out (2^256) comes back as +38, twice (after the first fold the
 *   value is ≤ 2^256 + 36, after the second ≤ 74 above 0 when it carried): < 2^256;
 * - sub: a 4-limb borrow chain; each borrow (−2^256 ≡ −38) subtracts 38, twice: < 2^256;
 * - mulA24: a·121665 in 5 limbs, the top one folded in as mul's.
 * Final: x < 2^256 < 3p, so two masked subtractions of p give the canonical value. Every branch is a
 * loop counter against a constant; scalar bits are read from memory at addresses fixed by the
 * (public) loop position; swaps are masks.
 * @module
 */

import { FunctionBuilder, I32, I64, ModuleBuilder, Op, WideOp } from "../../wasm/emitter.ts";
import { inverseFunction } from "../../wasm/inverse.ts";

const M64 = (1n << 64n) - 1n;
const P = (1n << 255n) - 19n;
const limbOf = (x: bigint, j: number): bigint => BigInt.asIntN(64, (x >> BigInt(64 * j)) & M64);

/** Scratch addresses of the module's memory (one page); INV: the inversion's 32 bytes. */
const OUT = 0, K = 32, U = 64, KC = 96, INV = 128;

/** An element: four i64 locals. */
type Fe4 = readonly number[];

class Emit {
  readonly t: number[];
  readonly c: number;
  constructor(readonly f: FunctionBuilder) {
    this.t = Array.from({ length: 8 }, () => f.local(I64));
    this.c = f.local(I64);
  }
  fe(): Fe4 {
    return Array.from({ length: 4 }, () => this.f.local(I64));
  }
  copy(out: Fe4, a: Fe4): void {
    for (let j = 0; j < 4; j++) this.f.localGet(a[j]).localSet(out[j]);
  }
  /** out ← the 4 limbs + 38·top (top a local < 2^64), folded until < 2^256 (two more folds of ≤ 38). */
  private fold(out: Fe4, x: readonly number[], top: number): void {
    const f = this.f, c = this.c;
    f.localGet(top).i64Const(38).wide(WideOp.i64MulWideU); //  38·top as 128 bits
    f.localGet(x[0]).i64Const(0).wide(WideOp.i64Add128);
    f.localSet(c).localSet(out[0]);
    for (let j = 1; j < 4; j++) {
      f.localGet(x[j]).i64Const(0).localGet(c).i64Const(0).wide(WideOp.i64Add128);
      f.localSet(c).localSet(out[j]);
    }
    for (let round = 0; round < 2; round++) { // the carry (0 or 1 after the first fold) as +38
      f.localGet(out[0]).i64Const(0).localGet(c).i64Const(38).op(Op.i64Mul).i64Const(0).wide(
        WideOp.i64Add128,
      );
      f.localSet(c).localSet(out[0]);
      for (let j = 1; j < 4; j++) {
        f.localGet(out[j]).i64Const(0).localGet(c).i64Const(0).wide(WideOp.i64Add128);
        f.localSet(c).localSet(out[j]);
      }
    }
  }
  /** out ← a·b (out may alias a or b). */
  mul(out: Fe4, a: Fe4, b: Fe4): void {
    const f = this.f, t = this.t, c = this.c;
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        f.localGet(a[j]).localGet(b[i]).wide(WideOp.i64MulWideU);
        if (i > 0) f.localGet(t[i + j]).i64Const(0).wide(WideOp.i64Add128); // the rows before (t[i+3]: their carry)
        if (j > 0) f.localGet(c).i64Const(0).wide(WideOp.i64Add128);
        f.localSet(c).localSet(t[i + j]);
      }
      f.localGet(c).localSet(t[i + 4]);
    }
    // t = t_lo + 2^256·t_hi ≡ t_lo + 38·t_hi
    for (let j = 0; j < 4; j++) {
      f.localGet(t[4 + j]).i64Const(38).wide(WideOp.i64MulWideU);
      f.localGet(t[j]).i64Const(0).wide(WideOp.i64Add128);
      if (j > 0) f.localGet(c).i64Const(0).wide(WideOp.i64Add128);
      f.localSet(c).localSet(t[j]);
    }
    this.fold(out, t.slice(0, 4), c);
  }
  sqr(out: Fe4, a: Fe4): void {
    this.mul(out, a, a);
  }
  /** out ← a·121665 (the ladder's a24). */
  mulA24(out: Fe4, a: Fe4): void {
    const f = this.f, t = this.t, c = this.c;
    for (let j = 0; j < 4; j++) {
      f.localGet(a[j]).i64Const(121665).wide(WideOp.i64MulWideU);
      if (j > 0) f.localGet(c).i64Const(0).wide(WideOp.i64Add128);
      f.localSet(c).localSet(t[j]);
    }
    this.fold(out, t.slice(0, 4), c);
  }
  /** out ← a + b. */
  add(out: Fe4, a: Fe4, b: Fe4): void {
    const f = this.f, t = this.t, c = this.c;
    for (let j = 0; j < 4; j++) {
      f.localGet(a[j]).i64Const(0).localGet(b[j]).i64Const(0).wide(WideOp.i64Add128);
      if (j > 0) f.localGet(c).i64Const(0).wide(WideOp.i64Add128);
      f.localSet(c).localSet(t[j]);
    }
    for (let round = 0; round < 2; round++) {
      f.localGet(t[0]).i64Const(0).localGet(c).i64Const(38).op(Op.i64Mul).i64Const(0).wide(WideOp.i64Add128);
      f.localSet(c).localSet(t[0]);
      for (let j = 1; j < 4; j++) {
        f.localGet(t[j]).i64Const(0).localGet(c).i64Const(0).wide(WideOp.i64Add128);
        f.localSet(c).localSet(t[j]);
      }
    }
    this.copy(out, t.slice(0, 4));
  }
  /** out ← a − b. */
  sub(out: Fe4, a: Fe4, b: Fe4): void {
    const f = this.f, t = this.t, c = this.c;
    for (let j = 0; j < 4; j++) { // the high word of each 128-bit difference is the borrow, 0 or −1
      f.localGet(a[j]).i64Const(0).localGet(b[j]).i64Const(0).wide(WideOp.i64Sub128);
      if (j > 0) f.localGet(c).localGet(c).wide(WideOp.i64Add128);
      f.localSet(c).localSet(t[j]);
    }
    for (let round = 0; round < 2; round++) { // a borrow of 2^256 ≡ 38: subtract 38
      f.localGet(t[0]).i64Const(0).localGet(c).i64Const(-38).op(Op.i64Mul).i64Const(0).wide(WideOp.i64Sub128);
      f.localSet(c).localSet(t[0]);
      for (let j = 1; j < 4; j++) {
        f.localGet(t[j]).i64Const(0).localGet(c).localGet(c).wide(WideOp.i64Add128);
        f.localSet(c).localSet(t[j]);
      }
    }
    this.copy(out, t.slice(0, 4));
  }
  /** Swaps a and b where mask (an i64 local) is all ones; nothing where it is 0. */
  cswap(a: Fe4, b: Fe4, mask: number): void {
    const f = this.f, x = this.c;
    for (let j = 0; j < 4; j++) {
      f.localGet(a[j]).localGet(b[j]).op(Op.i64Xor).localGet(mask).op(Op.i64And).localSet(x);
      f.localGet(a[j]).localGet(x).op(Op.i64Xor).localSet(a[j]);
      f.localGet(b[j]).localGet(x).op(Op.i64Xor).localSet(b[j]);
    }
  }
  /** x − p if x ≥ p else x, for x < 2^256 (a masked subtraction). */
  reduceOnce(x: Fe4): void {
    const f = this.f, t = this.t, c = this.c, keep = f.local(I64);
    for (let j = 0; j < 4; j++) {
      f.localGet(x[j]).i64Const(0).i64Const(limbOf(P, j)).i64Const(0).wide(WideOp.i64Sub128);
      if (j > 0) f.localGet(c).localGet(c).wide(WideOp.i64Add128);
      f.localSet(c).localSet(t[j]);
    }
    f.localGet(c).localSet(keep); // all ones iff x < p
    for (let j = 0; j < 4; j++) {
      f.localGet(x[j]).localGet(keep).op(Op.i64And);
      f.localGet(t[j]).localGet(keep).i64Const(-1).op(Op.i64Xor).op(Op.i64And);
      f.op(Op.i64Or).localSet(x[j]);
    }
  }
}

/** The bytes of the module: `x25519(out, k, u)` on byte addresses (32 bytes each) of its memory. */
export function x25519WideBytes(): Uint8Array<ArrayBuffer> {
  const mb = new ModuleBuilder().defineMemory(1);
  const invert = mb.addFunction(null, inverseFunction(P, { limbBits: 32, start: 1n }));
  const f = new FunctionBuilder([], []);
  const e = new Emit(f);
  const x1 = e.fe(), x2 = e.fe(), z2 = e.fe(), x3 = e.fe(), z3 = e.fe();
  const A = e.fe(), AA = e.fe(), B = e.fe(), BB = e.fe(), E = e.fe(), C = e.fe(), D = e.fe();
  const swap = f.local(I64), bit = f.local(I64), mask = f.local(I64), i = f.local(I32);
  // u: 32 little-endian bytes, the top bit masked (RFC 7748 §5); k clamped into KC.
  for (let j = 0; j < 4; j++) f.i32Const(0).mem(Op.i64Load, U + 8 * j).localSet(x1[j]);
  f.localGet(x1[3]).i64Const(BigInt.asIntN(64, (1n << 63n) - 1n)).op(Op.i64And).localSet(x1[3]);
  for (let j = 0; j < 4; j++) {
    f.i32Const(0);
    f.i32Const(0).mem(Op.i64Load, K + 8 * j);
    if (j === 0) f.i64Const(-8).op(Op.i64And);
    if (j === 3) {
      f.i64Const(BigInt.asIntN(64, (1n << 63n) - 1n)).op(Op.i64And);
      f.i64Const(1n << 62n).op(Op.i64Or);
    }
    f.mem(Op.i64Store, KC + 8 * j);
  }
  // x2 = 1, z2 = 0, x3 = u, z3 = 1 (locals start at 0)
  f.i64Const(1).localSet(x2[0]);
  e.copy(x3, x1);
  f.i64Const(1).localSet(z3[0]);
  // for t = 254 … 0 (i = t + 1 counts down to 1; the bit's address depends on t only)
  f.i32Const(255).localSet(i);
  f.begin(Op.loop);
  f.localGet(i).i32Const(1).op(Op.i32Sub).localSet(i); // i = t
  f.localGet(i).i32Const(3).op(Op.i32ShrU).i32Const(KC).op(Op.i32Add).mem(Op.i32Load8U, 0).op(
    Op.i64ExtendI32U,
  );
  f.localGet(i).i32Const(7).op(Op.i32And).op(Op.i64ExtendI32U).op(Op.i64ShrU).i64Const(1).op(Op.i64And)
    .localSet(bit);
  f.localGet(swap).localGet(bit).op(Op.i64Xor).localSet(mask);
  f.i64Const(0).localGet(mask).op(Op.i64Sub).localSet(mask); // 0 or all ones
  e.cswap(x2, x3, mask), e.cswap(z2, z3, mask);
  f.localGet(bit).localSet(swap);
  e.add(A, x2, z2), e.sqr(AA, A);
  e.sub(B, x2, z2), e.sqr(BB, B);
  e.sub(E, AA, BB);
  e.add(C, x3, z3), e.sub(D, x3, z3);
  e.mul(D, D, A); //        DA
  e.mul(C, C, B); //        CB
  e.add(x3, D, C), e.sqr(x3, x3);
  e.sub(z3, D, C), e.sqr(z3, z3), e.mul(z3, z3, x1);
  e.mul(x2, AA, BB);
  e.mulA24(z2, E), e.add(z2, z2, AA), e.mul(z2, z2, E);
  f.localGet(i).i32Const(0).op(Op.i32Ne).brIf(0);
  f.end();
  f.i64Const(0).localGet(swap).op(Op.i64Sub).localSet(mask);
  e.cswap(x2, x3, mask), e.cswap(z2, z3, mask);
  // z2⁻¹ by the binary GCD of wasm/inverse.ts on z2's canonical value, in INV (as module.ts's fe_invert)
  e.reduceOnce(z2), e.reduceOnce(z2);
  for (let j = 0; j < 4; j++) f.i32Const(0).localGet(z2[j]).mem(Op.i64Store, INV + 8 * j);
  f.i32Const(INV).i32Const(INV).i32Const(0).call(invert);
  for (let j = 0; j < 4; j++) f.i32Const(0).mem(Op.i64Load, INV + 8 * j).localSet(A[j]);
  e.mul(x2, x2, A);
  e.reduceOnce(x2), e.reduceOnce(x2);
  for (let j = 0; j < 4; j++) f.i32Const(0).localGet(x2[j]).mem(Op.i64Store, OUT + 8 * j);
  mb.addFunction("x25519", f);
  return mb.toBytes();
}

/** Byte addresses of the module's buffers (all secret: zeroed by the caller up to END after use). */
export const X25519_WIDE: Readonly<{ OUT: number; K: number; U: number; END: number }> = Object.freeze({
  OUT: OUT,
  K: K,
  U: U,
  END: INV + 32,
});
