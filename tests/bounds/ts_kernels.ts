// Drives the TypeScript kernel analysis (tests/bounds/ts_interp.ts) over the generated files: seeds
// each function's inputs from the bounds its source states, runs it under every aliasing of its element
// arguments and every case split, joins the results and checks the outputs against the stated bounds.

import { D, D0, dmax, dmin } from "./ts_domain.ts";
import { type Arr, Interp, type Num, type RunResult, type Val, type Violation } from "./ts_interp.ts";
import { type ParsedModule, parseModule } from "./ts_parse.ts";

/** Per-limb bounds: limb k in [lo[k], hi[k]], a multiple of 2^grid. */
export interface LimbBound {
  lo: D[];
  hi: D[];
  grid: number;
}

export const uniform = (n: number, lo: D, hi: D, grid: number): LimbBound => ({
  lo: Array(n).fill(lo),
  hi: Array(n).fill(hi),
  grid,
});

export type Role = "in" | "out" | "inout";

export interface FnSpec {
  fn: string;
  /** The input contract's name, when a function is analysed under more than one. */
  label?: string;
  /** Element-offset parameters and their roles. */
  ptrs: Record<string, Role>;
  /** Bounds of the input elements (one for all of them)… */
  input?: LimbBound;
  /** …unless given per element argument (an aliased group is in all of its members' bounds). */
  inputs?: Record<string, LimbBound>;
  /** Integer parameters (flags): their range. */
  scalars?: Record<string, [number, number]>;
  /** Byte-array parameters: input bytes (any) or output. */
  bytes?: Record<string, { role: "in" | "out"; length: number }>;
  /** The stated output bound of the element outputs, or of the returned number. */
  output?: LimbBound;
  ret?: [number, number];
  /** A scratch array whose cells 0..limbs must end inside this bound (x25519 toBytes' limbs). */
  scratchOut?: { name: string; bound: LimbBound };
  /** The scratch must end all zero where written (field kernels' W). */
  scratchZeroed?: string;
}

export interface Analysis {
  file: string;
  spec: FnSpec;
  /** Joined output limbs by pointer name (and "ret", and the scratch check's name). */
  outputs: Map<string, { lo: D; hi: D; grid: number }[]>;
  violations: Violation[];
  maxBits: number;
  maxAt: string;
  runs: number;
  aliasings: number;
  notes: Set<string>;
  /** Operations whose grid (hence exactness) rests on a congruence the floor basis derived. */
  congruenceAt: Set<string>;
}

const modules = new Map<string, ParsedModule>();
export function loadModule(path: string): ParsedModule {
  let m = modules.get(path);
  if (!m) {
    m = parseModule(Deno.readTextFileSync(path));
    modules.set(path, m);
  }
  return m;
}

/** All set partitions of `names` (which element arguments are the same element). */
export function partitions(names: string[]): string[][][] {
  if (names.length === 0) return [[]];
  const [first, ...rest] = names;
  const out: string[][][] = [];
  for (const p of partitions(rest)) {
    out.push([[first], ...p]);
    p.forEach((_, i) => out.push(p.map((g, j) => (i === j ? [first, ...g] : g))));
  }
  return out;
}

type Joined = { lo: D; hi: D; grid: number };
const joinCell = (a: Joined | undefined, b: Num): Joined =>
  a ? { lo: dmin(a.lo, b.lo), hi: dmax(a.hi, b.hi), grid: Math.min(a.grid, b.grid) } : b;

