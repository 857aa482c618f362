/**
 * Montgomery multiplication and squaring with reduced-radix limbs: fully unrolled, straight-line wasm
 * (no branch, no `select`) after Mitscha-Baude's 13 × 30-bit kernel (ZPrize 2022 wasm MSM,
 * github.com/mitschabaude/montgomery, README "13 x 30 bit multiplication"; our own code): w-bit limbs
 * (w < 32) make each limb product < 2^(2w), so a column sums exactly in one i64 with a plain `i64.add`
 * per product (the 32-bit kernels need 4 ops per product for their carry-save halves).
 *
 * Product scanning (FIPS, Koç–Acar–Kaliski 1996, §5) over the columns of limbs.ts's plan: column k
 * adds a_i·b_{k−i} (squaring: the cross products once, doubled, then the square; Menezes et al.,
 * HAC Alg. 14.16), the digits' products m_i·p_{k−i}, the carry; for k < n the new digit
 * m_k = (column · n0) mod 2^bits_k zeroes the column's low bits_k bits. With words at rest (the
 * default) operands are split into w-bit limbs on load (one unaligned i64 load, shift and mask per
 * limb) and the result packed back on store, so out = a·b·2^(−32N) mod p as for the 32-bit kernels.
 * With limbs at rest (RadixPlan.rest, module.ts `rest`) they are loaded and stored as they are and
 * out = a·b·2^(−wn) mod p (module.ts converts the staging slot's words around a product: emitPackLimbs).
 *
 * Bounds (fiat-crypto style, all exact and derived by radixPlan; limbs.ts refuses a w it cannot hold):
 * - in: a, b < p (u32 words, or w-bit limbs, at rest); limb i ≤ min(2^w − 1, (p − 1) >> wi); digit
 *   k < 2^bits_k;
 * - column k: at most `plan.accumulators` i64 accumulators, each below its planned bound < 2^64; the
 *   carries happen once per column (V_k >> w), plus the low-part sum where a column has two
 *   accumulators (Σ (s_g >> w) + (Σ (s_g mod 2^w)) >> w);
 * - out: V/R < 2p as pieces of ≤ 32 bits (limbs.ts), then one masked subtraction of p on those
 *   pieces: out < p, packed into u32 words (with limbs at rest the pieces are the limbs, each stored
 *   in its u32 slot, < 2^w since out < p). out may alias a or b (all loads precede the stores).
 * - Two products (`mul2`, a plan of two pairs): V = a·b + c·d + m·p, each pair's products in an
 *   accumulator of its own; for a, b, c, d < p, V/R < (2p² + (R − 1)p)/R < 2p since 2p < R, so the
 *   same pieces and subtraction apply. One reduction, one unpack per operand, one pack: in-wasm
 *   BLS12-381 0.79× (BN254 0.82×) the time of two products and an addition.
 * @module
 */

import { type FunctionBuilder, I64, Op } from "../../wasm/emitter.ts";
import type { Ref } from "./emit_mont.ts";
import type { ColumnPlan, RadixPlan } from "./limbs.ts";

const maskOf = (bits: number): bigint => (1n << BigInt(bits)) - 1n;

/**
 * Splits the u32-word element at `r` (value < 2^e) into n w-bit limbs in i64 locals: limb i is bits
 * [wi, wi + w), from one unaligned 8-byte load that never reads past the element's 4N bytes (4-byte
 * loads of the words, then shifts, measured no faster).
 */
export function emitUnpackLimbs(f: FunctionBuilder, plan: RadixPlan, r: Ref): number[] {
  const bytes = 4 * plan.words, mask = maskOf(plan.w);
  return Array.from({ length: plan.n }, (_, i) => {
    const bit = plan.w * i, at = Math.min(bit >> 3, bytes - 8), shift = bit - 8 * at;
    const l = f.local(I64);
    f.localGet(r.local).mem(Op.i64Load, r.offset + at);
    if (shift > 0) f.i64Const(shift).op(Op.i64ShrU);
    if (shift + plan.w < 64) f.i64Const(mask).op(Op.i64And);
    f.localSet(l);
    return l;
  });
}

/**
 * The n w-bit limbs of the element at `r` in i64 locals, in the plan's layout at rest: split from words
 * (emitUnpackLimbs), or loaded as they are (limbs at rest: one zero-extending load per limb).
 */
