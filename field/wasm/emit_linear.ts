/**
 * Inline emitters of the linear and data-movement field operations: add, sub, neg, dbl (modular, with
 * masked final correction), copy, setZero, cmov, cswap, eq, isZero. Straight-line wasm, no branch and
 * no `select`: choices are made with all-ones/all-zero masks.
 *
 * Bounds: inputs are N-limb values < p with limbs < 2^limbBits (montgomery.ts: 32 for words, w for
 * limbs at rest; one limb per u32 slot either way); outputs are < p, limbs < 2^limbBits. Flags are 0
 * or 1.
 * Every output may alias every input (each limb is read before the store that could overwrite it).
 * @module
 */

import { type FunctionBuilder, I32, I64, Op, type ValType } from "../../wasm/emitter.ts";
import { emitCondSubStore, loadLimb, type Ref, storeLimb } from "./emit_mont.ts";
import { limbMask, type MontConstants } from "./montgomery.ts";

/**
 * out ← a + b mod p: a 32-bit carry chain into locals (the sum is < 2p < R, no carry out), then the
 * masked conditional subtraction of p. Cost: 5 ops per limb for the sum, 8 for the correction.
 */
export function emitAdd(f: FunctionBuilder, c: MontConstants, out: Ref, a: Ref, b: Ref): void {
  emitAdds(f, c, [[out, a, b]]);
}

/**
 * out_i ← a_i + b_i mod p for each triple, every operand read before the first store (Fp2's two
 * coefficients in one function: an output may alias any input, as one `emitAdd` allows).
 */
export function emitAdds(
  f: FunctionBuilder,
  c: MontConstants,
  sums: readonly (readonly [Ref, Ref, Ref])[],
): void {
  const limbs = sums.map(([, a, b]) => sumLimbs(f, c, a, b));
  sums.forEach(([out], i) => emitCondSubStore(f, c, limbs[i], out));
}

/** a + b (< 2p) on N i64 locals of limbBits-bit limbs. */
function sumLimbs(f: FunctionBuilder, c: MontConstants, a: Ref, b: Ref): number[] {
  const s = Array.from({ length: c.n }, () => f.local(I64));
  const carry = f.local(I64);
  for (let j = 0; j < c.n; j++) {
    loadLimb(f, a, j);
    loadLimb(f, b, j);
    f.op(Op.i64Add);
    if (j > 0) f.localGet(carry).op(Op.i64Add);
    f.localTee(s[j]).i64Const(c.limbBits).op(Op.i64ShrU).localSet(carry);
    f.localGet(s[j]).i64Const(limbMask(c)).op(Op.i64And).localSet(s[j]);
  }
  return s;
}

/** out ← 2a mod p (the sum a + a). */
export function emitDbl(f: FunctionBuilder, c: MontConstants, out: Ref, a: Ref): void {
  emitAdd(f, c, out, a, a);
}

/**
 * out ← a − b mod p: a borrow chain d = a − b, then adds p & mask where mask is all ones iff the chain
 * borrowed (a < b). Cost: 5 + 6 ops per limb.
 */
export function emitSub(f: FunctionBuilder, c: MontConstants, out: Ref, a: Ref, b: Ref): void {
  emitSubs(f, c, [[out, a, b]]);
}

/**
 * out_i ← a_i − b_i mod p for each triple, every operand read before the first store (as emitAdds).
 */
export function emitSubs(
  f: FunctionBuilder,
  c: MontConstants,
  diffs: readonly (readonly [Ref, Ref, Ref])[],
): void {
  const chains = diffs.map(([, a, b]) => borrowChain(f, c, a, b));
  diffs.forEach(([out], i) => addMaskedP(f, c, out, chains[i].d, chains[i].mask));
}

/** d = a − b mod R on N i64 locals, and mask = all ones iff a < b (the chain borrowed). */
function borrowChain(f: FunctionBuilder, c: MontConstants, a: Ref, b: Ref): { d: number[]; mask: number } {
  const d = Array.from({ length: c.n }, () => f.local(I64));
  const borrow = f.local(I64), mask = f.local(I64);
  for (let j = 0; j < c.n; j++) {
    // x = a_j − b_j − borrow ∈ (−2^(w+1), 2^w): d_j = x mod 2^w, borrow = sign bit (w = limbBits).
    loadLimb(f, a, j);
    loadLimb(f, b, j);
    f.op(Op.i64Sub);
    if (j > 0) f.localGet(borrow).op(Op.i64Sub);
    f.localTee(d[j]).i64Const(63).op(Op.i64ShrU).localSet(borrow);
    f.localGet(d[j]).i64Const(limbMask(c)).op(Op.i64And).localSet(d[j]);
  }
  f.i64Const(0).localGet(borrow).op(Op.i64Sub).localSet(mask);
  return { d, mask };
}

