/**
 * The WebAssembly SIMD instructions (fixed-width SIMD, WebAssembly Core Specification 2.0 §5.4.8,
 * prefix 0xFD) that the tower's wasm functions use beyond the emitter's `SimdOp` set, as helpers over
 * the emitter's raw `op`. Whether the engine has SIMD at all is module.ts's `simdSupported()`.
 * @module
 */
import { type FunctionBuilder, pushU32 } from "../wasm/emitter.ts";

/** SIMD opcodes (the u32 after the 0xFD prefix). */
export const Simd = {
  v128Const: 0x0c,
  i8x16Shuffle: 0x0d,
  i32x4Splat: 0x11,
  i32x4ReplaceLane: 0x1c,
  i64x2ExtractLane: 0x1d,
  v128And: 0x4e,
  v128Xor: 0x51,
  i32x4Mul: 0xb5,
  i64x2Neg: 0xc1,
  i64x2Shl: 0xcb,
  i64x2ShrU: 0xcd,
  i64x2Add: 0xce,
  i64x2Sub: 0xd1,
  i64x2ExtmulLowI32x4U: 0xde,
  i64x2ExtmulHighI32x4U: 0xdf,
} as const;

/** Emits a SIMD instruction without immediates. */
export function simd(f: FunctionBuilder, code: number): FunctionBuilder {
  const bytes = [0xfd];
  pushU32(bytes, code);
  return f.op(...bytes);
}

/** Emits a lane instruction (extract/replace) with its lane index. */
export function simdLane(f: FunctionBuilder, code: number, lane: number): FunctionBuilder {
  return simd(f, code).op(lane);
}

/** Pushes a v128 constant with two i64 lanes. */
export function v128I64x2(f: FunctionBuilder, lo: bigint, hi: bigint): FunctionBuilder {
  simd(f, Simd.v128Const);
  for (const x of [lo, hi]) {
    let v = BigInt.asUintN(64, x);
    for (let i = 0; i < 8; i++, v >>= 8n) f.op(Number(v & 0xffn));
  }
  return f;
}

/** i8x16.shuffle of the two v128 on the stack with 16 lane indices (0–31). */
export function shuffle(f: FunctionBuilder, lanes: readonly number[]): FunctionBuilder {
  simd(f, Simd.i8x16Shuffle);
  return f.op(...lanes);
}
