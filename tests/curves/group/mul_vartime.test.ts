/**
 * The variable-time double-and-add in Jacobian coordinates (`mulVartime` with the group's Jacobian
 * formulas: subgroup tests, cofactor clearing, `multiplyUnsafe`) equals the projective loop, on every
 * group and backend, for scalars 0, 1, 2, random, r − 1 and r (O), on a random point and on O, with
 * the output aliasing the input.
 */
import assert from "node:assert/strict";
import { type GroupImpl, mulVartime } from "../../internal.ts";
import { bls12_381Groups } from "../../internal.ts";
import { bn254Groups } from "../../internal.ts";
import { BACKENDS, rng } from "../helpers.ts";

for (const backend of BACKENDS) {
  const groups = [bls12_381Groups(backend), bn254Groups(backend)].flatMap((c) => [c.G1, c.G2]);
  for (const G of groups as unknown as GroupImpl<unknown>[]) {
    Deno.test(`${G.name} (${backend}): Jacobian double-and-add equals the projective one`, () => {
      const law = G.law, next = rng(5);
      const [P, a, b, t] = [0, 1, 2, 3].map(() => law.alloc(1));
      G.load(G.BASE.multiply(next(200) + 2n), P);
      const scalars = [
        0n,
        1n,
        2n,
        3n,
        next(64),
        next(128),
        next(255) % G.r,
        G.r - 1n,
        G.r,
        0xd201000000010000n,
      ];
      for (const e of scalars) {
        for (const input of [P, -1]) {
          if (input === -1) law.setZero(a);
          else law.copy(a, P);
          law.copy(b, a);
          mulVartime(law, a, a, e, t); //               projective, in place
          mulVartime(law, b, b, e, t, G.jacobian); //  Jacobian, in place
          assert.equal(
            law.eq(a, b) & (law.isZero(a) ^ law.isZero(b) ^ 1),
            1,
            `e = ${e}, ${input === -1 ? "O" : "P"}`,
          );
        }
      }
    });
  }
}
