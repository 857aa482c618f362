import {
  type Backend,
  BaseDigits,
  BLS12_381_X,
  bls12_381Phi,
  BN254_G1_LAMBDA,
  BN254_U,
  bn254Phi,
  FIELDS,
  fp2MulBig,
  type Fp2Value,
  type FrobeniusTable,
  frobeniusTable,
  type GroupImpl,
  LatticeDigits,
  mulVartime,
  type Phi,
  type Projective,
  Psi,
  type TowerParams,
  TOWERS,
} from "../../internal.ts";
/**
 * The endomorphisms of curves/group/endomorphism.ts (built from each curve's EndomorphismSpec)
 * against their definitions, for every curve of CURVES on both backends:
 * - G1 φ: β³ = 1 ≠ β, λ² + λ + 1 ≡ 0 (mod r) and the curve's formula for λ (BLS12-381: λ = −x², the
 *   other root x² − 1; BN254: λ = 36u⁴ − 1 ≡ −(36u³ + 18u² + 6u + 2)), φ(P) = λ·P and φ³ = 1 on the
 *   generator, random points and O;
 * - G2 ψ: the constants c_x, c_y against the Frobenius table of the tower (M-twist BLS12-381:
 *   c_x = ξ^(−(p−1)/3), c_y = ξ^(−(p−1)/2); D-twist BN254: c_x = ξ^((p−1)/3), c_y = ξ^((p−1)/2)),
 *   ψ(Q) = e·Q on G2 with e ≡ p (mod r) (BLS12-381: x, BN254: 6u²), and ψ² − t·ψ + p = 0 on points of
 *   E'(Fp2) outside G2, with the trace t = p + 1 − #E(Fp) (x + 1, resp. 6u² + 1);
 * - the split constants of the scratch each group builds (digits kind, base B, count, one table per
 *   digit, mulByBase = B·P, cached).
 */
import assert from "node:assert/strict";
import { BACKENDS, bls12_381Groups, bn254Groups, rng } from "../helpers.ts";

const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;

/** What one curve's endomorphisms must satisfy; the checks below are the same for every curve. */
interface Curve {
  name: string;
  groups: (backend: Backend) => { G1: GroupImpl<bigint>; G2: GroupImpl<Fp2Value> };
  p: bigint;
  r: bigint;
  tower: TowerParams;
  phi: (G: GroupImpl<bigint>) => Phi;
  /** The curve's own identities for φ's eigenvalue λ (beyond λ² + λ + 1 ≡ 0). */
  lambda: (lambda: bigint) => void;
  /** ψ's eigenvalue on G2: p mod r. */
  psiEigen: bigint;
  /** "M": c_x·γ_{1,2} = 1 = c_y·γ_{1,3}; "D": c_x = γ_{1,2}, c_y = γ_{1,3}. */
  twist: "M" | "D";
  /** The trace of Frobenius of E(Fp), and the cofactor h of G1: p + 1 − t = h·r. */
  trace: bigint;
  h1: bigint;
  /** The scalar split of each group: digit kind, base B (where the map acts as ±B or λ), digit count. */
  split: Record<"G1" | "G2", { kind: typeof BaseDigits | typeof LatticeDigits; base: bigint; count: number }>;
  /** rng seeds of the G1 and G2 tests. */
  seeds: [number, number];
}

const x = BLS12_381_X, u = BN254_U;
const CURVES: Curve[] = [
  {
    name: "BLS12-381",
    groups: bls12_381Groups,
    p: FIELDS["bls12-381-fp"].p,
    r: FIELDS["bls12-381-fr"].p,
    tower: TOWERS["bls12-381"],
    phi: bls12_381Phi,
    lambda: (lambda) => {
      const r = FIELDS["bls12-381-fr"].p;
      assert.equal(lambda, mod(-(x * x), r));
      assert.equal(mod(x * x - 1n, r), mod(-lambda - 1n, r), "the other root is x² − 1");
    },
    psiEigen: mod(x, FIELDS["bls12-381-fr"].p),
    twist: "M",
    trace: x + 1n,
    h1: (x - 1n) ** 2n / 3n,
    split: {
      G1: { kind: BaseDigits, base: x * x, count: 2 },
      G2: { kind: BaseDigits, base: -x, count: 4 },
    },
    seeds: [5, 6],
  },
  {
    name: "BN254",
    groups: bn254Groups,
    p: FIELDS["bn254-fp"].p,
    r: FIELDS["bn254-fr"].p,
    tower: TOWERS["bn254"],
    phi: bn254Phi,
    lambda: (lambda) => {
      const r = FIELDS["bn254-fr"].p;
      assert.equal(lambda, BN254_G1_LAMBDA);
      assert.ok(lambda < r);
      assert.equal(
        lambda,
        mod(-(36n * u ** 3n + 18n * u * u + 6n * u + 2n), r),
        "λ ≡ −(36u³ + 18u² + 6u + 2)",
      );
    },
    psiEigen: 6n * u * u,
    twist: "D",
    trace: 6n * u * u + 1n,
    h1: 1n,
    split: {
      G1: { kind: LatticeDigits, base: BN254_G1_LAMBDA, count: 2 },
      G2: { kind: LatticeDigits, base: 6n * u * u, count: 4 },
    },
    seeds: [7, 8],
  },
];

/** true if slots a, b hold the same point. */
// deno-lint-ignore no-explicit-any
const same = (G: GroupImpl<any>, a: number, b: number) => G.law.eq(a, b) === 1;

