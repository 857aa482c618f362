/**
 * Code emitters for arithmetic modulo p = 2^255 − 19 in WebAssembly: ten signed limbs of alternately
 * 26 and 25 bits (radix 2^25.5) held in i64 locals, the representation and carry chain of ref10
 * (Bernstein, Duif, Lange, Schwabe, Yang, "High-speed high-security signatures", 2011) that
 * fiat-crypto later proved (Erbsen et al., IEEE S&P 2019). Limb k has weight 2^⌈25.5k⌉.
 *
 * Every emitter writes straight-line code onto a {@linkcode FunctionBuilder}: no branch, no `select`,
 * no division. Inputs and outputs are arrays of ten i64 local indices ({@linkcode Fe}); an output may
 * alias an input. Bounds are per limb, in absolute value, with w_k the width of limb k:
 *
 * ```
 * tight  |h_k| ≤ 2^(w_k−1) + 2^(w_k−13)      output of mul, sqr, mulSmall, carry, fromBytes
 * loose  |h_k| ≤ 2^(w_k+1) + 2^(w_k−11)      = 4·tight: any ± sum of up to four tight values;
 *                                             accepted by mul, sqr, mulSmall, carry, toBytes
 * ```
 *
 * With loose inputs every column of a product stays below 2^61.1 in absolute value, so no i64
 * arithmetic overflows; tests/x25519/field_bounds.test.ts runs every emitter on extreme inputs.
 * @module
 */

import { type FunctionBuilder, I64, Op, type ValType } from "../../wasm/emitter.ts";

/** Number of limbs. */
export const LIMBS = 10;
/** Width in bits of limb k: 26, 25, 26, 25, … */
export const WIDTHS: readonly number[] = Array.from({ length: LIMBS }, (_, k) => (k % 2 === 0 ? 26 : 25));
/** Bit position of limb k: ⌈25.5·k⌉ = 0, 26, 51, 77, … */
export const OFFSETS: readonly number[] = WIDTHS.map((_, k) => WIDTHS.slice(0, k).reduce((a, b) => a + b, 0));
/** Largest |limb k| of a tight element. */
export const TIGHT: readonly number[] = WIDTHS.map((w) => 2 ** (w - 1) + 2 ** (w - 13));
/** Largest |limb k| of a loose element (four tight values added). */
export const LOOSE: readonly number[] = TIGHT.map((t) => 4 * t);

/** A field element held in ten i64 locals. */
export type Fe = readonly number[];

/** Order of ref10's carry chain: two interleaved chains, 9 → 0 wraps with the factor 19. */
export const CARRY_ORDER: readonly number[] = [0, 4, 1, 5, 2, 6, 3, 7, 4, 8, 9, 0];

/**
 * Allocates locals of one function, i64 (a field element's limbs) or v128 (a pair's: ladder_simd.ts):
 * long-lived elements with `fe()`, short-lived scratch with `temp()`, returned to the pool by
 * `release()` after each emitted operation.
 */
export class LocalPool {
  private readonly free: number[] = [];
  private used: number[] = [];
  constructor(readonly fb: FunctionBuilder, readonly type: ValType = I64) {}
  /** Ten fresh locals for a long-lived element. */
  fe(): Fe {
    return Array.from({ length: LIMBS }, () => this.fb.local(this.type));
  }
  /** One scratch local, valid until the next `release()`. */
  temp(): number {
    const l = this.free.pop() ?? this.fb.local(this.type);
    this.used.push(l);
    return l;
  }
  /** Ten scratch locals. */
  tempFe(): Fe {
    return Array.from({ length: LIMBS }, () => this.temp());
  }
  /** Makes every scratch local handed out so far reusable. */
  release(): void {
    this.free.push(...this.used);
    this.used = [];
  }
}

/** Pushes x·s for a small public constant s (a shift when s is a power of two). */
function pushScaled(fb: FunctionBuilder, x: number, s: number): void {
  fb.localGet(x);
  if (s === 1) return;
  if ((s & (s - 1)) === 0) fb.i64Const(Math.log2(s)).op(Op.i64Shl);
  else fb.i64Const(s).op(Op.i64Mul);
}

/** Scaled copies of input limbs, computed once per operation and cached in scratch locals. */
function scaler(fb: FunctionBuilder, pool: LocalPool): (x: number, s: number) => number {
  const cache = new Map<string, number>();
  return (x, s) => {
    if (s === 1) return x;
    const key = `${x}*${s}`;
    let t = cache.get(key);
    if (t === undefined) {
      t = pool.temp();
      pushScaled(fb, x, s);
      fb.localSet(t);
      cache.set(key, t);
    }
    return t;
  };
}

