/**
 * `bls12_381.longSignatures` / `shortSignatures` and `x25519`'s noble members against @noble/curves
 * 2.4 on the same inputs, valid and not: every function must give the same result (points by
 * `toAffine()`, bytes byte for byte) or both must throw. Then @noble/curves' README examples for
 * these modules, run against isochron with only the import changed.
 */
import assert from "node:assert/strict";
import { bls12_381 as nbls } from "@noble/curves/bls12-381.js";
import { x25519 as nx } from "@noble/curves/ed25519.js";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { x25519 } from "../../x25519/mod.ts";
import { type Any, same } from "./outcome.ts";

const seeds = [
  new Uint8Array(48),
  new Uint8Array(48).fill(0xff),
  Uint8Array.from({ length: 48 }, (_, i) => i * 7),
];

for (const which of ["longSignatures", "shortSignatures"] as const) {
  const O = bls12_381[which] as Any, N = nbls[which] as Any;

  Deno.test(`noble ${which}: every function on valid and invalid inputs`, () => {
    assert.deepEqual(O.lengths, N.lengths);
    const msgs = [new Uint8Array(0), new TextEncoder().encode("hello noble"), new Uint8Array(32).fill(1)];
    const keys = seeds.map((s) => O.keygen(s));
    same("keygen(seed)", () => O.keygen(seeds[2]), () => N.keygen(seeds[2]));
    same("keygen(short seed)", () => O.keygen(new Uint8Array(47)), () => N.keygen(new Uint8Array(47)));
    const secrets = [
      ...keys.map((k: Any) => k.secretKey),
      new Uint8Array(32), // 0
      new Uint8Array(32).fill(0xff), // ≥ r: reduced by both
      new Uint8Array(31).fill(1),
      new Uint8Array(33).fill(1),
    ];
    for (const sk of secrets) {
      same("getPublicKey", () => O.getPublicKey(sk), () => N.getPublicKey(sk));
      for (const m of msgs) {
        for (const dst of [undefined, "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_", "X"]) {
          same(`hash(${dst})`, () => O.hash(m, dst), () => N.hash(m, dst));
          same("sign", () => O.sign(O.hash(m, dst), sk), () => N.sign(N.hash(m, dst), sk));
        }
      }
    }
    same(
      "sign with bytes as the message",
      () => O.sign(msgs[1], secrets[0]),
      () => N.sign(msgs[1], secrets[0]),
    );
    same(
      "sign with 3 arguments",
      () => O.sign(O.hash(msgs[1]), secrets[0], 1),
      () => N.sign(N.hash(msgs[1]), secrets[0], 1),
    );
    same("hash of a string", () => O.hash("abc"), () => N.hash("abc"));

    // verify: points and bytes, right and wrong, identities, bad encodings.
    const pk = O.getPublicKey(secrets[0]), npk = N.getPublicKey(secrets[0]);
    const H = O.hash(msgs[1]), nH = N.hash(msgs[1]);
    const S = O.sign(H, secrets[0]), nS = N.sign(nH, secrets[0]);
    same("verify points", () => O.verify(S, H, pk), () => N.verify(nS, nH, npk));
    same(
      "verify bytes",
      () => O.verify(S.toBytes(), H, pk.toBytes()),
      () => N.verify(nS.toBytes(), nH, npk.toBytes()),
    );
    same(
      "verify uncompressed",
      () => O.verify(S.toBytes(false), H, pk.toBytes(false)),
      () => N.verify(nS.toBytes(false), nH, npk.toBytes(false)),
    );
    same(
      "verify wrong message",
      () => O.verify(S, O.hash(msgs[0]), pk),
      () => N.verify(nS, N.hash(msgs[0]), npk),
    );
    const Z = O.hash(msgs[0]).multiplyUnsafe(0n), nZ = N.hash(msgs[0]).multiplyUnsafe(0n);
    same("verify identity signature", () => O.verify(Z, H, pk), () => N.verify(nZ, nH, npk));
    const PZ = pk.multiplyUnsafe(0n), nPZ = npk.multiplyUnsafe(0n);
    same("verify identity key", () => O.verify(S, H, PZ), () => N.verify(nS, nH, nPZ));
    same("verify bytes as message", () => O.verify(S, msgs[1], pk), () => N.verify(nS, msgs[1], npk));
    const bad = S.toBytes().slice();
    bad[3] ^= 1;
    same("verify corrupted signature", () => O.verify(bad, H, pk), () => N.verify(bad, nH, npk));
    same(
      "verify short key",
      () => O.verify(S, H, pk.toBytes().subarray(1)),
      () => N.verify(nS, nH, npk.toBytes().subarray(1)),
    );
    same("verify 4 arguments", () => O.verify(S, H, pk, 1), () => N.verify(nS, nH, npk, 1));

    // Aggregation and verifyBatch (one aggregate over distinct messages).
    const pks = keys.map((k: Any) => k.publicKey), npks = keys.map((k: Any) => N.getPublicKey(k.secretKey));
    const Hs = msgs.map((m) => O.hash(m)), nHs = msgs.map((m) => N.hash(m));
    const sigs = keys.map((k: Any, i: number) => O.sign(Hs[i], k.secretKey));
    const nsigs = keys.map((k: Any, i: number) => N.sign(nHs[i], k.secretKey));
    same("aggregatePublicKeys", () => O.aggregatePublicKeys(pks), () => N.aggregatePublicKeys(npks));
    same(
      "aggregatePublicKeys bytes",
      () => O.aggregatePublicKeys(pks.map((p: Any) => p.toBytes())),
      () => N.aggregatePublicKeys(npks.map((p: Any) => p.toBytes())),
    );
    same("aggregatePublicKeys []", () => O.aggregatePublicKeys([]), () => N.aggregatePublicKeys([]));
    same("aggregateSignatures", () => O.aggregateSignatures(sigs), () => N.aggregateSignatures(nsigs));
    same("aggregateSignatures []", () => O.aggregateSignatures([]), () => N.aggregateSignatures([]));
    const agg = O.aggregateSignatures(sigs), nagg = N.aggregateSignatures(nsigs);
    const items = pks.map((publicKey: Any, i: number) => ({ message: Hs[i], publicKey }));
    const nitems = npks.map((publicKey: Any, i: number) => ({ message: nHs[i], publicKey }));
    same("verifyBatch", () => O.verifyBatch(agg, items), () => N.verifyBatch(nagg, nitems));
    same(
      "verifyBatch swapped",
      () => O.verifyBatch(agg, [items[1], { ...items[0], publicKey: pks[2] }, items[2]]),
      () => N.verifyBatch(nagg, [nitems[1], { ...nitems[0], publicKey: npks[2] }, nitems[2]]),
    );
    same("verifyBatch []", () => O.verifyBatch(agg, []), () => N.verifyBatch(nagg, []));
    const sameMsg = keys.map((k: Any) => O.sign(Hs[1], k.secretKey)),
      nsameMsg = keys.map((k: Any) => N.sign(nHs[1], k.secretKey));
    same(
      "verifyBatch, one message",
      () =>
        O.verifyBatch(
          O.aggregateSignatures(sameMsg),
          pks.map((publicKey: Any) => ({ message: Hs[1], publicKey })),
        ),
      () =>
        N.verifyBatch(
          N.aggregateSignatures(nsameMsg),
          npks.map((publicKey: Any) => ({ message: nHs[1], publicKey })),
        ),
    );

    // The Signature coder.
    same("Signature.toBytes", () => O.Signature.toBytes(S), () => N.Signature.toBytes(nS));
    same("Signature.toHex", () => O.Signature.toHex(S), () => N.Signature.toHex(nS));
    same(
      "Signature.fromBytes",
      () => O.Signature.fromBytes(nS.toBytes()),
      () => N.Signature.fromBytes(nS.toBytes()),
    );
    same("Signature.fromHex", () => O.Signature.fromHex(nS.toHex()), () => N.Signature.fromHex(nS.toHex()));
    same("Signature.fromBytes corrupted", () => O.Signature.fromBytes(bad), () => N.Signature.fromBytes(bad));
  });
}

