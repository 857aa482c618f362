/**
 * The X25519 module's composite functions at field-call level: `fe_invert` (ref10's addition chain of
 * 254 squarings and 11 multiplications as calls of fe_mul, fe_sq and two unnamed repeated squarings).
 * Bounds are multiples of "tight" (contracts.ts X25519_CONTRACTS: loose = 4·tight). The drivers
 * (`x25519`, `x25519_calls`, `x25519_base`) do their additions, swaps and table scans inline on limbs:
 * they are the limb-level interpreter's part, not analysed here.
 *
 * The unnamed squarings (x25519/wasm/module.ts `sqn(2)`, `sqn(5)`) are identified by shape: fe_sq's
 * load frame (10 × `local.get 1; i64.load; local.set`), n ≥ 2 copies of fe_sq's squaring core and its
 * store frame, compared instruction by instruction with local indices erased (the copies square the
 * previous copy's output locals). The identification gives them the contract "sq^n"; the limb-level
 * proof of the bodies themselves is the limb interpreter's.
 * @module
 */
import { buildX25519Wasm, x25519Layout } from "../internal.ts";
import { decodeModule, type Instr, type WasmFunction } from "../ct/wasm_decode.ts";
import { X25519_CONTRACTS } from "./contracts.ts";
import type { ModuleTarget } from "./calls_targets.ts";

const LIMBS = 10;
const erase = (i: Instr) => (i.name.startsWith("local.") ? i.name : `${i.name} ${i.imm.join(",")}`);

/** fe_sq's frame and core, erased. */
function squaringShape(sq: WasmFunction) {
  const load = sq.body.slice(0, 3 * LIMBS), store = sq.body.slice(sq.body.length - 3 * LIMBS - 1);
  load.forEach((ins, k) => {
    if (ins.name !== ["local.get", "i64.load", "local.set"][k % 3]) {
      throw new Error("fe_sq: unexpected load frame");
    }
  });
  return {
    load: load.map(erase),
    store: store.map(erase),
    core: sq.body.slice(3 * LIMBS, sq.body.length - 3 * LIMBS - 1).map(erase),
  };
}

/** The number n of squarings if `g` is fe_sq's frame around n ≥ 2 cores, else 0. */
export function repeatedSquarings(sq: WasmFunction, g: WasmFunction): number {
  if (g.params !== 2) return 0;
  const s = squaringShape(sq), body = g.body.map(erase);
  const frame = s.load.length + s.store.length;
  const inner = body.length - frame;
  if (inner <= s.core.length || inner % s.core.length !== 0) return 0;
  const same = (a: string[], at: number) => a.every((x, k) => body[at + k] === x);
  if (!same(s.load, 0) || !same(s.store, body.length - s.store.length)) return 0;
  const n = inner / s.core.length;
  for (let r = 0; r < n; r++) if (!same(s.core, s.load.length + r * s.core.length)) return 0;
  return n;
}

/** The X25519 module (SIMD table scan, as the loader builds it) with fe_invert as its composite. */
export function x25519Target(): ModuleTarget {
  const mod = decodeModule(buildX25519Wasm());
  const sq = mod.functions[mod.exports.get("fe_sq")! - mod.imports.length];
  const { FE_BYTES, INV_T } = x25519Layout;
  return {
    label: "x25519",
    facts: {
      mod,
      unit: 1n,
      limbs: LIMBS,
      stride: FE_BYTES,
      contracts: X25519_CONTRACTS,
      identify: (g) => (repeatedSquarings(sq, g) >= 2 ? X25519_CONTRACTS["sq^n"] : null),
      show: (u) => (u === undefined ? "unwritten" : u === 1n ? "tight" : u === 4n ? "loose" : `${u}·tight`),
    },
    // fe_invert(out, a): temporaries at INV_T (a fixed region of the module's memory)
    functions: [{
      name: "fe_invert",
      params: [{ role: "out", elements: 1 }, { role: "in", elements: 1 }],
      aliases: [[0, 1]],
    }],
    sums: [],
    fixedRegions: [{ name: "INV_T", base: INV_T[0], elements: INV_T.length }],
  };
}
