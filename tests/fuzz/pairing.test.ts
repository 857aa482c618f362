/**
 * Fuzz of the pairings (`pairing`, `pairingCheck`, `pairingBatch`; BLS12-381 and BN254) against
 * @noble/curves' values: random multiples, the identity (1, where noble throws: README), products that
 * are and are not 1, points outside the subgroup (NOT_IN_SUBGROUP from pairing/pairingBatch, an answer
 * from pairingCheck),
 * and arguments of every wrong type or curve.
 */
import { bls12_381 as nbls } from "@noble/curves/bls12-381.js";
import { bn254 as nbn } from "@noble/curves/bn254.js";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { bn254 } from "../../curves/bn254/mod.ts";
import { family, label, ok } from "./helpers.ts";
import { eth, randomCurvePoint, REF, zcash } from "./reference.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const CURVES = [
  ["bls12-381", () => bls12_381 as Any, nbls as Any, zcash(REF.blsG2), bn254 as Any],
  ["bn254", () => bn254 as Any, nbn as Any, eth(REF.bnG2), bls12_381 as Any],
] as const;

for (const [name, lib, N, g2codec, other] of CURVES) {
  family(`${name} pairing`, {
    budgetMs: 30_000,
    known: () => () => {
      const c = lib();
      ok(c.pairingCheck([[c.G1.BASE, c.G2.BASE], [c.G1.BASE.negate(), c.G2.BASE]]), "known pairing check");
    },
  }, (f) => {
    const c = lib(), r = N.G1.Point.Fn.ORDER as bigint, Fp12 = N.fields.Fp12;
    const eq = (e: Any, want: Any) => ok(Fp12.eql(e, want), "not noble's pairing value");
    for (let i = 0; i < f.count(2); i++) {
      const a = f.rng.below(r - 1n) + 1n, b = f.rng.below(r - 1n) + 1n;
      const P = c.G1.BASE.multiply(a), Q = c.G2.BASE.multiply(b);
      const NP = N.G1.Point.BASE.multiply(a), NQ = N.G2.Point.BASE.multiply(b);
      f.check("pairing", () => c.pairing(P, Q), (e) => eq(e, N.pairing(NP, NQ)));
      f.check(
        "pairingBatch",
        () => c.pairingBatch([{ g1: P, g2: Q }, { g1: c.G1.BASE, g2: Q }]),
        (e) => eq(e, N.pairingBatch([{ g1: NP, g2: NQ }, { g1: N.G1.Point.BASE, g2: NQ }])),
      );
      f.check("pairing(O, Q)", () => c.pairing(c.G1.ZERO, Q), (e) => ok(Fp12.eql(e, Fp12.ONE), "not 1"));
      f.check("pairing(P, O)", () => c.pairing(P, c.G2.ZERO), (e) => ok(Fp12.eql(e, Fp12.ONE), "not 1"));
      const ab = (a * b) % r;
      f.check(
        "pairingCheck (= 1)",
        () => c.pairingCheck([[P, Q], [c.G1.BASE.multiply(ab).negate(), c.G2.BASE]]),
        (v) => ok(v === true, "false"),
      );
      f.check(
        "pairingCheck (≠ 1)",
        () => c.pairingCheck([[P, Q], [c.G1.BASE.multiply(ab), c.G2.BASE]]),
        (v) => ok(v === false, "true"),
      );
      f.check("pairingCheck([])", () => c.pairingCheck([]), (v) => ok(v === true, "false"));
      f.check("pairingBatch([])", () => c.pairingBatch([]), (e) => ok(Fp12.eql(e, Fp12.ONE), "not 1"));
      // G2 points on the curve outside the subgroup (unchecked decoding): `pairing` and `pairingBatch`
      // check the subgroup (NOT_IN_SUBGROUP, as noble's assertValidity); `pairingCheck`, the precompile
      // check, trusts its decoded inputs and answers.
      const out = c.G2.fromBytesUnchecked(g2codec.encode(randomCurvePoint(g2codec.g, f.rng), false));
      f.check("pairing outside the subgroup", () => c.pairing(P, out), "NOT_IN_SUBGROUP");
      f.check(
        "pairingBatch outside the subgroup",
        () => c.pairingBatch([{ g1: P, g2: out }]),
        "NOT_IN_SUBGROUP",
      );
      f.check(
        "pairingCheck outside the subgroup",
        () => f.outcome(() => c.pairingCheck([[P, out]]), () => "answer"),
        (o) => ok(o === "ok:answer", o),
      );
      // Wrong types, order, curve or flag.
      const fakes = [null, 5, "P", {}, { s: 0, group: c.G1 }, P.toBytes(), other.G1.BASE, other.G2.BASE];
      for (const x of fakes) {
        f.check(`pairing(${label(x)}, Q)`, () => c.pairing(x, Q), "INVALID_TYPE");
        f.check(`pairing(P, ${label(x)})`, () => c.pairing(P, x), "INVALID_TYPE");
        f.check(`pairingCheck([[${label(x)}, Q]])`, () => c.pairingCheck([[x, Q]]), "INVALID_TYPE");
        f.check(
          `pairingBatch([{ g1: ${label(x)} }])`,
          () => c.pairingBatch([{ g1: x, g2: Q }]),
          "INVALID_TYPE",
        );
      }
      for (const bad of [null, 5, [P], [[P]], [[P, Q, P]], [{ g1: P, g2: Q }], "x"]) {
        f.check(`pairingCheck(${label(bad)})`, () => c.pairingCheck(bad), "INVALID_TYPE");
      }
      for (const bad of [null, 5, [[P, Q]], [null], "x"]) {
        f.check(`pairingBatch(${label(bad)})`, () => c.pairingBatch(bad), "INVALID_TYPE");
      }
      f.check("pairing(Q, P)", () => c.pairing(Q, P), "INVALID_TYPE");
      f.check("pairing(P, Q, false)", () => c.pairing(P, Q, false), "UNSUPPORTED");
      f.check("pairing(P, Q, 'yes')", () => c.pairing(P, Q, "yes"), "INVALID_TYPE");
    }
  });
}
