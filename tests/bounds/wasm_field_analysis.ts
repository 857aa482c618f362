/**
 * The interval analysis (wasm_interval.ts) applied to the prime-field kernels and the Fp2 functions
 * of the generated field modules: which module variants exist, how a function's operands are seeded
 * (per-limb ranges of "value < k·p"), what is checked, and what is argued by algebra.
 *
 * Proven by intervals, on the emitted bytes: every output word is in [0, 2^32); the word stored last
 * into the top limb of a product holds no bits above 2^(32N) (no carry limb is lost); every wrap is
 * of an allowed kind and no wrapped value is ever read as an integer (reinterpretations: 0, so the
 * machine computes the exact integers of the algorithm wherever one is observed); the largest
 * intermediate. Proven by algebra (BigInt, from the same bounds): the value-level facts intervals on
 * limbs cannot see: a Montgomery product before its masked subtraction is (A·B + (R − 1)·p) / R < 2p,
 * so the subtraction lands below p; sums, differences and small combinations land below p after
 * their conditional corrections.
 * @module
 */

import {
  buildFieldModule,
  type FieldModuleContext,
  type FieldModuleOptions,
  fp2Extras,
  type MontConstants,
  montConstants,
  mulInputBounds,
  radixPlan,
  sqr4Layer,
  type TowerParams,
} from "../internal.ts";
import { type Contract, limbRanges, log2, type Range, type Report, WasmInterval } from "./wasm_interval.ts";
import { decodeCombination, partBound } from "./calls_combination.ts";
import { decodeModule, exportedFunction } from "../ct/wasm_decode.ts";

/** A module variant: a multiplication option set (module.ts's FieldModuleOptions). */
export interface Variant {
  readonly name: string;
  readonly options: FieldModuleOptions;
  /**
   * "u32": carry-save 32-bit columns (wraps by design); "reduced": w-bit limbs, one Montgomery digit
   * per step (carry-free); "reduced2": the same with two-digit steps (the default).
   */
  readonly family: "u32" | "reduced" | "reduced2";
}

/** Whether a variant runs on w-bit limbs (either digit step). */
export const onReducedLimbs = (v: Variant): boolean => v.family !== "u32";

/** Every multiplication variant buildFieldModule offers for p (reduced radixes 29, 30 where they fit). */
export function fieldVariants(p: bigint): Variant[] {
  const out: Variant[] = [
    { name: "simd", options: { mul: "simd" }, family: "u32" },
    { name: "simd sqr=mul", options: { mul: "simd", sqr: "mul" }, family: "u32" },
    { name: "fips", options: { mul: "fips" }, family: "u32" },
    { name: "fips operands=locals", options: { mul: "fips", operands: "locals" }, family: "u32" },
    { name: "cios", options: { mul: "cios" }, family: "u32" },
  ];
  for (const radix of [29, 30]) {
    for (const mul of ["reduced", "reduced-simd"] as const) {
      try {
        radixPlan(p, radix);
        buildFieldModule(p, { mul, radix });
      } catch (e) {
        if (e instanceof RangeError) continue; // the plan (or the SIMD lanes) refuse this radix
        throw e;
      }
      out.push({ name: `${mul} w=${radix}`, options: { mul, radix }, family: "reduced2" });
      out.push({ name: `${mul} w=${radix} digits=1`, options: { mul, radix, digits: 1 }, family: "reduced" });
    }
  }
  return out;
}

/**
 * The variants with limbs at rest (module.ts `rest: "limbs"`, w = 30: the inversion's limbs), where p
 * has a reduced-radix plan: the loader's `reduced` shape (kernel.ts wasmFieldModuleBytes).
 */
export function limbsAtRestVariants(p: bigint): Variant[] {
  return (["reduced", "reduced-simd"] as const).flatMap((mul): Variant[] => {
    try {
      buildFieldModule(p, { mul, radix: 30, rest: "limbs" });
    } catch (e) {
      if (e instanceof RangeError) return [];
      throw e;
    }
    return [{
      name: `${mul} w=30 rest=limbs`,
      options: { mul, radix: 30, rest: "limbs" },
      family: "reduced2",
    }];
  });
}

/**
 * Wrap opcodes allowed per family, with the argument; `reads`: the opcodes that may read a wrapped
 * value as an integer (none but the zero test's: every other wrap must be consumed modularly).
 */
