/**
 * Prebuilt module files, where the program can read them: the npm package's runtime build registers a
 * reader of its `dist/wasm/` folder (package_files.ts); the field kernels (field/wasm/packaged.ts) and
 * X25519 (x25519/wasm/packaged.ts) ask it for their files by name. Nothing registers one in a browser,
 * a bundle or the TypeScript source: every file is then absent.
 * @module
 */

/** Reads a module file by name (`bls12-381-fp.wasm`): its bytes, or null where there is none. */
export type ModuleFileReader = (file: string) => Uint8Array<ArrayBuffer> | null;

let reader: ModuleFileReader | null = null;

/** Registers (or, with null, removes) the reader of module files. */
export function registerModuleFiles(read: ModuleFileReader | null): void {
  reader = read;
}

/** The bytes of module file `file`, or null (no reader, or it finds none). */
export function readModuleFile(file: string): Uint8Array<ArrayBuffer> | null {
  return reader === null ? null : reader(file);
}
