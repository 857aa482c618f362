import {
  BLS12_381_X,
  type CoordField,
  FIELDS,
  type Fp2Value,
  H_EFF_G1,
  ISO_G1,
  ISO_G2,
  Isogeny,
  type IsogenyCoefficients,
  mulVartime,
  SWU_G1,
  swuG2,
} from "../../internal.ts";
/**
 * The constants of the BLS12-381 hash-to-curve suites, checked against their definitions, and the
 * EIP-2537 MAP_FP_TO_G1 / MAP_FP2_TO_G2 vectors (go-ethereum blsMapG1.json / blsMapG2.json: map_to_curve
 * of a field element, then clear_cofactor):
 * - the isogeny coefficients (RFC 9380 Appendix E.2, E.3): random points of E' map onto E (a wrong
 *   coefficient would almost never give a point on E), and the projective form agrees for any D;
 * - Z (§8.8.1/§8.8.2, as in the RFC's vector files): a non-square with g(B'/(Z·A')) a square (§6.6.2);
 * - h_eff: G1 1 − x; G2's ψ-based clear_cofactor equals multiplication by 3(x² − 1)·h2 (the RFC's h_eff),
 *   and lands in the subgroup.
 */
import assert from "node:assert/strict";
import { BACKENDS, bls12_381Groups, hex, readJson, rng, unhex } from "../helpers.ts";
import type { HashingGroup } from "../../internal.ts";

const p = FIELDS["bls12-381-fp"].p, x = BLS12_381_X;

/** out ← g(a) = a³ + A·a + B on slots. */
function gx<V>(F: CoordField<V>, out: number, a: number, A: number, B: number, t: number): void {
  F.sqr(t, a);
  F.add(t, t, A);
  F.mul(t, t, a);
  F.add(out, t, B);
}

function checkIsogeny<V>(
  G: HashingGroup<V>,
  iso: IsogenyCoefficients<V>,
  swu: { A: V; B: V; Z: V },
  rand: () => V,
) {
  const F = G.F, n = F.size, law = G.law, I = new Isogeny(law, iso);
  const s = F.alloc(8),
    A = s,
    B = s + n,
    xs = s + 2 * n,
    ys = s + 3 * n,
    D = s + 4 * n,
    N = s + 5 * n,
    t = s + 6 * n;
  const P = law.alloc(2), Q = P + 3 * n;
  F.setVartime(A, swu.A);
  F.setVartime(B, swu.B);
  let found = 0;
  for (let i = 0; found < 8 && i < 100; i++) {
    F.setVartime(xs, rand());
    gx(F, t, xs, A, B, t + n);
    if (F.sqrt(ys, t) !== 1) continue;
    found++;
    F.setOne(D);
    I.apply(P, xs, D, ys);
    assert.equal(law.isOnCurve(P), 1, `${G.name}: isogeny image on E`);
    assert.equal(law.isZero(P), 0);
    F.setVartime(D, rand()); // x' = (x'·D)/D
    F.mul(N, xs, D);
    I.apply(Q, N, D, ys);
    assert.equal(law.eq(P, Q), 1, `${G.name}: homogenised evaluation`);
    F.neg(ys, ys); // (x', −y') ↦ −image
    F.setOne(D);
    I.apply(Q, xs, D, ys);
    law.neg(Q, Q);
    assert.equal(law.eq(P, Q), 1, `${G.name}: odd in y`);
  }
  assert.equal(found, 8);
  // Z is a non-square and g(B/(Z·A)) is a square (RFC 9380 §6.6.2's conditions on Z).
  F.setVartime(t, swu.Z);
  assert.equal(F.sqrt(ys, t), 0, `${G.name}: Z non-square`);
  F.mul(t, t, A);
  F.invVartime(t, t);
  F.mul(xs, t, B);
  gx(F, t, xs, A, B, t + n);
  assert.equal(F.sqrt(ys, t), 1, `${G.name}: g(B/(ZA)) square`);
}

