/**
 * The WebAssembly files of the npm package (`npm pack` runs scripts/build_package.sh, which calls this
 * after tsc), for runtimes that import `.wasm` statically (Cloudflare Workers: `initWasm`): each field's
 * one module under its curve's plan (scripts/build_wasm.ts) and X25519's, each in both variants the
 * run-time loader picks from, `<name>.wasm` (SIMD) and `<name>.nosimd.wasm` (engines without SIMD),
 * and `<name>.wide.wasm` of each field and of X25519's ladder (the wide-arithmetic shape, which the
 * runtime build reads on Bun). The bytes are the run-time generator's.
 * @module
 */
import { wasmFiles } from "./build_wasm.ts";
import { x25519WasmBytes } from "../x25519/mod.ts";
import { x25519WideBytes } from "../x25519/wasm/wide.ts";

/** File name → bytes of every `.wasm` file the package ships (dist/wasm/). */
export function packageWasmFiles(): Map<string, Uint8Array> {
  const files = wasmFiles();
  files.set("x25519.wasm", x25519WasmBytes(true));
  files.set("x25519.nosimd.wasm", x25519WasmBytes(false));
  files.set("x25519.wide.wasm", x25519WideBytes());
  return files;
}

if (import.meta.main) {
  const dir = Deno.args[0] ?? "dist/wasm";
  Deno.mkdirSync(dir, { recursive: true });
  const files = packageWasmFiles();
  for (const [file, bytes] of files) Deno.writeFileSync(`${dir}/${file}`, bytes);
  console.log(`${dir}: ${[...files.keys()].join(", ")}`);
}
