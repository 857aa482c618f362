/**
 * The noble-compatible surface of the groups (curves/group/point_constructor.ts, the noble members of
 * PointImpl, the hashers of curves/hash_to_curve/suite.ts) against @noble/curves 2.4 itself: every
 * ported function of both libraries is called on the same random and edge-case inputs, and the
 * results must agree (points by `toAffine()`, bytes byte for byte, bigints and booleans exactly) or
 * both must throw. The differences kept on purpose (README, "Coming from @noble/curves") are
 * asserted as such, so that a change on either side shows here.
 */
import assert from "node:assert/strict";
import { bls12_381 as nbls } from "@noble/curves/bls12-381.js";
import { bn254 as nbn } from "@noble/curves/bn254.js";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { bn254 } from "../../curves/bn254/mod.ts";
import { IsochronError } from "../internal.ts";
import { type Any, same } from "./outcome.ts";

const rand = (() => {
  let s = 0x9e3779b97f4a7c15n;
  return (bits = 256) => {
    let x = 0n;
    for (let i = 0; i < bits; i += 64) {
      s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
      x = (x << 64n) | s;
    }
    return x & ((1n << BigInt(bits)) - 1n);
  };
})();

const GROUPS = [
  ["bls12-381 G1", bls12_381.G1, nbls.G1],
  ["bls12-381 G2", bls12_381.G2, nbls.G2],
  ["bn254 G1", bn254.G1, nbn.G1],
  ["bn254 G2", bn254.G2, nbn.G2],
] as const;

for (const [name, ours, theirs] of GROUPS) {
  const P = ours.Point as Any, N = theirs.Point as Any;
  const r: bigint = N.Fn.ORDER;

  Deno.test(`noble points ${name}: statics and CURVE()`, () => {
    assert.deepEqual(P.CURVE(), N.CURVE());
    assert.ok(P.BASE === ours.BASE && P.ZERO === ours.ZERO);
    assert.deepEqual(P.BASE.toAffine(), N.BASE.toAffine());
    assert.ok(P.BASE instanceof P && !(N.BASE instanceof P) && !({} instanceof P));
    const other = name.endsWith("G1") ? (name.startsWith("bls") ? bls12_381.G2 : bn254.G2) : undefined;
    if (other) assert.ok(!(other.BASE instanceof P), "a point of another group is not a Point of this one");
    assert.throws(() => P(1n, 2n, 3n), IsochronError, "without new");
  });

  Deno.test(`noble points ${name}: arithmetic, conversions and checks`, () => {
    const ks = [1n, 2n, 3n, r - 1n, r - 2n, rand() % r, rand() % r, rand(64)];
    const bad = [0n, r, r + 1n, -1n, 1n << 256n];
    for (const k of ks) {
      const a = P.BASE.multiply(k), b = N.BASE.multiply(k);
      same(`multiply ${k}`, () => a, () => b);
      const j = rand() % r || 1n;
      const c = P.BASE.multiply(j), d = N.BASE.multiply(j);
      same("add", () => a.add(c), () => b.add(d));
      same("subtract", () => a.subtract(c), () => b.subtract(d));
      same("subtract self", () => a.subtract(a), () => b.subtract(b));
      same("double", () => a.double(), () => b.double());
      same("negate", () => a.negate(), () => b.negate());
      same("equals", () => a.equals(c), () => b.equals(d));
      same("equals self", () => a.equals(a.add(P.ZERO)), () => b.equals(b.add(N.ZERO)));
      same("is0", () => a.is0(), () => b.is0());
      same("x", () => a.x, () => b.x);
      same("y", () => a.y, () => b.y);
      same("hasEvenY", () => a.hasEvenY(), () => b.hasEvenY());
      same("isTorsionFree", () => a.isTorsionFree(), () => b.isTorsionFree());
      same("assertValidity", () => a.assertValidity(), () => b.assertValidity());
      if (name !== "bn254 G2") { // noble cannot clear BN254 G2's cofactor (h > r): kept difference below
        same("isSmallOrder", () => a.isSmallOrder(), () => b.isSmallOrder());
        same("clearCofactor", () => a.clearCofactor(), () => b.clearCofactor());
      } else {
        assert.ok(a.clearCofactor().equals(a.multiplyUnsafe(N.CURVE().h % r)) && !a.isSmallOrder());
        assert.throws(() => b.clearCofactor());
      }
      same("multiplyUnsafe", () => a.multiplyUnsafe(j), () => b.multiplyUnsafe(j));
      same("mulAddUnsafe", () => a.mulAddUnsafe(k, c, j), () => b.mulAddUnsafe(k, d, j));
      same("precompute", () => a.precompute(4), () => b.precompute(4));
      same("fromAffine", () => P.fromAffine(a.toAffine()), () => N.fromAffine(b.toAffine()));
      same("new Point(X, Y, Z)", () => new P(a.X, a.Y, a.Z), () => new N(b.X, b.Y, b.Z));
      if (name.startsWith("bls")) {
        for (const compressed of [true, false, undefined]) {
          same(`toBytes(${compressed})`, () => a.toBytes(compressed), () => b.toBytes(compressed));
          same(`toHex(${compressed})`, () => a.toHex(compressed), () => b.toHex(compressed));
        }
        same("fromBytes", () => P.fromBytes(b.toBytes()), () => N.fromBytes(b.toBytes()));
        same("fromHex", () => P.fromHex(b.toHex(false)), () => N.fromHex(b.toHex(false)));
      }
    }
    for (const k of bad) {
      same(`multiply ${k}`, () => P.BASE.multiply(k), () => N.BASE.multiply(k));
      if (k !== 0n) {
        same(`multiplyUnsafe ${k}`, () => P.BASE.multiplyUnsafe(k), () => N.BASE.multiplyUnsafe(k));
      }
    }
    same("multiplyUnsafe 0", () => P.BASE.multiplyUnsafe(0n), () => N.BASE.multiplyUnsafe(0n));
    same("ZERO.toAffine", () => P.ZERO.toAffine(), () => N.ZERO.toAffine());
    same(
      "ZERO checks",
      () => [P.ZERO.is0(), P.ZERO.isTorsionFree()],
      () => [N.ZERO.is0(), N.ZERO.isTorsionFree()],
    );
    same("fromAffine(0, 0)", () => P.fromAffine(P.ZERO.toAffine()), () => N.fromAffine(N.ZERO.toAffine()));
    same("fromHex of garbage", () => P.fromHex("zz"), () => N.fromHex("zz"));
    same("fromAffine(null)", () => P.fromAffine(null), () => N.fromAffine(null));
  });

  Deno.test(`noble points ${name}: points outside the subgroup`, () => {
    // A point of E (or E') outside the subgroup, from noble: x = 1, 2, … with a square x³ + b.
    if (N.CURVE().h === 1n) return; // every point of the group is in it
    const Fp = N.Fp;
    let Q: Any;
    for (let x = 1n; Q === undefined; x++) {
      const X = Fp.create(name.endsWith("G2") ? { c0: x, c1: 0n } : x);
      const rhs = Fp.add(Fp.mul(Fp.sqr(X), X), N.CURVE().b);
      try {
        Q = N.fromAffine({ x: X, y: Fp.sqrt(rhs) });
      } catch { /* not a square */ }
    }
    const ourQ = P.fromAffine(Q.toAffine());
    same("isTorsionFree", () => ourQ.isTorsionFree(), () => Q.isTorsionFree());
    same("assertValidity", () => ourQ.assertValidity(), () => Q.assertValidity());
    if (name !== "bn254 G2") {
      same("clearCofactor", () => ourQ.clearCofactor(), () => Q.clearCofactor());
      same("isSmallOrder", () => ourQ.isSmallOrder(), () => Q.isSmallOrder());
    } else {
      assert.ok(ourQ.clearCofactor().isTorsionFree(), "h·Q is in the subgroup");
    }
  });
}