/** out ← d + (p & mask) mod R, d in i64 locals, mask an i64 local (0 or all ones). */
function addMaskedP(
  f: FunctionBuilder,
  c: MontConstants,
  out: Ref,
  d: readonly number[],
  mask: number,
): void {
  const carry = f.local(I64), x = f.local(I64);
  for (let j = 0; j < c.n; j++) {
    f.localGet(d[j]).i64Const(c.pLimbs[j]).localGet(mask).op(Op.i64And).op(Op.i64Add);
    if (j > 0) f.localGet(carry).op(Op.i64Add);
    f.localTee(x);
    if (j < c.n - 1) f.i64Const(c.limbBits).op(Op.i64ShrU).localSet(carry);
    else f.op(Op.drop);
    storeLimb(f, out, j, x, c.limbBits);
  }
}

/** Pushes the i64 OR of all limbs of `a` (0 iff a = 0). */
function orLimbs(f: FunctionBuilder, c: MontConstants, a: Ref): void {
  loadLimb(f, a, 0);
  for (let j = 1; j < c.n; j++) {
    loadLimb(f, a, j);
    f.op(Op.i64Or);
  }
}

/** Replaces the i64 x on the stack (x < 2^63) by 1 if x ≠ 0, else 0: (x | −x) >> 63, branch-free. */
function nonZeroBit(f: FunctionBuilder, x: number): void {
  f.localTee(x).i64Const(0).localGet(x).op(Op.i64Sub).op(Op.i64Or).i64Const(63).op(Op.i64ShrU);
}

/**
 * out ← −a mod p = (p − a) & mask, mask all ones iff a ≠ 0 (so 0 ↦ 0, not p). Cost: 9 ops per limb.
 */
export function emitNeg(f: FunctionBuilder, c: MontConstants, out: Ref, a: Ref): void {
  const mask = f.local(I64), borrow = f.local(I64), x = f.local(I64);
  orLimbs(f, c, a);
  nonZeroBit(f, x);
  f.localSet(mask);
  f.i64Const(0).localGet(mask).op(Op.i64Sub).localSet(mask);
  for (let j = 0; j < c.n; j++) {
    f.i64Const(c.pLimbs[j]);
    loadLimb(f, a, j);
    f.op(Op.i64Sub);
    if (j > 0) f.localGet(borrow).op(Op.i64Sub);
    f.localTee(x);
    if (j < c.n - 1) f.i64Const(63).op(Op.i64ShrU).localSet(borrow);
    else f.op(Op.drop);
    f.localGet(out.local).localGet(x).localGet(mask).op(Op.i64And);
    if (c.limbBits < 32) f.i64Const(limbMask(c)).op(Op.i64And); // x mod 2^w (words: the store truncates)
    f.mem(Op.i64Store32, out.offset + 4 * j);
  }
}

/**
 * Word-wise view for the data-movement operations: 64-bit words when N is even (N/2 words), else
 * 32-bit limbs. The ops neither carry nor compare, so the word size is free.
 */
function words(c: MontConstants) {
  const wide = c.n % 2 === 0;
  return {
    count: wide ? c.n / 2 : c.n,
    bytes: wide ? 8 : 4,
    type: (wide ? I64 : I32) as ValType,
    load: wide ? Op.i64Load : Op.i32Load,
    store: wide ? Op.i64Store : Op.i32Store,
    xor: wide ? Op.i64Xor : Op.i32Xor,
    and: wide ? Op.i64And : Op.i32And,
    or: wide ? Op.i64Or : Op.i32Or,
    sub: wide ? Op.i64Sub : Op.i32Sub,
    shrU: wide ? Op.i64ShrU : Op.i32ShrU,
    zero: (f: FunctionBuilder) => (wide ? f.i64Const(0) : f.i32Const(0)),
    topBit: wide ? 63 : 31,
    /** Widens an i32 flag on the stack to the word type. */
    fromI32: (f: FunctionBuilder) => (wide ? f.op(Op.i64ExtendI32U) : f),
    /** Narrows a 0/1 word on the stack to i32. */
    toI32: (f: FunctionBuilder) => (wide ? f.op(Op.i32WrapI64) : f),
  };
}

/** out ← a. Cost: N/2 64-bit loads and stores. */
export function emitCopy(f: FunctionBuilder, c: MontConstants, out: Ref, a: Ref): void {
  const w = words(c);
  const tmp = Array.from({ length: w.count }, () => f.local(w.type));
  for (let i = 0; i < w.count; i++) f.localGet(a.local).mem(w.load, a.offset + w.bytes * i).localSet(tmp[i]);
  for (let i = 0; i < w.count; i++) {
    f.localGet(out.local).localGet(tmp[i]).mem(w.store, out.offset + w.bytes * i);
  }
}

