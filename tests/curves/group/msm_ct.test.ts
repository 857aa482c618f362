/**
 * The constant-time MSM (curves/group/msm_ct.ts, `Group.msm`): equal to `msmVartime` and to a sum of
 * `multiply` on random and edge inputs (zero scalars, r − 1, scalars ≥ r as bytes, the identity,
 * duplicate and opposite points, N = 0 … 40) for G1 and G2 of both curves on both backends; and the
 * control-flow proof of `msmInto` with secret scalars and with secret points.
 */
import assert from "node:assert/strict";
import { ctFlow, secretsForModulus } from "../../ct/registry.ts";
import { type GroupImpl, IsochronError } from "../../internal.ts";
import { BACKENDS, be32, bls12_381Groups, bn254Groups, rng } from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;
const groups = (backend: "wasm" | "ts"): [string, AnyGroup][] => {
  const b = bls12_381Groups(backend), n = bn254Groups(backend);
  return [["bls12-381 G1", b.G1], ["bls12-381 G2", b.G2], ["bn254 G1", n.G1], ["bn254 G2", n.G2]];
};

for (const backend of BACKENDS) {
  Deno.test(`msm (constant-time): equals msmVartime and Σ multiply (${backend})`, () => {
    const rand = rng(backend === "wasm" ? 31 : 37);
    for (const [name, G] of groups(backend)) {
      const r = G.r;
      const P = Array.from({ length: 40 }, () => G.BASE.multiply(be32(rand())));
      for (const n of [0, 1, 2, 3, 17, 40]) {
        const pts = P.slice(0, n), ks = pts.map(() => be32(rand()));
        const want = G.msmVartime(pts, ks);
        assert.ok(G.msm(pts, ks).equals(want), `${name} n = ${n}`);
        assert.ok(pts.reduce((acc, p, i) => acc.add(p.multiply(ks[i])), G.ZERO).equals(want));
      }
      const edge = [0n, 1n, r - 1n, r, r + 1n, (1n << 256n) - 1n, 2n, 15n, 16n];
      const base = [P[0], P[1], G.ZERO, P[0], P[0].negate(), P[2], P[2], P[3], P[4]];
      assert.ok(G.msm(base, edge.map(be32)).equals(G.msmVartime(base, edge.map(be32))), `${name} edges`);
      assert.ok(G.msm([P[0]], [3n]).equals(P[0].multiply(3n)), "bigint scalars");
      const code = (c: string) => (e: unknown) => e instanceof IsochronError && e.code === c;
      assert.throws(() => G.msm([P[0]], []), code("INVALID_LENGTH"));
      assert.throws(() => G.msm([P[0]], [new Uint8Array(31)]), code("INVALID_LENGTH"));
      assert.throws(() => G.msm([{} as never], [be32(1n)]), code("INVALID_TYPE"));
      assert.throws(() => G.msm(P[0] as never, [be32(1n)]), code("INVALID_TYPE"));
      assert.ok(G.msm([P[0]], [be32(5n)]).equals(P[0].multiply(5n)), "state intact after errors");
    }
  });

  for (
    const [name, G] of [["bls12-381 G1", "G1"], ["bls12-381 G2", "G2"], ["bn254 G1", "G1"], [
      "bn254 G2",
      "G2",
    ]] as const
  ) {
    const group = () =>
      (name.startsWith("bls") ? bls12_381Groups(backend) : bn254Groups(backend))[G] as AnyGroup;
    const secrets = () => secretsForModulus(group().r, 32, { random: 1 }).slice(0, 6);
    let pts: number[] = [], out = -1;
    ctFlow(`msmInto, 3 points, secret scalars: ${name} (${backend})`, (k: Uint8Array) => {
      const g = group();
      if (out < 0) {
        out = g.law.alloc(1);
        pts = [2n, 3n, 5n].map((c) => g.slotOf(g.BASE.multiply(c)));
      }
      const k2 = k.map((b, i) => b ^ (i * 7)), k3 = k.map((b) => 255 - b);
      g.msmInto(out, pts, [k, k2, k3]);
    }, secrets);
    let out2 = -1;
    ctFlow(`msmInto, secret points: ${name} (${backend})`, (s: { slots: number[] }) => {
      const g = group();
      if (out2 < 0) out2 = g.law.alloc(1);
      g.msmInto(out2, s.slots, [be32(7n), be32(123456789n)]);
    }, () => {
      const g = group();
      return secrets().map((k) => ({
        slots: [g.slotOf(g.BASE.multiply(k)), g.slotOf(g.BASE.multiply(be32(3n)))],
      }));
    });
  }
}
