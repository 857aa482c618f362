/**
 * The constant-time Jacobian formulas (curves/group/jacobian.ts: add, mixed add, doubling) against the
 * complete projective formulas, G1 and G2 of both curves, both backends (compiled wasm functions on
 * wasm where the point layer has them, the TypeScript functions otherwise and always through
 * `jacField`): random points in random Jacobian representations, and every exceptional input of the
 * module's table (P = Q in different representations, P = −Q, P = O, Q = O, both O, O given as
 * (1 : 1 : 0), (0 : 1 : 0) and (0 : 0 : 0)); the mixed addition with Q affine (Z = 1) or O (Z = 0).
 */
import assert from "node:assert/strict";
import { type GroupImpl, jacAdd, jacDbl, jacField, jacMadd, Jacobian } from "../../internal.ts";
import { BACKENDS, bls12_381Groups, bn254Groups, rng } from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;
const CURVES = [["bls12-381", bls12_381Groups], ["bn254", bn254Groups]] as const;

/** The operations under test: the group's Jacobian (compiled or not) and the plain TS formulas. */
function variants(G: AnyGroup, J: Jacobian<unknown>) {
  const jf = jacField(G.F), t = G.F.alloc(12);
  return [
    { name: J.compiled ? "compiled" : "ts", add: J.add.bind(J), madd: J.madd.bind(J), dbl: J.dbl.bind(J) },
    {
      name: "jacField",
      add: (o: number, p: number, q: number) => jacAdd(jf, t, o, p, q),
      madd: (o: number, p: number, q: number) => jacMadd(jf, t, o, p, q),
      dbl: (o: number, p: number) => jacDbl(jf, t, o, p),
    },
  ];
}

