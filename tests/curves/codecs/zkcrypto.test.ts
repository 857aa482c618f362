/**
 * zkcrypto/bls12_381 serialization vectors (tests/vectors/bls12381_serialization_zkcrypto): the
 * encodings of i·G for i = 0…999. Each is decoded, re-encoded byte for byte, and compared with the
 * running sum of the generator; every 25th is also decoded with the full subgroup check.
 */
import assert from "node:assert/strict";
import { BACKENDS, bls12_381Groups, hex, readVector } from "../helpers.ts";
import type { GroupImpl } from "../../internal.ts";

const FILES = [
  ["g1", "compressed", 48],
  ["g1", "uncompressed", 96],
  ["g2", "compressed", 96],
  ["g2", "uncompressed", 192],
] as const;

for (const backend of BACKENDS) {
  for (const [g, form, len] of FILES) {
    Deno.test(`zkcrypto ${g} ${form} (${backend})`, () => {
      const groups = bls12_381Groups(backend);
      // deno-lint-ignore no-explicit-any
      const G = (g === "g1" ? groups.G1 : groups.G2) as GroupImpl<any>;
      const data = readVector(`bls12381_serialization_zkcrypto/${g}_${form}_valid_test_vectors.dat`);
      assert.equal(data.length, 1000 * len);
      const compressed = form === "compressed";
      let acc = G.ZERO;
      for (let i = 0; i < 1000; i++) {
        const enc = data.subarray(i * len, (i + 1) * len);
        const p = i % 25 === 1 ? G.fromBytes(enc) : G.fromBytesUnchecked(enc);
        assert.ok(p.equals(acc), `${i}·G decodes to the running sum`);
        assert.equal(hex(p.toBytes(compressed)), hex(enc), `${i}·G re-encodes`);
        assert.equal(hex(acc.toBytes(compressed)), hex(enc), `running sum ${i} encodes`);
        if (i === 1) assert.ok(p.equals(G.BASE), "the first point is the generator");
        acc = acc.add(G.BASE);
      }
    });
  }
}
