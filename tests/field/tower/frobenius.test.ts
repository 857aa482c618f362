/** Re-derives every Frobenius coefficient from its definition with independent BigInt arithmetic. */
import { towerFrobenius, TOWERS } from "../../internal.ts";
import assert from "node:assert/strict";
import { RefTower } from "./reference.ts";
import { CURVES } from "./helpers.ts";

for (const name of CURVES) {
  Deno.test(`${name}: γ_{k,j} = ξ^(j(p^k − 1)/6) for k = 1, 2, 3, j = 0…5`, () => {
    const ref = new RefTower(name);
    const { gamma } = towerFrobenius(TOWERS[name]);
    assert.ok(TOWERS[name].gamma11 !== undefined, "the curve states γ_{1,1}: the table below is built on it");
    assert.equal(gamma.length, 3);
    for (let k = 1; k <= 3; k++) {
      const e = (ref.p ** BigInt(k) - 1n) / 6n;
      assert.equal(e * 6n, ref.p ** BigInt(k) - 1n);
      for (let j = 0; j < 6; j++) {
        const g = gamma[k - 1][j];
        assert.deepEqual([g.c0, g.c1], ref.pow2(ref.xi, BigInt(j) * e), `γ_{${k},${j}}`);
      }
    }
    // γ_{2,j} lies in Fp (the Fp6/Fp12 Frobenius for k = 2 relies on it); γ_{k,3}² = γ_{k,6} = ξ^(p^k − 1).
    for (const g of gamma[1]) assert.equal(g.c1, 0n);
  });

  Deno.test(`${name}: ξ is neither a square nor a cube in Fp2 (so Fp6 and Fp12 are fields)`, () => {
    const ref = new RefTower(name);
    const q = ref.p * ref.p;
    assert.ok(!ref.eq2(ref.pow2(ref.xi, (q - 1n) / 2n), [1n, 0n]));
    assert.ok(!ref.eq2(ref.pow2(ref.xi, (q - 1n) / 3n), [1n, 0n]));
    assert.equal(ref.p % 4n, 3n); // u² + 1 irreducible
  });
}
