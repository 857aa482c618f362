/**
 * sqr4(out, a): out ← a^16, four squarings in one wasm call, so that an exponentiation by a public
 * exponent with a 4-bit fixed window (field/algorithms/pow.ts) crosses the JS↔wasm boundary once per
 * window instead of once per squaring: a^((p+1)/4) over BLS12-381 Fp makes 95 calls of sqr4 instead of
 * 380 of sqr. Cost: 4S. Straight-line: four internal calls of the kernel's sqr (the ct proof's rule).
 * @module
 */
import { FunctionBuilder, I32 } from "../../wasm/emitter.ts";
import type { WasmLayer } from "./module.ts";

/** The function's export name. */
export const SQR4 = "sqr4";

/** sqr4 as a layer of every field module (added beside the inversion by kernel.ts). */
export function sqr4Layer(): WasmLayer {
  return {
    name: "sqr4",
    exports: [SQR4],
    emit: ({ module, fn }) => {
      const f = new FunctionBuilder([I32, I32], []);
      f.localGet(0).localGet(1).call(fn.sqr);
      for (let i = 1; i < 4; i++) f.localGet(0).localGet(0).call(fn.sqr);
      module.addFunction(SQR4, f);
    },
  };
}
