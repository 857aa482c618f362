/**
 * Differential tests against @noble/curves (add, double, negate, multiply, multiplyUnsafe, sum,
 * encodings on random points and scalars) and the edge cases of the group law and of scalars.
 */
import assert from "node:assert/strict";
import { bls12_381 as nbls } from "@noble/curves/bls12-381.js";
import { bn254 as nbn } from "@noble/curves/bn254.js";
import { type GroupImpl, IsochronError, mulVartime, type PointImpl } from "../../internal.ts";
import { BACKENDS, be32, bls12_381Groups, bn254Groups, hex, rng } from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;
// deno-lint-ignore no-explicit-any
type NoblePoint = any;

interface Case {
  label: string;
  G: AnyGroup;
  N: NoblePoint; // noble's Point class
  /** Compare our point with noble's. */
  same(p: PointImpl<unknown>, q: NoblePoint): boolean;
}

function fp2eq(a: { c0: bigint; c1: bigint }, b: { c0: bigint; c1: bigint }) {
  return a.c0 === b.c0 && a.c1 === b.c1;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const backend of BACKENDS) {
    const bls = bls12_381Groups(backend), bn = bn254Groups(backend);
    const same1 = (p: PointImpl<unknown>, q: NoblePoint) => {
      const a = p.toAffine() as { x: bigint; y: bigint }, b = q.is0() ? { x: 0n, y: 0n } : q.toAffine();
      return a.x === b.x && a.y === b.y;
    };
    const same2 = (p: PointImpl<unknown>, q: NoblePoint) => {
      // deno-lint-ignore no-explicit-any
      const a = p.toAffine() as any;
      if (q.is0()) return a.x.c0 === 0n && a.x.c1 === 0n && a.y.c0 === 0n && a.y.c1 === 0n;
      const b = q.toAffine();
      return fp2eq(a.x, b.x) && fp2eq(a.y, b.y);
    };
    out.push(
      { label: `bls12-381 G1 ${backend}`, G: bls.G1, N: nbls.G1.Point, same: same1 },
      { label: `bls12-381 G2 ${backend}`, G: bls.G2, N: nbls.G2.Point, same: same2 },
      { label: `bn254 G1 ${backend}`, G: bn.G1, N: nbn.G1.Point, same: same1 },
      { label: `bn254 G2 ${backend}`, G: bn.G2, N: nbn.G2.Point, same: same2 },
    );
  }
  return out;
}

