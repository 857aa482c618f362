/**
 * The library as the architecture tests see it: its root files and folders (repository paths), and
 * the walk that lists its TypeScript files. One list, so that a new root file is checked by every
 * rule at once.
 */

/** The repository root. */
export const ROOT: URL = new URL("../../", import.meta.url);

/** The library: these root files and every file below these folders. */
export const LIBRARY_ROOTS: readonly string[] = [
  "errors.ts",
  "mod.ts",
  "backend.ts",
  "package_files.ts",
  "wasm",
  "hash",
  "field",
  "scalar",
  "curves",
  "x25519",
  "deno",
];

/** The `.ts` files at or below `rel` (a repository path), as repository paths. */
export function tsFiles(rel: string): string[] {
  const url = new URL(rel, ROOT);
  if (Deno.statSync(url).isFile) return rel.endsWith(".ts") ? [rel] : [];
  return [...Deno.readDirSync(url)].flatMap((e) => tsFiles(`${rel}/${e.name}`.replace(/^\.\//, "")));
}
