import { U as BN254_U } from "../../../curves/bn254/params.ts";
/**
 * The endomorphism multiplication with signed lattice sub-scalars (`mulEndoCt`, wired into
 * `multiply` for BN254 G1 and G2) against @noble/curves, against the plain 4-bit window `mulCt` and
 * against `multiplyUnsafe`, on both backends: random points and scalars, edge scalars (0, 1, r − 1,
 * r, r + 1, 2^255, 2^256 − 1, multiples of λ and u, scalars next to the basis vectors, scalars
 * with every sign pattern of sub-scalars), the identity and the generator as inputs; and the
 * scratch is wiped after a multiplication.
 */
import assert from "node:assert/strict";
import { bn254 as nbn } from "@noble/curves/bn254.js";
import {
  G1_LAMBDA as BN254_G1_LAMBDA,
  g1Basis as bn254G1Basis,
  g2Basis as bn254G2Basis,
} from "../../../curves/bn254/endomorphism.ts";
import type { Group, Point } from "../../../curves/group/group.ts";
import { mulCt } from "../../../curves/group/scalar_mul.ts";
import { LatticeDigits } from "../../../scalar/lattice.ts";
import { BACKENDS, be32, bn254Groups, rng } from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = Group<any>;
// deno-lint-ignore no-explicit-any
type NoblePoint = any;

const u = BN254_U;
const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;

/** Edge scalars, and random scalars picked to cover every sign pattern of the sub-scalars. */
function edgeScalars(r: bigint, which: 0 | 1): bigint[] {
  const basis = which === 0 ? bn254G1Basis() : bn254G2Basis();
  const lambda = which === 0 ? BN254_G1_LAMBDA % r : 6n * u * u;
  const out = [0n, 1n, 2n, 3n, 15n, 16n, r - 1n, r, r + 1n, r - 2n, 1n << 255n, (1n << 256n) - 1n];
  for (const m of [1n, 2n, u, r - 1n]) out.push((m * lambda) % r, (m * (r - lambda)) % r, (m * u) % r);
  for (const b of basis) for (const d of [-1n, 0n, 1n]) out.push(mod(b[0] + d, r), mod(-b[0] + d, r));
  const dec = new LatticeDigits(basis, lambda, r), n = basis.length;
  const seen = new Set<number>(), rand = rng(99 + which);
  const signs = new Int32Array(n), d = new Int32Array(n * dec.digitLimbs);
  const limbs = new Int32Array(17);
  for (let i = 0; i < 400 && seen.size < 1 << n; i++) {
    const k = rand() % r;
    for (let j = 0; j < 16; j++) limbs[j] = Number((k >> BigInt(16 * j)) & 0xffffn);
    dec.decompose(d, limbs, signs);
    let pattern = 0;
    for (let j = 0; j < n; j++) pattern |= signs[j] << j;
    if (!seen.has(pattern)) seen.add(pattern), out.push(k);
  }
  assert.equal(seen.size, 1 << n, "all sign patterns found");
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
    const g = bn254Groups(backend);
    return [[g.G1, nbn.G1.Point], [g.G2, nbn.G2.Point]] as [AnyGroup, NoblePoint][];
  };

  for (const which of [0, 1] as const) {
    Deno.test(`glv bn254 multiply vs noble and mulCt: G${which + 1} (${backend})`, () => {
      const [G, N] = groups()[which];
      const s = G.endo;
      assert.ok(s !== null && s.split.digits.signed, "BN254 uses the signed endomorphism loop");
      const r = G.r, rand = rng(41 + which);
      const a = rand() % r;
      const P = G.BASE.multiplyUnsafe(a), nP = N.BASE.multiply(a);
      for (const k of edgeScalars(r, which)) {
        const got = P.multiply(be32(k));
        assert.ok(got.equals(P.multiplyUnsafe(k)), `k = ${k}: vs multiplyUnsafe`);
        assert.ok(got.equals(oldMultiply(G, P, k)), `k = ${k}: vs mulCt`);
      }
      const lambda = s.split.digits.base;
      for (const k of [0n, 1n, r - 1n, r + 1n, (1n << 256n) - 1n, lambda, r - lambda, u]) {
        assert.ok(affineEq(P.multiply(k), k % r === 0n ? N.ZERO : nP.multiply(k % r)), `k = ${k}: vs noble`);
      }
      for (let i = 0; i < 6; i++) {
        const b = rand() % r, k = rand();
        const Q = G.BASE.multiplyUnsafe(b), nQ = N.BASE.multiply(b);
        const got = Q.multiply(be32(k));
        assert.ok(
          affineEq(got, k % r === 0n ? N.ZERO : nQ.multiply(k % r)),
          "random point and scalar vs noble",
        );
        assert.ok(got.equals(oldMultiply(G, Q, k)), "random point and scalar vs mulCt");
      }
      assert.ok(G.ZERO.multiply(rand()).isZero());
      const k0 = 12345678901234567890123456789n;
      assert.ok(affineEq(G.BASE.multiply(k0), N.BASE.multiply(k0)));
      // the scratch holds no secret afterwards
      G.BASE.multiply(rand());
      assert.ok(s.d.every((x) => x === 0) && s.signs.every((x) => x === 0), "digits and signs wiped");
      for (const T of s.tables) for (const e of T) assert.equal(G.F.isZero(e), 1, "tables wiped");
    });
  }
}
