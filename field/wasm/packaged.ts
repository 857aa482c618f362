/**
 * Prebuilt field modules read from files where the program can read them: the npm package ships
 * `dist/wasm/<field>.wasm` (and `.nosimd.wasm`, `.wide.wasm`), the bytes the generator writes for the field
 * under its curve's plan (scripts/build_wasm.ts; tests/field/build_wasm.test.ts proves them equal to
 * the run-time output). The package's runtime build (`dist/node/`, what Node, Bun and Deno load from
 * node_modules) registers a reader for them (package_files.ts, wasm/files.ts), so that a first operation there
 * compiles the file instead of generating the module: generating the BLS12-381 Fp module is most of
 * a fresh process's first signature (ARCHITECTURE.md §3). Browsers, bundlers and the TypeScript source
 * never register one, and generate as before (or take modules from `initWasm`).
 *
 * A file is used only where it holds exactly what would be generated here: the field's registered plan,
 * this engine's SIMD variant and multiplication shape (field/wasm/shape.ts: the portable one, or the
 * wide one with SIMD on an engine that validates wide arithmetic; a forced shape generates its own).
 * A reader that finds nothing leaves the field to the generator; a file that is there but does not
 * compile as that module throws (a damaged install, not something to hide).
 * @module
 */
import { simdSupported } from "../../wasm/emitter.ts";
import { compileWasm } from "../../wasm/compile.ts";
import { readModuleFile } from "../../wasm/files.ts";
import type { FieldParams } from "../params.ts";
import { loadedField } from "../selection.ts";
import type { ModulePlan } from "./plan.ts";
import { type FieldMulShape, fieldMulShape, portableFieldMulShape, portableShapeNow } from "./shape.ts";

/**
 * The file that holds the module this engine would generate for `field` (scripts/build_wasm.ts):
 * `<field>.wasm` or `<field>.nosimd.wasm` in the portable shape, `<field>.wide.wasm` in the wide shape
 * with SIMD; null for any other shape (a forced one), whose module no file holds. `shape`: this
 * engine's now (default) or the one named.
 */
export function moduleFileName(
  field: FieldParams,
  simd: boolean = simdSupported(),
  shape?: FieldMulShape,
): string | null {
  const portable = shape === undefined ? portableShapeNow(field.p) : shape === portableFieldMulShape(field.p);
  if (portable) return `${field.name}${simd ? "" : ".nosimd"}.wasm`;
  return (shape ?? fieldMulShape(field.p)) === "wide" && simd ? `${field.name}.wide.wasm` : null;
}

/**
 * The packaged module of `field` under `plan`, compiled, if `plan` is the one its curve registered and
 * a file of this engine's shape (moduleFileName) can be read (wasm/files.ts); else undefined (generate).
 */
export function packagedModule(field: FieldParams, plan: ModulePlan): WebAssembly.Module | undefined {
  if (loadedField(field.name)?.plan !== plan) return undefined;
  const file = moduleFileName(field);
  const bytes = file === null ? null : readModuleFile(file);
  return bytes === null ? undefined : compileWasm(bytes, `${field.name} (${file})`) as WebAssembly.Module;
}
