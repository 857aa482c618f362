/**
 * Writes the generated WebAssembly field modules to dist/wasm/ (`deno run --allow-write=dist
 * scripts/build_wasm.ts [outDir]`): per field, `<field>.wasm` (the kernel, field/wasm/module.ts) and
 * `<field>-inv.wasm` (constant-time inversion, field/wasm/inverse.ts, importing `env.memory`).
 * Runtimes that refuse to compile wasm from bytes (Cloudflare Workers) import these files statically
 * and hand them to `initWasm` (field/backend.ts). The bytes are exactly what the library generates at
 * run time (tests/field/build_wasm.test.ts checks it).
 * @module
 */

import { type FieldName, FIELDS } from "../field/params.ts";
import { wasmFieldModuleBytes } from "../field/wasm/kernel.ts";

/** The files to write: name → bytes. */
export function wasmFiles(): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const name of Object.keys(FIELDS) as FieldName[]) {
    const { kernel, inverse } = wasmFieldModuleBytes(name);
    files.set(`${name}.wasm`, kernel);
    files.set(`${name}-inv.wasm`, inverse);
  }
  return files;
}

if (import.meta.main) {
  const dir = Deno.args[0] ?? "dist/wasm";
  Deno.mkdirSync(dir, { recursive: true });
  for (const [file, bytes] of wasmFiles()) {
    Deno.writeFileSync(`${dir}/${file}`, bytes);
    console.log(`${dir}/${file}: ${bytes.length} bytes`);
  }
}
