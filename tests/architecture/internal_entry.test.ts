/**
 * Tests reach library internals through one entry (tests/internal.ts): every import of a library
 * module by a file under tests/, static or dynamic, value or type, must name tests/internal.ts or a
 * public entry point (PUBLIC_ENTRIES), unless the file is one of DIRECT_IMPORT_EXCEPTIONS (both lists
 * live in tests/internal.ts, with the reasons). With positive controls on made-up sources.
 */
import assert from "node:assert/strict";
import { DIRECT_IMPORT_EXCEPTIONS, PUBLIC_ENTRIES } from "../internal.ts";
import { LIBRARY_ROOTS } from "./library.ts";

const ROOT = new URL("../../", import.meta.url);
/** The library: its root files, and every file below its folders (a trailing `/`). */
const LIBRARY = LIBRARY_ROOTS.map((r) => (r.endsWith(".ts") ? r : `${r}/`));
const ENTRY = "tests/internal.ts";

/** The source without comments (block, line and JSDoc), strings kept. */
function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** Every relative module specifier of `src`: static imports and re-exports (types too), dynamic imports. */
function specifiers(src: string): string[] {
  const code = stripComments(src), out: string[] = [];
  const stat = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/gm;
  for (const m of code.matchAll(stat)) out.push(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)) out.push(m[1]);
  return out;
}

/** The imports of `file` (repository path) that bypass the internal entry, as "file → target". */
export function bypasses(file: string, src: string): string[] {
  if (DIRECT_IMPORT_EXCEPTIONS.includes(file)) return [];
  return specifiers(src)
    .map((s) => new URL(s, new URL(file, "file:///r/")).pathname.slice(3))
    .filter((t) => LIBRARY.some((l) => l.endsWith("/") ? t.startsWith(l) : t === l))
    .filter((t) => !PUBLIC_ENTRIES.includes(t) && t !== ENTRY)
    .map((t) => `${file} → ${t}`);
}

function walk(rel: string): string[] {
  if (rel === "tests/vectors") return [];
  const url = new URL(rel, ROOT);
  if (Deno.statSync(url).isFile) return /\.(ts|mts|js|mjs)$/.test(rel) ? [rel] : [];
  return [...Deno.readDirSync(url)].flatMap((e) => walk(`${rel}/${e.name}`));
}

Deno.test("architecture: tests import the library only through tests/internal.ts or a public entry point", () => {
  // controls: each way of reaching an internal is caught, the allowed ways are not
  const at = "tests/curves/group/x.test.ts";
  assert.deepEqual(bypasses(at, `import { GroupImpl } from "../../../curves/group/group.ts";`), [
    `${at} → curves/group/group.ts`,
  ]);
  assert.equal(bypasses(at, `import type { Backend } from "../../../field/kernel.ts";`).length, 1, "type");
  assert.equal(
    bypasses(at, `import {\n  a,\n  b,\n} from "../../../scalar/reduce.ts";`).length,
    1,
    "multi-line",
  );
  assert.equal(bypasses(at, `import * as g from "../../../field/ts/generated/bn254-fp.ts";`).length, 1);
  assert.equal(bypasses(at, `export { X } from "../../../curves/bn254/params.ts";`).length, 1, "re-export");
  assert.equal(bypasses(at, `const m = await import("../../../errors.ts");`).length, 1, "dynamic");
  assert.equal(bypasses("tests/a.test.ts", `import { f } from "../wasm/emitter.ts";`).length, 1);
  assert.deepEqual(bypasses(at, `import { GroupImpl, Psi } from "../../internal.ts";`), []);
  assert.deepEqual(bypasses(at, `import { bls12_381 } from "../../../curves/bls12_381/mod.ts";`), []);
  assert.deepEqual(bypasses(at, `import { fieldKernel } from "../../../field/mod.ts";`), []);
  assert.deepEqual(
    bypasses(at, `import { rng } from "../helpers.ts";\nimport { x } from "../../../bench/case.ts";`),
    [],
  );
  assert.deepEqual(
    bypasses(at, `// import { GroupImpl } from "../../../curves/group/group.ts";`),
    [],
    "comment",
  );
  assert.deepEqual(
    bypasses("tests/field/ts_deopt_child.ts", `import "../../field/tower/mod.ts";`),
    [],
    "exception",
  );

  const files = walk("tests");
  assert.ok(files.includes(ENTRY) && files.length > 100, "the walk sees the tests");
  for (const f of DIRECT_IMPORT_EXCEPTIONS) assert.ok(files.includes(f), `exception ${f} exists`);
  const bad = files.flatMap((f) => bypasses(f, Deno.readTextFileSync(new URL(f, ROOT))));
  assert.deepEqual(bad, []);
});
