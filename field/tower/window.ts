/**
 * Left-to-right sliding-window recoding of a public exponent (Menezes–van Oorschot–Vanstone,
 * Handbook of Applied Cryptography, Alg. 14.85): e = Σ d_i·2^(s_i) with odd digits d < 2^w. The
 * exponent is public, so the recoding and the steps' shape may depend on it; the base never steers
 * anything (constant-time in the base). Cost for a b-bit exponent: b − 1 squarings, about
 * b/(w + 1) multiplications, plus 2^(w−1) for the table of odd powers.
 * @module
 */

/** One step: square `squarings` times, then multiply by base^digit (digit odd, or 0: no multiply). */
export interface WindowStep {
  readonly squarings: number;
  readonly digit: number;
}

/** The steps computing base^e from base^firstDigit (e > 0): see the module doc. */
export function slidingWindow(e: bigint, w: number): { first: number; steps: WindowStep[] } {
  if (e <= 0n) throw new RangeError("slidingWindow: e must be positive");
  const bits = e.toString(2);
  const steps: WindowStep[] = [];
  let first = -1, pending = 0;
  for (let i = 0; i < bits.length;) {
    if (bits[i] === "0") {
      pending++;
      i++;
      continue;
    }
    // the longest window bits[i..j] of at most w bits that ends in a 1
    let j = Math.min(i + w, bits.length) - 1;
    while (bits[j] === "0") j--;
    const digit = parseInt(bits.slice(i, j + 1), 2);
    if (first < 0) first = digit;
    else steps.push({ squarings: pending + (j - i + 1), digit });
    pending = 0;
    i = j + 1;
  }
  if (pending > 0) steps.push({ squarings: pending, digit: 0 });
  return { first, steps };
}
