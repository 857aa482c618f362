/**
 * The prebuilt modules the Deno entries embed (deno/modules/, written by scripts/gen_deno_modules.ts),
 * as a reader of module files (wasm/files.ts): a program that imports an entry of deno/ (what JSR
 * serves) compiles its curve's module instead of generating it, as the npm runtime build does with
 * its files. Only the variant Deno runs is embedded (SIMD, the portable multiplication shape); where
 * the engine wants another (no SIMD, a forced shape), field/wasm/packaged.ts asks for another file
 * name, this reader has none, and the module is generated as before. A string is decoded when its
 * file is first asked for.
 * @module
 */
import { addModuleFiles } from "../wasm/files.ts";

/** Base64 → bytes (`Uint8Array.fromBase64` where the engine has it). */
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const native =
    (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array<ArrayBuffer> }).fromBase64;
  if (typeof native === "function") return native(text);
  const binary = atob(text), out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Registers the embedded `modules` (file name → base64 bytes) as a reader of module files. */
export function useEmbeddedModules(modules: Readonly<Record<string, string>>): void {
  addModuleFiles((file) => (Object.hasOwn(modules, file) ? fromBase64(modules[file]) : null));
}
