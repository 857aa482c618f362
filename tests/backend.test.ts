/**
 * The library's one backend switch (backend.ts): setBackend reaches the fields and X25519, getBackend
 * answers per field, per curve and for X25519, and tells the truth where prebuilt modules run wasm on a
 * runtime that refuses to compile it.
 */
import assert from "node:assert/strict";
import { getBackend, init, initWasm, setBackend, x25519 } from "../mod.ts";
import {
  bls12_381Groups,
  FIELD_PLANS,
  FIELDS,
  IsochronError,
  loadedField,
  loadedFields,
  redetectWasm,
  wasmFieldModuleBytes,
} from "./internal.ts";
import { x25519WasmBytes } from "../x25519/mod.ts";

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

Deno.test("backend: initWasm takes X25519's module under \"x25519\", either variant, beside the fields'", () => {
  const k = new Uint8Array(32).fill(9);
  try {
    setBackend("ts");
    const want = x25519.getPublicKey(k);
    setBackend("auto");
    for (const simd of [true, false]) {
      if (simd && !WebAssembly.validate(x25519WasmBytes(true) as Uint8Array<ArrayBuffer>)) continue;
      initWasm({ x25519: new WebAssembly.Module(x25519WasmBytes(simd) as Uint8Array<ArrayBuffer>) });
      assert.equal(getBackend("x25519"), "wasm");
      assert.deepEqual(x25519.getPublicKey(k), want, `simd ${simd}`);
    }
  } finally {
    setBackend("auto");
  }
});

Deno.test("backend: initWasm refuses a module under the wrong name and registers nothing", () => {
  const xMod = new WebAssembly.Module(x25519WasmBytes(false) as Uint8Array<ArrayBuffer>);
  const fpMod = new WebAssembly.Module(wasmFieldModuleBytes(FIELDS["bn254-fr"], undefined, false));
  assert.throws(() => initWasm({ x25519: fpMod }), isCode("INVALID_TYPE"));
  assert.throws(() => initWasm({ "bn254-fr": xMod }), isCode("INVALID_TYPE"));
  // deno-lint-ignore no-explicit-any
  assert.throws(() => initWasm({ x25519: {} as any }), isCode("INVALID_TYPE"));
  // deno-lint-ignore no-explicit-any
  assert.throws(() => initWasm(null as any), isCode("INVALID_TYPE"));
  // A bad field module stops the call before the good X25519 module is taken.
  setBackend("ts");
  try {
    assert.throws(() => initWasm({ x25519: xMod, "bn254-fr": xMod }), isCode("INVALID_TYPE"));
    assert.equal(getBackend("x25519"), "ts", "X25519 kept its backend");
  } finally {
    setBackend("auto");
  }
});

Deno.test("backend: the loaded curves register their fields: init() compiles them, getBackend names them", async () => {
  // This file imports mod.ts, so both curves are loaded: what they registered is the registry's list.
  assert.deepEqual(loadedFields().toSorted(), Object.keys(FIELDS).toSorted());
  for (const name of Object.keys(FIELDS)) {
    const entry = loadedField(name);
    // The base fields are registered with their kernels; a scalar field by its description (its
    // TypeScript kernel stays out of a bundle): the same name, p and lengths.
    const { name: n, p, bits, byteLength } = FIELDS[name];
    if (name.endsWith("-fp")) assert.equal(entry?.field, FIELDS[name], name);
    else assert.deepEqual(entry?.field, { name: n, p, bits, byteLength }, name);
    if (Object.hasOwn(FIELD_PLANS, name)) assert.equal(entry?.plan, FIELD_PLANS[name], `${name} plan`);
  }
  for (const curve of ["bls12-381", "bn254"]) assert.equal(loadedField(curve)?.field.name, `${curve}-fp`);
  await assert.rejects(init(["x25519"]), isCode("INVALID_TYPE"));
  await assert.rejects(init(["bn254"]), isCode("INVALID_TYPE"), "a curve name is not a field");
  await assert.rejects(init(["p-256-fp"]), isCode("INVALID_TYPE"));
  await assert.rejects(
    init(5 as never),
    isCode("INVALID_TYPE"),
    "not an array: a rejection, not a TypeError",
  );
  assert.equal(await init(), true);
  for (const name of Object.keys(FIELDS)) assert.equal(getBackend(name), "wasm", name);
});