export const ALLOWED_WRAPS: Readonly<
  Record<
    "u32" | "reduced" | "reduced2" | "zeroTest" | "none",
    { ops: readonly string[]; reads?: readonly string[]; why: string }
  >
> = {
  u32: {
    ops: ["i64.add", "i64.shl", "i64.mul", "i64x2.add", "i64x2.shl", "i32x4.mul"],
    why: "carry-save column (emit_mont.ts Column, wasm_fp2_emit.ts Col2): T = Σ products mod 2^64 and " +
      "its doubling wrap by design, H << 32 wraps; T − (H << 32) is proven exactly the low-halves sum " +
      "(< 2^64), the digit m = T·n0 mod 2^32 (i64.mul, i32x4.mul) uses low bits only",
  },
  reduced2: {
    ops: ["i64.shl", "i64.add", "i64.mul"],
    why: "two-digit Montgomery steps (emit_mont_reduced.ts Columns): the 2w-bit digit " +
      "M = (V_k + (V'_{k+1} << w))·n0Pair is computed mod 2^64 and used only through its mask " +
      "& (2^(w + bits) − 1), exact mod 2^(2w); every other accumulator, carry and piece as in " +
      '"reduced" (below 2^63, no wrap)',
  },
  reduced: {
    ops: [],
    why: "carry-free: every accumulator, carry, piece and Montgomery digit (each accumulator masked to " +
      "the digit's bits before the product by n0) stays below 2^63: no wrap at all",
  },
  zeroTest: {
    ops: ["i64.sub", "i32.sub"],
    reads: ["i64.or", "i32.or"],
    why: "eq / isZero (emit_linear.ts isZeroWord): 0 − x of a whole word, or-ed with x: for every word " +
      "x the top bit of x | (−x mod 2^W) is set iff x ≠ 0 (a bit identity, not an integer one)",
  },
  none: { ops: [], why: "carry-free: no wrap at all" },
};

/** One analysed function. */
export interface Analysis {
  readonly label: string;
  /** Exclusive value bounds of the operands (coefficients for Fp2), as multiples of p. */
  readonly inputs: readonly bigint[];
  /** Proven output bound as a multiple of p (intervals + the stated algebra). */
  readonly output: bigint;
  readonly outLimbs: Range[];
  readonly report: Report;
  readonly violations: string[];
  readonly algebra: string;
  /** Printed instead of the multiples of p, where the operand bound is not one. */
  readonly inputText?: string;
}

/** The layout at rest of a variant's module (montgomery.ts): words, or its radix's limbs. */
const layoutOf = (p: bigint, v: Variant): MontConstants =>
  montConstants(p, v.options.rest === "limbs" ? v.options.radix ?? 30 : 32);

/** Byte address of slot s. */
const at = (s: number, stride: number) => s * stride;

/** Builds a module and an interpreter on it with the constant slots seeded (slot 6: p's zero limb). */
function interpreter(bytes: Uint8Array, n: number, stride: number): WasmInterval {
  const a = new WasmInterval(bytes).seedData();
  // The module memory starts zeroed and nothing writes slot 6: the zero limb after p (SLOT.P).
  a.seedLimbs(6 * stride, 4, Array(n).fill({ lo: 0n, hi: 0n }));
  return a;
}

/**
 * The contract of a kernel function proven by {@linkcode analyseKernel}: every operand (argument
 * index in `inputs`) must lie in the limb box of "value < inBound" (else it throws), and the output
 * (argument `output`) gets fresh limbs over the box of "value < outBound". Used where a function only
 * calls kernel functions (sqr4 = four sqr), so that the call's proven bounds carry over.
 */
export function kernelContract(
  n: number,
  inputs: readonly number[],
  output: number,
  inBound: bigint,
  outBound: bigint,
  bits = 32,
): Contract {
  const want = limbRanges(inBound, bits, n);
  return (a, args) => {
    for (const j of inputs) {
      a.readLimbs(args[j], 4, n).forEach((r, i) => {
        if (r.lo < 0n || r.hi > want[i].hi) {
          throw new Error(`contract: operand ${j} limb ${i} in [${r.lo}, ${r.hi}] outside the accepted box`);
        }
      });
    }
    a.writeLimbs(args[output], 4, limbRanges(outBound, bits, n));
  };
}

