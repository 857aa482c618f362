/**
 * The WebAssembly field kernel: a {@linkcode FieldKernel} whose arena is the generated module's linear
 * memory (slot s at byte address s · stride, see module.ts for the reserved slots) and whose arithmetic
 * is the module's straight-line functions. Inversion is the constant-time binary GCD of inverse.ts, in
 * the same module; exponentiation-based operations come from field/algorithms/.
 *
 * A kernel is a field plus a module plan (plan.ts): the one module holds the kernel functions, the
 * inversion and the plan's layers, generated and compiled once when the kernel is first built
 * ({@linkcode wasmFieldKernel}), or supplied prebuilt (static `.wasm` imports, through
 * field/backend.ts's `initWasm`).
 * @module
 */

import { checkBytes, isBytes, IsochronError } from "../../errors.ts";
import { batchInvVartime, isSquareCt, powCt, sqrtCt } from "../algorithms/mod.ts";
import type { FieldKernel } from "../kernel.ts";
import type { FieldDescription, FieldName, FieldParams } from "../params.ts";
import { compileWasm } from "../../wasm/compile.ts";
import { inverseLayer } from "./inverse.ts";
import { SQR4, sqr4Layer } from "./emit_sqr4.ts";
import { type FieldMulShape, fieldMulShape, REDUCED_RADIX } from "./shape.ts";
import { buildFieldModule, KERNEL_FUNCTIONS, type KernelFunction, simdSupported, SLOT } from "./module.ts";
import { FIELD_ONLY, type ModulePlan, type PlannedKernel } from "./plan.ts";
import { type MontConstants, montConstants } from "./montgomery.ts";
import { packagedModule } from "./packaged.ts";

/** The kernel module's exports, on byte addresses (see module.ts's KERNEL_FUNCTIONS). */
export type KernelExports = Readonly<Record<KernelFunction, (...args: number[]) => number>> & {
  readonly memory: WebAssembly.Memory;
};

/** The wasm kernel: the FieldKernel contract plus access to its memory for wasm-level layers. */
export interface WasmFieldKernel extends FieldKernel, PlannedKernel {
  readonly backend: "wasm";
  /** The arena: the module's memory (it grows when `alloc` needs room; re-read `.buffer` after). */
  readonly memory: WebAssembly.Memory;
  /** Bytes per slot, 4N. */
  readonly stride: number;
  /** Byte address of a slot: slot · stride. */
  addressOf(slot: number): number;
  /** The module's functions, taking byte addresses (for composite code that works on addresses). */
  readonly exports: KernelExports;
  /** The plan the module was built from. */
  readonly plan: ModulePlan;
}

/**
 * The bytes of the one module of field `name` under `plan`: kernel functions, inversion, the plan's
 * layers. SIMD multiplication (and the plan's SIMD layers) where the engine has SIMD, unless `simd`
 * says otherwise (scripts/build_wasm.ts writes both variants); the multiplication shape this engine
 * compiles well (field/wasm/shape.ts) unless `shape` names one; the `reduced` shape keeps its 30-bit
 * limbs at rest (module.ts `rest: "limbs"`: no split on load, no packing on store). Without SIMD, `reduced` is the scalar
 * 30-bit kernel (emit_mont_reduced.ts), `u32` the scalar FIPS one: the scalar 30-bit kernel measured
 * 31–33 % faster in an in-wasm loop on V8 11.3 and JavaScriptCore, 7 % on V8 15 (BLS12-381 Fp mul,
 * bench/field/wasm_variants.ts).
 */
export function wasmFieldModuleBytes(
  field: FieldDescription,
  plan: ModulePlan = FIELD_ONLY,
  simd: boolean = simdSupported(),
  shape: FieldMulShape = fieldMulShape(field.p),
): Uint8Array<ArrayBuffer> {
  const { p } = field;
  const extras = [inverseLayer(p), sqr4Layer(), ...plan.layers(simd)].map((l) => l.emit);
  const mul = shape === "wide" // needs no SIMD
    ? { mul: "wide" as const }
    : shape === "reduced"
    ? {
      mul: simd ? "reduced-simd" as const : "reduced" as const,
      radix: REDUCED_RADIX,
      rest: "limbs" as const,
    }
    : { mul: simd ? "simd" as const : "fips" as const };
  return buildFieldModule(p, { extras, ...mul }).bytes;
}

/** Whether the 32-bit words at byte `at` of `memory` are the limbs `pLimbs` (p, least significant first). */
function holdsModulus(memory: WebAssembly.Memory, at: number, pLimbs: readonly number[]): boolean {
  const words = new Uint32Array(memory.buffer, at, pLimbs.length);
  return pLimbs.every((limb, j) => words[j] === limb);
}

