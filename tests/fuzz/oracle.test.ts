/**
 * Positive controls of the fuzz oracle: a wrong code, a TypeError, a wrong result, a missing error,
 * a corrupted state and a family past its budget each fail (naming the seed); and the reference
 * codecs give the code of what was done to an encoding (length, flags, x ≥ p, off the curve, outside
 * the subgroup), so a decoder that returned another point or code would be caught.
 */
import assert from "node:assert/strict";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { IsochronError } from "../internal.ts";
import { beBytes, type Family, LONG, LONG_FACTOR, runFamily, SEED } from "./helpers.ts";
import { eip2537, eth, randomCurvePoint, REF, samePoint, zcash } from "./reference.ts";

const fails = (body: (f: Family) => void, known: () => void = () => {}, budgetMs = 10_000) =>
  assert.throws(() => runFamily("control", "ts", { budgetMs, known: () => known }, body), (e: Error) => {
    assert.match(e.message, new RegExp(`seed ${SEED}`));
    return true;
  });
const lengthError = () => {
  throw new IsochronError("INVALID_LENGTH", "short");
};

Deno.test("fuzz oracle: every bad outcome fails the family", () => {
  fails((f) => f.check("wrong code", lengthError, "NOT_ON_CURVE"));
  fails((f) => f.check("TypeError", () => (null as unknown as { x: number }).x, "INVALID_TYPE"));
  fails((f) => f.check("nothing thrown", () => 1, "INVALID_TYPE"));
  fails((f) => f.check("wrong result", () => 1, (v) => assert.equal(v, 2)));
  let broken = false;
  fails((f) => {
    broken = true;
    f.check("state corrupted", lengthError, "INVALID_LENGTH");
  }, () => assert.ok(!broken, "known answer"));
  fails(
    (f) => {
      const t = performance.now();
      while (performance.now() - t < 20 * (LONG ? LONG_FACTOR : 1)) { /* a slow loop, past 5 ms (scaled) */ }
      f.check("after the budget", lengthError, "INVALID_LENGTH");
    },
    () => {},
    5,
  );
  // And the right code or result passes.
  const t = runFamily("control", "ts", { budgetMs: 10_000, known: () => () => {} }, (f) => {
    f.check("right code", lengthError, "INVALID_LENGTH");
    f.check("right result", () => 2, (v) => assert.equal(v, 2));
  });
  assert.deepEqual([t.cases, t.errors], [2, 1]);
});

Deno.test("fuzz oracle: the reference codecs give the code of each edit", () => {
  const z = zcash(REF.blsG1), P = bls12_381.G1.BASE.multiply(5n), A = P.toAffine();
  const c = z.encode(A, true);
  assert.ok(samePoint(REF.blsG1, P, z.decode(c, true) as never), "the valid encoding");
  assert.ok(!samePoint(REF.blsG1, P.negate(), z.decode(c, true) as never), "a negated point is caught");
  assert.deepEqual(z.decode(c.subarray(1), true), { code: "INVALID_LENGTH" });
  assert.deepEqual(z.decode(Uint8Array.from(c, (b, i) => (i ? b : b & 0x7f)), true), {
    code: "INVALID_FLAGS",
  });
  const big = new Uint8Array(c);
  big.set(beBytes(REF.blsG1.p + 1n, 48));
  big[0] |= 0x80;
  assert.deepEqual(z.decode(big, true), { code: "NON_CANONICAL" });
  const u = z.encode(A, false);
  u[95] ^= 1;
  assert.deepEqual(z.decode(u, true), { code: "NOT_ON_CURVE" });
  const out = z.encode(
    randomCurvePoint(
      REF.blsG1,
      new (class {
        private n = 7;
        bigint = () => BigInt(this.n++) * 0x1234567n;
        int = () => 0;
      })() as never,
    ),
    false,
  );
  assert.deepEqual(z.decode(out, true), { code: "NOT_IN_SUBGROUP" });
  assert.notDeepEqual(z.decode(out, false), { code: "NOT_IN_SUBGROUP" });
  const e = eip2537(REF.blsG1).encode(A, false);
  e[0] = 1;
  assert.deepEqual(eip2537(REF.blsG1).decode(e, true), { code: "NON_CANONICAL" });
  const g = eth(REF.bnG1).encode(REF.bnG1.Point.BASE.toAffine(), true);
  g[0] &= 0x3f;
  assert.deepEqual(eth(REF.bnG1).decode(g, true), { code: "INVALID_FLAGS" });
});
