/**
 * The prime-field wasm module generator: given p, emits one module whose exported functions are the
 * field kernel (straight-line, constant-time, taking byte addresses), plus any functions that later
 * layers add through {@linkcode ExtraEmitter}s — they are built into the same module and `call` the
 * kernel functions by index (a wasm-internal call, no JS boundary), or inline the emitters of
 * emit_mont.ts / emit_linear.ts. The layers come from the kernel's module plan (plan.ts).
 *
 * ```ts ignore
 * const extra: ExtraEmitter = ({ c, module, fn }) => {
 *   const f = new FunctionBuilder([I32, I32, I32, I32]); // mul3(out, a, b, d) = a·b·d
 *   f.localGet(0).localGet(1).localGet(2).call(fn.mul);
 *   f.localGet(0).localGet(0).localGet(3).call(fn.mul);
 *   module.addFunction("mul3", f);
 * };
 * ```
 *
 * Multiplication variants, in-wasm loop iterations (bench/field/wasm_variants.ts; Deno 2.9 / V8 15,
 * AMD EPYC VM shared with other jobs): SIMD FIPS (default) ≈ 84–90 ns (N = 12) / 46–48 ns (N = 8);
 * scalar FIPS ≈ 103–106 / 50–52; CIOS ≈ 117–120 / 51–53; reduced radix (emit_mont_reduced*.ts)
 * w = 30 ≈ 87–92 scalar, 82–90 SIMD / w = 29, 30 ≈ 47–48: a tie, so the default stays.
 *
 * Memory layout (addresses are slot · stride, stride = 4N bytes for N limbs of the layout at rest (montgomery.ts), slot 0 at address 0):
 *
 * | slot | content                                     |
 * | ---- | ------------------------------------------- |
 * | 0    | R² mod p (data segment)                     |
 * | 1    | R mod p, the Montgomery form of 1 (data)    |
 * | 2    | the integer 1 (data; mul by it = fromMont)  |
 * | 3    | staging: canonical limbs in/out (JS side)   |
 * | 4    | scratch for callers (fromCanonical's zero)  |
 * | 5, 6 | p, then a zero limb (data; SIMD mul reads)  |
 * | 7    | conversion (limbs at rest: toMont, fromMont) |
 * | 8..  | the kernel's allocatable slots              |
 * @module
 */

import { FunctionBuilder, I32, ModuleBuilder, Op, type ValType } from "../../wasm/emitter.ts";
import {
  emitAdd,
  emitCmov,
  emitCopy,
  emitCswap,
  emitDbl,
  emitEq,
  emitIsZero,
  emitLessThanP,
  emitNeg,
  emitSetZero,
  emitSub,
} from "./emit_linear.ts";
import { emitMontMulCios, emitMontMulFips, type OperandMode, ref } from "./emit_mont.ts";
import { emitMontMulSimd } from "./emit_mont_simd.ts";
import { emitMontMulWide } from "./emit_mont_wide.ts";
import { emitMontMulReduced, emitPackLimbs, emitUnpackLimbs } from "./emit_mont_reduced.ts";
import { emitMontMulReducedSimd } from "./emit_mont_reduced_simd.ts";
import { radixPlan } from "./limbs.ts";
import { type MontConstants, montConstants, toLimbs } from "./montgomery.ts";
/** Re-exported from the emitter, where the SIMD capability check lives (x25519/ uses it too). */
export { simdSupported } from "../../wasm/emitter.ts";

/** Slots reserved at the bottom of memory (see the module doc). */
export const SLOT: Readonly<
  Record<"R2" | "ONE" | "INT_ONE" | "STAGING" | "SCRATCH" | "P" | "CONVERT" | "FIRST_FREE", number>
> = Object
  .freeze({
    R2: 0,
    ONE: 1,
    INT_ONE: 2,
    STAGING: 3,
    SCRATCH: 4,
    P: 5,
    CONVERT: 7,
    FIRST_FREE: 8,
  });

/**
 * The kernel functions every field module exports, all on byte addresses (i32), all straight-line:
 * - `mul(out, a, b)`, `sqr(out, a)`: Montgomery product, out = a·b·R⁻¹ mod p;
 * - `add`, `sub(out, a, b)`, `neg`, `dbl(out, a)`: modular, fully reduced;
 * - `copy(out, a)`, `setZero(out)`, `setOne(out)`, `cmov(out, a, flag)`, `cswap(a, b, flag)`;
 * - `eq(a, b)`, `isZero(a)` → i32 0/1;
 * - `toMont(out, a)`: a plain value < p → Montgomery form; `fromMont(out, a)`: back;
 * - `fromCanonical(out, a)` → i32: 1 and out = toMont(a) if the plain value a < p, else 0 and out = 0
 *   (a is then zeroed too);
 * - `limbBits()` → i32: the layout at rest (montgomery.ts), 32 for words, else the limbs' width (a
 *   prebuilt module says which layout it keeps).
 * Every output may alias every input. Scratch: none, except fromCanonical (slot 4).
 */