/** Emits h_k ← Σ products, with the product list given as pairs of locals. */
function emitColumn(fb: FunctionBuilder, h: number, terms: [number, number][]): void {
  // Balanced pairs: (p0 + p1) + (p2 + p3) + … shortens the dependency chain of the additions.
  for (let t = 0; t < terms.length; t++) {
    fb.localGet(terms[t][0]).localGet(terms[t][1]).op(Op.i64Mul);
    if (t % 2 === 1) fb.op(Op.i64Add);
    if (t % 2 === 1 && t > 1) fb.op(Op.i64Add);
  }
  if (terms.length % 2 === 1 && terms.length > 1) fb.op(Op.i64Add);
  fb.localSet(h);
}

/**
 * Rounding carry from limb k into limb k+1 (into limb 0 times 19 when k = 9): c = ⌊(h_k + 2^(w−1)) / 2^w⌋,
 * h_k −= c·2^w ∈ [−2^(w−1), 2^(w−1)), h_{k+1} += c.
 */
function emitCarry(fb: FunctionBuilder, h: Fe, k: number, c: number): void {
  const w = WIDTHS[k];
  const n = (k + 1) % LIMBS;
  fb.localGet(h[k]).i64Const(2 ** (w - 1)).op(Op.i64Add).i64Const(w).op(Op.i64ShrS).localSet(c);
  fb.localGet(h[n]).localGet(c);
  if (k === LIMBS - 1) fb.i64Const(19).op(Op.i64Mul);
  fb.op(Op.i64Add).localSet(h[n]);
  fb.localGet(h[k]).localGet(c).i64Const(w).op(Op.i64Shl).op(Op.i64Sub).localSet(h[k]);
}

/** ref10's carry chain on `h` in place: columns below 2^62 in absolute value → tight. */
function emitCarryChain(fb: FunctionBuilder, pool: LocalPool, h: Fe): void {
  const c = pool.temp();
  for (const k of CARRY_ORDER) emitCarry(fb, h, k, c);
}

function copy(fb: FunctionBuilder, out: Fe, src: Fe): void {
  for (let k = 0; k < LIMBS; k++) if (out[k] !== src[k]) fb.localGet(src[k]).localSet(out[k]);
}

/**
 * The partial products of column k of f·g (`square` false) or f² (true), as [i, scale of f_i, j, scale
 * of g_j]: the term f_i·g_j lands in column (i + j) mod 10, times 19 when i + j ≥ 10 (2^255 ≡ 19) and
 * times 2 when i and j are both odd (the radix is 2^25.5); a square keeps i ≤ j and counts each cross
 * product twice. Shared by the scalar emitters here and the pair emitters of ladder_simd.ts.
 */
export function columnTerms(k: number, square: boolean): [number, number, number, number][] {
  const terms: [number, number, number, number][] = [];
  for (let i = 0; i < LIMBS; i++) {
    const j = (k - i + LIMBS) % LIMBS;
    if (square && j < i) continue;
    const odd = i % 2 === 1 && j % 2 === 1 ? 2 : 1;
    terms.push([i, (square && i !== j ? 2 : 1) * odd, j, i + j >= LIMBS ? 19 : 1]);
  }
  return terms;
}

/**
 * A field product as a generator of its code: it emits one column (or, for `small`, the ten scaled
 * limbs) per step, then two carries per step, then the copy to `out`, so that a ladder can interleave
 * independent products column by column (ladder_mixed.ts); {@linkcode drain} runs one alone, which
 * emits exactly the code of one call. `g` null: f² (55 products); `small` > 0: small·f.
 */
export function* productSteps(
  fb: FunctionBuilder,
  pool: LocalPool,
  out: Fe,
  f: Fe,
  g: Fe | null,
  small = 0,
): Generator<void, void, void> {
  const acc = pool.tempFe();
  if (small > 0) {
    for (let k = 0; k < LIMBS; k++) fb.localGet(f[k]).i64Const(small).op(Op.i64Mul).localSet(acc[k]);
    yield;
  } else {
    const sc = scaler(fb, pool), h = g ?? f;
    for (let k = 0; k < LIMBS; k++) {
      emitColumn(fb, acc[k], columnTerms(k, g === null).map(([i, a, j, b]) => [sc(f[i], a), sc(h[j], b)]));
      yield;
    }
  }
  const c = pool.temp();
  for (let n = 0; n < CARRY_ORDER.length; n++) {
    emitCarry(fb, acc, CARRY_ORDER[n], c);
    if (n % 2 === 1) yield;
  }
  copy(fb, out, acc);
  pool.release();
}

