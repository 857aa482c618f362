/**
 * Backend selection (field/backend.ts): auto-detection, explicit switches and what they do to
 * existing kernels, the refusal of run-time compilation (simulated by replacing WebAssembly.Module, as
 * workerd and CSP pages behave), prebuilt modules through initWasm, and async init().
 */

import { createWasmFieldKernel, FIELDS, IsochronError, wasmFieldModuleBytes } from "../internal.ts";
import assert from "node:assert/strict";
import {
  fieldKernel,
  getBackend,
  getBackendChoice,
  init,
  initWasm,
  redetectWasm,
  setBackend,
  wasmAvailable,
  wasmCompilesFromBytes,
} from "../../field/mod.ts";
import { modPow } from "./kernel_cases.ts";
import { decodeModule, exportedFunction } from "../ct/wasm_decode.ts";

const isCode = (code: string) => (e: unknown) => e instanceof IsochronError && e.code === code;

/** Runs `fn` while `new WebAssembly.Module(bytes)` throws like workerd's, then restores it. */
function withoutRuntimeCompilation(fn: () => void): void {
  const original = WebAssembly.Module;
  // deno-lint-ignore no-explicit-any
  (WebAssembly as any).Module = function () {
    throw new WebAssembly.CompileError("WebAssembly.Module(): Wasm code generation disallowed by embedder");
  };
  try {
    assert.equal(redetectWasm(), false);
    fn();
  } finally {
    // deno-lint-ignore no-explicit-any
    (WebAssembly as any).Module = original;
    setBackend("auto");
    assert.equal(redetectWasm(), true);
  }
}

Deno.test("backend: auto picks wasm where it compiles; kernels are cached per (field, backend)", () => {
  assert.equal(wasmCompilesFromBytes(), true);
  assert.equal(getBackendChoice(), "auto");
  assert.equal(getBackend(), "wasm");
  const k = fieldKernel(FIELDS["bn254-fp"]);
  assert.equal(k.backend, "wasm");
  assert.equal(fieldKernel(FIELDS["bn254-fp"]), k, "cached");
  assert.equal(fieldKernel(FIELDS["bn254-fp"], "ts").backend, "ts");
  assert.notEqual(fieldKernel(FIELDS["bn254-fp"], "ts"), k);
  // deno-lint-ignore no-explicit-any
  assert.throws(() => fieldKernel(FIELDS["p-256" as any]), isCode("INVALID_TYPE"));
  // deno-lint-ignore no-explicit-any
  assert.throws(() => setBackend("gpu" as any), isCode("INVALID_TYPE"));
});

Deno.test("backend: a switch leaves earlier kernels working on their own slots", () => {
  setBackend("wasm");
  const w = fieldKernel(FIELDS["bls12-381-fr"]);
  const ws = w.alloc(2);
  w.setBigintVartime(ws, 6n);
  setBackend("ts");
  assert.equal(getBackend(), "ts");
  const t = fieldKernel(FIELDS["bls12-381-fr"]);
  assert.equal(t.backend, "ts");
  const ts = t.alloc(2);
  t.setBigintVartime(ts, 7n);
  // The old kernel still computes on its slots after the switch; the new one on its own.
  w.mul(ws + 1, ws, ws);
  t.mul(ts + 1, ts, ts);
  assert.equal(w.toBigintVartime(ws + 1), 36n);
  assert.equal(t.toBigintVartime(ts + 1), 49n);
  // Values move between kernels only through canonical bytes.
  const bytes = new Uint8Array(w.byteLength);
  w.toBytes(ws + 1, bytes);
  assert.equal(t.fromBytes(ts, bytes), 1);
  assert.equal(t.toBigintVartime(ts), 36n);
  // Switching back returns the same wasm kernel, slots intact.
  setBackend("auto");
  assert.equal(fieldKernel(FIELDS["bls12-381-fr"]), w);
  assert.equal(w.toBigintVartime(ws + 1), 36n);
});

