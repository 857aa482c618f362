/**
 * The TypeScript X25519 backend: the generated field kernel (x25519/ts/field.ts, 15 × 17-bit limbs in
 * doubles) driven by the Montgomery ladder (RFC 7748 §5) and by the fixed-base signed-window table on
 * edwards25519 (x25519/base_table.ts). Used where WebAssembly cannot be compiled (Cloudflare Workers, strict CSP)
 * and as the reference the wasm backend is tested against.
 *
 * Constant time: the loops run a fixed number of times on public counters; the only secret-dependent
 * values are limbs and 0/1 flags used arithmetically (cswap, masked table scan). Scratch (the arena,
 * the clamped scalar, the digits) is zeroed after every operation.
 * @module
 */

import { add, carry, cswap, fromBytes, LIMBS, mul, mulA24, SCRATCH, sqr, sub, toBytes } from "./field.ts";
import { invert as invertChain } from "./invert.ts";
import { baseTable, ENTRY_ENCODED_BYTES, TABLE_COLS, TABLE_ROWS, WINDOW } from "../base_table.ts";
import type { KernelBounds, X25519Kernel } from "../kernel.ts";

const N = LIMBS;
/** Slots handed to callers of the kernel API (tests). */
const USER_SLOTS = 8;
let next = USER_SLOTS;
const take = (count = 1) => (next += count) - count;
// Ladder state and temporaries.
const X1 = take(), X2 = take(), Z2 = take(), X3 = take(), Z3 = take();
const A = take(), AA = take(), B = take(), BB = take(), E = take();
const C = take(), D = take(), DA = take(), CB = take(), T = take();
// Inversion temporaries.
const T0 = take(), T1 = take(), T2 = take(), T3 = take();
// Fixed base: running point (X, Y, Z, T), selected entry (y + x, y − x, 2dxy), temporaries.
const H = take(4), NIELS = take(3), G = take(8);
const SLOTS = next;

const at = (slot: number) => slot * N;
/** The arena: every field element the backend uses, zeroed after each operation. */
const F = new Float64Array(SLOTS * N);
const kc = new Uint8Array(33); // one zero byte of padding for the digit windows
const digits = new Int32Array(TABLE_ROWS);

const INV_T = [T0, T1, T2, T3].map(at);
/** out ← a^(p−2) (offsets). */
const invert = (out: number, z: number) => invertChain(F, out, z, INV_T);

/** F[o..] ← the small constant c. */
function setSmall(o: number, c: number): void {
  F.fill(0, o, o + N);
  F[o] = c;
}

/** kc ← k clamped (RFC 7748 §5 decodeScalar25519). */
function clamp(k: Uint8Array): void {
  kc.set(k);
  kc[0] &= 248;
  kc[31] = (kc[31] & 127) | 64;
}

/** Montgomery ladder, RFC 7748 §5: 255 steps of 5M + 4S + 1·a24 on the slots above. */
function ladder(out: Uint8Array, k: Uint8Array, u: Uint8Array): void {
  const [x1, x2, z2, x3, z3] = [at(X1), at(X2), at(Z2), at(X3), at(Z3)];
  const [a, aa, b, bb, e, c, d, da, cb, t] = [A, AA, B, BB, E, C, D, DA, CB, T].map(at);
  clamp(k);
  fromBytes(F, x1, u);
  setSmall(x2, 1);
  setSmall(z2, 0);
  F.copyWithin(x3, x1, x1 + N);
  setSmall(z3, 1);
  let swap = 0;
  for (let i = 254; i >= 0; i--) {
    const bit = (kc[i >>> 3] >>> (i & 7)) & 1;
    swap ^= bit;
    cswap(F, x2, x3, swap);
    cswap(F, z2, z3, swap);
    swap = bit;
    add(F, a, x2, z2);
    sqr(F, aa, a);
    sub(F, b, x2, z2);
    sqr(F, bb, b);
    sub(F, e, aa, bb);
    add(F, c, x3, z3);
    sub(F, d, x3, z3);
    mul(F, da, d, a);
    mul(F, cb, c, b);
    add(F, t, da, cb);
    sqr(F, x3, t);
    sub(F, t, da, cb);
    sqr(F, t, t);
    mul(F, z3, x1, t);
    mul(F, x2, aa, bb);
    mulA24(F, t, e);
    add(F, t, aa, t);
    mul(F, z2, e, t);
  }
  cswap(F, x2, x3, swap);
  cswap(F, z2, z3, swap);
  invert(z2, z2);
  mul(F, x2, x2, z2);
  toBytes(F, x2, out);
}

