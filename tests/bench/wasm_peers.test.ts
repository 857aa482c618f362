/**
 * The wasm peers of the report (bench/wasm_peers.ts) compute what isochron computes on the same
 * inputs, so that a mis-wired peer row (wrong scalar form, wrong function, another DST, a curve
 * built with threads) fails here rather than giving a ratio: mcl-wasm's constant-time and
 * variable-time multiplications, MSM and pairing; bls-eth-wasm's keys, signatures and verification;
 * libsodium-wrappers' X25519; ffjavascript's MSM and pairings, single-threaded.
 */

import assert from "node:assert/strict";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { bn254 } from "../../curves/bn254/mod.ts";
import { scalarMult, scalarMultBase } from "../../x25519/mod.ts";
import {
  blsEthWasm,
  ffG1Times,
  ffjavascriptCurve,
  ffMsmInputs,
  G1_GENERATOR_HEX,
  G2_GENERATOR_HEX,
  le32,
  libsodium,
  mclWasm,
  releaseFfjavascript,
} from "../../bench/wasm_peers.ts";
import { randomBelow, randomBytes } from "../../bench/case.ts";

const { G1, G2 } = bls12_381;
const r = G1.r;
const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, "0")).join("");

/** The twelve Fp coefficients of a GT element's bytes (big- or little-endian limbs of `n` bytes). */
function coefficients(bytes: Uint8Array, n: number, littleEndian: boolean): bigint[] {
  const out: bigint[] = [];
  for (let i = 0; i < bytes.length; i += n) {
    const limb = bytes.subarray(i, i + n);
    out.push(BigInt("0x" + hex(littleEndian ? limb.slice().reverse() : limb)));
  }
  return out;
}
const sorted = (xs: bigint[]) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

Deno.test("wasm peers: the generator constants are BLS12-381's", () => {
  assert.equal(G1.BASE.toHex(), G1_GENERATOR_HEX);
  assert.equal(G2.BASE.toHex(), G2_GENERATOR_HEX);
});

Deno.test("mcl-wasm: mulCT (raw export), mul, mulVec and pairing equal isochron's", async () => {
  const mcl = await mclWasm();
  assert.equal(hex(mcl.toBytes(mcl.G1)), G1_GENERATOR_HEX);
  for (const [G, name] of [[G1, "G1"], [G2, "G2"]] as const) {
    for (let i = 0; i < 3; i++) {
      // deno-lint-ignore no-explicit-any
      const P = (G.BASE as any).multiply(randomBelow(r)), k = randomBelow(r);
      const want = hex(P.multiply(k).toBytes());
      const mp = mcl.point(P.toBytes()), mk = mcl.scalar(k);
      assert.equal(hex(mcl.toBytes(mcl.mulCt(mp, mk))), want, `${name} mulCT`);
      assert.equal(hex(mcl.toBytes(mcl.mul(mp, mk))), want, `${name} mul`);
    }
  }
  const pts = Array.from({ length: 8 }, () => G1.BASE.multiply(randomBelow(r)));
  const ks = pts.map(() => randomBelow(r));
  assert.equal(
    hex(mcl.toBytes(mcl.mulVec(pts.map((p) => mcl.point(p.toBytes())), ks.map((k) => mcl.scalar(k))))),
    hex(G1.msmVartime(pts, ks).toBytes()),
    "mulVec",
  );
  const P = G1.BASE.multiply(randomBelow(r)), Q = G2.BASE.multiply(randomBelow(r));
  const ours = coefficients(bls12_381.pairing(P, Q).toBytes(), 48, false);
  const theirs = mcl.gtBytes(mcl.pairing(mcl.point(P.toBytes()), mcl.point(Q.toBytes())));
  assert.equal(theirs.length, 576);
  const asBE = sorted(coefficients(theirs, 48, false)), asLE = sorted(coefficients(theirs, 48, true));
  const want = sorted(ours);
  assert.ok(
    asBE.every((x, i) => x === want[i]) || asLE.every((x, i) => x === want[i]),
    "mcl's pairing has isochron's twelve coefficients",
  );
});

Deno.test("bls-eth-wasm: the same keys and signatures as isochron (Ethereum DST), verification both ways", async () => {
  const bls = await blsEthWasm();
  const s = bls12_381.sig;
  for (let i = 0; i < 3; i++) {
    const sk = s.SecretKey.keyGen(randomBytes(32)), msg = randomBytes(32);
    const theirs = bls.secretKey(sk.toBytes());
    const pk = s.getPublicKey(sk).toBytes(), sig = s.sign(sk, msg).toBytes();
    assert.equal(hex(bls.publicKey(theirs)), hex(pk), "public key");
    assert.equal(hex(bls.sign(theirs, msg)), hex(sig), "signature");
    assert.equal(bls.verify(pk, msg, sig), true, "bls-eth-wasm verifies isochron's signature");
    const other = randomBytes(32);
    assert.equal(bls.verify(pk, other, sig), false, "and refuses it on another message");
  }
});