/** Options of one kernel analysis. */
export interface KernelCase {
  readonly p: bigint;
  readonly variant: Variant;
  readonly fn: "mul" | "mul2" | "sqr" | "add" | "sub" | "neg" | "dbl" | "sqr4" | "toMont" | "fromMont";
  /** Operands < k·p (default 1: the stated bound; larger k asks whether lazy operands are accepted). */
  readonly k?: bigint;
  /** Positive control: operand `operand`'s limb `limb` gets one more bit. */
  readonly widen?: { readonly operand: number; readonly limb: number };
  /** The module to read (default: buildFieldModule with the variant's options, plus sqr4 for sqr4). */
  readonly bytes?: Uint8Array;
}

const ARITY: Record<KernelCase["fn"], number> = {
  mul: 2,
  mul2: 4,
  sqr: 1,
  add: 2,
  sub: 2,
  neg: 1,
  dbl: 1,
  sqr4: 1,
  toMont: 1,
  fromMont: 1,
};

/** An element layout: limbs of `bits` bits, `n` of them, one per u32 slot (montgomery.ts). */
interface Layout {
  readonly bits: number;
  readonly n: number;
}

/**
 * Seeds operand limbs (value < bound) at the given slot addresses, optionally widened; returns the value
 * maxima. `layouts[k]`: operand k's limbs (words, or limbs at rest).
 */
function seedOperands(
  a: WasmInterval,
  addrs: readonly number[],
  bounds: readonly bigint[],
  layouts: readonly Layout[],
  widen?: { operand: number; limb: number },
): bigint[] {
  return addrs.map((addr, k) => {
    const { bits, n } = layouts[k];
    const ranges = limbRanges(bounds[k], bits, n).map((r, j) =>
      widen && widen.operand === k && widen.limb === j ? { lo: 0n, hi: 2n * r.hi + 1n } : r
    );
    a.seedLimbs(addr, 4, ranges);
    // The value maximum: the stated bound − 1; a widened limb raises it to what the limbs allow.
    const limbs = ranges.reduce((acc, r, j) => acc + (r.hi << BigInt(bits * j)), 0n);
    return widen && widen.operand === k ? limbs : bounds[k] - 1n;
  });
}

/** Common interval checks of a function's report. */
function checkReport(report: Report, family: keyof typeof ALLOWED_WRAPS, violations: string[]): void {
  const allowed = ALLOWED_WRAPS[family].ops;
  for (const w of report.wraps) {
    if (!allowed.includes(w.op)) {
      violations.push(
        `unintended wrap: ${w.fn} ${w.op} @0x${w.offset.toString(16)} [${w.range.lo}, ${w.range.hi}]`,
      );
    }
  }
  for (const r of report.reinterprets) {
    if (ALLOWED_WRAPS[family].reads?.includes(r.op)) continue;
    violations.push(`wrapped value read as an integer: ${r.fn} ${r.op} @0x${r.offset.toString(16)}`);
  }
}

/**
 * Every output limb in [0, 2^bits) by intervals; with limbs at rest (bits < 32) the top limb may be
 * wider by intervals when `topByAlgebra` (out < p < 2^(w(n − 1) + w) decides it, as topStoreFits says).
 */
const limbsBelow = (out: Range[], violations: string[], bits = 32, topByAlgebra = false) => {
  out.forEach((r, j) => {
    const limit = bits < 32 && topByAlgebra && j === out.length - 1 ? 32 : bits;
    if (r.lo < 0n || r.hi >= 1n << BigInt(limit)) violations.push(`output limb ${j} in [${r.lo}, ${r.hi}]`);
  });
};

/**
 * The last store into `addr` (the top word) holds no bits above 32: nothing is dropped from the top.
 * Returns "intervals" when the ranges prove it. For reduced-radix kernels the intervals of the last
 * carry are coarser than the algebra (V/R < 2p bounds the top piece; radixPlan assumes the same), so
 * there `algebraic` accepts a wider word and returns the note that the algebra decides it.
 */
function topStoreFits(
  report: Report,
  addr: number,
  violations: string[],
  algebraic: boolean,
  bits = 32,
): string {
  const last = report.stores.filter((s) => s.addr === addr).at(-1);
  if (!last) return violations.push(`no store into the top limb at ${addr}`), "";
  if (last.range.lo >= 0n && last.range.hi < 1n << BigInt(bits)) return `top limb < 2^${bits} by intervals`;
  if (algebraic) {
    return `top limb ≤ 2^${
      log2(last.range.hi + 1n)
    } by intervals, its bits ≥ 2^${bits} zero by algebra (out < p)`;
  }
  violations.push(
    `top limb store @0x${last.offset.toString(16)} drops bits: [${last.range.lo}, ${last.range.hi}]`,
  );
  return "";
}

