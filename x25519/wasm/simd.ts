/**
 * The few fixed-width SIMD instructions (WebAssembly Core Specification 2.0 §5.4.8, prefix 0xFD) used by
 * the fixed-base table scan, as helpers over the emitter's raw `op`. Bitwise and lane-widening only:
 * constant-time on every engine (no data-dependent latency).
 * @module
 */

import { type FunctionBuilder, pushU32 } from "../../field/wasm/emitter.ts";

/** SIMD opcodes (the u32 after the 0xFD prefix). */
export const Simd = {
  v128Load: 0x00,
  v128Store: 0x0b,
  v128Const: 0x0c,
  i32x4Splat: 0x11,
  v128And: 0x4e,
  v128Or: 0x50,
  i64x2ExtractLane: 0x1d,
  i64x2ExtendLowI32x4S: 0xc7,
  i64x2ExtendHighI32x4S: 0xc8,
} as const;

/** Emits a SIMD instruction without immediates. */
export function simd(fb: FunctionBuilder, code: number): FunctionBuilder {
  const bytes = [0xfd];
  pushU32(bytes, code);
  return fb.op(...bytes);
}

/** v128.load / v128.store with a static offset (alignment hint 16 bytes). */
export function simdMem(
  fb: FunctionBuilder,
  code: typeof Simd.v128Load | typeof Simd.v128Store,
  offset: number,
): FunctionBuilder {
  const bytes = [0xfd];
  pushU32(bytes, code);
  pushU32(bytes, 4);
  pushU32(bytes, offset);
  return fb.op(...bytes);
}

/** Pushes a v128 constant given as four i32 lanes. */
export function v128I32x4(fb: FunctionBuilder, lanes: readonly number[]): FunctionBuilder {
  simd(fb, Simd.v128Const);
  for (const x of lanes) for (let i = 0; i < 4; i++) fb.op((x >>> (8 * i)) & 0xff);
  return fb;
}

/** True if this engine validates a module using these instructions (a v128.const and a v128.and). */
export function simdSupported(): boolean {
  // (module (func (result v128) v128.const 0 v128.const 0 v128.and))
  const zeros = new Array(16).fill(0);
  const body = [0x00, 0xfd, 0x0c, ...zeros, 0xfd, 0x0c, ...zeros, 0xfd, Simd.v128And, 0x0b];
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...[0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b], // type section: () → v128
    ...[0x03, 0x02, 0x01, 0x00], //                    function section: func 0 has type 0
    ...[0x0a, body.length + 2, 0x01, body.length, ...body],
  ];
  try {
    return WebAssembly.validate(new Uint8Array(bytes));
  } catch {
    return false;
  }
}