for (const c of cases()) {
  Deno.test(`differential vs noble: ${c.label}`, () => {
    const { G, N, same } = c;
    const r = G.r, rand = rng(c.label.length * 7919 + 1);
    assert.ok(same(G.BASE, N.BASE), "generator");
    assert.equal(G.h, N.CURVE().h, "cofactor");
    assert.equal(G.r, N.CURVE().n, "order");
    for (let i = 0; i < 4; i++) {
      const a = rand() % r, b = rand() % r, k = rand();
      const P = G.BASE.multiply(a), Q = G.BASE.multiplyUnsafe(be32(b));
      const nP = N.BASE.multiply(a), nQ = N.BASE.multiply(b);
      assert.ok(same(P, nP), "multiply(bigint) of BASE");
      assert.ok(same(Q, nQ), "multiplyUnsafe(bytes) of BASE");
      assert.ok(same(P.add(Q), nP.add(nQ)), "add");
      assert.ok(same(P.subtract(Q), nP.subtract(nQ)), "subtract");
      assert.ok(same(P.double(), nP.double()), "double");
      assert.ok(same(P.negate(), nP.negate()), "negate");
      assert.ok(
        same(P.multiply(be32(k)), nP.multiply(k % r)),
        "multiply(bytes) of a random point, k < 2^256",
      );
      assert.ok(same(P.multiplyUnsafe(k % r), nP.multiplyUnsafe(k % r)), "multiplyUnsafe");
      assert.ok(same(G.sumVartime([P, Q, P]), nP.add(nQ).add(nP)), "sum");
      if (c.label.startsWith("bls")) { // noble's BN254 bytes are SEC1-style, not EIP-196
        assert.equal(hex(P.toBytes()), hex(nP.toBytes(true)), "toBytes default");
        assert.equal(hex(P.toBytes(false)), hex(nP.toBytes(false)), "toBytes uncompressed");
      }
    }
  });

  Deno.test(`edge cases: ${c.label}`, () => {
    const { G } = c;
    const r = G.r, B = G.BASE, O = G.ZERO;
    const P = B.multiply(0xdeadbeefn);
    assert.ok(P.add(P.negate()).isZero(), "P + (−P) = O");
    assert.ok(P.subtract(P).isZero(), "P − P = O");
    assert.ok(P.add(P).equals(P.double()), "P + P = 2P");
    assert.ok(O.add(P).equals(P) && P.add(O).equals(P), "O + P = P + O = P");
    assert.ok(O.double().isZero() && O.add(O).isZero() && O.negate().isZero(), "O");
    assert.ok(!P.equals(O) && !O.equals(P) && O.equals(O) && !P.isZero());
    assert.ok(!P.equals(P.negate()));
    for (const mul of ["multiply", "multiplyUnsafe"] as const) {
      // Bytes: any 32-byte value, reduced mod r. Bigints: @noble/curves' ranges, [1, r) and [0, r).
      assert.ok(P[mul](be32(0n)).isZero(), `${mul} 0 (bytes)`);
      assert.ok(P[mul](1n).equals(P), `${mul} 1`);
      assert.ok(P[mul](r - 1n).equals(P.negate()), `${mul} r − 1`);
      assert.ok(P[mul](be32(r)).isZero(), `${mul} r (bytes)`);
      assert.ok(P[mul](be32(r + 1n)).equals(P), `${mul} r + 1 (bytes)`);
      for (const k of [r, r + 1n, -1n, 1n << 256n]) {
        assert.throws(
          () => P[mul](k),
          (e) => e instanceof IsochronError && e.code === "INVALID_SCALAR",
          `${mul} ${k}`,
        );
      }
      if (mul === "multiply") {
        assert.throws(() => P.multiply(0n), (e) => e instanceof IsochronError && e.code === "INVALID_SCALAR");
      } else assert.ok(P.multiplyUnsafe(0n).isZero(), "multiplyUnsafe 0");
      const max = (1n << 256n) - 1n;
      assert.ok(P[mul](new Uint8Array(32).fill(0xff)).equals(P.multiplyUnsafe(max % r)), `${mul} 0xff…`);
      assert.ok(O[mul](12345n).isZero(), `${mul} of O`);
      assert.ok(P[mul](2n).equals(P.double()), `${mul} 2`);
      assert.ok(P[mul](16n).equals(P.double().double().double().double()), `${mul} 16`);
    }
    // Projective equality across representations: 2P computed by two routes has different Z.
    assert.ok(P.double().add(P).equals(P.add(P.double())));
    assert.ok(P.double().add(P).equals(P.multiply(3n)));
    assert.equal(hex(O.toBytes()), hex(G.fromBytes(O.toBytes()).toBytes()), "O round trip");
    assert.ok(G.sumVartime([]).isZero());
    // toAffine of O is (0, 0); fromAffine round trip.
    assert.ok(G.fromAffine(P.toAffine()).equals(P));
    assert.ok(G.fromAffine(O.toAffine()).isZero());
    // Cofactor: h·r is the curve order, so (h·r)·Q = O for any point Q of E (or E') — checked on a
    // point outside the subgroup from a small x.
    let Q;
    for (let x = 1; Q === undefined; x++) {
      const enc = new Uint8Array(G.codec().lengths[0]);
      enc[enc.length - 1] = x;
      enc[0] |= 0x80;
      try {
        Q = G.fromBytesUnchecked(enc);
      } catch { /* no root */ }
    }
    if (G.h !== 1n) {
      assert.ok(!Q.isTorsionFreeVartime(), "small-x point outside the subgroup");
      const cleared = mulBig(Q, G.h);
      assert.ok(cleared.isTorsionFreeVartime(), "h·Q is in the subgroup");
    } else {
      assert.ok(Q.isTorsionFreeVartime(), "cofactor 1");
    }
  });
}

/** e·Q for any public e ≥ 0, not reduced mod r (the cofactors exceed r). */
function mulBig<V>(Q: PointImpl<V>, e: bigint): PointImpl<V> {
  const G = Q.group, out = G.law.alloc(1);
  mulVartime(G.law, out, Q.group.slotOf(Q), e, G.tmp);
  return G.save(out);
}
