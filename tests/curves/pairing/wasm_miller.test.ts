/**
 * The compiled Miller-loop steps (curves/pairing/wasm_miller.ts) against the same formulas composed in
 * JavaScript (miller_steps.ts over the tower's Fp2) on the same kernel: identical T and line
 * coefficients after doubling and addition steps from random points, for both curves; and the
 * no-branch rule on the emitted code.
 */
import { ctWasm } from "../../ct/registry.ts";
import assert from "node:assert/strict";
import {
  FIELD_PLANS,
  FIELDS,
  millerAddStep,
  millerDblStep,
  simdSupported,
  STEP_SCRATCH,
  tower,
  TOWERS,
  wasmFieldModuleBytes,
  wasmMillerFunctions,
} from "../../internal.ts";
import { rng } from "../helpers.ts";

const CURVES = [["bls12-381", "bls12-381-fp"], ["bn254", "bn254-fp"]] as const;

for (const [curve, field] of CURVES) {
  Deno.test(`${curve}: compiled Miller steps equal the composed ones`, () => {
    const tw = tower(TOWERS[curve], "wasm", FIELD_PLANS[field]);
    const w = wasmMillerFunctions(tw.fp, curve);
    if (!simdSupported()) {
      assert.equal(w, null, "no SIMD: no Miller layer (the composed steps run)");
      return;
    }
    assert.notEqual(w, null, "the curve's plan has the Miller layer");
    const f2 = tw.fp2, fp = tw.fp, k = w!.stride, p = fp.p, next = rng(11);
    const r = () => next(400) % p;
    const [T1, T2] = [f2.alloc(3), f2.alloc(3)], [l1, l2] = [f2.alloc(3), f2.alloc(3)];
    const s = f2.alloc(STEP_SCRATCH), P = fp.alloc(2), Q = f2.alloc(2), b3 = f2.alloc(1);
    f2.setBigintVartime(b3, { c0: r(), c1: r() }); // any constant: the 3b' product path (BN254) or its
    if (curve === "bls12-381") f2.setBigintVartime(b3, { c0: 12n, c1: 12n }); // folded combination (12 + 12u)
    const same = (what: string) => {
      for (let i = 0; i < 3; i++) {
        assert.deepEqual(f2.toBigintVartime(T1 + 2 * i), f2.toBigintVartime(T2 + 2 * i), `${what}: T[${i}]`);
        assert.deepEqual(f2.toBigintVartime(l1 + 2 * i), f2.toBigintVartime(l2 + 2 * i), `${what}: l[${i}]`);
      }
    };
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 3; i++) f2.setBigintVartime(T1 + 2 * i, { c0: r(), c1: r() });
      for (let i = 0; i < 3; i++) f2.copy(T2 + 2 * i, T1 + 2 * i);
      fp.setBigintVartime(P, r()), fp.setBigintVartime(P + 1, r());
      f2.setBigintVartime(Q, { c0: r(), c1: r() }), f2.setBigintVartime(Q + 2, { c0: r(), c1: r() });
      millerDblStep(f2, s, l1, T1, P, b3);
      w!.dbl(T2 * k, l2 * k, P * k, s * k, b3 * k);
      same(`doubling #${round}`);
      millerAddStep(f2, s, l1, T1, Q, P);
      w!.add(T2 * k, l2 * k, Q * k, P * k, s * k);
      same(`addition #${round}`);
    }
  });

  ctWasm(`Miller steps ${curve}`, () => wasmFieldModuleBytes(FIELDS[field], FIELD_PLANS[field]), {
    straightLine: [`${curve}.miller_dbl`, `${curve}.miller_add`],
  });
}