/**
 * Analyses one kernel function (operands < p, or the widened control) on the emitted bytes of the
 * variant's module. Violations are returned, not thrown.
 */
export function analyseKernel(k: KernelCase): Analysis {
  // The layout at rest (limbs: montgomery.ts with w-bit limbs), and the staging words toMont reads and
  // fromMont writes when it differs.
  const rest = k.variant.options.rest === "limbs";
  const c = montConstants(k.p, rest ? k.variant.options.radix ?? 30 : 32), { n, stride } = c;
  const limbs: Layout = { bits: c.limbBits, n }, words: Layout = { bits: 32, n: montConstants(k.p).n };
  // sqr4 is a layer of its own; mul2 is made on a layer's first request (FieldModuleContext.mul2).
  const extras = k.fn === "sqr4"
    ? [sqr4Layer().emit]
    : k.fn === "mul2"
    ? [(ctx: FieldModuleContext) => void ctx.mul2()]
    : [];
  const bytes = k.bytes ?? buildFieldModule(k.p, { ...k.variant.options, extras }).bytes;
  const a = interpreter(bytes, n, stride);
  const out = at(8, stride), ops = Array.from({ length: ARITY[k.fn] }, (_, j) => at(9 + j, stride));
  const bound = k.p * (k.k ?? 1n);
  const inLayout = rest && k.fn === "toMont" ? words : limbs,
    outLayout = rest && k.fn === "fromMont" ? words : limbs;
  const maxima = seedOperands(a, ops, ops.map(() => bound), ops.map(() => inLayout), k.widen);
  // sqr4 only calls sqr: four applications of sqr's contract (in < p → out < p, proven by its own run).
  if (k.fn === "sqr4") a.contracts.set(a.indexOf("sqr"), kernelContract(n, [1], 0, bound, k.p, c.limbBits));
  const report = a.run(k.fn, [out, ...ops]);
  const outLimbs = a.readLimbs(out, 4, outLayout.n);
  const violations: string[] = [];
  const montgomery = ["mul", "mul2", "sqr", "sqr4", "toMont", "fromMont"].includes(k.fn);
  checkReport(report, montgomery ? k.variant.family : "none", violations);
  limbsBelow(
    outLimbs,
    violations,
    outLayout.bits,
    montgomery && onReducedLimbs(k.variant) && k.fn !== "sqr4",
  );
  let algebra: string;
  const p = k.p, R = c.R;
  if (k.fn === "sqr4") {
    algebra = "four calls of sqr under its contract (in < p → out < p, proven by sqr's own analysis)";
  } else if (montgomery) {
    const top = topStoreFits(
      report,
      out + 4 * (outLayout.n - 1),
      violations,
      onReducedLimbs(k.variant),
      outLayout.bits,
    );
    // (A·B + (R − 1)·p) / R < 2p: the product before its masked subtraction; then out < p.
    const A = maxima[0],
      B = k.fn === "mul" || k.fn === "mul2"
        ? maxima[1]
        : k.fn === "toMont"
        ? c.r2ModP
        : k.fn === "fromMont"
        ? 1n
        : A;
    // mul2: (A·B + C·D + (R − 1)·p)/R, both pairs' products in the same columns.
    const CD = k.fn === "mul2" ? maxima[2] * maxima[3] : 0n;
    const pre = (A * B + CD + (R - 1n) * p) / R;
    if (pre >= 2n * p) violations.push(`algebra: pre-subtraction bound 2^${log2(pre)} ≥ 2p`);
    if (maxima.some((x) => x >= bound)) violations.push(`operand maximum ≥ the accepted bound ${k.k ?? 1n}p`);
    algebra = `t = (ab ${k.fn === "mul2" ? "+ cd " : ""}+ mp)/R ≤ 2^${log2(pre)} < 2p; ${top}`;
  } else {
    const [A, B = A] = maxima;
    if (bound !== p) throw new RangeError("linear functions are analysed for operands < p");
    if (A >= p || B >= p) violations.push(`operand maximum ≥ the accepted bound p`);
    if (k.fn === "add" || k.fn === "dbl") {
      if (A + B >= R) violations.push("algebra: a + b ≥ R (a carry out would be lost)");
      algebra = "a + b < 2p < R, one masked subtraction of p";
    } else if (k.fn === "sub") algebra = "a − b + p·[a < b] ∈ [0, p) mod R";
    else algebra = "(p − a)·[a ≠ 0] ∈ [0, p)";
  }
  return {
    label: `${k.variant.name} ${k.fn}`,
    inputs: ops.map(() => k.k ?? 1n),
    output: 1n,
    outLimbs,
    report,
    violations,
    algebra,
  };
}

