/**
 * Constant-time table lookups compiled into the base field's wasm module: one JS→wasm call reads
 * every entry of a table and keeps one, instead of one masked move (a JS→wasm call) per coordinate
 * per entry (48 calls for a 16-entry projective table).
 *
 * | export                            | what                                              |
 * | --------------------------------- | ------------------------------------------------- |
 * | select_S_N(out, first, step, d)   | out ← entry d of N entries of S base slots each   |
 *
 * Arguments are byte addresses: entry i starts at first + i·step (step public), d is secret. The N
 * entries are unrolled (straight-line: no branch, no `select`); every byte of every entry is loaded
 * in the same order whatever d is and accumulated as acc |= entry_i & mask_i, where
 * mask_i = ((x − 1) & ~x) >> 31 (arithmetic shift) with x = i ⊕ d is all ones iff x = 0, for any
 * 32-bit d (d outside [0, N) selects nothing: out = 0). Words of 16 bytes (v128.and / v128.or) when
 * the engine has SIMD, else 8 bytes (i64); a tail of 8 / 4 bytes. out is written after the last read
 * (it may alias an entry). No scratch memory: the accumulators are locals.
 * @module
 */
import type { FieldKernel } from "../../field/kernel.ts";
import { FunctionBuilder, I32, I64, Op, SimdOp, V128, type ValType } from "../../wasm/emitter.ts";
import {
  buildFieldModule,
  type ExtraEmitter,
  simdSupported,
  type WasmLayer,
} from "../../field/wasm/module.ts";
import { layerExports, type PlannedKernel } from "../../field/wasm/plan.ts";
import { lazyState } from "../../field/lazy_state.ts";

/** A table shape: entries of `slots` base slots, `count` entries. */
export interface SelectShape {
  readonly slots: number;
  readonly count: number;
}

/** The export name of a shape's lookup. */
export const selectName = (s: SelectShape): string => `select_${s.slots}_${s.count}`;

/** select(out, first, step, d) on byte addresses. */
export type SelectFunction = (out: number, first: number, step: number, d: number) => void;

/** Emits d's mask for entry i into local m32 (all ones iff i = d); x is an i32 scratch local. */
function emitMask(f: FunctionBuilder, i: number, d: number, x: number, m32: number): void {
  f.localGet(d).i32Const(i).op(Op.i32Xor).localTee(x).i32Const(1).op(Op.i32Sub);
  f.localGet(x).i32Const(-1).op(Op.i32Xor).op(Op.i32And).i32Const(31).op(Op.i32ShrS).localSet(m32);
}

/** The straight-line lookup for one shape, entries of `bytes` bytes (a multiple of 4). */
function selectFunction(bytes: number, count: number, simd: boolean): FunctionBuilder {
  if (bytes % 4 !== 0) throw new Error("select: entry size not a multiple of 4 bytes");
  const f = new FunctionBuilder([I32, I32, I32, I32], []);
  const [OUT, FIRST, STEP, D] = [0, 1, 2, 3];
  const x = f.local(I32), m32 = f.local(I32), addr = f.local(I32);
  // Words: [offset, type] covering the entry.
  const words: [number, ValType][] = [];
  let o = 0;
  if (simd) { for (; o + 16 <= bytes; o += 16) words.push([o, V128]); }
  for (; o + 8 <= bytes; o += 8) words.push([o, I64]);
  for (; o + 4 <= bytes; o += 4) words.push([o, I32]);
  const acc = words.map(([, t]) => f.local(t)); // locals start at zero
  const has = (t: ValType) => words.some(([, u]) => u === t);
  const mV = has(V128) ? f.local(V128) : -1, m64 = has(I64) ? f.local(I64) : -1;
  for (let i = 0; i < count; i++) {
    emitMask(f, i, D, x, m32);
    if (mV >= 0) f.localGet(m32).simd(SimdOp.i32x4Splat).localSet(mV);
    if (m64 >= 0) f.localGet(m32).op(Op.i64ExtendI32S).localSet(m64);
    f.localGet(FIRST).localGet(STEP).i32Const(i).op(Op.i32Mul).op(Op.i32Add).localSet(addr);
    words.forEach(([off, t], k) => {
      f.localGet(acc[k]).localGet(addr);
      if (t === V128) {
        f.simdMem(SimdOp.v128Load, 16, off).localGet(mV).simd(SimdOp.v128And).simd(SimdOp.v128Or);
      } else if (t === I64) f.mem(Op.i64Load, off).localGet(m64).op(Op.i64And).op(Op.i64Or);
      else f.mem(Op.i32Load, off).localGet(m32).op(Op.i32And).op(Op.i32Or);
      f.localSet(acc[k]);
    });
  }
  words.forEach(([off, t], k) => {
    f.localGet(OUT).localGet(acc[k]);
    if (t === V128) f.simdMem(SimdOp.v128Store, 16, off);
    else f.mem(t === I64 ? Op.i64Store : Op.i32Store, off);
  });
  return f;
}

