// The derived constants and the fixed-base table against their definitions (BigInt reference code):
// d, √−1, a24, the Edwards image of u = 9 (equal to RFC 8032's base point as @noble/curves has it),
// and every table entry recomputed independently.

import assert from "node:assert/strict";
import { ed25519 } from "@noble/curves/ed25519.js";
import {
  A24,
  A_MONT,
  BASE_U,
  baseTable,
  buildTableInWasm,
  createX25519WasmKernel,
  edwardsAddVartime,
  edwardsBase,
  edwardsD,
  ENTRY_ENCODED_BYTES,
  type ExtendedPoint,
  montgomeryU,
  setX25519LadderShape,
  sqrtM1,
  TABLE_COLS,
  TABLE_ROWS,
  toAffineVartime,
  X25519_GENERIC_BASE_USES,
  X25519_P as P,
  x25519InvVartime as invVartime,
  x25519Layout,
  x25519Mod as mod,
} from "../internal.ts";
import { fromLe } from "./helpers.ts";
import { x25519WasmBytes } from "../../x25519/mod.ts";

const D = edwardsD(), SQRT_M1 = sqrtM1();

Deno.test("curve: derived constants satisfy their definitions", () => {
  assert.equal(A24, 121665);
  assert.equal(mod(D * BigInt(A_MONT + 2)), mod(-BigInt(A_MONT - 2))); // d = −(A − 2)/(A + 2)
  assert.equal(mod(D * 121666n), P - 121665n); // RFC 8032 §5.1: d = −121665/121666
  assert.equal(mod(SQRT_M1 * SQRT_M1), P - 1n);
});

Deno.test("curve: the Edwards image of u = 9 is RFC 8032's base point (as in @noble/curves)", () => {
  const b = toAffineVartime(edwardsBase());
  const nb = ed25519.Point.BASE.toAffine();
  assert.equal(b.x, nb.x);
  assert.equal(b.y, nb.y);
  assert.equal(montgomeryU(edwardsBase()), BASE_U);
  // On the curve: −x² + y² = 1 + d·x²·y².
  assert.equal(mod(-b.x * b.x + b.y * b.y), mod(1n + D * b.x * b.x * b.y * b.y));
});

const mulVartime = (p: ExtendedPoint, k: bigint): ExtendedPoint => {
  let r: ExtendedPoint = { X: 0n, Y: 1n, Z: 1n, T: 0n };
  for (let q = p; k > 0n; k >>= 1n, q = edwardsAddVartime(q, q)) if (k & 1n) r = edwardsAddVartime(r, q);
  return r;
};

Deno.test("base table: every entry is (y + x, y − x, 2d·x·y) of j·32^i·8B; start is 2^254·B", () => {
  const { entries, start } = baseTable();
  assert.equal(entries.length, TABLE_ROWS * TABLE_COLS * ENTRY_ENCODED_BYTES);
  const field = (buf: Uint8Array, at: number) => fromLe(buf.subarray(at, at + 32));
  let rowBase = mulVartime(edwardsBase(), 8n);
  for (let i = 0; i < TABLE_ROWS; i++) {
    let q = rowBase;
    for (let j = 0; j < TABLE_COLS; j++) {
      const { x, y } = toAffineVartime(q);
      const at = (i * TABLE_COLS + j) * ENTRY_ENCODED_BYTES;
      assert.equal(field(entries, at), mod(y + x), `entry ${i},${j}`);
      assert.equal(field(entries, at + 32), mod(y - x));
      assert.equal(field(entries, at + 64), mod(2n * D * x * y));
      q = edwardsAddVartime(q, rowBase);
    }
    rowBase = mulVartime(rowBase, 32n);
  }
  const s = toAffineVartime(mulVartime(edwardsBase(), 2n ** 254n));
  assert.deepEqual([0, 32, 64, 96].map((at) => field(start, at)), [s.x, s.y, 1n, mod(s.x * s.y)]);
  assert.equal(invVartime(1n), 1n);
});

