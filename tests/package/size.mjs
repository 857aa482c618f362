// An app of one curve carries no other curve's code, on the installed package: the apps of
// bench/size.mjs bundled (minified) from the scratch project of run.sh, their esbuild metafile inputs
// searched for each curve's files. `node tests/package/size.mjs <consumer dir>`; prints the sizes too.
// Last line: "size: N passed, N failed".
import { APPS, bundleApp, curvesIn, measure, withinCap } from "../../bench/size.mjs";
import { Results } from "./harness.mjs";

const consumer = process.argv[2];
const results = new Results();
try {
  // Control: a bundle of two curves is seen to hold both (the search finds a curve that is there).
  const both = await bundleApp(
    consumer,
    `import { bn254 } from "isochron/bn254"; import { x25519 } from "isochron/x25519";
globalThis.out = [bn254.G1.BASE.double(), x25519.getPublicKey(new Uint8Array(32))];`,
  );
  const seen = curvesIn(both.inputs).join(", ");
  results.record(`size: control: a BN254 + X25519 app is seen to carry both (${seen})`, seen === "bn254, x25519", seen);
  // Control: the cap check refuses a row one byte above its app's cap.
  const over = { app: APPS[0].name, isochron: { gzip: APPS[0].capGzip + 1 } };
  results.record("size: control: a bundle one byte over its cap is refused", !withinCap(over), "accepted");
  for (const row of await measure(consumer, { withNoble: false })) {
    results.record(
      `size: ${row.app} within its cap (${(row.isochron.gzip / 1000).toFixed(1)} ≤ ${
        (row.capGzip / 1000).toFixed(1)
      } kB gzip)`,
      withinCap(row),
      "raise capGzip in bench/size.mjs only with the reason, in the commit that grows the bundle",
    );
    const only = row.curves.length === 1 && row.curves[0] === row.curve;
    results.record(
      `size: ${row.app} carries ${row.curve} only (${(row.isochron.gzip / 1000).toFixed(1)} kB gzip)`,
      only,
      `curves in the bundle: ${row.curves.join(", ") || "none"}`,
    );
    // No library code computes in a scalar field, so its TypeScript kernel must be tree-shaken away
    // (it is reached only through a /* @__PURE__ */ defineField, which the shipped .js must keep).
    const fr = row.inputs.filter((path) => /\/field\/ts\/generated\/[^/]*-fr\.js$/.test(path));
    results.record(`size: ${row.app} carries no scalar-field TypeScript kernel`, fr.length === 0, fr.join(", "));
  }
  if (APPS.length === 0) results.record("size: apps", false, "none");
} catch (e) {
  results.record("size: bundle the apps", false, String(e?.stack ?? e));
}
results.summary("size");
