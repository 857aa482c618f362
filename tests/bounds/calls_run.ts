/**
 * Runs the call-level analysis on one composite function of a module target: concrete distinct
 * addresses for the pointer parameters (each a multiple of the element size, far apart), inputs
 * seeded with their stated bound (< p per coordinate unless a test mis-states it), scratch unwritten;
 * then the walk, and the check that every output coordinate was written and meets the promise (< p).
 * One more run per declared alias (out = an input: the same address for both).
 * @module
 */
import type { CallAnalysis, Region, Violation } from "./calls_analysis.ts";
import type { FunctionSpec, ModuleTarget } from "./calls_targets.ts";
import { exportedFunction } from "../ct/wasm_decode.ts";

/** The outcome for one function (all its runs). */
export interface FunctionReport {
  readonly module: string;
  readonly name: string;
  /** Leaf calls checked, per run (the first run: distinct addresses). */
  readonly calls: number;
  readonly runs: number;
  readonly violations: readonly Violation[];
  /** Per output parameter: the largest proven bound over its elements (undefined: some unwritten). */
  readonly outputs: readonly { readonly param: number; readonly bound: bigint | undefined }[];
  /** The largest bound written anywhere in any run. */
  readonly maxWritten: bigint;
  readonly line: string;
}

/** Options of a run (positive controls). */
export interface RunOptions {
  /** Exclusive bound of each input element, default p (the stated bound). */
  readonly inputBound?: bigint;
  /** The bound promised for the outputs, default p. */
  readonly promise?: bigint;
}

/** Analyses `spec` in `target` with `analysis` (shared per module: leaf classification cached). */
export function analyseFunction(
  target: ModuleTarget,
  analysis: CallAnalysis,
  spec: FunctionSpec,
  options: RunOptions = {},
): FunctionReport {
  const { facts } = target;
  const S = facts.stride, p = facts.unit;
  const input = options.inputBound ?? p, promise = options.promise ?? p;
  const index = exportedFunction(facts.mod, spec.name);
  const base = spec.params.map((_, i) => (i + 1) * 4096 * S);
  const violations: Violation[] = [];
  const outputs = new Map<number, bigint | undefined>();
  let calls = 0, maxWritten = 0n;
  const configs: (readonly [number, number] | null)[] = [null, ...spec.aliases];
  for (const alias of configs) {
    const addr = base.slice();
    if (alias !== null) addr[alias[0]] = addr[alias[1]];
    const regions: Region[] = [
      ...spec.params.map((q, i) => ({ name: `param ${i}`, base: addr[i], elements: q.elements })),
      ...(target.fixedRegions ?? []),
    ];
    const state = new Map<number, bigint>();
    spec.params.forEach((q, i) => {
      if (q.role !== "in" && q.role !== "inout") return;
      for (let e = 0; e < q.elements; e++) state.set(addr[i] + e * S, input);
    });
    const r = analysis.run(index, addr.map((c) => ({ c })), state, regions);
    if (alias === null) calls = r.calls;
    if (r.maxWritten > maxWritten) maxWritten = r.maxWritten;
    violations.push(
      ...r.violations.map((v) =>
        alias === null ? v : { ...v, message: `${v.message} (out = param ${alias[1]})` }
      ),
    );
    spec.params.forEach((q, i) => {
      if (q.role !== "out" && q.role !== "inout") return;
      let max: bigint | undefined = 0n;
      for (let e = 0; e < q.elements; e++) {
        const b = r.state.get(addr[i] + e * S);
        if (b === undefined || b > promise) {
          violations.push({
            fn: spec.name,
            offset: -1,
            callee: "(output)",
            message: `output param ${i} element ${e} is ${facts.show(b)}, promised ${facts.show(promise)}` +
              (alias === null ? "" : ` (out = param ${alias[1]})`),
          });
        }
        max = b === undefined || max === undefined ? undefined : (b > max ? b : max);
      }
      const prev = outputs.get(i);
      outputs.set(
        i,
        outputs.has(i) && (prev === undefined || max === undefined)
          ? undefined
          : (max !== undefined && prev !== undefined && prev > max ? prev : max),
      );
    });
  }
  const outs = [...outputs].map(([param, bound]) => ({ param, bound }));
  const ins = spec.params.map((q, i) => (q.role === "in" || q.role === "inout" ? `${i}:${q.elements}` : null))
    .filter((x) => x !== null);
  const line = `${target.label} | ${spec.name} | ${calls} calls checked × ${configs.length} runs | inputs ` +
    `(param:elements) ${ins.join(" ")} ${facts.show(input)} | outputs ` +
    outs.map((o) => `param ${o.param} ${facts.show(o.bound)}`).join(", ") +
    ` | largest intermediate ${facts.show(maxWritten)}` +
    (violations.length === 0 ? " | proven" : ` | ${violations.length} VIOLATIONS`);
  return {
    module: target.label,
    name: spec.name,
    calls,
    runs: configs.length,
    violations,
    outputs: outs,
    maxWritten,
    line,
  };
}

/** A violation as one line. */
export function formatViolation(v: Violation): string {
  return `${v.fn} @${v.offset} → ${v.callee}: ${v.message}`;
}
