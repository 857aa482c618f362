/**
 * The fixed-base table of scalarMultBase, derived at first use from the base point (u = 9 mapped to
 * edwards25519, x25519/curve.ts). Public data (variable-time code would be fine; this is not).
 *
 * A clamped scalar is k = 2^254 + 8·k' with k' < 2^251 (RFC 7748 §5 decodeScalar25519 clears bits 0–2
 * and 255 and sets bit 254), so [k]B = 2^254·B + Σ_i e_i·32^i·(8B) with k' written in signed radix 32,
 * e_i ∈ [−16, 16], i = 0..50 (`recode` in x25519/wasm/edwards.ts and x25519/ts/backend.ts). The table holds
 *
 * ```
 * start        2^254·B as (X, Y, Z, T) with Z = 1
 * row i        j·32^i·8B for j = 1..16, in ref10's affine Niels form (y + x, y − x, 2d·x·y)
 * ```
 *
 * so that scalarMultBase is 51 mixed additions of 7M, no doubling. Windows of 5 bits minimise
 * additions + masked reads (16 entries a row) for the measured costs; see x25519/wasm/edwards.ts.
 * About 870 point additions and one batch inversion (Montgomery's trick), once. The TypeScript backend
 * uses these encodings; the wasm backend builds the same table in its own memory with its own field
 * functions (x25519/wasm/table.ts, faster before the JIT has warmed up), and a test compares them.
 * @module
 */

import { edwardsBase, edwardsD, P } from "./curve.ts";
import { add, fromBytes, LIMBS, mul, sub, toBytes } from "./ts/field.ts";
import { invert } from "./ts/invert.ts";

/** Window width in bits of the signed digits. */
export const WINDOW = 5;
/** Rows: one per digit of the 251-bit k' = (k − 2^254)/8. */
export const TABLE_ROWS: number = Math.ceil(251 / WINDOW);
/** Entries per row: the multiples 1..2^(WINDOW−1). */
export const TABLE_COLS: number = 2 ** (WINDOW - 1);
/** Bytes per encoded entry: three canonical 32-byte little-endian field elements. */
export const ENTRY_ENCODED_BYTES = 96;

/** The table as canonical encodings. */
export interface BaseTable {
  /** Entry (i, j) for (j + 1)·32^i·8B at byte (i·16 + j)·96: y + x ‖ y − x ‖ 2d·x·y. */
  readonly entries: Uint8Array;
  /** 2^254·B: X ‖ Y ‖ Z ‖ T, 4 × 32 bytes (Z = 1). */
  readonly start: Uint8Array;
}

let cached: BaseTable | null = null;

const N = LIMBS;
/** x (in [0, p)) as 32 little-endian bytes. */
function le32(x: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}

/**
 * The table, computed once and cached; callers must not modify it. The base point comes from
 * x25519/curve.ts (BigInt, once); the ~870 point additions, the batch inversion and the encodings run on
 * the TypeScript field kernel (x25519/ts/field.ts), several times faster than BigInt.
 * tests/x25519/base_table.test.ts recomputes every entry with BigInt.
 */
export function baseTable(): BaseTable {
  if (cached !== null) return cached;
  const count = TABLE_ROWS * TABLE_COLS + 1; // the entries, then the start point
  // Arena: count points (X, Y, Z, T), count prefix products, 14 temporaries.
  const F = new Float64Array((5 * count + 14) * N);
  const X = (n: number) => 4 * n * N, Y = (n: number) => (4 * n + 1) * N;
  const Z = (n: number) => (4 * n + 2) * N, T = (n: number) => (4 * n + 3) * N;
  const pre = (n: number) => (4 * count + n) * N;
  const tmp = (i: number) => (5 * count + i) * N;
  const [d2, a, b, c, d, e, f, g, h] = [0, 1, 2, 3, 4, 5, 6, 7, 8].map(tmp);
  const invT = [9, 10, 11, 12].map(tmp);
  const one = tmp(13);
  fromBytes(F, d2, le32((2n * edwardsD()) % P));
  fromBytes(F, one, le32(1n));

  /** Point n ← point p + point q (complete add-2008-hwcd-3 for a = −1, 9M; n may equal p or q). */
  const addPt = (n: number, p: number, q: number) => {
    sub(F, a, Y(p), X(p));
    sub(F, b, Y(q), X(q));
    mul(F, a, a, b);
    add(F, b, Y(p), X(p));
    add(F, c, Y(q), X(q));
    mul(F, b, b, c);
    mul(F, c, T(p), d2);
    mul(F, c, c, T(q));
    mul(F, d, Z(p), Z(q));
    add(F, d, d, d);
    sub(F, e, b, a);
    sub(F, f, d, c);
    add(F, g, d, c);
    add(F, h, b, a);
    mul(F, X(n), e, f);
    mul(F, Y(n), g, h);
    mul(F, Z(n), f, g);
    mul(F, T(n), e, h);
  };

  // Point 0 ← B, then 8B by three doublings; row i holds j·R_i, R_{i+1} = 2·(16·R_i).
  const base = edwardsBase();
  fromBytes(F, X(0), le32(base.X));
  fromBytes(F, Y(0), le32(base.Y));
  fromBytes(F, Z(0), le32(1n));
  fromBytes(F, T(0), le32(base.T));
  for (let i = 0; i < 3; i++) addPt(0, 0, 0);
  for (let i = 0; i < TABLE_ROWS; i++) {
    const first = i * TABLE_COLS;
    if (i > 0) addPt(first, first - 1, first - 1);
    for (let j = 1; j < TABLE_COLS; j++) addPt(first + j, first + j - 1, first);
  }
  // Entry (50, 0) is 32^50·8B = 2^253·B, so the start point 2^254·B is twice it.
  addPt(count - 1, (TABLE_ROWS - 1) * TABLE_COLS, (TABLE_ROWS - 1) * TABLE_COLS);

  // Batch inversion of every Z (Montgomery's trick): pre(n) = Z_0·…·Z_n.
  F.copyWithin(pre(0), Z(0), Z(0) + N);
  for (let n = 1; n < count; n++) mul(F, pre(n), pre(n - 1), Z(n));
  const inv = a;
  invert(F, inv, pre(count - 1), invT);
  const zi = b;
  for (let n = count - 1; n >= 0; n--) {
    if (n > 0) mul(F, zi, inv, pre(n - 1));
    else F.copyWithin(zi, inv, inv + N);
    if (n > 0) mul(F, inv, inv, Z(n));
    mul(F, X(n), X(n), zi); // x
    mul(F, Y(n), Y(n), zi); // y
  }

  const entries = new Uint8Array((count - 1) * ENTRY_ENCODED_BYTES);
  for (let n = 0; n < count - 1; n++) {
    const at = n * ENTRY_ENCODED_BYTES;
    add(F, c, Y(n), X(n));
    toBytes(F, c, entries.subarray(at, at + 32));
    sub(F, c, Y(n), X(n));
    toBytes(F, c, entries.subarray(at + 32, at + 64));
    mul(F, c, X(n), Y(n));
    mul(F, c, c, d2);
    toBytes(F, c, entries.subarray(at + 64, at + 96));
  }
  const start = new Uint8Array(128);
  const s = count - 1;
  toBytes(F, X(s), start.subarray(0, 32));
  toBytes(F, Y(s), start.subarray(32, 64));
  toBytes(F, one, start.subarray(64, 96));
  mul(F, c, X(s), Y(s));
  toBytes(F, c, start.subarray(96, 128));
  cached = { entries, start };
  return cached;
}
