/**
 * The call-level bound analysis of the composite functions of a generated wasm module: functions whose
 * bodies are calls of field functions and moves of addresses (the tower's Fp6/Fp12, the point
 * formulas, the Miller steps, …), read from the decoded module bytes (tests/ct/wasm_decode.ts).
 *
 * Abstract state: for each element at a byte address, an exclusive bound U ("value < U"; U = k·p for
 * the field modules). The body is walked in order; i32 values are evaluated concretely (the pointer
 * parameters get distinct concrete addresses), flags (eq/isZero results and their `i32.and`) are 0/1
 * of unknown value. At each `call`:
 * - a leaf with a contract (contracts.ts): every operand element read must hold a value (written
 *   before, or an input) within the accepted bound, else a violation; the outputs get the contract's
 *   bound (a join for masked moves, a sum for carry-free additions);
 * - a linear combination (calls_combination.ts, on the module's limb width): its contract is computed
 *   from the operands' bounds;
 * - a composite callee: its body is walked with the argument values (interprocedural, exact).
 * Every address must lie in a declared region (parameters' operands, scratch) and on an element
 * boundary. An instruction outside the modelled set throws {@linkcode Unclassified}: nothing is
 * skipped. Straight-line only: a composite body with control flow throws, except in
 * {@linkcode summarize} (the loops of the bulk-sum level), a flow-insensitive proof that one bound on
 * all of memory is an invariant of every call.
 * @module
 */
import type { WasmFunction, WasmModule } from "../ct/wasm_decode.ts";
import type { LeafContract, LeafEntry, OutputBound } from "./contracts.ts";
import { type Combination, decodeCombination, NotACombination, partBound } from "./calls_combination.ts";

/** An instruction the analysis does not model, or a leaf it cannot classify. */
export class Unclassified extends Error {}

/** An operand outside what a callee accepts (or an unwritten / stray read). */
export interface Violation {
  readonly fn: string;
  /** Byte offset of the `call` in the module. */
  readonly offset: number;
  readonly callee: string;
  readonly message: string;
}

/** A memory region the analysed function may touch. */
export interface Region {
  readonly name: string;
  readonly base: number;
  readonly elements: number;
}

/** An i32 value: a concrete number, or an unknown 0/1 flag. */
type I32 = { readonly c: number } | { readonly flag: true };
const isConst = (v: I32): v is { c: number } => "c" in v;

/** How a leaf is handled. */
type Leaf =
  | { readonly kind: "contract"; readonly name: string; readonly contract: LeafContract }
  | { readonly kind: "combination"; readonly name: string; readonly comb: Combination };

/** The module-wide facts the analysis needs. */
export interface ModuleFacts {
  readonly mod: WasmModule;
  /** The bound unit (p; 1 for X25519's multiples of "tight"). */
  readonly unit: bigint;
  /** Limbs per element (combinations), bytes per element. */
  readonly limbs: number;
  readonly stride: number;
  /**
   * Bits per limb of the layout at rest, as the module states it (`limbBits()`: 32 words, 30 limbs at
   * rest): the width the combinations are decoded with. Absent: 32 (X25519, whose leaves all have
   * contracts).
   */
  readonly limbBits?: number;
  readonly contracts: Readonly<Record<string, LeafEntry>>;
  /** A contract for a leaf the table does not name (X25519's unnamed squarings), or null. */
  readonly identify?: (fn: WasmFunction) => LeafEntry | null;
  /** Prints a bound. */
  readonly show: (u: bigint | undefined) => string;
}

const COMPOSITE_OPS = new Set([
  "local.get",
  "local.set",
  "local.tee",
  "i32.const",
  "i32.add",
  "i32.and",
  "call",
  "drop",
]);

/** The result of one analysis. */
export interface Analysis {
  /** Leaf calls checked (including those inside composite callees). */
  calls: number;
  violations: Violation[];
  /** The final state: element address → exclusive bound. */
  state: Map<number, bigint>;
  /** Return value of the function, if any. */
  result?: I32;
  /** The largest bound written anywhere (scratch included: the lazy values). */
  maxWritten: bigint;
}

