/**
 * Multi-scalar multiplication `G.msm` (curves/group/msm.ts): all EIP-2537 G1MultiExp / G2MultiExp vectors;
 * random inputs of n = 0, 1, 2, 5, 64, 300 points against the naive Σ k_i·P_i (constant-time `multiply`
 * and complete additions) on both backends, G1 and G2 of BLS12-381 and BN254; edge scalars (0, r, r − 1,
 * 2^256 − 1, bytes and bigints), duplicated and opposite points (tangent and P = −Q inside a bucket),
 * the identity; argument errors.
 */
import assert from "node:assert/strict";
import type { GroupImpl, PointImpl } from "../../internal.ts";
import {
  BACKENDS,
  be32,
  bls12_381Groups,
  bn254Groups,
  hex,
  readJson,
  rng,
  throwsCode,
  unhex,
} from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;
// deno-lint-ignore no-explicit-any
type AnyPoint = PointImpl<any>;

interface Vector {
  Input: string;
  Expected: string;
  Name: string;
}

function groups(backend: "wasm" | "ts"): [string, AnyGroup][] {
  const b = bls12_381Groups(backend), n = bn254Groups(backend);
  return [["bls12-381 G1", b.G1], ["bls12-381 G2", b.G2], ["bn254 G1", n.G1], ["bn254 G2", n.G2]];
}

function naive(G: AnyGroup, points: AnyPoint[], scalars: (bigint | Uint8Array)[]): AnyPoint {
  let acc = G.ZERO;
  // msmVartime takes any scalar below 2^256 (reduced mod r); multiply takes that range as bytes.
  for (let i = 0; i < points.length; i++) {
    const k = scalars[i];
    acc = acc.add(points[i].multiply(typeof k === "bigint" ? be32(k) : k));
  }
  return acc;
}

/** n points P_0 = aB, P_{i+1} = P_i + cB: projective with varied Z (cheap to build). */
function walk(G: AnyGroup, n: number, rand: (bits?: number) => bigint): AnyPoint[] {
  const out: AnyPoint[] = [];
  let p = G.BASE.multiplyUnsafe(be32(rand()));
  const step = G.BASE.multiplyUnsafe(be32(rand()));
  for (let i = 0; i < n; i++, p = p.add(step)) out.push(p);
  return out;
}

