// The public API's contract: 32-byte Uint8Array inputs only (IsochronError INVALID_TYPE /
// INVALID_LENGTH otherwise), inputs never modified, fresh outputs, randomSecretKey, the backend switch,
// and secret scratch zeroed after every operation on both backends.

import assert from "node:assert/strict";
import {
  getPublicKey,
  getSharedSecret,
  getX25519Backend,
  initX25519Wasm,
  randomSecretKey,
  scalarMult,
  scalarMultBase,
  setX25519Backend,
  x25519,
  x25519WasmBytes,
} from "../../x25519/mod.ts";
import { IsochronError } from "../internal.ts";
import { BACKENDS, hex, kernelOf, random32, unhex, VECTORS } from "./helpers.ts";

const isCode = (code: string) => (e: unknown) => e instanceof IsochronError && e.code === code;
const good = () => random32();

Deno.test("api: the x25519 object carries the named functions", () => {
  assert.equal(x25519.scalarMult, scalarMult);
  assert.equal(x25519.scalarMultBase, scalarMultBase);
  assert.equal(x25519.getPublicKey, getPublicKey);
  assert.equal(x25519.getSharedSecret, getSharedSecret);
  assert.equal(x25519.randomSecretKey, randomSecretKey);
  assert.ok(Object.isFrozen(x25519));
});

Deno.test("api: non-Uint8Array inputs throw INVALID_TYPE", () => {
  const bad: unknown[] = [
    undefined,
    null,
    "00".repeat(32),
    Array(32).fill(0),
    new Uint16Array(32),
    new Int8Array(32),
    new ArrayBuffer(32),
    new DataView(new ArrayBuffer(32)),
    32,
    { length: 32 },
  ];
  for (const b of bad) {
    const x = b as Uint8Array;
    assert.throws(() => scalarMult(x, good()), isCode("INVALID_TYPE"));
    assert.throws(() => scalarMult(good(), x), isCode("INVALID_TYPE"));
    assert.throws(() => scalarMultBase(x), isCode("INVALID_TYPE"));
    assert.throws(() => getPublicKey(x), isCode("INVALID_TYPE"));
    assert.throws(() => getSharedSecret(x, good()), isCode("INVALID_TYPE"));
    assert.throws(() => getSharedSecret(good(), x), isCode("INVALID_TYPE"));
  }
});

Deno.test("api: wrong lengths throw INVALID_LENGTH", () => {
  for (const n of [0, 1, 31, 33, 64]) {
    const x = new Uint8Array(n);
    assert.throws(() => scalarMult(x, good()), isCode("INVALID_LENGTH"));
    assert.throws(() => scalarMult(good(), x), isCode("INVALID_LENGTH"));
    assert.throws(() => scalarMultBase(x), isCode("INVALID_LENGTH"));
    assert.throws(() => getPublicKey(x), isCode("INVALID_LENGTH"));
    assert.throws(() => getSharedSecret(x, good()), isCode("INVALID_LENGTH"));
    assert.throws(() => getSharedSecret(good(), x), isCode("INVALID_LENGTH"));
  }
  // A 32-byte view into a larger buffer is a valid input.
  const big = new Uint8Array(40);
  big.set(unhex(VECTORS.x25519[0].scalar), 3);
  const u = new Uint8Array(48);
  u.set(unhex(VECTORS.x25519[0].u), 16);
  assert.equal(hex(scalarMult(big.subarray(3, 35), u.subarray(16))), VECTORS.x25519[0].output);
});

Deno.test("api: setX25519Backend rejects unknown names; initX25519Wasm a non-module", () => {
  assert.throws(() => setX25519Backend("js" as "ts"), isCode("INVALID_TYPE"));
  assert.throws(() => initX25519Wasm({} as WebAssembly.Module), isCode("INVALID_TYPE"));
  assert.equal(getX25519Backend(), "wasm"); // auto: wasm compiles here
});

Deno.test("api: initX25519Wasm accepts a module compiled from x25519WasmBytes", () => {
  try {
    initX25519Wasm(new WebAssembly.Module(x25519WasmBytes() as Uint8Array<ArrayBuffer>));
    assert.equal(getX25519Backend(), "wasm");
    const v = VECTORS.x25519[1];
    assert.equal(hex(scalarMult(unhex(v.scalar), unhex(v.u))), v.output);
  } finally {
    setX25519Backend("auto");
  }
});

for (const backend of BACKENDS) {
  Deno.test(`api ${backend}: inputs are not modified, outputs are fresh`, () => {
    setX25519Backend(backend);
    try {
      for (let i = 0; i < 20; i++) {
        const k = random32(), u = random32();
        u[31] |= 0x80; // bit 255 set: masked internally, not in the caller's array
        const [k0, u0] = [k.slice(), u.slice()];
        const a = scalarMult(k, u), b = scalarMult(k, u);
        assert.notEqual(a, b);
        assert.deepEqual(a, b);
        scalarMultBase(k);
        getPublicKey(k);
        try {
          getSharedSecret(k, u);
        } catch { /* small order: negligible here */ }
        assert.deepEqual(k, k0);
        assert.deepEqual(u, u0);
      }
    } finally {
      setX25519Backend("auto");
    }
  });

  Deno.test(`api ${backend}: secret scratch is zero after every operation, also after errors`, () => {
    const k = kernelOf(backend);
    const zero = () => k.scratch().every((view) => Array.prototype.every.call(view, (x: number) => x === 0));
    const out = new Uint8Array(32);
    k.scalarMult(out, random32(), random32());
    assert.ok(zero(), "after scalarMult");
    k.scalarMultBase(out, random32());
    assert.ok(zero(), "after scalarMultBase");
    k.setLimbs(0, Array(k.widths.length).fill(3));
    k.inv(1, 0);
    assert.ok(zero(), "after inv");
    setX25519Backend(backend);
    try {
      assert.throws(() => getSharedSecret(random32(), new Uint8Array(32)), isCode("ZERO_SHARED_SECRET"));
      assert.ok(zero(), "after ZERO_SHARED_SECRET");
    } finally {
      setX25519Backend("auto");
    }
  });
}

Deno.test("api: randomSecretKey gives fresh 32-byte keys", () => {
  const keys = new Set<string>();
  for (let i = 0; i < 100; i++) {
    const sk = randomSecretKey();
    assert.ok(sk instanceof Uint8Array);
    assert.equal(sk.length, 32);
    keys.add(hex(sk));
  }
  assert.equal(keys.size, 100);
});

Deno.test("api: the backend switch changes the backend, both give the same answers", () => {
  const k = random32(), u = random32();
  const results = BACKENDS.map((b) => {
    setX25519Backend(b);
    assert.equal(getX25519Backend(), b);
    return [hex(scalarMult(k, u)), hex(scalarMultBase(k))];
  });
  setX25519Backend("auto");
  assert.deepEqual(results[0], results[1]);
});

Deno.test("x25519: initX25519Wasm refuses a module that is not X25519's; x25519WasmBytes gives a copy", () => {
  const empty = new WebAssembly.Module(Uint8Array.of(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0));
  assert.throws(() => initX25519Wasm(empty), (e) => e instanceof IsochronError && e.code === "INVALID_TYPE");
  const a = x25519WasmBytes();
  a[10] ^= 0xff;
  assert.notEqual(x25519WasmBytes()[10], a[10], "writing the copy leaves the library's bytes alone");
  const k = new Uint8Array(32).fill(3);
  assert.equal(x25519.getPublicKey(k).length, 32, "still works");
});
