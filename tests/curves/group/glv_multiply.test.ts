import {
  type Backend,
  BLS12_381_X,
  BN254_G1_LAMBDA,
  BN254_U,
  bn254G1Basis,
  bn254G2Basis,
  type GroupImpl,
  LatticeDigits,
  mulCt,
  type PointImpl,
} from "../../internal.ts";
/**
 * The endomorphism multiplication (`mulEndoCt`, wired into `multiply` for G1 and G2 of every curve of
 * CURVES: BLS12-381 with base-|x| / base-x² digits, BN254 with signed lattice sub-scalars) against
 * @noble/curves, against the plain 4-bit window `mulCt` and against `multiplyUnsafe`, on both
 * backends: random points and scalars, edge scalars (0, 1, r − 1, r, r + 1, 2^255, 2^256 − 1;
 * BLS12-381: multiples and powers of x, multiples of λ = −x², scalars whose digits are all B − 1 or 0;
 * BN254: multiples of λ and u, scalars next to the basis vectors, scalars with every sign pattern of
 * sub-scalars), the identity and the generator as inputs; and the scratch is wiped after a
 * multiplication.
 */
import assert from "node:assert/strict";
import { bls12_381 as nbls } from "@noble/curves/bls12-381.js";
import { bn254 as nbn } from "@noble/curves/bn254.js";
import { BACKENDS, be32, bls12_381Groups, bn254Groups, rng } from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;
// deno-lint-ignore no-explicit-any
type NoblePoint = any;

const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;

/** One curve: its groups and noble's, and the scalars that stress its decomposition. */
interface Curve {
  name: string;
  groups: (backend: Backend) => { G1: AnyGroup; G2: AnyGroup };
  noble: [NoblePoint, NoblePoint];
  /** Whether the digits are signed (lattice sub-scalars). */
  signed: boolean;
  /** Edge scalars of G1 (which = 0) or G2 (1), compared with multiplyUnsafe and mulCt. */
  edges: (r: bigint, which: 0 | 1) => bigint[];
  /** Scalars compared with noble on a random point; `base` is the group's digit base. */
  nobleScalars: (r: bigint, base: bigint) => bigint[];
  /** The generator times this, compared with noble. */
  k0: bigint;
  /** rng seed of G1's test (G2: + 1). */
  seed: number;
}

// ---- BLS12-381: base-|x| digits (G2), base-x² digits (G1) ----
const w = -BLS12_381_X;

function blsEdgeScalars(r: bigint): bigint[] {
  const lambda = (r - w * w) % r;
  const out = [0n, 1n, 2n, 3n, 15n, 16n, r - 1n, r, r + 1n, r - w, 1n << 255n, (1n << 256n) - 1n];
  for (let i = 1n; i < 4n; i++) out.push(w ** i, w ** i - 1n, (w ** i) * 5n, (r - 1n) / w ** i * w ** i);
  for (const m of [1n, 2n, w - 1n, r - 1n]) out.push((m * lambda) % r, (m * (r - w)) % r);
  let top = 0n; // all four base-|x| digits B − 1 would exceed r: three of them
  for (let i = 0n; i < 3n; i++) top += (w - 1n) * w ** i;
  out.push(top, w * w - 1n, (w * w - 1n) * (w * w + 1n) % r);
  return out;
}

// ---- BN254: signed lattice sub-scalars ----
const u = BN254_U;

