/**
 * The field layer's limits, as feature decisions from a field's data (ARCHITECTURE.md, "Adding a
 * curve"): the wasm kernel needs one spare top bit of p, the wasm Fp2 emitters two, and the tower
 * needs p ≡ 3 (mod 4) (u² = −1). A prime outside a limit gets the TypeScript kernel or the composed
 * tower, or a typed refusal, never a wrong result or an emitter crash.
 */
import assert from "node:assert/strict";
import {
  bn254_fr as generatedFr,
  defineField,
  defineTower,
  FIELDS,
  IsochronError,
  wasmFp2SupportsModulus,
  wasmSupportsModulus,
} from "../internal.ts";
import { fieldKernel } from "../../field/mod.ts";

/** secp256k1's p = 2^256 − 2^32 − 977 (SEC 2 §2.4.1): 256 bits, no spare bit in 8 limbs. */
const SECP256K1_P = (1n << 256n) - (1n << 32n) - 977n;
/** BLS12-377 from its parameter x = 0x8508c00000000001 (Bowe et al., ZEXE, ePrint 2018/962): p ≡ 1 mod 4. */
const X377 = 0x8508c00000000001n, R377 = X377 ** 4n - X377 ** 2n + 1n;
const P377 = ((X377 - 1n) ** 2n * R377) / 3n + X377;

Deno.test("limits: which primes the wasm kernel and the wasm Fp2 emitters take", () => {
  for (const f of Object.values(FIELDS)) assert.equal(wasmSupportsModulus(f.p), true, f.name);
  assert.equal(wasmFp2SupportsModulus(FIELDS["bls12-381-fp"].p), true);
  assert.equal(wasmFp2SupportsModulus(FIELDS["bn254-fp"].p), true, "exactly two spare bits");
  assert.equal(wasmFp2SupportsModulus(FIELDS["bls12-381-fr"].p), false, "255 bits in 8 limbs: one spare bit");
  assert.equal(wasmSupportsModulus(SECP256K1_P), false, "no spare bit");
  assert.equal(wasmSupportsModulus((1n << 255n) - 19n), true);
  assert.equal(wasmSupportsModulus((1n << 61n) - 1n), false, "below 2^64: refused (the inversion)");
  assert.equal(P377.toString(2).length, 377);
  assert.equal(wasmFp2SupportsModulus(P377), true);
});

Deno.test("limits: a prime without a spare bit is refused by forced wasm with BACKEND_UNAVAILABLE", () => {
  // The TypeScript kernel of this made-up field would be bn254-fr's: not reached before the refusal.
  const secp = defineField("secp256k1-p", SECP256K1_P, generatedFr);
  assert.throws(
    () => fieldKernel(secp, "wasm"),
    (e: unknown) =>
      e instanceof IsochronError && e.code === "BACKEND_UNAVAILABLE" && /spare top bit/.test(e.message),
  );
});

Deno.test("limits: the tower refuses p ≢ 3 (mod 4), whose Fp2 is not Fp[u]/(u² + 1)", () => {
  assert.equal(P377 % 4n, 1n);
  const fp = defineField("bls12-377-fp", P377, generatedFr);
  assert.throws(() => defineTower("bls12-377", fp, { c0: 0n, c1: 1n }, "D"), /p ≡ 3 mod 4/);
});
