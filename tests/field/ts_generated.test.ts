/**
 * The committed TypeScript kernels (field/ts/generated/) are exactly what scripts/gen_ts_kernels.ts
 * produces: the test fails if someone edits generated code by hand or changes the generator without
 * running `deno task gen`.
 */
import assert from "node:assert/strict";
import { generateKernels } from "../../scripts/gen_ts_kernels.ts";

const root = new URL("../../", import.meta.url);

/** "line N: expected …, found …" for the first differing line, for a readable failure. */
function firstDifference(expected: string, actual: string): string {
  const e = expected.split("\n"), a = actual.split("\n");
  for (let i = 0; i < Math.max(e.length, a.length); i++) {
    if (e[i] !== a[i]) {
      return `line ${i + 1}: generator says ${JSON.stringify(e[i])}, file has ${JSON.stringify(a[i])}`;
    }
  }
  return "no line differs";
}

Deno.test("generated TS kernels: committed files equal the generator's output byte for byte", () => {
  const files = generateKernels();
  assert.equal(Object.keys(files).length, 4);
  for (const [path, text] of Object.entries(files)) {
    const committed = Deno.readTextFileSync(new URL(path, root));
    assert.ok(
      committed === text,
      `${path} differs from the generator's output (run \`deno task gen\`): ${
        firstDifference(text, committed)
      }`,
    );
  }
  const present = [...Deno.readDirSync(new URL("field/ts/generated/", root))]
    .map((e) => `field/ts/generated/${e.name}`).sort();
  assert.deepEqual(
    present,
    Object.keys(files).sort(),
    "field/ts/generated/ holds exactly the generated files",
  );
});

Deno.test("generated TS kernels: the generator is deterministic", () => {
  assert.deepEqual(generateKernels(), generateKernels());
});
