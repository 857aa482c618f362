/**
 * Reads a linear-combination function from its wasm body (the functions emitted through
 * field/tower/wasm_fp2_emit.ts `emitSmallCombination` + `storeLimbs`: fp2_neg … fp2_mulByU, the tower's
 * fused sums, the point layers' 3b multiplications) and states its contract from what the bytes say.
 *
 * Either layout at rest (field/wasm/montgomery.ts): an element is N limbs of w bits, one per u32 slot
 * (limb j at byte 4j), R = 2^(wN); w = 32 for words at rest, 30 for the reduced kernels' limbs at
 * rest. The caller names w (the module's own `limbBits()`); every constant below is checked against it.
 *
 * The body must be, exactly (any other instruction throws: nothing is skipped):
 *   per part: for limb j = 0 … N: `i64.const K_j`, the terms `local.get x; i64.load32_u o+4j;
 *   [i64.const |c|; i64.mul]; i64.add|i64.sub` (the same terms for every j < N, none at j = N), the
 *   carry `local.get carry; i64.add` (j > 0), then `local.tee l_j; i64.const w; i64.shr_s;
 *   local.set carry; local.get l_j; i64.const 2^w−1; i64.and; local.set l_j`; then any number of
 *   masked conditional subtractions of a constant q on the N + 1 limbs (borrow chain d_j = l_j − q_j −
 *   borrow, borrow = d_j >>u 63, d_j & (2^w−1); mask −borrow, l ← d ^ ((d ^ l) & mask));
 *   or, for a large bound, the quotient estimate q̂ = ⌊(⌊V/2^b⌋ & mask)·μ/2^k⌋, h read as
 *   `(l_{L+1} << w | l_L) >> r` (or `l_N >> r`) with b = w·L + r, r < w, and the chain l_j − q̂·p_j on
 *   the low N limbs (split as the first chain), then at most one conditional subtraction of p on those
 *   N limbs; then the stores `local.get 0; local.get l_j; i64.store32 o+4j` of the low N limbs of
 *   each part.
 *
 * What that computes, and the contract derived from it (for operand bounds x_i < U_i):
 * - V = K·p + Σ c_i·x_i on N + 1 limbs of w bits with a signed carry: exact when 0 ≤ V < 2^(w(N+1)),
 *   i.e. K·p ≥ Σ_{c<0} |c|(U_i − 1) (checked: else the sum can go negative and wrap) and
 *   V_max = K·p + Σ_{c>0} c(U_i − 1) < 2^(w(N+1)) (checked). The K_j must be w-bit limbs (< 2^w) that
 *   form K·p = Σ K_j·2^(wj) (checked).
 * - each conditional subtraction of q = Σ q_j·2^(wj) (q_j < 2^w) = 2^t·p (checked: a power of two times
 *   p, t decreasing by one) maps v < 2q to v < q; so the first one needs V_max < 2^(t₀+1)·p (checked),
 *   and the result is < min(V_max + 1, 2^t_last·p), which must be ≤ 2^(wN) = R (the stored limbs;
 *   checked).
 * @module
 */
import type { Instr, WasmFunction } from "../ct/wasm_decode.ts";

/** One term: the element at (parameter `param`) + `offset`, times `coef`. */
export interface Term {
  readonly param: number;
  readonly offset: number;
  readonly coef: bigint;
}
/** One computed value. */
export interface Part {
  readonly terms: readonly Term[];
  /** The non-negative offset K (the sum starts at K·p). */
  readonly k: bigint;
  /** The exponents t of the conditional subtractions of 2^t·p, in order. */
  readonly subs: readonly number[];
  /**
   * The quotient estimate before the subtractions, if any: q̂ = ⌊⌊V / 2^b⌋·μ / 2^k⌋ read from limbs
   * ⌊b/w⌋ and the next, then V − q̂·p on the low N limbs (the subtractions then run on N limbs).
   */
  readonly estimate?: { readonly b: number; readonly hMask: bigint; readonly mu: bigint; readonly k: number };
}
/** A decoded combination: the parts, and where each is stored (parameter 0 + offset). */
export interface Combination {
  readonly parts: readonly Part[];
  readonly stores: readonly { readonly part: number; readonly offset: number }[];
}

