/**
 * X25519's prebuilt modules read from files where the program can read them: the npm package ships
 * `dist/wasm/x25519.wasm`, `x25519.nosimd.wasm` (the full module of each variant, x25519/wasm/module.ts)
 * and `x25519.wide.wasm` (the wide-arithmetic ladder, x25519/wasm/wide.ts), the generator's bytes
 * (tests/field/build_wasm.test.ts). The package's runtime build registers a reader (wasm/files.ts);
 * the kernel then starts on the full module's file instead of generating its first-use module, and
 * takes the wide ladder from its file where that is the engine's shape (x25519/wasm/backend.ts).
 * Without a reader, or where a file is missing, everything is generated as before; a file that is
 * there but is not that module throws `INVALID_TYPE` (a damaged install).
 * @module
 */
import { IsochronError } from "../../errors.ts";
import { compileWasm } from "../../wasm/compile.ts";
import { readModuleFile } from "../../wasm/files.ts";
import type { WasmModule } from "../../wasm/types.ts";

/**
 * The packaged module in `file`, compiled, if it can be read (wasm/files.ts); undefined otherwise.
 * Throws `INVALID_TYPE` unless it exports every function in `exports`.
 */
export function packagedX25519Module(file: string, exports: readonly string[]): WasmModule | undefined {
  const bytes = readModuleFile(file);
  if (bytes === null) return undefined;
  const module = compileWasm(bytes, `x25519 (${file})`);
  const names = WebAssembly.Module.exports(module as WebAssembly.Module).map((e) => e.name);
  const missing = exports.filter((name) => !names.includes(name));
  if (missing.length > 0) {
    throw new IsochronError("INVALID_TYPE", `${file} is not X25519's module: it lacks ${missing.join(", ")}`);
  }
  return module;
}
