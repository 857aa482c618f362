/**
 * Child of the wide-shape test in tests/ct/field.test.ts, run with V8's
 * --experimental-wasm-wide-arithmetic (the decoder validates a module with the engine first): the
 * "no branches" rule on every export of each curve's plan module in the wide multiplication shape but
 * the inversion and its callers (counted loops) and the functions named variable-time. Prints one JSON line
 * {modules, straightLine} or throws on a violation.
 */
import { FIELD_PLANS, FIELDS, KERNEL_FUNCTIONS, wasmFieldModuleBytes } from "../internal.ts";
import type { FieldName } from "../../field/mod.ts";
import { assertCountedLoopsOnly, assertNoBranches, planExportRule } from "./wasm_rules.ts";
import { decodeModule } from "./wasm_decode.ts";

let modules = 0, straightLine = 0;
for (const [name, plan] of Object.entries(FIELD_PLANS)) {
  const bytes = wasmFieldModuleBytes(FIELDS[name as FieldName], plan, true, "wide");
  const mod = decodeModule(bytes);
  const names = [...mod.exports.keys()].filter((e) => planExportRule(e) === "no branches");
  const counted = [...mod.exports.keys()].filter((e) => planExportRule(e) === "counted loops only");
  if (names.length <= KERNEL_FUNCTIONS.length) throw new Error(`${name}: the plan's layers are missing`);
  if (!mod.functions.some((f) => f.body.some((i) => i.name === "i64.mul_wide_u"))) {
    throw new Error(`${name}: no wide product in the wide module`);
  }
  assertNoBranches(mod, names);
  assertCountedLoopsOnly(mod, counted);
  modules++;
  straightLine += names.length;
}
console.log(JSON.stringify({ modules, straightLine }));
