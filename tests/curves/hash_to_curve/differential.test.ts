/**
 * Differential test of hash_to_curve and encode_to_curve against @noble/curves 2.4.0
 * (`bls12_381.G1/G2.hashToCurve(msg, { DST })`, `encodeToCurve`) on random messages and DSTs (lengths
 * 0…300 and 1…300 bytes: DSTs above 255 bytes take §5.3.3's hashing), both backends.
 */
import assert from "node:assert/strict";
import { bls12_381 as noble } from "@noble/curves/bls12-381.js";
import { bls12_381 } from "../../../curves/bls12_381/mod.ts";
import { IsochronError } from "../../internal.ts";
import { BACKENDS, bls12_381Groups } from "../helpers.ts";

/** Seeded bytes (xorshift32). */
function bytesRng(seed: number): (len: number) => Uint8Array {
  let s = seed >>> 0 || 1;
  return (len) => {
    const out = new Uint8Array(len);
    for (let i = 0; i < len; i++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      out[i] = s & 0xff;
    }
    return out;
  };
}

for (const backend of BACKENDS) {
  const N = backend === "wasm" ? 12 : 6;
  Deno.test(`hash-to-curve vs @noble/curves, G1 (${backend})`, () => {
    const { G1 } = bls12_381Groups(backend), rnd = bytesRng(backend === "wasm" ? 1 : 2);
    for (let i = 0; i < N; i++) {
      const msg = rnd(rnd(1)[0] + (i === 0 ? 0 : 45)), dst = rnd(i === 1 ? 300 : 1 + (rnd(1)[0] % 64));
      const P = G1.hashToCurve(msg, dst).toAffine(), Q = noble.G1.hashToCurve(msg, { DST: dst }).toAffine();
      assert.deepEqual(P, { x: Q.x, y: Q.y }, `msg ${i}`);
      const E = G1.encodeToCurve(msg, dst).toAffine(),
        F = noble.G1.encodeToCurve(msg, { DST: dst }).toAffine();
      assert.deepEqual(E, { x: F.x, y: F.y }, `encode ${i}`);
    }
  });
  Deno.test(`hash-to-curve vs @noble/curves, G2 (${backend})`, () => {
    const { G2 } = bls12_381Groups(backend), rnd = bytesRng(backend === "wasm" ? 3 : 4);
    for (let i = 0; i < N; i++) {
      const msg = rnd(rnd(1)[0] + (i === 0 ? 0 : 45)), dst = rnd(i === 1 ? 300 : 1 + (rnd(1)[0] % 64));
      const P = G2.hashToCurve(msg, dst).toAffine(), Q = noble.G2.hashToCurve(msg, { DST: dst }).toAffine();
      assert.deepEqual(P, { x: { c0: Q.x.c0, c1: Q.x.c1 }, y: { c0: Q.y.c0, c1: Q.y.c1 } }, `msg ${i}`);
      const E = G2.encodeToCurve(msg, dst).toAffine(),
        F = noble.G2.encodeToCurve(msg, { DST: dst }).toAffine();
      assert.deepEqual(E, { x: { c0: F.x.c0, c1: F.x.c1 }, y: { c0: F.y.c0, c1: F.y.c1 } }, `encode ${i}`);
    }
  });
}

Deno.test("hash-to-curve through bls12_381 (default backend) and input errors", () => {
  const msg = new TextEncoder().encode("abc"), dst = "QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";
  const P = bls12_381.G2.hashToCurve(msg, dst);
  assert.equal(P.toHex(), noble.G2.hashToCurve(msg, { DST: dst }).toHex());
  assert.throws(() => bls12_381.G1.hashToCurve(msg, ""), IsochronError);
  assert.throws(() => bls12_381.G1.hashToCurve("abc" as unknown as Uint8Array, dst), IsochronError);
});
