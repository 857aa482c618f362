/**
 * Montgomery constants of a prime modulus for the wasm kernel, all derived here from p (public values:
 * BigInt is fine). Montgomery 1985, "Modular multiplication without trial division".
 *
 * THE LAYOUT (a contract with wasm/inverse.ts, through field/wasm/inverse.ts): an element is N little-endian limbs of `limbBits`
 * bits, one per u32 slot, in Montgomery form with R = 2^(limbBits·N), fully reduced into [0, p) at
 * rest. Words (limbBits = 32, N = ⌈bits/32⌉) are the default; limbs at rest (limbBits = w < 32,
 * N = ⌈(bits + 1)/w⌉, the reduced-radix kernels' own limbs: module.ts `rest: "limbs"`) spare those
 * kernels the split into limbs on load and the packing on store.
 * @module
 */

/** Everything the generators need to know about p. */
export interface MontConstants {
  /** The modulus. */
  readonly p: bigint;
  /** Bit length of p. */
  readonly bits: number;
  /** Bits per limb: 32 (words at rest), or the reduced-radix kernels' w (limbs at rest). */
  readonly limbBits: number;
  /** Number of limbs N, one per u32 slot. */
  readonly n: number;
  /** Bytes per element, 4N. */
  readonly stride: number;
  /** p as N little-endian limbs of `limbBits` bits. */
  readonly pLimbs: readonly number[];
  /** −p⁻¹ mod 2^limbBits (the limb-level Montgomery factor). */
  readonly n0: number;
  /** R = 2^(limbBits·N). */
  readonly R: bigint;
  /** R mod p: the Montgomery form of 1. */
  readonly rModP: bigint;
  /** R² mod p: multiplying by it converts into Montgomery form. */
  readonly r2ModP: bigint;
}

/** The mask of one limb of layout c, 2^limbBits − 1. */
export const limbMask = (c: MontConstants): bigint => (1n << BigInt(c.limbBits)) - 1n;

/** Throws RangeError unless c is the words layout (emitters of 32-bit limbs: FIPS, CIOS, u32 SIMD, wide). */
export function requireWordsLayout(c: MontConstants, what: string): void {
  if (c.limbBits !== 32) throw new RangeError(`${what}: needs words at rest, not ${c.limbBits}-bit limbs`);
}

/** x (0 ≤ x < 2^(bits·n)) as n little-endian limbs of `bits` bits (default: u32 words). */
export function toLimbs(x: bigint, n: number, bits = 32): number[] {
  const w = BigInt(bits), mask = (1n << w) - 1n;
  if (x < 0n || x >> (w * BigInt(n)) !== 0n) throw new RangeError("value does not fit the limbs");
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(Number((x >> (w * BigInt(i))) & mask));
  return out;
}

/**
 * Whether the wasm kernel generator handles the odd prime p: it needs one spare top bit, p < 2^(32N)/2
 * with N = ⌈bits/32⌉ (p < 2^64 is refused by the inversion too). A feature decision made from the
 * field's data: a field that fails it runs on the TypeScript kernel (e.g. secp256k1's p, 256 bits).
 */
export function wasmSupportsModulus(p: bigint): boolean {
  const n = Math.ceil(p.toString(2).length / 32);
  return (p & 1n) === 1n && p >= 1n << 64n && 2n * p < 1n << BigInt(32 * n);
}

/**
 * Whether the wasm Fp2 emitters (field/tower/wasm_fp2_emit.ts: lazy reduction) handle p: they need two
 * spare bits, 4p < R (BN254's p has exactly two); else the tower and the Fp2 point formulas compose the
 * kernel's operations.
 */
export function wasmFp2SupportsModulus(p: bigint): boolean {
  const n = Math.ceil(p.toString(2).length / 32);
  return wasmSupportsModulus(p) && 4n * p < 1n << BigInt(32 * n);
}

/**
 * Derives the constants for limbs of `limbBits` bits (32: words, the default; 8–31: limbs at rest,
 * N = ⌈(bits + 1)/limbBits⌉). Requires p odd and p < R/2: then a Montgomery product of inputs in
 * [0, p) is below 2p < R before its final conditional subtraction (the kernels rely on it: no carry
 * limb).
 */
export function montConstants(p: bigint, limbBits = 32): MontConstants {
  if (p < 3n || (p & 1n) === 0n) throw new RangeError("modulus must be an odd prime");
  if (!Number.isInteger(limbBits) || limbBits < 8 || limbBits > 32) {
    throw new RangeError(`limb bits ${limbBits} outside [8, 32]`);
  }
  const bits = p.toString(2).length;
  const n = limbBits === 32 ? Math.ceil(bits / 32) : Math.ceil((bits + 1) / limbBits);
  const R = 1n << BigInt(limbBits * n);
  if (2n * p >= R) throw new RangeError("the kernels need p < 2^(32N)/2 (one spare top bit)");
  // p⁻¹ mod 2^limbBits by Newton–Hensel lifting: x ← x(2 − p·x) doubles the correct low bits; x = p
  // is right mod 2^3 for odd p, so four steps reach 48 ≥ 32 bits.
  const w = 1n << BigInt(limbBits);
  let inv = p % w;
  for (let i = 0; i < 4; i++) inv = (inv * (2n - ((p * inv) % w))) % w;
  inv = ((inv % w) + w) % w;
  if ((p * inv) % w !== 1n) throw new Error("unreachable: Hensel lifting failed");
  return Object.freeze({
    p,
    bits,
    limbBits,
    n,
    stride: 4 * n,
    pLimbs: Object.freeze(toLimbs(p, n, limbBits)),
    n0: Number((w - inv) % w),
    R,
    rModP: R % p,
    r2ModP: (R * R) % p,
  });
}