export function emitOperandLimbs(f: FunctionBuilder, plan: RadixPlan, r: Ref): number[] {
  if (plan.rest === "words") return emitUnpackLimbs(f, plan, r);
  return Array.from({ length: plan.n }, (_, i) => {
    const l = f.local(I64);
    f.localGet(r.local).mem(Op.i64Load32U, r.offset + 4 * i).localSet(l);
    return l;
  });
}

/** The n w-bit limbs (i64 locals) of the value held in N u32 words, i64 locals `words` (each < 2^32). */
export function emitWordsToLimbs(f: FunctionBuilder, plan: RadixPlan, words: readonly number[]): number[] {
  const mask = maskOf(plan.w);
  return Array.from({ length: plan.n }, (_, i) => {
    const bit = plan.w * i, q = bit >> 5, shift = bit & 31;
    const l = f.local(I64);
    f.localGet(words[q]);
    if (q + 1 < words.length) f.localGet(words[q + 1]).i64Const(32).op(Op.i64Shl).op(Op.i64Or);
    if (shift > 0) f.i64Const(shift).op(Op.i64ShrU);
    f.i64Const(mask).op(Op.i64And).localSet(l);
    return l;
  });
}

/**
 * Masked final subtraction on the pieces (i64 locals, the layout of plan.pieces, value < 2p), then
 * packs the result (< p) into the N u32 words at `out`.
 */
export function emitCondSubPack(
  f: FunctionBuilder,
  plan: RadixPlan,
  pieces: readonly number[],
  out: Ref,
): void {
  if (plan.pieces.reduce((sum, { bits }) => sum + bits, 0) < 32 * plan.words) {
    throw new Error("unreachable: pieces do not cover the element");
  }
  const { d, keep } = subtractP(f, plan, pieces);
  const parts = plan.pieces.map(({ bits }, j) => ({ bits, push: () => pickPiece(f, d[j], pieces[j], keep) }));
  packWords(f, plan, parts, out);
}

/**
 * Packs the n w-bit limbs at `from` (limbs at rest, one per u32 slot, value < 2^(32N)) into the N u32
 * words at `out` (module.ts fromMont: the staging slot's words).
 */
export function emitPackLimbs(f: FunctionBuilder, plan: RadixPlan, from: Ref, out: Ref): void {
  const load = (j: number) => () => void f.localGet(from.local).mem(Op.i64Load32U, from.offset + 4 * j);
  packWords(f, plan, Array.from({ length: plan.n }, (_, j) => ({ bits: plan.w, push: load(j) })), out);
}

/**
 * Packs values of the given widths, least significant first (each pushed as an i64 by `push`), into the
 * N u32 words at `out`: each is shifted into a running word of fewer than 32 + w bits, and a word is
 * stored whenever 32 bits are held; words above the values' bits get the rest, then 0.
 */
function packWords(
  f: FunctionBuilder,
  plan: RadixPlan,
  parts: readonly { readonly bits: number; readonly push: () => void }[],
  out: Ref,
): void {
  const word = f.local(I64);
  let held = 0, stored = 0;
  const store = () => {
    f.localGet(out.local).localGet(word).mem(Op.i64Store32, out.offset + 4 * stored++);
    f.localGet(word).i64Const(32).op(Op.i64ShrU).localSet(word);
    held -= 32;
  };
  for (const { bits, push } of parts) {
    push();
    if (held > 0) f.i64Const(held).op(Op.i64Shl).localGet(word).op(Op.i64Or);
    f.localSet(word);
    held += bits;
    while (held >= 32 && stored < plan.words) store();
  }
  while (stored < plan.words) store();
}

/**
 * The masked final subtraction on the pieces (value < 2p) with limbs at rest: the pieces are the limbs
 * (offsets w·j, RadixPlan.rest), each result piece (< 2^w: the value is < p) stored in its u32 slot.
 */
export function emitCondSubStoreLimbs(
  f: FunctionBuilder,
  plan: RadixPlan,
  pieces: readonly number[],
  out: Ref,
): void {
  if (plan.rest !== "limbs" || plan.pieces.some(({ offset }, j) => offset !== plan.w * j)) {
    throw new Error("unreachable: the pieces are not the limbs");
  }
  const { d, keep } = subtractP(f, plan, pieces);
  plan.pieces.forEach((_, j) => {
    f.localGet(out.local);
    pickPiece(f, d[j], pieces[j], keep);
    f.mem(Op.i64Store32, out.offset + 4 * j);
  });
}

/**
 * d = pieces − p piece by piece (d_j mod 2^bits_j, a borrow chain), and `keep`: all ones iff the
 * value is < p (the chain's final borrow).
 */
