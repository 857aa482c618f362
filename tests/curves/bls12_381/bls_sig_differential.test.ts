/**
 * BLS signatures (curves/bls12_381/signatures/) against @noble/curves 2.4, every suite, both backends:
 * `longSignatures` (public keys in G1, signatures in G2) and `shortSignatures` (keys in G2, signatures
 * in G1) compute CoreSign / CoreVerify with any DST, so each scheme is checked against them with the
 * suite's DST (AUG: the message PK ‖ m): public keys, signatures, aggregates, and every verification
 * path with its rejections. Plus the scheme rules (basic: repeated messages fail; AUG: the key is
 * prepended), and the real drand quicknet beacon (keys in G2, basic scheme).
 */
import assert from "node:assert/strict";
import { bls12_381 as noble } from "@noble/curves/bls12-381.js";
import { sha256 } from "@noble/hashes/sha2.js";
import type { BlsPopSuite, BlsPublicKey, BlsSuite } from "../../../curves/bls12_381/mod.ts";
import { bls12_381 } from "../../../curves/bls12_381/mod.ts";
import { IsochronError, popTag, signatureSuite, suiteId } from "../../internal.ts";
import { readJson } from "../helpers.ts";

const rnd = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const unhex = (s: string) => Uint8Array.from(s.match(/../g) ?? [], (h) => parseInt(h, 16));
const concat = (a: Uint8Array, b: Uint8Array) => Uint8Array.from([...a, ...b]);
const SCHEMES = ["basic", "aug", "pop"] as const;

