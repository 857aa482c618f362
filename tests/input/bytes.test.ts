/**
 * Byte arguments are read, never written, whatever Uint8Array they are (a Node `Buffer`, whose
 * `slice()` is a view; a view at an offset; a subclass), and results are fresh plain Uint8Arrays. Look-
 * alikes that pass `instanceof Uint8Array` without being one get INVALID_TYPE. Every byte API, both
 * backends: each call is made twice with the same argument, and must give the plain array's answer
 * both times and leave the argument's bytes as they were.
 */
import { expandMessageXmd, FIELDS, signatureSuite } from "../internal.ts";
import type { BlsPopSuite } from "../../curves/bls12_381/mod.ts";
import assert from "node:assert/strict";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { bn254 } from "../../curves/bn254/mod.ts";
import { decodeFieldElement, fieldKernel } from "../../field/mod.ts";
import { x25519 } from "../../x25519/mod.ts";
import { BACKENDS, bls12_381Groups, bn254Groups, hex, throwsCode } from "../curves/helpers.ts";
import { FORMS, LOOK_ALIKES } from "../fuzz/helpers.ts";

/** A comparable form of a result: bytes as hex, points by their encoding, booleans as they are. */
function show(x: unknown): string {
  if (x instanceof Uint8Array) {
    assert.equal(Object.getPrototypeOf(x), Uint8Array.prototype, "results are plain Uint8Arrays");
    return hex(x);
  }
  if (typeof x === "boolean") return String(x);
  const p = x as { toBytes(): Uint8Array };
  return hex(p.toBytes());
}

interface Case {
  readonly name: string;
  /** The plain arguments. */
  readonly args: () => Uint8Array[];
  /** Which arguments are bytes to vary (default: all). */
  readonly vary?: readonly number[];
  readonly call: (...args: Uint8Array[]) => unknown;
}

