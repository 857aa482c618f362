/**
 * Constant-time proof (control flow, tests/ct) of hash_to_curve and encode_to_curve for G1 and G2 on
 * both backends: the secret is a 32-byte message (expand_message_xmd with SHA-256, hash_to_field, the
 * SWU map with its sqrt_ratio and cmov selections, the isogeny, cofactor clearing by the public h_eff).
 * Measured through `Suite.hashInto` into a fixed slot (`hashToCurve` adds only the allocation of the
 * result's slots, which depends on garbage-collection timing, never on the message).
 */
import { ctFlow, standardSecrets32 } from "../../ct/registry.ts";
import { bls12_381Groups } from "../../internal.ts";
import type { HashingGroup } from "../../internal.ts";

const DST = "QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_";

for (const backend of ["wasm", "ts"] as const) {
  for (const which of ["G1", "G2"] as const) {
    for (const count of [2, 1] as const) {
      let run: ((msg: Uint8Array) => void) | undefined;
      const name = `${which} ${count === 2 ? "hashToCurve" : "encodeToCurve"} (${backend})`;
      ctFlow(name, (msg: Uint8Array) => {
        if (run === undefined) {
          const { G1, G2 } = bls12_381Groups(backend);
          const s = ((which === "G1" ? G1 : G2) as HashingGroup<unknown>).suite;
          const out = s.g.law.alloc(1); // a module-lifetime slot (test only)
          run = (m) => s.hashInto(out, m, DST, count);
        }
        run(msg);
      }, () => standardSecrets32());
    }
  }
}