/** Analyses one function of a parsed module. */
export function analyse(
  file: string,
  mod: ParsedModule,
  limbs: number,
  spec: FnSpec,
  { maxRuns = 512, congruences = true, aliasing = true } = {},
): Analysis {
  const fn = mod.functions.get(spec.fn);
  if (!fn) throw new Error(`${file}: no function ${spec.fn}`);
  const ptrNames = Object.keys(spec.ptrs);
  for (const p of fn.params) {
    const known = p.name in spec.ptrs || p.name in (spec.scalars ?? {}) || p.name in (spec.bytes ?? {}) ||
      p.type === "Float64Array";
    if (!known) throw new Error(`${file} ${spec.fn}: parameter ${p.name} has no stated bound`);
  }
  const outputs = new Map<string, (Joined | undefined)[]>();
  const violations: Violation[] = [];
  const notes = new Set<string>(), congruenceAt = new Set<string>();
  let maxBits = 0, maxAt = "", runs = 0;
  const parts = aliasing ? partitions(ptrNames) : [ptrNames.map((x) => [x])];
  const addViolation = (v: Violation) => {
    if (!violations.some((w) => w.line === v.line && w.expr === v.expr && w.msg === v.msg)) {
      violations.push(v);
    }
  };
  for (const part of parts) {
    // depth-first over the case splits: `prefix` holds the cases of the next run
    let prefix: number[] = [];
    for (;;) {
      if (++runs > maxRuns) throw new Error(`${file} ${spec.fn}: more than ${maxRuns} runs`);
      const counts: number[] = [];
      let pos = 0;
      const choose = (n: number) => {
        if (pos < prefix.length) {
          counts[pos] = n;
          return prefix[pos++];
        }
        counts[pos] = n;
        prefix.push(0);
        pos++;
        return 0;
      };
      const it = new Interp(mod, limbs, choose, congruences);
      const r = it.run(fn, setupFor(it, spec, part, limbs));
      collect(r, spec, part, outputs, it, limbs, addViolation);
      r.violations.forEach(addViolation);
      r.notes.forEach((n) => notes.add(n));
      r.congruenceAt.forEach((n) => congruenceAt.add(n));
      if (r.maxBits > maxBits) [maxBits, maxAt] = [r.maxBits, r.maxAt];
      let i = pos - 1;
      while (i >= 0 && prefix[i] + 1 >= counts[i]) i--;
      if (i < 0) break;
      prefix = [...prefix.slice(0, i), prefix[i] + 1];
    }
  }
  const out = new Map<string, Joined[]>();
  for (const [name, cells] of outputs) {
    cells.forEach((c, k) => {
      if (!c) throw new Error(`${file} ${spec.fn}: output ${name}[${k}] never written`);
    });
    out.set(name, cells as Joined[]);
  }
  // the stated output bounds
  const within = (name: string, b: LimbBound) => {
    (out.get(name) ?? []).forEach((c, k) => {
      if (c.lo.lt(b.lo[k]) || b.hi[k].lt(c.hi) || c.grid < b.grid) {
        addViolation({
          fn: spec.fn,
          line: mod.line(fn.pos),
          expr: `${name}[${k}]`,
          msg: `output limb in [${fmt(c.lo)}, ${fmt(c.hi)}] on 2^${c.grid}, stated [${fmt(b.lo[k])}, ${
            fmt(b.hi[k])
          }] on 2^${b.grid}`,
        });
      }
    });
  };
  if (spec.output) {
    for (const [p, role] of Object.entries(spec.ptrs)) if (role !== "in") within(p, spec.output);
  }
  if (spec.ret) within("ret", uniform(1, D.int(spec.ret[0]), D.int(spec.ret[1]), 0));
  if (spec.scratchOut) within(spec.scratchOut.name, spec.scratchOut.bound);
  return {
    file,
    spec,
    outputs: out,
    violations,
    maxBits,
    maxAt,
    runs,
    aliasings: parts.length,
    notes,
    congruenceAt,
  };
}

function setupFor(it: Interp, spec: FnSpec, part: string[][], limbs: number) {
  const args = new Map<string, Val>();
  const regions = new Map<string, (Num | undefined)[]>();
  for (const group of part) {
    const region = group.join("=");
    const bounds = group.filter((g) => spec.ptrs[g] !== "out").map((g) => spec.inputs?.[g] ?? spec.input!);
    regions.set(
      region,
      Array.from({ length: limbs }, (_, k) => {
        if (bounds.length === 0) return undefined;
        // one element in all of its names' bounds
        const lo = bounds.map((b) => b.lo[k]).reduce(dmax), hi = bounds.map((b) => b.hi[k]).reduce(dmin);
        if (hi.lt(lo)) throw new Error(`${spec.fn}: the bounds of ${region} are disjoint`);
        return it.atomNum(lo, hi, Math.max(...bounds.map((b) => b.grid)), `${region}[${k}]`);
      }),
    );
    for (const g of group) args.set(g, { k: "ptr", region, off: 0 });
  }
  for (const [name, [lo, hi]] of Object.entries(spec.scalars ?? {})) {
    args.set(name, it.atomNum(D.int(lo), D.int(hi), 0, name));
  }
  const bytes = new Map<string, Arr>();
  for (const [name, b] of Object.entries(spec.bytes ?? {})) {
    const cells = Array.from(
      { length: b.length },
      (_, i) => (b.role === "in" ? it.atomNum(D0, D.int(255), 0, `${name}[${i}]`) : undefined),
    );
    bytes.set(name, { k: "arr", name, type: "u8", length: b.length, cells, readonly: b.role === "in" });
  }
  return { args, regions, bytes };
}