Deno.test("base table: the table built inside the wasm module has the same values", () => {
  const L = x25519Layout;
  const e = new WebAssembly.Instance(new WebAssembly.Module(x25519WasmBytes() as Uint8Array<ArrayBuffer>), {})
    .exports as unknown as Parameters<typeof buildTableInWasm>[0] & {
      fe_tobytes(s: number, a: number): void;
    };
  buildTableInWasm(e);
  const i32 = new Int32Array(e.memory.buffer), i64 = new BigInt64Array(e.memory.buffer);
  const mem = new Uint8Array(e.memory.buffer);
  const { entries, start } = baseTable();
  const canonical = (addr: number) => {
    e.fe_tobytes(L.OUT, addr);
    return mem.slice(L.OUT, L.OUT + 32);
  };
  for (let n = 0; n < TABLE_ROWS * TABLE_COLS; n++) {
    for (let f = 0; f < 3; f++) {
      for (let l = 0; l < 10; l++) i64[l] = BigInt(i32[(L.TABLE + L.ENTRY_BYTES * n) / 4 + 10 * f + l]);
      const at = n * ENTRY_ENCODED_BYTES + 32 * f;
      assert.deepEqual(canonical(0), entries.slice(at, at + 32), `entry ${n}, field ${f}`);
    }
    assert.equal(
      i32[(L.TABLE + L.ENTRY_BYTES * n) / 4 + 30] | i32[(L.TABLE + L.ENTRY_BYTES * n) / 4 + 31],
      0,
    );
  }
  for (let f = 0; f < 4; f++) assert.deepEqual(canonical(L.START + 80 * f), start.slice(32 * f, 32 * f + 32));
});

Deno.test("x25519 wasm: a fresh kernel loads its table at scalarMultBase X25519_GENERIC_BASE_USES + 1", () => {
  const k = createX25519WasmKernel();
  const nine = new Uint8Array(32), out = new Uint8Array(32), ref = new Uint8Array(32);
  nine[0] = 9;
  for (let i = 1; i <= X25519_GENERIC_BASE_USES + 2; i++) {
    const s = crypto.getRandomValues(new Uint8Array(32));
    k.scalarMultBase(out, s);
    k.scalarMult(ref, s, nine);
    assert.deepEqual(out, ref, `call ${i}: X25519(k, 9)`);
    assert.equal(k.tableLoaded, i > X25519_GENERIC_BASE_USES, `call ${i}: table loaded`);
  }
});

Deno.test("x25519 wasm: the first-use module moves to the full module with the caller slots intact", () => {
  for (const shape of ["inline", "calls"] as const) {
    setX25519LadderShape(shape);
    try {
      const k = createX25519WasmKernel();
      const limbs = [1, -2, 3, -4, 5, -6, 7, -8, 9, -10];
      k.setLimbs(3, limbs);
      const nine = new Uint8Array(32), out = new Uint8Array(32), ref = new Uint8Array(32);
      nine[0] = 9;
      const scratch = k.scratch()[0];
      for (let i = 1; i <= X25519_GENERIC_BASE_USES + 1; i++) {
        const s = crypto.getRandomValues(new Uint8Array(32));
        k.scalarMultBase(out, s);
        k.scalarMult(ref, s, nine);
        assert.deepEqual(out, ref, `${shape}, call ${i}`);
      }
      assert.ok(k.tableLoaded);
      assert.deepEqual(k.getLimbs(3), limbs, `${shape}: slot 3 carried across`);
      assert.ok(
        Array.from(scratch).every((b) => b === 0),
        `${shape}: the first-use module's scratch is zero`,
      );
      // The other shape's ladder, only in the full module, now runs: force it.
      setX25519LadderShape(shape === "inline" ? "calls" : "inline");
      const s = crypto.getRandomValues(new Uint8Array(32));
      k.scalarMult(out, s, nine);
      k.scalarMultBase(ref, s);
      assert.deepEqual(out, ref, `${shape}: the other ladder after the move`);
    } finally {
      setX25519LadderShape("auto");
    }
  }
});

Deno.test("x25519 wasm: a forced shape the first-use module lacks moves it to the full module", () => {
  setX25519LadderShape("inline");
  const k = createX25519WasmKernel(); // first-use module: x25519 only
  setX25519LadderShape("calls");
  try {
    k.setLimbs(0, [9, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const s = crypto.getRandomValues(new Uint8Array(32)), u = crypto.getRandomValues(new Uint8Array(32));
    const out = new Uint8Array(32), ref = new Uint8Array(32);
    k.scalarMult(out, s, u); // x25519_calls: the full module
    setX25519LadderShape("inline");
    k.scalarMult(ref, s, u);
    assert.deepEqual(out, ref);
    assert.deepEqual(k.getLimbs(0), [9, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  } finally {
    setX25519LadderShape("auto");
  }
});