function subtractP(
  f: FunctionBuilder,
  plan: RadixPlan,
  pieces: readonly number[],
): { d: number[]; keep: number } {
  const d = pieces.map(() => f.local(I64));
  const borrow = f.local(I64);
  plan.pieces.forEach(({ offset, bits }, j) => {
    // x = u_j − p_j − borrow ∈ (−2^(bits+1), 2^bits): d_j = x mod 2^bits, borrow = sign bit.
    f.localGet(pieces[j]).i64Const((plan.p >> BigInt(offset)) & maskOf(bits)).op(Op.i64Sub);
    if (j > 0) f.localGet(borrow).op(Op.i64Sub);
    f.localTee(d[j]).i64Const(63).op(Op.i64ShrU).localSet(borrow);
    f.localGet(d[j]).i64Const(maskOf(bits)).op(Op.i64And).localSet(d[j]);
  });
  f.i64Const(0).localGet(borrow).op(Op.i64Sub).localSet(borrow); // all ones iff V/R < p: keep it
  return { d, keep: borrow };
}

/** Pushes the piece u if `keep` (all ones), else d: d ^ ((d ^ u) & keep), branch-free. */
function pickPiece(f: FunctionBuilder, d: number, u: number, keep: number): void {
  f.localGet(d).localGet(d).localGet(u).op(Op.i64Xor).localGet(keep).op(Op.i64And);
  f.op(Op.i64Xor);
}

/**
 * The scalar side of the product-scanning columns, shared by the scalar, SIMD and Fp2-lane kernels:
 * i64 accumulators, the digits m_k, the carry, and the output pieces. Column k is opened with
 * `open(k)`, its operand terms go to accumulator g with `add(g)` (the i64 on the stack), and
 * `finish(k, col)` adds the digit products and the carry and closes it: the digit m_k (k < n, its
 * product m_k·p_0 added to the column), the carry and the column's piece.
 *
 * Two digits per step (plan.digitsPerStep = 2): columns k and k + 1 (k even, k + 1 < n) are open
 * together, in two banks of accumulators, and their digits come from one 2w-bit digit
 * M = (V_k + 2^w·V'_{k+1})·(−p⁻¹ mod 2^(2w)) mod 2^(w + bits_{k+1}), m_k = M mod 2^w,
 * m_{k+1} = M >> w, where V'_{k+1} is column k + 1 before m_k·p_1, m_{k+1}·p_0 and the carry out of
 * column k are added. Those terms and m_k·p_0 add M·(p mod 2^(2w)) to V_k + 2^w·V'_{k+1} modulo
 * 2^(2w) (the carry only moves value from column k to k + 1), so M is the unique residue that zeroes
 * the pair's low w + bits_{k+1} bits: the digits, every column and the output equal the one-digit
 * kernel's bit for bit. The step replaces two dependent
 * digit → product → carry chains by one (the kernel's critical path: BLS12-381 w = 30, in-wasm loop,
 * 87.5 → 77.5 ns, bench/field/wasm_variants.ts). The sums and the product by −p⁻¹ wrap mod 2^64 and
 * are used only through the mask (exact on Z mod 2^(2w); tests/bounds proves no other use).
 */
