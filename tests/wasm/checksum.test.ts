/**
 * wasm/checksum.ts: MurmurHash3_x86_32 against the published test values of the reference
 * implementation (SMHasher's `MurmurHash3_x86_32`, as listed by its ports), every tail length 0–3,
 * and the module checksum's sensitivity to one flipped bit, to the length, and its stability; its
 * loop in WebAssembly against the one in JavaScript (lengths across the first page of the wasm
 * memory and past it), the written-out module against the emitter's, and the JavaScript loop where
 * WebAssembly is refused (a child process).
 */
import assert from "node:assert/strict";
import {
  moduleChecksum,
  murmur3,
  murmur3Pair,
  MURMUR_MODULE_HEX,
  murmurBody,
  murmurBodyWasm,
  murmurModuleBytes,
} from "../internal.ts";

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

Deno.test("checksum: the written-out wasm module is the emitter's", () => {
  const hex = Array.from(murmurModuleBytes(), (b) => b.toString(16).padStart(2, "0")).join("");
  assert.equal(MURMUR_MODULE_HEX, hex);
});

Deno.test("checksum: the wasm loop gives the JavaScript loop's states", () => {
  const seeds: [number, number][] = [[0, 0x9747b28c], [1, 0xffffffff], [0x12345678, 0x80000000]];
  for (const n of [0, 1, 3, 4, 7, 8, 1000, 65528, 65532, 65536, 65537, 200_001, 262_139]) {
    const bytes = new Uint8Array(n).map((_, i) => (i * 2654435761) >>> 24);
    for (const [s0, s1] of seeds) {
      const wasm = murmurBodyWasm(bytes, s0, s1);
      assert.notEqual(wasm, null, "Deno compiles WebAssembly");
      assert.deepEqual(wasm, murmurBody(bytes, s0, s1), `length ${n}, seeds ${s0}, ${s1}`);
    }
  }
});

Deno.test("checksum: where WebAssembly is refused, the JavaScript loop gives the same checksum", async () => {
  const child = new URL("./checksum_child.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", child],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b).trim();
  const bytes = new Uint8Array(70_001).map((_, i) => (i * 40503) >>> 8);
  assert.equal(text(out.stdout), `refused ${moduleChecksum(bytes)}`, text(out.stderr));
});