/** out ← 0. */
export function emitSetZero(f: FunctionBuilder, c: MontConstants, out: Ref): void {
  const w = words(c);
  for (let i = 0; i < w.count; i++) {
    f.localGet(out.local);
    w.zero(f);
    f.mem(w.store, out.offset + w.bytes * i);
  }
}

/** Pushes the word mask 0 − flag (all ones iff the i32 local `flag` is 1). */
function flagMask(f: FunctionBuilder, w: ReturnType<typeof words>, flag: number, into: number): void {
  w.zero(f);
  f.localGet(flag);
  w.fromI32(f);
  f.op(w.sub).localSet(into);
}

/** out ← a if the i32 local `flag` is 1, unchanged if 0: out ^= (out ^ a) & mask. */
export function emitCmov(f: FunctionBuilder, c: MontConstants, out: Ref, a: Ref, flag: number): void {
  const w = words(c);
  const mask = f.local(w.type), x = f.local(w.type);
  flagMask(f, w, flag, mask);
  for (let i = 0; i < w.count; i++) {
    const o = out.offset + w.bytes * i;
    f.localGet(out.local);
    f.localGet(out.local).mem(w.load, o).localTee(x);
    f.localGet(a.local).mem(w.load, a.offset + w.bytes * i).localGet(x).op(w.xor);
    f.localGet(mask).op(w.and).op(w.xor).mem(w.store, o);
  }
}

/** Swaps a and b if the i32 local `flag` is 1: x = (a ^ b) & mask; a ^= x; b ^= x. */
export function emitCswap(f: FunctionBuilder, c: MontConstants, a: Ref, b: Ref, flag: number): void {
  const w = words(c);
  const mask = f.local(w.type), x = f.local(w.type), y = f.local(w.type), z = f.local(w.type);
  flagMask(f, w, flag, mask);
  for (let i = 0; i < w.count; i++) {
    const oa = a.offset + w.bytes * i, ob = b.offset + w.bytes * i;
    f.localGet(a.local).mem(w.load, oa).localSet(x);
    f.localGet(b.local).mem(w.load, ob).localSet(y);
    f.localGet(x).localGet(y).op(w.xor).localGet(mask).op(w.and).localSet(z);
    f.localGet(a.local).localGet(x).localGet(z).op(w.xor).mem(w.store, oa);
    f.localGet(b.local).localGet(y).localGet(z).op(w.xor).mem(w.store, ob);
  }
}

/** Pushes the i32 1 if the word on the stack (held in temp `x`) is zero, else 0: 1 − ((x | −x) >> top). */
function isZeroWord(f: FunctionBuilder, w: ReturnType<typeof words>, x: number): void {
  f.localTee(x);
  w.zero(f);
  f.localGet(x).op(w.sub).op(w.or);
  if (w.type === I64) f.i64Const(w.topBit);
  else f.i32Const(w.topBit);
  f.op(w.shrU);
  w.toI32(f);
  f.i32Const(1).op(Op.i32Xor);
}

/** Pushes i32 1 if a = b, else 0: OR of word XORs, then a branch-free zero test. */
export function emitEq(f: FunctionBuilder, c: MontConstants, a: Ref, b: Ref): void {
  const w = words(c);
  const x = f.local(w.type);
  for (let i = 0; i < w.count; i++) {
    f.localGet(a.local).mem(w.load, a.offset + w.bytes * i);
    f.localGet(b.local).mem(w.load, b.offset + w.bytes * i).op(w.xor);
    if (i > 0) f.op(w.or);
  }
  isZeroWord(f, w, x);
}

/** Pushes i32 1 if a = 0, else 0. */
export function emitIsZero(f: FunctionBuilder, c: MontConstants, a: Ref): void {
  const w = words(c);
  const x = f.local(w.type);
  for (let i = 0; i < w.count; i++) {
    f.localGet(a.local).mem(w.load, a.offset + w.bytes * i);
    if (i > 0) f.op(w.or);
  }
  isZeroWord(f, w, x);
}

/**
 * Pushes i32 1 if the N-limb value at `a` is < p, else 0 (the final borrow of a − p), constant-time.
 * Used to validate canonical encodings.
 */
export function emitLessThanP(f: FunctionBuilder, c: MontConstants, a: Ref): void {
  const borrow = f.local(I64);
  for (let j = 0; j < c.n; j++) {
    loadLimb(f, a, j);
    f.i64Const(c.pLimbs[j]).op(Op.i64Sub);
    if (j > 0) f.localGet(borrow).op(Op.i64Sub);
    f.i64Const(63).op(Op.i64ShrU).localSet(borrow);
  }
  f.localGet(borrow).op(Op.i32WrapI64);
}
