/**
 * BLS signatures (curves/bls12_381/signatures.ts) against @noble/curves' `bls12_381.longSignatures` (public
 * keys in G1, signatures in G2) with the same DST, on random keys and messages, both backends: public
 * keys, signatures, aggregates and all verification paths, including rejections.
 */
import assert from "node:assert/strict";
import { bls12_381 as noble } from "@noble/curves/bls12-381.js";
import { bls12_381 } from "../../../curves/bls12_381/mod.ts";
import { bls12_381Groups } from "../../internal.ts";
import { BLS_POP_DST, blsSignatures } from "../../internal.ts";

const N = noble.longSignatures;
const rnd = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const eq = (a: Uint8Array, b: Uint8Array) => assert.deepEqual(Array.from(a), Array.from(b));

for (const backend of ["wasm", "ts"] as const) {
  const sig = blsSignatures(() => bls12_381Groups(backend), bls12_381.pairingCheck);

  Deno.test(`bls sig differential vs noble longSignatures (${backend})`, () => {
    const n = 4;
    const sks = Array.from({ length: n }, () => bls12_381.Fr.random());
    const msgs = Array.from({ length: n }, (_, i) => rnd(i * 13)); // includes the empty message
    const pks = sks.map((sk) => sig.getPublicKey(sk));
    const sigs = sks.map((sk, i) => sig.sign(sk, msgs[i]));
    for (let i = 0; i < n; i++) {
      eq(pks[i], N.getPublicKey(sks[i]).toBytes());
      eq(sigs[i], N.sign(N.hash(msgs[i], BLS_POP_DST), sks[i]).toBytes());
      assert.ok(sig.verify(pks[i], msgs[i], sigs[i]));
      assert.equal(sig.verify(pks[(i + 1) % n], msgs[i], sigs[i]), false);
      assert.equal(sig.verify(pks[i], msgs[(i + 1) % n], sigs[i]), false);
    }
    const aggS = sig.aggregateSignatures(sigs), aggP = sig.aggregatePublicKeys(pks);
    eq(aggS, N.aggregateSignatures(sigs).toBytes());
    eq(aggP, N.aggregatePublicKeys(pks).toBytes());
    assert.ok(sig.aggregateVerify(pks, msgs, aggS));
    assert.equal(sig.aggregateVerify(pks, [...msgs.slice(1), msgs[0]], aggS), false);
    assert.ok(sig.verifyBatch(pks, msgs, sigs));
    assert.equal(sig.verifyBatch(pks, msgs, [sigs[1], sigs[0], ...sigs.slice(2)]), false);
    // One message signed by all (FastAggregateVerify), checked by noble's verify on the sums.
    const m = rnd(32);
    const same = sks.map((sk) => sig.sign(sk, m)), agg = sig.aggregateSignatures(same);
    assert.ok(sig.fastAggregateVerify(pks, m, agg));
    assert.ok(N.verify(agg, N.hash(m, BLS_POP_DST), aggP));
    assert.equal(sig.fastAggregateVerify(pks.slice(1), m, agg), false);
    // Corrupted encodings verify false (never throw).
    const bad = sigs[0].slice();
    bad[5] ^= 1;
    assert.equal(sig.verify(pks[0], msgs[0], bad), false);
    assert.equal(sig.verify(pks[0].slice(1), msgs[0], sigs[0]), false);
  });
}
