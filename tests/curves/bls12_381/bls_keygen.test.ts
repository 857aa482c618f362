/**
 * BLS KeyGen (draft-irtf-cfrg-bls-signature-05 §2.3) and proof of possession (§3.3), plus the wide
 * constant-time reduction of scalar/reduce_wide.ts:
 * - reduction vs BigInt on edge and random 48-byte inputs;
 * - keyGen vs a BigInt/@noble/hashes reference written here from the draft's steps (random IKMs, with
 *   and without key_info), and known answers computed by blst (@chainsafe/blst `SecretKey.fromKeygen`,
 *   run once under Node; the draft's own test vectors are not available offline);
 * - popProve/popVerify round trip, rejections, and differential vs @noble/curves (which has no PoP API:
 *   its `longSignatures.sign` of the message hashed under the POP tag is the same computation);
 * - ct flow proofs of keyGen (whole, and the reduction alone) over different IKMs.
 */
import { ctFlow } from "../../ct/registry.ts";
import { BLS_POP_PROOF_DST, FIELDS, IsochronError, keyGen, WideScalarReducer } from "../../internal.ts";
import { seededBytes, seededRandom } from "../../ct/secrets.ts";
import assert from "node:assert/strict";
import { bls12_381 as noble } from "@noble/curves/bls12-381.js";
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bls12_381 } from "../../../curves/bls12_381/mod.ts";

const r = FIELDS["bls12-381-fr"].p;
const sig = bls12_381.sig;
const next = seededRandom(2333);
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const big = (b: Uint8Array) => b.reduce((a, x) => (a << 8n) | BigInt(x), 0n);
const bytesOf = (x: bigint, n: number) => {
  const out = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
};
const enc = (s: string) => new TextEncoder().encode(s);

/** The draft's KeyGen, step by step, with BigInt (test reference). */
function keyGenReference(ikm: Uint8Array, keyInfo = new Uint8Array(0)): Uint8Array {
  const L = 48;
  let salt: Uint8Array = enc("BLS-SIG-KEYGEN-SALT-");
  let sk = 0n;
  while (sk === 0n) {
    salt = sha256(salt);
    const okm = hkdf(sha256, Uint8Array.from([...ikm, 0]), salt, Uint8Array.from([...keyInfo, 0, L]), L);
    sk = big(okm) % r;
  }
  return bytesOf(sk, 32);
}

Deno.test("reduce_wide: 48-byte inputs mod r vs BigInt (edges and random)", () => {
  const red = new WideScalarReducer(r, 48);
  assert.equal(red.outputBytes, 32);
  const top = (1n << 384n) - 1n;
  const edges = [
    0n,
    1n,
    r - 1n,
    r,
    r + 1n,
    2n * r,
    2n * r - 1n,
    top,
    top - 1n,
    1n << 383n,
    (1n << 256n) - 1n,
  ];
  for (let k = 1n; k < 8n; k++) edges.push(k * r, ((top / r) - k) * r, (top / r) * r, (top / r) * r - 1n);
  for (let i = 0; i < 200; i++) edges.push(big(seededBytes(next, 48)));
  for (let i = 0; i < 50; i++) edges.push(big(seededBytes(next, 32)) * r); // multiples of r (< 2^384)
  for (const x of edges) {
    if (x > top) continue;
    assert.equal(hex(red.reduce(bytesOf(x, 48))), hex(bytesOf(x % r, 32)), `x = ${x}`);
  }
  assert.throws(() => red.reduce(new Uint8Array(47)), RangeError);
});

Deno.test("keyGen vs the draft's steps (BigInt reference), random IKMs, with and without key_info", () => {
  for (let i = 0; i < 40; i++) {
    const ikm = seededBytes(next, 32 + (i % 5) * 7);
    const info = i % 2 === 0 ? new Uint8Array(0) : seededBytes(next, i % 9);
    const sk = (i % 4 === 0 ? sig.SecretKey.keyGen(ikm) : sig.SecretKey.keyGen(ikm, info)).toBytes();
    assert.equal(hex(sk), hex(keyGenReference(ikm, i % 4 === 0 ? undefined : info)));
    assert.equal(sk.length, 32);
  }
});

Deno.test("keyGen known answers (blst via @chainsafe/blst SecretKey.fromKeygen)", () => {
  const ikm7 = new Uint8Array(32).fill(7);
  assert.equal(
    hex(sig.SecretKey.keyGen(ikm7).toBytes()),
    "23c205e368093188a73311a45658e3d30e00741019b0eff05277ba2fd42bc422",
  );
  assert.equal(
    hex(sig.SecretKey.keyGen(ikm7, enc("info")).toBytes()),
    "43633ce762f75c61db597f1dc8d15b5d1d3714be6f9d6fb661412b90de001174",
  );
  const ikm40 = Uint8Array.from({ length: 40 }, (_, i) => (i * 13) & 255);
  assert.equal(
    hex(sig.SecretKey.keyGen(ikm40, enc("abc")).toBytes()),
    "0a436083383798298844b0f5006d06e30a38430a12463e04813e7c7807d379dd",
  );
});