for (const [name, groups] of CURVES) {
  for (const backend of BACKENDS) {
    Deno.test(`jacobian formulas vs projective: ${name} G1, G2 (${backend})`, () => {
      const { G1, G2 } = groups(backend) as unknown as { G1: AnyGroup; G2: AnyGroup };
      const rand = rng(name.length * 31 + (backend === "ts" ? 1 : 0));
      for (const G of [G1, G2]) {
        const law = G.law, F = G.F, n = law.n;
        const J = new Jacobian(F, G.jacobianExports);
        if (backend === "wasm" && J.compiled) {
          assert.equal(J.compiled, law.compiled, `${G.name}: compiled like projective`);
        }
        const [a, b, c, out, want, tmp, negP] = [0, 1, 2, 3, 4, 5, 6].map(() => law.alloc(1));
        const lam = F.alloc(3);
        /** Jacobian slot `j` ← projective point P, rescaled by a random λ: (λ²X : λ³Y : λZ). */
        const toJac = (j: number, P: number) => {
          J.fromProjective(j, P);
          F.copy(lam, G.slotOf(G.BASE.multiplyUnsafe(rand() % G.r)) + 2 * n); // a random nonzero λ
          F.sqr(lam + n, lam);
          F.mul(lam + 2 * n, lam + n, lam);
          F.mul(j, j, lam + n);
          F.mul(j + n, j + n, lam + 2 * n);
          F.mul(j + 2 * n, j + 2 * n, lam);
        };
        /** Jacobian slot j ← P affine (Z = 1). */
        const toAff = (j: number, P: number) => {
          const x = F.alloc(2);
          law.toAffine(x, x + n, P);
          law.fromAffine(j, x, x + n);
        };
        const same = (j: number, P: number, what: string) => {
          J.toProjective(tmp, j);
          assert.equal(law.isOnCurve(tmp), 1, `${G.name} ${what}: on the curve`);
          assert.equal(law.eq(tmp, P), 1, `${G.name} ${what}`);
        };
        const pt = () => G.slotOf(G.BASE.multiplyUnsafe(rand() % G.r));
        const O = law.alloc(1);
        law.setZero(O);
        const setJ = (j: number, x: number, y: number, z: number) => {
          for (const [i, v] of [x, y, z].entries()) v === 1 ? F.setOne(j + i * n) : F.setZero(j + i * n);
        };
        for (const v of variants(G, J)) {
          const tag = `${v.name}`;
          for (let i = 0; i < 4; i++) {
            const P = pt(), Q = pt();
            law.add(want, P, Q);
            toJac(a, P), toJac(b, Q);
            v.add(out, a, b), same(out, want, `${tag} random add`);
            toAff(c, Q);
            v.madd(out, a, c), same(out, want, `${tag} random madd`);
            law.dbl(want, P);
            v.dbl(out, a), same(out, want, `${tag} random dbl`);
            v.dbl(a, a), same(a, want, `${tag} dbl in place`);
            toJac(a, P);
            v.add(a, a, b), law.add(want, P, Q), same(a, want, `${tag} add in place`);
          }
          const P = pt();
          // P = Q, different representations
          law.dbl(want, P);
          toJac(a, P), toJac(b, P);
          v.add(out, a, b), same(out, want, `${tag} add P = Q`);
          v.add(out, a, a), same(out, want, `${tag} add P = P (same slot)`);
          toAff(c, P);
          v.madd(out, a, c), same(out, want, `${tag} madd P = Q`);
          // P = −Q
          law.neg(negP, P);
          toJac(b, negP);
          v.add(out, a, b), same(out, O, `${tag} add P = −Q`);
          toAff(c, negP);
          v.madd(out, a, c), same(out, O, `${tag} madd P = −Q`);
          // O in three representations, either side, both
          for (const z of [[1, 1, 0], [0, 1, 0], [0, 0, 0]] as const) {
            setJ(b, z[0], z[1], z[2]);
            toJac(a, P);
            v.add(out, a, b), same(out, P, `${tag} add Q = O ${z}`);
            v.add(out, b, a), same(out, P, `${tag} add P = O ${z}`);
            v.madd(out, a, b), same(out, P, `${tag} madd Q = O ${z}`);
            toAff(c, P);
            v.madd(out, b, c), same(out, P, `${tag} madd P = O ${z}`);
            v.add(out, b, b), same(out, O, `${tag} add O + O ${z}`);
            v.madd(out, b, b), same(out, O, `${tag} madd O + O ${z}`);
            v.dbl(out, b), same(out, O, `${tag} dbl O ${z}`);
          }
        }
      }
    });
  }
}

Deno.test("jacField lin: Σ kᵢ·aᵢ mod p against BigInt, aliasing, and the coefficient limits", () => {
  const { G1 } = bls12_381Groups("ts") as unknown as { G1: AnyGroup };
  const F = G1.F, p = F.kernel.p, rand = rng(7), jf = jacField(F);
  const [a, b, c, out] = [0, 1, 2, 3].map(() => F.alloc(1));
  const cases: [number, number][][] = [[[a, 3]], [[a, 1], [b, -2]], [[a, 2], [b, -2], [c, -2]], [[a, 1], [
    c,
    -8,
  ]]];
  for (let round = 0; round < 20; round++) {
    const v = [rand() % p, rand() % p, round === 0 ? 0n : p - 1n - (rand() % 4n)];
    [a, b, c].forEach((s, i) => F.setVartime(s, v[i]));
    for (const terms of cases) {
      const want = terms.reduce((s, [slot, k]) => s + BigInt(k) * v[[a, b, c].indexOf(slot)], 0n);
      jf.lin(out, terms);
      assert.equal(F.getVartime(out), ((want % p) + p) % p);
      jf.lin(a, terms); // out aliasing an input
      assert.equal(F.getVartime(a), ((want % p) + p) % p);
      F.setVartime(a, v[0]);
    }
  }
  assert.throws(() => jf.lin(out, [[a, 9]]), RangeError);
  assert.throws(() => jf.lin(out, [[a, 0]]), RangeError);
  assert.throws(() => jf.lin(out, []), RangeError);
  assert.throws(() => jf.lin(out, [[a, 8], [b, 8], [c, 1]]), RangeError);
});