/**
 * The table in limbs (integers in [0, 2^17), as fromBytes makes them): entry (i, j) at ((i·16 + j)·3)·N
 * (y + x, y − x, 2dxy), then the start point. Public.
 */
let table: Float64Array | null = null;
const START = TABLE_ROWS * TABLE_COLS * 3 * N;
function limbTable(): Float64Array {
  if (table !== null) return table;
  const { entries, start } = baseTable();
  const tbl = new Float64Array(START + 4 * N);
  const put = (src: Uint8Array, at: number) => fromBytes(tbl, at, src);
  for (let e = 0; e < TABLE_ROWS * TABLE_COLS * 3; e++) {
    const src = ENTRY_ENCODED_BYTES * Math.floor(e / 3) + 32 * (e % 3);
    put(entries.subarray(src, src + 32), e * N);
  }
  for (let f = 0; f < 4; f++) put(start.subarray(32 * f, 32 * f + 32), START + f * N);
  return (table = tbl);
}

/**
 * digits ← the signed radix-32 digits of k' = (kc − 2^254)/8 (see recode in x25519/wasm/edwards.ts):
 * windows of bits [3 + 5i, 3 + 5i + 5) ∩ [3, 254), carries c = ⌊(d + 16)/32⌋. Branch-free.
 */
function recode(): void {
  let c = 0;
  for (let i = 0; i < TABLE_ROWS; i++) {
    const pos = 3 + WINDOW * i;
    const bits = Math.min(WINDOW, 254 - pos);
    const d = (((kc[pos >>> 3] | (kc[(pos >>> 3) + 1] << 8)) >>> (pos & 7)) & ((1 << bits) - 1)) + c;
    c = (d + (1 << (WINDOW - 1))) >> WINDOW;
    digits[i] = d - (c << WINDOW);
  }
  digits[TABLE_ROWS - 1] += c << WINDOW;
}

if (TABLE_COLS !== 16) throw new Error("x25519 ts select: written for 16 entries a row");

/**
 * NIELS ← digit·(row's point), reading all sixteen entries (exported for the memory-access proof,
 * tests/ct/x25519.test.ts): limb l of the result is Σ_j m_j·entry_j[l] with the weights
 * m_j = [|digit| = j] = ((|digit| ⊕ j) − 1) >>> 31 ∈ {0, 1} (exactly one is 1, or none for digit 0,
 * whose neutral element (1, 1, 0) is added with m_0); a negative digit then swaps y + x and y − x and
 * negates 2dxy. Exact in doubles. The sum over the 16 entries is unrolled: of the variants measured
 * inside scalarMultBase this was the fastest (15% faster than a loop over the entries).
 */
export function select(tbl: Float64Array, row: number, digit: number): void {
  const o = at(NIELS);
  const neg = digit >>> 31;
  const abs = digit - ((-neg & digit) << 1);
  const m0 = ((abs ^ 0) - 1) >>> 31;
  const m1 = ((abs ^ 1) - 1) >>> 31, m2 = ((abs ^ 2) - 1) >>> 31, m3 = ((abs ^ 3) - 1) >>> 31;
  const m4 = ((abs ^ 4) - 1) >>> 31, m5 = ((abs ^ 5) - 1) >>> 31, m6 = ((abs ^ 6) - 1) >>> 31;
  const m7 = ((abs ^ 7) - 1) >>> 31, m8 = ((abs ^ 8) - 1) >>> 31, m9 = ((abs ^ 9) - 1) >>> 31;
  const m10 = ((abs ^ 10) - 1) >>> 31, m11 = ((abs ^ 11) - 1) >>> 31, m12 = ((abs ^ 12) - 1) >>> 31;
  const m13 = ((abs ^ 13) - 1) >>> 31, m14 = ((abs ^ 14) - 1) >>> 31, m15 = ((abs ^ 15) - 1) >>> 31;
  const m16 = ((abs ^ 16) - 1) >>> 31;
  const S = 3 * N;
  for (let l = 0, a = row * TABLE_COLS * S; l < S; l++, a++) {
    const s0 = m1 * tbl[a] + m2 * tbl[a + S] + m3 * tbl[a + 2 * S] + m4 * tbl[a + 3 * S];
    const s1 = m5 * tbl[a + 4 * S] + m6 * tbl[a + 5 * S] + m7 * tbl[a + 6 * S] + m8 * tbl[a + 7 * S];
    const s2 = m9 * tbl[a + 8 * S] + m10 * tbl[a + 9 * S] + m11 * tbl[a + 10 * S] + m12 * tbl[a + 11 * S];
    const s3 = m13 * tbl[a + 12 * S] + m14 * tbl[a + 13 * S] + m15 * tbl[a + 14 * S] + m16 * tbl[a + 15 * S];
    F[o + l] = s0 + s1 + s2 + s3;
  }
  F[o] += m0;
  F[o + N] += m0;
  cswap(F, o, o + N, neg);
  const sign = 1 - 2 * neg;
  for (let l = 2 * N; l < 3 * N; l++) F[o + l] *= sign;
}

