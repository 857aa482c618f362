/**
 * The contract both X25519 backends implement (generated WebAssembly with 10 × 25.5-bit limbs in i64,
 * generated TypeScript with 15 × 17-bit limbs in doubles): field arithmetic modulo p = 2^255 − 19 on
 * slots of an arena the backend owns, and the two whole operations the API needs.
 *
 * Field elements are addressed by slot numbers 0..userSlots−1; `out` may alias any input. Limbs are
 * not canonical: each operation states its input and output bounds (`bounds`, and the comments of
 * x25519/wasm/field.ts and x25519/ts/field.ts). No operation branches or indexes memory on element
 * values; `flag` arguments are the numbers 0 or 1.
 * @module
 */

/** Which backend a kernel runs on. */
export type X25519Backend = "wasm" | "ts";

/** Per-limb bounds of one representation: limb k of a value with that bound lies in [lo[k], hi[k]]. */
export interface LimbBounds {
  readonly lo: readonly number[];
  readonly hi: readonly number[];
}

/** The representation's named bounds (see each backend's field file). */
export interface KernelBounds {
  /** Output of mul, sqr, mulA24, carry, fromBytes. */
  readonly tight: LimbBounds;
  /** Largest input accepted by mul, sqr, mulA24, carry, toBytes (± sums of up to four tight values). */
  readonly loose: LimbBounds;
}

/** Field arithmetic and X25519 on one backend. */
export interface X25519Kernel {
  readonly backend: X25519Backend;
  /** Limb count and width of each limb in bits (limb k has weight 2^(sum of the widths below k)). */
  readonly widths: readonly number[];
  readonly bounds: KernelBounds;
  /** Number of slots free for callers. */
  readonly userSlots: number;

  /** out ← a·b. */
  mul(out: number, a: number, b: number): void;
  /** out ← a². */
  sqr(out: number, a: number): void;
  /** out ← a + b (no reduction: output bound = sum of input bounds). */
  add(out: number, a: number, b: number): void;
  /** out ← a − b (no reduction: output bound = sum of input bounds). */
  sub(out: number, a: number, b: number): void;
  /** out ← 121665·a (a24 = (A − 2)/4 of RFC 7748 §5). */
  mulA24(out: number, a: number): void;
  /** out ← a, weakly reduced (loose → tight). */
  carry(out: number, a: number): void;
  /** Swaps a and b when flag = 1, constant-time. */
  cswap(a: number, b: number, flag: number): void;
  /** out ← a^(p−2) = a⁻¹ (0 ↦ 0), constant-time addition chain. */
  inv(out: number, a: number): void;
  /** out ← the 32 little-endian bytes of src with bit 255 ignored (values ≥ p accepted). */
  fromBytes(out: number, src: Uint8Array): void;
  /** dst[0..32) ← the canonical (fully reduced) little-endian encoding of a. */
  toBytes(a: number, dst: Uint8Array): void;
  /** Raw limbs of a slot, for tests. */
  getLimbs(slot: number): number[];
  /** Sets raw limbs of a slot (integers within the representation's range), for tests. */
  setLimbs(slot: number, limbs: readonly number[]): void;

  /**
   * Views of the memory that holds secrets during an operation (all but the caller slots), for tests:
   * all zero between operations.
   */
  scratch(): readonly ArrayLike<number>[];

  /** out ← X25519(k, u) (RFC 7748 §5: clamps k, masks bit 255 of u). Secret scratch zeroed after. */
  scalarMult(out: Uint8Array, k: Uint8Array, u: Uint8Array): void;
  /** out ← X25519(k, 9) by the fixed-base table. Secret scratch zeroed after. */
  scalarMultBase(out: Uint8Array, k: Uint8Array): void;
}
