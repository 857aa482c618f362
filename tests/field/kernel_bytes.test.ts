/**
 * Canonical encodings: fromBytes/toBytes against BigInt, rejection of values ≥ p (returns 0, writes 0)
 * and of wrong lengths, the checked decoder's errors, the two backends against each other through
 * bytes, and the wasm kernel's memory layout (the contract with wasm/inverse.ts).
 */

import { FIELDS, IsochronError, wasmFieldKernel } from "../internal.ts";
import assert from "node:assert/strict";
import { decodeFieldElement } from "../../field/mod.ts";
import {
  BACKENDS,
  edgeValues,
  FIELD_NAMES,
  fromBytesBE,
  kernelOf,
  modPow,
  Rng,
  toBytesBE,
} from "./kernel_cases.ts";

const isCode = (code: string) => (e: unknown) => e instanceof IsochronError && e.code === code;

for (const backend of BACKENDS) {
  for (const name of FIELD_NAMES) {
    Deno.test(`kernel ${backend} ${name}: canonical bytes round-trip and reject values ≥ p`, () => {
      const k = kernelOf(name, backend);
      const p = k.p, len = k.byteLength;
      const [A, B] = [k.alloc(1), k.alloc(1)];
      const rng = new Rng(99);
      const buf = new Uint8Array(len + 3);
      for (const x of [...edgeValues(p), ...Array.from({ length: 50 }, () => rng.below(p))]) {
        const bytes = toBytesBE(x, len);
        assert.equal(k.fromBytes(A, bytes), 1, `accepts ${x}`);
        assert.equal(k.toBigintVartime(A), x, `fromBytes ${x}`);
        const out = new Uint8Array(len);
        k.toBytes(A, out);
        assert.deepEqual(out, bytes, `toBytes ${x}`);
        k.toBytes(A, buf, 2);
        assert.deepEqual(buf.subarray(2, 2 + len), bytes, `toBytes at offset ${x}`);
      }
      const top = (1n << BigInt(8 * len)) - 1n;
      for (const bad of [p, p + 1n, p + 2n, 2n * p - 1n, 2n * p, top, top - 1n, (p + top) / 2n]) {
        k.setBigintVartime(B, 12345n);
        assert.equal(k.fromBytes(B, toBytesBE(bad, len)), 0, `rejects ${bad}`);
        assert.equal(k.isZero(B), 1, `writes 0 on rejection of ${bad}`);
      }
      const ff = new Uint8Array(len).fill(0xff);
      assert.equal(k.fromBytes(B, ff), 0, "rejects all 0xff");
      // The kernel takes exactly byteLength bytes.
      assert.throws(() => k.fromBytes(B, new Uint8Array(len - 1)), isCode("INVALID_LENGTH"));
      assert.throws(() => k.fromBytes(B, new Uint8Array(len + 1)), isCode("INVALID_LENGTH"));
      assert.throws(() => k.toBytes(A, new Uint8Array(len - 1)), isCode("INVALID_LENGTH"));
      assert.throws(() => k.toBytes(A, new Uint8Array(len), 1), isCode("INVALID_LENGTH"));
      // A multiplication after decoding works in the kernel's own Montgomery domain.
      k.fromBytes(A, toBytesBE(3n, len));
      k.fromBytes(B, toBytesBE(p - 5n, len));
      k.mul(A, A, B);
      assert.equal(k.toBigintVartime(A), p - 15n);
    });

    Deno.test(`decodeFieldElement ${backend} ${name}: throws and leaves out unchanged on bad input`, () => {
      const k = kernelOf(name, backend);
      const p = k.p, len = k.byteLength;
      const out = k.alloc(1);
      decodeFieldElement(k, out, toBytesBE(p - 1n, len));
      assert.equal(k.toBigintVartime(out), p - 1n);
      for (const bad of [toBytesBE(p, len), new Uint8Array(len).fill(0xff), toBytesBE(p + 7n, len)]) {
        assert.throws(() => decodeFieldElement(k, out, bad), isCode("NON_CANONICAL"));
        assert.equal(k.toBigintVartime(out), p - 1n, "out unchanged");
      }
      assert.throws(() => decodeFieldElement(k, out, new Uint8Array(len + 1)), isCode("INVALID_LENGTH"));
      assert.throws(() => decodeFieldElement(k, out, new Uint8Array(0)), isCode("INVALID_LENGTH"));
      // deno-lint-ignore no-explicit-any
      assert.throws(() => decodeFieldElement(k, out, [1, 2, 3] as any), isCode("INVALID_TYPE"));
      assert.equal(k.toBigintVartime(out), p - 1n, "out unchanged");
    });
  }
}