/** The export names of each function index. */
function exportNames(mod: WasmModule): Map<number, string[]> {
  const names = new Map<number, string[]>();
  for (const [name, index] of mod.exports) names.set(index, [...(names.get(index) ?? []), name]);
  return names;
}

/** The analysis of one module (leaf classification cached). */
export class CallAnalysis {
  private readonly leaves = new Map<number, Leaf | null>();
  private readonly names: Map<number, string[]>;
  /** The limb width the combinations are decoded with. */
  private readonly bits: number;
  constructor(readonly facts: ModuleFacts) {
    this.names = exportNames(facts.mod);
    this.bits = facts.limbBits ?? 32;
  }

  fn(index: number): WasmFunction {
    const f = this.facts.mod.functions[index - this.facts.mod.imports.length];
    if (f === undefined) throw new Unclassified(`call of imported or unknown function ${index}`);
    return f;
  }

  /** The leaf entry of function `index`, or null when its body has calls (a composite). */
  leaf(index: number): Leaf | null {
    if (this.leaves.has(index)) return this.leaves.get(index)!;
    const f = this.fn(index);
    const hasCalls = f.body.some((i) => i.name === "call" || i.name === "call_indirect");
    let leaf: Leaf | null = null;
    const named = (this.names.get(index) ?? []).find((n) => this.facts.contracts[n] !== undefined);
    const entry = named !== undefined ? this.facts.contracts[named] : this.facts.identify?.(f) ?? null;
    const name = named ?? f.name;
    if (entry?.kind === "contract") leaf = { kind: "contract", name, contract: entry };
    else if (entry?.kind === "combination" || (!hasCalls && entry === null)) {
      try {
        const comb = decodeCombination(f, this.facts.unit, this.facts.limbs, this.bits);
        leaf = { kind: "combination", name, comb };
      } catch (e) {
        if (!(e instanceof NotACombination)) throw e;
        throw new Unclassified(
          `leaf ${f.name} has no contract and is not a linear combination: ${e.message}`,
        );
      }
    } else if (hasCalls) leaf = null;
    if (leaf !== null && hasCalls) throw new Unclassified(`leaf ${f.name} calls other functions`);
    this.leaves.set(index, leaf);
    return leaf;
  }

  /**
   * Walks function `index` with parameter values `args` from `state` (mutated), straight-line.
   * `regions`: where addresses may point.
   */
  run(index: number, args: readonly I32[], state: Map<number, bigint>, regions: readonly Region[]): Analysis {
    const out: Analysis = { calls: 0, violations: [], state, maxWritten: 0n };
    out.result = this.walk(index, args, out, regions, this.fn(index).name);
    return out;
  }

  private walk(
    index: number,
    args: readonly I32[],
    out: Analysis,
    regions: readonly Region[],
    top: string,
  ): I32 | undefined {
    const f = this.fn(index);
    const locals: I32[] = Array.from({ length: f.locals }, (_, i) => (i < f.params ? args[i] : { c: 0 }));
    const stack: I32[] = [];
    const pop = (): I32 => {
      const v = stack.pop();
      if (v === undefined) throw new Unclassified(`${f.name}: stack underflow`);
      return v;
    };
    for (let k = 0; k < f.body.length; k++) {
      const ins = f.body[k];
      if (ins.name === "end" && k === f.body.length - 1) break;
      if (!COMPOSITE_OPS.has(ins.name)) {
        throw new Unclassified(`${f.name}: unmodelled instruction ${ins.name} at offset ${ins.offset}`);
      }
      switch (ins.name) {
        case "local.get":
          stack.push(locals[ins.imm[0] as number]);
          break;
        case "local.set":
          locals[ins.imm[0] as number] = pop();
          break;
        case "local.tee":
          locals[ins.imm[0] as number] = stack[stack.length - 1];
          break;
        case "i32.const":
          stack.push({ c: ins.imm[0] as number });
          break;
        case "drop":
          pop();
          break;
        case "i32.add": {
          const b = pop(), a = pop();
          if (!isConst(a) || !isConst(b)) {
            throw new Unclassified(`${f.name}: i32.add of a flag at ${ins.offset}`);
          }
          stack.push({ c: (a.c + b.c) | 0 });
          break;
        }
        case "i32.and": {
          const b = pop(), a = pop();
          stack.push(isConst(a) && isConst(b) ? { c: a.c & b.c } : { flag: true });
          if ((!isConst(a) && isConst(b) && b.c !== 1) || (!isConst(b) && isConst(a) && a.c !== 1)) {
            throw new Unclassified(`${f.name}: i32.and of a flag with ${JSON.stringify([a, b])}`);
          }
          break;
        }
        case "call": {
          const callee = ins.imm[0] as number;
          const g = this.fn(callee);
          const a: I32[] = [];
          for (let i = 0; i < g.params; i++) a.unshift(pop());
          const leaf = this.leaf(callee);
          const r = leaf === null
            ? this.walk(callee, a, out, regions, top)
            : this.callLeaf(leaf, a, out, regions, { fn: top, offset: ins.offset, callee: leaf.name });
          if (g.type.results.length === 1) {
            if (r === undefined) throw new Unclassified(`${g.name}: result not modelled`);
            stack.push(r);
          } else if (g.type.results.length > 1) throw new Unclassified(`${g.name}: several results`);
          break;
        }
      }
    }
    if (f.type.results.length === 1) return pop();
    return undefined;
  }

