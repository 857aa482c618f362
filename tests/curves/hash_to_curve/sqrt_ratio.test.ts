/**
 * The two sqrt_ratio paths of the SWU map on BLS12-381's Fp2 agree: RFC 9380's generic steps
 * (Appendix F.2.1.1, `SqrtRatio.generic`) and the field's own norm method (`Fp2.sqrtRatioFor`, which
 * `run` uses): the same isQR flag, and roots equal up to sign (the map fixes the sign by sgn0 after).
 * At u = 0 both give y = 0, but the generic steps return isQR = 0 although 0 = u/v is a square (its
 * power tv5 is 0, not 1), where the norm method follows §F.2.1's definition (isQR = 1). The map never
 * asks: its u is g(x1)'s numerator, and g has no root in Fp2 (E' has no point of order 2: its order is
 * odd, checked here).
 */
import assert from "node:assert/strict";
import {
  BLS12_381_FP_PLAN,
  BLS12_381_X,
  FIELDS,
  fp2Coords,
  fp2H2c,
  SqrtRatio,
  swuG2,
  tower,
  TOWERS,
} from "../../internal.ts";
import { BACKENDS, rng } from "../helpers.ts";

Deno.test("bls12-381: E' over Fp2 has odd order, so g(x) = x³ + A'x + B' has no root and u = 0 never reaches sqrt_ratio", () => {
  const x = BLS12_381_X, r = FIELDS["bls12-381-fr"].p;
  // #E'(Fp2) = #E(Fp2) = h2·r (isogenous curves have equal orders; h2 from the pairing-friendly-curves draft §4.2.1)
  const h2 =
    (x ** 8n - 4n * x ** 7n + 5n * x ** 6n - 4n * x ** 4n + 6n * x ** 3n - 4n * x ** 2n - 4n * x + 13n) / 9n;
  assert.equal((h2 * r) & 1n, 1n);
});

for (const backend of BACKENDS) {
  Deno.test(`bls12-381 Fp2 (${backend}): sqrt_ratio by the norm equals RFC 9380's generic steps`, () => {
    const fp2 = tower(TOWERS["bls12-381"], backend, BLS12_381_FP_PLAN).fp2;
    const F = fp2Coords(fp2), n = F.size, p = F.kernel.p;
    const s = F.alloc(6), u = s, v = s + n, z = s + 2 * n, y1 = s + 3 * n, y2 = s + 4 * n, t = s + 5 * n;
    F.setVartime(z, swuG2(p).Z);
    const sr = new SqrtRatio(fp2H2c(F, fp2), z);
    const next = rng(7);
    let squares = 0;
    for (let i = 0; i < 24; i++) {
      F.setVartime(u, { c0: next(381) % p, c1: i % 5 === 0 ? 0n : next(381) % p });
      F.setVartime(v, { c0: next(381) % p, c1: next(381) % p });
      const own = sr.run(y1, u, v), generic = sr.generic(y2, u, v);
      assert.equal(own, generic, "isQR");
      F.neg(t, y2);
      assert.equal(F.eq(y1, y2) | F.eq(y1, t), 1, "y = ±y'");
      squares += own;
    }
    assert.ok(squares > 2 && squares < 22, "both cases exercised");
    F.setZero(u);
    assert.deepEqual(
      [sr.run(y1, u, v), F.isZero(y1), sr.generic(y2, u, v), F.isZero(y2)],
      [1, 1, 0, 1],
      "u = 0",
    );
  });
}