const HASHERS = [["bls12-381 G1", bls12_381.G1, nbls.G1], ["bls12-381 G2", bls12_381.G2, nbls.G2]] as const;
for (const [name, ours, theirs] of HASHERS) {
  const H = ours as Any, N = theirs as Any;
  Deno.test(`noble hashers ${name}: hashToCurve, encodeToCurve, mapToCurve, hashToScalar, defaults`, () => {
    assert.equal(H.defaults.DST, N.defaults.DST);
    assert.equal(H.defaults.encodeDST, N.defaults.encodeDST);
    assert.equal(H.defaults.p, N.defaults.p);
    assert.equal(H.defaults.m, N.defaults.m);
    const enc = new TextEncoder();
    for (const msg of [new Uint8Array(0), enc.encode("abc"), new Uint8Array(300).fill(7)]) {
      same("hashToCurve (default DST)", () => H.hashToCurve(msg), () => N.hashToCurve(msg));
      same(
        "hashToCurve ({ DST })",
        () => H.hashToCurve(msg, { DST: "QUUX-V01" }),
        () => N.hashToCurve(msg, { DST: "QUUX-V01" }),
      );
      same("encodeToCurve", () => H.encodeToCurve(msg), () => N.encodeToCurve(msg));
      same(
        "encodeToCurve ({ DST })",
        () => H.encodeToCurve(msg, { DST: "X" }),
        () => N.encodeToCurve(msg, { DST: "X" }),
      );
      same("hashToScalar", () => H.hashToScalar(msg), () => N.hashToScalar(msg));
      same(
        "hashToScalar ({ DST })",
        () => H.hashToScalar(msg, { DST: "Y" }),
        () => N.hashToScalar(msg, { DST: "Y" }),
      );
    }
    const p: bigint = N.defaults.p;
    const us = name.endsWith("G1")
      ? [0n, 1n, p - 1n, rand() % p, p, "5"]
      : [[0n, 0n], [1n, p - 1n], [rand() % p, rand() % p], [1n], 5n];
    for (const u of us) same(`mapToCurve ${String(u)}`, () => H.mapToCurve(u), () => N.mapToCurve(u));
    same("hashToCurve of a string", () => H.hashToCurve("abc"), () => N.hashToCurve("abc"));
  });
}

