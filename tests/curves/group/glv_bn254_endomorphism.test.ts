import { FIELDS, TOWERS } from "../../../curves/registry.ts";
import { U as BN254_U } from "../../../curves/bn254/params.ts";
/**
 * BN254's endomorphisms (curves/endomorphism.ts) against their definitions, on both backends:
 * G1 φ: β³ = 1 ≠ β, λ = 36u⁴ − 1 with λ² + λ + 1 ≡ 0 (mod r), φ(P) = λ·P on the generator, random
 * points and O, φ³ = 1; G2 ψ (D-twist): c_x = ξ^((p−1)/3), c_y = ξ^((p−1)/2) against the tower's
 * Frobenius table, ψ(Q) = 6u²·Q on G2 (p ≡ 6u² mod r), ψ² − t·ψ + p = 0 with t = 6u² + 1 on points
 * of E'(Fp2) outside G2; and the scratch `endoScratchFor` builds (λ, mulByBase = λ·P, cached).
 */
import assert from "node:assert/strict";
import { frobeniusTable } from "../../../field/tower/frobenius.ts";
import { Psi } from "../../../curves/group/endomorphism.ts";
import { G1_LAMBDA as BN254_G1_LAMBDA, g1Phi as bn254Phi } from "../../../curves/bn254/endomorphism.ts";
import type { Fp2Value } from "../../../curves/group/coord_field.ts";
import type { Group } from "../../../curves/group/group.ts";
import type { Projective } from "../../../curves/group/projective.ts";
import { mulVartime } from "../../../curves/group/scalar_mul.ts";
import { LatticeDigits } from "../../../scalar/lattice.ts";
import { BACKENDS, bn254Groups, rng } from "../helpers.ts";

const p = FIELDS["bn254-fp"].p, r = FIELDS["bn254-fr"].p, u = BN254_U;
const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;

// deno-lint-ignore no-explicit-any
const same = (G: Group<any>, a: number, b: number) => G.law.eq(a, b) === 1;

for (const backend of BACKENDS) {
  Deno.test(`glv bn254 endomorphism: G1 φ (${backend})`, () => {
    const G = bn254Groups(backend).G1, law = G.law;
    const phi = bn254Phi(G);
    const b = phi.beta;
    assert.notEqual(b, 1n);
    assert.equal((b * b % p) * b % p, 1n, "β³ = 1");
    const lambda = phi.eigen;
    assert.equal(lambda, BN254_G1_LAMBDA);
    assert.ok(lambda < r);
    assert.equal((lambda * lambda + lambda + 1n) % r, 0n, "λ² + λ + 1 ≡ 0 (mod r)");
    assert.equal(lambda, mod(-(36n * u ** 3n + 18n * u * u + 6n * u + 2n), r), "λ ≡ −(36u³ + 18u² + 6u + 2)");
    const t = law.alloc(3), want = t + 3, tmp = t + 6;
    const rand = rng(7);
    for (const P of [G.BASE, G.BASE.multiplyUnsafe(rand() % r), G.BASE.multiplyUnsafe(rand() % r), G.ZERO]) {
      phi.apply(t, P.group.slotOf(P));
      mulVartime(law, want, P.group.slotOf(P), lambda, tmp);
      assert.ok(same(G, t, want), "φ(P) = λ·P");
      assert.equal(law.isOnCurve(t), 1);
      phi.apply(t, t);
      phi.apply(t, t);
      assert.ok(same(G, t, P.group.slotOf(P)), "φ³ = 1");
    }
  });

  Deno.test(`glv bn254 endomorphism: G2 ψ (${backend})`, () => {
    const G = bn254Groups(backend).G2, law = G.law as Projective<Fp2Value>, F = law.F;
    const psi = new Psi(law, TOWERS["bn254"], r);
    assert.equal(psi.eigen, 6n * u * u, "p ≡ 6u² (mod r)");
    // D-twist: c_x = ξ^((p−1)/3) = γ_{1,2}, c_y = ξ^((p−1)/2) = γ_{1,3}
    const g = frobeniusTable(p, TOWERS["bn254"].xi).gamma[0];
    assert.deepEqual([psi.cx.c0, psi.cx.c1], g[2]);
    assert.deepEqual([psi.cy.c0, psi.cy.c1], g[3]);
    const t = law.alloc(4), want = t + 6, tmp = t + 12, P = t + 18;
    const rand = rng(8);
    for (const Q of [G.BASE, G.BASE.multiplyUnsafe(rand() % r), G.ZERO]) {
      psi.apply(t, Q.group.slotOf(Q));
      mulVartime(law, want, Q.group.slotOf(Q), 6n * u * u, tmp);
      assert.ok(same(G, t, want), "ψ(Q) = 6u²·Q on G2");
      assert.equal(law.isOnCurve(t), 1);
    }
    // Points of E'(Fp2) outside G2: ψ² − tψ + p = 0 with t = p + 1 − #E(Fp) = 6u² + 1 (r = p + 1 − t)
    const trace = p + 1n - r;
    assert.equal(trace, 6n * u * u + 1n);
    let found = 0;
    for (let c = 1n; found < 2; c++) {
      const X = P, Y = P + 2;
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
      psi.apply(t, P); //                      ψ(P)
      mulVartime(law, want, t, trace, tmp); // t·ψ(P)
      law.neg(want, want);
      psi.apply(t, t); //                      ψ²(P)
      law.add(t, t, want);
      mulVartime(law, want, P, p, tmp);
      law.add(t, t, want);
      assert.equal(law.isZero(t), 1, "ψ² − tψ + p = 0 on E'(Fp2)");
    }
  });

  Deno.test(`glv bn254 endomorphism: split constants (${backend})`, () => {
    const { G1, G2 } = bn254Groups(backend);
    const s1 = G1.endo!, s2 = G2.endo!;
    assert.ok(s1.split.digits instanceof LatticeDigits && s2.split.digits instanceof LatticeDigits);
    assert.equal(s1.split.digits.base, BN254_G1_LAMBDA);
    assert.equal(s2.split.digits.base, 6n * u * u);
    assert.equal(s1.split.digits.count, 2);
    assert.equal(s2.split.digits.count, 4);
    assert.equal(s1.tables.length, 2);
    assert.equal(s2.tables.length, 4);
    for (const [G, s] of [[G1, s1], [G2, s2]] as const) {
      // deno-lint-ignore no-explicit-any
      const g = G as Group<any>, law = g.law, t = law.alloc(3);
      const P = g.BASE.multiplyUnsafe(987654321n);
      s.split.mulByBase(t, P.group.slotOf(P));
      mulVartime(law, t + 3 * law.n, P.group.slotOf(P), s.split.digits.base, t + 6 * law.n);
      assert.ok(same(g, t, t + 3 * law.n), `${g.name}: mulByBase = λ·P`);
    }
    assert.equal(bn254Groups(backend).G1.endo, s1, "cached");
    assert.equal(bn254Groups(backend).G2.endo, s2, "cached");
  });
}
