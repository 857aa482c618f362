/**
 * The field modules' inversion: wasm/inverse.ts's constant-time binary GCD for the module's modulus,
 * started at R² mod p so that a Montgomery input a·R gives the Montgomery form a⁻¹·R with no
 * multiplication, on the module's element layout (u32 words, R = 2^(32N); or 30-bit limbs at rest,
 * R = 2^(30L), when the module keeps its reduced-radix limbs in memory).
 * @module
 */
import { GCD_LIMB_BITS, inverseFunction, inverseParams } from "../../wasm/inverse.ts";
import type { WasmLayer } from "./module.ts";
import { montConstants } from "./montgomery.ts";

/** The inversion as a layer of a field module plan: exports `inv(outAddr, inAddr, scratchAddr)`. */
export function inverseLayer(p: bigint): WasmLayer {
  return {
    name: "inverse",
    exports: ["inv"],
    emit: ({ module, c }) => void module.addFunction("inv", fieldInverseFunction(p, c.limbBits)),
  };
}

/**
 * inv(out, in, scratch) of the field modulo p, on elements of u32 words (`limbBits` 32) or of 30-bit
 * limbs at rest, in Montgomery form (out ← the Montgomery form of a⁻¹ for the Montgomery form of a).
 */
function fieldInverseFunction(p: bigint, limbBits: number) {
  if (limbBits === 32) return inverseFunction(p, { limbBits: 32, start: inverseParams(p).r2 });
  // With limbs at rest the module's limbs must be the inversion's own: 30 bits, L of them.
  const rest = montConstants(p, GCD_LIMB_BITS);
  if (limbBits !== GCD_LIMB_BITS || rest.n !== inverseParams(p).limbs) {
    throw new RangeError(
      `inverse: limbs at rest must be the inversion's own (${GCD_LIMB_BITS} bits), not ${limbBits}`,
    );
  }
  return inverseFunction(p, { limbBits: GCD_LIMB_BITS, start: rest.r2ModP });
}