/** The data-movement and predicate kernel functions: (name, arguments: operand slots or a flag). */
export const MOVES: readonly { fn: string; args: readonly ("out" | "a" | "b" | 0 | 1)[]; result?: true }[] = [
  { fn: "copy", args: ["out", "a"] },
  { fn: "setZero", args: ["out"] },
  { fn: "setOne", args: ["out"] },
  { fn: "cmov", args: ["out", "a", 0] },
  { fn: "cmov", args: ["out", "a", 1] },
  { fn: "cswap", args: ["a", "b", 0] },
  { fn: "cswap", args: ["a", "b", 1] },
  { fn: "eq", args: ["a", "b"], result: true },
  { fn: "isZero", args: ["a"], result: true },
];

/**
 * A data-movement or predicate function with operands < p (out seeded < p too, for cmov): every
 * written slot's limbs within the box of "< p" (each output is one of the inputs, a constant < p, or
 * the select of two: the masked select's hull); predicates return 0 or 1. No wrap.
 */
export function analyseMove(
  p: bigint,
  move: (typeof MOVES)[number],
  variant: Variant = { name: "simd", options: {}, family: "u32" },
): Analysis {
  const c = layoutOf(p, variant), { n, stride } = c;
  const a = interpreter(buildFieldModule(p, variant.options).bytes, n, stride);
  const slots = { out: at(8, stride), a: at(9, stride), b: at(10, stride) };
  const box = limbRanges(p, c.limbBits, n);
  for (const addr of Object.values(slots)) a.seedLimbs(addr, 4, box);
  const report = a.run(move.fn, move.args.map((x) => (typeof x === "number" ? x : slots[x])));
  const violations: string[] = [];
  checkReport(report, move.result ? "zeroTest" : "none", violations);
  const written: ("out" | "a" | "b")[] = move.fn === "cswap" ? ["a", "b"] : move.result ? [] : ["out"];
  for (const w of written) {
    a.readLimbs(slots[w], 4, n).forEach((r, j) => {
      if (r.lo < 0n || r.hi > box[j].hi) {
        violations.push(`${w} limb ${j} in [${r.lo}, ${r.hi}] outside the box of < p`);
      }
    });
  }
  if (move.result && (!report.result || report.result.lo < 0n || report.result.hi > 1n)) {
    violations.push(`result ${report.result?.lo}..${report.result?.hi} is not a 0/1 flag`);
  }
  const outLimbs = a.readLimbs(slots[written[0] ?? "out"], 4, n);
  const flag = move.args.find((x) => typeof x === "number");
  return {
    label: `${variant.options.rest === "limbs" ? `${variant.name} ` : ""}${move.fn}${
      flag === undefined ? "" : ` flag ${flag}`
    }`,
    inputs: move.args.filter((x) => typeof x !== "number").map(() => 1n),
    output: 1n,
    outLimbs,
    report,
    violations,
    algebra: move.result
      ? `returns [${report.result?.lo}, ${report.result?.hi}]`
      : "each output limb vector is an input's or a constant's",
  };
}

/**
 * fromCanonical(out, a): any a < W = 2^(32N) (the staging slot's N words); a ≥ p is zeroed (masked)
 * and out = a·R mod p (R the layout's: W with words at rest, 2^(wn) ≥ W with limbs). The intervals see
 * a's box (the zeroing is a masked select: the hull of a and 0); the algebra bounds the product for
 * every a < W ≤ R: (a·(R² mod p) + (R − 1)·p)/R < (R² mod p) + p < 2p, so out < p.
 */