Deno.test("keyGen: input checks, no aliasing, usable key", () => {
  assert.throws(
    () => sig.SecretKey.keyGen(new Uint8Array(31)),
    (e) => e instanceof IsochronError && e.code === "INVALID_LENGTH",
  );
  assert.throws(
    () => sig.SecretKey.keyGen("x".repeat(32) as unknown as Uint8Array),
    (e) => e instanceof IsochronError && e.code === "INVALID_TYPE",
  );
  assert.throws(
    () => sig.SecretKey.keyGen(new Uint8Array(32), "i" as unknown as Uint8Array),
    (e) => e instanceof IsochronError && e.code === "INVALID_TYPE",
  );
  const ikm = seededBytes(next, 32);
  const copy = ikm.slice();
  const sk = sig.SecretKey.keyGen(ikm);
  assert.deepEqual(ikm, copy); // the input is not modified
  assert.equal(hex(keyGen(ikm)), hex(sk.toBytes()));
  assert.equal(
    sig.getPublicKey(sk).toHex(),
    hex(noble.longSignatures.getPublicKey(sk.toBytes()).toBytes(true)),
  );
});

Deno.test("popProve / popVerify: round trip, rejections, differential vs noble", () => {
  const nobleSig = noble.longSignatures;
  const sks = [0, 1, 2].map(() => sig.SecretKey.keyGen(seededBytes(next, 32)));
  const pks = sks.map((sk) => sig.getPublicKey(sk));
  const code = (c: string) => (e: unknown) => e instanceof IsochronError && e.code === c;
  for (let i = 0; i < sks.length; i++) {
    const proof = sig.popProve(sks[i]);
    assert.equal(proof.toBytes().length, 96);
    const expected = nobleSig.sign(nobleSig.hash(pks[i].toBytes(), BLS_POP_PROOF_DST), sks[i].toBytes());
    assert.equal(proof.toHex(), hex(expected.toBytes(true)));
    assert.equal(sig.popVerify(pks[i], proof), true);
    assert.equal(sig.popVerify(pks[i], sig.Proof.fromBytes(proof.toBytes())), true);
    assert.equal(sig.popVerify(pks[(i + 1) % 3], proof), false); // wrong key
    // A signature of PK under the signature DST is not a proof (domain separation), and the two
    // types do not mix.
    const asProof = sig.Proof.fromBytes(sig.sign(sks[i], pks[i].toBytes()).toBytes());
    assert.equal(sig.popVerify(pks[i], asProof), false);
    assert.equal(sig.verify(pks[i], pks[i].toBytes(), sig.Signature.fromBytes(proof.toBytes())), false);
    assert.throws(() => sig.verify(pks[i], pks[i].toBytes(), proof as never), code("INVALID_TYPE"));
  }
  const proof = sig.popProve(sks[0]);
  // Decoding follows the consensus specification: compressed Bytes48 / Bytes96 only, no identity key.
  const uncompressed = noble.G1.Point.fromBytes(pks[0].toBytes()).toBytes(false);
  assert.throws(() => sig.PublicKey.fromBytes(uncompressed), code("INVALID_LENGTH"));
  assert.throws(() => sig.PublicKey.fromBytes(new Uint8Array(48)), IsochronError);
  assert.throws(() => sig.Proof.fromBytes(proof.toBytes().subarray(0, 95)), code("INVALID_LENGTH"));
  const proofUncompressed = noble.G2.Point.fromBytes(proof.toBytes()).toBytes(false);
  assert.throws(() => sig.Proof.fromBytes(proofUncompressed), code("INVALID_LENGTH"));
  const identity = new Uint8Array(48);
  identity[0] = 0xc0;
  assert.throws(() => sig.PublicKey.fromBytes(identity), code("INVALID_KEY"));
  assert.throws(() => sig.popProve(new Uint8Array(32) as never), code("INVALID_TYPE"));
  assert.throws(() => sig.SecretKey.fromBytes(new Uint8Array(32)), code("INVALID_SCALAR"));
  assert.equal(sig.POP_DST, "BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_");
});

// Different IKMs (same length: the length is public). All give nonzero keys, so the retry never runs.
const ikms = () => {
  const g = seededRandom(7);
  const out = [new Uint8Array(32), new Uint8Array(32).fill(0xff), new Uint8Array(32).fill(0x55)];
  for (let i = 0; i < 5; i++) out.push(seededBytes(g, 32));
  return out;
};
ctFlow("bls keyGen (whole, library files)", (ikm: Uint8Array) => keyGen(ikm, enc("info")), ikms);
const wide = () => {
  const g = seededRandom(8);
  const out = [new Uint8Array(48), new Uint8Array(48).fill(0xff), bytesOf(r, 48), bytesOf(r * 12345n, 48)];
  for (let i = 0; i < 6; i++) out.push(seededBytes(g, 48));
  return out;
};
const reducer = new WideScalarReducer(r, 48);
const outBuf = new Uint8Array(32);
ctFlow("keyGen reduction: 48 bytes mod r", (x: Uint8Array) => reducer.reduceInto(outBuf, x), wide);
