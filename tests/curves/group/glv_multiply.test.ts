import { X as BLS12_381_X } from "../../../curves/bls12_381/params.ts";
/**
 * The endomorphism multiplication (`mulEndoCt`, wired into `multiply` for BLS12-381 G1 and G2)
 * against @noble/curves and against the plain 4-bit window `mulCt`, on both backends: random
 * points and scalars, and edge scalars (0, 1, r − 1, r, r + 1, 2^255, 2^256 − 1, multiples and
 * powers of x, multiples of λ = −x², scalars whose digits are all B − 1 or 0).
 */
import assert from "node:assert/strict";
import { bls12_381 as nbls } from "@noble/curves/bls12-381.js";
import type { Group, Point } from "../../../curves/group/group.ts";
import { mulCt } from "../../../curves/group/scalar_mul.ts";
import { BACKENDS, be32, bls12381Groups, bn254Groups, rng } from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = Group<any>;
// deno-lint-ignore no-explicit-any
type NoblePoint = any;

const w = -BLS12_381_X;

function edgeScalars(r: bigint): bigint[] {
  const lambda = (r - w * w) % r;
  const out = [0n, 1n, 2n, 3n, 15n, 16n, r - 1n, r, r + 1n, r - w, 1n << 255n, (1n << 256n) - 1n];
  for (let i = 1n; i < 4n; i++) out.push(w ** i, w ** i - 1n, (w ** i) * 5n, (r - 1n) / w ** i * w ** i);
  for (const m of [1n, 2n, w - 1n, r - 1n]) out.push((m * lambda) % r, (m * (r - w)) % r);
  let top = 0n; // all four base-|x| digits B − 1 would exceed r: three of them
  for (let i = 0n; i < 3n; i++) top += (w - 1n) * w ** i;
  out.push(top, w * w - 1n, (w * w - 1n) * (w * w + 1n) % r);
  return out;
}

function affineEq(p: Point<unknown>, q: NoblePoint): boolean {
  // deno-lint-ignore no-explicit-any
  const a = p.toAffine() as any, z = q.is0();
  const b = z ? null : q.toAffine();
  if (typeof a.x === "bigint") return z ? a.x === 0n && a.y === 0n : a.x === b.x && a.y === b.y;
  if (z) return a.x.c0 === 0n && a.x.c1 === 0n && a.y.c0 === 0n && a.y.c1 === 0n;
  return a.x.c0 === b.x.c0 && a.x.c1 === b.x.c1 && a.y.c0 === b.y.c0 && a.y.c1 === b.y.c1;
}

/** k·P by the old window (mulCt), for comparison. */
function oldMultiply(G: AnyGroup, P: Point<unknown>, k: bigint): Point<unknown> {
  const out = G.law.alloc(1), limbs = G.reducer.reduce(be32(k));
  mulCt(G.window, out, P.group.slotOf(P), limbs, G.bits);
  return G.save(out);
}

for (const backend of BACKENDS) {
  const groups = () => {
    const g = bls12381Groups(backend);
    return [[g.G1, nbls.G1.Point], [g.G2, nbls.G2.Point]] as [AnyGroup, NoblePoint][];
  };

  Deno.test(`glv multiply: BLS12-381 G1 and G2 use the endomorphism, so does BN254 (${backend})`, () => {
    for (const [G] of groups()) assert.notEqual(G.endo, null, G.name);
    const bn = bn254Groups(backend); // signed lattice sub-scalars: tests/curves/glv_bn254_*.test.ts
    assert.notEqual(bn.G1.endo, null);
    assert.notEqual(bn.G2.endo, null);
  });

  for (const which of [0, 1]) {
    Deno.test(`glv multiply vs noble and mulCt: BLS12-381 G${which + 1} (${backend})`, () => {
      const [G, N] = groups()[which];
      const r = G.r, rand = rng(17 + which);
      const a = rand() % r;
      const P = G.BASE.multiplyUnsafe(a), nP = N.BASE.multiply(a);
      for (const k of edgeScalars(r)) {
        const got = P.multiply(be32(k));
        assert.ok(got.equals(P.multiplyUnsafe(k)), `k = ${k}: vs multiplyUnsafe`);
        assert.ok(got.equals(oldMultiply(G, P, k)), `k = ${k}: vs mulCt`);
      }
      for (const k of [0n, 1n, r - 1n, r + 1n, (1n << 256n) - 1n, w, (r - w * w) % r]) {
        assert.ok(affineEq(P.multiply(k), k % r === 0n ? N.ZERO : nP.multiply(k % r)), `k = ${k}: vs noble`);
      }
      for (let i = 0; i < 6; i++) {
        const b = rand() % r, k = rand();
        const Q = G.BASE.multiplyUnsafe(b), nQ = N.BASE.multiply(b);
        const got = Q.multiply(be32(k));
        assert.ok(affineEq(got, nQ.multiply(k % r)), "random point and scalar vs noble");
        assert.ok(got.equals(oldMultiply(G, Q, k)), "random point and scalar vs mulCt");
      }
      // the identity and the generator as inputs
      assert.ok(G.ZERO.multiply(rand()).isZero());
      assert.ok(affineEq(G.BASE.multiply(12345678901234567890n), N.BASE.multiply(12345678901234567890n)));
    });
  }
}
