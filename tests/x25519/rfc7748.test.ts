// RFC 7748 test vectors (tests/vectors/x25519/rfc7748.json) on both backends: §5.2 vectors, the iterated
// vector (1 and 1000 rounds here; 1,000,000 with ISOCHRON_LONG=1), the §6.1 Diffie–Hellman example,
// through the kernels and through the public API.

import assert from "node:assert/strict";
import { BACKENDS, hex, kernelBase, kernelOf, kernelScalarMult, unhex, VECTORS } from "./helpers.ts";
import { getX25519Backend, setX25519Backend, x25519 } from "../../x25519/mod.ts";

const LONG = Deno.env.get("ISOCHRON_LONG") === "1";

for (const backend of BACKENDS) {
  Deno.test(`x25519 ${backend}: RFC 7748 §5.2 vectors`, () => {
    const k = kernelOf(backend);
    for (const v of VECTORS.x25519) {
      assert.equal(hex(kernelScalarMult(k, unhex(v.scalar), unhex(v.u))), v.output, v.name);
    }
  });

  const iterate = (rounds: number) => {
    const k = kernelOf(backend);
    let scalar = unhex(VECTORS.x25519_iterated.initial_k);
    let u = unhex(VECTORS.x25519_iterated.initial_u);
    const out = new Uint8Array(32);
    for (let i = 0; i < rounds; i++) {
      k.scalarMult(out, scalar, u);
      u = scalar;
      scalar = out.slice();
    }
    return hex(scalar);
  };
  for (const { iterations, k: expected } of VECTORS.x25519_iterated.results) {
    const long = iterations > 1000;
    Deno.test({
      name: `x25519 ${backend}: RFC 7748 §5.2 iterated, ${iterations} round(s)`,
      ignore: long && !LONG,
      fn: () => assert.equal(iterate(iterations), expected),
    });
  }

  Deno.test(`x25519 ${backend}: RFC 7748 §6.1 Diffie–Hellman`, () => {
    const dh = VECTORS.x25519_dh_section_6_1;
    const k = kernelOf(backend);
    const nine = new Uint8Array(32);
    nine[0] = 9;
    for (const [sk, pk] of [[dh.alice_private, dh.alice_public], [dh.bob_private, dh.bob_public]]) {
      assert.equal(hex(kernelBase(k, unhex(sk))), pk);
      assert.equal(hex(kernelScalarMult(k, unhex(sk), nine)), pk);
    }
    assert.equal(hex(kernelScalarMult(k, unhex(dh.alice_private), unhex(dh.bob_public))), dh.shared);
    assert.equal(hex(kernelScalarMult(k, unhex(dh.bob_private), unhex(dh.alice_public))), dh.shared);
  });

  Deno.test(`x25519 ${backend}: public API reproduces §5.2 and §6.1`, () => {
    setX25519Backend(backend);
    try {
      assert.equal(getX25519Backend(), backend);
      for (const v of VECTORS.x25519) {
        assert.equal(hex(x25519.scalarMult(unhex(v.scalar), unhex(v.u))), v.output);
      }
      const dh = VECTORS.x25519_dh_section_6_1;
      assert.equal(hex(x25519.getPublicKey(unhex(dh.alice_private))), dh.alice_public);
      assert.equal(hex(x25519.getPublicKey(unhex(dh.bob_private))), dh.bob_public);
      assert.equal(hex(x25519.getSharedSecret(unhex(dh.alice_private), unhex(dh.bob_public))), dh.shared);
      assert.equal(hex(x25519.getSharedSecret(unhex(dh.bob_private), unhex(dh.alice_public))), dh.shared);
    } finally {
      setX25519Backend("auto");
    }
  });
}
