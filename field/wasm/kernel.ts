/**
 * The WebAssembly field kernel: a {@linkcode FieldKernel} whose arena is the generated module's linear
 * memory (slot s at byte address s · stride, see module.ts for the reserved slots) and whose arithmetic
 * is the module's straight-line functions. Inversion is the constant-time binary GCD of inverse.ts, in
 * its own module on the same memory; exponentiation-based operations come from field/algorithms/.
 *
 * Modules are generated and compiled per field on first use only ({@linkcode wasmFieldModules}), or
 * supplied prebuilt (static `.wasm` imports, through field/backend.ts's `initWasm`).
 * @module
 */

import { checkBytes, isBytes, IsochronError } from "../../errors.ts";
import { batchInvVartime, invFermat, isSquareCt, powCt, sqrtCt } from "../algorithms/mod.ts";
import type { FieldKernel } from "../kernel.ts";
import { type FieldName, FIELDS } from "../params.ts";
import { inverseModuleBytes, wasmInverseFromModule } from "./inverse.ts";
import {
  buildFieldModule,
  type ExtraEmitter,
  KERNEL_FUNCTIONS,
  type KernelFunction,
  simdSupported,
  SLOT,
} from "./module.ts";
import { montConstants } from "./montgomery.ts";

/** The compiled modules of one field: the kernel, and (optionally) the inversion module. */
export interface FieldModules {
  /** The field kernel module (module.ts), as written by scripts/build_wasm.ts. */
  readonly kernel: WebAssembly.Module;
  /**
   * The inversion module (inverse.ts). Omitted: generated and compiled on the first `inv` when the
   * runtime allows it, else `inv` uses Fermat's little theorem (constant-time, slower).
   */
  readonly inverse?: WebAssembly.Module;
}

/** The kernel module's exports, on byte addresses (see module.ts's KERNEL_FUNCTIONS). */
export type KernelExports = Readonly<Record<KernelFunction, (...args: number[]) => number>> & {
  readonly memory: WebAssembly.Memory;
};

/** The wasm kernel: the FieldKernel contract plus access to its memory for wasm-level layers. */
export interface WasmFieldKernel extends FieldKernel {
  readonly backend: "wasm";
  /** The arena: the module's memory (it grows when `alloc` needs room; re-read `.buffer` after). */
  readonly memory: WebAssembly.Memory;
  /** Bytes per slot, 4N. */
  readonly stride: number;
  /** Byte address of a slot: slot · stride. */
  addressOf(slot: number): number;
  /** The module's functions, taking byte addresses (for composite code that works on addresses). */
  readonly exports: KernelExports;
  /**
   * Builds and instantiates, on this kernel's memory, a module holding the kernel functions plus
   * `extras` (module.ts's ExtraEmitter: e.g. the Fp2 tower), and returns its exports. Needs run-time
   * compilation (not available on workerd); the caller caches the result.
   */
  extend(extras: readonly ExtraEmitter[]): WebAssembly.Exports;
}

/** The kernel module's bytes: SIMD multiplication where the engine has SIMD, scalar FIPS otherwise. */
function kernelBytes(p: bigint): Uint8Array<ArrayBuffer> {
  return buildFieldModule(p, { mul: simdSupported() ? "simd" : "fips" }).bytes;
}

/** Generates and compiles the kernel module of `name` (synchronous; the inverse comes lazily). */
export function wasmFieldModules(name: FieldName): FieldModules {
  return { kernel: new WebAssembly.Module(kernelBytes(FIELDS[name].p)) };
}

/** The bytes of the modules of `name` (for scripts/build_wasm.ts and async compilation). */
export function wasmFieldModuleBytes(
  name: FieldName,
): { kernel: Uint8Array<ArrayBuffer>; inverse: Uint8Array } {
  const { p } = FIELDS[name];
  return { kernel: kernelBytes(p), inverse: inverseModuleBytes(p) };
}

/** Memory pages (64 KiB) needed for `bytes` bytes. */
const pagesFor = (bytes: number): number => Math.ceil(bytes / 65536);

/**
 * A new wasm kernel of field `name` on its own instance (own memory, own slots) of `modules`
 * (default: generated and compiled now). Throws if the module does not export the kernel functions.
 */