export function analyseFromCanonical(p: bigint, variant: Variant, bytes?: Uint8Array): Analysis {
  const c = layoutOf(p, variant), { n, stride, R } = c, words = montConstants(p);
  const W = words.R;
  const a = interpreter(bytes ?? buildFieldModule(p, variant.options).bytes, n, stride);
  a.seedLimbs(at(4, stride), 4, Array(n).fill({ lo: 0n, hi: 0n })); // scratch (zeroed by the function)
  const out = at(8, stride), input = at(9, stride);
  a.seedLimbs(input, 4, limbRanges(W, 32, words.n));
  const report = a.run("fromCanonical", [out, input]);
  const violations: string[] = [];
  checkReport(report, variant.family, violations);
  const outLimbs = a.readLimbs(out, 4, n);
  limbsBelow(outLimbs, violations, c.limbBits, onReducedLimbs(variant));
  const top = topStoreFits(report, out + 4 * (n - 1), violations, onReducedLimbs(variant), c.limbBits);
  if (W > R) violations.push("algebra: the staging words exceed R");
  const pre = ((W - 1n) * c.r2ModP + (R - 1n) * p) / R;
  if (pre >= 2n * p) violations.push(`algebra: pre-subtraction bound 2^${log2(pre)} ≥ 2p`);
  if (!report.result || report.result.lo < 0n || report.result.hi > 1n) {
    violations.push("result is not a 0/1 flag");
  }
  return {
    label: `${variant.name} fromCanonical`,
    inputs: [],
    inputText: "< R (any bytes)",
    output: 1n,
    outLimbs,
    report,
    violations,
    algebra: `any a < 2^${log2(W)}; t = (a·R² mod p + mp)/R ≤ 2^${log2(pre)} < 2p; ${top}`,
  };
}

/** The Fp2 functions built from the base field's chains (emit_linear.ts), not from combinations. */
const FP2_CHAINS: readonly string[] = ["fp2_add", "fp2_sub", "fp2_dbl"];

/** The Fp2 functions (field/tower/wasm_fp2.ts) and their operand bounds (multiples of p) in layout c. */
export function fp2Cases(c: MontConstants): {
  fn: string;
  inputs: bigint[];
}[] {
  const [ab, bb] = mulInputBounds(c);
  return [
    { fn: "fp2_mul", inputs: [BigInt(ab), BigInt(bb)] },
    { fn: "fp2_sqr", inputs: [1n] },
    ...["fp2_add", "fp2_sub"].map((fn) => ({ fn, inputs: [1n, 1n] })),
    ...["fp2_dbl", "fp2_neg", "fp2_conj", "fp2_mulByXi", "fp2_mulByU"].map((fn) => ({ fn, inputs: [1n] })),
  ];
}

/**
 * Analyses an Fp2 function of the tower layer (lanes of radix `fp2Radix`, null: u32 lanes) with
 * coefficient bounds `inputs`·p, in a module with words at rest, or with `limbBits`-bit limbs at rest
 * (the loader's reduced modules: default module `mul: "reduced-simd"`, `rest: "limbs"`).
 */
