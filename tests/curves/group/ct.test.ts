/**
 * Constant-time proofs of the group layer (tests/ct): control flow of `multiply` (scalar parsing,
 * reduction mod r, the fixed-window loop, the table lookup, the complete formulas and the kernels
 * below) for G1 and G2 of both curves on both backends, with canonical secrets below r and with
 * 256-bit secrets that need the reduction; and the memory-access proof of the window lookup.
 */
import { ctAccess, ctFlow, secretIndices, secretsForModulus, standardSecrets32 } from "../../ct/registry.ts";
import { bls12_381Groups } from "../../internal.ts";
import { bn254Groups } from "../../internal.ts";
import { type GroupImpl, scalarBytes, selectPoint, WINDOW_ENTRIES } from "../../internal.ts";

for (const backend of ["wasm", "ts"] as const) {
  for (const curve of ["bls12-381", "bn254"] as const) {
    for (const which of ["G1", "G2"] as const) {
      const group = () => (curve === "bls12-381" ? bls12_381Groups(backend) : bn254Groups(backend))[which];
      // A fresh non-base public point; the secret is the scalar. Nothing runs at module load: block
      // coverage starts asynchronously when the registry is imported.
      // `multiply` = scalarBytes (a copy) + multiplyInto + the allocation of the result's slots, which
      // depends on garbage-collection timing (the slot free list), never on k: the proof measures
      // scalarBytes + multiplyInto into a fixed slot.
      let p = -1, out = -1; // module-lifetime slots of the fixed point and the result (test only)
      const run = (k: Uint8Array) => {
        const g = group();
        if (p < 0) {
          // deno-lint-ignore no-explicit-any
          p = (g as GroupImpl<any>).slotOf(g.BASE.multiplyUnsafe(0x1234567890abcdef1234567890abcdefn));
        }
        if (out < 0) out = g.law.alloc(1);
        // deno-lint-ignore no-explicit-any
        (g as GroupImpl<any>).multiplyInto(out, p, scalarBytes(k));
      };
      ctFlow(`${curve} ${which} multiply, k < r (${backend})`, run, () => secretsForModulus(group().r, 32));
      ctFlow(`${curve} ${which} multiply, k < 2^256 (${backend})`, run, () => standardSecrets32());
    }
  }
  ctAccess(
    `window lookup reads all ${WINDOW_ENTRIES} entries (${backend})`,
    (d: number, trace) => {
      // deno-lint-ignore no-explicit-any
      const G = bls12_381Groups(backend).G1 as GroupImpl<any>;
      const w = G.window;
      selectPoint(G.law, w.sel, trace.wrap([...w.table]), d);
    },
    secretIndices(WINDOW_ENTRIES),
    { fullScan: true },
  );
}
