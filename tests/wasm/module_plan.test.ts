/**
 * The module plan (field/wasm/plan.ts, wasm/compile.ts): a first BLS12-381 keyGen + sign + verify
 * compiles one module (the field kernel with every layer of the curve's plan), an emitter error
 * surfaces instead of turning into a slow path, and only a refused compilation is the typed
 * WasmRefusedError.
 */
import {
  BLS12_381_FP_PLAN,
  compileWasm,
  createWasmFieldKernel,
  FIELDS,
  FunctionBuilder,
  I32,
  modulePlan,
  redetectWasm,
  simdSupported,
  WasmRefusedError,
} from "../internal.ts";
import assert from "node:assert/strict";

const DENO = Deno.execPath();

Deno.test("module plan: a first BLS sign + verify compiles at most 2 modules (probe not counted)", async () => {
  const child = new URL("./module_count_child.ts", import.meta.url).pathname;
  const config = new URL("../../deno.json", import.meta.url).pathname;
  const out = await new Deno.Command(DENO, {
    args: ["run", "--allow-read", "--allow-env", "--config", config, child],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout).trim();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const { modules, bytes } = JSON.parse(text.split("\n").at(-1)!);
  assert.ok(modules >= 1 && modules <= 2, `compiled ${modules} modules (${bytes} bytes)`);
});

Deno.test("module plan: the curve's module holds every layer, each named once", () => {
  const layers = BLS12_381_FP_PLAN.layers(simdSupported());
  const names = layers.map((l) => l.name);
  assert.equal(new Set(names).size, names.length);
  const k = createWasmFieldKernel(FIELDS["bls12-381-fp"], BLS12_381_FP_PLAN);
  for (const name of names) assert.notEqual(k.layer(name), null, name);
  assert.ok(names.includes("bls12-381 G1 points") && names.includes("selects"));
  if (simdSupported()) assert.ok(names.includes("tower") && names.includes("bls12-381 G2 points"));
});

Deno.test("module plan: an emitter error surfaces (no silent fallback)", () => {
  // A function that leaves an i32 on the stack of a void function: invalid bytes, a CompileError.
  const broken = modulePlan("broken", () => [{
    name: "broken",
    exports: ["broken"],
    emit: ({ module }) => {
      const f = new FunctionBuilder([I32], []);
      f.localGet(0);
      module.addFunction("broken", f);
    },
  }]);
  assert.throws(() => createWasmFieldKernel(FIELDS["bn254-fr"], broken), WebAssembly.CompileError);
  // A layer that promises an export it does not emit: the kernel refuses the module.
  const missing = modulePlan("missing", () => [{ name: "missing", exports: ["nothing"], emit: () => {} }]);
  assert.throws(() => createWasmFieldKernel(FIELDS["bn254-fr"], missing), /lacks nothing/);
});

Deno.test("module plan: only a refused compilation is WasmRefusedError", () => {
  const original = WebAssembly.Module;
  // deno-lint-ignore no-explicit-any
  (WebAssembly as any).Module = function () {
    throw new WebAssembly.CompileError("WebAssembly.Module(): Wasm code generation disallowed by embedder");
  };
  try {
    assert.equal(redetectWasm(), false);
    assert.throws(() => compileWasm(new Uint8Array(16), "test"), WasmRefusedError);
  } finally {
    // deno-lint-ignore no-explicit-any
    (WebAssembly as any).Module = original;
    assert.equal(redetectWasm(), true);
  }
  // Compilation allowed: invalid bytes are a CompileError, not a refusal.
  assert.throws(() => compileWasm(new Uint8Array(16), "test"), WebAssembly.CompileError);
});