export function createWasmFieldKernel(name: FieldName, modules?: FieldModules): WasmFieldKernel {
  if (!Object.hasOwn(FIELDS, name)) throw new IsochronError("INVALID_TYPE", `unknown field ${name}`);
  const { p, byteLength } = FIELDS[name];
  const c = montConstants(p);
  const S = c.stride;
  const mods = modules ?? wasmFieldModules(name);
  const instance = new WebAssembly.Instance(mods.kernel, {});
  const x = instance.exports as unknown as KernelExports;
  for (const f of KERNEL_FUNCTIONS) {
    if (typeof x[f] !== "function") throw new Error(`wasm module of ${name} lacks export ${f}`);
  }
  const memory = x.memory;
  let u8 = new Uint8Array(memory.buffer);
  const bytesView =
    (): Uint8Array => (u8.buffer === memory.buffer ? u8 : (u8 = new Uint8Array(memory.buffer)));

  let used: number = SLOT.FIRST_FREE;
  function alloc(count: number): number {
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new RangeError("alloc: count must be a natural number");
    }
    const first = used;
    used += count;
    const have = memory.buffer.byteLength;
    if (used * S > have) memory.grow(Math.max(pagesFor(used * S - have), pagesFor(have))); // at least double
    return first;
  }

  const STAGE = SLOT.STAGING * S;
  /** Writes 0 ≤ x < 2^(32N) as little-endian bytes into the staging slot. */
  function stageBigint(x: bigint): void {
    const m = bytesView();
    for (let i = 0; i < S; i++) m[STAGE + i] = Number((x >> BigInt(8 * i)) & 0xffn);
  }
  function stagedBigint(): bigint {
    const m = bytesView();
    let v = 0n;
    for (let i = S - 1; i >= 0; i--) v = (v << 8n) | BigInt(m[STAGE + i]);
    return v;
  }
  const clearStage = () => x.setZero(STAGE);

  // The inversion module is built on first use (importing a field for mul alone does not pay for it).
  let inverse: ((outAddr: number, inAddr: number, scratchAddr: number) => void) | null = null;
  let invScratch = 0;
  function inv(o: number, a: number): void {
    if (inverse === null) {
      let module = mods.inverse;
      if (module === undefined) {
        try {
          module = new WebAssembly.Module(inverseModuleBytes(p) as BufferSource);
        } catch {
          // Run-time compilation refused (prebuilt kernel on workerd): Fermat, from now on.
          inverse = (outAddr, inAddr) => invFermat(k, outAddr / S, inAddr / S);
          return inv(o, a);
        }
      }
      const w = wasmInverseFromModule(module, memory);
      if (w.scratchBytes > 0) invScratch = alloc(Math.ceil(w.scratchBytes / S)) * S;
      inverse = w.inv;
    }
    inverse(o * S, a * S, invScratch);
  }

  const { mul: xMul, sqr: xSqr, add: xAdd, sub: xSub, neg: xNeg, dbl: xDbl, copy: xCopy } = x;
  const { cmov: xCmov, cswap: xCswap, eq: xEq, isZero: xIsZero } = x;
  const k: WasmFieldKernel = {
    backend: "wasm",
    name,
    p,
    byteLength,
    memory,
    stride: S,
    exports: x,
    addressOf: (slot) => slot * S,
    alloc,

    // The exports are read once into constants: a call is then slot → address and the wasm call only
    // (≈ 1.5 ns less per call than `x.mul(…)` for BN254, tests/field/wasm_variants_bench.ts).
    mul: (o, a, b) => void xMul(o * S, a * S, b * S),
    sqr: (o, a) => void xSqr(o * S, a * S),
    add: (o, a, b) => void xAdd(o * S, a * S, b * S),
    sub: (o, a, b) => void xSub(o * S, a * S, b * S),
    neg: (o, a) => void xNeg(o * S, a * S),
    dbl: (o, a) => void xDbl(o * S, a * S),
    copy: (o, a) => void xCopy(o * S, a * S),
    setZero: (o) => void x.setZero(o * S),
    setOne: (o) => void x.setOne(o * S),
    cmov: (o, a, flag) => void xCmov(o * S, a * S, flag),
    cswap: (a, b, flag) => void xCswap(a * S, b * S, flag),
    eq: (a, b) => xEq(a * S, b * S),
    isZero: (a) => xIsZero(a * S),

    fromBytes(out, bytes) {
      checkBytes(bytes, "field element", byteLength); // read only
      // Big-endian bytes → little-endian limbs in the staging slot (a fixed-length copy), then one
      // wasm call checks < p and converts, both without branches.
      const m = bytesView();
      for (let i = 0; i < byteLength; i++) m[STAGE + i] = bytes[byteLength - 1 - i];
      for (let i = byteLength; i < S; i++) m[STAGE + i] = 0;
      const ok = x.fromCanonical(out * S, STAGE);
      clearStage();
      return ok;
    },
    toBytes(a, dst, offset = 0) {
      if (!isBytes(dst)) throw new IsochronError("INVALID_TYPE", "dst must be a Uint8Array");
      if (!Number.isSafeInteger(offset) || offset < 0 || offset + byteLength > dst.length) {
        throw new IsochronError("INVALID_LENGTH", `dst needs ${byteLength} bytes from offset ${offset}`);
      }
      x.fromMont(STAGE, a * S);
      const m = bytesView();
      for (let i = 0; i < byteLength; i++) dst[offset + byteLength - 1 - i] = m[STAGE + i];
      clearStage();
    },
    setBigintVartime(out, v) {
      stageBigint(((v % p) + p) % p);
      x.toMont(out * S, STAGE);
      clearStage();
    },
    toBigintVartime(a) {
      x.fromMont(STAGE, a * S);
      const v = stagedBigint();
      clearStage();
      return v;
    },

    inv,
    // The constant-time binary GCD is faster than a BigInt extended Euclid here: reuse it.
    invVartime: (o, a) => k.inv(o, a),
    sqrt: (o, a) => sqrtCt(k, o, a),
    isSquare: (a) => isSquareCt(k, a),
    pow: (o, a, e) => powCt(k, o, a, e),
    batchInvVartime: (outs, ins) => batchInvVartime(k, outs, ins),
    wipe(first, count) {
      bytesView().fill(0, first * S, (first + count) * S);
    },

    extend(extras) {
      const mul = simdSupported() ? "simd" : "fips";
      const bytes = buildFieldModule(p, { extras, importMemory: true, mul }).bytes;
      const mod = new WebAssembly.Module(bytes);
      return new WebAssembly.Instance(mod, { env: { memory } }).exports;
    },
  };
  return Object.freeze(k);
}

const cache = new Map<FieldName, WasmFieldKernel>();

/**
 * The shared wasm kernel of field `name`, built on first use from `modules` if given (prebuilt), else
 * generated and compiled now. Later calls return the same kernel and ignore `modules`.
 */
export function wasmFieldKernel(name: FieldName, modules?: FieldModules): WasmFieldKernel {
  let k = cache.get(name);
  if (k === undefined) {
    k = createWasmFieldKernel(name, modules);
    cache.set(name, k);
  }
  return k;
}
