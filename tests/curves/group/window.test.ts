/**
 * The fixed-window multiplication `mulCt` with windows of 4 and 5 bits (the frozen baselines of the
 * endomorphism rows, bench/cases/endo.ts) against `multiplyUnsafe`, G1 and G2 of both curves, both
 * backends: edge scalars (digit boundaries of both widths, r − 1, r, 2^256 − 1) and random ones; the
 * window-5 lookup (`selectWindow`, 32 entries) against a plain index for every digit; and the scratch is
 * wiped afterwards.
 */
import assert from "node:assert/strict";
import {
  EndoScratch,
  type GroupImpl,
  mulCt,
  mulEndoCt,
  type PointImpl,
  selectWindow,
  WindowScratch,
} from "../../internal.ts";
import { BACKENDS, be32, bls12_381Groups, bn254Groups, rng } from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;

function windowMultiply(G: AnyGroup, s: WindowScratch<unknown>, P: PointImpl<unknown>, k: bigint) {
  const out = G.law.alloc(1), limbs = G.reducer.reduce(be32(k));
  mulCt(s, out, P.group.slotOf(P), limbs, G.bits);
  return G.save(out);
}

const CURVES = [["bls12-381", bls12_381Groups], ["bn254", bn254Groups]] as const;

for (const [name, groups] of CURVES) {
  for (const backend of BACKENDS) {
    Deno.test(`window 4 and 5 multiply vs multiplyUnsafe: ${name} (${backend})`, () => {
      const { G1, G2 } = groups(backend) as unknown as { G1: AnyGroup; G2: AnyGroup };
      const rand = rng(name.length * 7 + (backend === "ts" ? 1 : 0));
      for (const G of [G1, G2]) {
        const r = G.r;
        const P = G.BASE.multiplyUnsafe(rand() % r) as PointImpl<unknown>;
        const edges = [0n, 1n, 15n, 16n, 31n, 32n, 33n, (1n << 20n) - 1n, 1n << 250n, r - 1n, r, r + 1n];
        edges.push((1n << 256n) - 1n);
        for (let i = 0; i < 4; i++) edges.push(rand());
        for (const w of [4, 5]) {
          const s = new WindowScratch(G.law, w);
          assert.equal(s.table.length, 1 << w);
          for (const k of edges) {
            const got = windowMultiply(G, s, P, k);
            assert.ok(got.equals(P.multiplyUnsafe(be32(k))), `${G.name} w = ${w}, k = ${k}`);
          }
          for (const e of s.table) assert.equal(G.F.isZero(e), 1, "table wiped");
          assert.equal(G.F.isZero(s.acc), 1, "accumulator wiped");
        }
      }
    });

    Deno.test(`selectWindow: 32 entries, every digit: ${name} (${backend})`, () => {
      const { G1, G2 } = groups(backend) as unknown as { G1: AnyGroup; G2: AnyGroup };
      for (const G of [G1, G2]) {
        const law = G.law, s = new WindowScratch(G.law, 5), T = s.table;
        const P = G.load(G.BASE.multiplyUnsafe(12345n), law.alloc(1));
        law.setZero(T[0]);
        law.copy(T[1], P);
        for (let i = 2; i < T.length; i++) law.add(T[i], T[i - 1], P);
        for (let d = 0; d < T.length; d++) {
          selectWindow(law, s.sel, T, d, s.tmp);
          for (let c = 0; c < 3 * law.n; c++) {
            assert.equal(G.F.kernel.eq(s.sel + c, T[d] + c), 1, `${G.name} digit ${d} coordinate ${c}`);
          }
        }
        s.wipe();
      }
    });
  }
}

for (const [name, groups] of CURVES) {
  for (const backend of BACKENDS) {
    Deno.test(`endomorphism loop, Jacobian and projective formulas, vs multiplyUnsafe: ${name} (${backend})`, () => {
      const { G1, G2 } = groups(backend) as unknown as { G1: AnyGroup; G2: AnyGroup };
      const rand = rng(name.length * 13 + (backend === "ts" ? 1 : 0));
      for (const G of [G1, G2]) {
        const split = G.endo!.split, r = G.r;
        const loops = [
          ["projective", new EndoScratch(G.law, split, null)],
          ["Jacobian (TypeScript formulas)", new EndoScratch(G.law, split, { compiled: null })],
          ["Jacobian (group's formulas)", new EndoScratch(G.law, split, { compiled: G.jacobianExports })],
          ["projective mixed", new EndoScratch(G.law, split, { compiled: null, formulas: "projective" })],
        ] as const;
        const P = G.BASE.multiplyUnsafe(rand() % r) as PointImpl<unknown>;
        const ks = [0n, 1n, 7n, 8n, 9n, 15n, 16n, 17n, r - 1n, r, (1n << 256n) - 1n, rand(), rand()];
        for (const [kind, s] of loops) {
          for (const [Q, what] of [[P, "P"], [G.ZERO, "O"], [G.BASE, "BASE"]] as const) {
            for (const k of ks) {
              const out = G.law.alloc(1), limbs = G.reducer.reduce(be32(k));
              mulEndoCt(s, out, G.slotOf(Q), limbs);
              const got = G.save(out);
              if (what === "O") {
                assert.equal(G.F.isZero(out + G.law.n), 0, `${kind}: O as (0 : λ : 0), λ ≠ 0`);
              }
              assert.ok(got.equals(Q.multiplyUnsafe(be32(k))), `${G.name} ${kind} ${what}, k = ${k}`);
            }
          }
          for (const T of s.tables) for (const e of T) assert.equal(G.F.isZero(e), 1, "tables wiped");
        }
        // the group's own loop (its compiled step where the plan has one: BLS12-381 G2 projective mixed)
        for (const [Q, what] of [[P, "P"], [G.ZERO, "O"], [G.BASE, "BASE"]] as const) {
          for (const k of ks) {
            assert.ok(
              Q.multiply(be32(k)).equals(Q.multiplyUnsafe(be32(k))),
              `${G.name} multiply ${what}, k = ${k}`,
            );
          }
        }
      }
    });
  }
}
