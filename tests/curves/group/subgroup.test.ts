/**
 * The endomorphism subgroup tests (curves/group/endomorphism.ts `subgroupTestFor`, behind
 * `isTorsionFreeVartime`) against the definition r·P = O, on both backends: on multiples of the
 * generator (inside), on random curve points (x random, y = √(x³ + b), no cofactor clearing: outside),
 * on their cofactor-torsion parts r·P (order | h, outside unless O), and on sums inside + outside.
 * BN254 G1 (cofactor 1): every curve point is in G1; BN254 G2's relation test (ePrint 2022/348) is checked
 * against its conditions and basis. Decoding: the ethereum/bls12-381-tests vectors
 * deserialization_fails_not_in_G1/G2 and EIP-2537 encodings of points outside fail NOT_IN_SUBGROUP.
 */
import {
  BN254_G2_SUBGROUP_RELATION,
  BN254_U,
  bn254G2Basis,
  FIELDS,
  type GroupImpl,
  mulVartime,
  type PointImpl,
} from "../../internal.ts";
import assert from "node:assert/strict";
import { BACKENDS, bls12_381Groups, bn254Groups, readJson, rng, throwsCode, unhex } from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;

/** r·P = O, the definition (a 255-bit chain). */
function byR(G: AnyGroup, P: PointImpl<unknown>): boolean {
  const law = G.law, t = law.alloc(2);
  mulVartime(law, t, P.group.slotOf(P), G.r, t + 3 * law.n);
  return law.isZero(t) === 1;
}

/** A curve point (x, √(x³ + b)) for random x, not cofactor-cleared. */
function randomCurvePoint(G: AnyGroup, rand: (bits?: number) => bigint, fp2: boolean): PointImpl<unknown> {
  const p = G.r === FIELDS["bn254-fr"].p ? FIELDS["bn254-fp"].p : FIELDS["bls12-381-fp"].p;
  const F = G.F, n = F.size;
  for (;;) {
    const x = fp2 ? { c0: rand(512) % p, c1: rand(512) % p } : rand(512) % p;
    const t = F.alloc(2);
    F.setVartime(t, x);
    F.sqr(t + n, t);
    F.mul(t + n, t + n, t);
    F.add(t + n, t + n, G.law.b);
    if (F.sqrt(t + n, t + n) !== 1) continue;
    const y = F.getVartime(t + n);
    return G.fromAffine({ x: F.getVartime(t), y }) as PointImpl<unknown>;
  }
}

function check(G: AnyGroup, fp2: boolean, seed: number, inside: number, outside: number): void {
  const test = G.subgroupTest;
  assert.notEqual(test, null, `${G.name} has an endomorphism test`);
  const rand = rng(seed);
  const cases: [PointImpl<unknown>, boolean][] = [[G.ZERO, true], [G.BASE, true]];
  for (let i = 0; i < inside; i++) cases.push([G.BASE.multiplyUnsafe(rand() % G.r), true]);
  for (let i = 0; i < outside; i++) {
    const P = randomCurvePoint(G, rand, fp2);
    const t = G.law.alloc(1), law = G.law; // r·P: order | h (its cofactor-torsion part)
    mulVartime(law, t, P.group.slotOf(P), G.r, law.alloc(1));
    const T = G.save(t);
    cases.push([P, false], [T, T.isZero()], [P.add(G.BASE.multiplyUnsafe(rand() % G.r)), false]);
  }
  let out = 0;
  for (const [P, expect] of cases) {
    const want = byR(G, P);
    assert.equal(want, expect, `${G.name}: r·P = O as expected`);
    assert.equal(test!(P.group.slotOf(P)), want, `${G.name}: endomorphism test agrees with r·P = O`);
    assert.equal(P.isTorsionFreeVartime(), want);
    if (!want) out++;
  }
  assert.ok(out >= 2 * outside, `${G.name}: points outside the subgroup were tested`);
}

for (const backend of BACKENDS) {
  Deno.test(`subgroup: BLS12-381 G1, G2 (${backend})`, () => {
    const { G1, G2 } = bls12_381Groups(backend);
    check(G1 as AnyGroup, false, 11, 6, 8);
    check(G2 as AnyGroup, true, 12, 4, 6);
  });

  Deno.test(`subgroup: BN254 G1 (cofactor 1), G2 (${backend})`, () => {
    const { G1, G2 } = bn254Groups(backend);
    assert.equal(G1.h, 1n);
    const test = (G1 as AnyGroup).subgroupTest!;
    const rand = rng(13);
    for (let i = 0; i < 4; i++) {
      const P = randomCurvePoint(G1 as AnyGroup, rand, false);
      assert.ok(byR(G1 as AnyGroup, P), "every BN254 curve point is in G1");
      assert.ok(test(P.group.slotOf(P)) && P.isTorsionFreeVartime());
    }
    check(G2 as AnyGroup, true, 14, 4, 6);
  });
}

