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
 * With loose inputs every column of a squaring stays below 2^61.1 and every value of a product below
 * 2^62.1 in absolute value (karatsubaColumns), so no i64 arithmetic overflows;
 * tests/x25519/field_bounds.test.ts runs every emitter on extreme inputs.
 * @module
 */

import { type FunctionBuilder, I64, Op } from "../../wasm/emitter.ts";

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
 * Allocates the i64 locals of one function: long-lived elements with `fe()`, short-lived scratch with
 * `temp()`, returned to the pool by `release()` after each emitted operation.
 */
export class LocalPool {
  private readonly free: number[] = [];
  private used: number[] = [];
  constructor(readonly fb: FunctionBuilder) {}
  /** Ten fresh locals for a long-lived element. */
  fe(): Fe {
    return Array.from({ length: LIMBS }, () => this.fb.local(I64));
  }
  /** One scratch local, valid until the next `release()`. */
  temp(): number {
    const l = this.free.pop() ?? this.fb.local(I64);
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

/** Scaled copies of input limbs, computed once per operation and cached in scratch locals of `pool`. */
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

/** Emits h ← Σ products, with the product list given as pairs of locals. */
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
 * product twice.
 */
function columnTerms(k: number, square: boolean): [number, number, number, number][] {
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
 * Column m of A·B in Z[y]/(y^5 − 19) for five-limb polynomials A, B (locals), with `b19[j]` = 19·B_j
 * for j ≥ 1: Σ_{i+j=m} A_i·B_j + Σ_{i+j=m+5} A_i·(19·B_j), pushed on the stack (5 products).
 */
function emitRingColumn(fb: FunctionBuilder, a: Fe, b: Fe, b19: Fe, m: number): void {
  for (let i = 0; i < 5; i++) {
    const j = m - i;
    fb.localGet(a[i]).localGet(j >= 0 ? b[j] : b19[j + 5]).op(Op.i64Mul);
    if (i > 0) fb.op(Op.i64Add);
  }
}

/**
 * The columns of f·g by even/odd Karatsuba.
 * With y = 2^51, limb 2m has weight y^m and limb 2m+1 weight 2^26·y^m, so f = E + 2^26·O for the
 * five-limb polynomials E = (f_0, f_2, …, f_8), O = (f_1, f_3, …, f_9), and 2^255 = y^5 ≡ 19 makes
 * every product one in Z[y]/(y^5 − 19). Since 2^52 = 2y:
 * ```
 * f·g = E·E' + 2^26·((E + O)·(E' + O') − E·E' − O·O') + 2y·O·O'
 * h_2m = (E·E')_m + 2·(O·O')_(m−1)   (h_0 takes 38·(O·O')_4)     h_2m+1 = P_m − (E·E')_m − (O·O')_m
 * ```
 * Three ring products of 25 multiplications and 12 scaled copies 19·x (8 multiplications, 4
 * additions) plus 38·(O·O')_4: 84 i64 multiplications where the schoolbook product takes 109 (100
 * and the 19·g_j copies). The scalar ladder is bound by the one integer multiplier: a product took
 * 33.5 against 36.9 ns on V8 14.6 (Node 26), 28.5 against 38.2 ns on V8 11.3 (Node 20), in a loop
 * of two independent chains (2026-12-07). A squaring done the same way (three ring squarings) gained
 * nothing measurable; squarings stay schoolbook.
 *
 * Bounds, loose inputs (|E_m| ≤ 2^27 + 2^15, |O_m| ≤ 2^26 + 2^14): |E_m + O_m| ≤ 3·(2^26 + 2^14),
 * |P_m| ≤ 77·9·(2^26 + 2^14)² < 2^61.44 (the column with four wrapped terms: 1 + 4·19 = 77),
 * |(E·E')_m| < 2^60.28, |(O·O')_m| < 2^58.28, so |h_2m+1| < 2^62.1 and |h_2m| < 2^61 (h_0's 38·(O·O')_4
 * has no wrapped term: < 2^59.6): every value stays below 2^63 and the carry chain's rounding addition
 * cannot overflow. The interval analysis proves the same on the emitted code
 * (tests/bounds/x25519_wasm.test.ts).
 */
function karatsubaColumns(fb: FunctionBuilder, pool: LocalPool, h: Fe, f: Fe, g: Fe): void {
  const half = (x: Fe, parity: number) => [0, 1, 2, 3, 4].map((m) => x[2 * m + parity]);
  const [e, o, e2, o2] = [half(f, 0), half(f, 1), half(g, 0), half(g, 1)];
  const sum = (x: Fe, y: Fe) =>
    x.map((xm, m) => {
      const t = pool.temp();
      fb.localGet(xm).localGet(y[m]).op(Op.i64Add).localSet(t);
      return t;
    });
  const s = sum(e, o), s2 = sum(e2, o2);
  const times19 = (x: Fe) =>
    x.map((xm, m) => {
      if (m === 0) return -1; // never read: 19·B_0 would only serve i + j = 5 with i ≥ 5
      const t = pool.temp();
      fb.localGet(xm).i64Const(19).op(Op.i64Mul).localSet(t);
      return t;
    });
  const e19 = times19(e2), o19 = times19(o2);
  const s19 = e19.map((x, m) => {
    if (m === 0) return -1;
    const t = pool.temp();
    fb.localGet(x).localGet(o19[m]).op(Op.i64Add).localSet(t); // 19·(E'_m + O'_m)
    return t;
  });
  const five = () => [0, 1, 2, 3, 4].map(() => pool.temp());
  const ee = five(), oo = five();
  for (let m = 0; m < 5; m++) {
    emitRingColumn(fb, e, e2, e19, m);
    fb.localSet(ee[m]);
    emitRingColumn(fb, o, o2, o19, m);
    fb.localSet(oo[m]);
    emitRingColumn(fb, s, s2, s19, m);
    fb.localGet(ee[m]).op(Op.i64Sub).localGet(oo[m]).op(Op.i64Sub).localSet(h[2 * m + 1]);
  }
  for (let m = 0; m < 5; m++) {
    fb.localGet(ee[m]);
    if (m === 0) fb.localGet(oo[4]).i64Const(38).op(Op.i64Mul);
    else fb.localGet(oo[m - 1]).i64Const(1).op(Op.i64Shl);
    fb.op(Op.i64Add).localSet(h[2 * m]);
  }
}

/**
 * out ← f·g (Karatsuba, {@linkcode karatsubaColumns}), f² (`g` null: 55 products, {@linkcode columnTerms})
 * or small·f (`small` > 0), then ref10's carry chain and the copy to `out`.
 */
function emitProduct(
  fb: FunctionBuilder,
  pool: LocalPool,
  out: Fe,
  f: Fe,
  g: Fe | null,
  small = 0,
  addend: Fe | null = null,
): void {
  const acc = pool.tempFe();
  if (small > 0) {
    for (let k = 0; k < LIMBS; k++) {
      fb.localGet(f[k]).i64Const(small).op(Op.i64Mul);
      if (addend !== null) fb.localGet(addend[k]).op(Op.i64Add);
      fb.localSet(acc[k]);
    }
  } else if (g !== null) {
    karatsubaColumns(fb, pool, acc, f, g);
  } else {
    const sc = scaler(fb, pool);
    for (let k = 0; k < LIMBS; k++) {
      emitColumn(fb, acc[k], columnTerms(k, true).map(([i, a, j, b]) => [sc(f[i], a), sc(f[j], b)]));
    }
  }
  emitCarryChain(fb, pool, acc);
  copy(fb, out, acc);
  pool.release();
}

/**
 * out ← f·g: the even/odd Karatsuba product of {@linkcode karatsubaColumns} (84 i64
 * multiplications), then ref10's carry chain.
 * Input bounds: loose. Output bounds: tight.
 */
export function emitMul(fb: FunctionBuilder, pool: LocalPool, out: Fe, f: Fe, g: Fe): void {
  emitProduct(fb, pool, out, f, g);
}

/**
 * out ← f². The 55 products f_i·f_j with i ≤ j, each cross product counted twice.
 * Input bounds: loose. Output bounds: tight.
 */
export function emitSqr(fb: FunctionBuilder, pool: LocalPool, out: Fe, f: Fe): void {
  emitProduct(fb, pool, out, f, null);
}

/**
 * out ← s·f for a public constant 0 < s < 2^20 (121665 in the ladder).
 * Input bounds: loose. Output bounds: tight.
 */
export function emitMulSmall(fb: FunctionBuilder, pool: LocalPool, out: Fe, f: Fe, s: number): void {
  emitProduct(fb, pool, out, f, null, s);
}

/**
 * out ← s·f + g for a public constant 0 < s < 2^20: g added to the limb products before the carry
 * chain (the ladder's AA + a24·E in one function). Input bounds: loose. Output bounds: tight.
 */
export function emitMulSmallAdd(
  fb: FunctionBuilder,
  pool: LocalPool,
  out: Fe,
  f: Fe,
  s: number,
  g: Fe,
): void {
  emitProduct(fb, pool, out, f, null, s, g);
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