export class Columns {
  /** Accumulators of the open column (bank 0, or bank 1 for the second column of a pair). */
  private acc: number[];
  private readonly banks: number[][];
  readonly m: number[];
  readonly carry: number;
  private readonly pieces: number[] = [];
  private used = new Set<number>();
  private readonly usedBy: Set<number>[] = [new Set(), new Set()];
  private bank = 0;
  /** The first column of the open pair, until its second column finishes. */
  private held: ColumnPlan | null = null;
  constructor(private readonly f: FunctionBuilder, private readonly plan: RadixPlan, accumulators: number) {
    const banks = plan.digitsPerStep === 2 ? 2 : 1;
    this.banks = Array.from(
      { length: banks },
      () => Array.from({ length: accumulators }, () => f.local(I64)),
    );
    this.acc = this.banks[0];
    this.m = Array.from({ length: plan.n }, () => f.local(I64));
    this.carry = f.local(I64);
  }
  /**
   * Whether column k is the first (1) or second (2) of a two-digit pair, or alone (0): pairs are
   * (k, k + 1) for even k with both digits below n.
   */
  private role(k: number): 0 | 1 | 2 {
    if (this.plan.digitsPerStep !== 2) return 0;
    const even = k % 2 === 0, second = even ? k + 1 : k;
    return second >= this.plan.n ? 0 : even ? 1 : 2;
  }
  private select(bank: number): void {
    this.usedBy[this.bank] = this.used;
    this.bank = bank;
    this.acc = this.banks[bank];
    this.used = this.usedBy[bank];
  }
  /** Opens column k (in its bank). */
  open(k: number): void {
    this.select(this.role(k) === 2 ? 1 : 0);
    this.used = new Set();
  }
  /** Adds the i64 on the stack to accumulator g. */
  add(g: number): void {
    if (this.used.has(g)) this.f.localGet(this.acc[g]).op(Op.i64Add);
    this.used.add(g);
    this.f.localSet(this.acc[g]);
  }
  /** Doubles every accumulator used so far (squaring's cross products). */
  double(): void {
    for (const g of this.used) this.f.localGet(this.acc[g]).i64Const(1).op(Op.i64Shl).localSet(this.acc[g]);
  }
  /** Adds m_i·p_j to accumulator g (nothing when p_j = 0). */
  private digitTimesP(i: number, j: number, g: number): void {
    if (j >= this.plan.n || this.plan.pLimbs[j] === 0n) return;
    this.f.localGet(this.m[i]).i64Const(this.plan.pLimbs[j]).op(Op.i64Mul), this.add(g);
  }
  private addCarry(col: ColumnPlan): void {
    if (col.carryAcc >= 0) this.f.localGet(this.carry), this.add(col.carryAcc);
  }
  /** Column k's digit products and carry, then its digit, carry and piece (see the class doc for pairs). */
  finish(k: number, col: ColumnPlan): void {
    const role = this.role(k);
    // The second column of a pair defers m_k−1·p_1: its digit is not known yet.
    for (const t of col.digits) if (role !== 2 || t.i !== k - 1) this.digitTimesP(t.i, t.j, t.acc);
    if (role !== 2) {
      this.addCarry(col);
      if (role === 1) this.held = col; // closed with its partner
      else this.close(k, col.digitAcc, false);
      return;
    }
    const first = this.held!;
    this.held = null;
    this.pairDigits(k - 1, k);
    this.select(0);
    this.close(k - 1, first.digitAcc, true);
    this.select(1);
    for (const t of col.digits) if (t.i === k - 1) this.digitTimesP(t.i, t.j, t.acc);
    this.addCarry(col);
    this.close(k, col.digitAcc, true);
  }
  /** Pushes Σ of the bank's used accumulators (mod 2^64). */
  private sum(bank: number): void {
    const { f } = this;
    [...this.usedBy[bank]].forEach((g, i) =>
      void (f.localGet(this.banks[bank][g]), i > 0 && f.op(Op.i64Add))
    );
  }
  /** m_k, m_{k+1} from one 2w-bit digit (the class doc). */
  private pairDigits(k: number, k1: number): void {
    const { f, plan } = this;
    this.select(this.bank); // records the open bank's accumulators for sum()
    const bits = plan.w + plan.digitBits[k1], M = f.local(I64);
    this.sum(1);
    f.i64Const(plan.w).op(Op.i64Shl);
    this.sum(0);
    f.op(Op.i64Add).i64Const(plan.n0Pair).op(Op.i64Mul).i64Const(maskOf(bits)).op(Op.i64And).localTee(M);
    f.i64Const(maskOf(plan.w)).op(Op.i64And).localSet(this.m[k]);
    f.localGet(M).i64Const(plan.w).op(Op.i64ShrU).localSet(this.m[k1]);
  }
  /**
   * Ends column k: the digit (k < n; `given`: already made by a pair) and its product by p_0, then
   * carry ← V_k >> w and the piece V_k mod 2^w (k ≥ n − 1).
   */
  private close(k: number, digitAcc: number, given: boolean): void {
    const { f, plan, acc, carry } = this;
    const { n, w } = plan, mask = maskOf(w);
    if (k < n) {
      if (!given) {
        // m_k = (Σ (acc mod 2^bits_k))·n0 mod 2^bits_k: only the column's low bits_k bits matter, and
        // masking each accumulator first keeps the sum (< G·2^bits_k) and its product by n0 (< 2^w)
        // below 2^61, so no i64 of a one-digit step wraps (tests/bounds proves it from the bytes).
        const dm = maskOf(plan.digitBits[k]);
        [...this.used].forEach((g, i) =>
          void (f.localGet(acc[g]).i64Const(dm).op(Op.i64And), i > 0 && f.op(Op.i64Add))
        );
        f.i64Const(plan.n0).op(Op.i64Mul).i64Const(dm).op(Op.i64And).localTee(this.m[k]);
      } else f.localGet(this.m[k]);
      f.i64Const(plan.pLimbs[0]).op(Op.i64Mul), this.add(digitAcc);
    }
    const gs = [...this.used];
    const keep = f.local(I64);
    if (gs.length === 1) {
      f.localGet(acc[gs[0]]).i64Const(w).op(Op.i64ShrU).localSet(carry);
      if (k >= n - 1) f.localGet(acc[gs[0]]).i64Const(mask).op(Op.i64And).localSet(keep);
    } else {
      // Two or more accumulators: low parts summed first (< G·2^w), then the high parts.
      gs.forEach((g, i) => void (f.localGet(acc[g]).i64Const(mask).op(Op.i64And), i > 0 && f.op(Op.i64Add)));
      f.localTee(keep).i64Const(w).op(Op.i64ShrU);
      for (const g of gs) f.localGet(acc[g]).i64Const(w).op(Op.i64ShrU).op(Op.i64Add);
      f.localSet(carry);
      if (k >= n - 1) f.localGet(keep).i64Const(mask).op(Op.i64And).localSet(keep);
    }
    if (k === n - 1 && w * n > plan.e) {
      // The digit zeroed the low digitBits bits; the rest of this column is the first piece.
      f.localGet(keep).i64Const(plan.digitBits[n - 1]).op(Op.i64ShrU).localSet(keep);
      this.pieces.push(keep);
    } else if (k >= n) this.pieces.push(keep);
  }
  /**
   * After the last column: the top piece (the last carry), the final subtraction, the store into
   * `out` in the plan's layout at rest: words (packed) or limbs.
   */
  store(out: Ref): void {
    if (this.pieces.length < this.plan.pieces.length) this.pieces.push(this.carry);
    if (this.plan.rest === "words") emitCondSubPack(this.f, this.plan, this.pieces, out);
    else emitCondSubStoreLimbs(this.f, this.plan, this.pieces, out);
  }
}

