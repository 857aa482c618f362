/**
 * Writes the generated WebAssembly field modules to dist/wasm/ (`deno run --allow-read
 * --allow-write=dist scripts/build_wasm.ts [outDir]`): per field, `<field>.wasm` (SIMD) and
 * `<field>.nosimd.wasm` (for engines without SIMD), and `<field>.wide.wasm` (the wide-arithmetic shape,
 * for engines that validate it: Bun), each the field's one module under the plan of its
 * curve (field/wasm/plan.ts: kernel, inversion, and for a base field the tower, the G1/G2 point
 * formulas and the table lookups). Runtimes that refuse to compile wasm from bytes (Cloudflare
 * Workers) import these files statically and hand them to `initWasm` (field/backend.ts). The bytes are
 * exactly what the library generates at run time (tests/field/build_wasm.test.ts checks it).
 * @module
 */

import { wasmFieldModuleBytes } from "../field/wasm/kernel.ts";
import { portableFieldMulShape, wideShapeFits } from "../field/wasm/shape.ts";
import { FIELD_PLANS, FIELDS } from "../curves/registry.ts";

/** The files to write: name → bytes. */
export function wasmFiles(): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const [name, field] of Object.entries(FIELDS)) {
    // The portable shape (field/wasm/shape.ts) whatever engine runs the build: the files are reproducible.
    const shape = portableFieldMulShape(field.p);
    files.set(`${name}.wasm`, wasmFieldModuleBytes(field, FIELD_PLANS[name], true, shape));
    files.set(`${name}.nosimd.wasm`, wasmFieldModuleBytes(field, FIELD_PLANS[name], false, shape));
    // The shape of engines that validate wide arithmetic (Bun), read by the npm runtime build there
    // (field/wasm/packaged.ts); it needs an even number of 32-bit words.
    if (wideShapeFits(field.p)) {
      files.set(`${name}.wide.wasm`, wasmFieldModuleBytes(field, FIELD_PLANS[name], true, "wide"));
    }
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
