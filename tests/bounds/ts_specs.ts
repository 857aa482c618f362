// The stated bounds of each generated TypeScript kernel function, read from its source: the field files'
// header (limb i holds Aᵢ·2^-24, 0 ≤ Aᵢ < 2^24) and each function's doc comment, x25519/ts/field.ts's
// "tight"/"loose" table. tests/bounds/ts_kernels.test.ts checks that every exported function has a
// spec here (bindSlots, a table of closures over the same functions, is the one exception).

import { D } from "./ts_domain.ts";
import { type FnSpec, type LimbBound, loadModule, uniform } from "./ts_kernels.ts";
import type { ParsedModule } from "./ts_parse.ts";

export interface KernelFile {
  name: string;
  path: string;
  mod: ParsedModule;
  limbs: number;
  specs: FnSpec[];
  /** Exported functions deliberately not analysed, with the reason. */
  skipped: Record<string, string>;
  /** The modulus (field files). */
  p?: bigint;
}

/** The JSDoc comment right before `export function name(`. */
export function docOf(mod: ParsedModule, name: string): string {
  const m = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export function ${name}\\(`).exec(mod.source);
  if (!m) throw new Error(`no doc comment for ${name}`);
  return m[1].replace(/\n\s*\*\s?/g, " ");
}

export const FIELD_FILES = ["bls12-381-fp", "bls12-381-fr", "bn254-fp", "bn254-fr"];

/** The repository root (the generated files are read from it). */
const ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");

/** A field kernel file's functions with the bounds its header and doc comments state. */
export function fieldFile(name: string, root = ROOT): KernelFile {
  const path = `${root}/field/ts/generated/${name}.ts`;
  const mod = loadModule(path);
  const h = /limb i holds Aᵢ·2\^-(\d+) \(0 ≤ Aᵢ < 2\^(\d+)\)/.exec(mod.source);
  if (!h || h[1] !== h[2]) throw new Error(`${name}: no limb statement in the header`);
  const w = Number(h[1]);
  const limbsConst = mod.consts.find((c) => c.name === "LIMBS")?.init;
  const hex = mod.consts.find((c) => c.name === "MODULUS_HEX")?.init;
  if (limbsConst?.k !== "num" || hex?.k !== "str") throw new Error(`${name}: no LIMBS / MODULUS_HEX`);
  const n = limbsConst.value, p = BigInt("0x" + hex.value);
  // limbs are multiples of 2^-w in [0, 1); a value < p also has its top limb ≤ p's top limb
  const limb = uniform(n, D.int(0), D.int(1).sub(D.of(1n, -w)), -w);
  const ltp: LimbBound = {
    ...limb,
    hi: limb.hi.map((h, k) => (k === n - 1 ? D.of(p >> BigInt(w * (n - 1)), -w) : h)),
  };
  const stated = `multiples of 2^-${w} in [0, 1)`;
  const io3 = { o: "out", a: "in", b: "in" } as const;
  const specs: FnSpec[] = [
    { fn: "mul", label: "a, b < p", ptrs: io3, input: ltp, output: limb, scratchZeroed: "W" },
    {
      fn: "mul",
      label: "a < R, b < p",
      ptrs: io3,
      inputs: { a: limb, b: ltp },
      output: limb,
      scratchZeroed: "W",
    },
    { fn: "add", label: "a, b < p", ptrs: io3, input: ltp, output: limb, scratchZeroed: "W" },
    { fn: "sub", label: "a, b < p", ptrs: io3, input: ltp, output: limb, scratchZeroed: "W" },
    { fn: "neg", label: "a < p", ptrs: { o: "out", a: "in" }, input: ltp, output: limb },
    { fn: "copy", ptrs: { o: "out", a: "in" }, input: limb, output: limb },
    { fn: "cmov", ptrs: { o: "inout", a: "in" }, input: limb, output: limb, scalars: { flag: [0, 1] } },
    { fn: "cswap", ptrs: { a: "inout", b: "inout" }, input: limb, output: limb, scalars: { flag: [0, 1] } },
    { fn: "eq", ptrs: { a: "in", b: "in" }, input: limb, ret: [0, 1] },
    { fn: "isZero", ptrs: { a: "in" }, input: limb, ret: [0, 1] },
    { fn: "ltP", ptrs: { a: "in" }, input: limb, ret: [0, 1] },
  ];
  for (const s of specs) {
    if (s.fn === "copy") continue; // "any doubles (copied bit for bit)": analysed on canonical limbs
    const doc = docOf(mod, s.fn);
    if (!doc.includes(stated)) throw new Error(`${name} ${s.fn}: the doc does not state "${stated}"`);
    // the value contract, as the doc words it ("a, b < p", "a < p"; mul's conversions: "any a < 2^…")
    const value = s.label === "a < R, b < p" ? `any a < 2^${w * n} with b < p` : s.label;
    if (value && !doc.includes(value)) throw new Error(`${name} ${s.fn}: the doc does not state "${value}"`);
    if (s.scalars && !doc.includes("flag ∈ {0, 1}")) throw new Error(`${name} ${s.fn}: no flag bound`);
  }
  return {
    name: `${name}.ts`,
    path,
    mod,
    limbs: n,
    specs,
    skipped: { bindSlots: "closures that call the analysed functions on slot offsets (setOne copies ONE)" },
    p,
  };
}

/** "2^17 + 2^13", "−2^13", "0" → the number. */
function term(s: string): number {
  const t = s.replace(/−/g, "-").replace(/\s+/g, "");
  const re = /([+-]?)(\d+)(?:\^(-?\d+))?/y;
  let v = 0, m: RegExpExecArray | null;
  re.lastIndex = 0;
  while (re.lastIndex < t.length && (m = re.exec(t))) {
    v += (m[1] === "-" ? -1 : 1) * (m[3] !== undefined ? Number(m[2]) ** Number(m[3]) : Number(m[2]));
  }
  if (re.lastIndex !== t.length) throw new Error(`cannot read the bound ${s}`);
  return v;
}

/** x25519/ts/field.ts's tight and loose bounds as its header states them. */
export function x25519Bounds(mod: ParsedModule, n: number): { tight: LimbBound; loose: LimbBound } {
  const t = /tight\s+limb (\d+) in \[([^,\]]+),([^\]]+)\], every other limb in \[([^,)]+),([^)]+)\)/.exec(
    mod.source,
  );
  const l = /loose\s+\|limb\| ≤ ([0-9^+ ]+)/.exec(mod.source);
  if (!t || !l) throw new Error("x25519/ts/field.ts: no tight/loose statement");
  const special = Number(t[1]);
  const tight: LimbBound = {
    lo: Array.from({ length: n }, (_, k) => D.int(term(k === special ? t[2] : t[4]))),
    hi: Array.from({ length: n }, (_, k) => D.int(k === special ? term(t[3]) : term(t[5]) - 1)),
    grid: 0,
  };
  const L = term(l[1]);
  return { tight, loose: uniform(n, D.int(-L), D.int(L), 0) };
}

export function x25519File(root = ROOT, loosen = 0): KernelFile {
  const path = `${root}/x25519/ts/field.ts`;
  const mod = loadModule(path);
  const n = (mod.consts.find((c) => c.name === "LIMBS")?.init as { value: number }).value;
  const { tight, loose: stated } = x25519Bounds(mod, n);
  // `loosen` widens the accepted bound by that many bits (the positive control)
  const loose = uniform(n, stated.lo[0].shl(loosen), stated.hi[0].shl(loosen), 0);
  const sum = (a: LimbBound, b: LimbBound): LimbBound => ({
    lo: a.lo.map((x, k) => x.add(b.lo[k])),
    hi: a.hi.map((x, k) => x.add(b.hi[k])),
    grid: 0,
  });
  const diff = (a: LimbBound, b: LimbBound): LimbBound => ({
    lo: a.lo.map((x, k) => x.sub(b.hi[k])),
    hi: a.hi.map((x, k) => x.sub(b.lo[k])),
    grid: 0,
  });
  const io3 = { o: "out", a: "in", b: "in" } as const, io2 = { o: "out", a: "in" } as const;
  const below52 = uniform(n, D.of(-1n, 52).add(D.int(1)), D.of(1n, 52).sub(D.int(1)), 0);
  const limb17 = uniform(n, D.int(0), D.int(2 ** 17 - 1), 0);
  const specs: FnSpec[] = [
    { fn: "mul", ptrs: io3, input: loose, output: tight },
    { fn: "sqr", ptrs: io2, input: loose, output: tight },
    { fn: "mulA24", ptrs: io2, input: loose, output: tight },
    { fn: "carry", ptrs: io2, input: loose, output: tight },
    // "output bound = sum of the input bounds": on tight inputs, and tight + tight is within loose
    { fn: "add", ptrs: io3, input: tight, output: sum(tight, tight) },
    { fn: "sub", ptrs: io3, input: tight, output: diff(tight, tight) },
    { fn: "cswap", ptrs: { a: "inout", b: "inout" }, input: loose, output: loose, scalars: { flag: [0, 1] } },
    // "exact for any limbs below 2^52"
    {
      fn: "cswap",
      ptrs: { a: "inout", b: "inout" },
      input: below52,
      output: below52,
      scalars: { flag: [0, 1] },
    },
    { fn: "fromBytes", ptrs: { o: "out" }, bytes: { s: { role: "in", length: 32 } }, output: tight },
    {
      fn: "toBytes",
      ptrs: { a: "in" },
      input: loose,
      bytes: { d: { role: "out", length: 32 } },
      scratchOut: { name: "SCRATCH", bound: limb17 },
    },
  ];
  return { name: "x25519/ts/field.ts", path, mod, limbs: n, specs, skipped: {} };
}

/** A file's spec by function and contract label. */
export function specOf(f: KernelFile, fn: string, label?: string): FnSpec {
  const s = f.specs.find((x) => x.fn === fn && (label === undefined || x.label === label));
  if (!s) throw new Error(`${f.name}: no spec ${fn} ${label ?? ""}`);
  return s;
}
