/**
 * The affine table of the endomorphism loop (curves/group/affine_multiples.ts): T[i] = (i + 1)·P with
 * Z = 1, for 2, 4, 8 and 16 entries, G1 and G2 of both curves, both backends, against `multiplyUnsafe`
 * and `toAffine`; P with a random Z (a computed point), with Z = 1 (decoded) and the generator; P = O
 * gives every entry Z = 0; P is left unchanged. The compiled `affine_table` (wasm_endo_step.ts), which
 * the group's scratch calls (`affineT0`), writes the same coordinates as the JS ladder and leaves its
 * scratch wiped; the group's `multiply` of O is O.
 */
import assert from "node:assert/strict";
import { affineTableCt, affineTableScratch, type GroupImpl, type PointImpl } from "../../internal.ts";
import { BACKENDS, bls12_381Groups, bn254Groups, rng } from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;

const CURVES = [["bls12-381", bls12_381Groups], ["bn254", bn254Groups]] as const;

/** The coordinates of the point at `slot` as field values. */
function coordinates(G: AnyGroup, slot: number): unknown[] {
  const F = G.F, n = F.size;
  return [F.getVartime(slot), F.getVartime(slot + n), F.getVartime(slot + 2 * n)];
}

/** A fresh slot holding the element 1 (or 0). */
function constant(G: AnyGroup, one: boolean): number {
  const slot = G.F.alloc(1);
  if (one) G.F.setOne(slot);
  else G.F.setZero(slot);
  return slot;
}

for (const [name, groups] of CURVES) {
  for (const backend of BACKENDS) {
    Deno.test(`affine table 1·P … E·P: ${name} (${backend})`, () => {
      const { G1, G2 } = groups(backend) as unknown as { G1: AnyGroup; G2: AnyGroup };
      const rand = rng(name.length * 5 + (backend === "ts" ? 1 : 0));
      for (const G of [G1, G2]) {
        const F = G.F, one = F.getVartime(constant(G, true)), zero = constant(G, false);
        const computed = G.BASE.multiplyUnsafe(rand() % G.r) as PointImpl<unknown>;
        const decoded = G.fromBytes(computed.toBytes()) as PointImpl<unknown>;
        for (const P of [computed, decoded, G.BASE as PointImpl<unknown>, G.ZERO as PointImpl<unknown>]) {
          for (const E of [2, 4, 8, 16]) {
            const p = G.slotOf(P), before = coordinates(G, p);
            const first = G.law.alloc(E), T = Array.from({ length: E }, (_, i) => G.law.at(first, i));
            affineTableCt(F, T, p, F.alloc(affineTableScratch(E)), zero);
            for (let i = 0; i < E; i++) {
              if (P.isZero()) {
                assert.equal(F.isZero(T[i] + 2 * F.size), 1, `${G.name} E = ${E}: O`);
                continue;
              }
              const want = P.multiplyUnsafe(BigInt(i + 1)).toAffine();
              assert.deepEqual(coordinates(G, T[i]), [want.x, want.y, one], `${G.name} E = ${E}: ${i + 1}·P`);
            }
            assert.deepEqual(coordinates(G, p), before, "P unchanged");
          }
        }
        assert.throws(() => affineTableCt(F, [0, 0, 0], 0, 0, 0), RangeError);
      }
    });
  }

  Deno.test(`compiled affine table = the JS ladder, scratch wiped: ${name} (wasm)`, () => {
    const { G1, G2 } = groups("wasm") as unknown as { G1: AnyGroup; G2: AnyGroup };
    const rand = rng(name.length * 11);
    for (const G of [G1, G2]) {
      const s = G.endo!, F = G.F, E = s.entries, T = s.tables[0];
      assert.ok(s.step?.affineTable, `${G.name}: the module compiles affine_table`);
      for (const P of [G.BASE.multiplyUnsafe(rand() % G.r), G.BASE, G.ZERO] as PointImpl<unknown>[]) {
        const p = G.slotOf(P);
        const ref = Array.from({ length: E }, () => G.law.alloc(1));
        affineTableCt(F, ref, p, F.alloc(affineTableScratch(E)), constant(G, false));
        s.affineT0(p);
        for (let i = 0; i < E; i++) {
          assert.deepEqual(coordinates(G, T[i]), coordinates(G, ref[i]), `${G.name} ${i}`);
        }
        // The whole prefix area but the element 0 at its end: the ladder's scratch and the inversion's.
        for (let i = 0; i < E; i++) assert.equal(F.isZero(s.zeroSlot - (i + 1) * F.size), 1, "scratch wiped");
        assert.ok(P.multiply(12345n).equals(P.multiplyUnsafe(12345n)));
      }
    }
  });
}