Deno.test("noble x25519: keygen, utils, lengths, GuBytes", () => {
  const seed = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
  same("keygen(seed)", () => x25519.keygen(seed), () => nx.keygen(seed));
  same("keygen(short seed)", () => x25519.keygen(new Uint8Array(31)), () => nx.keygen(new Uint8Array(31)));
  same(
    "utils.randomSecretKey(seed)",
    () => x25519.utils.randomSecretKey(seed),
    () => (nx as Any).utils.randomSecretKey(seed),
  );
  assert.deepEqual(x25519.lengths, nx.lengths);
  assert.deepEqual(x25519.GuBytes, nx.GuBytes);
  assert.equal(x25519.keygen().secretKey.length, 32);
});

// @noble/curves 2.4 README, "BLS signatures, bls12-381, bn254": only the import differs.
Deno.test("noble README: BLS signatures", () => {
  const blsl = bls12_381.longSignatures;
  const { secretKey, publicKey } = blsl.keygen();
  const msg = new TextEncoder().encode("hello noble");
  const msgp = blsl.hash(msg);
  const msgpd = blsl.hash(msg, "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_");
  const signature = blsl.sign(msgp, secretKey);
  const isValid = blsl.verify(signature, msgp, publicKey);
  assert.equal(isValid, true);
  assert.ok(!msgpd.equals(msgp));
  const blss = bls12_381.shortSignatures;
  const k = blss.keygen();
  assert.ok(blss.verify(blss.sign(blss.hash(msg), k.secretKey), blss.hash(msg), k.publicKey));
  const aggregatedKey = blsl.aggregatePublicKeys([
    blsl.getPublicKey(bls12_381.utils.randomSecretKey()),
    blsl.getPublicKey(bls12_381.utils.randomSecretKey()),
  ]);
  assert.ok(aggregatedKey.isTorsionFree());
});