/** The second operand pair of a two-product kernel: out ← (a·b + c·d)·2^(−32N) mod p. */
export interface SecondPair {
  readonly c: Ref;
  readonly d: Ref;
}

/**
 * Throws unless `second` matches the plan: a second operand pair exactly with a plan of two pairs, and
 * then a product, not a squaring (a generator's bug, public).
 */
export function checkSecondPair(plan: RadixPlan, second: SecondPair | null, square: boolean): void {
  if ((second !== null) !== (plan.pairs === 2) || (second !== null && square)) {
    throw new RangeError("reduced kernel: a second operand pair needs a plan of two pairs (and a product)");
  }
}

/**
 * out ← a·b·2^(−32N) mod p (b = null: a²·2^(−32N)) with w-bit limbs, following `plan` (see the
 * module doc for the bounds); with `second` (a plan of two pairs, RadixOptions.pairs = 2),
 * out ← (a·b + c·d)·2^(−32N) mod p: both pairs' products in the same columns, one reduction (a, b,
 * c, d < p: (2p² + (R − 1)p)/R < 2p, as for one product, since 2p < R). Cost: n² (mul) or n(n+1)/2
 * (sqr) limb products for a·b, n² more for c·d, and about n² for m·p, 2 ops each, one carry per
 * column, 2n (4n) unpacks and the final subtraction on n + 1 pieces.
 */
export function emitMontMulReduced(
  f: FunctionBuilder,
  plan: RadixPlan,
  out: Ref,
  a: Ref,
  b: Ref | null,
  second: SecondPair | null = null,
): void {
  checkSecondPair(plan, second, b === null);
  const A = emitOperandLimbs(f, plan, a);
  const B = b === null ? A : emitOperandLimbs(f, plan, b);
  const C = second === null ? [] : emitOperandLimbs(f, plan, second.c);
  const D = second === null ? [] : emitOperandLimbs(f, plan, second.d);
  const cols = new Columns(f, plan, plan.accumulators);
  (b === null ? plan.sqr : plan.mul).forEach((col: ColumnPlan, k) => {
    cols.open(k);
    for (const t of col.cross) f.localGet(A[t.i]).localGet(A[t.j]).op(Op.i64Mul), cols.add(t.acc);
    cols.double();
    for (const t of col.products) f.localGet(A[t.i]).localGet(B[t.j]).op(Op.i64Mul), cols.add(t.acc);
    for (const t of col.products2) f.localGet(C[t.i]).localGet(D[t.j]).op(Op.i64Mul), cols.add(t.acc);
    cols.finish(k, col);
  });
  cols.store(out);
}