  /** An element address from an i32 argument, checked against the regions. */
  private address(
    v: I32,
    elements: number,
    regions: readonly Region[],
    where: Omit<Violation, "message">,
    out: Analysis,
  ): number[] | null {
    const S = this.facts.stride;
    if (!isConst(v)) throw new Unclassified(`${where.fn}: a flag used as an address for ${where.callee}`);
    const addrs = Array.from({ length: elements }, (_, e) => v.c + e * S);
    for (const a of addrs) {
      const r = regions.find((r) => a >= r.base && a < r.base + r.elements * S);
      if (r === undefined || (a - r.base) % S !== 0) {
        out.violations.push({
          ...where,
          message: `address ${a} is outside every region or not on an element`,
        });
        return null;
      }
    }
    return addrs;
  }

  private callLeaf(
    leaf: Leaf,
    args: readonly I32[],
    out: Analysis,
    regions: readonly Region[],
    where: Omit<Violation, "message">,
  ): I32 | undefined {
    out.calls++;
    const { unit, show } = this.facts;
    const st = out.state;
    const bad = (message: string) => out.violations.push({ ...where, message });
    if (leaf.kind === "combination") {
      // Reads all terms of all parts, then stores each part (all loads precede the stores).
      const results = leaf.comb.parts.map((part) => {
        const bounds = part.terms.map((t) => {
          const v = args[t.param];
          const addr = this.address(isConst(v) ? { c: v.c + t.offset } : v, 1, regions, where, out);
          if (addr === null) return undefined;
          const u = st.get(addr[0]);
          if (u === undefined) bad(`operand ${t.param}+${t.offset} is unwritten`);
          return u;
        });
        if (bounds.some((b) => b === undefined)) return undefined;
        const r = partBound(part, unit, this.facts.limbs, bounds as bigint[], this.bits);
        if ("error" in r) {
          bad(`${r.error}; operands ${bounds.map((b) => show(b)).join(", ")}`);
          return undefined;
        }
        return r.bound;
      });
      for (const s of leaf.comb.stores) {
        const o = args[0];
        const addr = this.address(isConst(o) ? { c: o.c + s.offset } : o, 1, regions, where, out);
        if (addr === null) continue;
        const b = results[s.part];
        if (b === undefined) st.delete(addr[0]);
        else st.set(addr[0], b), out.maxWritten = b > out.maxWritten ? b : out.maxWritten;
      }
      return undefined;
    }
    const c = leaf.contract;
    for (const fl of c.flags ?? []) {
      const v = args[fl];
      if (isConst(v) && v.c !== 0 && v.c !== 1) bad(`flag argument ${fl} is ${v.c}, not 0/1`);
    }
    const read = new Map<number, (bigint | undefined)[]>();
    for (const inp of c.inputs) {
      const addrs = this.address(args[inp.param], inp.elements, regions, where, out);
      if (addrs === null) continue;
      const bs = addrs.map((a) => st.get(a));
      read.set(inp.param, bs);
      bs.forEach((b, e) => {
        if (b === undefined) bad(`operand ${inp.param} element ${e} is unwritten`);
        else if (b > inp.accept * unit) {
          bad(`operand ${inp.param} element ${e} is ${show(b)}, accepted ${show(inp.accept * unit)}`);
        }
      });
    }
    const writes: [number, bigint | undefined][] = [];
    for (const o of c.outputs) {
      const addrs = this.address(args[o.param], o.elements, regions, where, out);
      if (addrs === null) continue;
      addrs.forEach((a, e) => writes.push([a, this.outputBound(o.bound, read, e)]));
    }
    for (const [a, b] of writes) {
      if (b === undefined) st.delete(a);
      else st.set(a, b), out.maxWritten = b > out.maxWritten ? b : out.maxWritten;
    }
    return c.result === "flag" ? { flag: true } : undefined;
  }

