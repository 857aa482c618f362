/**
 * The contract every prime-field kernel implements, whatever its backend (generated WebAssembly or
 * generated TypeScript). See ARCHITECTURE.md, "The field kernel contract".
 *
 * Elements live in an arena owned by the kernel (wasm linear memory or a typed array) and are named by
 * integer slot numbers handed out by `alloc`. Values in slots are in Montgomery form with the backend's
 * own radix (R = 2^(limbBits·limbs)), so slots never cross kernels. `out` may alias any input.
 * No method allocates per call, and none branches, loops or indexes memory on element values unless its
 * name ends in `Vartime` (inputs public) — flags are 0 or 1 numbers, never booleans computed from data.
 * @module
 */

/** Values of slots kept outside a kernel's arena: 32-bit words (wasm) or 24-bit limbs in doubles (ts). */
export type SlotStore = Uint32Array | Float64Array;

/** Which arithmetic backend a kernel runs on. */
export type Backend = "wasm" | "ts";

/** A prime-field kernel: arithmetic on arena slots, in Montgomery form. */
export interface FieldKernel {
  /** The backend this kernel runs on. */
  readonly backend: Backend;
  /** Short name, e.g. "bls12-381-fp". */
  readonly name: string;
  /** The (public) modulus. */
  readonly p: bigint;
  /** Length of the canonical big-endian encoding, ⌈bits/8⌉. */
  readonly byteLength: number;

  /** Reserves `count` consecutive zeroed slots and returns the first. Slots live as long as the kernel. */
  alloc(count: number): number;

  /** out ← a·b mod p. */
  mul(out: number, a: number, b: number): void;
  /** out ← a² mod p. */
  sqr(out: number, a: number): void;
  /**
   * out ← a^16 (four squarings), where the backend does them in one call (wasm: field/wasm/emit_sqr4.ts);
   * absent: callers square four times.
   */
  sqr4?(out: number, a: number): void;
  /** out ← a + b mod p. */
  add(out: number, a: number, b: number): void;
  /** out ← a − b mod p. */
  sub(out: number, a: number, b: number): void;
  /** out ← −a mod p. */
  neg(out: number, a: number): void;
  /** out ← 2a mod p. */
  dbl(out: number, a: number): void;
  /** out ← a. */
  copy(out: number, a: number): void;
  /** out ← 0. */
  setZero(out: number): void;
  /** out ← 1 (Montgomery form of one). */
  setOne(out: number): void;
  /** out ← a if flag = 1, unchanged if flag = 0. */
  cmov(out: number, a: number, flag: number): void;
  /** Swaps a and b if flag = 1. */
  cswap(a: number, b: number, flag: number): void;
  /** 1 if a = b, else 0. */
  eq(a: number, b: number): number;
  /** 1 if a = 0, else 0. */
  isZero(a: number): number;

  /** out ← canonical big-endian `bytes` (byteLength long) in Montgomery form; returns 1, or 0 if ≥ p (out then 0). */
  fromBytes(out: number, bytes: Uint8Array): number;
  /** Writes a's canonical big-endian encoding into dst[offset..offset+byteLength). */
  toBytes(a: number, dst: Uint8Array, offset?: number): void;
  /** out ← x mod p, for public values only (tests, constants). */
  setBigintVartime(out: number, x: bigint): void;
  /** a as a bigint in [0, p), for public values only. */
  toBigintVartime(a: number): bigint;

  /** out ← a⁻¹ (0 ↦ 0), constant-time. */
  inv(out: number, a: number): void;
  /** out ← a⁻¹ (0 ↦ 0), variable-time: public inputs only. */
  invVartime(out: number, a: number): void;
  /** out ← a square root of a and returns 1 if a is a square; else returns 0 (out unspecified). */
  sqrt(out: number, a: number): number;
  /** 1 if a is a square (0 included), else 0, constant-time. */
  isSquare(a: number): number;
  /** out ← a^e for a public exponent e ≥ 0; constant-time in a. */
  pow(out: number, a: number, e: bigint): void;
  /** outs[i] ← ins[i]⁻¹ (zeros map to zero) by Montgomery's trick: public data only. */
  batchInvVartime(outs: readonly number[], ins: readonly number[]): void;
  /** Zeroes `count` slots from `first` (scratch that held secrets). */
  wipe(first: number, count: number): void;

  /**
   * A JavaScript-owned store for `count` slots' values outside the arena (a typed array the garbage
   * collector reclaims with its owner: points keep their coordinates in such stores, curves/group/).
   */
  newStore(count: number): SlotStore;
  /** store[at …] ← the `count` slots from `first` (the arena is unchanged). */
  saveSlots(first: number, count: number, store: SlotStore, at: number): void;
  /** The `count` slots from `first` ← store[at …] (values saved from this kernel). */
  loadSlots(first: number, count: number, store: SlotStore, at: number): void;
  /** Entries of a store per slot (stores are indexed in these units). */
  readonly storeStride: number;
}
