// The registration mechanism itself: each call below defines one Deno.test ("ct flow: …",
// "ct access: …", "ct wasm: …") on a clean fixture; they must all pass. (That leaky code makes
// the underlying assertions throw is shown in controls.test.ts.)
import { ctAccess, ctFlow, ctWasm, secretIndices, standardSecrets32 } from "./registry.ts";
import { cleanMix, ctSelect } from "./fixtures/controls_lib.ts";
import { assemble, EMPTY, I32 } from "./fixtures/wasm_bytes.ts";

const fixtures = { include: (url: string) => url.includes("/tests/ct/fixtures/") };
const TABLE = Uint32Array.from({ length: 8 * 3 }, (_, i) => i);

ctFlow("fixture cleanMix", (k: Uint8Array) => cleanMix(k), standardSecrets32(), fixtures);
ctFlow(
  "fixture cleanMix, secrets made when the test runs",
  cleanMix,
  () => standardSecrets32({ seed: 7 }),
  fixtures,
);
ctAccess(
  "fixture ctSelect",
  (i, t) => ctSelect(new Uint32Array(3), t.wrap(TABLE), 3, 8, i),
  secretIndices(8),
  {
    fullScan: true,
  },
);

// xor(a, b) straight-line; loop8(p) = 8·p with a counted loop (see controls.test.ts for the bytes).
const module = () =>
  assemble([
    { params: [I32, I32], results: [I32], body: [0x20, 0, 0x20, 1, 0x73, 0x0b], export: "xor" },
    {
      params: [I32],
      results: [I32],
      locals: [I32, I32],
      body: [
        ...[0x03, EMPTY, 0x20, 2, 0x20, 0, 0x6a, 0x21, 2, 0x20, 1, 0x41, 1, 0x6a, 0x21, 1],
        ...[0x20, 1, 0x41, 8, 0x49, 0x0d, 0, 0x0b, 0x20, 2, 0x0b],
      ],
      export: "loop8",
    },
  ]);
ctWasm("fixture module", module, { straightLine: ["xor"], countedLoops: ["loop8", "xor"] });
ctWasm("fixture module, bytes given asynchronously", () => Promise.resolve(module()), {
  straightLine: ["xor"],
});
