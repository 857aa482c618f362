/** bench/readme_table.ts: the README's tables from report rows (synthetic rows, known cells). */
import assert from "node:assert/strict";
import { bulkTable, headlineTable, time, windowTable } from "../../bench/readme_table.ts";

const row = (id: string, lib: string, backend: string, nsPerOp: number) => {
  const [suite, op] = id.split(" ");
  return { suite, op, lib, backend, nsPerOp };
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
