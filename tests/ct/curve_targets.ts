/**
 * dudect timing targets of the groups (registered by tests/ct/targets.ts): `multiply` of BLS12-381
 * G1/G2 (the GLV/GLS endomorphism loop) and BN254 G1/G2 (the lattice GLV/GLS loop) on both backends. Each
 * times `multiplyInto` of a fixed public non-base point by a secret 32-byte scalar (reduction mod r,
 * decomposition, table, loop); the fixed class is the scalar 1 (digits 1, 0, 0, 0: the most
 * special non-zero value, and a result equal to the input), the random class uniform 32-byte
 * scalars (any value below 2^256, as `multiply` accepts them).
 *
 * Nothing from targets.ts is used at load time (this module is imported by it), only inside the
 * targets' functions.
 * @module
 */

import { randomBytes, sink, type TimingTarget } from "./targets.ts";
import { bls12_381Groups } from "../internal.ts";
import { bn254Groups } from "../internal.ts";
import type { Backend, GroupImpl } from "../internal.ts";

const BACKENDS: readonly Backend[] = ["wasm", "ts"];

/** The groups' timing targets: multiply on both curves, G1 and G2, both backends. */
export function curveTimingTargets(): TimingTarget<Uint8Array>[] {
  const out: TimingTarget<Uint8Array>[] = [];
  for (const curve of ["bls12-381", "bn254"] as const) {
    for (const which of ["G1", "G2"] as const) {
      for (const backend of BACKENDS) {
        // deno-lint-ignore no-explicit-any
        let g: GroupImpl<any>, p: number, o: number; // arena slots of the fixed point and the result
        out.push({
          name: `${curve} ${which} multiply (${backend})`,
          prepare: () => {
            const groups = curve === "bls12-381" ? bls12_381Groups(backend) : bn254Groups(backend);
            g = groups[which];
            p = g.slotOf(g.BASE.multiplyUnsafe(0x1234567890abcdef1234567890abcdefn));
            o = g.law.alloc(1);
            const one = new Uint8Array(32);
            one[31] = 1;
            return { fixed: one, random: () => randomBytes(32) };
          },
          run: (k) => {
            g.multiplyInto(o, p, k);
            sink.value += g.F.isZero(o);
          },
        });
      }
    }
  }
  return out;
}
