/**
 * The compiled table lookups (curves/wasm_select.ts): on random bytes, select_S_N(d) returns exactly
 * entry d for every d and nothing for d outside [0, N), for every entry shape and both word kinds
 * (v128, i64); `selectPoint` / `selectRow` on the wasm backend agree with their JS path (forced by a
 * table that is not equally spaced) on real tables; and the no-branch rule on the emitted code.
 *
 * Constant time: on the wasm path the entries are read inside wasm, invisible to the JS access trace
 * of the ctAccess proofs (glv_ct, ct, fixed_base tests: on the wasm backend they now see only the scan
 * of the public slot addresses). The full scan of the wasm path is proven here instead: every lookup
 * is straight-line (ctWasm: no if/br/br_if/br_table/select), so it loads every word of every entry,
 * in an order fixed at emission. The ctAccess proofs still cover the JS path (ts backend).
 */
import { ctWasm } from "../../ct/registry.ts";
import {
  createWasmFieldKernel,
  FIELDS,
  type GroupImpl,
  modulePlan,
  selectExtras,
  selectModuleBytes,
  selectName,
  selectPoint,
  selectRow,
  type SelectShape,
  simdSupported,
  wasmSelector,
  WINDOW_ENTRIES,
} from "../../internal.ts";
import assert from "node:assert/strict";
import { bls12_381Groups } from "../../internal.ts";
import { bn254Groups } from "../../internal.ts";

const SHAPES: readonly SelectShape[] = [
  { slots: 3, count: 16 },
  { slots: 6, count: 16 },
  { slots: 2, count: 16 },
  { slots: 4, count: 8 },
  { slots: 1, count: 5 },
];

/** Deterministic bytes (xorshift32). */
function fill(bytes: Uint8Array, seed: number): void {
  let x = seed | 1;
  for (let i = 0; i < bytes.length; i++) {
    x ^= x << 13, x ^= x >>> 17, x ^= x << 5;
    bytes[i] = x & 0xff;
  }
}

for (const field of ["bls12-381-fp", "bn254-fp"] as const) {
  for (const simd of [true, false]) {
    if (simd && !simdSupported()) continue;
    Deno.test(`wasm select returns exactly entry d: ${field} (${simd ? "v128" : "i64"})`, () => {
      const layer = { name: "selects", exports: SHAPES.map(selectName), emit: selectExtras(SHAPES, simd) };
      const k = createWasmFieldKernel(FIELDS[field], modulePlan("test", () => [layer]));
      const x = k.layer("selects")!;
      const S = k.stride;
      for (const shape of SHAPES) {
        const fn = x[selectName(shape)] as (o: number, f: number, s: number, d: number) => void;
        const E = shape.slots * S;
        for (const gap of [0, 2]) { // entries adjacent, or with a gap of 2 slots between them
          const step = (shape.slots + gap) * S;
          const first = k.alloc(shape.count * (shape.slots + gap) + shape.slots) * S;
          const out = first + shape.count * step;
          const mem = () => new Uint8Array(k.memory.buffer);
          fill(mem().subarray(first, out), shape.slots * 1000 + shape.count + gap);
          for (let d = -2; d < shape.count + 2; d++) {
            fill(mem().subarray(out, out + E), d + 77); // garbage in out: fully overwritten
            fn(out, first, step, d);
            const m = mem(), got = m.slice(out, out + E);
            const want = d >= 0 && d < shape.count
              ? m.slice(first + d * step, first + d * step + E)
              : new Uint8Array(E);
            assert.deepEqual(got, want, `${selectName(shape)} gap ${gap} d = ${d}`);
          }
          // out aliasing an entry
          const keep = mem().slice(first + 3 * step, first + 3 * step + E);
          fn(first, first, step, 3);
          assert.deepEqual(mem().slice(first, first + E), keep, `${selectName(shape)} out = entry 0`);
        }
      }
    });

    const p = FIELDS[field].p;
    ctWasm(`table lookups ${field} (${simd ? "v128" : "i64"})`, () => selectModuleBytes(p, SHAPES, simd), {
      straightLine: SHAPES.map(selectName),
    });
  }
}

type AnyGroup = GroupImpl<unknown>;
const GROUPS = [["bls12-381", "G1"], ["bls12-381", "G2"], ["bn254", "G1"], ["bn254", "G2"]] as const;
const groupOf = (curve: string, which: "G1" | "G2") =>
  (curve === "bls12-381" ? bls12_381Groups("wasm") : bn254Groups("wasm"))[which] as unknown as AnyGroup;

/** The point slots of p as strings (exact coordinates). */
function coords(G: AnyGroup, p: number, parts = 3): string {
  const n = G.F.size;
  return Array.from(
    { length: parts },
    (_, i) => JSON.stringify(G.F.getVartime(p + i * n), (_, v) => String(v)),
  )
    .join("|");
}

for (const [curve, which] of GROUPS) {
  Deno.test(`selectPoint / selectRow on wasm = JS path: ${curve} ${which}`, () => {
    const G = groupOf(curve, which), law = G.law, n = law.n;
    assert.notEqual(wasmSelector(G.F.kernel, 3 * n, WINDOW_ENTRIES), null, "wasm lookup available");
    // A window table: i·P for a random-looking P (Z ≠ 1), as mulCt builds it.
    const T = G.window.table, out1 = law.alloc(1), out2 = law.alloc(1), P = law.alloc(1);
    G.load(G.BASE.multiplyUnsafe(0x1234567890abcdefn), P);
    law.setZero(T[0]);
    law.copy(T[1], P);
    for (let i = 2; i < WINDOW_ENTRIES; i++) law.add(T[i], T[i - 1], P);
    // The same entries, not equally spaced (forces the JS path).
    const scattered = T.map((_, i) => law.alloc(i === 5 ? 2 : 1));
    T.forEach((t, i) => law.copy(scattered[i], t));
    for (let d = 0; d < WINDOW_ENTRIES; d++) {
      selectPoint(law, out1, T, d);
      selectPoint(law, out2, scattered, d);
      assert.equal(coords(G, out1), coords(G, T[d]), `wasm selectPoint d = ${d}`);
      assert.equal(coords(G, out2), coords(G, T[d]), `JS selectPoint d = ${d}`);
    }
    G.window.wipe();

    const FB = G.fixedBase;
    for (const row of [FB.rows[0], FB.rows[FB.rows.length - 1]]) {
      const copies = row.map((_, j) => G.F.alloc(j === 2 ? 2 * n + 1 : 2 * n));
      row.forEach((r, j) => (G.F.copy(copies[j], r), G.F.copy(copies[j] + n, r + n)));
      for (let d = 0; d <= row.length; d++) {
        selectRow(law, out1, row, d, FB.one);
        selectRow(law, out2, copies, d, FB.one);
        assert.equal(coords(G, out1), coords(G, out2), `selectRow wasm = JS d = ${d}`);
        if (d === 0) assert.equal(law.isZero(out1), 1, "d = 0 selects O");
        else {
          assert.equal(coords(G, out1, 2), coords(G, row[d - 1], 2), `selectRow (x, y) d = ${d}`);
          assert.equal(coords(G, out1 + 2 * n, 1), coords(G, FB.one, 1), `Z = 1 d = ${d}`);
        }
      }
    }
  });
}

Deno.test("no wasm lookup on the ts backend", () => {
  const G = bls12_381Groups("ts").G1 as unknown as AnyGroup;
  assert.equal(wasmSelector(G.F.kernel, 3, 16), null);
});