/**
 * The emitter adding one lookup per shape (export {@linkcode selectName}); `simd` (default: when the
 * engine supports it) chooses 16-byte words.
 */
export function selectExtras(shapes: readonly SelectShape[], simd: boolean = simdSupported()): ExtraEmitter {
  return ({ c, module }) => {
    for (const s of shapes) {
      module.addFunction(selectName(s), selectFunction(s.slots * c.stride, s.count, simd));
    }
  };
}

/** The bytes of a field module of p with the lookups (for tests and the ct proof). */
export function selectModuleBytes(
  p: bigint,
  shapes: readonly SelectShape[],
  simd: boolean,
): Uint8Array<ArrayBuffer> {
  return buildFieldModule(p, { extras: [selectExtras(shapes, simd)], mul: simd ? "simd" : "fips" }).bytes;
}

/**
 * The shapes of the library's tables, in one layer: projective windows (3 or 6 slots, 16 entries; 8
 * entries: the signed-digit endomorphism tables of scalar_mul.ts) and
 * fixed-base rows (affine: 2 slots × 16, 4 slots × 8).
 */
export const TABLE_SHAPES: readonly SelectShape[] = [
  { slots: 3, count: 16 },
  { slots: 6, count: 16 },
  { slots: 3, count: 8 },
  { slots: 6, count: 8 },
  { slots: 2, count: 16 },
  { slots: 4, count: 8 },
];

/** The layer name of the lookups in a module plan. */
export const SELECT_LAYER = "selects";

/** The lookups of `shapes` as a layer of a field module plan (16-byte words when `simd`). */
export function selectLayer(shapes: readonly SelectShape[], simd: boolean): WasmLayer {
  return { name: SELECT_LAYER, exports: shapes.map(selectName), emit: selectExtras(shapes, simd) };
}

/** A compiled lookup and the kernel's bytes per slot. */
export interface Selector {
  readonly select: SelectFunction;
  /** Bytes per base slot (address = slot · stride). */
  readonly stride: number;
}

/**
 * The compiled lookup of `count` entries of `slots` base slots in `kernel`'s module, or null: not a
 * wasm kernel, a plan without the lookups, or a shape outside the layer (the caller's JS scan then).
 */
export function wasmSelector(kernel: FieldKernel, slots: number, count: number): Selector | null {
  const byShape = selectors(kernel), key = slots * 65536 + count; // numeric key: no string per lookup
  let s = byShape.get(key);
  if (s === undefined) {
    const f = layerExports(kernel, SELECT_LAYER)?.[selectName({ slots, count })];
    const stride = (kernel as FieldKernel & PlannedKernel).stride;
    s = typeof f === "function" ? Object.freeze({ select: f as SelectFunction, stride }) : null;
    byShape.set(key, s);
  }
  return s;
}

/** The lookups found so far, per kernel and shape. */
const selectors = lazyState((_: FieldKernel) => new Map<number, Selector | null>());

/**
 * The common step of `count` table slots (public addresses: `table[i] = table[0] + i·step`), or -1
 * if they are not equally spaced. Reads every address once, in order.
 */
export function equalStep(table: ArrayLike<number>, count: number): number {
  const first = table[0], step = count > 1 ? table[1] - first : 0;
  let ok = step >= 0 ? 1 : 0;
  for (let i = 2; i < count; i++) ok &= table[i] === first + i * step ? 1 : 0;
  return ok === 1 ? step : -1;
}
