/**
 * scalar/limbs16.ts against the definition (limb i = ⌊x / 2^(16i)⌋ mod 2^16, in BigInt) on random
 * values of every length around the limb count, the edges (0, 2^(16·count) − 1, values that need
 * truncating), and its refusal of a negative value.
 */
import assert from "node:assert/strict";
import { limbs16Vartime } from "../internal.ts";

const reference = (x: bigint, count: number) =>
  Int32Array.from({ length: count }, (_, i) => Number((x >> BigInt(16 * i)) & 0xffffn));

function randomBigint(bits: number): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(bits / 8) + 1));
  const x = bytes.reduce((v, b) => (v << 8n) | BigInt(b), 0n);
  return x & ((1n << BigInt(bits)) - 1n);
}

Deno.test("limbs16Vartime: the limbs of x mod 2^(16·count), as BigInt shifts give them", () => {
  for (const count of [1, 2, 16, 17, 25]) {
    const edges = [0n, 1n, 0xffffn, 0x10000n, (1n << BigInt(16 * count)) - 1n, 1n << BigInt(16 * count)];
    for (const x of edges) assert.deepEqual(limbs16Vartime(x, count), reference(x, count), `${x}, ${count}`);
    for (let bits = 1; bits <= 16 * count + 40; bits += 7) {
      const x = randomBigint(bits);
      assert.deepEqual(limbs16Vartime(x, count), reference(x, count), `${x}, ${count}`);
    }
  }
  assert.throws(() => limbs16Vartime(-1n, 4), RangeError);
});