/** Runs a generator of code to its end. */
export function drain(steps: Generator<void, void, void>): void {
  while (!steps.next().done);
}

/**
 * out ← f·g. Schoolbook product, 100 i64 multiplications (the terms of {@linkcode columnTerms}), the
 * factors 2 and 19 applied to pre-multiplied copies 2·f_i and 19·g_j, then ref10's carry chain.
 * Input bounds: loose. Output bounds: tight.
 */
export function emitMul(fb: FunctionBuilder, pool: LocalPool, out: Fe, f: Fe, g: Fe): void {
  drain(productSteps(fb, pool, out, f, g));
}

/**
 * out ← f². The 55 products f_i·f_j with i ≤ j, each cross product counted twice.
 * Input bounds: loose. Output bounds: tight.
 */
export function emitSqr(fb: FunctionBuilder, pool: LocalPool, out: Fe, f: Fe): void {
  drain(productSteps(fb, pool, out, f, null));
}

/**
 * out ← s·f for a public constant 0 < s < 2^20 (121665 in the ladder).
 * Input bounds: loose. Output bounds: tight.
 */
export function emitMulSmall(fb: FunctionBuilder, pool: LocalPool, out: Fe, f: Fe, s: number): void {
  drain(productSteps(fb, pool, out, f, null, s));
}

/** out ← f with the carry chain applied (weak reduction). Input: loose. Output: tight. */
export function emitCarryFe(fb: FunctionBuilder, pool: LocalPool, out: Fe, f: Fe): void {
  copy(fb, out, f);
  emitCarryChain(fb, pool, out);
  pool.release();
}

/** out ← f + g, limb by limb, no carry. Output bound: the sum of the input bounds. */
export function emitAdd(fb: FunctionBuilder, out: Fe, f: Fe, g: Fe): void {
  for (let k = 0; k < LIMBS; k++) fb.localGet(f[k]).localGet(g[k]).op(Op.i64Add).localSet(out[k]);
}

/** out ← f − g, limb by limb, no carry. Output bound: the sum of the input bounds. */
export function emitSub(fb: FunctionBuilder, out: Fe, f: Fe, g: Fe): void {
  for (let k = 0; k < LIMBS; k++) fb.localGet(f[k]).localGet(g[k]).op(Op.i64Sub).localSet(out[k]);
}

/** out ← −f. Output bound: the input bound. */
export function emitNeg(fb: FunctionBuilder, out: Fe, f: Fe): void {
  for (let k = 0; k < LIMBS; k++) fb.i64Const(0).localGet(f[k]).op(Op.i64Sub).localSet(out[k]);
}

/** out ← the constant c (0 ≤ c < 2^25). */
export function emitSetSmall(fb: FunctionBuilder, out: Fe, c: number): void {
  for (let k = 0; k < LIMBS; k++) fb.i64Const(k === 0 ? c : 0).localSet(out[k]);
}

/**
 * Swaps f and g when the i64 local `mask` is all ones, leaves them when it is zero:
 * x = mask ∧ (f_k ⊕ g_k); f_k ⊕= x; g_k ⊕= x. Any bounds; bounds are exchanged with the values.
 */
export function emitCswap(fb: FunctionBuilder, pool: LocalPool, f: Fe, g: Fe, mask: number): void {
  const x = pool.temp();
  for (let k = 0; k < LIMBS; k++) {
    fb.localGet(mask).localGet(f[k]).localGet(g[k]).op(Op.i64Xor).op(Op.i64And).localSet(x);
    fb.localGet(f[k]).localGet(x).op(Op.i64Xor).localSet(f[k]);
    fb.localGet(g[k]).localGet(x).op(Op.i64Xor).localSet(g[k]);
  }
  pool.release();
}

/** out ← entry when `mask` is all ones, out unchanged when zero (`entry` is read either way). */
export function emitCmov(fb: FunctionBuilder, out: Fe, entry: Fe, mask: number): void {
  for (let k = 0; k < LIMBS; k++) {
    fb.localGet(out[k]).localGet(mask).localGet(out[k]).localGet(entry[k]).op(Op.i64Xor).op(Op.i64And);
    fb.op(Op.i64Xor).localSet(out[k]);
  }
}

/** Loads ten i64 limbs from address (local `ptr`) + `offset`. */
export function emitLoad(fb: FunctionBuilder, out: Fe, ptr: number, offset = 0): void {
  for (let k = 0; k < LIMBS; k++) fb.localGet(ptr).mem(Op.i64Load, offset + 8 * k).localSet(out[k]);
}