/** The twist's ψ constants against the Frobenius table γ_{1,j} = ξ^(j·(p−1)/6). */
function checkPsiConstants(c: Curve, psi: Psi, table: FrobeniusTable): void {
  const g = table.gamma[0];
  if (c.twist === "M") { // c_x = ξ^(−(p−1)/3), c_y = ξ^(−(p−1)/2): c_x·γ_{1,2} = 1 = c_y·γ_{1,3}
    assert.deepEqual(fp2MulBig(c.p, psi.cx, g[2]), { c0: 1n, c1: 0n });
    assert.deepEqual(fp2MulBig(c.p, psi.cy, g[3]), { c0: 1n, c1: 0n });
  } else { // c_x = ξ^((p−1)/3) = γ_{1,2}, c_y = ξ^((p−1)/2) = γ_{1,3}
    assert.deepEqual(psi.cx, g[2]);
    assert.deepEqual(psi.cy, g[3]);
  }
}

for (const c of CURVES) {
  const { p, r } = c;
  for (const backend of BACKENDS) {
    Deno.test(`glv endomorphism: ${c.name} G1 φ (${backend})`, () => {
      const G = c.groups(backend).G1, law = G.law;
      const phi = c.phi(G);
      const b = phi.beta;
      assert.notEqual(b, 1n);
      assert.equal((b * b % p) * b % p, 1n, "β³ = 1");
      const lambda = phi.eigen;
      c.lambda(lambda);
      assert.equal((lambda * lambda + lambda + 1n) % r, 0n, "λ² + λ + 1 ≡ 0 (mod r)");
      const t = law.alloc(3), want = t + 3, tmp = t + 6;
      const rand = rng(c.seeds[0]);
      for (
        const P of [G.BASE, G.BASE.multiplyUnsafe(rand() % r), G.BASE.multiplyUnsafe(rand() % r), G.ZERO]
      ) {
        phi.apply(t, P.group.slotOf(P));
        mulVartime(law, want, P.group.slotOf(P), lambda, tmp);
        assert.ok(same(G, t, want), "φ(P) = λ·P");
        assert.equal(law.isOnCurve(t), 1);
        phi.apply(t, t); // in place
        phi.apply(t, t);
        assert.ok(same(G, t, P.group.slotOf(P)), "φ³ = 1");
      }
    });

    Deno.test(`glv endomorphism: ${c.name} G2 ψ (${backend})`, () => {
      const G = c.groups(backend).G2, law = G.law as Projective<Fp2Value>, F = law.F;
      const psi = new Psi(law, c.tower, r);
      assert.equal(psi.eigen, c.psiEigen, "ψ's eigenvalue");
      assert.equal(p % r, c.psiEigen, "≡ p (mod r)");
      checkPsiConstants(c, psi, frobeniusTable(p, c.tower.xi));
      const t = law.alloc(4), want = t + 6, tmp = t + 12, P = t + 18;
      const rand = rng(c.seeds[1]);
      for (const Q of [G.BASE, G.BASE.multiplyUnsafe(rand() % r), G.ZERO]) {
        psi.apply(t, Q.group.slotOf(Q));
        mulVartime(law, want, Q.group.slotOf(Q), c.psiEigen, tmp);
        assert.ok(same(G, t, want), "ψ(Q) = e·Q on G2");
        assert.equal(law.isOnCurve(t), 1);
      }
      // Points of E'(Fp2) outside G2: (X, √(X³ + b')) for small X; ψ² − tψ + p = 0.
      assert.equal(p + 1n - c.trace, c.h1 * r, "t = p + 1 − #E(Fp)");
      let found = 0;
      for (let k = 1n; found < 2; k++) {
        const X = P, Y = P + 2;
        F.setVartime(X, { c0: k, c1: 1n });
        F.sqr(Y, X);
        F.mul(Y, Y, X);
        F.add(Y, Y, law.b);
        if (F.sqrt(Y, Y) !== 1) continue;
        F.setOne(P + 4);
        assert.equal(law.isOnCurve(P), 1);
        mulVartime(law, t, P, r, tmp);
        if (law.isZero(t) === 1) continue; // in G2 by chance: not informative
        found++;
        psi.apply(t, P); //                                                 ψ(P)
        mulVartime(law, want, t, c.trace < 0n ? -c.trace : c.trace, tmp); // |t|·ψ(P)
        if (c.trace > 0n) law.neg(want, want); //                            −t·ψ(P)
        psi.apply(t, t); //                                                 ψ²(P)
        law.add(t, t, want);
        mulVartime(law, want, P, p, tmp);
        law.add(t, t, want);
        assert.equal(law.isZero(t), 1, "ψ² − tψ + p = 0 on E'(Fp2)");
      }
    });

    Deno.test(`glv endomorphism: ${c.name} split constants (${backend})`, () => {
      const { G1, G2 } = c.groups(backend);
      const s1 = G1.endo!, s2 = G2.endo!;
      for (const [G, s] of [[G1, s1], [G2, s2]] as const) {
        const want = c.split[G === G1 ? "G1" : "G2"];
        assert.ok(s.split.digits instanceof want.kind, `${G.name}: ${want.kind.name}`);
        assert.equal(s.split.digits.base, want.base);
        assert.equal(s.split.digits.count, want.count);
        assert.equal(s.tables.length, want.count);
        // mulByBase = B·P
        // deno-lint-ignore no-explicit-any
        const g = G as GroupImpl<any>, law = g.law, t = law.alloc(3);
        const P = g.BASE.multiplyUnsafe(987654321n);
        s.split.mulByBase(t, P.group.slotOf(P));
        mulVartime(law, t + 3 * law.n, P.group.slotOf(P), s.split.digits.base, t + 6 * law.n);
        assert.ok(same(g, t, t + 3 * law.n), `${g.name}: mulByBase = B·P`);
      }
      assert.equal(c.groups(backend).G1.endo, s1, "cached");
      assert.equal(c.groups(backend).G2.endo, s2, "cached");
    });
  }
}