/**
 * A point of order q (a prime dividing G's cofactor h, q^e its full power there): T = [r·h/q^e]·P for
 * random curve points P until T ≠ O (the q-part of E may not be cyclic, so [r·h/q]·P can be O for
 * every P), then T ← q·T while that is not O.
 */
function pointOfOrder(
  G: AnyGroup,
  q: bigint,
  rand: (bits?: number) => bigint,
  fp2: boolean,
): PointImpl<unknown> {
  let qe = q;
  while (G.h % (qe * q) === 0n) qe *= q;
  const law = G.law, t = law.alloc(2);
  for (;;) {
    const P = randomCurvePoint(G, rand, fp2);
    mulVartime(law, t, P.group.slotOf(P), (G.r * G.h) / qe, t + 3 * law.n);
    if (law.isZero(t) === 1) continue;
    let T = G.save(t);
    for (let U = T.multiplyUnsafe(q); !U.isZero(); U = U.multiplyUnsafe(q)) T = U as PointImpl<unknown>;
    return T;
  }
}

// Why FastAggregateVerify checks each key (bench/cases/bls_sig.ts, bls-fav-64): a batched check that
// tests one random combination Σ cᵢ·Pᵢ misses a key with a component of prime order q whenever
// q | cᵢ, with probability 1/q, and BLS12-381's cofactors have small primes (G1: 3, 11, 10177, …;
// G2: 13, 23, 2713, …). Here a key P = B + T with T of order q fails the test and q·P passes it.
Deno.test("subgroup: a random combination is no sound batched check (small cofactor primes of BLS12-381)", () => {
  const { G1, G2 } = bls12_381Groups("wasm");
  const rand = rng(16);
  for (const [G, fp2, primes] of [[G1, false, [3n, 11n]], [G2, true, [13n, 23n]]] as const) {
    const g = G as AnyGroup;
    for (const q of primes) {
      assert.equal(g.h % q, 0n, `${g.name}: ${q} divides the cofactor`);
      const T = pointOfOrder(g, q, rand, fp2);
      assert.ok(T.multiplyUnsafe(q).isZero(), `${g.name}: T has order ${q}`);
      const P = g.BASE.add(T) as PointImpl<unknown>;
      assert.equal(P.isTorsionFreeVartime(), false, `${g.name}: B + T is outside the subgroup`);
      assert.equal(P.multiplyUnsafe(q).isTorsionFreeVartime(), true, `${g.name}: ${q}·(B + T) is inside`);
    }
  }
});

Deno.test("subgroup: BN254 G2's relation is the first row of its GLS basis, under ePrint 2022/348's conditions", () => {
  // Dai–Lin–Zhao–Zhou's test holds for BN curves with u ≢ 4 (mod 13) and u ≢ 92 (mod 97).
  assert.notEqual(BN254_U % 13n, 4n);
  assert.notEqual(BN254_U % 97n, 92n);
  const row = BN254_G2_SUBGROUP_RELATION.map(([a, b]) => a + b * BN254_U);
  assert.deepEqual(row, bn254G2Basis()[0]);
  // In the lattice of ψ's eigenvalue p ≡ 6u² (mod r): Σ rowᵢ·(6u²)ⁱ ≡ 0.
  const r = FIELDS["bn254-fr"].p, lambda = 6n * BN254_U ** 2n;
  assert.equal(row.reduce((s, v, i) => s + v * lambda ** BigInt(i), 0n) % r, 0n);
});

for (const backend of BACKENDS) {
  Deno.test(`subgroup: decoding rejects points outside with NOT_IN_SUBGROUP (${backend})`, () => {
    const groups = bls12_381Groups(backend);
    const rand = rng(15);
    for (const [which, fp2] of [["G1", false], ["G2", true]] as const) {
      const G = groups[which] as AnyGroup;
      const v = readJson<{ input: { pubkey?: string; signature?: string }; output: boolean }>(
        `bls12381_eth_bls_sig/deserialization_${which}/deserialization_fails_not_in_${which}.json`,
      );
      assert.equal(v.output, false);
      const bytes = unhex(v.input.pubkey ?? v.input.signature!);
      assert.ok(!G.fromBytesUnchecked(bytes).isTorsionFreeVartime());
      throwsCode(() => G.fromBytes(bytes), "NOT_IN_SUBGROUP", `${which} vector`);
      const P = randomCurvePoint(G, rand, fp2);
      throwsCode(() => G.fromBytes(P.toBytes()), "NOT_IN_SUBGROUP", `${which} random`);
      const E = G.codec("eip2537");
      throwsCode(() => E.decode(E.encode(P)), "NOT_IN_SUBGROUP", `${which} EIP-2537`);
      assert.ok(E.decodeUnchecked(E.encode(P)).equals(P), `${which} EIP-2537 unchecked: no subgroup check`);
      const Q = G.BASE.multiplyUnsafe(rand() % G.r);
      assert.ok(G.fromBytes(Q.toBytes()).equals(Q));
      assert.ok(E.decode(E.encode(Q)).equals(Q));
    }
    const { G2 } = bn254Groups(backend);
    const P = randomCurvePoint(G2 as AnyGroup, rand, true);
    throwsCode(() => G2.fromBytes(P.toBytes() as Uint8Array), "NOT_IN_SUBGROUP", "BN254 G2 random");
  });
}

