/**
 * The architecture's rules, checked on the source (ARCHITECTURE.md, "Layers"): a curve is data, so the
 * generic folders name no curve; imports go down; no runtime import cycle; no catch-all around library
 * code except the two feature probes. Each rule has a positive control on a made-up source.
 */
import assert from "node:assert/strict";
import { LIBRARY_ROOTS, ROOT, tsFiles } from "./library.ts";

/** Folders that must not know any particular curve. */
const GENERIC = [
  "wasm/",
  "hash/",
  "field/",
  "scalar/",
  "curves/group/",
  "curves/pairing/",
  "curves/codecs/",
  "curves/hash_to_curve/",
];
const GENERATED = ["field/ts/generated/", "deno/modules/", "deno/bundle/"];
const CURVE_NAMES = /["'`](?:bls12-381|bls12_381|bn254)[^"'`]*["'`]/;

const files = LIBRARY_ROOTS.flatMap(tsFiles).filter((f) => !GENERATED.some((g) => f.startsWith(g)));
const source = (f: string) => Deno.readTextFileSync(new URL(f, ROOT));

/** The source without comments (block, line and JSDoc), strings kept. */
export function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** Runtime imports (not `import type`, not `export type`) of a source, as repository-relative paths. */
export function runtimeImports(file: string, src: string): string[] {
  const out: string[] = [];
  const re = /^(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["'](\.{1,2}\/[^"']+)["']/gm;
  for (const m of stripComments(src).matchAll(re)) {
    if (m[1]) continue;
    out.push(new URL(m[2], new URL(file, "file:///r/")).pathname.slice(3));
  }
  return out;
}

/** The first curve name found in the code (not the comments) of `src`, or null. */
export function curveNameIn(src: string): string | null {
  return stripComments(src).match(CURVE_NAMES)?.[0] ?? null;
}

Deno.test("architecture: generic folders name no curve (a curve is data)", () => {
  assert.equal(
    curveNameIn(`// "bls12-381" in a comment\nconst a = 1;`),
    null,
    "control: comments are ignored",
  );
  assert.notEqual(curveNameIn(`if (g.name === "bls12-381 G1") x();`), null, "control: dispatch is found");
  const offenders = files.filter((f) =>
    GENERIC.some((g) => f.startsWith(g)) && curveNameIn(source(f)) !== null
  )
    .map((f) => `${f}: ${curveNameIn(source(f))}`);
  assert.deepEqual(offenders, []);
});

Deno.test("architecture: imports go down", () => {
  const rules: [string, (target: string) => boolean, string][] = [
    ["wasm/", (t) => !t.startsWith("wasm/"), "wasm/ imports nothing of the library"],
    ["hash/", (t) => !t.startsWith("hash/") && t !== "errors.ts", "hash/ → hash/, errors.ts"],
    [
      "field/",
      (t) => !t.startsWith("field/") && !t.startsWith("wasm/") && t !== "errors.ts",
      "field/ → field/, wasm/, errors.ts",
    ],
    [
      "scalar/",
      (t) => t.startsWith("curves/") || t.startsWith("x25519/"),
      "scalar/ never imports curves/ or x25519/",
    ],
    [
      "x25519/",
      (t) => !t.startsWith("x25519/") && !t.startsWith("wasm/") && t !== "errors.ts",
      "x25519/ → x25519/, wasm/, errors.ts",
    ],
    // The Deno entries sit on top: their source twins (entry points only), their embedded modules, the reader.
    [
      "deno/",
      (t) =>
        !t.startsWith("deno/") && t !== "wasm/files.ts" &&
        !["mod.ts", "x25519/mod.ts", "curves/bls12_381/mod.ts", "curves/bn254/mod.ts"].includes(t),
      "deno/ → deno/, wasm/files.ts and the source entry points",
    ],
  ];
  const generic = (t: string) =>
    t.startsWith("curves/bls12_381/") || t.startsWith("curves/bn254/") || t === "curves/registry.ts";
  const bad: string[] = [];
  for (const f of files) {
    for (const t of runtimeImports(f, source(f))) {
      for (const [dir, forbidden, why] of rules) {
        if (f.startsWith(dir) && forbidden(t)) bad.push(`${f} → ${t} (${why})`);
      }
      if (GENERIC.some((g) => f.startsWith(g)) && generic(t)) {
        bad.push(`${f} → ${t} (generic code imports a curve)`);
      }
    }
  }
  assert.deepEqual(
    runtimeImports("a/b.ts", `import type { X } from "../c.ts";\nimport { Y } from "./d.ts";`),
    ["a/d.ts"],
  );
  assert.deepEqual(bad, []);
});

Deno.test("architecture: no library file imports the registry of every curve", () => {
  // The registry lists every curve for the build, tests and benches; a library file importing it
  // would put every curve into each app's bundle (the loaded curves register themselves instead).
  const importers = (fs: string[], src: (f: string) => string) =>
    fs.filter((f) => runtimeImports(f, src(f)).includes("curves/registry.ts"));
  assert.deepEqual(importers(["backend.ts"], () => `import { FIELDS } from "./curves/registry.ts";`), [
    "backend.ts",
  ], "control");
  assert.deepEqual(importers(files, source), []);
});

Deno.test("architecture: no runtime import cycle among library files", () => {
  const graph = new Map(files.map((f) => [f, runtimeImports(f, source(f))]));
  const state = new Map<string, 1 | 2>(); // 1: on the stack, 2: done
  const cycles: string[] = [];
  const visit = (f: string, path: string[]) => {
    if (state.get(f) === 2) return;
    if (state.get(f) === 1) return void cycles.push([...path.slice(path.indexOf(f)), f].join(" → "));
    state.set(f, 1);
    for (const t of graph.get(f) ?? []) visit(t, [...path, f]);
    state.set(f, 2);
  };
  for (const f of files) visit(f, []);
  assert.deepEqual(cycles, []);
});

Deno.test("architecture: no catch-all in library code but the two feature probes", () => {
  const allowed = ["wasm/compile.ts", "wasm/emitter.ts"]; // the compile probe, the SIMD probe
  const bare = files.filter((f) => /catch\s*\{/.test(stripComments(source(f))) && !allowed.includes(f));
  assert.deepEqual(bare, []);
  assert.ok(/catch\s*\{/.test(stripComments("try { f(); } catch { g(); }")), "control");
});