for (const backend of ["wasm", "ts"] as const) {
  for (const publicKeyGroup of ["G1", "G2"] as const) {
    for (const scheme of SCHEMES) {
      const suite = signatureSuite({ publicKeyGroup, scheme }, backend);
      const sigGroup = publicKeyGroup === "G1" ? "G2" : "G1";
      // One type for both (the calls below are the same for either placement).
      const N = (publicKeyGroup === "G1"
        ? noble.longSignatures
        : noble.shortSignatures) as typeof noble.longSignatures;
      const dst = suiteId(sigGroup, scheme);
      /** noble's CoreSign input for key pk and message m under this scheme. */
      const signed = (pk: BlsPublicKey, m: Uint8Array) => (scheme === "aug" ? concat(pk.toBytes(), m) : m);

      Deno.test(`bls ${scheme}, keys in ${publicKeyGroup}: against noble (${backend})`, () => {
        assert.equal(suite.DST, dst);
        assert.deepEqual(suite.lengths, {
          secretKey: 32,
          publicKey: publicKeyGroup === "G1" ? 48 : 96,
          signature: publicKeyGroup === "G1" ? 96 : 48,
        });
        const n = 3;
        const sks = Array.from({ length: n }, () =>
          suite.SecretKey.random());
        const msgs = Array.from({ length: n }, (_, i) => rnd(i * 13)); // includes the empty message
        const pks = sks.map((sk) => suite.getPublicKey(sk));
        const sigs = sks.map((sk, i) => suite.sign(sk, msgs[i]));
        for (let i = 0; i < n; i++) {
          assert.equal(pks[i].toHex(), N.getPublicKey(sks[i].toBytes()).toHex(true));
          const want = N.sign(N.hash(signed(pks[i], msgs[i]), dst), sks[i].toBytes());
          assert.equal(sigs[i].toHex(), want.toHex(true));
          assert.ok(N.verify(sigs[i].toBytes(), N.hash(signed(pks[i], msgs[i]), dst), pks[i].toBytes()));
          assert.ok(suite.verify(pks[i], msgs[i], sigs[i]));
          assert.ok(
            suite.verify(
              suite.PublicKey.fromBytes(pks[i].toBytes()),
              msgs[i],
              suite.Signature.fromHex(sigs[i].toHex()),
            ),
          );
          assert.equal(suite.verify(pks[(i + 1) % n], msgs[i], sigs[i]), false);
          assert.equal(suite.verify(pks[i], msgs[(i + 1) % n], sigs[i]), false);
        }
        const agg = suite.aggregateSignatures(sigs);
        assert.equal(agg.toHex(), N.aggregateSignatures(sigs.map((s) => s.toBytes())).toHex(true));
        assert.ok(suite.aggregateVerify(pks, msgs, agg));
        assert.equal(suite.aggregateVerify(pks, [...msgs.slice(1), msgs[0]], agg), false);
        assert.equal(suite.aggregateVerify(pks.slice(1), msgs.slice(1), agg), false);
        assert.equal(suite.aggregateVerify([], [], agg), false);
        assert.equal(suite.aggregateVerify(pks, msgs.slice(1), agg), false);
        const items = pks.map((publicKey, i) => ({ publicKey, message: msgs[i], signature: sigs[i] }));
        assert.ok(suite.verifyBatch(items));
        assert.equal(
          suite.verifyBatch([{ ...items[0], signature: sigs[1] }, { ...items[1], signature: sigs[0] }]),
          false,
        );
        assert.equal(suite.verifyBatch([]), false);

        // One message signed by several keys.
        const m = rnd(32);
        const same = sks.map((sk) => suite.sign(sk, m)), aggSame = suite.aggregateSignatures(same);
        // The scheme's rule on repeated messages: basic refuses them, AUG and POP do not.
        assert.equal(suite.aggregateVerify(pks, pks.map(() => m), aggSame), scheme !== "basic");
        if (scheme === "pop") {
          const pop = suite as BlsPopSuite;
          assert.equal(pop.POP_DST, popTag(sigGroup));
          const aggPk = pop.aggregatePublicKeys(pks);
          assert.equal(aggPk.toHex(), N.aggregatePublicKeys(pks.map((p) => p.toBytes())).toHex(true));
          assert.ok(pop.fastAggregateVerify(pks, m, aggSame));
          assert.ok(pop.verify(aggPk, m, aggSame));
          assert.equal(pop.fastAggregateVerify(pks.slice(1), m, aggSame), false);
          assert.equal(pop.fastAggregateVerify([], m, aggSame), false);
          for (let i = 0; i < n; i++) {
            const proof = pop.popProve(sks[i]);
            const want = N.sign(N.hash(pks[i].toBytes(), popTag(sigGroup)), sks[i].toBytes());
            assert.equal(proof.toHex(), want.toHex(true));
            assert.ok(pop.popVerify(pks[i], pop.Proof.fromBytes(proof.toBytes())));
            assert.equal(pop.popVerify(pks[(i + 1) % n], proof), false);
          }
        } else {
          assert.equal("fastAggregateVerify" in suite, false, "FastAggregateVerify is for POP only");
          assert.equal("popProve" in suite, false);
        }
        if (scheme === "aug") {
          // The key is part of the message: a signature does not carry over to another key's message.
          const plain = signatureSuite({ publicKeyGroup, scheme: "basic", dst }, backend);
          const S = plain.sign(sks[0], concat(pks[0].toBytes(), msgs[0]));
          assert.ok(S.equals(sigs[0]), "AUG sign = CoreSign(PK ‖ m)");
        }
      });
    }
  }

  Deno.test(`bls suites: custom DSTs and option checks (${backend})`, () => {
    const code = (c: string) => (e: unknown) => e instanceof IsochronError && e.code === c;
    const app = signatureSuite({ scheme: "basic", dst: "MY_APP_V1" }, backend);
    const sk = app.SecretKey.random(), msg = rnd(10), pk = app.getPublicKey(sk);
    const s = app.sign(sk, msg);
    assert.equal(
      s.toHex(),
      noble.longSignatures.sign(noble.longSignatures.hash(msg, "MY_APP_V1"), sk.toBytes()).toHex(true),
    );
    const std = signatureSuite({ scheme: "basic" }, backend);
    assert.equal(std.verify(pk, msg, s), false, "another DST, another suite");
    const bytesDst = signatureSuite({
      scheme: "pop",
      dst: new TextEncoder().encode("MY_APP_V1"),
      popDst: "MY_POP",
    }, backend) as BlsPopSuite;
    // The DST as bytes is the same DST: CoreVerify of the basic suite's signature passes.
    assert.ok(bytesDst.verify(pk, msg, s));
    assert.ok(bytesDst.popVerify(pk, bytesDst.popProve(sk)));
    const got = bytesDst.DST as Uint8Array;
    got[0] ^= 1; // writing the returned DST leaves the suite's own alone
    assert.equal(new TextDecoder().decode(bytesDst.DST as Uint8Array), "MY_APP_V1");
    assert.ok(bytesDst.verify(pk, msg, s));
    assert.throws(() => signatureSuite({ dst: "" }, backend), code("INVALID_LENGTH"));
    assert.throws(() => signatureSuite({ scheme: "basic", popDst: "X" }, backend), code("INVALID_TYPE"));
    assert.throws(() => signatureSuite({ publicKeyGroup: "G3" as never }, backend), code("INVALID_TYPE"));
    assert.throws(() => signatureSuite({ scheme: "nul" as never }, backend), code("INVALID_TYPE"));
    assert.throws(() => signatureSuite(null as never, backend), code("INVALID_TYPE"));
    assert.throws(() => signatureSuite({ dst: 5 as never }, backend), code("INVALID_TYPE"));
    // The public object's factory builds the same suites.
    const pub: BlsSuite = bls12_381.signatureSuite({ publicKeyGroup: "G2", scheme: "aug" });
    assert.equal(pub.DST, "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_");
  });

  Deno.test(`bls suites: keys and signatures of one placement are refused by the other (${backend})`, () => {
    const a = signatureSuite({ publicKeyGroup: "G1" }, backend),
      b = signatureSuite({ publicKeyGroup: "G2" }, backend);
    const sk = a.SecretKey.random(), msg = rnd(5);
    const code = (e: unknown) => e instanceof IsochronError && e.code === "INVALID_TYPE";
    assert.throws(() => b.verify(a.getPublicKey(sk), msg, b.sign(sk, msg)), code);
    assert.throws(() => b.verify(b.getPublicKey(sk), msg, a.sign(sk, msg)), code);
    assert.throws(() => b.aggregateSignatures([a.sign(sk, msg)]), code);
    // One secret key serves both placements.
    assert.ok(b.verify(b.getPublicKey(sk), msg, b.sign(sk, msg)));
  });

  Deno.test(`bls suites: drand quicknet beacon 1000 (keys in G2, basic) (${backend})`, () => {
    const q = readJson<
      { dst: string; public_key: string; beacons: { round: number; signature: string; randomness: string }[] }
    >(
      "drand_quicknet/quicknet.json",
    );
    const quicknet = signatureSuite({ publicKeyGroup: "G2", scheme: "basic" }, backend);
    assert.equal(quicknet.DST, q.dst);
    const pk = quicknet.PublicKey.fromHex(q.public_key);
    const round = (r: number) => {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setBigUint64(0, BigInt(r));
      return sha256(b);
    };
    for (const beacon of q.beacons) {
      const sig = quicknet.Signature.fromHex(beacon.signature);
      assert.ok(quicknet.verify(pk, round(beacon.round), sig), `round ${beacon.round}`);
      assert.equal(quicknet.verify(pk, round(beacon.round + 1), sig), false);
      assert.equal(hex(sha256(sig.toBytes())), beacon.randomness);
    }
    assert.equal(pk.toHex(), q.public_key);
    assert.deepEqual(unhex(q.public_key), pk.toBytes());
  });
}
