// Engine detection for the code shapes (wasm/engine.ts): each rule on a made-up global object, the
// order of the rules (Bun's compatibility `process.versions.v8` must not read as V8), and this
// runtime's own answer.

import assert from "node:assert/strict";
import { detectEngine, thisEngine, x25519LadderShapeFor } from "../internal.ts";

Deno.test("detectEngine: Bun is JavaScriptCore although it reports process.versions.v8", () => {
  const g = { Bun: { version: "1.4.5" }, process: { versions: { v8: "13.6.233.10-node.27" } } };
  assert.deepEqual(detectEngine(g), { engine: "jsc", v8Major: null });
});

Deno.test("detectEngine: Deno and Node report their V8 major version", () => {
  assert.deepEqual(detectEngine({ Deno: { version: { v8: "15.0.245.2-rusty" } } }), {
    engine: "v8",
    v8Major: 15,
  });
  assert.deepEqual(detectEngine({ process: { versions: { v8: "11.3.244.8-node.38" } } }), {
    engine: "v8",
    v8Major: 11,
  });
  assert.deepEqual(detectEngine({ process: { versions: { node: "20.0.0" } } }), {
    engine: "unknown",
    v8Major: null,
  });
});

Deno.test("detectEngine: browsers by user agent", () => {
  const ua = (userAgent: string) => detectEngine({ navigator: { userAgent } });
  assert.deepEqual(
    ua(
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36",
    ),
    { engine: "v8", v8Major: 13 },
  );
  assert.deepEqual(
    ua(
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36",
    ),
    { engine: "v8", v8Major: 11 },
  );
  assert.deepEqual(ua("Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"), {
    engine: "spidermonkey",
    v8Major: null,
  });
  assert.deepEqual(
    ua(
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
    ),
    { engine: "jsc", v8Major: null },
  );
  assert.deepEqual(ua("Cloudflare-Workers"), { engine: "unknown", v8Major: null });
  assert.deepEqual(detectEngine({}), { engine: "unknown", v8Major: null });
});

Deno.test("detectEngine: this runtime (Deno) is V8 with Deno's V8 version", () => {
  assert.deepEqual(thisEngine(), { engine: "v8", v8Major: Number(Deno.version.v8.split(".")[0]) });
});

Deno.test("x25519 ladder shape: inline from V8 13, calls on V8 11–12, JavaScriptCore and unknown engines", () => {
  const noWide = false;
  assert.equal(x25519LadderShapeFor({ engine: "v8", v8Major: 15 }, noWide), "inline");
  assert.equal(x25519LadderShapeFor({ engine: "v8", v8Major: 13 }, noWide), "inline");
  assert.equal(x25519LadderShapeFor({ engine: "v8", v8Major: 12 }, noWide), "calls");
  assert.equal(x25519LadderShapeFor({ engine: "v8", v8Major: 11 }, noWide), "calls");
  assert.equal(x25519LadderShapeFor({ engine: "v8", v8Major: null }, noWide), "calls");
  assert.equal(x25519LadderShapeFor({ engine: "jsc", v8Major: null }, noWide), "calls");
  assert.equal(x25519LadderShapeFor({ engine: "spidermonkey", v8Major: null }, noWide), "calls");
  assert.equal(x25519LadderShapeFor({ engine: "unknown", v8Major: null }, noWide), "calls");
  assert.equal(x25519LadderShapeFor({ engine: "jsc", v8Major: null }, true), "wide");
  assert.equal(x25519LadderShapeFor({ engine: "v8", v8Major: 15 }, true), "wide");
});
