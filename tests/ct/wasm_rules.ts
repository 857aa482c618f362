/**
 * Constant-time rules for WebAssembly functions, checked on the decoded bytecode (wasm_decode.ts).
 *
 * Rule "no branches" ({@linkcode assertNoBranches}), for fully unrolled field kernels:
 * - no `if`, `br`, `br_if`, `br_table`, `select` (0x1B and typed 0x1C), `br_on_null`/`br_on_non_null`;
 * - no indirect calls (`call_indirect`, `call_ref` and their tail-call forms: data picks the callee),
 *   no exception handling (`try`, `throw`, …), no call to an imported function (its code is unknown);
 * - no integer division or remainder (`div_s/u`, `rem_s/u`: variable latency on common CPUs);
 *   multiplications, the wide-arithmetic products and 128-bit sums included (`i64.mul_wide_u`,
 *   `i64.add128`, `i64.sub128`: x86-64 `mul`/`add`/`adc`, AArch64 `mul`/`umulh`/`adds`), are allowed;
 * - `call`/`return_call` only to functions that themselves satisfy the rule (checked transitively;
 *   recursion is rejected). `block`, `loop` without a branch, `return`, `unreachable` are fine.
 *
 * Rule "counted loops only" ({@linkcode assertCountedLoopsOnly}), for drivers such as the X25519
 * ladder: everything above, except that
 * - an unconditional `br` may target a `loop` label (a back edge), nothing else;
 * - every `br_if` tests a loop counter against a constant: the instructions right before it are
 *   `local.get L; iNN.const C; iNN.<compare>` (either operand order; eq, ne, lt, gt, le, ge, signed or
 *   unsigned), or `local.get L; iNN.eqz`, or just `local.get L` (L ≠ 0). `local.tee L` may stand
 *   for `local.get L`;
 * - a loop counter L is a declared local (not a parameter: those carry the caller's data) whose every
 *   write (`local.set L` / `local.tee L`) is `iNN.const c; local.set L` or
 *   `local.get L; iNN.const c; iNN.add|sub; local.set L` (or `iNN.const c; local.get L; iNN.add`);
 *   locals start at zero;
 * - callees must satisfy this rule (a straight-line function does).
 * By induction, every counter value, and so every branch, is then a function of constants alone.
 *
 * What the rules do not prove: that memory addresses are independent of secrets (a straight-line
 * `i32.load` from a secret address passes), or anything about the JavaScript around the calls.
 * @module
 */

import { decodeModule, exportedFunction, formatInstr, type Instr, type WasmFunction } from "./wasm_decode.ts";
import type { WasmModule } from "./wasm_decode.ts";

/**
 * Which rule an export of a curve's plan module obeys by its name: the constant-time inversion and the
 * functions that call it (the endomorphism loop's affine table, `<group>.affine_table_w<w>`,
 * curves/group/affine_multiples.ts) loop on counters; the functions named variable-time obey neither
 * (public inputs); every other export is straight-line.
 */
export function planExportRule(name: string): "no branches" | "counted loops only" | "variable-time" {
  if (/vartime$/i.test(name)) return "variable-time";
  return name === "inv" || /\.affine_table_w\d+$/.test(name) ? "counted loops only" : "no branches";
}

type Mode = "no branches" | "counted loops only";

/** Opcodes that break both rules, with the reason shown in reports. */
const FORBIDDEN = new Map<number, string>([
  [0x04, "`if` branches on data"],
  [0x0e, "`br_table` branches on data"],
  [0x1b, "`select` chooses on data (use a mask)"],
  [0x1c, "`select` chooses on data (use a mask)"],
  [0x11, "`call_indirect`: data picks the callee"],
  [0x13, "`return_call_indirect`: data picks the callee"],
  [0x14, "`call_ref`: data picks the callee"],
  [0x15, "`return_call_ref`: data picks the callee"],
  [0xd5, "`br_on_null` branches on data"],
  [0xd6, "`br_on_non_null` branches on data"],
  ...[0x06, 0x07, 0x08, 0x09, 0x0a, 0x18, 0x19, 0x1f].map((op) =>
    [op, "exception handling is control flow"] as const
  ),
  ...[0x6d, 0x6e, 0x6f, 0x70, 0x7f, 0x80, 0x81, 0x82].map((op) =>
    [op, "integer division has variable latency"] as const
  ),
]);

const isConst = (i: Instr | undefined) => i !== undefined && (i.op === 0x41 || i.op === 0x42);
const isGet = (i: Instr | undefined, local: number) => i !== undefined && i.op === 0x20 && i.imm[0] === local;
const isAdd = (i: Instr | undefined) => i !== undefined && (i.op === 0x6a || i.op === 0x7c);
const isAddSub = (i: Instr | undefined) => isAdd(i) || (i !== undefined && (i.op === 0x6b || i.op === 0x7d));
const isCompare = (op: number) => (op >= 0x46 && op <= 0x4f) || (op >= 0x51 && op <= 0x5a);