function collect(
  r: RunResult,
  spec: FnSpec,
  part: string[][],
  outputs: Map<string, (Joined | undefined)[]>,
  it: Interp,
  limbs: number,
  violation: (v: Violation) => void,
) {
  const put = (name: string, cells: (Num | undefined)[]) => {
    const acc = outputs.get(name) ?? Array(cells.length).fill(undefined);
    cells.forEach((c, k) => {
      if (!c) throw new Error(`${spec.fn}: ${name}[${k}] not written`);
      if (c.mod32) throw new Error(`${spec.fn}: ${name}[${k}] holds a wrapped int32`);
      acc[k] = joinCell(acc[k], c);
    });
    outputs.set(name, acc);
  };
  for (const group of part) {
    const cells = r.regions.get(group.join("="))!;
    for (const g of group) if (spec.ptrs[g] !== "in") put(g, cells);
  }
  for (const [name, b] of Object.entries(spec.bytes ?? {})) {
    if (b.role === "out") put(name, r.bytes.get(name)!.cells!);
  }
  if (spec.ret) {
    if (r.ret.k !== "num") throw new Error(`${spec.fn}: returns ${r.ret.k}`);
    put("ret", [r.ret]);
  }
  if (spec.scratchOut) {
    const a = it.global(spec.scratchOut.name);
    if (a?.k !== "arr") throw new Error(`no scratch ${spec.scratchOut.name}`);
    put(spec.scratchOut.name, a.cells!.slice(0, limbs));
  }
  if (spec.scratchZeroed) {
    const a = it.global(spec.scratchZeroed);
    if (a?.k !== "arr") throw new Error(`no scratch ${spec.scratchZeroed}`);
    a.cells!.forEach((c, i) => {
      if (c && !(c.lo.isZero() && c.hi.isZero())) {
        violation({
          fn: spec.fn,
          line: 0,
          expr: `${spec.scratchZeroed}[${i}]`,
          msg: "scratch not zeroed on return",
        });
      }
    });
  }
}

/** A dyadic as a short formula: an integer, ±2^a, 2^a ± 2^b, else ≈ 2^x. */
export function fmt(x: D): string {
  if (x.isZero()) return "0";
  const neg = x.n < 0n, a = x.abs(), s = neg ? "−" : "";
  if (a.e >= 0 && a.n << BigInt(a.e) < 1n << 20n) return s + (a.n << BigInt(a.e)).toString();
  const pow = (d: D): number | undefined => (d.n === 1n ? d.e : undefined);
  if (pow(a) !== undefined) return `${s}2^${pow(a)}`;
  // 2^u − 2^v or 2^u + 2^v
  const len = a.n.toString(2).length;
  const p2 = (e: number) => (e === 0 ? "1" : `2^${e}`);
  for (const u of [len + a.e, len - 1 + a.e]) {
    const r = D.of(1n, u).sub(a);
    if (r.n > 0n && pow(r) !== undefined) return `${s}(${p2(u)} − ${p2(pow(r)!)})`;
    if (r.n < 0n && pow(r.neg()) !== undefined) return `${s}(${p2(u)} + ${p2(pow(r.neg())!)})`;
  }
  return `${s}≈2^${a.log2().toFixed(3)}`;
}

/** The joined limbs as distinct intervals: "[lo, hi] on 2^g" with limb indices when they differ. */
export function fmtLimbs(cells: Joined[]): string {
  const groups = new Map<string, number[]>();
  cells.forEach((c, k) => {
    const key = `[${fmt(c.lo)}, ${fmt(c.hi)}] on 2^${c.grid}`;
    groups.set(key, [...(groups.get(key) ?? []), k]);
  });
  if (groups.size === 1) return [...groups.keys()][0];
  const ranges = (ls: number[]) => {
    const out: string[] = [];
    for (let i = 0; i < ls.length;) {
      let j = i;
      while (j + 1 < ls.length && ls[j + 1] === ls[j] + 1) j++;
      out.push(j > i ? `${ls[i]}..${ls[j]}` : `${ls[i]}`);
      i = j + 1;
    }
    return out.join(",");
  };
  return [...groups].map(([k, ls]) => `limb ${ranges(ls)} ${k}`).join("; ");
}

export function fmtBound(b: LimbBound): string {
  return fmtLimbs(b.lo.map((lo, k) => ({ lo, hi: b.hi[k], grid: b.grid })));
}
