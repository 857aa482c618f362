/**
 * Generation + compilation time of each field's wasm module (the default plan, SIMD): milliseconds to
 * generate the bytes, to compile them, the CPU time of both and the module size. A report, not a
 * test (it was the "reported" test of tests/field/wasm_generator.test.ts):
 *
 *   deno run --allow-read --allow-env --allow-sys bench/field/wasm_generation.ts
 */

import process from "node:process";
import { FIELDS } from "../../curves/registry.ts";
import type { FieldName } from "../../field/params.ts";
import { buildFieldModule } from "../../field/wasm/module.ts";

const lines: string[] = [];
for (const name of Object.keys(FIELDS) as FieldName[]) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const bytes = buildFieldModule(FIELDS[name].p).bytes;
  const t1 = performance.now();
  new WebAssembly.Module(bytes);
  const t2 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  lines.push(
    `${name}: generate ${(t1 - t0).toFixed(1)} ms + compile ${(t2 - t1).toFixed(1)} ms ` +
      `(cpu ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms), ${bytes.length} bytes`,
  );
}
console.log(lines.join("\n"));
