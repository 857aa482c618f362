// Reproducibility of generated code: the checked-in TypeScript kernel equals its generator's output,
// and the wasm module is deterministic and valid in both variants.

import assert from "node:assert/strict";
import { buildX25519Wasm, generateFieldTs } from "../internal.ts";

Deno.test("generator: x25519/ts/field.ts equals generateFieldTs() (regenerating changes nothing)", () => {
  const checkedIn = Deno.readTextFileSync(new URL("../../x25519/ts/field.ts", import.meta.url));
  assert.equal(checkedIn, generateFieldTs());
});

/**
 * The loops of `code` that are not counted: `for (let i = …; …; i++)` whose start and bound name only
 * loop counters and numbers, never data.
 */
function uncountedLoops(code: string): string[] {
  const heads = [...code.matchAll(/\bfor \(([^)]*)\)/g)].map((m) => m[1]);
  const counters = new Set(heads.map((h) => h.match(/^let (\w+) =/)?.[1]));
  return heads.filter((head) => {
    const m = head.match(/^let (\w+) = ([^;]+); ([^;]+); (\w+)\+\+$/);
    if (m === null || m[4] !== m[1]) return true;
    return (`${m[2]} ${m[3]}`.match(/[A-Za-z_]\w*/g) ?? []).some((n) => !counters.has(n));
  });
}

Deno.test("generator: the TypeScript kernel has no eval, Function or branches, and only counted loops", () => {
  const src = generateFieldTs();
  const code = src.split("\n").filter((l) => !/^\s*(\/\/|\*|\/\*\*)/.test(l)).join("\n");
  assert.doesNotMatch(
    code,
    /\beval\b|\bFunction\b|\bif\b|\bwhile\b|\?|\bswitch\b|&&|\|\||\bbreak\b|\bcontinue\b/,
  );
  assert.match(code, /\bfor \(/);
  assert.deepEqual(uncountedLoops(code), []);
  // Controls: a loop bounded by data and one that does not count are caught.
  assert.equal(uncountedLoops("for (let k = 0; k < c; k++) F[k] = 0;").length, 1);
  assert.equal(uncountedLoops("for (let k = 0; k < 15; k += q) F[k] = 0;").length, 1);
});

Deno.test("generator: the wasm module is deterministic and validates (SIMD and scalar variants)", () => {
  for (const simd of [true, false]) {
    const a = buildX25519Wasm({ simd }), b = buildX25519Wasm({ simd });
    assert.deepEqual(a, b);
    assert.ok(WebAssembly.validate(a as Uint8Array<ArrayBuffer>));
  }
});
