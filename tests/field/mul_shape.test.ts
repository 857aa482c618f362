// The Fp multiplication shapes (field/wasm/shape.ts) under the whole library: a fresh process per
// shape forces it before any kernel is built (mul_shape_child.ts) and checks G1/G2 multiply, pairings
// and BLS signatures against noble; the parent checks that the child compiled the BLS12-381 module of
// that shape (wide: with V8's --experimental-wasm-wide-arithmetic). The shapes' bytecode proofs are in
// tests/ct/field.test.ts (plan modules, every shape).
import assert from "node:assert/strict";
import {
  FIELD_PLANS,
  fieldMulShapeFor,
  FIELDS,
  portableFieldMulShape,
  wasmFieldModuleBytes,
} from "../internal.ts";

const DENO = Deno.execPath();

for (const shape of ["u32", "reduced", "wide"] as const) {
  Deno.test(`field mul shape ${shape}: the wasm stack equals noble (fresh process)`, async () => {
    const child = new URL("./mul_shape_child.ts", import.meta.url).pathname;
    const config = new URL("../../deno.json", import.meta.url).pathname;
    // V8 validates the wide-arithmetic instructions only behind a flag (JavaScriptCore by default)
    const flags = shape === "wide" ? ["--v8-flags=--experimental-wasm-wide-arithmetic"] : [];
    const out = await new Deno.Command(DENO, {
      args: ["run", "--allow-read", "--allow-env", ...flags, "--config", config, child, shape],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const text = new TextDecoder().decode(out.stdout).trim();
    const result = JSON.parse(text.split("\n").at(-1)!);
    assert.equal(result.shape, shape);
    assert.ok(result.checks >= 26, `${result.checks} checks`);
    const expected =
      wasmFieldModuleBytes(FIELDS["bls12-381-fp"], FIELD_PLANS["bls12-381-fp"], true, shape).length;
    assert.ok(
      result.sizes.includes(expected),
      `compiled ${result.sizes} (the ${shape} module has ${expected} bytes)`,
    );
  });
}

Deno.test("field mul shapes: the modules differ; wide where validated, else reduced where 30-bit limbs hold p", () => {
  const [u32, reduced, wide] = (["u32", "reduced", "wide"] as const).map((s) =>
    wasmFieldModuleBytes(FIELDS["bls12-381-fp"], FIELD_PLANS["bls12-381-fp"], true, s).length
  );
  assert.equal(new Set([u32, reduced, wide]).size, 3);
  assert.equal(fieldMulShapeFor(true), "wide");
  assert.equal(fieldMulShapeFor(false), "reduced");
  for (const name of ["bls12-381-fp", "bls12-381-fr", "bn254-fp", "bn254-fr"] as const) {
    assert.equal(portableFieldMulShape(FIELDS[name].p), "reduced", name);
  }
  // A prime with p ≥ R/2 (secp256k1's, R = 2^256) does not fit 30-bit limbs: u32.
  assert.equal(portableFieldMulShape((1n << 256n) - (1n << 32n) - 977n), "u32");
});
