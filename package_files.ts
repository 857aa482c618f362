/**
 * The npm package's runtime build reads its own prebuilt modules. `scripts/bundle_package.mjs` makes
 * each entry of `dist/node/` (what Node, Bun and Deno load from node_modules) call
 * {@linkcode usePackageFiles} with the package's `dist/` folder, whose `wasm/` holds the files of
 * scripts/build_package.ts; field/wasm/packaged.ts and x25519/wasm/packaged.ts decide when a file
 * stands in for generation. No other entry imports this file: the TypeScript source, JSR and bundlers
 * generate at run time.
 *
 * Only where the runtime hands out `node:fs` synchronously (`process.getBuiltinModule`: Node ≥ 20.16,
 * Bun, Deno), the folder is a `file:` URL, and, on Deno, read access is already granted (asked with
 * `Deno.permissions.querySync`, so that loading the library never prompts). Otherwise nothing changes.
 * @module
 */
import { type ModuleFileReader, registerModuleFiles } from "./field/wasm/packaged.ts";
import { registerX25519Files } from "./x25519/wasm/packaged.ts";

/** The part of `node:fs` used here. */
interface SyncFs {
  existsSync(path: URL): boolean;
  readFileSync(path: URL): Uint8Array<ArrayBuffer>;
}
/** The part of Deno's permissions API used here. */
interface DenoPermissions {
  querySync(descriptor: { name: "read"; path: URL }): { state: string };
}

/** `node:fs` where the runtime gives it synchronously, else null. */
function syncFs(): SyncFs | null {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fs = typeof process?.getBuiltinModule === "function" ? process.getBuiltinModule("node:fs") : null;
  return (fs as SyncFs | null) ?? null;
}

/** Whether this program may read `url` without a prompt (always, outside Deno). */
function readable(url: URL): boolean {
  const permissions = (globalThis as { Deno?: { permissions?: DenoPermissions } }).Deno?.permissions;
  if (typeof permissions?.querySync !== "function") return true;
  return permissions.querySync({ name: "read", path: url }).state === "granted";
}

/**
 * The reader of the prebuilt modules in `dist`'s `wasm/` folder (`dist`: a `file:` URL ending in `/`),
 * or null where this runtime gives no synchronous `node:fs`. The reader answers null for a file that is
 * missing or that Deno has not been granted to read.
 */
export function packageFileReader(dist: URL): ModuleFileReader | null {
  const fs = syncFs();
  if (fs === null || dist.protocol !== "file:") return null;
  const folder = new URL("wasm/", dist);
  return (file) => {
    const url = new URL(file, folder);
    return readable(url) && fs.existsSync(url) ? fs.readFileSync(url) : null;
  };
}

/**
 * Lets the field kernels read the prebuilt modules of the package folder `dist` (see
 * {@linkcode packageFileReader}). Called once by each entry of the runtime build.
 */
export function usePackageFiles(dist: URL): void {
  const read = packageFileReader(dist);
  if (read === null) return;
  registerModuleFiles(read);
  registerX25519Files(read);
}