/** Edge scalars, and random scalars picked to cover every sign pattern of the sub-scalars. */
function bnEdgeScalars(r: bigint, which: 0 | 1): bigint[] {
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

const CURVES: Curve[] = [
  {
    name: "BLS12-381",
    groups: bls12_381Groups,
    noble: [nbls.G1.Point, nbls.G2.Point],
    signed: false,
    edges: blsEdgeScalars,
    nobleScalars: (r) => [0n, 1n, r - 1n, r + 1n, (1n << 256n) - 1n, w, (r - w * w) % r],
    k0: 12345678901234567890n,
    seed: 17,
  },
  {
    name: "BN254",
    groups: bn254Groups,
    noble: [nbn.G1.Point, nbn.G2.Point],
    signed: true,
    edges: bnEdgeScalars,
    nobleScalars: (r, lambda) => [0n, 1n, r - 1n, r + 1n, (1n << 256n) - 1n, lambda, r - lambda, u],
    k0: 12345678901234567890123456789n,
    seed: 41,
  },
];

function affineEq(p: PointImpl<unknown>, q: NoblePoint): boolean {
  // deno-lint-ignore no-explicit-any
  const a = p.toAffine() as any, z = q.is0();
  const b = z ? null : q.toAffine();
  if (typeof a.x === "bigint") return z ? a.x === 0n && a.y === 0n : a.x === b.x && a.y === b.y;
  if (z) return a.x.c0 === 0n && a.x.c1 === 0n && a.y.c0 === 0n && a.y.c1 === 0n;
  return a.x.c0 === b.x.c0 && a.x.c1 === b.x.c1 && a.y.c0 === b.y.c0 && a.y.c1 === b.y.c1;
}

/** k·P by the old window (mulCt), for comparison. */
function oldMultiply(G: AnyGroup, P: PointImpl<unknown>, k: bigint): PointImpl<unknown> {
  const out = G.law.alloc(1), limbs = G.reducer.reduce(be32(k));
  mulCt(G.window, out, P.group.slotOf(P), limbs, G.bits);
  return G.save(out);
}

for (const backend of BACKENDS) {
  Deno.test(`glv multiply: G1 and G2 of every curve use the endomorphism (${backend})`, () => {
    for (const c of CURVES) {
      const { G1, G2 } = c.groups(backend);
      for (const G of [G1, G2]) {
        assert.notEqual(G.endo, null, G.name);
        assert.equal(G.endo!.split.digits.signed, c.signed, `${G.name}: signed digits`);
        // wasm: every loop position but the first is one call of the compiled step (wasm_endo_step.ts),
        // so the comparisons below run it; the TypeScript backend has no module
        assert.equal(G.endo!.step !== null, backend === "wasm", `${G.name}: the compiled step`);
      }
    }
  });
}

for (const c of CURVES) {
  for (const backend of BACKENDS) {
    for (const which of [0, 1] as const) {
      Deno.test(`glv multiply vs noble and mulCt: ${c.name} G${which + 1} (${backend})`, () => {
        const g = c.groups(backend), G = which === 0 ? g.G1 : g.G2, N = c.noble[which];
        const s = G.endo;
        assert.ok(s !== null && s.split.digits.signed === c.signed, "the endomorphism loop of the curve");
        const r = G.r, rand = rng(c.seed + which);
        const a = rand() % r;
        const P = G.BASE.multiplyUnsafe(a), nP = N.BASE.multiply(a);
        for (const k of c.edges(r, which)) {
          const got = P.multiply(be32(k));
          assert.ok(got.equals(P.multiplyUnsafe(be32(k))), `k = ${k}: vs multiplyUnsafe`);
          assert.ok(got.equals(oldMultiply(G, P, k)), `k = ${k}: vs mulCt`);
        }
        for (const k of c.nobleScalars(r, s.split.digits.base)) {
          assert.ok(
            affineEq(P.multiply(be32(k)), k % r === 0n ? N.ZERO : nP.multiply(k % r)),
            `k = ${k}: vs noble`,
          );
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
        // the identity and the generator as inputs
        assert.ok(G.ZERO.multiply(be32(rand())).isZero());
        assert.ok(affineEq(G.BASE.multiply(c.k0), N.BASE.multiply(c.k0)));
        // the scratch holds no secret afterwards
        G.BASE.multiply(be32(rand()));
        assert.ok(s.d.every((x) => x === 0) && s.signs.every((x) => x === 0), "digits and signs wiped");
        for (const T of s.tables) for (const e of T) assert.equal(G.F.isZero(e), 1, "tables wiped");
      });
    }
  }
}
