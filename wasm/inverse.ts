/**
 * Constant-time modular inversion in WebAssembly, generated per modulus: T. Pornin's optimized binary
 * GCD ("Optimized Binary GCD for Modular Inversion", ePrint 2020/972, Algorithm 2), written for wasm's
 * i64 arithmetic (64×64→64-bit products only).
 *
 * Classic binary GCD keeps a ≡ u·y, b ≡ v·y (mod m) while it halves or subtracts-then-halves a (odd m,
 * b starts at m). Pornin's version runs K = 30 of those steps on 62-bit approximations ā, b̄ of a, b
 * (the K low bits, exact, and the 32 top bits of the longer, taken at the same position), records
 * them as an update matrix [[f0, g0], [f1, g1]] with |f|+|g| ≤ 2^K, then applies it to the full values:
 *   a ← |a·f0 + b·g0| / 2^K,   b ← |a·f1 + b·g1| / 2^K   (exact divisions),
 *   u ← (u·f0 + v·g0) / 2^K mod m,   v ← (u·f1 + v·g1) / 2^K mod m  (signs folded into f, g).
 * Every exact step shrinks len(a) + len(b) (at most 2·len(m) at the start) by at least one bit, and
 * 2·len(m) − 1 steps suffice with the approximations too (the paper's bound for Algorithm 2; a wrong
 * comparison, possible when a and b share their top bits, can make a·f0 + b·g0 negative, hence the
 * absolute values). So the outer
 * loop runs ⌈(2·bits − 1)/K⌉ times whatever the input: 26 for 381 bits (780 steps), 17 for 254/255 bits
 * (510). The bound is tight: y = 2^(bits−1) needs exactly 2·bits − 1 steps. When a and b fit in 62 bits,
 * ā = a and b̄ = b exactly. tests/field/algorithms_gcd_model.ts replays the algorithm in BigInt.
 *
 * The start value: u starts at s (InverseLayout.start), so that at the end (b = 1) v = s·y⁻¹. The
 * field kernels start at R² mod m: for a Montgomery input y = a·R this is a⁻¹·R, the Montgomery form
 * of a⁻¹, with no multiplication (field/wasm/inverse.ts); X25519 starts at 1. Input 0 gives 0 (a
 * stays 0, v stays ≡ 0). Generic over the odd modulus (no curve here): the field layer and X25519's
 * module (x25519/wasm/module.ts) both emit it.
 *
 * Representation: a, b, u, v are L = ⌈(bits+2)/30⌉ limbs of 30 bits in i64 locals (no memory
 * scratch). Bounds (all checked against 2^63):
 * - a, b ∈ [0, 2^bits): limbs in [0, 2^30). After the update the top limb holds the signed carry and
 *   |a'| ≤ max(a, b); a conditional negation makes it non-negative again.
 * - u, v ∈ [−m, m): limbs 0..L−2 in [0, 2^30), top limb signed, |top| < 2^(bits+1−30(L−1)).
 *   t = u·f + v·g + q·m with q = (−t·m⁻¹ mod 2^30) ∈ [0, 2^30) lies in [−m·2^30, 2m·2^30), so t/2^30
 *   ∈ [−m, 2m); subtracting m when it is ≥ 0 brings it back to [−m, m). Per limb |u_i·f + v_i·g + q·m_i
 *   + carry| < 3·2^60.
 * - ā, b̄ < 2^62 (so the i64 difference ā − b̄ is negative exactly when ā < b̄); f, g packed as f + 2^32·g in one i64
 *   (|f|, |g| ≤ 2^30 < 2^31, so both halves unpack exactly).
 *
 * Constant time: every data-dependent choice is a mask (and/xor/arithmetic shift of a difference);
 * `i64.clz` is branch-free (lzcnt, or bsr + cmov, on x86-64; clz on ARM64); the only branch is the outer
 * loop's counter test (the "counted loops only" rule of tests/ct/wasm_rules.ts). No `if`, `select` or
 * `br_table`.
 *
 * Cost: the inner steps are latency-bound (7 dependent operations each, no spills in V8's code); per
 * outer iteration the rest is 6 limb-wise passes of L limbs. For 381 bits `perf annotate` of the
 * compiled function (Deno 2.9, V8 15, 2026-12-07) put about half the samples in the inner steps and
 * half in the passes (an earlier estimate said 80 % inner). Measured here: 3.5 µs for 381 bits,
 * 1.9 µs for 254/255 bits, 0.16–0.19× noble's variable-time Fp.inv in the same run
 * (bench/field/inverse.ts).
 * @module
 */