/** The body does not have the shape of a combination. */
export class NotACombination extends Error {}

/** The mask of a w-bit limb, 2^w − 1. */
const limbMask = (w: number): bigint => (1n << BigInt(w)) - 1n;
/** Σ x_j·2^(wj): w-bit limbs reassembled. */
const assemble = (limbs: readonly bigint[], w: number): bigint =>
  limbs.reduce((acc, x, j) => acc + (x << BigInt(w * j)), 0n);

class Cursor {
  i = 0;
  constructor(readonly fn: WasmFunction) {}
  peek(k = 0): Instr | undefined {
    return this.fn.body[this.i + k];
  }
  take(name: string, ...imm: (number | bigint)[]): Instr {
    const ins = this.fn.body[this.i];
    if (ins === undefined || ins.name !== name || imm.some((v, k) => ins.imm[k] !== v)) {
      throw new NotACombination(
        `${this.fn.name}: expected ${name} ${imm.join(",")} at instruction ${this.i}, found ` +
          (ins === undefined ? "the end" : `${ins.name} ${ins.imm.join(",")} (offset ${ins.offset})`),
      );
    }
    this.i++;
    return ins;
  }
  /** A local.* instruction's index, fresh (not a parameter) unless `param`. */
  local(name: string, param = false): number {
    const l = this.take(name).imm[0] as number;
    if (!param && l < this.fn.params) {
      throw new NotACombination(`${this.fn.name}: limb local ${l} is a parameter`);
    }
    return l;
  }
  i64(): bigint {
    return this.take("i64.const").imm[0] as bigint;
  }
}

/**
 * Decodes `fn` as a combination over N = `limbs` limbs of `bits` bits modulo p (w = 32: words at rest;
 * 30: limbs at rest) (throws NotACombination).
 */