for (const name of FIELD_NAMES) {
  Deno.test(`backends agree through canonical bytes (${name})`, () => {
    const [w, t] = BACKENDS.map((b) => kernelOf(name, b));
    const p = w.p, len = w.byteLength;
    const rng = new Rng(2024);
    const [wa, wb, wo] = [w.alloc(1), w.alloc(1), w.alloc(1)];
    const [ta, tb, to] = [t.alloc(1), t.alloc(1), t.alloc(1)];
    const ob = new Uint8Array(len), tb2 = new Uint8Array(len);
    const ops: [string, (k: typeof w, o: number, a: number, b: number) => void][] = [
      ["mul", (k, o, a, b) => k.mul(o, a, b)],
      ["sqr", (k, o, a) => k.sqr(o, a)],
      ["add", (k, o, a, b) => k.add(o, a, b)],
      ["sub", (k, o, a, b) => k.sub(o, a, b)],
      ["neg", (k, o, a) => k.neg(o, a)],
      ["inv", (k, o, a) => k.inv(o, a)],
    ];
    for (let i = 0; i < 60; i++) {
      const x = toBytesBE(rng.below(p), len), y = toBytesBE(i < 5 ? BigInt(i) : rng.below(p), len);
      for (const [label, op] of ops) {
        w.fromBytes(wa, x), w.fromBytes(wb, y), t.fromBytes(ta, x), t.fromBytes(tb, y);
        op(w, wo, wa, wb);
        op(t, to, ta, tb);
        w.toBytes(wo, ob);
        t.toBytes(to, tb2);
        assert.deepEqual(ob, tb2, `${label} ${fromBytesBE(x)} ${fromBytesBE(y)}`);
      }
    }
  });

  Deno.test(`wasm layout: N little-endian limbs of a·R mod p (the module's limbBits), at addressOf(slot) (${name})`, () => {
    const k = wasmFieldKernel(FIELDS[name]);
    const p = k.p, bits = k.exports.limbBits(), w = BigInt(bits);
    // Words (32 bits, N = ⌈bits/32⌉) or limbs at rest (w < 32, N = ⌈(bits + 1)/w⌉): R = 2^(wN).
    const n = bits === 32
      ? Math.ceil(p.toString(2).length / 32)
      : Math.ceil((p.toString(2).length + 1) / bits);
    assert.equal(k.stride, 4 * n);
    const R = 1n << (w * BigInt(n));
    const s = k.alloc(1);
    for (const x of [1n, 2n, p - 1n, 0x1234567890abcdefn]) {
      k.setBigintVartime(s, x);
      const view = new DataView(k.memory.buffer, k.addressOf(s), 4 * n);
      let limbs = 0n;
      for (let j = n - 1; j >= 0; j--) {
        const limb = BigInt(view.getUint32(4 * j, true));
        assert.equal(limb >> w, 0n, `limb ${j} of ${x} within ${bits} bits`);
        limbs = (limbs << w) | limb;
      }
      assert.equal(limbs, (x * R) % p, `Montgomery form of ${x}`);
    }
    // And back: a value written in that layout is read as a·R⁻¹.
    const view = new DataView(k.memory.buffer, k.addressOf(s), 4 * n);
    for (let j = 0; j < n; j++) view.setUint32(4 * j, j === 0 ? 7 : 0, true);
    assert.equal(k.toBigintVartime(s), (7n * modPow(R % p, p - 2n, p)) % p);
  });
}
