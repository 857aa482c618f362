/**
 * The inverse modulo p of a public BigInt by the extended Euclidean algorithm (Knuth, TAOCP vol. 2,
 * §4.5.2, Algorithm X): variable-time, for public values only (constants, noble-style BigInt fields).
 * About log_φ(p) division steps: for a 381-bit p a fraction of the cost of Fermat's x^(p−2) (381
 * squarings), which matters where constants are derived in a cold process.
 * @module
 */
import { IsochronError } from "../../errors.ts";

/** x⁻¹ mod p for p prime and x ≢ 0 (NOT_INVERTIBLE for x ≡ 0); x may be negative or ≥ p. */
export function inverseMod(x: bigint, p: bigint): bigint {
  let [a, b] = [((x % p) + p) % p, p];
  if (a === 0n) throw new IsochronError("NOT_INVERTIBLE", "zero has no inverse");
  let [u, v] = [1n, 0n];
  while (a !== 0n) {
    const q = b / a;
    [a, b] = [b - q * a, a];
    [u, v] = [v - q * u, u];
  }
  return ((v % p) + p) % p;
}