export function decodeCombination(fn: WasmFunction, p: bigint, limbs: number, bits = 32): Combination {
  checkWidth(bits);
  const n = limbs, w = bits, W = BigInt(w), MASK = limbMask(w), cur = new Cursor(fn);
  const parts: Part[] = [];
  const limbLocals: number[][] = [];
  while (cur.peek()?.name === "i64.const") {
    const kp: bigint[] = [];
    const terms: { param: number; offset: number; coef: bigint }[] = [];
    const ls: number[] = [];
    let carry = -1;
    for (let j = 0; j <= n; j++) {
      kp.push(cur.i64());
      let t = 0;
      while (j < n && cur.peek()?.name === "local.get" && cur.peek(1)?.name === "i64.load32_u") {
        const param = cur.local("local.get", true);
        if (param >= fn.params || param === 0) {
          throw new NotACombination(`${fn.name}: loads from local ${param}`);
        }
        const offset = cur.take("i64.load32_u").imm[1] as number;
        let mag = 1n;
        if (cur.peek()?.name === "i64.const" && cur.peek(1)?.name === "i64.mul") {
          mag = cur.i64();
          cur.take("i64.mul");
          if (mag <= 1n) throw new NotACombination(`${fn.name}: coefficient ${mag}`);
        }
        const sign = cur.peek()?.name === "i64.sub" ? -1n : 1n;
        cur.take(sign < 0n ? "i64.sub" : "i64.add");
        const coef = sign * mag;
        if (j === 0) terms.push({ param, offset, coef });
        else {
          const e = terms[t];
          if (e === undefined || e.param !== param || e.offset + 4 * j !== offset || e.coef !== coef) {
            throw new NotACombination(`${fn.name}: limb ${j} term ${t} differs from limb 0's`);
          }
        }
        t++;
      }
      if (j > 0 && j < n && t !== terms.length) {
        throw new NotACombination(`${fn.name}: limb ${j} has ${t} terms`);
      }
      if (j === n && t !== 0) throw new NotACombination(`${fn.name}: top limb has terms`);
      if (j > 0) {
        cur.take("local.get", carry);
        cur.take("i64.add");
      }
      // l_j = sum mod 2^w, carry = ⌊sum / 2^w⌋ (signed)
      const l = cur.local("local.tee");
      cur.take("i64.const", W);
      cur.take("i64.shr_s");
      const c = cur.local("local.set");
      if (j === 0) carry = c;
      else if (c !== carry) throw new NotACombination(`${fn.name}: carry local changes`);
      cur.take("local.get", l), cur.take("i64.const", MASK), cur.take("i64.and"), cur.take("local.set", l);
      ls.push(l);
    }
    if (new Set([...ls, carry]).size !== n + 2) {
      throw new NotACombination(`${fn.name}: limb locals not distinct`);
    }
    if (kp.some((x) => x < 0n || x > MASK)) {
      throw new NotACombination(`${fn.name}: K·p limb out of range (not below 2^${w})`);
    }
    const kTimesP = assemble(kp, w);
    if (kTimesP % p !== 0n) throw new NotACombination(`${fn.name}: offset ${kTimesP} is not a multiple of p`);
    const estimate = decodeEstimate(cur, fn, ls, p, n, w);
    const width = estimate === undefined ? n + 1 : n; // limbs the subtractions run on
    // conditional subtractions
    const subs: number[] = [];
    while (
      cur.peek()?.name === "local.get" && cur.peek()?.imm[0] === ls[0] && cur.peek(1)?.name === "i64.const"
    ) {
      const q: bigint[] = [], d: number[] = [];
      let borrow = -1;
      for (let j = 0; j < width; j++) {
        cur.take("local.get", ls[j]);
        q.push(cur.i64());
        cur.take("i64.sub");
        if (j > 0) cur.take("local.get", borrow), cur.take("i64.sub");
        const dj = cur.local("local.tee");
        cur.take("i64.const", 63n), cur.take("i64.shr_u");
        const b = cur.local("local.set");
        if (j === 0) borrow = b;
        else if (b !== borrow) throw new NotACombination(`${fn.name}: borrow local changes`);
        cur.take("local.get", dj),
          cur.take("i64.const", MASK),
          cur.take("i64.and"),
          cur.take("local.set", dj);
        d.push(dj);
      }
      if (new Set([...d, borrow, ...ls]).size !== width + n + 2) {
        throw new NotACombination(`${fn.name}: locals reused`);
      }
      cur.take("i64.const", 0n),
        cur.take("local.get", borrow),
        cur.take("i64.sub"),
        cur.take("local.set", borrow);
      for (let j = 0; j < width; j++) {
        cur.take("local.get", d[j]), cur.take("local.get", d[j]), cur.take("local.get", ls[j]);
        cur.take("i64.xor"), cur.take("local.get", borrow), cur.take("i64.and"), cur.take("i64.xor");
        cur.take("local.set", ls[j]);
      }
      if (q.some((x) => x < 0n || x > MASK)) {
        throw new NotACombination(`${fn.name}: subtrahend limb out of range (not below 2^${w})`);
      }
      const qv = assemble(q, w);
      const t = qv % p === 0n ? (qv / p).toString(2).length - 1 : -1;
      if (t < 0 || qv !== p << BigInt(t)) {
        throw new NotACombination(`${fn.name}: subtrahend ${qv} is not 2^t·p`);
      }
      if (subs.length > 0 && t !== subs[subs.length - 1] - 1) {
        throw new NotACombination(`${fn.name}: subtractions not in the order 2^t·p, 2^(t−1)·p, …`);
      }
      subs.push(t);
    }
    parts.push({ terms, k: kTimesP / p, subs, estimate });
    limbLocals.push(ls);
  }
  if (parts.length === 0) throw new NotACombination(`${fn.name}: does not start with a combination`);
  // stores: local.get 0; local.get l_j; i64.store32 offset + 4j, N limbs of one part at a time
  const stores: { part: number; offset: number }[] = [];
  while (cur.peek()?.name === "local.get" && cur.peek()?.imm[0] === 0) {
    let part = -1, base = 0;
    for (let j = 0; j < n; j++) {
      cur.take("local.get", 0);
      const l = cur.take("local.get").imm[0] as number;
      const off = cur.take("i64.store32").imm[1] as number;
      if (j === 0) {
        part = limbLocals.findIndex((ls) => ls[0] === l);
        if (part < 0) throw new NotACombination(`${fn.name}: stores local ${l}, not a result limb`);
        base = off;
      } else if (limbLocals[part][j] !== l || off !== base + 4 * j) {
        throw new NotACombination(`${fn.name}: store of limb ${j} does not match`);
      }
    }
    stores.push({ part, offset: base });
  }
  cur.take("end");
  if (cur.i !== fn.body.length) throw new NotACombination(`${fn.name}: instructions after the end`);
  return { parts, stores };
}

