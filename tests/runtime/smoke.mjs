// Runtime smoke test of the npm build (dist/, written by `tsc -p tsconfig.build.json`), for Node and
// Bun: `node tests/runtime/smoke.mjs` or `bun tests/runtime/smoke.mjs`. Plain JavaScript, no
// TypeScript: it loads only what a user of the npm package loads. Prints one result per check, the
// backends the library selected, and a last line "<runtime>: N passed, N failed" (exit 1 on failure).
// Options: --expect=wasm|ts (the backend the runtime must select by itself; default wasm).

// The build is imported by computed URLs: `deno check tests/` (scripts/test.sh) runs before the build
// and would fail to resolve literal specifiers into dist/.
const dist = (path) => new URL(`../../dist/${path}`, import.meta.url).href;
const root = await import(dist("mod.js"));
const { IsochronError } = await import(dist("errors.js"));
const { fieldKernel: kernelOf, getBackend, setBackend, wasmCompilesFromBytes } = await import(
  dist("field/mod.js")
);
const { tower: towerOf } = await import(dist("field/tower/mod.js"));
const { FIELDS, TOWERS } = await import(dist("curves/registry.js"));
// The checks name fields and towers; the library takes their parameters.
const fieldKernel = (name) => kernelOf(FIELDS[name]);
const tower = (name) => towerOf(TOWERS[name]);
const { getX25519Backend, setX25519Backend, x25519 } = await import(dist("x25519/mod.js"));
import { runChecks } from "./checks.mjs";

const runtime = typeof Bun !== "undefined"
  ? `bun ${Bun.version}`
  : typeof Deno !== "undefined"
  ? `deno ${Deno.version.deno}`
  : `node ${process.versions.node}`;
const expectArg = process.argv.find((a) => a.startsWith("--expect="));
const expected = expectArg ? expectArg.slice("--expect=".length) : "wasm";

const lib = {
  root,
  IsochronError,
  fieldKernel,
  getBackend,
  setBackend,
  wasmCompilesFromBytes,
  tower,
  x25519,
  getX25519Backend,
  setX25519Backend,
};
const start = performance.now();
const { backends, results, passed, failed } = runChecks(lib, { field: expected, x25519: expected });
const ms = (performance.now() - start).toFixed(0);

for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name}${r.ok ? "" : `\n     ${r.error}`}`);
console.log(
  `${runtime}: backends selected automatically: field ${backends.field}, x25519 ${backends.x25519}` +
    ` (wasm compiles from bytes: ${backends.wasmCompilesFromBytes}); checks took ${ms} ms`,
);
console.log(`${runtime.split(" ")[0]}: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
