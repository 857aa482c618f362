// Differential tests against the runtime's native WebCrypto X25519 (crypto.subtle): the private key is
// imported as PKCS#8 (RFC 8410: the 16-byte prefix 302e020100300506032b656e04220420, then the 32
// bytes), the peer's u as a raw public key, and deriveBits(256) is compared with scalarMult on both
// backends; u values include non-canonical ones and ones with bit 255 set.

import assert from "node:assert/strict";
import { BACKENDS, hex, kernelOf, kernelScalarMult, random32, randomU, unhex } from "./helpers.ts";

const PAIRS = 1500;
const PKCS8_PREFIX = unhex("302e020100300506032b656e04220420");
const alg = { name: "X25519" };

async function webcrypto(scalar: Uint8Array, u: Uint8Array): Promise<Uint8Array> {
  const pkcs8 = new Uint8Array(48);
  pkcs8.set(PKCS8_PREFIX);
  pkcs8.set(scalar, 16);
  const priv = await crypto.subtle.importKey("pkcs8", pkcs8, alg, false, ["deriveBits"]);
  const pub = await crypto.subtle.importKey("raw", new Uint8Array(u), alg, false, []);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "X25519", public: pub }, priv, 256));
}

Deno.test("webcrypto: the PKCS#8 wrapper gives RFC 7748 §6.1's shared secret", async () => {
  const alice = unhex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  const bobPub = unhex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
  assert.equal(
    hex(await webcrypto(alice, bobPub)),
    "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
  );
});

Deno.test(`webcrypto: scalarMult equals native X25519 on ${PAIRS} random pairs, both backends`, async () => {
  const kernels = BACKENDS.map(kernelOf);
  let nonCanonical = 0, highBit = 0;
  for (let i = 0; i < PAIRS; i++) {
    const scalar = random32(), u = randomU(i);
    const expected = hex(await webcrypto(scalar, u));
    if ((u[31] & 0x7f) === 0x7f && u[0] >= 0xed) nonCanonical++;
    if (u[31] & 0x80) highBit++;
    for (const k of kernels) {
      assert.equal(hex(kernelScalarMult(k, scalar, u)), expected, `${k.backend} pair ${i}`);
    }
  }
  assert.ok(
    nonCanonical > PAIRS / 5 && highBit > PAIRS / 5,
    `${nonCanonical} non-canonical, ${highBit} high-bit u`,
  );
});