/**
 * The known-points record (GroupImpl `markInSubgroup`): the test runs once per point, and points built
 * from known ones by group operations, cofactor clearing or hashing are known without one. Every
 * point recorded here is checked against the test itself, every point outside stays outside, and a
 * counting stand-in for the test shows which calls run it.
 */
function checkKnown(G: AnyGroup, fp2: boolean, seed: number): void {
  const rand = rng(seed), k = () => rand() % (G.r - 1n) + 1n;
  let runs = 0;
  const real = G.subgroupTest!;
  Object.defineProperty(G, "subgroupTest", { value: (s: number) => (runs++, real(s)), configurable: true });
  try {
    const A = G.BASE.multiply(k()), B = G.BASE.multiplyUnsafe(k()), outside = randomCurvePoint(G, rand, fp2);
    const inside: PointImpl<unknown>[] = [
      G.ZERO,
      G.BASE,
      A,
      B,
      G.BASE.multiplyUnsafe(5n), // the short double-and-add
      A.add(B),
      A.subtract(B),
      A.double(),
      A.negate(),
      G.sumVartime([A, B, G.BASE]),
      G.sumVartime(Array.from({ length: 40 }, (_, i) => (i % 2 ? A : B))), // the batch-affine tree
      G.msmVartime([A, B], [k(), k()]),
      G.msm([A, B], [k(), k()]),
      G.clearCofactor(outside),
      outside.clearCofactor(),
    ];
    if ("hashToCurve" in G) {
      // deno-lint-ignore no-explicit-any
      const H = G as any;
      inside.push(H.hashToCurve(new Uint8Array([1, 2, 3])), H.encodeToCurve(new Uint8Array([4])));
    }
    for (const [i, P] of inside.entries()) {
      assert.ok(G.knownInSubgroup(P), `${G.name}: point ${i} known`);
      assert.ok(real(G.slotOf(P)), `${G.name}: point ${i} is in the subgroup`);
      assert.ok(P.isTorsionFreeVartime());
    }
    assert.equal(runs, 0, `${G.name}: no test for known points`);

    // Outside: a failure is never recorded, and nothing built from an unknown point is known.
    const derived = [
      outside,
      outside.add(A),
      A.add(outside),
      outside.double(),
      outside.negate(),
      outside.multiply(k()),
      outside.multiplyUnsafe(k()),
      G.sumVartime([A, outside]),
      G.msmVartime([A, outside], [k(), k()]),
    ];
    for (const [i, P] of derived.entries()) {
      assert.ok(!G.knownInSubgroup(P), `${G.name}: derived point ${i} unknown`);
      assert.equal(P.isTorsionFreeVartime(), false, `${G.name}: derived point ${i} outside`);
    }
    runs = 0;
    assert.equal(outside.isTorsionFreeVartime(), false);
    assert.equal(runs, 1, `${G.name}: a point that failed is tested again`);

    // A point decoded without the check is unknown until tested once.
    const C = G.fromAffine(A.toAffine()) as PointImpl<unknown>;
    assert.ok(!G.knownInSubgroup(C));
    runs = 0;
    assert.ok(C.isTorsionFreeVartime() && C.isTorsionFreeVartime() && G.knownInSubgroup(C));
    assert.equal(runs, 1, `${G.name}: tested once`);
  } finally {
    delete (G as { subgroupTest?: unknown }).subgroupTest;
  }
}

for (const backend of BACKENDS) {
  Deno.test(`subgroup: known points are tested once, points built from them not at all (${backend})`, () => {
    const { G1, G2 } = bls12_381Groups(backend);
    checkKnown(G1 as AnyGroup, false, 21);
    checkKnown(G2 as AnyGroup, true, 22);
    checkKnown(bn254Groups(backend).G2 as AnyGroup, true, 23);
  });
}
