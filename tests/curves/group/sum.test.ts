/**
 * Bulk addition `G.sum` (curves/sum.ts): equals the plain loop of complete additions and @noble/curves'
 * loop of `add` on random sets of 0 to 1000 points, with duplicates, inverse pairs, identity entries
 * and all-equal inputs; both backends, G1 and G2, BLS12-381 and BN254. A second pass forces the
 * batch-affine tree on every size and to the last point (tiny tuning) so that the exceptional pairs
 * (tangent, P = −Q) meet inside a level, and chunking is exercised, with the levels in JavaScript and,
 * on wasm, compiled (curves/group/wasm_sum.ts, which the default path uses there), the inputs normalised
 * in wasm (consecutive slots, as `sumVartime` loads them) and in JavaScript (scattered slots). Each set
 * is also summed with every input re-decoded (Z = 1), the path of the short affine sums.
 */
import assert from "node:assert/strict";
import { bls12_381 as nbls } from "@noble/curves/bls12-381.js";
import { bn254 as nbn } from "@noble/curves/bn254.js";
import { type GroupImpl, type PointImpl, type SumTuning, sumVartime } from "../../internal.ts";
import { BACKENDS, bls12_381Groups, bn254Groups, rng, throwsCode } from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;
// deno-lint-ignore no-explicit-any
type AnyPoint = PointImpl<any>;
// deno-lint-ignore no-explicit-any
type NoblePoint = any;

/** A recipe for one input: base point index, negated, or the identity. */
type Item = { i: number; neg: boolean } | "zero";

/** Random input sets of `size` items over a pool of `pool` base points, with the special cases mixed in. */
function recipes(size: number, pool: number, rand: (bits?: number) => bigint): Item[][] {
  const pick = () => Number(rand(32) % BigInt(pool));
  const random: Item[] = Array.from({ length: size }, () => ({ i: pick(), neg: false }));
  if (size < 2) return [random, Array.from({ length: size }, () => "zero" as const)];
  // Duplicates, inverse pairs and identities, placed both adjacently (same tree pair) and at random.
  const special: Item[] = [];
  for (let k = 0; k < size; k++) {
    const r = Number(rand(8) % 6n), last = special[special.length - 1];
    if (r === 0) special.push("zero");
    else if (r === 1 && last !== undefined && last !== "zero") special.push({ i: last.i, neg: !last.neg });
    else if (r === 2 && last !== undefined) special.push(last);
    else special.push({ i: pick(), neg: r === 3 });
  }
  const same: Item[] = Array.from({ length: size }, () => ({ i: 0, neg: false }));
  const cancel: Item[] = Array.from({ length: size }, (_, k) => ({ i: 1, neg: k % 2 === 1 }));
  return [random, special, same, cancel];
}

interface Case {
  label: string;
  G: AnyGroup;
  N: NoblePoint;
  same(p: AnyPoint, q: NoblePoint): boolean;
}

function cases(): Case[] {
  const out: Case[] = [];
  const same1 = (p: AnyPoint, q: NoblePoint) => {
    const a = p.toAffine(), b = q.is0() ? { x: 0n, y: 0n } : q.toAffine();
    return a.x === b.x && a.y === b.y;
  };
  const same2 = (p: AnyPoint, q: NoblePoint) => {
    const a = p.toAffine();
    const b = q.is0() ? { x: { c0: 0n, c1: 0n }, y: { c0: 0n, c1: 0n } } : q.toAffine();
    return a.x.c0 === b.x.c0 && a.x.c1 === b.x.c1 && a.y.c0 === b.y.c0 && a.y.c1 === b.y.c1;
  };
  for (const backend of BACKENDS) {
    const bls = bls12_381Groups(backend), bn = bn254Groups(backend);
    out.push(
      { label: `bls12-381 G1 ${backend}`, G: bls.G1, N: nbls.G1.Point, same: same1 },
      { label: `bls12-381 G2 ${backend}`, G: bls.G2, N: nbls.G2.Point, same: same2 },
      { label: `bn254 G1 ${backend}`, G: bn.G1, N: nbn.G1.Point, same: same1 },
      { label: `bn254 G2 ${backend}`, G: bn.G2, N: nbn.G2.Point, same: same2 },
    );
  }
  return out;
}

const SIZES = [0, 1, 2, 3, 10, 40, 100, 1000];
const POOL = 64;
/** Full tree down to one point, several chunks, no projective shortcut. */
const TINY: SumTuning = { minTree: 0, stopAt: 1, chunk: 7 };

