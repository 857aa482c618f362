/**
 * Linear-memory layout of the X25519 WebAssembly module (byte addresses). Everything below `TABLE`
 * may hold secrets and is zeroed by the JavaScript wrapper after each operation; the table is public.
 * @module
 */

import { TABLE_COLS, TABLE_ROWS } from "../base_table.ts";

export { TABLE_COLS, TABLE_ROWS };

/** Bytes per field element: ten i64 limbs. */
export const FE_BYTES: number = 80;
/** Number of field-element slots in the scratch area. */
export const SLOTS: number = 32;
/** Address of slot s. */
export const slot = (s: number): number => s * FE_BYTES;

/** Slots 0–7 are free for callers (tests and the kernel API); the others belong to the drivers. */
export const USER_SLOTS: number = 8;
/** The inversion's buffer: the canonical 32 bytes of the element it inverts, then of the inverse. */
export const INV_BYTES: number = slot(8);
/** Ladder epilogue: x2, z2, 1/z2, x2/z2. */
export const LADDER_X2: number = slot(12),
  LADDER_Z2: number = slot(13),
  LADDER_ZI: number = slot(14),
  LADDER_R: number = slot(15);
/** The ladder of the call shape (x25519_calls): its 15 elements in slots 16–30 (ladder.ts, ladderSlot). */
export const LADDER_STATE: number = slot(16);
/** Fixed-base driver: the running point (X, Y, Z, T in four consecutive slots) … */
export const BASE_H: number = slot(16);
/** … and the numerator and denominator of u = (Z + Y) / (Z − Y). */
export const BASE_NUM: number = slot(23), BASE_DEN: number = slot(24);

/** 32-byte buffers: scalar as given, clamped scalar, u-coordinate, output. */
export const K: number = slot(SLOTS), KC: number = K + 32, U: number = K + 64, OUT: number = K + 96;
/** Signed radix-32 digits of the clamped scalar, one i32 each (see edwards.ts, recode). */
export const DIGITS: number = K + 128;
/** End of the secret scratch area. */
export const SCRATCH_END: number = DIGITS + TABLE_ROWS * 4;

/**
 * Fixed-base table (public): TABLE_ROWS rows × TABLE_COLS entries, each entry 32 i32 lanes =
 * y + x (10 limbs) ‖ y − x (10) ‖ 2d·x·y (10) ‖ 2 zero lanes, so that SIMD reads whole 16-byte vectors;
 * then the start point 2^254·B as four i64 field elements (X, Y, Z, T). See x25519/base_table.ts.
 */
export const TABLE: number = 4096;
export const ENTRY_LANES: number = 32;
export const ENTRY_BYTES: number = 4 * ENTRY_LANES;
export const ROW_BYTES: number = TABLE_COLS * ENTRY_BYTES;
export const START: number = TABLE + TABLE_ROWS * ROW_BYTES;
/**
 * Workspace of the table builder (x25519/wasm/table.ts), public data only: the constant 2d, the row
 * base, one row of extended points, their prefix products, temporaries.
 */
export const GEN: number = START + 4 * FE_BYTES;
export const GEN_D2: number = GEN,
  GEN_BASE: number = GEN + FE_BYTES,
  GEN_POINTS: number = GEN_BASE + 4 * FE_BYTES;
export const GEN_PREFIX: number = GEN_POINTS + TABLE_COLS * 4 * FE_BYTES;
export const GEN_TMP: number = GEN_PREFIX + TABLE_COLS * FE_BYTES;
export const GEN_END: number = GEN_TMP + 16 * FE_BYTES;
/** Memory size in 64 KiB pages. */
export const PAGES: number = Math.ceil(GEN_END / 65536);

if (LADDER_STATE + 15 * FE_BYTES > slot(SLOTS)) {
  throw new Error("x25519 wasm layout: ladder state past the slots");
}
if (SCRATCH_END > TABLE) throw new Error("x25519 wasm layout: scratch overlaps the table");