export const KERNEL_FUNCTIONS = [
  "mul",
  "sqr",
  "add",
  "sub",
  "neg",
  "dbl",
  "copy",
  "setZero",
  "setOne",
  "cmov",
  "cswap",
  "eq",
  "isZero",
  "toMont",
  "fromMont",
  "fromCanonical",
  "limbBits",
] as const;
/** A kernel function name. */
export type KernelFunction = typeof KERNEL_FUNCTIONS[number];

/** What an {@linkcode ExtraEmitter} sees while the module is being built. */
export interface FieldModuleContext {
  /** p and its derived constants (n, stride, limbs, n0, …). */
  readonly c: MontConstants;
  /** The module under construction: add functions with `addFunction(name | null, builder)`. */
  readonly module: ModuleBuilder;
  /** Function index of each kernel function, for `call` (arguments: addresses, as exported). */
  readonly fn: Readonly<Record<KernelFunction, number>>;
  /** Byte address of each reserved slot (R², one, …). */
  readonly address: Readonly<Record<keyof typeof SLOT, number>>;
  /**
   * Limb bits of the Fp2 lane kernels (field/tower/wasm_fp2_lanes.ts), null: u32 lanes, undefined:
   * that layer's default.
   */
  readonly fp2Radix: number | null | undefined;
  /** The module's Fp multiplication (FieldModuleOptions.mul): "wide" makes the Fp2 products wide too. */
  readonly mul: NonNullable<FieldModuleOptions["mul"]>;
  /**
   * The layout of elements at rest (FieldModuleOptions.rest, `c` describes it): layers that read or
   * write elements' limbs themselves take the limb width from `c.limbBits`.
   */
  readonly rest: "words" | "limbs";
  /**
   * The index of `mul2`(out, a, b, c, d): out ← (a·b + c·d)·R⁻¹ mod p with one Montgomery reduction
   * (a, b, c, d < p; out < p; out may alias any operand), added and exported as "mul2" on the first
   * request; −1 where the module's Fp multiplication is not a reduced-radix one (u32, wide), whose
   * callers then compose two products and an addition.
   */
  readonly mul2: () => number;
}

/** Adds functions to a field module (e.g. the Fp2 tower, point formulas). */
export type ExtraEmitter = (ctx: FieldModuleContext) => void;

/**
 * One layer of a field's module plan (see field/wasm/plan.ts): the functions a layer above the field
 * (inversion, the tower, a group's point formulas, table lookups) compiles into the field's one module.
 * `exports` names every function the layer exports, so that an instance (generated or prebuilt) is
 * checked for all of them when the kernel is built.
 */
export interface WasmLayer {
  /** The layer's name in the plan, e.g. "tower", "bls12-381 G1 points". */
  readonly name: string;
  /** The exported function names. */
  readonly exports: readonly string[];
  /** Adds the functions. */
  readonly emit: ExtraEmitter;
}

/**
 * Generator options. The loader (kernel.ts) picks "reduced-simd" w = 30, or "reduced" w = 30 without
 * SIMD, where 30-bit limbs hold p, else "simd", or "fips" without SIMD, and "wide" where the engine
 * has wide arithmetic; the defaults here are the 32-bit SIMD kernel. The others exist for comparisons.
 */
export interface FieldModuleOptions {
  /** Functions of later layers, built into the same module after the kernel functions. */
  readonly extras?: readonly ExtraEmitter[];
  /**
   * Multiplication algorithm: "simd" (default: FIPS two columns at a time in i64x2 lanes,
   * emit_mont_simd.ts), "fips" (scalar product scanning), "cios", or
   * "reduced" (scalar product scanning on w-bit limbs, emit_mont_reduced.ts; w = `radix`), or
   * "reduced-simd" (the same, two columns at a time, emit_mont_reduced_simd.ts), or "wide" (CIOS on
   * 64-bit limbs with the wide-arithmetic instructions, emit_mont_wide.ts: only for engines where
   * `wideArithmeticSupported()`).
   */
  readonly mul?: "fips" | "cios" | "simd" | "reduced" | "reduced-simd" | "wide";
  /** "reduced", "reduced-simd": the limb bits w (limbs.ts; default 30). */
  readonly radix?: number;
  /** Limb bits of the Fp2 lane kernels that layers emit (null: u32 lanes; default: the layer's). */
  readonly fp2Radix?: number | null;
  /**
   * Reduced-radix Fp kernels: Montgomery digits per reduction step, 2 (default: two digits from one
   * 2w-bit product, emit_mont_reduced.ts Columns) or 1 (the Fp2 lane kernels always take 1).
   */
  readonly digits?: 1 | 2;
  /** Squaring: halved cross products (default; with CIOS: scalar FIPS), or the multiplication. */
  readonly sqr?: "halved" | "mul";
  /** Scalar FIPS/CIOS: operand limbs reloaded from memory per product (default) or cached in locals. */
  readonly operands?: OperandMode;
  /**
   * The layout of elements at rest (montgomery.ts): "words" (default: N u32 words, R = 2^(32N)), or
   * "limbs": the reduced-radix kernels' own w-bit limbs, one per u32 slot, R = 2^(wn) (with `mul`
   * "reduced" or "reduced-simd" only). The products then neither split their operands nor pack their
   * result; toMont, fromMont and fromCanonical convert between the staging slot's words (what the JS
   * side reads and writes) and the limbs. Every layer takes either (the inversion only 30-bit limbs).
   */
  readonly rest?: "words" | "limbs";
  /**
   * Import the memory as `env.memory` instead of defining and exporting one: for extension modules
   * instantiated on an existing kernel's memory (same layout; the constant slots are rewritten with
   * the same values at instantiation).
   */
  readonly importMemory?: boolean;
}

