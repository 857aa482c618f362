/**
 * Runs a child script under V8's --experimental-wasm-wide-arithmetic (V8 validates the wide-arithmetic
 * instructions only behind that flag; JavaScriptCore by default) and returns the JSON of its last line
 * of output; fails with the child's stderr when it exits non-zero. For the tests of the wide kernels
 * (tests/field/wasm_wide.test.ts, tests/ct/field.test.ts, tests/x25519/wide.test.ts).
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

// deno-lint-ignore no-explicit-any
export async function runWithWideArithmetic(child: URL): Promise<any> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-env",
      "--v8-flags=--experimental-wasm-wide-arithmetic",
      "--config",
      fileURLToPath(new URL("../../deno.json", import.meta.url)),
      fileURLToPath(child),
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
}
