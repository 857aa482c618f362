/** scripts/build_wasm.ts: the static .wasm files are the run-time generator's bytes, and they work. */

import {
  createWasmFieldKernel,
  FIELD_PLANS,
  FIELDS,
  wasmFieldModuleBytes,
  x25519WideBytes,
} from "../internal.ts";
import assert from "node:assert/strict";
import { wasmFiles } from "../../scripts/build_wasm.ts";
import { packageWasmFiles } from "../../scripts/build_package.ts";
import { x25519WasmBytes } from "../../x25519/mod.ts";
import { FIELD_NAMES, modPow } from "./kernel_cases.ts";
import { decodeModule } from "../ct/wasm_decode.ts";

/** The SIMD instructions (prefix 0xFD) and v128 locals (type 0x7B) of a module's functions. */
function simdUses(bytes: Uint8Array): string[] {
  return decodeModule(bytes).functions.flatMap((f) => [
    ...f.body.filter((i) => i.op >>> 16 === 0xfd).map((i) => `${f.name}: ${i.name}`),
    ...f.localTypes.filter((t) => t === 0x7b).map(() => `${f.name}: v128 local`),
  ]);
}

Deno.test("build_wasm: one module per field and SIMD variant, equal to the generator's output, each loads", () => {
  const files = wasmFiles();
  assert.deepEqual(
    [...files.keys()].sort(),
    FIELD_NAMES.flatMap((n) => [`${n}.wasm`, `${n}.nosimd.wasm`, `${n}.wide.wasm`]).sort(),
  );
  for (const name of FIELD_NAMES) {
    const { p } = FIELDS[name];
    const plan = FIELD_PLANS[name];
    assert.deepEqual(files.get(`${name}.wasm`), wasmFieldModuleBytes(FIELDS[name], plan, true), name);
    assert.deepEqual(files.get(`${name}.nosimd.wasm`), wasmFieldModuleBytes(FIELDS[name], plan, false), name);
    // The wide shape's file (Bun): the generator's bytes of that shape; it compiles only where wide
    // arithmetic validates (the package's files.mjs runs it on Bun).
    const wide = wasmFieldModuleBytes(FIELDS[name], plan, true, "wide");
    assert.deepEqual(files.get(`${name}.wide.wasm`), wide, name);
    assert.notDeepEqual(wide, files.get(`${name}.wasm`), `${name}: the shapes differ`);
    // Loaded as a static import would be: the compiled module handed to the kernel, with every layer
    // of its variant (this engine has SIMD, and takes the file without SIMD as well).
    for (const simd of [true, false]) {
      const file = `${name}${simd ? "" : ".nosimd"}.wasm`;
      const module = new WebAssembly.Module(files.get(file) as BufferSource);
      const k = createWasmFieldKernel(FIELDS[name], plan, module);
      for (const layer of plan?.layers(simd) ?? []) assert.notEqual(k.layer(layer.name), null, file);
      const [a, b] = [k.alloc(1), k.alloc(1)];
      k.setBigintVartime(a, p - 3n);
      k.inv(b, a);
      assert.equal(k.toBigintVartime(b), modPow(p - 3n, p - 2n, p), file);
    }
  }
});

Deno.test("build_package: the .nosimd.wasm files hold no SIMD instruction (the others do)", () => {
  for (const [file, bytes] of packageWasmFiles()) {
    if (file.endsWith(".wide.wasm")) continue;
    const uses = simdUses(bytes);
    if (file.endsWith(".nosimd.wasm")) assert.deepEqual(uses, [], file);
    else assert.notDeepEqual(uses, [], `${file} is the SIMD variant`);
  }
});

Deno.test("build_package: the package ships every field module and X25519's, each in both variants and wide", () => {
  const files = packageWasmFiles();
  const names = [...FIELD_NAMES, "x25519"];
  assert.deepEqual(
    [...files.keys()].sort(),
    names.flatMap((n) => [`${n}.wasm`, `${n}.nosimd.wasm`, `${n}.wide.wasm`]).sort(),
  );
  assert.deepEqual(files.get("x25519.wasm"), x25519WasmBytes(true));
  assert.deepEqual(files.get("x25519.nosimd.wasm"), x25519WasmBytes(false));
  assert.deepEqual(files.get("x25519.wide.wasm"), x25519WideBytes());
  assert.notDeepEqual(files.get("x25519.wasm"), files.get("x25519.nosimd.wasm"), "the variants differ");
});
