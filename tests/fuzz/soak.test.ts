/**
 * Soak test (ISOCHRON_LONG only, `deno task test:long`): for ISOCHRON_SOAK_SECONDS (default 180,
 * split between the two backends), sign and verify, decode and multiply, and X25519, in a
 * synchronous loop and then in concurrent async tasks, checking every answer against known answers
 * made once at the start; and that memory stays bounded: the kernels' arena high-water marks do not
 * move after the warm-up (curves/group/point_memory.test.ts observes them the same way) and the
 * JavaScript heap's peak in the second half of each phase stays within a margin of the first half's.
 */
import assert from "node:assert/strict";
import { setBackend } from "../../backend.ts";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { bn254 } from "../../curves/bn254/mod.ts";
import { x25519 } from "../../x25519/mod.ts";
import { type Backend, bls12_381Groups, bn254Groups } from "../internal.ts";
import { hex } from "../curves/helpers.ts";
import { beBytes, LONG } from "./helpers.ts";

/** The whole soak's duration (at least 10 s: each backend's phases must sample both halves). */
const SECONDS = Math.max(10, Number(Deno.env.get("ISOCHRON_SOAK_SECONDS") ?? 180));
const enc = new TextEncoder();

/** One round of work with its answers checked; `i` picks the known answer. */
function workload(backend: Backend) {
  const { sig, G1, G2 } = bls12_381;
  const keys = Array.from({ length: 4 }, (_, i) => sig.SecretKey.fromBytes(beBytes(BigInt(1000 + i), 32)));
  const msgs = keys.map((_, i) => enc.encode(`soak message ${i}`));
  const sigs = keys.map((k, i) => sig.sign(k, msgs[i]).toBytes());
  const pks = keys.map((k) => sig.getPublicKey(k).toBytes());
  const ks = Array.from({ length: 4 }, (_, i) => beBytes(BigInt(i + 2) ** 70n, 32));
  const g1 = ks.map((k) => hex(G1.BASE.multiply(k).toBytes())),
    g2 = ks.map((k) => hex(G2.BASE.multiply(k).toBytes()));
  const bn = ks.map((k) => hex(bn254.G1.BASE.multiply(k).toBytes()));
  const xs = ks.map((k) => hex(x25519.scalarMult(k, x25519.getPublicKey(ks[0]))));
  const marks = () => {
    const b = bls12_381Groups(backend), n = bn254Groups(backend);
    return [b.G1, b.G2, n.G1, n.G2].map((G) => G.F.kernel.alloc(0));
  };
  return {
    marks,
    round(i: number): void {
      const j = i % 4;
      assert.equal(hex(sig.sign(keys[j], msgs[j]).toBytes()), hex(sigs[j]), "sign");
      if (i % 4 === 0) {
        const ok = sig.verify(sig.PublicKey.fromBytes(pks[j]), msgs[j], sig.Signature.fromBytes(sigs[j]));
        assert.equal(ok, true, "verify");
        assert.equal(
          sig.verify(sig.PublicKey.fromBytes(pks[(j + 1) % 4]), msgs[j], sig.Signature.fromBytes(sigs[j])),
          false,
        );
      }
      assert.equal(
        hex(G1.fromBytes(G1.BASE.multiply(ks[j]).toBytes(false)).toBytes()),
        g1[j],
        "G1 decode/multiply",
      );
      assert.equal(
        hex(G2.fromBytes(G2.BASE.multiply(ks[j]).toBytes()).toBytes()),
        g2[j],
        "G2 decode/multiply",
      );
      assert.equal(
        hex(bn254.G1.fromBytes(bn254.G1.BASE.multiplyUnsafe(ks[j]).toBytes()).toBytes()),
        bn[j],
        "bn254",
      );
      assert.equal(hex(x25519.scalarMult(ks[j], x25519.getPublicKey(ks[0]))), xs[j], "x25519");
    },
  };
}

/** Runs `phase` for `ms`, which samples the heap each round; checks the arena marks and the heap's bound. */
async function soak(
  name: string,
  w: ReturnType<typeof workload>,
  ms: number,
  phase: (until: number, sample: () => void) => Promise<number>,
) {
  for (let i = 0; i < 8; i++) w.round(i); // warm-up: tables, scratch
  const mark = w.marks(), t0 = performance.now();
  const peaks = [0, 0];
  const sample = () => {
    const half = performance.now() - t0 < ms / 2 ? 0 : 1;
    peaks[half] = Math.max(peaks[half], Deno.memoryUsage().heapUsed);
  };
  const rounds = await phase(t0 + ms, sample);
  const mib = (x: number) => (x / 2 ** 20).toFixed(1);
  console.log(
    `soak ${name}: ${rounds} rounds in ${ms} ms; heap peak ${mib(peaks[0])} → ${mib(peaks[1])} MiB`,
  );
  assert.deepEqual(w.marks(), mark, `${name}: the arenas' high-water marks moved`);
  assert.ok(peaks[0] > 0 && peaks[1] > 0, `${name}: too short to sample both halves`);
  assert.ok(peaks[1] <= peaks[0] * 1.5 + 32 * 2 ** 20, `${name}: the heap grew (${peaks[0]} → ${peaks[1]})`);
}

Deno.test({
  name: `soak: sign, verify, decode, multiply for ${SECONDS} s, synchronous and async, memory bounded`,
  ignore: !LONG,
  sanitizeOps: false,
  async fn() {
    const ms = (SECONDS * 1000) / 4; // two backends × two phases
    for (const backend of ["wasm", "ts"] as const) {
      setBackend(backend);
      try {
        const w = workload(backend);
        // Synchronous: one long loop, yielding to the sampler every few rounds.
        await soak(`${backend} sync`, w, ms, async (until, sample) => {
          let i = 0;
          while (performance.now() < until) {
            for (let k = 0; k < 8; k++) w.round(i++), sample();
            await new Promise((r) => setTimeout(r, 0));
          }
          return i;
        });
        // Async: eight tasks interleaved at every await.
        await soak(`${backend} async`, w, ms, async (until, sample) => {
          let i = 0;
          await Promise.all(Array.from({ length: 8 }, async (_, t) => {
            while (performance.now() < until) {
              w.round(t + i++);
              sample();
              await (i % 16 === 0 ? new Promise((r) => setTimeout(r, 0)) : Promise.resolve());
            }
          }));
          return i;
        });
      } finally {
        setBackend("auto");
      }
    }
  },
});
