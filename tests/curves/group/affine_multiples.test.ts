/**
 * The affine table of the endomorphism loop (curves/group/affine_multiples.ts): T[i] = (i + 1)·P with
 * Z = 1, for 2, 4, 8 and 16 entries, G1 and G2 of both curves, both backends, against `multiplyUnsafe`
 * and `toAffine`; P with a random Z (a computed point), with Z = 1 (decoded) and the generator. P is
 * left unchanged and the scratch is wiped. Through the group's scratch (`affineT0`), P = O gives every
 * entry Z = 0, and the group's `multiply` of O is O.
 */
import assert from "node:assert/strict";
import { affineMultiplesCt, type GroupImpl, type PointImpl } from "../../internal.ts";
import { BACKENDS, bls12_381Groups, bn254Groups, rng } from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;

const CURVES = [["bls12-381", bls12_381Groups], ["bn254", bn254Groups]] as const;

/** The coordinates of the point at `slot` as field values. */
function coordinates(G: AnyGroup, slot: number): unknown[] {
  const F = G.F, n = F.size;
  return [F.getVartime(slot), F.getVartime(slot + n), F.getVartime(slot + 2 * n)];
}

for (const [name, groups] of CURVES) {
  for (const backend of BACKENDS) {
    Deno.test(`affine multiples 1·P … E·P: ${name} (${backend})`, () => {
      const { G1, G2 } = groups(backend) as unknown as { G1: AnyGroup; G2: AnyGroup };
      const rand = rng(name.length * 5 + (backend === "ts" ? 1 : 0));
      for (const G of [G1, G2]) {
        const F = G.F, n = F.size, one = F.getVartime(setOne(G));
        const computed = G.BASE.multiplyUnsafe(rand() % G.r) as PointImpl<unknown>;
        const decoded = G.fromBytes(computed.toBytes()) as PointImpl<unknown>;
        for (const P of [computed, decoded, G.BASE as PointImpl<unknown>]) {
          for (const E of [2, 4, 8, 16]) {
            const p = G.slotOf(P), before = coordinates(G, p);
            const first = G.law.alloc(E), T = Array.from({ length: E }, (_, i) => G.law.at(first, i));
            const c = F.alloc(E / 2 + 3);
            F.setOne(c); // nonzero scratch: the wipe must clear it
            affineMultiplesCt(F, T, p, c);
            for (let i = 0; i < E; i++) {
              const want = P.multiplyUnsafe(BigInt(i + 1)).toAffine();
              assert.deepEqual(coordinates(G, T[i]), [want.x, want.y, one], `${G.name} E = ${E}: ${i + 1}·P`);
            }
            assert.deepEqual(coordinates(G, p), before, "P unchanged");
            for (let i = 0; i < E / 2 + 3; i++) assert.equal(F.isZero(c + i * n), 1, "scratch wiped");
          }
        }
        assert.throws(() => affineMultiplesCt(F, [0, 0, 0], 0, 0), RangeError);
      }
    });

    Deno.test(`affine table of O: every entry O, and O·k = O: ${name} (${backend})`, () => {
      const { G1, G2 } = groups(backend) as unknown as { G1: AnyGroup; G2: AnyGroup };
      for (const G of [G1, G2]) {
        const s = G.endo;
        if (s === null || (s.jac === null && !s.mixed)) continue; // the complete loop: no affine table
        const p = G.slotOf(G.ZERO);
        s.affineT0(p, G.law.isZero(p));
        for (const e of s.tables[0]) assert.equal(G.F.isZero(e + 2 * G.F.size), 1, `${G.name}: Z = 0`);
        assert.ok(G.ZERO.multiply(12345n).isZero());
      }
    });
  }
}

/** The element 1 of G's coordinate field, in a fresh slot. */
function setOne(G: AnyGroup): number {
  const slot = G.F.alloc(1);
  G.F.setOne(slot);
  return slot;
}
