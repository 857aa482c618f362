/**
 * The npm package's runtime build reads its own prebuilt modules. `scripts/bundle_package.mjs` makes
 * each entry of `dist/node/` (what Node, Bun and Deno load from node_modules) call
 * {@linkcode usePackageFiles} with the package's `dist/` folder, whose `wasm/` holds the files of
 * scripts/build_package.ts, and their checksums (wasm/checksum.ts); field/wasm/packaged.ts and x25519/wasm/packaged.ts decide when a file
 * stands in for generation. No other entry imports this file: the TypeScript source, JSR and bundlers
 * generate at run time.
 *
 * Only where the runtime hands out `node:fs` synchronously (`process.getBuiltinModule`: Node ≥ 20.16,
 * Bun, Deno), the folder is a `file:` URL, and, on Deno, read access is already granted (asked with
 * `Deno.permissions.querySync`, so that loading the library never prompts). Otherwise nothing changes.
 * @module
 */
import { type ModuleFileReader, registerModuleFiles } from "./wasm/files.ts";
import { moduleChecksum } from "./wasm/checksum.ts";

/** The part of `node:fs` used here. */
interface SyncFs {
  existsSync(path: URL): boolean;
  readFileSync(path: URL): Uint8Array<ArrayBuffer>;
}
/** The part of Deno's permissions API used here. */
interface DenoPermissions {
  querySync(descriptor: { name: "read"; path: URL }): { state: string };
}

/** A built-in module where the runtime gives it synchronously (`process.getBuiltinModule`), else null. */
function builtin<T>(id: string): T | null {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const m = typeof process?.getBuiltinModule === "function" ? process.getBuiltinModule(id) : null;
  return (m as T | null) ?? null;
}

/** Whether this program may read `url` without a prompt (always, outside Deno). */
function readable(url: URL): boolean {
  const permissions = (globalThis as { Deno?: { permissions?: DenoPermissions } }).Deno?.permissions;
  if (typeof permissions?.querySync !== "function") return true;
  return permissions.querySync({ name: "read", path: url }).state === "granted";
}

/**
 * The reader of the prebuilt modules in `dist`'s `wasm/` folder (`dist`: a `file:` URL ending in `/`),
 * or null where this runtime gives no synchronous `node:fs`. `checksums` holds the
 * {@linkcode moduleChecksum} of every file the reader may return, by name (the runtime build embeds
 * those of the files it was built with): it answers null for any other file, for a file whose bytes
 * differ (a copy from another version, say: never run), and for one that is missing or that Deno has
 * not been granted to read.
 */
export function packageFileReader(
  dist: URL,
  checksums: Readonly<Record<string, string>>,
): ModuleFileReader | null {
  const fs = builtin<SyncFs>("node:fs");
  if (fs === null || dist.protocol !== "file:") return null;
  const folder = new URL("wasm/", dist);
  return (file) => {
    const want = Object.hasOwn(checksums, file) ? checksums[file] : undefined;
    const url = new URL(file, folder);
    if (want === undefined || !readable(url) || !fs.existsSync(url)) return null;
    const bytes = fs.readFileSync(url);
    return moduleChecksum(bytes) === want ? bytes : null;
  };
}

/**
 * Lets the field kernels read the prebuilt modules of the package folder `dist` (see
 * {@linkcode packageFileReader}). Called once by each entry of the runtime build.
 */
export function usePackageFiles(dist: URL, checksums: Readonly<Record<string, string>>): void {
  const read = packageFileReader(dist, checksums);
  if (read !== null) registerModuleFiles(read);
}