export function analyseFp2(
  p: bigint,
  tower: TowerParams,
  fp2Radix: number | null,
  fn: string,
  inputs: readonly bigint[],
  module?: Uint8Array,
  limbBits = 32,
): Analysis {
  const c = montConstants(p, limbBits), { n, stride } = c, bits = c.limbBits;
  const rest = bits === 32 ? {} : { mul: "reduced-simd" as const, radix: bits, rest: "limbs" as const };
  const bytes = module ?? buildFieldModule(p, { ...rest, extras: [fp2Extras(tower)], fp2Radix }).bytes;
  const a = interpreter(bytes, n, stride);
  const out = at(8, stride), ops = inputs.map((_, j) => at(10 + 2 * j, stride));
  const maxima: bigint[] = [];
  ops.forEach((addr, j) => {
    for (const part of [0, 1]) {
      maxima.push(...seedOperands(a, [addr + part * stride], [inputs[j] * p], [{ bits, n }]));
    }
  });
  const report = a.run(fn, [out, ...ops]);
  const outLimbs = [...a.readLimbs(out, 4, n), ...a.readLimbs(out + stride, 4, n)];
  const violations: string[] = [];
  const product = fn === "fp2_mul" || fn === "fp2_sqr";
  checkReport(report, product ? (fp2Radix === null ? "u32" : "reduced") : "none", violations);
  for (const part of [0, 1]) { // each coefficient's limbs (its top one decided by algebra in a product)
    limbsBelow(outLimbs.slice(part * n, (part + 1) * n), violations, bits, product && fp2Radix !== null);
  }
  const R = c.R;
  let algebra: string;
  if (product) {
    const reduced = fp2Radix !== null;
    const top = [out, out + stride].map((o) =>
      topStoreFits(report, o + 4 * (n - 1), violations, reduced, bits)
    );
    // Lane sums: mul a0·b0 + (αp − a1)·b1, a0·b1 + a1·b0 ≤ 2·αp·βp; sqr (a0 + a1)(a0 + p − a1), a0·2a1 < 4p².
    const lane = fn === "fp2_mul" ? 2n * (inputs[0] * p) * (inputs[1] * p) : 4n * p * p;
    const pre = (lane + (R - 1n) * p) / R;
    if (lane >= p * R) violations.push("algebra: lane sum ≥ p·R");
    if (pre >= 2n * p) violations.push(`algebra: REDC bound 2^${log2(pre)} ≥ 2p`);
    algebra = `lane sums ≤ 2^${log2(lane)} < pR, REDC ≤ 2^${log2(pre)} < 2p; ${[...new Set(top)].join("; ")}`;
  } else if (FP2_CHAINS.includes(fn)) {
    // The base field's carry/borrow chains on each coefficient (emit_linear.ts emitAdds / emitSubs),
    // as the kernel's add and sub (analyseKernel): operands < p.
    if (inputs.some((k) => k !== 1n)) throw new RangeError(`${fn} is analysed for operands < p`);
    if (maxima.some((m) => m >= p)) violations.push("operand maximum ≥ the accepted bound p");
    const sum = fn !== "fp2_sub";
    if (sum && 2n * (p - 1n) >= R) violations.push("algebra: a + b ≥ R (a carry out would be lost)");
    algebra = sum
      ? "per coefficient a + b < 2p < R, one masked subtraction of p"
      : "per coefficient a − b + p·[a < b] ∈ [0, p) mod R";
  } else {
    // The value bound from the function's own body (calls_combination.ts: terms, K·p, and the
    // conditional subtractions or the quotient estimate, with their constants checked).
    const mod = decodeModule(bytes);
    const comb = decodeCombination(mod.functions[exportedFunction(mod, fn) - mod.imports.length], p, n, bits);
    const kinds = new Set<string>();
    for (const part of comb.parts) {
      const r = partBound(part, p, n, part.terms.map((t) => inputs[t.param - 1] * p), bits);
      if ("error" in r) violations.push(`algebra: ${r.error}`);
      else if (r.bound > p) violations.push("algebra: a combination's result may reach p");
      kinds.add(part.estimate !== undefined ? "the quotient estimate q̂·p then p" : "subtractions of 2^t·p");
    }
    algebra = `Σ coef·x + K·p ≥ 0 brought below p by ${[...kinds].join(" / ")} (read from the body)`;
  }
  return {
    label: `${fp2Radix === null ? "u32 lanes" : `w=${fp2Radix} lanes`}${
      bits === 32 ? "" : " rest=limbs"
    } ${fn}`,
    inputs,
    output: 1n,
    outLimbs,
    report,
    violations,
    algebra,
  };
}

/** A short summary of a report's wraps: count per opcode. */
export function wrapSummary(report: Report): string {
  if (report.wraps.length === 0) return "wraps 0";
  const by = new Map<string, number>();
  for (const w of report.wraps) by.set(w.op, (by.get(w.op) ?? 0) + 1);
  return `wraps ${report.wraps.length} (${
    [...by].map(([op, k]) => `${op} ×${k}`).join(", ")
  }), reinterpreted ${report.reinterprets.length}`;
}

/** The printed line of one analysis. */
export function line(field: string, x: Analysis): string {
  const ins = x.inputText ?? (x.inputs.map((k) => `< ${k}p`).join(", ") || "none");
  const top = x.outLimbs.reduce((m, r) => (r.hi > m ? r.hi : m), 0n);
  return `${field} ${x.label}: in ${ins} → out < ${x.output}p (limbs ≤ 2^${log2(top + 1n)}; ${x.algebra}); ` +
    `max ${x.report.maxBits} bits; ${wrapSummary(x.report)}${
      x.violations.length ? ` VIOLATIONS: ${x.violations.join("; ")}` : ""
    }`;
}
