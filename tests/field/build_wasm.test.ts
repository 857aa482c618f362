/** scripts/build_wasm.ts: the static .wasm files are the run-time generator's bytes, and they work. */

import assert from "node:assert/strict";
import { wasmFiles } from "../../scripts/build_wasm.ts";
import { buildFieldModule } from "../../field/wasm/module.ts";
import { inverseModuleBytes } from "../../field/wasm/inverse.ts";
import { createWasmFieldKernel } from "../../field/wasm/kernel.ts";
import { FIELDS } from "../../field/params.ts";
import { FIELD_NAMES, modPow } from "./kernel_cases.ts";

Deno.test("build_wasm: one kernel and one inverse module per field, equal to the generator's output", () => {
  const files = wasmFiles();
  assert.deepEqual(
    [...files.keys()].sort(),
    FIELD_NAMES.flatMap((n) => [`${n}.wasm`, `${n}-inv.wasm`]).sort(),
  );
  for (const name of FIELD_NAMES) {
    const { p } = FIELDS[name];
    assert.deepEqual(files.get(`${name}.wasm`), buildFieldModule(p).bytes, name);
    assert.deepEqual(files.get(`${name}-inv.wasm`), inverseModuleBytes(p), `${name} inverse`);
    // Loaded as a static import would be: compiled modules handed to the kernel.
    const kernel = new WebAssembly.Module(files.get(`${name}.wasm`) as BufferSource);
    const inverse = new WebAssembly.Module(files.get(`${name}-inv.wasm`) as BufferSource);
    const k = createWasmFieldKernel(name, { kernel, inverse });
    const [a, b] = [k.alloc(1), k.alloc(1)];
    k.setBigintVartime(a, p - 3n);
    k.inv(b, a);
    assert.equal(k.toBigintVartime(b), modPow(p - 3n, p - 2n, p));
  }
});