for (const c of cases()) {
  Deno.test(`sum: ${c.label}`, () => {
    const { G, N, same } = c;
    if (c.label.includes("G1 wasm")) assert.notEqual(G.sumLevel, null, "G1's point layer has the sum level");
    const rand = rng(c.label.length * 104729 + 3);
    // A pool of points in both libraries: P_0 = aB, P_{i+1} = P_i + cB. Even-indexed ones are
    // re-decoded (Z = 1), odd ones keep the random Z of the addition.
    const a = 1n + rand(64), cStep = 1n + rand(64);
    const ours: AnyPoint[] = [], theirs: NoblePoint[] = [];
    let p = G.BASE.multiplyUnsafe(a), q = N.BASE.multiply(a);
    const step = G.BASE.multiplyUnsafe(cStep), nstep = N.BASE.multiply(cStep);
    for (let i = 0; i < POOL; i++) {
      ours.push(i % 2 === 0 ? G.fromBytesUnchecked(p.toBytes()) : p);
      theirs.push(q);
      p = p.add(step);
      q = q.add(nstep);
    }
    assert.ok(same(ours[POOL - 1], theirs[POOL - 1]), "pools agree");
    // Negations and identities as the two libraries build them.
    const mine = (it: Item) => (it === "zero" ? G.ZERO : it.neg ? ours[it.i].negate() : ours[it.i]);
    const nob = (it: Item) => (it === "zero" ? N.ZERO : it.neg ? theirs[it.i].negate() : theirs[it.i]);
    for (const size of SIZES) {
      for (const [r, items] of recipes(size, POOL, rand).entries()) {
        const what = `size ${size} recipe ${r}`;
        const pts = items.map(mine);
        let loop = G.ZERO, nsum = N.ZERO;
        for (const x of pts) loop = loop.add(x);
        for (const it of items) nsum = nsum.add(nob(it));
        const s = G.sumVartime(pts);
        assert.ok(s.equals(loop), `${what}: equals the plain loop`);
        assert.ok(same(s, nsum), `${what}: equals noble`);
        // Every input re-decoded (Z = 1, the identity Z = 0): the short sums take the affine path
        // (wasm_sum.ts, sum_affine_vartime: doublings, cancellations and restarts after O by branches).
        const affine = pts.map((x) => G.fromBytesUnchecked(x.toBytes()));
        assert.ok(G.sumVartime(affine).equals(loop), `${what}: affine inputs`);
        if (size <= 100) {
          const out = G.law.alloc(1);
          sumVartime(G.law, out, pts.map((x) => x.group.slotOf(x)), TINY);
          assert.ok(G.save(out).equals(loop), `${what}: full tree, chunks of 7`);
          if (G.sumLevel !== null) { // the compiled tree level (wasm_sum.ts), on the same shapes
            const slots = pts.map((x) => x.group.slotOf(x)); // consecutive: the compiled normalisation
            sumVartime(G.law, out, slots, TINY, G.sumLevel);
            assert.ok(G.save(out).equals(loop), `${what}: compiled levels, full tree, chunks of 7`);
            sumVartime(G.law, out, slots.reverse(), TINY, G.sumLevel); // not consecutive: normalised in JS
            assert.ok(G.save(out).equals(loop), `${what}: compiled levels on scattered slots`);
          }
        }
      }
    }
    // Inputs are left unchanged, and the result may overwrite an input slot.
    const before = ours.map((x) => x.toAffine());
    const s3 = G.sumVartime(ours.slice(0, 40));
    assert.deepEqual(ours.map((x) => x.toAffine()), before, "inputs unchanged");
    const target = G.law.alloc(1);
    G.law.copy(target, ours[5].group.slotOf(ours[5]));
    sumVartime(G.law, target, [ours[1].group.slotOf(ours[1]), target, ours[2].group.slotOf(ours[2])], {
      minTree: 0,
      stopAt: 1,
      chunk: 1024,
    });
    assert.ok(G.save(target).equals(ours[1].add(ours[5]).add(ours[2])), "out aliases an input");
    assert.ok(s3.equals(ours.slice(0, 40).reduce((x, y) => x.add(y), G.ZERO)), "sum of 40");
    // Bad input.
    throwsCode(() => G.sumVartime([G.BASE, 1 as unknown as AnyPoint]), "INVALID_TYPE", "non-point");
    throwsCode(() => G.sumVartime("x" as unknown as AnyPoint[]), "INVALID_TYPE", "non-array");
  });
}

Deno.test("sum: points of another group or backend are rejected", () => {
  const a = bls12_381Groups("wasm"), b = bls12_381Groups("ts");
  throwsCode(() => a.G1.sumVartime([a.G1.BASE, b.G1.BASE as AnyPoint]), "INVALID_TYPE", "other backend");
  throwsCode(() => a.G1.sumVartime([a.G2.BASE as AnyPoint]), "INVALID_TYPE", "other group");
});

// Longer than a chunk (SUM_TUNING_*.chunk = 4096): the group loads and sums chunk by chunk and adds
// the chunk sums; checked against Σ mᵢ·Pᵢ over a pool (mᵢ the multiplicities), with an identity and a
// cancelling pair straddling the chunk boundary, as computed and as decoded. A bad point at the end
// changes nothing.
for (const c of cases().filter((c) => c.label.includes("bls12-381"))) {
  Deno.test(`sum: ${c.label}, two chunks and a bit`, () => {
    const { G } = c;
    const pool = Array.from({ length: 37 }, (_, i) => G.BASE.multiplyUnsafe(BigInt(3 * i + 5)));
    const pts: AnyPoint[] = Array.from({ length: 2 * 4096 + 11 }, (_, i) => pool[i % pool.length]);
    pts[4095] = G.ZERO;
    pts[4096] = pts[4097].negate();
    const counts = new Map<number, bigint>();
    pts.forEach((_, i) => {
      if (i === 4095 || i === 4096 || i === 4097) return;
      counts.set(i % pool.length, (counts.get(i % pool.length) ?? 0n) + 1n);
    });
    let want = G.ZERO;
    for (const [j, m] of counts) want = want.add(pool[j].multiplyUnsafe(m));
    assert.ok(G.sumVartime(pts).equals(want), "equals Σ mᵢ·Pᵢ");
    // Decoded (Z = 1, the identity Z = 0): saved side by side, so loaded by runs of their stores
    // (GroupImpl.loadRange), then normalised in wasm (Z = 1 copied, O dropped), chunk by chunk.
    const decoded = pts.map((p) => G.fromBytesUnchecked(p.toBytes()));
    assert.ok(G.sumVartime(decoded).equals(want), "decoded inputs: equals Σ mᵢ·Pᵢ");
    throwsCode(() => G.sumVartime([...pts, 7 as unknown as AnyPoint]), "INVALID_TYPE", "bad last point");
    assert.ok(G.sumVartime(pts).equals(want), "unchanged after the error");
  });
}
