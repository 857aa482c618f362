// Differential tests against @noble/curves' x25519 on random inputs, both backends: scalarMult with u
// from every class (uniform with bit 255 set half the time, non-canonical p + 2 .. p + 18, canonical),
// scalarMultBase and getPublicKey on random and special scalars, getSharedSecret.

import assert from "node:assert/strict";
import { x25519 as noble } from "@noble/curves/ed25519.js";
import { BACKENDS, hex, kernelBase, kernelOf, kernelScalarMult, random32, randomU } from "./helpers.ts";
import { setX25519Backend, x25519, x25519WasmBytes } from "../../x25519/mod.ts";
import { createX25519WasmKernel } from "../internal.ts";

const PAIRS = 1500;

for (const backend of BACKENDS) {
  Deno.test(`x25519 ${backend}: scalarMult equals noble on ${PAIRS} random pairs`, () => {
    const k = kernelOf(backend);
    for (let i = 0; i < PAIRS; i++) {
      const scalar = random32(), u = randomU(i);
      assert.equal(hex(kernelScalarMult(k, scalar, u)), hex(noble.scalarMult(scalar, u)), `pair ${i}`);
    }
  });

  Deno.test(`x25519 ${backend}: scalarMultBase equals noble on ${PAIRS} random scalars`, () => {
    const k = kernelOf(backend);
    for (let i = 0; i < PAIRS; i++) {
      const scalar = random32();
      assert.equal(hex(kernelBase(k, scalar)), hex(noble.scalarMultBase(scalar)), `scalar ${i}`);
    }
  });

  Deno.test(`x25519 ${backend}: scalarMultBase on special scalars (every digit extreme)`, () => {
    const k = kernelOf(backend);
    const fill = (f: (i: number) => number) => Uint8Array.from({ length: 32 }, (_, i) => f(i));
    const specials = [
      fill(() => 0), // clamped to 2^254: all digits 0
      fill(() => 0xff), // all ones: every digit −1 with carries
      fill(() => 0x55),
      fill(() => 0xaa),
      fill((i) => (i % 2 ? 0xff : 0)),
      fill((i) => (i < 16 ? 0xff : 0)),
      fill((i) => (i < 16 ? 0 : 0xff)),
      fill((i) => [0x08, 0x10, 0x84, 0x42][i % 4]), // windows equal to ±16
      fill((i) => [0xf8, 0xef, 0x7b, 0xbd][i % 4]),
    ];
    const nine = new Uint8Array(32);
    nine[0] = 9;
    for (const s of specials) {
      const expected = hex(noble.scalarMultBase(s));
      assert.equal(hex(kernelBase(k, s)), expected, hex(s));
      assert.equal(hex(kernelScalarMult(k, s, nine)), expected, hex(s));
    }
  });

  Deno.test(`x25519 ${backend}: public API equals noble (getPublicKey, getSharedSecret)`, () => {
    setX25519Backend(backend);
    try {
      for (let i = 0; i < 100; i++) {
        const a = x25519.randomSecretKey(), b = random32();
        const pa = x25519.getPublicKey(a);
        assert.equal(hex(pa), hex(noble.getPublicKey(a)));
        const pb = noble.getPublicKey(b);
        assert.equal(hex(x25519.getSharedSecret(a, pb)), hex(noble.getSharedSecret(b, pa)));
      }
    } finally {
      setX25519Backend("auto");
    }
  });
}

Deno.test("x25519 wasm without SIMD (the variant for engines lacking it): equals noble", () => {
  const k = createX25519WasmKernel(new WebAssembly.Module(x25519WasmBytes(false) as Uint8Array<ArrayBuffer>));
  for (let i = 0; i < 300; i++) {
    const scalar = random32(), u = randomU(i);
    assert.equal(hex(kernelBase(k, scalar)), hex(noble.scalarMultBase(scalar)), `base ${i}`);
    if (i % 3 === 0) {
      assert.equal(hex(kernelScalarMult(k, scalar, u)), hex(noble.scalarMult(scalar, u)), `pair ${i}`);
    }
  }
});
