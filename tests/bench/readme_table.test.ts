/** bench/readme_table.ts: the README's tables from report rows (synthetic rows, known cells). */
import assert from "node:assert/strict";
import { bulkTable, formulaTable, headlineTable, time, windowTable } from "../../bench/readme_table.ts";
import { isComposite, targetTable } from "../../bench/targets.ts";

const row = (id: string, lib: string, backend: string, nsPerOp: number, runtime?: string) => {
  const [suite, op] = id.split(" ");
  return { suite, op, lib, backend, nsPerOp, ...(runtime === undefined ? {} : { runtime }) };
};

Deno.test("readme table: scaled times", () => {
  assert.equal(time(99.2), "99.2 ns");
  assert.equal(time(3500), "3.50 µs");
  assert.equal(time(2_670_000), "2.67 ms");
  assert.equal(time(243_000), "243 µs");
});

Deno.test("readme table: headline cells, ratios to the named peer", () => {
  const rows = [
    row("bls12-381 fp-mul", "isochron", "wasm", 90),
    row("bls12-381 fp-mul", "isochron", "ts", 200),
    row("bls12-381 fp-mul", "noble", "bigint", 100),
    row("bls12-381 bls-sign", "isochron", "wasm", 2000),
    row("bls12-381 bls-sign", "blst", "native", 400),
    row("bls12-381 bls-sign", "noble", "bigint", 8000),
  ];
  const t = headlineTable(rows);
  assert.match(t, /`bls12-381 fp-mul` {2}\| 90.0 ns, 0.90× \| 200 ns, 2.00× \| noble 100 ns \|/);
  assert.match(t, /2.00 µs, 5.00× blst \(0.25× noble\) \| – \| blst 400 ns, noble 8.00 µs/);
  assert.doesNotMatch(t, /fp2-mul/, "a row without data is left out");
});

Deno.test("readme table: windows and bulk addition", () => {
  const rows = [
    row("bls12-381 g2-mul-ct", "isochron", "wasm", 500_000),
    row("bls12-381 g2-mul-w4", "isochron", "wasm", 1_100_000),
    row("bls12-381 g2-mul-w5", "isochron", "wasm", 1_150_000),
    row("bls12-381 g1-sum-affine-10", "isochron", "wasm", 9000),
    row("bls12-381 g1-sum-affine-10", "blst", "native", 6000),
  ];
  assert.match(windowTable(rows), /bls12-381 G2 \(wasm\) \| 500 µs \| 1.10 ms \| 1.15 ms \| 2.20× \|/);
  assert.match(bulkTable(rows), /\| 10 \| 900 ns\/pt, 1.50× blst \| 600 ns\/pt \| – \|/);
});

Deno.test("readme table: point formulas, Jacobian ÷ projective per cell; a group without every pair left out", () => {
  const rows = [
    ["add-proj", 1500],
    ["add-jac", 1800],
    ["madd-proj", 1200],
    ["madd", 1500],
    ["dbl-proj", 1000],
    ["dbl-jac", 800],
  ].map(([op, ns]) => row(`bn254 g1-${op}`, "isochron", "wasm", ns as number));
  const t = formulaTable([...rows, row("bn254 g2-add-proj", "isochron", "wasm", 4000)]);
  assert.match(
    t,
    /\| bn254 G1 \(wasm\) \| 1.50 µs \/ 1.80 µs \(1.20×\) \| 1.20 µs \/ 1.50 µs \(1.25×\) \| 1.00 µs \/ 800 ns \(0.80×\) \|/,
  );
  assert.doesNotMatch(t, /G2/);
});

Deno.test("readme table: a column per runtime, ratios to the same peer on that runtime", () => {
  const rows = [
    row("bls12-381 pairing", "isochron", "wasm", 3_000_000, "deno"),
    row("bls12-381 pairing", "isochron", "ts", 9_000_000, "deno"),
    row("bls12-381 pairing", "noble", "bigint", 6_000_000, "deno"),
    row("bls12-381 pairing", "mcl-wasm", "wasm", 4_000_000, "deno"),
    row("bls12-381 pairing", "isochron", "wasm", 4_000_000, "node20"),
    row("bls12-381 pairing", "noble", "bigint", 5_000_000, "node20"),
    row("bls12-381 pairing", "isochron", "wasm", 7_000_000, "bun"),
    row("bls12-381 g1-add", "isochron", "wasm", 1500, "deno"),
    row("bls12-381 g1-add", "noble", "bigint", 2000, "deno"),
  ];
  const t = headlineTable(rows);
  assert.match(
    t,
    /^\| operation \(`suite op`\) \| isochron wasm \(deno\) \| isochron ts \(deno\) \| peers \(deno\) \| isochron wasm \(node20\) \| isochron wasm \(bun\) \|$/m,
  );
  assert.match(
    t,
    /`bls12-381 pairing` {2}\| 3.00 ms, 0.50× \| 9.00 ms, 1.50× \| noble 6.00 ms, mcl-wasm 4.00 ms \| 4.00 ms, 0.80× \| 7.00 ms \|/,
  );
  assert.match(t, /`bls12-381 g1-add` {2}\| 1.50 µs, 0.75× \| – \| noble 2.00 µs \| – \| – \|/);
  assert.doesNotMatch(headlineTable(rows.filter((r) => r.runtime === "deno")), /node20|\(deno\)/);
});

Deno.test("targets: ratio per runtime against the named peer, composite operations against noble", () => {
  const rows = [
    row("x25519 x25519", "isochron", "wasm", 60, "deno"),
    row("x25519 x25519", "libsodium", "wasm", 100, "deno"),
    row("x25519 x25519", "noble", "bigint", 1000, "deno"),
    row("x25519 x25519", "isochron", "wasm", 250, "node20"),
    row("x25519 x25519", "libsodium", "wasm", 100, "node20"),
    row("x25519 x25519", "noble", "bigint", 400, "node20"),
    row("bls12-381 fp-mul", "isochron", "wasm", 100, "node20"),
    row("bls12-381 fp-mul", "noble", "bigint", 90, "node20"),
  ];
  const t = targetTable(rows);
  assert.match(t, /^\| target \(isochron wasm ÷ peer\) \| deno \| node20 \|$/m);
  assert.match(t, /`x25519 x25519` ≤ 0.8× libsodium \| 0.60× met \| 2.50× \*\*not met\*\* \|/);
  assert.match(t, /`bls12-381 pairing` ≤ 0.8× mcl-wasm \| – \| – \|/);
  assert.match(
    t,
    /composite operations ≤ 0.5× noble \| 1 of 1 met \| 0 of 1 met; not met: `x25519 x25519` 0.63× \|/,
  );
  assert.equal(isComposite("fp12-mul"), false);
  assert.equal(isComposite("g2-dbl-jac"), false);
  assert.equal(isComposite("g1-add"), false);
  assert.equal(isComposite("g1-mul-ct"), true);
  assert.equal(isComposite("g2-sum-proj-1000"), true);
  assert.equal(isComposite("first-bn254-pairing"), true);
});