/** The export name of the two-product kernel function (FieldModuleContext.mul2). */
export const MUL2 = "mul2";

/** A generated field module. */
export interface FieldModule {
  readonly c: MontConstants;
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly fn: Readonly<Record<KernelFunction, number>>;
}

/** Writes x as the N limbs of layout c (one per little-endian u32 slot) into bytes. */
function limbBytes(x: bigint, c: MontConstants): Uint8Array {
  const out = new Uint8Array(c.stride);
  const view = new DataView(out.buffer);
  toLimbs(x, c.n, c.limbBits).forEach((limb, j) => view.setUint32(4 * j, limb, true));
  return out;
}

/** Generates the field module of modulus p. */
export function buildFieldModule(p: bigint, options: FieldModuleOptions = {}): FieldModule {
  const { mul = "simd", sqr = "halved", operands = "memory", radix = 30, digits = 2, rest = "words" } =
    options;
  const reducedMul = mul === "reduced" || mul === "reduced-simd";
  if (rest === "limbs" && !reducedMul) {
    throw new RangeError(`limbs at rest need a reduced-radix kernel, not ${mul}`);
  }
  // c: the layout at rest; words: the staging slot's (toMont, fromMont, fromCanonical read or write it).
  const c = montConstants(p, rest === "limbs" ? radix : 32), words = rest === "limbs" ? montConstants(p) : c;
  const plan = reducedMul ? radixPlan(p, radix, { digits, rest }) : null;
  const reduced = mul === "reduced-simd" ? emitMontMulReducedSimd : emitMontMulReduced;
  const mb = options.importMemory ? new ModuleBuilder().importMemory(1) : new ModuleBuilder().defineMemory(1);
  const address = Object.fromEntries(
    Object.entries(SLOT).map(([k, slot]) => [k, slot * c.stride]),
  ) as Record<keyof typeof SLOT, number>;
  mb.addData(address.R2, limbBytes(c.r2ModP, c));
  mb.addData(address.ONE, limbBytes(c.rModP, c));
  mb.addData(address.INT_ONE, limbBytes(1n, c));
  mb.addData(address.P, limbBytes(c.p, c));

  // Indices are fixed up front so that functions can call each other in any order.
  const fn = Object.fromEntries(KERNEL_FUNCTIONS.map((name, i) => [name, i])) as Record<
    KernelFunction,
    number
  >;
  const A = 0, B = 1, C = 2; // parameter locals
  const add = (
    name: KernelFunction,
    params: number,
    results: ValType[],
    body: (f: FunctionBuilder) => void,
  ) => {
    const f = new FunctionBuilder(Array(params).fill(I32), results);
    body(f);
    const index = mb.addFunction(name, f);
    if (index !== fn[name]) throw new Error(`unreachable: ${name} got index ${index}`);
  };
  /** out ← a·b·R⁻¹ (b = null: a²·R⁻¹) with the chosen algorithm. */
  const mulBody = (f: FunctionBuilder, out: number, a: number, b: number | null) => {
    if (plan !== null) reduced(f, plan, ref(out), ref(a), b === null ? null : ref(b));
    else if (mul === "wide") emitMontMulWide(f, c, ref(out), ref(a), b === null ? null : ref(b));
    else if (mul === "simd") {
      const zero = f.local(I32); // p is at an absolute address: base 0 + static offset
      emitMontMulSimd(f, c, ref(out), ref(a), b === null ? null : ref(b), ref(zero, address.P));
    } else if (mul === "cios" && b !== null) emitMontMulCios(f, c, ref(out), ref(a), ref(b), operands);
    else emitMontMulFips(f, c, ref(out), ref(a), b === null ? null : ref(b), operands);
  };

  add("mul", 3, [], (f) => mulBody(f, A, B, C));
  add("sqr", 2, [], (f) => mulBody(f, A, B, sqr === "halved" ? null : B));
  add("add", 3, [], (f) => emitAdd(f, c, ref(A), ref(B), ref(C)));
  add("sub", 3, [], (f) => emitSub(f, c, ref(A), ref(B), ref(C)));
  add("neg", 2, [], (f) => emitNeg(f, c, ref(A), ref(B)));
  add("dbl", 2, [], (f) => emitDbl(f, c, ref(A), ref(B)));
  add("copy", 2, [], (f) => emitCopy(f, c, ref(A), ref(B)));
  add("setZero", 1, [], (f) => emitSetZero(f, c, ref(A)));
  add("setOne", 1, [], (f) => {
    const one = f.local(I32);
    f.i32Const(address.ONE).localSet(one);
    emitCopy(f, c, ref(A), ref(one));
  });
  add("cmov", 3, [], (f) => emitCmov(f, c, ref(A), ref(B), C));
  add("cswap", 3, [], (f) => emitCswap(f, c, ref(A), ref(B), C));
  add("eq", 2, [I32], (f) => emitEq(f, c, ref(A), ref(B)));
  add("isZero", 1, [I32], (f) => emitIsZero(f, c, ref(A)));
  // toMont(out, a) = mont(a, R²) = a·R; fromMont(out, a) = mont(a, 1) = a·R⁻¹. With limbs at rest the
  // plain value a (toMont) and the result (fromMont) are the staging slot's words: they are converted
  // through the conversion slot around a call of mul (a split or a packing of ~40 instructions, where
  // a product of its own reading or writing words cost ~2500 per function and 8 % of the module).
  add("toMont", 2, [], (f) => {
    if (plan !== null && rest === "limbs") {
      const conv = f.local(I32);
      f.i32Const(address.CONVERT).localSet(conv);
      emitUnpackLimbs(f, plan, ref(B)).forEach((l, j) =>
        f.localGet(conv).localGet(l).mem(Op.i64Store32, 4 * j)
      );
      f.localGet(A).localGet(conv).i32Const(address.R2).call(fn.mul);
    } else f.localGet(A).localGet(B).i32Const(address.R2).call(fn.mul);
  });
  add("fromMont", 2, [], (f) => {
    if (plan !== null && rest === "limbs") {
      const conv = f.local(I32);
      f.i32Const(address.CONVERT).localTee(conv).localGet(B).i32Const(address.INT_ONE).call(fn.mul);
      emitPackLimbs(f, plan, ref(conv), ref(A));
    } else f.localGet(A).localGet(B).i32Const(address.INT_ONE).call(fn.mul);
  });
  add("fromCanonical", 2, [I32], (f) => {
    // ok = [a < p]; a ← a & −ok (zero when rejected, so the product's bounds hold); out ← a·R; ok.
    // a is the staging slot's words (a plain value): `words` is its layout.
    const ok = f.local(I32), flag = f.local(I32), zero = f.local(I32);
    emitLessThanP(f, words, ref(B));
    f.localSet(ok);
    f.i32Const(1).localGet(ok).op(Op.i32Sub).localSet(flag);
    f.i32Const(address.SCRATCH).localSet(zero);
    emitSetZero(f, words, ref(zero));
    emitCmov(f, words, ref(B), ref(zero), flag);
    if (rest === "limbs") f.localGet(A).localGet(B).call(fn.toMont);
    else f.localGet(A).localGet(B).i32Const(address.R2).call(fn.mul);
    f.localGet(ok);
  });
  add("limbBits", 0, [I32], (f) => void f.i32Const(c.limbBits));

  const fp2Radix = options.fp2Radix;
  let mul2 = plan === null ? -1 : undefined as number | undefined;
  const ctx: FieldModuleContext = Object.freeze({
    c,
    module: mb,
    fn: Object.freeze(fn),
    address,
    fp2Radix,
    mul,
    rest,
    mul2: () => {
      if (mul2 === undefined) {
        // Both pairs' products in accumulators of their own (a third one for the digits where needed).
        const plan2 = radixPlan(p, radix, { digits, pairs: 2, maxAccumulators: 3, rest });
        const f = new FunctionBuilder([I32, I32, I32, I32, I32], []);
        reduced(f, plan2, ref(0), ref(1), ref(2), { c: ref(3), d: ref(4) });
        mul2 = mb.addFunction(MUL2, f);
      }
      return mul2;
    },
  });
  for (const extra of options.extras ?? []) extra(ctx);
  return { c, bytes: mb.toBytes(), fn };
}