/**
 * The quotient-estimate block of emitSmallCombination, if the cursor is at one: h from limbs L and L + 1
 * (`(l_{L+1} << w | l_L) >> r`, or `l_L >> r` when L = N), masked, times μ, shifted right by k into a fresh
 * local q̂; then for j < N: `l_j − q̂·p_j` (p_j: p's w-bit limbs) plus the carry, split as in the first
 * chain. As l_L < 2^w, the `or` is l_{L+1}·2^w + l_L = ⌊V/2^(wL)⌋ (when the two limbs hold it: partBound
 * checks), and the shift by r < w makes it ⌊V/2^b⌋ with b = w·L + r.
 */
function decodeEstimate(
  cur: Cursor,
  fn: WasmFunction,
  ls: readonly number[],
  p: bigint,
  n: number,
  w: number,
) {
  const W = BigInt(w), MASK = limbMask(w);
  const at = cur.peek(), next = cur.peek(1);
  if (at?.name !== "local.get" || next === undefined) return undefined;
  const twoLimbs = next.name === "i64.const" && next.imm[0] === W && cur.peek(2)?.name === "i64.shl";
  const oneLimb = next.name === "i64.const" && cur.peek(2)?.name === "i64.shr_u";
  if (!twoLimbs && !oneLimb) return undefined;
  let L: number;
  if (twoLimbs) {
    const hi = cur.local("local.get");
    cur.take("i64.const", W), cur.take("i64.shl");
    const lo = cur.local("local.get");
    cur.take("i64.or");
    L = ls.indexOf(lo);
    if (L < 0 || ls[L + 1] !== hi) throw new NotACombination(`${fn.name}: estimate reads limbs out of order`);
  } else {
    L = ls.indexOf(cur.local("local.get"));
    if (L !== n) throw new NotACombination(`${fn.name}: estimate reads one limb that is not the top`);
  }
  const r = Number(cur.i64());
  cur.take("i64.shr_u");
  const hMask = cur.i64();
  cur.take("i64.and");
  const mu = cur.i64();
  cur.take("i64.mul");
  const k = Number(cur.i64());
  cur.take("i64.shr_u");
  const q = cur.local("local.set");
  if (r < 0 || r >= w || k <= 0 || k >= 64 || mu <= 0n || (hMask & (hMask + 1n)) !== 0n) {
    throw new NotACombination(`${fn.name}: estimate constants out of range`);
  }
  let carry = -1;
  for (let j = 0; j < n; j++) {
    cur.take("local.get", ls[j]), cur.take("local.get", q);
    const pj = cur.i64();
    if (pj !== ((p >> BigInt(w * j)) & MASK)) {
      throw new NotACombination(`${fn.name}: limb ${j} of q̂·p is not p's ${w}-bit limb`);
    }
    cur.take("i64.mul"), cur.take("i64.sub");
    if (j > 0) cur.take("local.get", carry), cur.take("i64.add");
    cur.take("local.tee", ls[j]), cur.take("i64.const", W), cur.take("i64.shr_s");
    const c = cur.local("local.set");
    if (j === 0) carry = c;
    else if (c !== carry) throw new NotACombination(`${fn.name}: estimate carry local changes`);
    cur.take("local.get", ls[j]),
      cur.take("i64.const", MASK),
      cur.take("i64.and"),
      cur.take("local.set", ls[j]);
  }
  if (new Set([...ls, q, carry]).size !== n + 3) {
    throw new NotACombination(`${fn.name}: estimate locals reused`);
  }
  return { b: w * L + r, hMask, mu, k };
}

