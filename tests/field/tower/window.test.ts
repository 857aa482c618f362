/** The sliding-window recoding reproduces its exponent. */
import assert from "node:assert/strict";
import { slidingWindow } from "../../internal.ts";

Deno.test("slidingWindow: steps rebuild e, digits odd and below 2^w", () => {
  const es = [1n, 2n, 3n, 5n, 16n, 17n, 255n, 256n, 0x8000000000000001n, (1n << 381n) - 12345n];
  for (let i = 0n; i < 300n; i++) es.push(i * 7919n + 1n);
  for (const e of es) {
    for (const w of [1, 3, 4, 5]) {
      const { first, steps } = slidingWindow(e, w);
      let x = BigInt(first);
      assert.ok(first % 2 === 1 && first < 2 ** w);
      for (const { squarings, digit } of steps) {
        x = (x << BigInt(squarings)) + BigInt(digit);
        assert.ok(digit === 0 || (digit % 2 === 1 && digit < 2 ** w));
      }
      assert.equal(x, e, `e = ${e}, w = ${w}`);
    }
  }
  assert.throws(() => slidingWindow(0n, 4));
});
