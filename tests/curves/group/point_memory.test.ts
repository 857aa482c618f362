/**
 * The memory model (curves/group/group.ts): points keep their coordinates in JavaScript-owned slot
 * stores, so memory follows the live points, not garbage-collection timing. Deterministic checks: the
 * kernel's arena does not grow with the number of points made or kept; points share stores of
 * STORE_POINTS and keep their values; and 10⁶ synchronous G2 additions run under a 64 MiB wasm cap
 * (the previous design needed about 300 MB there) with the right answer.
 */
import assert from "node:assert/strict";
import { bls12_381Groups } from "../../internal.ts";
import { bn254Groups } from "../../internal.ts";
import { type GroupImpl, STORE_POINTS } from "../../internal.ts";

const LONG = Deno.env.get("ISOCHRON_LONG") === "1";
const highWater = <V>(G: GroupImpl<V>) => G.F.kernel.alloc(0); // alloc(0): the next free slot, none taken

for (const backend of ["wasm", "ts"] as const) {
  const groups = [
    bls12_381Groups(backend).G1,
    bls12_381Groups(backend).G2,
    bn254Groups(backend).G1,
  ] as GroupImpl<
    unknown
  >[];
  for (const G of groups) {
    Deno.test(`point memory ${G.name} (${backend}): the arena does not grow with points, kept or not`, () => {
      let P = G.BASE.double().add(G.BASE).negate().subtract(G.BASE); // warm-up of every Point API path
      const mark = highWater(G);
      const kept = [];
      for (let i = 0; i < 20_000; i++) {
        P = P.add(G.BASE);
        if (i % 4 === 0) kept.push(P);
      }
      assert.equal(highWater(G), mark, "no arena growth");
      // The kept points still hold their own values.
      for (const i of [0, 1, 777, kept.length - 1]) {
        const k = (((BigInt(4 * i) - 3n) % G.r) + G.r) % G.r; // P = −4G + (4i + 1)·G
        assert.ok(kept[i].equals(G.BASE.multiplyUnsafe(k)), `kept point ${i}`);
      }
    });

    Deno.test(`point memory ${G.name} (${backend}): points share stores of STORE_POINTS`, () => {
      const pts = Array.from({ length: 3 * STORE_POINTS }, () => G.BASE.double());
      const stores = new Set(pts.map((p) => p.store));
      assert.ok(stores.size >= 3 && stores.size <= 4, `${stores.size} stores for ${pts.length} points`);
      for (let i = 1; i < pts.length; i++) {
        if (pts[i].store === pts[i - 1].store) {
          assert.equal(pts[i].at - pts[i - 1].at, 3 * G.F.size * G.F.kernel.storeStride, "consecutive");
        }
      }
      assert.notEqual(G.BASE.store, pts[0].store, "BASE is not in a later store");
    });
  }
}

const child = new URL("./point_memory_child.ts", import.meta.url).pathname;
const config = new URL("../../../deno.json", import.meta.url).pathname;
async function run(backend: string, count: number): Promise<{ ok: boolean; before: number; after: number }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-env",
      "--v8-flags=--wasm-max-mem-pages=1024",
      "--config",
      config,
      child,
      backend,
      String(count),
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr).slice(-2000));
  return JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
}

Deno.test("point memory: 10⁶ synchronous G2 additions under a 64 MiB wasm cap give the right answer", async () => {
  const r = await run("wasm", 1_000_000);
  assert.equal(r.ok, true);
  assert.equal(r.after, r.before, "the arena's high-water mark did not move");
});

Deno.test("point memory: the same loop on the TypeScript backend keeps its arena's high-water mark", async () => {
  // Stated mark: the arena does not grow at all after the first operations (slots are scratch only).
  const r = await run("ts", LONG ? 1_000_000 : 100_000);
  assert.equal(r.ok, true);
  assert.equal(r.after, r.before);
});