import { FunctionBuilder, I32, I64, ModuleBuilder, Op } from "./emitter.ts";

/** `i64.clz` (spec §5.4.7); emitted raw since emitter.ts does not name it. */
const I64_CLZ = 0x79;
/** Inner steps per outer iteration (the paper's k − 1), and the bits of the internal limbs. */
const K = 30;
/** Bits per limb of the inversion's own representation (the limbs at rest it accepts: InverseLayout). */
export const GCD_LIMB_BITS: typeof K = K;
const MASK = (1n << BigInt(K)) - 1n;

/** The inverse function of one modulus. */
export interface WasmInverse {
  /**
   * Writes the Montgomery form of a⁻¹ (0 ↦ 0) at `outAddr`, given the Montgomery form of a at `inAddr`
   * (N little-endian u32 limbs, fully reduced, R = 2^(32N)). `outAddr` may equal `inAddr`.
   * `scratchAddr` is unused (scratchBytes is 0): the state lives in wasm locals.
   */
  inv(outAddr: number, inAddr: number, scratchAddr: number): void;
  /** Bytes of scratch memory `inv` needs at `scratchAddr` (0). */
  readonly scratchBytes: number;
  /** The module's bytes (imports env.memory, exports `inv`). */
  readonly bytes: Uint8Array;
}

/** Public parameters of the generated code, derived from p. */
export interface InverseParams {
  /** Bit length of p. */
  readonly bits: number;
  /** 32-bit limbs of an element in memory. */
  readonly n32: number;
  /** 30-bit limbs of the internal representation. */
  readonly limbs: number;
  /** Outer iterations ⌈(2·bits − 1)/30⌉. */
  readonly iterations: number;
  /** −p⁻¹ mod 2^30. */
  readonly pInv30: bigint;
  /** R² mod p, R = 2^(32·n32). */
  readonly r2: bigint;
}

/** Derives the generator's parameters from an odd modulus p ≥ 2^64. */
export function inverseParams(p: bigint): InverseParams {
  if (p < 1n << 64n || (p & 1n) === 0n) throw new RangeError("buildWasmInverse: p must be odd and ≥ 2^64");
  const bits = p.toString(2).length;
  const n32 = Math.ceil(bits / 32);
  // p⁻¹ mod 2^30 by Newton iteration x ← x(2 − p·x): each step doubles the number of correct bits.
  let x = 1n;
  for (let i = 0; i < 5; i++) x = (x * (2n - p * x)) & MASK;
  const r2 = (1n << BigInt(64 * n32)) % p;
  return {
    bits,
    n32,
    limbs: Math.ceil((bits + 2) / K),
    iterations: Math.ceil((2 * bits - 1) / K),
    pInv30: (-x) & MASK,
    r2,
  };
}

function limbs30(x: bigint, n: number): bigint[] {
  return Array.from({ length: n }, (_, i) => (x >> BigInt(K * i)) & MASK);
}

/** A chainable view of a FunctionBuilder with short names for the i64 operations used below. */
class Asm {
  constructor(readonly f: FunctionBuilder) {}
  get(local: number): this {
    this.f.localGet(local);
    return this;
  }
  set(local: number): this {
    this.f.localSet(local);
    return this;
  }
  c(value: bigint | number): this {
    this.f.i64Const(value);
    return this;
  }
  op(...opcodes: number[]): this {
    this.f.raw(opcodes);
    return this;
  }
  add(): this {
    return this.op(Op.i64Add);
  }
  sub(): this {
    return this.op(Op.i64Sub);
  }
  mul(): this {
    return this.op(Op.i64Mul);
  }
  and(): this {
    return this.op(Op.i64And);
  }
  or(): this {
    return this.op(Op.i64Or);
  }
  xor(): this {
    return this.op(Op.i64Xor);
  }
  shl(n: number): this {
    return this.c(n).op(Op.i64Shl);
  }
  shrU(n: number): this {
    return this.c(n).op(Op.i64ShrU);
  }
  shrS(n: number): this {
    return this.c(n).op(Op.i64ShrS);
  }
  /** Keeps the low K bits. */
  low(): this {
    return this.c(MASK).and();
  }
  /** 0 − (top of stack): with the operand pushed by `then`. */
  neg(then: (e: this) => unknown): this {
    this.c(0);
    then(this);
    return this.sub();
  }
}