function cases(backend: "wasm" | "ts"): Case[] {
  const { G1, G2 } = bls12_381Groups(backend);
  const E1 = G1.codec("eip2537"), E2 = G2.codec("eip2537");
  const bn = bn254Groups(backend);
  const sig = signatureSuite({}, backend) as BlsPopSuite;
  const short = signatureSuite({ publicKeyGroup: "G2", scheme: "aug" }, backend);
  const sk = bls12_381.Fr.fromBytes(new Uint8Array(32).fill(3));
  const msg = new TextEncoder().encode("a message");
  const msg32 = new Uint8Array(32).fill(9);
  const key = sig.SecretKey.fromBytes(sk);
  const pk = sig.getPublicKey(key).toBytes(),
    s = sig.sign(key, msg).toBytes(),
    proof = sig.popProve(key).toBytes();
  const spk = short.getPublicKey(key).toBytes(), ss = short.sign(key, msg).toBytes();
  const k = new Uint8Array(32).fill(0x5a);
  const P1 = G1.BASE.multiply(7n), P2 = G2.BASE.multiply(7n);
  const bnP = bn.G1.BASE.multiply(7n), bnQ = bn.G2.BASE.multiply(7n);
  const xsk = new Uint8Array(32).fill(0x42), xpk = x25519.getPublicKey(new Uint8Array(32).fill(0x24));
  const fp = fieldKernel(FIELDS["bls12-381-fp"], backend), slot = fp.alloc(1);
  const SK = sig.SecretKey, PK = sig.PublicKey, SG = sig.Signature;
  return [
    {
      name: "sig.SecretKey.fromBytes + sign",
      args: () => [sk, msg],
      call: (a, b) => sig.sign(SK.fromBytes(a), b),
    },
    {
      name: "sig.SecretKey.fromBytes + sign (32-byte message)",
      args: () => [sk, msg32],
      call: (a, b) => sig.sign(SK.fromBytes(a), b),
    },
    {
      name: "sig.SecretKey.fromBytes + getPublicKey",
      args: () => [sk],
      call: (a) => sig.getPublicKey(SK.fromBytes(a)),
    },
    {
      name: "sig.SecretKey.fromBytes + popProve",
      args: () => [sk],
      call: (a) => sig.popProve(SK.fromBytes(a)),
    },
    { name: "sig.SecretKey.fromBytes + toBytes", args: () => [sk], call: (a) => SK.fromBytes(a).toBytes() },
    {
      name: "sig.popVerify",
      args: () => [pk, proof],
      call: (a, b) => sig.popVerify(PK.fromBytes(a), sig.Proof.fromBytes(b)),
    },
    {
      name: "sig.verify",
      args: () => [pk, msg, s],
      call: (a, b, c) => sig.verify(PK.fromBytes(a), b, SG.fromBytes(c)),
    },
    {
      name: "sig.fastAggregateVerify",
      args: () => [pk, msg, s],
      call: (a, b, c) => sig.fastAggregateVerify([PK.fromBytes(a)], b, SG.fromBytes(c)),
    },
    {
      name: "sig.aggregateVerify",
      args: () => [pk, msg, s],
      call: (a, b, c) => sig.aggregateVerify([PK.fromBytes(a)], [b], SG.fromBytes(c)),
    },
    {
      name: "sig.verifyBatch",
      args: () => [pk, msg, s],
      call: (a, b, c) =>
        sig.verifyBatch([{ publicKey: PK.fromBytes(a), message: b, signature: SG.fromBytes(c) }]),
    },
    {
      name: "sig.aggregateSignatures",
      args: () => [s],
      call: (a) => sig.aggregateSignatures([SG.fromBytes(a), SG.fromBytes(a)]),
    },
    {
      name: "sig.aggregatePublicKeys",
      args: () => [pk],
      call: (a) => sig.aggregatePublicKeys([PK.fromBytes(a)]),
    },
    {
      name: "sig.SecretKey.keyGen",
      args: () => [new Uint8Array(32).fill(1), msg],
      call: (a, b) => SK.keyGen(a, b).toBytes(),
    },
    {
      name: "AUG, keys in G2: verify",
      args: () => [spk, msg, ss],
      call: (a, b, c) => short.verify(short.PublicKey.fromBytes(a), b, short.Signature.fromBytes(c)),
    },
    { name: "G1.fromBytes (compressed)", args: () => [P1.toBytes()], call: (a) => G1.fromBytes(a) },
    { name: "G1.fromBytes (uncompressed)", args: () => [P1.toBytes(false)], call: (a) => G1.fromBytes(a) },
    { name: "G1.fromBytesUnchecked", args: () => [P1.toBytes()], call: (a) => G1.fromBytesUnchecked(a) },
    { name: "G2.fromBytes (compressed)", args: () => [P2.toBytes()], call: (a) => G2.fromBytes(a) },
    { name: "G1 EIP-2537 decode", args: () => [E1.encode(P1)], call: (a) => E1.decode(a) },
    { name: "G2 EIP-2537 decode", args: () => [E2.encode(P2)], call: (a) => E2.decode(a) },
    { name: "G1 EIP-2537 decodeUnchecked", args: () => [E1.encode(P1)], call: (a) => E1.decodeUnchecked(a) },
    { name: "bn254 G1.fromBytes", args: () => [bnP.toBytes()], call: (a) => bn.G1.fromBytes(a) },
    {
      name: "bn254 G1.fromBytes (compressed)",
      args: () => [bnP.toBytes(true)],
      call: (a) => bn.G1.fromBytes(a),
    },
    {
      name: "bn254 G2.fromBytes (compressed)",
      args: () => [bnQ.toBytes(true)],
      call: (a) => bn.G2.fromBytes(a),
    },
    { name: "G1 P.multiply", args: () => [k], call: (a) => P1.multiply(a) },
    { name: "G1 BASE.multiply", args: () => [k], call: (a) => G1.BASE.multiply(a) },
    { name: "G2 P.multiply", args: () => [k], call: (a) => P2.multiply(a) },
    { name: "G2 BASE.multiply", args: () => [k], call: (a) => G2.BASE.multiply(a) },
    { name: "bn254 G1 P.multiply", args: () => [k], call: (a) => bnP.multiply(a) },
    { name: "bn254 G2 P.multiply", args: () => [k], call: (a) => bnQ.multiply(a) },
    { name: "P.multiplyUnsafe", args: () => [k], call: (a) => P1.multiplyUnsafe(a) },
    { name: "G1.msm", args: () => [k], call: (a) => G1.msmVartime([P1, G1.BASE], [a, a]) },
    { name: "G2.hashToCurve", args: () => [msg], call: (a) => G2.hashToCurve(a, "DST-A") },
    { name: "G1.hashToCurve (bytes DST)", args: () => [msg, msg32], call: (a, b) => G1.hashToCurve(a, b) },
    { name: "expandMessageXmd", args: () => [msg, msg32], call: (a, b) => expandMessageXmd(a, b, 64) },
    { name: "Fr.fromBytes", args: () => [sk], call: (a) => bls12_381.Fr.fromBytes(a) },
    { name: "Fr.toBytes", args: () => [sk], call: (a) => bn254.Fr.toBytes(a) },
    {
      name: "decodeFieldElement",
      args: () => [new Uint8Array(48).fill(1)],
      call: (a) => (decodeFieldElement(fp, slot, a), fp.toBigintVartime(slot) === 0x01n ? false : true),
    },
    { name: "x25519.scalarMult", args: () => [xsk, xpk], call: (a, b) => x25519.scalarMult(a, b) },
    { name: "x25519.scalarMultBase", args: () => [xsk], call: (a) => x25519.scalarMultBase(a) },
    { name: "x25519.getPublicKey", args: () => [xsk], call: (a) => x25519.getPublicKey(a) },
    { name: "x25519.getSharedSecret", args: () => [xsk, xpk], call: (a, b) => x25519.getSharedSecret(a, b) },
  ];
}

for (const backend of BACKENDS) {
  Deno.test(`byte arguments are read, never written; results are fresh (${backend})`, () => {
    for (const c of cases(backend)) {
      const plain = c.args();
      const expected = show(c.call(...plain));
      for (const [form, make] of Object.entries(FORMS)) {
        for (let which = 0; which < plain.length; which++) {
          const args = plain.map((a, i) => (i === which ? make(a) : a));
          const before = hex(args[which]);
          for (let round = 1; round <= 2; round++) {
            const out = c.call(...args);
            assert.equal(show(out), expected, `${c.name}, argument ${which} as ${form}, call ${round}`);
            if (out instanceof Uint8Array) {
              assert.notEqual(out.buffer, args[which].buffer, `${c.name}: the result aliases its argument`);
            }
            assert.equal(hex(args[which]), before, `${c.name}: argument ${which} (${form}) was modified`);
          }
        }
      }
    }
  });

  Deno.test(`byte look-alikes get INVALID_TYPE (${backend})`, () => {
    for (const c of cases(backend)) {
      const plain = c.args();
      for (const [form, make] of Object.entries(LOOK_ALIKES)) {
        for (let which = 0; which < plain.length; which++) {
          const args = plain.map((a, i) => (i === which ? make(a) : a)) as Uint8Array[];
          throwsCode(() => c.call(...args), "INVALID_TYPE", `${c.name}, argument ${which} as ${form}`);
        }
      }
    }
  });
}