Deno.test("backend: where compilation is refused, auto falls back to ts and forcing wasm throws", () => {
  const before = fieldKernel(FIELDS["bn254-fr"], "wasm"); // built while compilation works
  const slot = before.alloc(1);
  withoutRuntimeCompilation(() => {
    assert.equal(getBackend(), "ts");
    assert.equal(fieldKernel(FIELDS["bls12-381-fp"]).backend, "ts");
    assert.throws(() => setBackend("wasm"), isCode("BACKEND_UNAVAILABLE"));
    assert.throws(() => fieldKernel(FIELDS["bls12-381-fp"], "wasm"), isCode("BACKEND_UNAVAILABLE"));
    assert.equal(wasmAvailable("bls12-381-fp"), false);
    // A kernel built earlier keeps working.
    before.setBigintVartime(slot, 5n);
    before.sqr(slot, slot);
    assert.equal(before.toBigintVartime(slot), 25n);
  });
});

Deno.test("backend: prebuilt modules (initWasm) give wasm kernels without run-time compilation", () => {
  // As if imported from dist/wasm/bls12-381-fp.wasm.
  const prebuilt = new WebAssembly.Module(wasmFieldModuleBytes(FIELDS["bls12-381-fp"]));
  withoutRuntimeCompilation(() => {
    initWasm({ "bls12-381-fp": prebuilt });
    assert.equal(wasmAvailable("bls12-381-fp"), true);
    assert.equal(getBackend("bls12-381-fp"), "wasm");
    assert.equal(getBackend("bn254-fp"), "ts");
    assert.equal(fieldKernel(FIELDS["bls12-381-fp"]).backend, "wasm");
    assert.equal(fieldKernel(FIELDS["bn254-fp"]).backend, "ts");
    setBackend("wasm"); // allowed: some prebuilt module exists
    assert.throws(() => fieldKernel(FIELDS["bn254-fp"]), isCode("BACKEND_UNAVAILABLE"));
    // A fresh kernel on the prebuilt module: arithmetic and the inversion in the same module.
    const k = createWasmFieldKernel(FIELDS["bls12-381-fp"], undefined, prebuilt);
    const [a, b] = [k.alloc(1), k.alloc(1)];
    k.setBigintVartime(a, 1234567n);
    k.inv(b, a);
    assert.equal(k.toBigintVartime(b), modPow(1234567n, k.p - 2n, k.p));
    k.mul(b, b, a);
    assert.equal(k.toBigintVartime(b), 1n);
  });
  // deno-lint-ignore no-explicit-any
  assert.throws(() => initWasm({ "bls12-381-fp": new Uint8Array(8) as any }), isCode("INVALID_TYPE"));
  // A module that is no field module (no `mul`, no `inv`): refused before anything is registered.
  const empty = new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  assert.throws(() => initWasm({ "bn254-fp": prebuilt, "bls12-381-fp": empty }), isCode("INVALID_TYPE"));
});

Deno.test("backend: a prebuilt module's layout comes from its limbBits(); a width p cannot take is refused", () => {
  const bytes = wasmFieldModuleBytes(FIELDS["bn254-fp"]);
  const k = createWasmFieldKernel(FIELDS["bn254-fp"], undefined, new WebAssembly.Module(bytes));
  assert.equal(k.stride, 4 * (k.exports.limbBits() === 32 ? 8 : 9), "stride from the module's layout");
  // The same module claiming 7-bit limbs (its limbBits body patched: i32.const 30 → 7): INVALID_TYPE.
  const mod = decodeModule(bytes), fn = mod.functions[exportedFunction(mod, "limbBits") - mod.imports.length];
  const konst = fn.body.find((i) => i.name === "i32.const")!;
  assert.equal(konst.imm[0], 30, "the loader's modules keep 30-bit limbs");
  const forged = bytes.slice();
  forged[konst.offset + 1] = 7; // one-byte LEB128 immediate
  assert.throws(
    () => createWasmFieldKernel(FIELDS["bn254-fp"], undefined, new WebAssembly.Module(forged)),
    isCode("INVALID_TYPE"),
  );
});

Deno.test("backend: init() compiles asynchronously and registers the modules", async () => {
  assert.equal(await init([FIELDS["bn254-fr"]]), true);
  assert.equal(wasmAvailable("bn254-fr"), true);
  assert.equal(fieldKernel(FIELDS["bn254-fr"]).backend, "wasm");
});