/** Stores ten i64 limbs at address (local `ptr`) + `offset`. */
export function emitStore(fb: FunctionBuilder, ptr: number, f: Fe, offset = 0): void {
  for (let k = 0; k < LIMBS; k++) fb.localGet(ptr).localGet(f[k]).mem(Op.i64Store, offset + 8 * k);
}

/**
 * out ← the 32 little-endian bytes at (local `ptr`), bit 255 ignored (RFC 7748 §5, decodeUCoordinate):
 * limb k is bits [OFFSETS[k], OFFSETS[k] + w_k), read with an unaligned i64 load, then the carry chain.
 * Values ≥ p are accepted and reduced by the arithmetic. Output bounds: tight.
 */
export function emitFromBytes(fb: FunctionBuilder, pool: LocalPool, out: Fe, ptr: number): void {
  for (let k = 0; k < LIMBS; k++) {
    fb.localGet(ptr).mem(Op.i64Load, OFFSETS[k] >> 3).i64Const(OFFSETS[k] & 7).op(Op.i64ShrU);
    fb.i64Const(2 ** WIDTHS[k] - 1).op(Op.i64And).localSet(out[k]);
  }
  emitCarryChain(fb, pool, out);
  pool.release();
}

/** Floor carry pass: h_k → [0, 2^w_k) for every k, carry of limb 9 wrapped into limb 0 times 19. */
function emitFloorPass(fb: FunctionBuilder, h: Fe, c: number, wrap: boolean): void {
  for (let k = 0; k < LIMBS; k++) {
    const w = WIDTHS[k];
    if (k === LIMBS - 1 && !wrap) {
      fb.localGet(h[k]).i64Const(2 ** w - 1).op(Op.i64And).localSet(h[k]);
      break;
    }
    fb.localGet(h[k]).i64Const(w).op(Op.i64ShrS).localSet(c);
    fb.localGet(h[k]).i64Const(2 ** w - 1).op(Op.i64And).localSet(h[k]);
    const n = (k + 1) % LIMBS;
    fb.localGet(h[n]).localGet(c);
    if (k === LIMBS - 1) fb.i64Const(19).op(Op.i64Mul);
    fb.op(Op.i64Add).localSet(h[n]);
  }
}

/**
 * Writes the canonical 32-byte little-endian encoding of f (fully reduced, in [0, p)) to (local `ptr`).
 * Two floor carry passes bring a loose input to limbs in [0, 2^w_k), i.e. a value V in [0, 2^255);
 * then q = ⌊(V + 19) / 2^255⌋ ∈ {0, 1} says whether V ≥ p, and V + 19q − 2^255·q = V − q·p.
 * Input bounds: loose. Output: 32 bytes, the last one below 0x80.
 */
export function emitToBytes(fb: FunctionBuilder, pool: LocalPool, ptr: number, f: Fe): void {
  const h = pool.tempFe();
  const c = pool.temp();
  copy(fb, h, f);
  emitFloorPass(fb, h, c, true);
  emitFloorPass(fb, h, c, true);
  // q = ⌊(V + 19) / 2^255⌋, rippled through the limbs.
  fb.localGet(h[0]).i64Const(19).op(Op.i64Add).i64Const(WIDTHS[0]).op(Op.i64ShrS).localSet(c);
  for (let k = 1; k < LIMBS; k++) {
    fb.localGet(h[k]).localGet(c).op(Op.i64Add).i64Const(WIDTHS[k]).op(Op.i64ShrS).localSet(c);
  }
  fb.localGet(h[0]).localGet(c).i64Const(19).op(Op.i64Mul).op(Op.i64Add).localSet(h[0]);
  emitFloorPass(fb, h, c, false);
  // Pack: 64-bit word j collects every limb overlapping bits [64j, 64j + 64).
  for (let j = 0; j < 4; j++) {
    fb.localGet(ptr);
    let terms = 0;
    for (let k = 0; k < LIMBS; k++) {
      const lo = OFFSETS[k], hi = lo + WIDTHS[k];
      if (hi <= 64 * j || lo >= 64 * j + 64) continue;
      fb.localGet(h[k]);
      if (lo >= 64 * j) fb.i64Const(lo - 64 * j).op(Op.i64Shl);
      else fb.i64Const(64 * j - lo).op(Op.i64ShrU);
      if (terms++ > 0) fb.op(Op.i64Or);
    }
    fb.mem(Op.i64Store, 8 * j);
  }
  pool.release();
}
