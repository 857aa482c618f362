/**
 * The README's "Constant-time guarantees" list matches the proofs: every test file that runs a
 * constant-time proof (a `ctFlow`, `ctAccess` or `ctWasm` registration, or a wasm bytecode rule of
 * tests/ct/wasm_rules.ts) is named there, and every test file named there exists and runs one.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);

/** Whether a test source runs a constant-time proof. */
export function provesConstantTime(src: string): boolean {
  return /(^|[^A-Za-z])(ctFlow|ctAccess|ctWasm|assertNoBranches|assertCountedLoopsOnly)\(/m.test(src);
}

/** The test files named in the README section. */
export function namedFiles(readme: string): string[] {
  const start = readme.indexOf("## Constant-time guarantees");
  const end = readme.indexOf("Not covered:", start);
  const section = readme.slice(start, end);
  return [...new Set([...section.matchAll(/`(tests\/[\w/.]+\.test\.ts)`/g)].map((m) => m[1]))].sort();
}

function testFiles(rel = "tests"): string[] {
  return [...Deno.readDirSync(new URL(`${rel}/`, ROOT))].flatMap((e) =>
    e.isDirectory ? testFiles(`${rel}/${e.name}`) : e.name.endsWith(".test.ts") ? [`${rel}/${e.name}`] : []
  );
}

Deno.test("guarantees: the checks recognise a proof and the README's file names", () => {
  assert.ok(provesConstantTime(`ctFlow("x", f, s);`) && !provesConstantTime(`redetectWasm();`));
  assert.deepEqual(namedFiles("## Constant-time guarantees\n- a `tests/a/b.test.ts`\nNot covered:"), [
    "tests/a/b.test.ts",
  ]);
});

Deno.test("guarantees: the README names exactly the files that prove constant time", () => {
  const readme = Deno.readTextFileSync(new URL("README.md", ROOT));
  const proving = testFiles()
    .filter((f) => f !== "tests/docs/guarantees.test.ts")
    .filter((f) => provesConstantTime(Deno.readTextFileSync(new URL(f, ROOT))))
    .sort();
  assert.ok(proving.length >= 10, `${proving.length} proof files`);
  assert.deepEqual(namedFiles(readme).filter((f) => f !== "tests/docs/guarantees.test.ts"), proving);
});
