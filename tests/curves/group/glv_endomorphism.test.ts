import { FIELDS, TOWERS } from "../../../curves/registry.ts";
import { X as BLS12_381_X } from "../../../curves/bls12_381/params.ts";
/**
 * The endomorphisms of curves/endomorphism.ts against their definitions, on both backends:
 * BLS12-381 G1 φ: β³ = 1 ≠ β, λ = −x² satisfies λ² + λ + 1 ≡ 0 (mod r), φ(P) = λ·P on the
 * generator and random points; G2 ψ: ψ(Q) = p·Q = x·Q on G2 (p ≡ x mod r), ψ² − t·ψ + p = 0 with
 * t = x + 1 on points of E'(Fp2) outside G2, and the constants c_x, c_y against the Frobenius table
 * (ξ^((p−1)/3), ξ^((p−1)/2)) of the tower.
 */
import assert from "node:assert/strict";
import { fp2MulBig, frobeniusTable } from "../../../field/tower/frobenius.ts";
import { Psi } from "../../../curves/group/endomorphism.ts";
import { g1Phi as bls12381Phi } from "../../../curves/bls12_381/endomorphism.ts";
import type { Fp2Value } from "../../../curves/group/coord_field.ts";
import type { Group } from "../../../curves/group/group.ts";
import type { Projective } from "../../../curves/group/projective.ts";
import { mulVartime } from "../../../curves/group/scalar_mul.ts";
import { BACKENDS, bls12381Groups, rng } from "../helpers.ts";

const p = FIELDS["bls12-381-fp"].p, r = FIELDS["bls12-381-fr"].p, x = BLS12_381_X;
const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;

/** true if slots a, b hold the same point. */
// deno-lint-ignore no-explicit-any
const same = (G: Group<any>, a: number, b: number) => G.law.eq(a, b) === 1;

for (const backend of BACKENDS) {
  Deno.test(`glv endomorphism: BLS12-381 G1 φ (${backend})`, () => {
    const G = bls12381Groups(backend).G1, law = G.law;
    const phi = bls12381Phi(G);
    const b = phi.beta;
    assert.notEqual(b, 1n);
    assert.equal((b * b % p) * b % p, 1n, "β³ = 1");
    const lambda = phi.eigen;
    assert.equal(lambda, mod(-(x * x), r));
    assert.equal((lambda * lambda + lambda + 1n) % r, 0n, "λ² + λ + 1 ≡ 0 (mod r)");
    assert.equal(mod(x * x - 1n, r), mod(-lambda - 1n, r), "the other root is x² − 1");
    const t = law.alloc(3), want = t + 3, tmp = t + 6;
    const rand = rng(5);
    for (const P of [G.BASE, G.BASE.multiplyUnsafe(rand() % r), G.BASE.multiplyUnsafe(rand() % r), G.ZERO]) {
      phi.apply(t, P.group.slotOf(P));
      mulVartime(law, want, P.group.slotOf(P), lambda, tmp);
      assert.ok(same(G, t, want), "φ(P) = λ·P");
      assert.equal(law.isOnCurve(t), 1);
      phi.apply(t, t); // in place
      phi.apply(t, t);
      assert.ok(same(G, t, P.group.slotOf(P)), "φ³ = 1");
    }
  });

  Deno.test(`glv endomorphism: BLS12-381 G2 ψ (${backend})`, () => {
    const G = bls12381Groups(backend).G2, law = G.law as Projective<Fp2Value>, F = law.F;
    const psi = new Psi(law, TOWERS["bls12-381"], r);
    assert.equal(psi.eigen, mod(x, r), "p ≡ x (mod r)");
    assert.equal(p % r, mod(x, r));
    // c_x = ξ^(−(p−1)/3), c_y = ξ^(−(p−1)/2) (M-twist): c_x·γ_{1,2} = 1 = c_y·γ_{1,3}
    const g = frobeniusTable(p, TOWERS["bls12-381"].xi).gamma[0];
    assert.deepEqual(fp2MulBig(p, [psi.cx.c0, psi.cx.c1], g[2]), [1n, 0n]);
    assert.deepEqual(fp2MulBig(p, [psi.cy.c0, psi.cy.c1], g[3]), [1n, 0n]);
    const t = law.alloc(4), want = t + 6, tmp = t + 12, u = t + 18;
    const rand = rng(6);
    for (const Q of [G.BASE, G.BASE.multiplyUnsafe(rand() % r), G.ZERO]) {
      psi.apply(t, Q.group.slotOf(Q));
      mulVartime(law, want, Q.group.slotOf(Q), mod(x, r), tmp);
      assert.ok(same(G, t, want), "ψ(Q) = x·Q on G2");
      assert.equal(law.isOnCurve(t), 1);
    }
    // Points of E'(Fp2) outside G2: (X, √(X³ + b')) for small X; ψ² − tψ + p = 0 with t = x + 1.
    let found = 0;
    for (let c = 1n; found < 2; c++) {
      const P = u, X = P, Y = P + 2;
      F.setVartime(X, { c0: c, c1: 1n });
      F.sqr(Y, X);
      F.mul(Y, Y, X);
      F.add(Y, Y, law.b);
      if (F.sqrt(Y, Y) !== 1) continue;
      F.setOne(P + 4);
      assert.equal(law.isOnCurve(P), 1);
      mulVartime(law, t, P, r, tmp);
      if (law.isZero(t) === 1) continue; // in G2 by chance: not informative
      found++;
      // ψ²(P) − t·ψ(P) + p·P with t = x + 1 < 0: ψ²(P) + |t|·ψ(P) + p·P
      psi.apply(t, P);
      mulVartime(law, want, t, -(x + 1n), tmp);
      psi.apply(t, t);
      law.add(t, t, want);
      mulVartime(law, want, P, p, tmp);
      law.add(t, t, want);
      assert.equal(law.isZero(t), 1, "ψ² − tψ + p = 0 on E'(Fp2)");
    }
  });

  Deno.test(`glv endomorphism: split constants (${backend})`, () => {
    const { G1, G2 } = bls12381Groups(backend);
    const s1 = G1.endo!, s2 = G2.endo!;
    assert.equal(s1.split.digits.base, x * x);
    assert.equal(s2.split.digits.base, -x);
    // mulByBase = B·P
    for (const [G, s] of [[G1, s1], [G2, s2]] as const) {
      // deno-lint-ignore no-explicit-any
      const g = G as Group<any>, law = g.law, t = law.alloc(3);
      const P = g.BASE.multiplyUnsafe(987654321n);
      s.split.mulByBase(t, P.group.slotOf(P));
      mulVartime(law, t + 3 * law.n, P.group.slotOf(P), s.split.digits.base, t + 6 * law.n);
      assert.ok(same(g, t, t + 3 * law.n), `${g.name}: mulByBase = B·P`);
    }
    assert.equal(bls12381Groups(backend).G1.endo, s1, "cached");
  });
}
