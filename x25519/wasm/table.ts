/**
 * Builds the fixed-base table of x25519/base_table.ts inside the wasm module's memory, with the module's
 * own field functions (`fe_mul`, `fe_invert`, …) called from here: about 870 point additions and one
 * inversion per row, a few milliseconds instead of the tens of milliseconds the TypeScript kernel
 * needs before the JIT has warmed up. Public data only; the workspace is `GEN` in layout.ts.
 *
 * Entry (i, j) = (j + 1)·32^i·8B as tight limbs (y + x, y − x, 2d·x·y) in i32 lanes; the start point
 * 2^254·B = 2·(32^50·8B) as (x, y, 1, x·y) in i64 limbs. tests/x25519/base_table.test.ts checks every
 * value against the canonical encodings of base_table.ts.
 * @module
 */

import { edwardsBase, edwardsD, P } from "../curve.ts";
import { LIMBS } from "./field.ts";
import {
  ENTRY_BYTES,
  FE_BYTES,
  GEN_BASE,
  GEN_D2,
  GEN_POINTS,
  GEN_PREFIX,
  GEN_TMP,
  K,
  START,
  TABLE,
  TABLE_COLS,
  TABLE_ROWS,
} from "./layout.ts";

/** The exports the builder uses. */
export interface TableExports {
  memory: WebAssembly.Memory;
  fe_mul(o: number, a: number, b: number): void;
  fe_add(o: number, a: number, b: number): void;
  fe_sub(o: number, a: number, b: number): void;
  fe_carry(o: number, a: number): void;
  fe_invert(o: number, a: number): void;
  fe_frombytes(o: number, s: number): void;
}

const POINT = 4 * FE_BYTES;

/** Fills TABLE and START. */
export function buildTableInWasm(e: TableExports): void {
  const mem = new Uint8Array(e.memory.buffer);
  const i32 = new Int32Array(e.memory.buffer);
  const put = (addr: number, x: bigint) => {
    for (let i = 0; i < 32; i++, x >>= 8n) mem[K + i] = Number(x & 0xffn);
    e.fe_frombytes(addr, K);
  };
  const copy = (to: number, from: number, bytes: number) => mem.copyWithin(to, from, from + bytes);
  const pt = (j: number) => GEN_POINTS + j * POINT;
  const [Xo, Yo, Zo, To] = [0, 1, 2, 3].map((c) => c * FE_BYTES);
  const tmp = (i: number) => GEN_TMP + i * FE_BYTES;
  const [zi, inv, t, S] = [tmp(0), tmp(1), tmp(2), tmp(3)]; // S: a point, tmp(3..6)
  const [a, b, c, d, f, g, h] = [tmp(7), tmp(8), tmp(9), tmp(10), tmp(11), tmp(12), tmp(13)];
  /**
   * Point r ← p + q, extended, complete (Hisil et al. 2008, add-2008-hwcd-3, a = −1): 9M; r may alias
   * p or q (every input is read before the first output is written).
   */
  const addPt = (r: number, p: number, q: number) => {
    e.fe_sub(a, p + Yo, p + Xo);
    e.fe_sub(h, q + Yo, q + Xo);
    e.fe_mul(a, a, h);
    e.fe_add(b, p + Yo, p + Xo);
    e.fe_add(h, q + Yo, q + Xo);
    e.fe_mul(b, b, h);
    e.fe_mul(c, p + To, GEN_D2);
    e.fe_mul(c, c, q + To);
    e.fe_mul(d, p + Zo, q + Zo);
    e.fe_add(d, d, d);
    e.fe_sub(f, d, c); // F = D − C
    e.fe_add(g, d, c); // G = D + C
    e.fe_sub(c, b, a); // E = B − A
    e.fe_add(h, b, a); // H = B + A
    e.fe_mul(r + Xo, c, f);
    e.fe_mul(r + Yo, g, h);
    e.fe_mul(r + Zo, f, g);
    e.fe_mul(r + To, c, h);
  };

  put(GEN_D2, (2n * edwardsD()) % P);
  const B = edwardsBase();
  [B.X, B.Y, B.Z, B.T].forEach((x, n) => put(GEN_BASE + n * FE_BYTES, x));
  for (let i = 0; i < 3; i++) addPt(GEN_BASE, GEN_BASE, GEN_BASE); // 8B

  for (let row = 0; row < TABLE_ROWS; row++) {
    copy(pt(0), GEN_BASE, POINT);
    for (let j = 1; j < TABLE_COLS; j++) addPt(pt(j), pt(j - 1), GEN_BASE);
    if (row === TABLE_ROWS - 1) addPt(S, pt(0), pt(0)); // 2^254·B
    addPt(GEN_BASE, pt(TABLE_COLS - 1), pt(TABLE_COLS - 1)); // next row: 32^(row+1)·8B
    // Batch inversion of the row's Z (Montgomery's trick).
    copy(GEN_PREFIX, pt(0) + Zo, FE_BYTES);
    for (let j = 1; j < TABLE_COLS; j++) {
      e.fe_mul(GEN_PREFIX + j * FE_BYTES, GEN_PREFIX + (j - 1) * FE_BYTES, pt(j) + Zo);
    }
    e.fe_invert(inv, GEN_PREFIX + (TABLE_COLS - 1) * FE_BYTES);
    for (let j = TABLE_COLS - 1; j >= 0; j--) {
      if (j > 0) {
        e.fe_mul(zi, inv, GEN_PREFIX + (j - 1) * FE_BYTES);
        e.fe_mul(inv, inv, pt(j) + Zo);
      } else copy(zi, inv, FE_BYTES);
      const [x, y] = [pt(j) + Xo, pt(j) + Yo];
      e.fe_mul(x, x, zi);
      e.fe_mul(y, y, zi);
      const lanes = (TABLE + ENTRY_BYTES * (row * TABLE_COLS + j)) / 4;
      /** Lanes f·10..f·10+9 of the entry ← the limbs at t (tight: each fits the low i32 word). */
      const store = (f: number) => {
        for (let l = 0; l < LIMBS; l++) i32[lanes + LIMBS * f + l] = i32[(t >> 2) + 2 * l];
      };
      e.fe_add(t, y, x);
      e.fe_carry(t, t);
      store(0);
      e.fe_sub(t, y, x);
      e.fe_carry(t, t);
      store(1);
      e.fe_mul(t, x, y);
      e.fe_mul(t, t, GEN_D2);
      store(2);
    }
  }
  // The start point, normalised: (x, y, 1, x·y).
  e.fe_invert(zi, S + Zo);
  e.fe_mul(START + Xo, S + Xo, zi);
  e.fe_mul(START + Yo, S + Yo, zi);
  put(START + Zo, 1n);
  e.fe_mul(START + To, START + Xo, START + Yo);
  mem.fill(0, K, K + 32);
}
