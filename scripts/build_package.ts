/**
 * The WebAssembly files of the npm package (`npm pack` runs scripts/build_package.sh, which calls this
 * after tsc): dist/wasm/<field>.wasm and <field>.nosimd.wasm (each field's one module under its curve's
 * plan, scripts/build_wasm.ts) and dist/wasm/x25519.wasm, for runtimes that import `.wasm` statically
 * (Cloudflare Workers: `initWasm`, `initX25519Wasm`). The bytes are the run-time generator's.
 * @module
 */
import { wasmFiles } from "./build_wasm.ts";
import { x25519WasmBytes } from "../x25519/mod.ts";

const dir = Deno.args[0] ?? "dist/wasm";
Deno.mkdirSync(dir, { recursive: true });
const files = wasmFiles();
files.set("x25519.wasm", x25519WasmBytes());
for (const [file, bytes] of files) Deno.writeFileSync(`${dir}/${file}`, bytes);
console.log(`${dir}: ${[...files.keys()].join(", ")}`);
