// CommonJS consumer: require() of the ESM package (Node ≥ 20.19 / 22.12 load ESM without top-level
// await synchronously; Bun always does).
const root = require("isochron");
const x25519Entry = require("isochron/x25519");
const blsEntry = require("isochron/bls12-381");
const bnEntry = require("isochron/bn254");
import("./checks.mjs").then(({ report, runChecks, runtimeBuildCheck }) => {
  const results = runChecks({ root, x25519Entry, blsEntry, bnEntry });
  results.push(runtimeBuildCheck((entry) => require.resolve(entry)));
  report(process.argv[2] ?? "consumer-require", results);
});
