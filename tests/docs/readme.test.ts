/**
 * Every TypeScript example of README.md runs, word for word except for its import specifiers: the
 * published names (`jsr:@isochron/curves…`, `npm:isochron…`, `isochron…`, `@isochron/curves…`) are
 * mapped to this checkout's entry points, as deno.json maps `@isochron/curves…` for the JSDoc
 * examples. A block must import the library (so that a block left behind by a rename fails here),
 * and a block that throws fails the test.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);

/** Published subpath → the entry point deno.json publishes for it (deno/: the prebuilt modules embedded). */
const ENTRIES: Record<string, string> = {
  "": "deno/mod.ts",
  "/x25519": "deno/x25519.ts",
  "/bls12-381": "deno/bls12_381.ts",
  "/bn254": "deno/bn254.ts",
};

/** The ```ts blocks of a Markdown text, with the line each starts on. */
export function tsBlocks(markdown: string): { line: number; code: string }[] {
  const out: { line: number; code: string }[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== "```ts") continue;
    const start = i + 1;
    while (++i < lines.length && lines[i].trim() !== "```");
    out.push({ line: start + 1, code: lines.slice(start, i).join("\n") });
  }
  return out;
}

/** `code` with the published import specifiers mapped to entry points; null if it imports none. */
export function localized(code: string): string | null {
  let found = false;
  const mapped = code.replace(
    /(["'])(?:jsr:@isochron\/curves|npm:isochron|@isochron\/curves|isochron)(\/[a-z0-9-]+)?\1/g,
    (_m, _q, sub = "") => {
      const entry = ENTRIES[sub];
      if (entry === undefined) throw new Error(`README imports an unknown subpath ${sub}`);
      found = true;
      return JSON.stringify(new URL(entry, ROOT).href);
    },
  );
  return found ? mapped : null;
}

Deno.test("readme: the block extraction and the import mapping", () => {
  const md = 'x\n```ts\nimport { x25519 } from "@isochron/curves/x25519";\n```\n```sh\nls\n```\n';
  const blocks = tsBlocks(md);
  assert.equal(blocks.length, 1);
  assert.equal(blocks[0].line, 3);
  assert.match(localized(blocks[0].code)!, /deno\/x25519\.ts"/);
  assert.equal(localized("const a = 1;"), null);
  assert.throws(() => localized(`import "isochron/ed25519";`), /unknown subpath/);
});

const readme = Deno.readTextFileSync(new URL("README.md", ROOT));
const blocks = tsBlocks(readme);

Deno.test("readme: has TypeScript examples", () => {
  assert.ok(blocks.length >= 3, `${blocks.length} blocks`);
});

for (const { line, code } of blocks) {
  Deno.test(`readme: the example at README.md:${line} runs`, async () => {
    const local = localized(code);
    assert.ok(local !== null, "the example imports the library by its published name");
    // A data: module (no file to write: the test command grants no --allow-write).
    const bytes = new TextEncoder().encode(local);
    await import(`data:application/typescript;base64,${btoa(String.fromCharCode(...bytes))}`);
  });
}