/** The layout of a module that says it keeps `limbBits`-bit limbs (INVALID_TYPE for a width p cannot take). */
function layoutOf(name: string, p: bigint, limbBits: number): MontConstants {
  try {
    return montConstants(p, limbBits);
  } catch (e) {
    if (e instanceof RangeError) {
      throw new IsochronError("INVALID_TYPE", `wasm module of ${name}: ${e.message}`);
    }
    throw e;
  }
}

/** Memory pages (64 KiB) needed for `bytes` bytes. */
const pagesFor = (bytes: number): number => Math.ceil(bytes / 65536);
/** Two hex digits of each byte value (stagedBigint). */
const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/**
 * A new wasm kernel of field `name` under `plan` on its own instance (own memory, own slots) of
 * `module` (default: generated and compiled now; throws `WasmRefusedError` where the runtime refuses
 * to compile). Throws `INVALID_TYPE` if the module lacks a function of the kernel or of a layer (a
 * prebuilt module of another plan or version).
 */
export function createWasmFieldKernel(
  field: FieldParams,
  plan: ModulePlan = FIELD_ONLY,
  module?: WebAssembly.Module,
): WasmFieldKernel {
  const { name, p, byteLength } = field;
  const mod = module ?? compileWasm(wasmFieldModuleBytes(field, plan), `${name} (${plan.name})`);
  const instance = new WebAssembly.Instance(mod as WebAssembly.Module, {});
  const x = instance.exports as unknown as KernelExports;
  const layers = new Set<string>();
  // A prebuilt module may be either variant (<field>.wasm, or .nosimd.wasm whose plan lacks the SIMD
  // layers): its exports tell which, so an engine with SIMD runs either file.
  const exported = (l: { exports: readonly string[] }) =>
    l.exports.every((f) => typeof instance.exports[f] === "function");
  const simd = simdSupported() && (module === undefined || plan.layers(true).every(exported));
  for (const layer of [{ name: "kernel", exports: KERNEL_FUNCTIONS }, ...plan.layers(simd)]) {
    for (const f of [...layer.exports, ...(layer.name === "kernel" ? ["inv", SQR4] : [])]) {
      if (typeof instance.exports[f] !== "function") {
        throw new IsochronError("INVALID_TYPE", `wasm module of ${name} lacks ${f} (layer ${layer.name})`);
      }
    }
    layers.add(layer.name);
  }
  const memory = x.memory;
  // The layout at rest the module keeps (words, or the reduced kernels' limbs): its stride and p's limbs.
  const c = layoutOf(name, p, x.limbBits());
  const S = c.stride;
  // A supplied module must be this field's (its data segment holds p at slot P): the module of another
  // field exports the same functions and would compute modulo the wrong prime.
  if (module !== undefined && !holdsModulus(memory, SLOT.P * S, c.pLimbs)) {
    throw new IsochronError("INVALID_TYPE", `wasm module is not ${name}'s: it holds another modulus`);
  }
  /**
   * 32-bit words per slot; byte and word views of the memory, re-made by `tryGrow`, the only place
   * that grows it (the module has no memory.grow, and no other code holds this instance): reading
   * `memory.buffer` on every access cost ~10 ns per call (a bulk sum loads each point).
   */
  const W = S / 4;
  let u8 = new Uint8Array(memory.buffer), u32 = new Uint32Array(memory.buffer);
  const wordsView = (): Uint32Array => u32;
  const bytesView = (): Uint8Array => u8;

  let used: number = SLOT.FIRST_FREE;
  /** memory.grow(pages), false where the engine refuses (RangeError: out of memory or over the limit). */
  function tryGrow(pages: number): boolean {
    try {
      memory.grow(pages);
      u8 = new Uint8Array(memory.buffer);
      u32 = new Uint32Array(memory.buffer);
      return true;
    } catch (e) {
      if (e instanceof RangeError) return false;
      throw e;
    }
  }
  function alloc(count: number): number {
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new RangeError("alloc: count must be a natural number");
    }
    const first = used, next = used + count;
    const have = memory.buffer.byteLength;
    // Grow first (at least doubling): if growing fails, `used` is unchanged and the kernel still works.
    // Doubling may exceed the engine's limit where growing by what is needed would not.
    const need = pagesFor(next * S - have);
    if (next * S > have && !tryGrow(Math.max(need, pagesFor(have))) && !tryGrow(need)) {
      throw new IsochronError("OUT_OF_MEMORY", `${name}: cannot grow wasm memory past ${have} bytes`);
    }
    used = next;
    return first;
  }

  const STAGE = SLOT.STAGING * S;
  /** Writes 0 ≤ x < 2^(32N) as little-endian bytes into the staging slot. */
  // Through hex strings: one BigInt conversion per value, not a BigInt shift per byte (public values
  // only, like the *Vartime methods that call these; the shifts cost a cold start milliseconds).
  function stageBigint(x: bigint): void {
    const m = bytesView(), hex = x.toString(16);
    for (let i = 0, end = hex.length; i < S; i++, end -= 2) {
      m[STAGE + i] = end > 0 ? parseInt(hex.slice(Math.max(0, end - 2), end), 16) : 0;
    }
  }
  function stagedBigint(): bigint {
    const m = bytesView();
    let hex = "0x";
    for (let i = S - 1; i >= 0; i--) hex += HEX_BYTE[m[STAGE + i]];
    return BigInt(hex);
  }
  const clearStage = () => x.setZero(STAGE);

  const inverse = instance.exports.inv as (outAddr: number, inAddr: number, scratchAddr: number) => void;
  const inv = (o: number, a: number): void => inverse(o * S, a * S, 0); // no scratch (inverse.ts)
  const xSqr4 = instance.exports[SQR4] as (out: number, a: number) => void;

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
    plan,
    layer: (layerName) => (layers.has(layerName) ? instance.exports : null),
    addressOf: (slot) => slot * S,
    alloc,

    // The exports are read once into constants: a call is then slot → address and the wasm call only
    // (≈ 1.5 ns less per call than `x.mul(…)` for BN254, bench/field/wasm_variants.ts).
    mul: (o, a, b) => void xMul(o * S, a * S, b * S),
    sqr: (o, a) => void xSqr(o * S, a * S),
    sqr4: (o, a) => void xSqr4(o * S, a * S),
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
    storeStride: W,
    newStore: (count) => new Uint32Array(count * W),
    // A loop for a few words, a block copy past BLOCK_COPY words (measured: the loop costs ~1 ns a
    // word, the block copy ~36 ns whatever the length, on V8 and JavaScriptCore alike).
    saveSlots(first, count, store, at) {
      const m = wordsView(), a = first * W, n = count * W, d = store as Uint32Array;
      if (n >= BLOCK_COPY) d.set(m.subarray(a, a + n), at);
      else for (let i = 0; i < n; i++) d[at + i] = m[a + i];
    },
    loadSlots(first, count, store, at) {
      const m = wordsView(), a = first * W, n = count * W, d = store as Uint32Array;
      if (n >= BLOCK_COPY) m.set(d.subarray(at, at + n), a);
      else for (let i = 0; i < n; i++) m[a + i] = d[at + i];
    },
  };
  const frozen = Object.freeze(k);
  simdVariant.set(frozen, simd);
  return frozen;
}

