/**
 * The compiled point formulas (curves/wasm_point.ts) against the composed ones (projective.ts on the
 * same kernel, `{ wasm: false }`): identical projective coordinates on random points and on every
 * exceptional case of the complete formulas (P = Q, P = −Q, O + P, P + O, O + O, 2·O), with out
 * aliasing an input; the mixed addition (Algorithm 8, affine q) against the composed one and, as a
 * point, against the complete addition, on the same cases but q = O; the choice of the 3b
 * multiplication; and the no-branch rule on the emitted code.
 */
import { ctWasm } from "../../ct/registry.ts";
import {
  type B3Coefficients,
  b3Coefficients,
  FIELDS,
  type GroupImpl,
  pointModuleBytes,
  Projective,
  simdSupported,
} from "../../internal.ts";
import assert from "node:assert/strict";
import { bls12_381Groups } from "../../internal.ts";
import { bn254Groups } from "../../internal.ts";
import { rng } from "../helpers.ts";

type AnyGroup = GroupImpl<unknown>;
const CASES = [
  ["bls12-381", "G1", [12]],
  ["bls12-381", "G2", [12, 12]],
  ["bn254", "G1", [9]],
  ["bn254", "G2", null],
] as const;

function group(curve: string, which: "G1" | "G2", backend: "wasm" | "ts"): AnyGroup {
  const gs = curve === "bls12-381" ? bls12_381Groups(backend) : bn254Groups(backend);
  return gs[which] as unknown as AnyGroup;
}

/** The coordinates of point slot p as strings (exact projective values, not the affine point). */
function coords(G: AnyGroup, p: number): string {
  const n = G.F.size;
  return [0, 1, 2].map((i) => JSON.stringify(G.F.getVartime(p + i * n), (_, v) => String(v))).join("|");
}

for (const [curve, which, coefs] of CASES) {
  Deno.test(`wasm point formulas = composed formulas: ${curve} ${which}`, () => {
    const G = group(curve, which, "wasm");
    const law = G.law, F = G.F;
    assert.equal(law.compiled, true, "the wasm backend compiles the formulas");
    const b3 = F.getVartime(law.b3) as bigint | { c0: bigint; c1: bigint };
    const b3Parts = typeof b3 === "bigint" ? [b3] : [b3.c0, b3.c1];
    assert.deepEqual(b3Coefficients(b3Parts, F.kernel.p), coefs as B3Coefficients);
    const ref = new Projective(F, F.getVartime(law.b));
    assert.equal(ref.compiled, false);

    const rand = rng(which === "G1" ? 11 : 22);
    const [P, Q, negP, O, out1, out2, A, negA, x] = Array.from({ length: 9 }, () => law.alloc(1));
    law.setZero(O);
    /** madd with q affine: compiled = composed (coordinates), = add (as points), out aliasing p or q. */
    /** The compiled and composed `op`, with out = p and with out = q: the same coordinates. */
    const aliased = (op: "add" | "madd", what: string, p: number, q: number) => {
      law.copy(out1, p), law.copy(out2, p);
      law[op](out1, out1, q), ref[op](out2, out2, q);
      assert.equal(coords(G, out1), coords(G, out2), `${op} out = p ${what}`);
      law.copy(out1, q), law.copy(out2, q);
      law[op](out1, p, out1), ref[op](out2, p, out2);
      assert.equal(coords(G, out1), coords(G, out2), `${op} out = q ${what}`);
    };
    const checkMadd = (what: string, p: number, q: number) => {
      law.madd(out1, p, q);
      ref.madd(out2, p, q);
      assert.equal(coords(G, out1), coords(G, out2), `madd ${what}`);
      ref.add(out2, p, q);
      assert.equal(law.eq(out1, out2), 1, `madd = add ${what}`);
      aliased("madd", what, p, q);
    };
    /** a ← p with Z = 1 (p ≠ O). */
    const affine = (a: number, p: number) => {
      law.toAffine(x, x + F.size, p);
      law.fromAffine(a, x, x + F.size);
    };
    const check = (what: string, p: number, q: number) => {
      law.add(out1, p, q);
      ref.add(out2, p, q);
      assert.equal(coords(G, out1), coords(G, out2), `add ${what}`);
      law.dbl(out1, p);
      ref.dbl(out2, p);
      assert.equal(coords(G, out1), coords(G, out2), `dbl ${what}`);
      aliased("add", what, p, q);
      law.copy(out1, p), law.copy(out2, p);
      law.dbl(out1, out1), ref.dbl(out2, out2);
      assert.equal(coords(G, out1), coords(G, out2), `dbl out = p ${what}`);
    };
    for (let i = 0; i < 8; i++) {
      // multiplyUnsafe leaves Z ≠ 1: the formulas see general projective inputs
      G.load(G.BASE.multiplyUnsafe(rand(250) + 1n), P);
      G.load(G.BASE.multiplyUnsafe(rand(250) + 1n), Q);
      law.neg(negP, P);
      check(`random #${i}`, P, Q);
      check(`P = Q #${i}`, P, P);
      check(`P = −Q #${i}`, P, negP);
      check(`O + P #${i}`, O, P);
      check(`P + O #${i}`, P, O);
      affine(A, Q), law.neg(negA, A);
      checkMadd(`random #${i}`, P, A);
      affine(A, P), law.neg(negA, A);
      checkMadd(`P = Q #${i}`, P, A);
      checkMadd(`P = −Q #${i}`, P, negA);
      checkMadd(`O + Q #${i}`, O, A);
    }
    check("O + O and 2·O", O, O);
    // the group law itself, on the compiled path: P + (−P) = O, 2·O = O, O + P = P
    law.add(out1, P, negP);
    assert.equal(law.isZero(out1), 1);
    law.dbl(out1, O);
    assert.equal(law.isZero(out1), 1);
    law.add(out1, O, P);
    assert.equal(law.eq(out1, P), 1);
    law.wipeScratch();
  });

  Deno.test(`ts backend composes the formulas: ${curve} ${which}`, () => {
    assert.equal(group(curve, which, "ts").law.compiled, false);
  });

  const p = FIELDS[curve === "bls12-381" ? "bls12-381-fp" : "bn254-fp"].p;
  const size = which === "G1" ? 1 : 2;
  const muls = which === "G1" ? ["simd", "fips"] as const : ["simd"] as const;
  for (const mul of muls) {
    if (mul === "simd" && !simdSupported()) continue;
    ctWasm(`point formulas ${curve} ${which} (${mul})`, () => pointModuleBytes(p, size, coefs, mul), {
      straightLine: ["point_add", "point_madd", "point_dbl", "jac_add", "jac_madd", "jac_dbl"],
    });
    if (coefs !== null) {
      // the other 3b path (a product with the b3 element) too
      ctWasm(
        `point formulas ${curve} ${which} (${mul}, 3b by product)`,
        () => pointModuleBytes(p, size, null, mul),
        {
          straightLine: ["point_add", "point_madd", "point_dbl", "jac_add", "jac_madd", "jac_dbl"],
        },
      );
    }
  }
}
