/**
 * The library's one backend switch (backend.ts): setBackend reaches the fields and X25519, getBackend
 * answers per field, per curve and for X25519, and tells the truth where prebuilt modules run wasm on a
 * runtime that refuses to compile it.
 */
import assert from "node:assert/strict";
import { getBackend, initWasm, setBackend, x25519 } from "../mod.ts";
import {
  bls12_381Groups,
  FIELD_PLANS,
  FIELDS,
  IsochronError,
  redetectWasm,
  wasmFieldModuleBytes,
} from "./internal.ts";

const isCode = (code: string) => (e: unknown) => e instanceof IsochronError && e.code === code;

Deno.test("backend: one setBackend for the fields and X25519", () => {
  try {
    setBackend("ts");
    for (const t of ["bls12-381", "bn254", "bls12-381-fp", "bn254-fr", "x25519"]) {
      assert.equal(getBackend(t), "ts", t);
    }
    assert.equal(bls12_381Groups().G1.F.kernel.backend, "ts");
    const k = new Uint8Array(32).fill(5);
    const ts = x25519.getPublicKey(k);
    setBackend("auto");
    for (const t of ["bls12-381", "bn254", "x25519"]) assert.equal(getBackend(t), "wasm", t);
    assert.equal(bls12_381Groups().G1.F.kernel.backend, "wasm");
    assert.deepEqual(x25519.getPublicKey(k), ts, "same answer on both backends");
  } finally {
    setBackend("auto");
  }
});

Deno.test("backend: bad choices and targets get INVALID_TYPE and change nothing", () => {
  // deno-lint-ignore no-explicit-any
  assert.throws(() => setBackend("fast" as any), isCode("INVALID_TYPE"));
  assert.equal(getBackend("bls12-381"), "wasm");
  assert.throws(() => getBackend("p-256"), isCode("INVALID_TYPE"));
});

Deno.test("backend: getBackend tells the truth with prebuilt modules where compilation is refused", () => {
  const prebuilt = new WebAssembly.Module(
    wasmFieldModuleBytes(FIELDS["bls12-381-fp"], FIELD_PLANS["bls12-381-fp"]),
  );
  const original = WebAssembly.Module;
  // deno-lint-ignore no-explicit-any
  (WebAssembly as any).Module = function () {
    throw new WebAssembly.CompileError("WebAssembly.Module(): Wasm code generation disallowed by embedder");
  };
  try {
    assert.equal(redetectWasm(), false);
    assert.equal(getBackend("bls12-381"), "ts");
    initWasm({ "bls12-381-fp": prebuilt });
    assert.equal(getBackend("bls12-381"), "wasm", "the curve whose module was given");
    assert.equal(getBackend("bls12-381-fp"), "wasm");
    assert.equal(getBackend("bn254"), "ts", "a curve without one");
    assert.equal(getBackend(), "ts", "no target: a field without a prebuilt module");
    setBackend("ts"); // a forced choice wins over the prebuilt module
    assert.equal(getBackend("bls12-381"), "ts");
  } finally {
    // deno-lint-ignore no-explicit-any
    (WebAssembly as any).Module = original;
    redetectWasm();
    setBackend("auto");
  }
});
