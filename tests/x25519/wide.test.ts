/**
 * The wide-arithmetic X25519 ladder (x25519/wasm/wide.ts): V8 validates its instructions only behind
 * a flag, so a child process (wide_child.ts) runs it there: RFC 7748 vectors and the iterated chain,
 * the library's inline ladder and noble on random and edge inputs, the public API on the wide shape,
 * and its constant-time rule (counted loops only). Here (no flag) the shape rule keeps the others.
 */
import assert from "node:assert/strict";
import { x25519LadderShape, x25519LadderShapeFor } from "../internal.ts";
import { runWithWideArithmetic } from "../wasm/wide_child_run.ts";

Deno.test("x25519 wide ladder: vectors, differential and ct rule (V8 with the flag, child process)", async () => {
  const r = await runWithWideArithmetic(new URL("./wide_child.ts", import.meta.url));
  assert.equal(r.shape, "wide", "the child's default shape");
  assert.ok(r.checked > 1000, `${r.checked} checks`);
  assert.equal(r.bad, 0);
});

Deno.test("x25519 wide ladder: the shape where wide arithmetic validates, and not here", () => {
  assert.equal(x25519LadderShapeFor({ engine: "jsc", v8Major: null }, true), "wide");
  assert.equal(x25519LadderShapeFor({ engine: "jsc", v8Major: null }, false), "calls");
  assert.notEqual(x25519LadderShape(), "wide");
});
