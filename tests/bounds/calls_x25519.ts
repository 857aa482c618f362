/**
 * The X25519 module's composite function at field-call level: `fe_invert`, which encodes its operand
 * canonically (fe_tobytes: loose → 32 bytes), inverts the bytes (fe_invert_bytes: the binary GCD of
 * wasm/inverse.ts) and decodes them (fe_frombytes: any 32 bytes → tight), through the buffer at
 * INV_BYTES. Bounds are multiples of "tight" (contracts.ts X25519_CONTRACTS: loose = 4·tight); a value
 * held as bytes has the bound BYTES, which no limb function accepts. The drivers (`x25519`,
 * `x25519_calls`, `x25519_base`) do their additions, swaps and table scans inline on limbs: they are
 * the limb-level interpreter's part, not analysed here.
 * @module
 */
import { buildX25519Wasm, x25519Layout } from "../internal.ts";
import { decodeModule } from "../ct/wasm_decode.ts";
import { BYTES, X25519_CONTRACTS } from "./contracts.ts";
import type { ModuleTarget } from "./calls_targets.ts";

const LIMBS = 10;

/** The X25519 module (SIMD table scan, as the loader builds it) with fe_invert as its composite. */
export function x25519Target(): ModuleTarget {
  const mod = decodeModule(buildX25519Wasm());
  const { FE_BYTES, INV_BYTES } = x25519Layout;
  return {
    label: "x25519",
    facts: {
      mod,
      unit: 1n,
      limbs: LIMBS,
      stride: FE_BYTES,
      contracts: X25519_CONTRACTS,
      show: (u) =>
        u === undefined
          ? "unwritten"
          : u === 1n
          ? "tight"
          : u === 4n
          ? "loose"
          : u === BYTES
          ? "32 bytes"
          : `${u}·tight`,
    },
    // fe_invert(out, a): the bytes at INV_BYTES (a fixed region of the module's memory)
    functions: [{
      name: "fe_invert",
      params: [{ role: "out", elements: 1 }, { role: "in", elements: 1 }],
      aliases: [[0, 1]],
    }],
    sums: [],
    fixedRegions: [{ name: "INV_BYTES", base: INV_BYTES, elements: 1 }],
  };
}