const [X_, Y_, Z_, T_] = [0, 1, 2, 3].map((i) => at(H + i));
const [YPX, YMX, XY2D] = [0, 1, 2].map((i) => at(NIELS + i));
const [GA, GB, GC, GD, GE, GF, GG, GH] = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => at(G + i));
/** H ← H + NIELS (madd-2008-hwcd-3, a = −1; see x25519/wasm/edwards.ts): 7M. */
function madd(): void {
  sub(F, GA, Y_, X_);
  mul(F, GA, GA, YMX);
  add(F, GB, Y_, X_);
  mul(F, GB, GB, YPX);
  mul(F, GC, T_, XY2D);
  add(F, GD, Z_, Z_);
  sub(F, GE, GB, GA);
  sub(F, GF, GD, GC);
  add(F, GG, GD, GC);
  add(F, GH, GB, GA);
  mul(F, X_, GE, GF);
  mul(F, Y_, GG, GH);
  mul(F, Z_, GF, GG);
  mul(F, T_, GE, GH);
}

/** out ← X25519(k, 9) = u([k]B), [k]B = 2^254·B + Σ e_i·32^i·8B on edwards25519, u = (Z + Y)/(Z − Y). */
function base(out: Uint8Array, k: Uint8Array): void {
  const tbl = limbTable();
  clamp(k);
  recode();
  F.set(tbl.subarray(START, START + 4 * N), at(H));
  for (let i = 0; i < TABLE_ROWS; i++) {
    select(tbl, i, digits[i]);
    madd();
  }
  const [y, z] = [at(H + 1), at(H + 2)];
  const [num, den] = [at(G), at(G + 1)];
  add(F, num, z, y);
  sub(F, den, z, y);
  invert(den, den);
  mul(F, num, num, den);
  toBytes(F, num, out);
}

function wipe(): void {
  F.fill(0, at(USER_SLOTS));
  SCRATCH.fill(0); // the field kernel's columns (x25519/ts/field.ts)
  kc.fill(0);
  digits.fill(0);
}

const TIGHT_LO = Array.from({ length: N }, (_, k) => (k === 1 ? -(2 ** 13) : 0));
const TIGHT_HI = Array.from({ length: N }, (_, k) => (k === 1 ? 2 ** 17 + 2 ** 13 : 2 ** 17 - 1));
const LOOSE = 2 ** 19 + 2 ** 16;

/** Bounds of x25519/ts/field.ts (see its module comment). */
export const TS_BOUNDS: KernelBounds = {
  tight: { lo: TIGHT_LO, hi: TIGHT_HI },
  loose: { lo: Array(N).fill(-LOOSE), hi: Array(N).fill(LOOSE) },
};

/** The TypeScript backend (a singleton: its arena is module state). */
export const tsKernel: X25519Kernel = {
  backend: "ts",
  widths: Array(N).fill(17),
  bounds: TS_BOUNDS,
  userSlots: USER_SLOTS,
  mul: (o, a, b) => mul(F, at(o), at(a), at(b)),
  sqr: (o, a) => sqr(F, at(o), at(a)),
  add: (o, a, b) => add(F, at(o), at(a), at(b)),
  sub: (o, a, b) => sub(F, at(o), at(a), at(b)),
  mulA24: (o, a) => mulA24(F, at(o), at(a)),
  carry: (o, a) => carry(F, at(o), at(a)),
  cswap: (a, b, flag) => cswap(F, at(a), at(b), flag),
  inv: (o, a) => {
    invert(at(o), at(a));
    wipe();
  },
  fromBytes: (o, src) => fromBytes(F, at(o), src),
  toBytes: (a, dst) => toBytes(F, at(a), dst),
  getLimbs: (slot) => Array.from(F.subarray(at(slot), at(slot) + N)),
  setLimbs: (slot, limbs) => F.set(limbs, at(slot)),
  scratch: () => [F.subarray(at(USER_SLOTS)), kc, digits, SCRATCH],
  scalarMult(out, k, u) {
    try {
      ladder(out, k, u);
    } finally {
      wipe();
    }
  },
  scalarMultBase(out, k) {
    try {
      base(out, k);
    } finally {
      wipe();
    }
  },
};
