/**
 * The wide-arithmetic Montgomery kernel (field/wasm/emit_mont_wide.ts): V8 runs the instructions only
 * behind a flag, so a child process (wasm_wide_child.ts) checks every field's kernel against BigInt
 * there. Also: this process's engine (no flag) refuses them, so nothing here selects that kernel.
 */
import assert from "node:assert/strict";
import { runWithWideArithmetic } from "../wasm/wide_child_run.ts";
import { wideArithmeticSupported } from "../internal.ts";

Deno.test("wasm wide: the 64-bit-limb Montgomery kernel of every field against BigInt (V8 with the flag)", async () => {
  const r = await runWithWideArithmetic(new URL("./wasm_wide_child.ts", import.meta.url));
  assert.equal(r.supported, true, "this Deno's V8 validates wide arithmetic under the flag");
  assert.deepEqual(r.fields.length, 6); // four fields, two Fp2
  assert.ok(r.checked > 4 * 500, `${r.checked} operand pairs`);
  assert.equal(r.bad, 0);
  console.log(`wide kernel: ${r.checked} operand pairs on ${r.fields.join(", ")}, all equal to BigInt`);
});

Deno.test("wasm wide: not validated without the flag (the default shapes stay)", () => {
  assert.equal(wideArithmeticSupported(), false);
});