  private outputBound(
    b: OutputBound,
    read: Map<number, (bigint | undefined)[]>,
    e: number,
  ): bigint | undefined {
    if ("k" in b) return b.k * this.facts.unit;
    const at = (param: number) => read.get(param)?.[e];
    if ("join" in b) {
      let m = 0n;
      for (const q of b.join) {
        const v = at(q);
        if (v === undefined) return undefined;
        if (v > m) m = v;
      }
      return m;
    }
    let s = 0n;
    for (const [q, coef] of b.sum) {
      const v = at(q);
      if (v === undefined) return undefined;
      s += coef * v;
    }
    return s;
  }

  /**
   * Flow-insensitive proof for a function with loops and branches (the bulk-sum level): assuming
   * every element of memory is < `bound`, every call in the body (in any order, any number of
   * times) gets operands within its callee's accepted bound and writes values < `bound`. Then
   * "all memory < bound" is an invariant of every loop iteration and branch. The body itself must not
   * touch memory (no load or store instruction: only calls do), and addresses are not evaluated.
   */
  summarize(index: number, bound: bigint): { calls: number; violations: Violation[] } {
    const res = { calls: 0, violations: [] as Violation[] };
    const seen = new Set<number>();
    const visit = (idx: number, top: string) => {
      if (seen.has(idx)) return;
      seen.add(idx);
      const f = this.fn(idx);
      for (const ins of f.body) {
        if (/load|store|memory\.|call_indirect/.test(ins.name)) {
          throw new Unclassified(`${f.name}: memory instruction ${ins.name} at offset ${ins.offset}`);
        }
        if (ins.name !== "call") continue;
        const callee = ins.imm[0] as number;
        const leaf = this.leaf(callee);
        if (leaf === null) {
          visit(callee, top);
          continue;
        }
        res.calls++;
        const where = { fn: top, offset: ins.offset, callee: leaf.name };
        const bad = (message: string) => res.violations.push({ ...where, message });
        if (leaf.kind === "combination") {
          for (const part of leaf.comb.parts) {
            const bounds = part.terms.map(() => bound);
            const r = partBound(part, this.facts.unit, this.facts.limbs, bounds, this.bits);
            if ("error" in r) bad(r.error);
            else if (r.bound > bound) bad(`writes ${this.facts.show(r.bound)}, above the invariant`);
          }
          continue;
        }
        const c = leaf.contract;
        for (const inp of c.inputs) {
          if (bound > inp.accept * this.facts.unit) {
            bad(
              `operand ${inp.param} may be ${this.facts.show(bound)}, accepted ${
                this.facts.show(inp.accept * this.facts.unit)
              }`,
            );
          }
        }
        const read = new Map(c.inputs.map((i) => [i.param, Array(i.elements).fill(bound)]));
        for (const o of c.outputs) {
          for (let e = 0; e < o.elements; e++) {
            const w = this.outputBound(o.bound, read, e);
            if (w === undefined || w > bound) bad(`writes ${this.facts.show(w)}, above the invariant`);
          }
        }
      }
    };
    visit(index, this.fn(index).name);
    return res;
  }
}
