/**
 * The wasm kernels' four-squarings call (field/wasm/emit_sqr4.ts), which exponentiation uses: present
 * on every field's wasm kernel, equal to a^16 on edge values and random ones, in place and not.
 */
import assert from "node:assert/strict";
import { edgeValues, FIELD_NAMES, kernelOf, mod, modPow, Rng } from "./kernel_cases.ts";

for (const name of FIELD_NAMES) {
  Deno.test(`${name} wasm: sqr4 = a^16`, () => {
    const k = kernelOf(name, "wasm"), p = k.p, rng = new Rng(16);
    assert.equal(typeof k.sqr4, "function", "the wasm kernel squares four times in one call");
    const [a, o] = [k.alloc(1), k.alloc(1)];
    for (const x of [...edgeValues(p), rng.below(p), rng.below(p)]) {
      k.setBigintVartime(a, x);
      k.sqr4!(o, a);
      assert.equal(k.toBigintVartime(o), modPow(mod(x, p), 16n, p), `${x}`);
      k.sqr4!(a, a);
      assert.equal(k.toBigintVartime(a), modPow(mod(x, p), 16n, p), `${x} in place`);
    }
  });
}