/** Declared locals whose every write is a constant, or itself plus/minus a constant. */
function loopCounters(f: WasmFunction): Set<number> {
  const bad = new Set<number>();
  f.body.forEach((ins, k) => {
    if (ins.op !== 0x21 && ins.op !== 0x22) return;
    const L = ins.imm[0] as number;
    const [a, b, c] = [f.body[k - 3], f.body[k - 2], f.body[k - 1]];
    const ok = isConst(c) ||
      (isAddSub(c) && isGet(a, L) && isConst(b)) ||
      (isAdd(c) && isConst(a) && isGet(b, L));
    if (!ok) bad.add(L);
  });
  const out = new Set<number>();
  for (let L = f.params; L < f.locals; L++) if (!bad.has(L)) out.add(L);
  return out;
}

/** Is the `br_if` at `k` fed by a loop counter compared with a constant? */
function countedCondition(f: WasmFunction, k: number, counters: Set<number>): boolean {
  const [a, b, c] = [f.body[k - 3], f.body[k - 2], f.body[k - 1]];
  const src = (i: Instr | undefined) =>
    i !== undefined && (i.op === 0x20 || i.op === 0x22) && counters.has(i.imm[0] as number);
  if (c === undefined) return false;
  if (src(c)) return true;
  if (c.op === 0x45 || c.op === 0x50) return src(b);
  if (isCompare(c.op)) return (src(a) && isConst(b)) || (isConst(a) && src(b));
  return false;
}

/** The first instruction of `f` itself that breaks the rule, as a message; null if none. */
function localViolation(f: WasmFunction, mode: Mode): string | null {
  const counters = mode === "counted loops only" ? loopCounters(f) : new Set<number>();
  const labels: string[] = ["function"];
  for (let k = 0; k < f.body.length; k++) {
    const ins = f.body[k];
    const at = () => `${formatInstr(ins)} (instruction #${k} of ${f.name})`;
    const reason = FORBIDDEN.get(ins.op);
    if (reason) return `${at()}: ${reason}`;
    if (ins.op === 0x02 || ins.op === 0x03) labels.push(ins.op === 0x03 ? "loop" : "block");
    else if (ins.op === 0x0b) labels.pop();
    else if (ins.op === 0x0c || ins.op === 0x0d) {
      if (mode === "no branches") return `${at()}: a branch (kernels must be straight-line)`;
      if (ins.op === 0x0c && labels[labels.length - 1 - (ins.imm[0] as number)] !== "loop") {
        return `${at()}: an unconditional br may only jump back to a loop`;
      }
      if (ins.op === 0x0d && !countedCondition(f, k, counters)) {
        return `${at()}: br_if must test a loop counter against a constant ` +
          `(local.get L; i32.const C; i32.lt_u…), L a declared local only set from constants or L±C`;
      }
    }
  }
  return null;
}

/** Checks function `index` and, transitively, its callees; a message if something breaks `mode`. */
function verify(
  mod: WasmModule,
  index: number,
  mode: Mode,
  memo: Map<number, string | null>,
  path: number[],
) {
  const known = memo.get(index);
  if (known !== undefined) return known;
  if (path.includes(index)) return `recursion through func[${index}]`;
  if (index < mod.imports.length) {
    const im = mod.imports[index];
    return `func[${index}] is the import ${im.module}.${im.name}, whose code cannot be checked`;
  }
  const f = mod.functions[index - mod.imports.length];
  let result = localViolation(f, mode);
  for (const ins of f.body) {
    if (result !== null) break;
    if (ins.op !== 0x10 && ins.op !== 0x12) continue;
    const callee = ins.imm[0] as number;
    const sub = verify(mod, callee, mode, memo, [...path, index]);
    if (sub !== null) result = `${f.name} ${formatInstr(ins)} calls a function that breaks the rule: ${sub}`;
  }
  memo.set(index, result);
  return result;
}

function assertRule(mode: Mode, module: Uint8Array | WasmModule, exportNames?: readonly string[]): void {
  const mod = module instanceof Uint8Array ? decodeModule(module) : module;
  const names = exportNames ?? [...mod.exports.keys()];
  if (names.length === 0) throw new Error(`wasm rule "${mode}": no exported function to check`);
  const memo = new Map<number, string | null>();
  for (const name of names) {
    const index = exportedFunction(mod, name);
    const problem = verify(mod, index, mode, memo, []);
    if (problem !== null) throw new Error(`wasm rule "${mode}": export "${name}" breaks it: ${problem}`);
  }
}

/**
 * Throws unless every named export (default: all exported functions) is straight-line code: see
 * the module comment for the exact rule. Accepts module bytes or a decoded module.
 */
export function assertNoBranches(module: Uint8Array | WasmModule, exportNames?: readonly string[]): void {
  assertRule("no branches", module, exportNames);
}

/**
 * Throws unless every named export (default: all exported functions) branches only on loop
 * counters compared with constants: see the module comment for the exact rule.
 */
export function assertCountedLoopsOnly(
  module: Uint8Array | WasmModule,
  exportNames?: readonly string[],
): void {
  assertRule("counted loops only", module, exportNames);
}