for (const backend of BACKENDS) {
  Deno.test(`hash-to-curve constants: isogenies, Z (${backend})`, () => {
    const { G1, G2 } = bls12_381Groups(backend), r = rng(11);
    checkIsogeny(G1, ISO_G1, SWU_G1, () => r(448) % p);
    checkIsogeny(G2, ISO_G2, swuG2(p), () => ({ c0: r(448) % p, c1: r(448) % p }));
    // The vector files name Z.
    // Negative control: one altered coefficient and the images leave E.
    const bad = { ...ISO_G1, yNum: ISO_G1.yNum.map((k, i) => i === 7 ? (k + 1n) % p : k) };
    assert.throws(() => checkIsogeny(G1, bad, SWU_G1, () => r(448) % p), /isogeny image on E/);
    const f1 = readJson<{ Z: string }>("bls12381_hash_to_curve/BLS12381G1_XMD-SHA-256_SSWU_RO_.json");
    const f2 = readJson<{ Z: string }>("bls12381_hash_to_curve/BLS12381G2_XMD-SHA-256_SSWU_RO_.json");
    assert.equal(BigInt(f1.Z), SWU_G1.Z);
    assert.deepEqual(f2.Z.split(",").map(BigInt), [swuG2(p).Z.c0, swuG2(p).Z.c1]);
  });

  Deno.test(`hash-to-curve clear_cofactor (${backend})`, () => {
    const { G1, G2 } = bls12_381Groups(backend), r = rng(12);
    assert.equal(H_EFF_G1, 0xd201000000010001n); // RFC 9380 §8.8.1
    const h2 = G2.h, hEff2 = 3n * (x * x - 1n) * h2; // Budroni–Pintore; RFC 9380 §8.8.2's h_eff:
    assert.equal(
      hEff2,
      0xbc69f08f2ee75b3584c6a0ea91b352888e2a8e9145ad7689986ff031508ffe1329c2f178731db956d82bf015d1212b02ec0ec69d7477c1ae954cbc06689f6a359894c0adebbf6b4e8020005aaa95551n,
    );
    for (let i = 0; i < 3; i++) {
      const Q1 = G1.suite.mapToCurve(r(448) % p), C1 = G1.clearCofactor(Q1);
      assert.equal(Q1.isTorsionFreeVartime(), false); // the isogeny's image is not in G1 in general
      assert.ok(C1.isTorsionFreeVartime());
      const Q2 = G2.suite.mapToCurve({ c0: r(448) % p, c1: r(448) % p }), C2 = G2.clearCofactor(Q2);
      assert.ok(C2.isTorsionFreeVartime() && !C2.isZero());
      const want = G2.law.alloc(1), tmp = G2.law.alloc(1);
      mulVartime(G2.law, want, Q2.group.slotOf(Q2), hEff2, tmp);
      assert.ok(C2.equals(G2.save(want)), "ψ method = h_eff·P");
      const want1 = G1.law.alloc(1), tmp1 = G1.law.alloc(1);
      mulVartime(G1.law, want1, Q1.group.slotOf(Q1), H_EFF_G1, tmp1);
      assert.ok(C1.equals(G1.save(want1)));
    }
    assert.ok(G2.clearCofactor(G2.ZERO).isZero());
  });
}

interface MapVector {
  Input: string;
  Expected: string;
  Name: string;
}
for (const backend of BACKENDS) {
  Deno.test(`EIP-2537 blsMapG1 / blsMapG2 (${backend})`, () => {
    const { G1, G2 } = bls12_381Groups(backend);
    const E1 = G1.codec("eip2537"), E2 = G2.codec("eip2537");
    const big = (b: Uint8Array) => BigInt("0x" + hex(b));
    const v1 = readJson<MapVector[]>("bls12381_eip2537/blsMapG1.json");
    const v2 = readJson<MapVector[]>("bls12381_eip2537/blsMapG2.json");
    assert.equal(v1.length, 105);
    assert.equal(v2.length, 105);
    for (const v of v1) {
      const u = big(unhex(v.Input));
      assert.ok(u < p);
      assert.equal(hex(E1.encode(G1.mapToCurve(u))), v.Expected, v.Name);
    }
    for (const v of v2) {
      const b = unhex(v.Input), u: Fp2Value = { c0: big(b.subarray(0, 64)), c1: big(b.subarray(64)) };
      assert.equal(hex(E2.encode(G2.mapToCurve(u))), v.Expected, v.Name);
    }
  });
}