Deno.test("noble pairings: pairing, pairingBatch, params, lengths, utils", () => {
  for (const [ours, theirs] of [[bls12_381, nbls], [bn254, nbn]] as const) {
    const o = ours as Any, n = theirs as Any;
    assert.deepEqual({ ...o.params, postPrecompute: undefined }, { ...n.params, postPrecompute: undefined });
    assert.deepEqual(o.lengths, n.lengths);
    const a = rand() % o.fr.p || 1n, b = rand() % o.fr.p || 1n;
    const P = o.G1.Point.BASE.multiply(a), Q = o.G2.Point.BASE.multiply(b);
    const nP = n.G1.Point.BASE.multiply(a), nQ = n.G2.Point.BASE.multiply(b);
    const mine = o.pairing(P, Q), theirsGt = n.pairing(nP, nQ);
    assert.deepEqual({ c0: mine.c0, c1: mine.c1 }, theirsGt);
    const batch = o.pairingBatch([{ g1: P, g2: Q }, { g1: P.negate(), g2: o.G2.Point.BASE }]);
    const nBatch = n.pairingBatch([{ g1: nP, g2: nQ }, { g1: nP.negate(), g2: n.G2.Point.BASE }]);
    assert.deepEqual({ c0: batch.c0, c1: batch.c1 }, nBatch);
    assert.ok(o.pairingBatch([]).isOne());
    for (
      const seed of [
        new Uint8Array(48),
        new Uint8Array(48).fill(0xff),
        Uint8Array.from({ length: 48 }, (_, i) => i),
      ]
    ) {
      same(
        "utils.randomSecretKey(seed)",
        () => o.utils.randomSecretKey(seed),
        () => n.utils.randomSecretKey(seed),
      );
    }
    same(
      "randomSecretKey(short seed)",
      () => o.utils.randomSecretKey(new Uint8Array(47)),
      () => n.utils.randomSecretKey(new Uint8Array(47)),
    );
    // Kept differences: the identity pairs to 1 here (noble refuses it); no raw Miller loop.
    assert.ok(o.pairing(o.G1.Point.ZERO, Q).isOne());
    assert.throws(() => n.pairing(n.G1.Point.ZERO, nQ));
    assert.throws(
      () => o.pairing(P, Q, false),
      (e) => e instanceof IsochronError && e.code === "UNSUPPORTED",
    );
    assert.throws(() => o.millerLoopBatch([]), (e) => e instanceof IsochronError && e.code === "UNSUPPORTED");
    assert.throws(
      () => o.utils.calcPairingPrecomputes(Q),
      (e) => e instanceof IsochronError && e.code === "UNSUPPORTED",
    );
  }
});

Deno.test("noble points: the BN254 encodings are EIP-196/197's (noble's are SEC1-style)", () => {
  const P = bn254.G1.Point.BASE as Any;
  assert.equal(P.toBytes().length, 64);
  assert.equal((nbn.G1.Point.BASE as Any).toBytes().length, 33);
});

Deno.test("noble fields: bls12_381.fields and bn254.fields are wired to the points and pairings", () => {
  for (const [ours, theirs] of [[bls12_381, nbls], [bn254, nbn]] as const) {
    const o = ours as Any, n = theirs as Any;
    assert.deepEqual(Object.keys(o.fields).sort(), Object.keys(n.fields).sort());
    assert.ok(
      o.G1.Point.Fp === o.fields.Fp && o.G2.Point.Fp === o.fields.Fp2 && o.G1.Point.Fn === o.fields.Fr,
    );
    const gt = o.pairing(o.G1.Point.BASE, o.G2.Point.BASE), ngt = n.pairing(n.G1.Point.BASE, n.G2.Point.BASE);
    assert.ok(o.fields.Fp12.eql(gt, ngt), "a pairing result is an Fp12 value equal to noble's");
    assert.deepEqual(o.fields.Fp12.mul(gt, gt), n.fields.Fp12.mul(ngt, ngt));
    const x = n.fields.Fp12.create({ c0: ngt.c1, c1: ngt.c0 });
    assert.deepEqual(o.fields.Fp12.finalExponentiate(x), n.fields.Fp12.finalExponentiate(x));
    assert.equal(o.fields.Fr.ORDER, n.fields.Fr.ORDER);
  }
});
