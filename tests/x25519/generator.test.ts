// Reproducibility of generated code: the checked-in TypeScript kernel equals its generator's output,
// and the wasm module is deterministic and valid in both variants.

import assert from "node:assert/strict";
import { buildX25519Wasm, generateFieldTs } from "../internal.ts";

Deno.test("generator: x25519/ts/field.ts equals generateFieldTs() (regenerating changes nothing)", () => {
  const checkedIn = Deno.readTextFileSync(new URL("../../x25519/ts/field.ts", import.meta.url));
  assert.equal(checkedIn, generateFieldTs());
});

Deno.test("generator: the TypeScript kernel has no eval, Function, branches or loops", () => {
  const src = generateFieldTs();
  const code = src.split("\n").filter((l) => !/^\s*(\/\/|\*|\/\*\*)/.test(l)).join("\n");
  assert.doesNotMatch(code, /\beval\b|\bFunction\b|\bif\b|\bfor\b|\bwhile\b|\?|\bswitch\b|&&|\|\|/);
});

Deno.test("generator: the wasm module is deterministic and validates (SIMD and scalar variants)", () => {
  for (const simd of [true, false]) {
    const a = buildX25519Wasm({ simd }), b = buildX25519Wasm({ simd });
    assert.deepEqual(a, b);
    assert.ok(WebAssembly.validate(a as Uint8Array<ArrayBuffer>));
  }
});
