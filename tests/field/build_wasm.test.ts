/** scripts/build_wasm.ts: the static .wasm files are the run-time generator's bytes, and they work. */

import { createWasmFieldKernel, FIELD_PLANS, FIELDS, wasmFieldModuleBytes } from "../internal.ts";
import assert from "node:assert/strict";
import { wasmFiles } from "../../scripts/build_wasm.ts";
import { FIELD_NAMES, modPow } from "./kernel_cases.ts";

Deno.test("build_wasm: one module per field and SIMD variant, equal to the generator's output", () => {
  const files = wasmFiles();
  assert.deepEqual(
    [...files.keys()].sort(),
    FIELD_NAMES.flatMap((n) => [`${n}.wasm`, `${n}.nosimd.wasm`]).sort(),
  );
  for (const name of FIELD_NAMES) {
    const { p } = FIELDS[name];
    const plan = FIELD_PLANS[name];
    assert.deepEqual(files.get(`${name}.wasm`), wasmFieldModuleBytes(FIELDS[name], plan, true), name);
    assert.deepEqual(files.get(`${name}.nosimd.wasm`), wasmFieldModuleBytes(FIELDS[name], plan, false), name);
    // Loaded as a static import would be: the compiled module handed to the kernel, with every layer.
    const module = new WebAssembly.Module(files.get(`${name}.wasm`) as BufferSource);
    const k = createWasmFieldKernel(FIELDS[name], plan, module);
    for (const layer of plan?.layers(true) ?? []) assert.notEqual(k.layer(layer.name), null, layer.name);
    const [a, b] = [k.alloc(1), k.alloc(1)];
    k.setBigintVartime(a, p - 3n);
    k.inv(b, a);
    assert.equal(k.toBigintVartime(b), modPow(p - 3n, p - 2n, p));
  }
});
