// Point storage (curves/group.ts): slot blocks, ZERO/BASE outside them, values kept across allocation,
// recycling of zeroed blocks after garbage collection (bounded memory), and runtimes without
// FinalizationRegistry.
import assert from "node:assert/strict";
import { bls12381Groups } from "../../curves/bls12_381/mod.ts";
import { BLOCK_POINTS, Group, type Point } from "../../curves/group/group.ts";

const backends = ["wasm", "ts"] as const;

/** The group's private block state (test-only view). */
interface Internals {
  free: number[];
}
const internals = <V>(G: Group<V>) => G as unknown as Internals;
/** The kernel's high-water mark: alloc(0) returns the next free slot without taking any. */
const highWater = <V>(G: Group<V>) => G.F.kernel.alloc(0);

const allZero = <V>(G: Group<V>, s: number) =>
  G.F.isZero(s) === 1 && G.F.isZero(s + G.law.n) === 1 && G.F.isZero(s + 2 * G.law.n) === 1;

/** Lets the runtime collect garbage and run finalizers: allocates short-lived garbage, then yields. */
async function churn(): Promise<void> {
  let keep = 0;
  for (let i = 0; i < 200; i++) keep += new Array(10_000).fill(i).length;
  await new Promise((ok) => setTimeout(ok, 5));
  if (keep < 0) throw new Error("unreachable");
}

for (const backend of backends) {
  const { G1, G2 } = bls12381Groups(backend);
  for (const G of [G1, G2] as Group<unknown>[]) {
    Deno.test(`point alloc ${G.name} (${backend}): blocks of consecutive slots, ZERO/BASE apart`, () => {
      const size = 3 * G.law.n;
      const pts = Array.from({ length: 3 * BLOCK_POINTS }, () => G.fresh());
      const slots = pts.map((p) => p.s);
      assert.equal(new Set(slots).size, slots.length, "distinct slots");
      for (const fixed of [G.ZERO.s, G.BASE.s]) {
        for (const s of slots) assert.ok(s + size <= fixed || s >= fixed + size, "overlaps ZERO/BASE");
      }
      assert.notEqual(pts[0].block, G.ZERO.block);
      // Points handed out one after the other share a block until it is full.
      let runs = 0;
      for (let i = 1; i < pts.length; i++) {
        if (pts[i].block === pts[i - 1].block) assert.equal(pts[i].s - pts[i - 1].s, size);
        else runs++;
      }
      assert.ok(runs >= 2 && runs <= 3, `${runs} block changes over ${pts.length} points`);
    });

    Deno.test(`point alloc ${G.name} (${backend}): values survive later allocations`, () => {
      const P = G.BASE.double(), Q = P.add(G.BASE), bytes = Q.toBytes();
      const more: Point<unknown>[] = [];
      for (let i = 0; i < 5 * BLOCK_POINTS; i++) more.push(Q.add(more[i - 1] ?? G.BASE));
      assert.ok(P.equals(G.BASE.add(G.BASE)));
      assert.deepEqual(Q.toBytes(), bytes);
      assert.ok(G.ZERO.isZero() && G.BASE.equals(G.fromBytes(G.BASE.toBytes())));
    });
  }

  Deno.test(`point alloc bls12-381 G1 (${backend}): dropped blocks are zeroed, reused, memory bounded`, async () => {
    const G = G1;
    // Rounds of 2000 dropped points (each round alone would need 250 blocks): the arena must stop
    // growing once finalizers run, and a block handed out again must be all zeros.
    const start = highWater(G);
    const P = G.BASE.multiply(3n);
    let recycled = false, rounds = 0;
    const deadline = performance.now() + 8000;
    while (performance.now() < deadline && (!recycled || rounds < 40)) {
      let acc = P;
      for (let i = 0; i < 2000; i++) acc = acc.add(P);
      rounds++;
      await churn();
      if (internals(G).free.length > 0) {
        recycled = true;
        // The next block taken comes from the free list: every point of it reads zero.
        const first = internals(G).free[internals(G).free.length - 1];
        const pts: Point<bigint>[] = [];
        while (pts.length === 0 || pts[pts.length - 1].s !== first) pts.push(G.fresh());
        const reused = pts[pts.length - 1];
        for (let i = 0; i < BLOCK_POINTS; i++) {
          assert.ok(allZero(G, reused.s + 3 * G.law.n * i), "recycled block not zeroed");
        }
      }
    }
    assert.ok(recycled, "no block was recycled (finalizers never ran?)");
    const grown = highWater(G) - start, perRound = 2000 * 3 * G.law.n;
    assert.ok(grown < 20 * perRound, `arena grew by ${grown / perRound} rounds' worth over ${rounds} rounds`);
  });
}

Deno.test("point alloc: without FinalizationRegistry, points work and slots are never reused", () => {
  const { G1 } = bls12381Groups("ts");
  const saved = globalThis.FinalizationRegistry;
  let G: Group<bigint>;
  try {
    // @ts-ignore: simulating a runtime without FinalizationRegistry
    globalThis.FinalizationRegistry = undefined;
    G = new Group<bigint>({
      name: "test G1 (no FinalizationRegistry)",
      F: G1.F,
      b: 4n,
      generator: G1.BASE.toAffine(),
      r: G1.r,
      h: G1.h,
      codecs: G1.codecs,
    });
  } finally {
    globalThis.FinalizationRegistry = saved;
  }
  const P = G.BASE.double().add(G.BASE);
  assert.deepEqual(P.toBytes(), G1.BASE.multiply(3n).toBytes());
  assert.ok(G.BASE.multiply(5n).equals(P.add(G.BASE.double())));
  const slots = new Set(Array.from({ length: 4 * BLOCK_POINTS }, () => G.fresh().s));
  assert.equal(slots.size, 4 * BLOCK_POINTS);
  assert.equal(internals(G).free.length, 0);
});
