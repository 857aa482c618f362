/**
 * wasm/checksum.ts: MurmurHash3_x86_32 against the published test values of the reference
 * implementation (SMHasher's `MurmurHash3_x86_32`, as listed by its ports), every tail length 0–3,
 * and the module checksum's sensitivity to one flipped bit, to the length, and its stability.
 */
import assert from "node:assert/strict";
import { moduleChecksum, murmur3, murmur3Pair } from "../internal.ts";

const text = (s: string) => new TextEncoder().encode(s);

Deno.test("checksum: MurmurHash3_x86_32 test values", () => {
  const cases: [string, number, number][] = [
    ["", 0, 0],
    ["", 1, 0x514e28b7],
    ["", 0xffffffff, 0x81f16f39],
    ["test", 0, 0xba6bd213],
    ["abc", 0, 0xb3dd93fa],
    ["a", 0x9747b28c, 0x7fa09ea6],
    ["aa", 0x9747b28c, 0x5d211726],
    ["aaa", 0x9747b28c, 0x283e0130],
    ["aaaa", 0x9747b28c, 0x5a97808a],
    ["Hello, world!", 0x9747b28c, 0x24884cba],
    ["The quick brown fox jumps over the lazy dog", 0x9747b28c, 0x2fa826cd],
  ];
  for (const [s, seed, want] of cases) {
    assert.equal(murmur3(text(s), seed), want, `${JSON.stringify(s)}, seed ${seed}`);
  }
});

Deno.test("checksum: a flipped bit, another length or other bytes change the module checksum", () => {
  const bytes = new Uint8Array(4099).map((_, i) => (i * 131 + 7) & 0xff);
  const base = moduleChecksum(bytes);
  assert.match(base, /^4099-[0-9a-f]{16}$/);
  assert.equal(moduleChecksum(bytes.slice()), base, "same bytes, same checksum");
  for (const i of [0, 1, 2, 3, 2048, 4095, 4096, 4098]) {
    for (const bit of [0, 7]) {
      const other = bytes.slice();
      other[i] ^= 1 << bit;
      assert.notEqual(moduleChecksum(other), base, `byte ${i} bit ${bit}`);
    }
  }
  assert.notEqual(moduleChecksum(bytes.subarray(0, 4098)), base);
  assert.notEqual(moduleChecksum(Uint8Array.of(...bytes, 0)), base, "a zero byte appended");
});

Deno.test("checksum: unaligned bytes (the copied path) hash as the aligned view, both seeds in one pass", () => {
  const backing = new Uint8Array(4100).map((_, i) => (i * 37 + 11) & 0xff);
  for (const n of [0, 1, 5, 4096, 4099]) {
    const aligned = backing.slice(0, n); // byteOffset 0
    const shifted = new Uint8Array(n + 1).fill(0xaa);
    shifted.set(aligned, 1);
    const unaligned = shifted.subarray(1); // byteOffset 1: not 4-aligned
    assert.equal(moduleChecksum(unaligned), moduleChecksum(aligned), `length ${n}`);
    const [a, b] = murmur3Pair(aligned, 0, 0x9747b28c);
    assert.deepEqual([a, b], [murmur3(aligned, 0), murmur3(aligned, 0x9747b28c)]);
  }
  assert.equal(murmur3Pair(text("Hello, world!"), 1, 0x9747b28c)[1], 0x24884cba);
});