// @noble/curves 2.4 README, "ECDH: Diffie-Hellman shared secrets" (the x25519 part).
Deno.test("noble README: x25519 ECDH", () => {
  const alice = x25519.keygen();
  const bob = x25519.keygen();
  const sharedKey = x25519.getSharedSecret(alice.secretKey, bob.publicKey);
  assert.deepEqual(sharedKey, x25519.getSharedSecret(bob.secretKey, alice.publicKey));
});

// @noble/curves 2.4 README, "Elliptic curve Point math", on bls12_381.G1 (its list of curves with a
// Point class includes it); noble's `pippenger` comes from its abstract module: `msmVartime` here.
Deno.test("noble README: Point math on bls12_381.G1", () => {
  const { Point } = bls12_381.G1;
  const { BASE, ZERO } = Point;
  const p = BASE.multiply(2n);
  const p1 = p.add(p);
  const p2 = p.double();
  const p3 = p.subtract(p);
  const p4 = p.negate();
  const p5 = p.multiply(451n);
  assert.ok(p1.equals(p2) && p3.equals(ZERO) && p4.add(p).is0() && p5.equals(BASE.multiply(902n)));
  const pa = [BASE, BASE.multiply(2n), BASE.multiply(4n), BASE.multiply(8n)];
  const p6 = bls12_381.G1.msmVartime(pa, [3n, 5n, 7n, 11n]);
  assert.ok(p6.equals(BASE.multiply(129n)));
  const pcl = p.clearCofactor();
  const isTorsionFree = p.isTorsionFree();
  assert.ok(isTorsionFree && pcl.isTorsionFree());
  const bytes = p.toBytes();
  const p_ = Point.fromBytes(bytes);
  const { x, y } = p.toAffine();
  const p__ = Point.fromAffine({ x, y });
  assert.ok(p_.equals(p) && p__.equals(p));
});
