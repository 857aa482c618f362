/**
 * A BigInt model of the constant-time binary GCD of wasm/inverse.ts (K = 30) and
 * field/algorithms/inverse_ts.ts (K = 24): Pornin, ePrint 2020/972, Algorithm 2, with the same
 * approximations. It counts the steps really needed and how often the approximations' comparison errs.
 * Test code only.
 */

import assert from "node:assert/strict";
import { modPow } from "./algorithms_ref_kernel.ts";

/** What the model saw for one input. */
export interface ModelRun {
  /** Inner steps until a = 0 (the binary GCD's step count). */
  steps: number;
  /** Odd steps where the approximations' comparison ā < b̄ differed from the exact a < b. */
  wrong: number;
}

/**
 * Runs the model with K inner steps per outer iteration until a = 0 and checks b = 1 there, the matrix
 * bound |f| + |g| ≤ 2^K, exact divisions, and that v = y⁻¹. Approximations: the K low bits and the
 * K + 2 top bits (from n = max(len a, len b, 2K + 2)), as in both implementations.
 */
export function model(y: bigint, p: bigint, k: number): ModelRun {
  const K = BigInt(k), M = (1n << K) - 1n, W = 2n * K + 2n;
  let a = y, b = p, u = 1n, v = 0n;
  let wrong = 0, steps = -1;
  const len = (x: bigint) => x.toString(2).length;
  const inv2k = modPow(2n, (p - 2n) * K, p);
  for (let it = 0;; it++) {
    const n = BigInt(Math.max(len(a), len(b), Number(W)));
    let ab = (a & M) | ((a >> (n - K - 2n)) << K);
    let bb = (b & M) | ((b >> (n - K - 2n)) << K);
    let [f0, g0, f1, g1] = [1n, 0n, 0n, 1n];
    for (let j = 0; j < k; j++) {
      const [ea, eb] = [(a * f0 + b * g0) >> BigInt(j), (a * f1 + b * g1) >> BigInt(j)]; // exact values
      if (ea === 0n && steps < 0) steps = k * it + j;
      if (ab & 1n) {
        if ((ab < bb) !== (ea < eb)) wrong++;
        if (ab < bb) [ab, bb, f0, g0, f1, g1] = [bb, ab, f1, g1, f0, g0];
        ab = (ab - bb) >> 1n;
        [f0, g0] = [f0 - f1, g0 - g1];
      } else {
        ab >>= 1n;
      }
      [f1, g1] = [2n * f1, 2n * g1];
    }
    const abs = (x: bigint) => (x < 0n ? -x : x);
    assert.ok(abs(f0) + abs(g0) <= 1n << K && abs(f1) + abs(g1) <= 1n << K);
    let na = a * f0 + b * g0, nb = a * f1 + b * g1;
    assert.equal(na & M, 0n);
    assert.equal(nb & M, 0n);
    na >>= K;
    nb >>= K;
    if (na < 0n) [na, f0, g0] = [-na, -f0, -g0];
    if (nb < 0n) [nb, f1, g1] = [-nb, -f1, -g1];
    [a, b, u, v] = [
      na,
      nb,
      (((u * f0 + v * g0) * inv2k) % p + p) % p,
      (((u * f1 + v * g1) * inv2k) % p + p) % p,
    ];
    if (a === 0n) {
      if (y !== 0n) {
        assert.equal(b, 1n);
        assert.equal((v * y) % p, 1n);
      }
      return { steps: steps < 0 ? k * (it + 1) : steps, wrong };
    }
  }
}
