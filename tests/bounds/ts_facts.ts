// The value-level facts the TypeScript kernel analysis takes as given: bounds on a value that limb
// intervals cannot see because they follow from the size of the whole number (t < 2p), not from its
// limbs. Each is keyed by function + the source text of the declarator or assignment it bounds, carries
// its argument, and is checked three ways: the inequality behind it in BigInt for the field's p and R
// (`algebra`), the analysis fails without it (the fact is needed; tests/bounds/ts_kernels.test.ts), and
// the real kernel on extreme inputs agrees with BigInt (the same test). The analysis refuses a fact
// that its own interval contradicts, and reports a fact that no run used.
//
// Congruences (the Montgomery carry being exact because Sᵢ + qᵢ·p₀ ≡ 0 mod 2^24) are NOT here: the
// affine forms of tests/bounds/ts_domain.ts derive them. Nor is mul's final mask g = ⌊(t − p)/R⌋ ∈
// {−1, 0}: the analysis proves it from the limbs alone (it holds for any a, b < R, as t < R + p).

import { D } from "./ts_domain.ts";
import type { Fact } from "./ts_interp.ts";

export interface DocumentedFact extends Fact {
  argument: string;
  /** The BigInt inequalities the argument rests on, for this p and limb count (throws if false). */
  algebra: () => string;
}

const check = (ok: boolean, what: string): string => {
  if (!ok) throw new Error(`algebra fails: ${what}`);
  return what;
};

/** Facts for one generated field kernel file (n limbs of 24 bits, R = 2^(24n)). */
export function fieldFacts(p: bigint, n: number): DocumentedFact[] {
  const R = 1n << BigInt(24 * n), top = D.int(1).sub(D.of(1n, -24));
  return [
    {
      fn: "mul",
      text: `w[${2 * n - 1}] = c`,
      lo: D.int(0),
      hi: top,
      argument: `w[${2 * n - 1}] is t's top limb ⌊t / 2^${24 * (n - 1)}⌋ (the carry out of the last column ` +
        "with products; the lower digits are t's lower limbs), and t < 2p < R makes it < 2^24",
      algebra: () => check(2n * p < R, "2p < R"),
    },
    {
      fn: "add",
      text: "d = Math.floor(x)",
      when: (v) => v("k") === n - 1,
      lo: D.int(-1),
      hi: D.int(0),
      argument: "a + b < 2p, so a + b − p ∈ [−p, p) with p < R and the borrow chain's final floor " +
        "⌊(a + b − p)/R⌋ is −1 or 0 (intermediate borrows may be 1)",
      algebra: () => check(2n * (p - 1n) - p < R && -p >= -R, "−R ≤ −p ≤ a + b − p ≤ p − 2 < R"),
    },
  ];
}

/**
 * "out < p" of the field kernels is a claim about the whole number, so it is algebra, not the
 * analysis: the analysis proves the limbs and the masks (each output is one of the chains' digit
 * vectors), and these inequalities, checked in BigInt for the field's p and R, make it canonical.
 */
export function valueBelowP(
  p: bigint,
  n: number,
): Record<string, { argument: string; algebra: () => string }> {
  const R = 1n << BigInt(24 * n);
  return {
    mul: {
      argument: "t = (a·b + q·p)/R < 2p; out = t − p if the t − p chain does not borrow (t ≥ p), else t",
      algebra: () =>
        check((p - 1n) * (R - 1n) + (R - 1n) * p < 2n * p * R, "t < 2p") + "; " +
        check(2n * p - 1n - p < p, "t − p < p"),
    },
    add: {
      argument: "a + b ≤ 2p − 2; out = a + b − p if that does not borrow, else a + b",
      algebra: () => check(2n * p - 2n - p < p, "a + b − p < p"),
    },
    sub: {
      argument: "a − b ∈ (−p, p); out = a − b + p if a − b borrows, else a − b",
      algebra: () => check(-(p - 1n) + p >= 0n && (p - 1n) < p, "a − b + [a < b]·p ∈ [0, p)"),
    },
    neg: {
      argument: "p − a ∈ (0, p] for a ∈ (0, p), masked to 0 for a = 0",
      algebra: () => check(p - 1n < p && p - (p - 1n) > 0n, "p − a ∈ [1, p − 1] for a ∈ [1, p − 1]"),
    },
  };
}