for (const backend of BACKENDS) {
  Deno.test(`msm: EIP-2537 G1MultiExp and G2MultiExp vectors (${backend})`, () => {
    const { G1, G2 } = bls12_381Groups(backend);
    for (const [G, file, len] of [[G1, "blsG1MultiExp", 128], [G2, "blsG2MultiExp", 256]] as const) {
      const vectors = readJson<Vector[]>(`bls12381_eip2537/${file}.json`);
      assert.ok(vectors.length >= 150);
      const E = (G as AnyGroup).codec("eip2537");
      for (const v of vectors) {
        const b = unhex(v.Input), pair = len + 32, count = b.length / pair;
        // The TypeScript backend skips the largest inputs (time); wasm runs them all.
        if (backend === "ts" && count > 256) continue;
        const pts: AnyPoint[] = [], ks: Uint8Array[] = [];
        for (let i = 0; i < count; i++) {
          // The vectors' points are valid: decode without the (costly) subgroup check.
          pts.push(E.decodeUnchecked(b.subarray(i * pair, i * pair + len)));
          ks.push(b.slice(i * pair + len, (i + 1) * pair));
        }
        assert.equal(hex(E.encode((G as AnyGroup).msmVartime(pts, ks))), v.Expected, `${file} ${v.Name}`);
      }
    }
  });

  Deno.test(`msm: random inputs vs naive Σ k_i·P_i, both curves (${backend})`, () => {
    const rand = rng(backend === "wasm" ? 2537 : 9380);
    for (const [name, G] of groups(backend)) {
      const pool = walk(G, 300, rand);
      for (const n of [0, 1, 2, 5, 64, 300]) {
        const pts = pool.slice(0, n);
        const ks: (bigint | Uint8Array)[] = pts.map((_, i) => (i % 3 === 0 ? be32(rand()) : rand()));
        assert.ok(G.msmVartime(pts, ks).equals(naive(G, pts, ks)), `${name} n = ${n}`);
      }
      // Short scalars: few windows populated, many empty buckets.
      const pts = pool.slice(0, 64), small = pts.map(() => rand(8));
      assert.ok(G.msmVartime(pts, small).equals(naive(G, pts, small)), `${name} 8-bit scalars`);
      assert.ok(G.msmVartime([], []).isZero());
    }
  });

  Deno.test(`msm: edge scalars, duplicates, opposite points, identity (${backend})`, () => {
    const rand = rng(77);
    for (const [name, G] of groups(backend)) {
      const r = G.r, P = walk(G, 3, rand), k = rand() % r;
      const edge = [0n, r, r - 1n, (1n << 256n) - 1n, 1n, 2n, r + 1n, k];
      const base = [P[0], P[1], P[2], G.ZERO, P[0], P[0].negate(), P[1], P[1]];
      const cases: [string, AnyPoint[], (bigint | Uint8Array)[]][] = [
        ["edge scalars", base, edge],
        ["edge scalars as bytes", base, edge.map(be32)],
        // Same point, same scalar: bucket pairs are tangents; then P and −P: pairs cancel to O.
        ["duplicates", Array(40).fill(P[0]), Array(40).fill(k)],
        [
          "opposites",
          Array.from({ length: 40 }, (_, i) => (i & 1 ? P[1].negate() : P[1])),
          Array(40).fill(k),
        ],
        ["mixed", Array.from({ length: 50 }, (_, i) => [P[0], P[0].negate(), G.ZERO, P[2]][i % 4]), [
          ...Array.from({ length: 50 }, (_, i) => [k, r - k, r - 1n, 0n, k][i % 5]),
        ]],
        ["all identity", Array(20).fill(G.ZERO), Array.from({ length: 20 }, () => rand())],
        ["all zero scalars", P.concat(P, P, P), Array(12).fill(0n)],
        ["one point, r − 1", [P[2]], [r - 1n]],
      ];
      for (const [what, pts, ks] of cases) {
        assert.ok(G.msmVartime(pts, ks).equals(naive(G, pts, ks)), `${name} ${what}`);
      }
      assert.ok(G.msmVartime([P[0]], [r - 1n]).equals(P[0].negate()), `${name} (r − 1)·P = −P`);
      assert.ok(G.msmVartime(Array(30).fill(P[0]), Array(30).fill(r)).isZero(), `${name} r·P = O`);
    }
  });
}

Deno.test("msm: argument errors", () => {
  const { G1, G2 } = bls12_381Groups("wasm");
  const P = G1.BASE;
  throwsCode(() => G1.msmVartime([P, P], [1n]), "INVALID_LENGTH", "lengths");
  throwsCode(() => G1.msmVartime([], [1n]), "INVALID_LENGTH", "lengths");
  throwsCode(() => G1.msmVartime([P], [new Uint8Array(31)]), "INVALID_LENGTH", "scalar bytes");
  throwsCode(() => G1.msmVartime([P], [1n << 256n]), "INVALID_SCALAR", "scalar range");
  throwsCode(() => G1.msmVartime([P], [-1n]), "INVALID_SCALAR", "negative");
  // deno-lint-ignore no-explicit-any
  throwsCode(() => G1.msmVartime([P], [1 as any]), "INVALID_TYPE", "number scalar");
  // deno-lint-ignore no-explicit-any
  throwsCode(() => G1.msmVartime([G2.BASE as any], [1n]), "INVALID_TYPE", "other group");
  // deno-lint-ignore no-explicit-any
  throwsCode(() => G1.msmVartime(P as any, [1n]), "INVALID_TYPE", "not an array");
});
