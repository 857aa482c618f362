// The value-level half of the field kernels' output bounds: "out < p" is a claim about the whole
// number, which limb intervals cannot state, so it is algebra, not the analysis. The analysis
// (tests/bounds/ts_interp.ts) proves the limbs and the masks: each output is one of the chains' digit
// vectors (t or t − p; a + b or a + b − p; …); these inequalities, checked in BigInt for the field's p
// and R, make the chosen one canonical. No other value-level fact is taken as given: the input
// contract "value < p" enters the analysis as a limb bound (the top limb ≤ p's top limb), and that
// suffices for every limb bound, mul's conversion case (a < R, b < p) included.

const check = (ok: boolean, what: string): string => {
  if (!ok) throw new Error(`algebra fails: ${what}`);
  return what;
};

/** Per function: why its output is < p, and the inequalities behind it (throws if one is false). */
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