/** The limb widths a combination may have: 1 … 32 bits (one limb per u32 slot). */
function checkWidth(bits: number): void {
  if (!Number.isInteger(bits) || bits < 1 || bits > 32) throw new RangeError(`limb width ${bits}`);
}

/**
 * The bound of a part's result for operand bounds `bounds` (exclusive, one per term), or an error; the
 * part was decoded with N = `limbs` limbs of `bits` bits (decodeCombination's w).
 */
export function partBound(
  part: Part,
  p: bigint,
  limbs: number,
  bounds: readonly bigint[],
  bits = 32,
): { bound: bigint } | { error: string } {
  checkWidth(bits);
  const w = bits;
  let low = part.k * p, high = part.k * p;
  part.terms.forEach((t, i) => {
    const max = bounds[i] - 1n;
    if (t.coef < 0n) low += t.coef * max;
    else high += t.coef * max;
  });
  const show = (x: bigint) => `${x / p}p + ${x % p > 0n ? "r" : "0"} (< ${x / p + 1n}p)`;
  if (low < 0n) {
    return { error: `the sum can be negative (K·p = ${part.k}p below Σ|c|·x of the subtracted terms)` };
  }
  if (high >> BigInt(w * (limbs + 1)) !== 0n) {
    return { error: `the sum ${show(high)} overflows ${limbs + 1} limbs` };
  }
  let bound = high + 1n;
  if (part.estimate !== undefined) {
    // V ∈ [low, high]; h = ⌊V/2^b⌋ read whole from its two limbs L = ⌊b/w⌋ and L + 1 (V < 2^(w(L+2)));
    // h·μ < 2^64 (no wrap: i64.mul then shr_u); μ ≤ 2^(k+b)/p so q̂ ≤ ⌊V/p⌋; the error of h·μ/2^k
    // against V/p is below (high/2^b + 2^(k+b)/p)/2^k, and high·p + 2^(k+2b) < p·2^(k+b) makes it < 1,
    // so q̂ ≥ ⌊V/p⌋ − 1: V − q̂·p ∈ [0, 2p), held in N limbs when 2p ≤ 2^(wN) = R; its limb products
    // q̂·p_j (p_j < 2^w) stay < 2^62.
    const { b, hMask, mu, k } = part.estimate;
    const L = Math.floor(b / w);
    if (high >> BigInt(w * Math.min(L + 2, limbs + 1)) !== 0n) {
      return { error: `the estimate's two limbs do not hold ⌊V/2^${b}⌋ for V up to ${show(high)}` };
    }
    if (high >> BigInt(b) > hMask) return { error: "the mask of h can cut bits of ⌊V/2^b⌋" };
    if (hMask * mu >= 1n << 64n) return { error: "h·μ can wrap" };
    if (mu > (1n << BigInt(k + b)) / p) return { error: "μ exceeds 2^(k+b)/p: q̂ may exceed the quotient" };
    if (high * p + (1n << BigInt(k + 2 * b)) >= p << BigInt(k + b)) {
      return { error: "the estimate's error bound is not below 1" };
    }
    if (2n * p > 1n << BigInt(w * limbs)) return { error: "2p does not fit the low limbs" };
    if (((high / p) * limbMask(w)) >= 1n << 62n) return { error: "q̂·p_j can leave i64" };
    bound = 2n * p;
    if (part.subs.length > 0 && (part.subs.length !== 1 || part.subs[0] !== 0)) {
      return { error: "after the estimate only one subtraction of p is expected" };
    }
    if (part.subs.length > 0) bound = p;
    return { bound };
  }
  if (part.subs.length > 0) {
    const t0 = part.subs[0], last = part.subs[part.subs.length - 1];
    if (high >= p << BigInt(t0 + 1)) {
      return { error: `the sum reaches ${show(high)}, beyond 2^${t0 + 1}·p that the subtractions reduce` };
    }
    const reduced = p << BigInt(last);
    if (reduced < bound) bound = reduced;
  }
  if (bound > 1n << BigInt(w * limbs)) {
    return { error: `the result ${show(bound)} does not fit ${limbs} limbs` };
  }
  return { bound };
}
