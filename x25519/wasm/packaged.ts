/**
 * X25519's prebuilt modules read from files where the program can read them: the npm package ships
 * `dist/wasm/x25519.wasm`, `x25519.nosimd.wasm` (the full module of each variant, x25519/wasm/module.ts)
 * and `x25519.wide.wasm` (the wide-arithmetic ladder, x25519/wasm/wide.ts), the generator's bytes
 * (tests/field/build_wasm.test.ts). The package's runtime build registers a reader (package_files.ts);
 * the kernel then starts on the full module's file instead of generating its first-use module, and
 * takes the wide ladder from its file where that is the engine's shape (x25519/wasm/backend.ts).
 * Without a reader, or where a file is missing, everything is generated as before; a file that is
 * there but is not that module throws `INVALID_TYPE` (a damaged install).
 * @module
 */
import { IsochronError } from "../../errors.ts";
import { compileWasm } from "../../wasm/compile.ts";
import type { WasmModule } from "../../wasm/types.ts";

/** Reads a packaged module by file name (`x25519.wasm`): its bytes, or null where there is none. */
export type X25519FileReader = (file: string) => Uint8Array<ArrayBuffer> | null;

let reader: X25519FileReader | null = null;

/** Registers (or, with null, removes) the reader of X25519's packaged modules. */
export function registerX25519Files(read: X25519FileReader | null): void {
  reader = read;
}

/**
 * The packaged module in `file`, compiled, if a reader is registered and finds it; undefined otherwise.
 * Throws `INVALID_TYPE` unless it exports every function in `exports`.
 */
export function packagedX25519Module(file: string, exports: readonly string[]): WasmModule | undefined {
  const bytes = reader?.(file) ?? null;
  if (bytes === null) return undefined;
  const module = compileWasm(bytes, `x25519 (${file})`);
  const names = WebAssembly.Module.exports(module as WebAssembly.Module).map((e) => e.name);
  const missing = exports.filter((name) => !names.includes(name));
  if (missing.length > 0) {
    throw new IsochronError("INVALID_TYPE", `${file} is not X25519's module: it lacks ${missing.join(", ")}`);
  }
  return module;
}
