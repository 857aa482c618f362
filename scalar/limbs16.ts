/**
 * The scalar layer's public constants (moduli, their multiples, Barrett's μ, lattice rows) as 16-bit
 * little-endian limbs in an Int32Array, the form its constant-time loops read.
 *
 * One BigInt-to-hex conversion and string slices per constant, not a BigInt shift and mask per limb:
 * the constructors run once per process, before a first KeyGen or scalar split, and in a cold process
 * (interpreted code) the 3 250 shifts of KeyGen's reducer alone took about 1.7 ms.
 * @module
 */

/**
 * Limbs of x mod 2^(16·count), x ≥ 0 (public: a constant, never a secret).
 * @throws {RangeError} when x is negative.
 */
export function limbs16Vartime(x: bigint, count: number): Int32Array {
  if (x < 0n) throw new RangeError("limbs16Vartime: negative value");
  const out = new Int32Array(count), hex = x.toString(16);
  for (let i = 0, end = hex.length; i < count && end > 0; i++, end -= 4) {
    out[i] = parseInt(hex.slice(Math.max(0, end - 4), end), 16);
  }
  return out;
}
