// Points of small order (RFC 7748 §6.1, "Curve25519": the all-zero check): u = 0, 1, p − 1, the two u
// of order 8, and the non-canonical encodings p and p + 1 (of 0 and 1), each also with bit 255 set.
// scalarMult returns all zeros on both backends; getSharedSecret throws ZERO_SHARED_SECRET.

import assert from "node:assert/strict";
import { BACKENDS, fromLe, kernelOf, kernelScalarMult, le, P, random32 } from "./helpers.ts";
import { A_MONT, IsochronError, x25519InvVartime as invVartime, x25519Mod as mod } from "../internal.ts";
import { setX25519Backend, x25519 } from "../../x25519/mod.ts";

/** u(2P) = (u² − 1)² / (4u(u² + A·u + 1)) on v² = u³ + A·u² + u (0 for the points of order ≤ 2). */
const xDouble = (u: bigint) =>
  mod((u * u - 1n) ** 2n * invVartime(4n * u * (u * u + BigInt(A_MONT) * u + 1n)));

// The two u-coordinates of the points of order 8 (as listed by @noble/curves' montgomery.ts); checked
// below from the definition: u(2P) is ±1 (a point of order 4), so P has order 8.
const ORDER_8 = [
  325606250916557431795983626356110631294008115727848805560023387167927233504n,
  39382357235489614581723060781553021112529911719440698176882885853963445705823n,
];

Deno.test("small order: the order-8 u values double to u = ±1, which double to 0", () => {
  for (const u of ORDER_8) {
    const u2 = xDouble(u);
    assert.ok(u2 === 1n || u2 === P - 1n);
    assert.equal(xDouble(u2), 0n);
  }
});

const SMALL: [string, Uint8Array][] = [
  ["0", le(0n)],
  ["1", le(1n)],
  ["p − 1", le(P - 1n)],
  ["order 8 (a)", le(ORDER_8[0])],
  ["order 8 (b)", le(ORDER_8[1])],
  ["p (non-canonical 0)", le(P)],
  ["p + 1 (non-canonical 1)", le(P + 1n)],
];
const withHighBit = SMALL.map(([name, u]): [string, Uint8Array] => {
  const v = u.slice();
  v[31] |= 0x80;
  return [`${name} | 2^255`, v];
});

for (const backend of BACKENDS) {
  Deno.test(`small order ${backend}: scalarMult gives all zeros`, () => {
    const k = kernelOf(backend);
    for (const [name, u] of [...SMALL, ...withHighBit]) {
      for (let i = 0; i < 8; i++) {
        assert.deepEqual(kernelScalarMult(k, random32(), u), new Uint8Array(32), `u = ${name}`);
      }
    }
  });

  Deno.test(`small order ${backend}: getSharedSecret throws ZERO_SHARED_SECRET`, () => {
    setX25519Backend(backend);
    try {
      for (const [name, u] of [...SMALL, ...withHighBit]) {
        const sk = random32(), pk = u.slice();
        assert.throws(
          () => x25519.getSharedSecret(sk, pk),
          (e: unknown) => e instanceof IsochronError && e.code === "ZERO_SHARED_SECRET",
          `u = ${name}`,
        );
        assert.deepEqual(pk, u, "input unchanged");
        assert.deepEqual(x25519.scalarMult(sk, pk), new Uint8Array(32));
      }
    } finally {
      setX25519Backend("auto");
    }
  });
}

Deno.test("small order: the test values really are the listed residues", () => {
  assert.equal(fromLe(le(P)) % P, 0n);
  assert.equal(fromLe(le(P + 1n)) % P, 1n);
});
