/**
 * Non-byte arguments of the wrong type or out of range get the typed error, never a TypeError from
 * deep inside or a silently reduced value: point look-alikes in pairings, field values of the wrong
 * type in `mapToCurve` and `fromAffine`, and non-canonical affine coordinates (≥ p or < 0).
 */
import assert from "node:assert/strict";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { bn254 } from "../../curves/bn254/mod.ts";
import type { GroupImpl } from "../internal.ts";
import { BACKENDS, bls12_381Groups, bn254Groups, throwsCode } from "../curves/helpers.ts";

for (const backend of BACKENDS) {
  Deno.test(`pairing rejects point look-alikes with INVALID_TYPE (${backend})`, () => {
    const { G1, G2 } = bls12_381Groups(backend);
    const fakes: unknown[] = [{ s: 0, group: G1 }, { s: 0, group: G2 }, null, 5, "P", {}];
    for (const f of fakes) {
      throwsCode(() => bls12_381.pairing(f as typeof G1.BASE, G2.BASE), "INVALID_TYPE", `P = ${f}`);
      throwsCode(() => bls12_381.pairing(G1.BASE, f as typeof G2.BASE), "INVALID_TYPE", `Q = ${f}`);
      throwsCode(() => bls12_381.pairingCheck([[f as typeof G1.BASE, G2.BASE]]), "INVALID_TYPE", "check");
    }
    const bn = bn254Groups(backend);
    throwsCode(() => bn254.pairing({ s: 0, group: bn.G1 } as never, bn.G2.BASE), "INVALID_TYPE", "bn254");
    // State intact: a known answer still comes out.
    assert.ok(bls12_381.pairingCheck([[G1.BASE, G2.BASE], [G1.BASE.negate(), G2.BASE]]));
  });

  Deno.test(`mapToCurve and fromAffine reject values of the wrong type (${backend})`, () => {
    const { G1, G2 } = bls12_381Groups(backend);
    for (const u of ["5", null, 5, undefined, {}, [1n]]) {
      throwsCode(() => G1.mapToCurve(u as never), "INVALID_TYPE", `G1.mapToCurve(${String(u)})`);
    }
    for (const u of [5n, null, "5", { c0: 1n }, { c0: 1, c1: 2 }]) {
      throwsCode(() => G2.mapToCurve(u as never), "INVALID_TYPE", `G2.mapToCurve(${String(u)})`);
    }
    for (const a of [null, 5, "x", { x: 1, y: 2 }, { x: 1n }, { y: 2n }]) {
      throwsCode(() => G1.fromAffine(a as never), "INVALID_TYPE", `G1.fromAffine(${JSON.stringify(a, big)})`);
    }
    throwsCode(() => G2.fromAffine({ x: 1n, y: 2n } as never), "INVALID_TYPE", "G2 with bigint coordinates");
    assert.ok(G1.mapToCurve(5n).equals(G1.mapToCurve(5n)), "state intact");
  });

  Deno.test(`fromAffine rejects non-canonical coordinates with NON_CANONICAL (${backend})`, () => {
    const groups: [string, GroupImpl<bigint>, GroupImpl<{ c0: bigint; c1: bigint }>][] = [
      ["bls12-381", bls12_381Groups(backend).G1, bls12_381Groups(backend).G2],
      ["bn254", bn254Groups(backend).G1, bn254Groups(backend).G2],
    ];
    for (const [name, G1, G2] of groups) {
      const p = G1.F.kernel.p;
      const { x, y } = G1.BASE.multiply(3n).toAffine();
      assert.ok(G1.fromAffine({ x, y }).equals(G1.BASE.multiply(3n)), `${name}: canonical accepted`);
      throwsCode(() => G1.fromAffine({ x: x + p, y }), "NON_CANONICAL", `${name} x + p`);
      throwsCode(() => G1.fromAffine({ x, y: y - p }), "NON_CANONICAL", `${name} y − p`);
      throwsCode(() => G1.fromAffine({ x: p, y: 0n }), "NON_CANONICAL", `${name} (p, 0)`);
      throwsCode(() => G1.fromAffine({ x: 0n, y: p }), "NON_CANONICAL", `${name} (0, p)`);
      const Q = G2.BASE.multiply(3n).toAffine();
      assert.ok(G2.fromAffine(Q).equals(G2.BASE.multiply(3n)), `${name}: canonical G2 accepted`);
      throwsCode(
        () => G2.fromAffine({ x: { c0: Q.x.c0 + p, c1: Q.x.c1 }, y: Q.y }),
        "NON_CANONICAL",
        "c0 + p",
      );
      throwsCode(
        () => G2.fromAffine({ x: Q.x, y: { c0: Q.y.c0, c1: Q.y.c1 - p } }),
        "NON_CANONICAL",
        "c1 − p",
      );
      throwsCode(() => G2.fromAffine({ x: { c0: p, c1: 0n }, y: { c0: 0n, c1: 0n } }), "NON_CANONICAL", "p");
      assert.ok(G1.fromAffine({ x: 0n, y: 0n }).isZero(), `${name}: (0, 0) is the identity`);
    }
  });
}

function big(_k: string, v: unknown): unknown {
  return typeof v === "bigint" ? `${v}n` : v;
}
