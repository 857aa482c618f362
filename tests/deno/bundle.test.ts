/**
 * The Deno entries a JSR user imports (deno/<entry>.ts) run deno/bundle/, which
 * scripts/bundle_deno.mjs makes from deno/entries/: the committed bundle must be exactly what it makes
 * from today's source (stale after any source change: run `deno task gen`), and each bundle must
 * export the same names as the TypeScript entry that types it.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
const BUNDLE = new URL("deno/bundle/", ROOT);

/** Every file under `dir`, as paths relative to it, sorted. */
function listFiles(dir: URL, prefix = ""): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(new URL(prefix, dir))) {
    if (e.isDirectory) out.push(...listFiles(dir, `${prefix}${e.name}/`));
    else out.push(prefix + e.name);
  }
  return out.sort();
}

/** The entry names: deno/entries/<name>.ts. */
const ENTRIES = listFiles(new URL("deno/entries/", ROOT)).filter((f) => f.endsWith(".ts"))
  .map((f) => f.slice(0, -3));

Deno.test("deno bundle: the committed deno/bundle/ is what scripts/bundle_deno.mjs makes (else: deno task gen)", () => {
  const run = new Deno.Command("node", {
    args: [new URL("scripts/bundle_deno.mjs", ROOT).pathname, "--json"],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).outputSync();
  assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
  const made: Record<string, string> = JSON.parse(new TextDecoder().decode(run.stdout));
  assert.deepEqual(
    listFiles(BUNDLE),
    Object.keys(made).sort(),
    "deno/bundle/ has other files: run `deno task gen`",
  );
  for (const e of ENTRIES) assert.ok(`${e}.js` in made, `${e}.js bundled`);
  for (const [path, text] of Object.entries(made)) {
    assert.equal(
      Deno.readTextFileSync(new URL(path, BUNDLE)),
      text,
      `deno/bundle/${path} is stale: run \`deno task gen\``,
    );
  }
});

Deno.test("deno bundle: each entry's bundle exports what its TypeScript entry does", async () => {
  assert.deepEqual(ENTRIES, ["bls12_381", "bn254", "mod", "x25519"]);
  for (const e of ENTRIES) {
    const wrapper = Deno.readTextFileSync(new URL(`deno/${e}.ts`, ROOT));
    assert.match(wrapper, new RegExp(`@ts-types="\\./entries/${e}\\.ts"`), `deno/${e}.ts typed by its entry`);
    assert.match(
      wrapper,
      new RegExp(`export \\* from "\\./bundle/${e}\\.js";`),
      `deno/${e}.ts runs its bundle`,
    );
    const bundled = await import(new URL(`deno/bundle/${e}.js`, ROOT).href);
    const source = await import(new URL(`deno/entries/${e}.ts`, ROOT).href);
    assert.deepEqual(Object.keys(bundled).sort(), Object.keys(source).sort(), e);
    assert.ok(Object.keys(source).length > 0, `${e} exports something`);
  }
});