/** Words from which loadSlots / saveSlots copy with TypedArray.set (see there). */
const BLOCK_COPY = 48;

const cache = new Map<FieldName, WasmFieldKernel[]>();
/** Whether a kernel's module is the SIMD variant of its plan (else the layers without SIMD). */
const simdVariant = new WeakMap<WasmFieldKernel, boolean>();

/** Whether kernel `k`'s module holds every layer of `plan` (in the variant of its module). */
const covers = (k: WasmFieldKernel, plan: ModulePlan): boolean =>
  plan.layers(simdVariant.get(k) ?? simdSupported()).every((l) => k.layer(l.name) !== null);

/**
 * The shared wasm kernel of field `name` for `plan`: an existing kernel of the field whose module holds
 * every layer of `plan` (so a tower asked for after its curve shares the curve's kernel and slots),
 * else a new one, built from `module` if given (prebuilt), else from the packaged file where the
 * program reads them (packaged.ts: the npm runtime build), else generated and compiled now.
 */
export function wasmFieldKernel(
  field: FieldParams,
  plan: ModulePlan = FIELD_ONLY,
  module?: WebAssembly.Module,
): WasmFieldKernel {
  let kernels = cache.get(field.name);
  if (kernels === undefined) cache.set(field.name, kernels = []);
  let k = kernels.find((c) => c.plan === plan) ?? kernels.find((c) => covers(c, plan));
  if (k === undefined) {
    k = createWasmFieldKernel(field, plan, module ?? packagedModule(field, plan));
    kernels.push(k);
  }
  return k;
}
