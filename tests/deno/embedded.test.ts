/**
 * The Deno entries (deno/, what JSR serves): their embedded modules (deno/modules/) are exactly what
 * scripts/gen_deno_modules.ts writes from the generator's bytes (stale after a generator change: run
 * `deno task gen`), and a program that imports an entry compiles them: the reader supplies them, a
 * module embedded under the wrong name is taken and refused, and signatures and X25519 give the right
 * answers (a fresh process each, tests/deno/entry_child.ts).
 */
import assert from "node:assert/strict";
import { DENO_BLS12_381_MODULES, DENO_BN254_MODULES, DENO_X25519_MODULES } from "../internal.ts";
import { EMBEDDED, embeddedSource } from "../../scripts/gen_deno_modules.ts";
import { packageWasmFiles } from "../../scripts/build_package.ts";

const ROOT = new URL("../../", import.meta.url);
const files = packageWasmFiles();

Deno.test("deno entries: the embedded modules are the generator's bytes (else: deno task gen)", () => {
  const embedded: Record<string, Readonly<Record<string, string>>> = {
    bls12_381: DENO_BLS12_381_MODULES,
    bn254: DENO_BN254_MODULES,
    x25519: DENO_X25519_MODULES,
  };
  assert.deepEqual(Object.keys(embedded).sort(), Object.keys(EMBEDDED).sort());
  for (const [curve, modules] of Object.entries(embedded)) {
    const committed = Deno.readTextFileSync(new URL(`deno/modules/${curve}.ts`, ROOT));
    assert.equal(
      committed,
      embeddedSource(curve, files),
      `deno/modules/${curve}.ts is stale: run \`deno task gen\``,
    );
    assert.deepEqual(Object.keys(modules), [...EMBEDDED[curve]]);
    for (const [name, text] of Object.entries(modules)) {
      const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
      assert.deepEqual(bytes, files.get(name), `${curve}: ${name}`);
      assert.ok(WebAssembly.validate(bytes), `${name} validates`);
    }
  }
});

function child(mode: string): Record<string, unknown> {
  const out = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--allow-read", new URL("./entry_child.ts", import.meta.url).pathname, mode],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).outputSync();
  const text = new TextDecoder().decode(out.stdout).trim();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return JSON.parse(text);
}

Deno.test("deno entries: importing them supplies their modules, which the first operations use", () => {
  const good = child("good");
  // Their own curve's files, only the SIMD variant, and not another curve's (deno/entries/bn254.ts not imported).
  assert.deepEqual(good.files, ["bls12-381-fp.wasm", "bls12-381-fr.wasm", "x25519.wasm"]);
  assert.equal(good.verify, true);
  assert.equal(good.x25519, true);
  const wrong = child("wrong");
  assert.match(
    String(wrong.error),
    /INVALID_TYPE/,
    "the module under BLS12-381's name was taken, and refused",
  );
  assert.equal(wrong.x25519, true);
});

Deno.test("deno entries: the bundles a JSR user imports sign, verify and agree on X25519", () => {
  const bundle = child("bundle");
  assert.equal(bundle.error, undefined);
  assert.equal(bundle.verify, true);
  assert.equal(bundle.x25519, true);
});