/** Emits the module bytes of the inversion modulo p alone (importing `env.memory`; for tests). */
export function inverseModuleBytes(p: bigint): Uint8Array {
  const mod = new ModuleBuilder().importMemory(1);
  mod.addFunction("inv", inverseFunction(p, { limbBits: 32, start: inverseParams(p).r2 }));
  return mod.toBytes();
}

/** How the inversion reads and writes elements, and what it multiplies the inverse by. */
export interface InverseLayout {
  /**
   * 32: an element is N = ⌈bits/32⌉ little-endian u32 words; 30: it is the L 30-bit limbs themselves,
   * one per u32 slot (a field module's limbs at rest, montgomery.ts's layout for w = 30).
   */
  readonly limbBits: 32 | typeof GCD_LIMB_BITS;
  /**
   * u's start value s (< p): the function computes s·y⁻¹. R² mod p makes it the Montgomery form of
   * the inverse of a Montgomery input (field kernels); 1 gives the plain inverse (X25519).
   */
  readonly start: bigint;
}

/**
 * The function inv(outAddr, inAddr, scratchAddr) modulo p (see the module doc): out ← start·y⁻¹ mod p,
 * fully reduced, for y at inAddr (fully reduced; 0 ↦ 0), in `layout`'s representation.
 */
export function inverseFunction(p: bigint, layout: InverseLayout): FunctionBuilder {
  const P = inverseParams(p);
  const L = P.limbs;
  const atRest = layout.limbBits !== 32;
  if (layout.start < 0n || layout.start >= p) throw new RangeError("inverse: start must lie in [0, p)");
  const m = limbs30(p, L);
  const start = limbs30(layout.start, L);
  const f = new FunctionBuilder([I32, I32, I32]);
  const e = new Asm(f);
  const OUT = 0, IN = 1;
  const i64 = () => f.local(I64);
  const [a, b, u, v] = [0, 1, 2, 3].map(() => m.map(i64));
  const [ab, bb, d, pf0, pf1, odd, sw, t, ca, cb, qa, qb, s, xa, xb, found] = Array.from({ length: 16 }, i64);
  const [f0, g0, f1, g1] = [0, 1, 2, 3].map(i64);
  const counter = f.local(I32);

  // --- load: a ← y as 30-bit limbs from N u32 limbs at IN; b ← m; u ← start; v ← 0 (locals start at 0).
  for (let j = 0; j < L; j++) {
    if (atRest) {
      f.localGet(IN).mem(Op.i64Load32U, 4 * j).localSet(a[j]);
      continue;
    }
    const w = Math.floor((K * j) / 32);
    if (w >= P.n32) continue; // a_j stays 0
    f.localGet(IN);
    if (w + 1 < P.n32) f.mem(Op.i64Load, 4 * w); // u32 limbs w and w+1: bits 32w … 32w+63
    else f.mem(Op.i64Load32U, 4 * w);
    e.shrU((K * j) % 32).low().set(a[j]);
  }
  for (let j = 0; j < L; j++) e.c(m[j]).set(b[j]).c(start[j]).set(u[j]);

  f.begin(Op.loop);

  // --- approximations ā, b̄ (Pornin's Algorithm 2, lines 3–5), branch-free.
  // For the highest limb index i ≥ 2 with a_i | b_i ≠ 0, the 64-bit window of bits [30i − 34, 30i + 30)
  // is (x_i << 34) | (x_{i−1} << 4) | (x_{i−2} >> 26); it holds the 32 top bits of max(a, b).
  e.c(0).set(found).c(0).set(xa).c(0).set(xb);
  for (let i = L - 1; i >= 2; i--) {
    e.neg((e) => e.get(a[i]).get(b[i]).or()).shrS(63).set(t); // t = −1 iff a_i | b_i ≠ 0 (limbs ≥ 0)
    e.get(t).get(found).c(-1).xor().and().set(s); // s = t and not found above
    e.get(found).get(t).or().set(found);
    for (const [x, acc] of [[a, xa], [b, xb]] as const) {
      e.get(x[i]).shl(34).get(x[i - 1]).shl(4).or().get(x[i - 2]).shrU(26).or();
      e.get(s).and().get(acc).or().set(acc);
    }
  }
  // s ← all-ones iff a, b < 2^62 (limbs ≥ 3 zero and limb 2 < 4): then ā = a, b̄ = b exactly.
  e.get(a[2]).get(b[2]).or().shrU(2);
  for (let i = 3; i < L; i++) e.get(a[i]).or().get(b[i]).or();
  e.set(t).neg((e) => e.get(t)).shrS(63).c(-1).xor().set(s);
  e.get(xa).get(xb).or().op(I64_CLZ).set(t); // t = the shift that puts the top bit at 63
  for (const [x, acc, bar] of [[a, xa, ab], [b, xb, bb]] as const) {
    // approx = (top 32 bits of the window) << 30 | x_0;  exact = x_0 | x_1 << 30 | x_2 << 60
    e.get(acc).get(t).op(Op.i64Shl).shrU(32).shl(K).get(x[0]).or().set(acc);
    e.get(x[0]).get(x[1]).shl(K).or().get(x[2]).shl(2 * K).or();
    e.get(acc).xor().get(s).and().get(acc).xor().set(bar); // s ? exact : approx
  }

  // --- K inner steps on ā, b̄ (Algorithm 2, lines 6–16), unrolled. pf0 = f0 + 2^32·g0, pf1 likewise.
  // With d = ā − b̄ (ā, b̄ < 2^62, so d's sign is ā < b̄): if ā is odd, ā ← |d|/2 and b̄ ← min(ā, b̄), the
  // rows swapped when ā < b̄ then (f0, g0) −= (f1, g1); else ā ← ā/2. Always (f1, g1) ·= 2. The ā chain
  // is 7 dependent operations per step (the step is latency-bound).
  e.c(1).set(pf0).c(1n << 32n).set(pf1);
  for (let j = 0; j < K; j++) {
    e.get(ab).get(bb).sub().set(d);
    e.get(d).shrS(63).set(t); // t = −1 iff ā < b̄
    e.neg((e) => e.get(ab).c(1).and()).set(odd); // odd = −(ā & 1)
    e.get(odd).get(t).and().set(sw); // swap iff odd and ā < b̄
    e.get(d).get(t).xor().get(t).sub().set(d); // d = |ā − b̄|
    e.get(ab).get(bb).xor().get(sw).and().get(bb).xor().set(bb); // b̄ ← ā if swap
    e.get(ab).get(odd).c(-1).xor().and().get(d).get(odd).and().or().shrU(1).set(ab); // ā ← (odd ? |d| : ā)/2
    e.get(pf0).get(pf1).xor().get(sw).and().set(t); // swap the rows if swap
    e.get(pf0).get(t).xor().set(pf0).get(pf1).get(t).xor().set(pf1);
    e.get(pf0).get(pf1).get(odd).and().sub().set(pf0); // (f0, g0) −= (f1, g1) if odd
    e.get(pf1).get(pf1).add().set(pf1); // (f1, g1) ·= 2
  }
  // Unpack: f = sign-extended low half, g = (pf − f) >> 32.
  for (const [pf, ff, gg] of [[pf0, f0, g0], [pf1, f1, g1]]) {
    e.get(pf).shl(32).shrS(32).set(ff);
    e.get(pf).get(ff).sub().shrS(32).set(gg);
  }

  // --- a ← (a·f0 + b·g0)/2^K, b ← (a·f1 + b·g1)/2^K, in place (limb i−1 written once limb i is read;
  // the low K bits of limb 0's sums are zero by construction).
  for (let i = 0; i < L; i++) {
    for (const [c, ff, gg, full] of [[ca, f0, g0, qa], [cb, f1, g1, qb]]) {
      e.get(a[i]).get(ff).mul().get(b[i]).get(gg).mul().add();
      if (i > 0) e.get(c).add();
      e.set(full); // kept until both rows have read limb i
    }
    for (const [c, x, full] of [[ca, a, qa], [cb, b, qb]] as const) {
      if (i > 0) e.get(full).low().set(x[i - 1]);
      e.get(full).shrS(K).set(c);
    }
  }
  e.get(ca).set(a[L - 1]).get(cb).set(b[L - 1]);
  // Signs: if a < 0 then a ← −a, (f0, g0) ← −(f0, g0); same for b with (f1, g1).
  for (const [x, ff, gg] of [[a, f0, g0], [b, f1, g1]] as const) {
    e.get(x[L - 1]).shrS(63).set(s); // s = −1 if negative
    e.neg((e) => e.get(s)).set(t); // carry-in = 1 if negative: −x = (x xor −1) + 1
    for (let i = 0; i < L - 1; i++) {
      e.get(x[i]).get(s).low().xor().get(t).add().set(qa);
      e.get(qa).low().set(x[i]).get(qa).shrU(K).set(t);
    }
    e.get(x[L - 1]).get(s).xor().get(t).add().set(x[L - 1]);
    for (const c of [ff, gg]) e.get(c).get(s).xor().get(s).sub().set(c);
  }

  // --- u ← (u·f0 + v·g0 + qa·m)/2^K, v ← (u·f1 + v·g1 + qb·m)/2^K (Montgomery division by 2^K).
  for (let i = 0; i < L; i++) {
    for (const [c, ff, gg, q, full] of [[ca, f0, g0, qa, xa], [cb, f1, g1, qb, xb]]) {
      e.get(u[i]).get(ff).mul().get(v[i]).get(gg).mul().add();
      if (i === 0) {
        // q = ((t mod 2^K)·(−m⁻¹)) mod 2^K, so that t + q·m ≡ 0 (mod 2^K)
        e.set(c).get(c).low().c(P.pInv30).mul().low().set(q).get(c);
      } else {
        e.get(c).add();
      }
      e.get(q).c(m[i]).mul().add().set(full);
    }
    for (const [c, x, full] of [[ca, u, xa], [cb, v, xb]] as const) {
      if (i > 0) e.get(full).low().set(x[i - 1]);
      e.get(full).shrS(K).set(c);
    }
  }
  e.get(ca).set(u[L - 1]).get(cb).set(v[L - 1]);
  // Both in [−m, 2m): subtract m where ≥ 0, giving [−m, m).
  for (const x of [u, v]) {
    e.get(x[L - 1]).shrS(63).c(-1).xor().set(s); // s = −1 if x ≥ 0
    e.c(0).set(t);
    for (let i = 0; i < L; i++) {
      e.get(x[i]).c(m[i]).get(s).and().sub().get(t).add();
      if (i < L - 1) e.set(qa).get(qa).low().set(x[i]).get(qa).shrS(K).set(t);
      else e.set(x[i]);
    }
  }

  // Counted loop: counter += 1; continue while counter < iterations.
  f.localGet(counter).i32Const(1).op(Op.i32Add).localSet(counter);
  f.localGet(counter).i32Const(P.iterations).op(Op.i32LtU).brIf(0);
  f.end();

  // --- v ∈ [−m, m): add m if negative, then store as N u32 limbs at OUT.
  e.get(v[L - 1]).shrS(63).set(s);
  e.c(0).set(t);
  for (let i = 0; i < L; i++) {
    e.get(v[i]).c(m[i]).get(s).and().add().get(t).add().set(qa);
    e.get(qa).low().set(v[i]).get(qa).shrS(K).set(t);
  }
  if (atRest) {
    for (let j = 0; j < L; j++) f.localGet(OUT).localGet(v[j]).mem(Op.i64Store32, 4 * j);
    return f;
  }
  for (let w = 0; w < P.n32; w++) {
    // Word w = bits [32w, 32w + 32): OR of the limbs j with 30j < 32w + 32 and 30j + 30 > 32w.
    f.localGet(OUT);
    let first = true;
    for (let j = 0; j < L; j++) {
      const lo = K * j - 32 * w;
      if (lo >= 32 || lo + K <= 0) continue;
      e.get(v[j]);
      if (lo > 0) e.shl(lo);
      else if (lo < 0) e.shrU(-lo);
      if (!first) e.or();
      first = false;
    }
    f.mem(Op.i64Store32, 4 * w);
  }

  return f;
}

/** Instantiates a compiled inverse module (e.g. a statically imported .wasm) on `memory`. */
export function wasmInverseFromModule(module: WebAssembly.Module, memory: WebAssembly.Memory): WasmInverse {
  const instance = new WebAssembly.Instance(module, { env: { memory } });
  const inv = instance.exports.inv as (outAddr: number, inAddr: number, scratchAddr: number) => void;
  return { inv, scratchBytes: 0, bytes: new Uint8Array(0) };
}

/**
 * Builds the constant-time inversion modulo p (odd, ≥ 2^64) for the wasm kernel's element layout on
 * `memory`. See the module comment for the algorithm, bounds and Montgomery handling.
 */
export function buildWasmInverse(p: bigint, memory: WebAssembly.Memory): WasmInverse {
  const bytes = inverseModuleBytes(p);
  const { inv, scratchBytes } = wasmInverseFromModule(new WebAssembly.Module(bytes as BufferSource), memory);
  return { inv, scratchBytes, bytes };
}
