/**
 * Prebuilt module files, where the program can read them: the npm package's runtime build registers a
 * reader of its `dist/wasm/` folder (package_files.ts), and the Deno entries (deno/) one of the modules
 * they embed; the field kernels (field/wasm/packaged.ts) and X25519 (x25519/wasm/packaged.ts) ask for
 * their files by name. Nothing registers one in a browser, a bundle or the plain TypeScript source:
 * every file is then absent.
 * @module
 */

/** Reads a module file by name (`bls12-381-fp.wasm`): its bytes, or null where there is none. */
export type ModuleFileReader = (file: string) => Uint8Array<ArrayBuffer> | null;

let readers: ModuleFileReader[] = [];

/** Makes `read` the only reader of module files (null: none). */
export function registerModuleFiles(read: ModuleFileReader | null): void {
  readers = read === null ? [] : [read];
}

/** Adds a reader of module files, asked after those registered before it. */
export function addModuleFiles(read: ModuleFileReader): void {
  if (!readers.includes(read)) readers = [...readers, read];
}

/** The bytes of module file `file` from the first reader that has it, or null. */
export function readModuleFile(file: string): Uint8Array<ArrayBuffer> | null {
  for (const read of readers) {
    const bytes = read(file);
    if (bytes !== null) return bytes;
  }
  return null;
}