Deno.test("bls-eth-wasm: fastAggregateVerify agrees with isochron's on an aggregate of 4 keys", async () => {
  const bls = await blsEthWasm();
  const s = bls12_381.sig, msg = randomBytes(32);
  const sks = Array.from({ length: 4 }, () => s.SecretKey.keyGen(randomBytes(32)));
  const pks = sks.map((sk) => s.getPublicKey(sk)),
    sig = s.aggregateSignatures(sks.map((sk) => s.sign(sk, msg)));
  const bytes = pks.map((pk) => pk.toBytes());
  assert.equal(s.fastAggregateVerify(pks, msg, sig), true);
  assert.equal(
    bls.fastAggregateVerify(bytes, msg, sig.toBytes()),
    true,
    "bls-eth-wasm accepts isochron's aggregate",
  );
  assert.equal(
    bls.fastAggregateVerify(bytes.slice(1), msg, sig.toBytes()),
    false,
    "and refuses it without a key",
  );
  assert.equal(
    bls.fastAggregateVerify(bytes, randomBytes(32), sig.toBytes()),
    false,
    "or on another message",
  );
});

Deno.test("libsodium-wrappers: crypto_scalarmult and its base-point form equal isochron's X25519", async () => {
  const sodium = await libsodium();
  for (let i = 0; i < 8; i++) {
    const k = randomBytes(32), u = randomBytes(32);
    assert.equal(hex(sodium.scalarMult(k, u)), hex(scalarMult(k, u)), "scalarmult");
    assert.equal(hex(sodium.scalarMultBase(k)), hex(scalarMultBase(k)), "scalarmult_base");
  }
});

Deno.test("ffjavascript: one thread; MSM and pairings equal isochron's", async () => {
  const curve = await ffjavascriptCurve("bls12-381");
  try {
    assert.equal(curve.tm.singleThread, true);
    assert.equal(curve.tm.concurrency, 1);
    assert.equal(curve.tm.workers, undefined, "no worker threads");
    const k = randomBelow(r);
    const [x, y] = ffG1Times(curve, k), mine = G1.BASE.multiply(k);
    assert.deepEqual([x, y], [mine.x, mine.y], "k·G1");
    const n = 16, scalars = Array.from({ length: n }, () => randomBelow(r));
    const points = Array.from({ length: n }, () => ffG1Times(curve, randomBelow(r)));
    const { bases, ks } = ffMsmInputs(curve, points, scalars);
    const sum = curve.G1.toObject(curve.G1.toAffine(await curve.G1.multiExpAffine(bases, ks)));
    const ours = G1.msmVartime(points.map(([x, y]) => G1.fromAffine({ x, y })), scalars);
    assert.deepEqual([sum[0], sum[1]], [ours.x, ours.y], "multiExpAffine");
    await pairingMatches(curve, bls12_381, 48);
  } finally {
    await releaseFfjavascript(curve);
  }
  const bn = await ffjavascriptCurve("bn254");
  try {
    await pairingMatches(bn, bn254, 32);
  } finally {
    await releaseFfjavascript(bn);
  }
});

/** ffjavascript's e(aG1, bG2) has isochron's twelve coefficients (as a set: the orders differ). */
// deno-lint-ignore no-explicit-any
function pairingMatches(curve: any, lib: any, n: number): Promise<void> {
  const rr = lib.G1.r, a = randomBelow(rr), b = randomBelow(rr);
  const P = curve.G1.timesScalar(curve.G1.g, le32(a)), Q = curve.G2.timesScalar(curve.G2.g, le32(b));
  const gt = curve.pairing(curve.G1.toAffine(P), curve.G2.toAffine(Q));
  const theirs = sorted(flatten(curve.Gt.toObject(gt)));
  const ours = sorted(
    coefficients(lib.pairing(lib.G1.BASE.multiply(a), lib.G2.BASE.multiply(b)).toBytes(), n, false),
  );
  assert.deepEqual(theirs, ours, "pairing");
  return Promise.resolve();
}

// deno-lint-ignore no-explicit-any
const flatten = (x: any): bigint[] => typeof x === "bigint" ? [x] : (x as unknown[]).flatMap(flatten);
