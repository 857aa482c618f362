/**
 * BLS signatures, the Ethereum suite (BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_; keys in G1,
 * signatures in G2). Suite `bls12-381`, ops `bls-sign`, `bls-verify`, `bls-fav-64`.
 * Fair comparisons: bytes in, bytes out for every library. `bls-sign`: hash a random 32-byte message to
 * G2, multiply by the key (constant-time), encode the 96-byte signature. `bls-verify`: decode the public
 * key and the signature with full validation (on-curve, subgroup), hash the message, check the pairing
 * equation (isochron: one 2-pair Miller loop and one final exponentiation). bls-eth-wasm (wasm, its
 * Ethereum mode, the same DST; subgroup checks of deserialisation switched on): `sign(msg).serialize()`
 * and `deserialize` of both + `verify` (bench/wasm_peers.ts).
 * `bls-fav-64`: FastAggregateVerify of one message signed by 64 keys (draft-irtf-cfrg-bls-signature-05
 * §3.3.4), bytes in: decode and validate the 64 public keys and the aggregate signature, add the keys,
 * hash the message, check the pairing equation. Issue 13 measured decoding at 13 of its 17 ms: the
 * keys' square roots and subgroup checks, one per key (a random combination of the keys would not be a
 * sound batched check: BLS12-381's G1 cofactor has the prime factors 3 and 11, tests/curves/group/subgroup.test.ts).
 */
import { type BenchCase, randomBytes } from "../case.ts";
import { blsEthWasm } from "../wasm_peers.ts";
import type { BlsPopSuite } from "../../curves/bls12_381/signatures/suite.ts";

const DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/** Keys of the `bls-fav-64` rows. */
const FAV_KEYS = 64;
const FAV_LABEL =
  `BLS fast aggregate verify, ${FAV_KEYS} keys (decode + validate keys and signature, aggregate, hash, 2-pairing check)`;

/** The inputs of `bls-fav-64` as bytes: 64 compressed public keys, a message, their aggregate signature. */
async function favInputs(): Promise<{ pks: Uint8Array[]; msg: Uint8Array; sig: Uint8Array }> {
  const { signatureSuite } = await import("../../curves/bls12_381/signatures/mod.ts");
  const s = signatureSuite({}, "wasm"), msg = randomBytes(32);
  const sks = Array.from({ length: FAV_KEYS }, () => s.SecretKey.random());
  const sig = s.aggregateSignatures(sks.map((sk) => s.sign(sk, msg))).toBytes();
  return { pks: sks.map((sk) => s.getPublicKey(sk).toBytes()), msg, sig };
}

/** `run` after checking that it accepts the valid inputs (a library that rejects them has no row). */
function checked(lib: string, run: () => boolean): () => boolean {
  if (!run()) throw new Error(`${lib} bls-fav-64: setup signature invalid`);
  return run;
}

export default function (): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];
  const suite = "bls12-381";
  for (const backend of ["wasm", "ts"] as const) {
    const sig = async () => {
      const { signatureSuite } = await import("../../curves/bls12_381/signatures/mod.ts");
      return { s: signatureSuite({}, backend) as BlsPopSuite }; // the POP suite: the default options
    };
    cases.push({
      suite,
      op: "bls-sign",
      label: "BLS sign (hash to G2, constant-time multiply, encode)",
      lib: "isochron",
      backend,
      setup: async () => {
        const { s } = await sig();
        const sk = s.SecretKey.random(), msg = randomBytes(32);
        return () => s.sign(sk, msg).toBytes();
      },
    });
    cases.push({
      suite,
      op: "bls-verify",
      label: "BLS verify (decode + validate pk and signature, hash, 2-pairing check)",
      lib: "isochron",
      backend,
      setup: async () => {
        const { s } = await sig();
        const sk = s.SecretKey.random(), msg = randomBytes(32);
        const pk = s.getPublicKey(sk).toBytes(), sg = s.sign(sk, msg).toBytes();
        const verify = () => s.verify(s.PublicKey.fromBytes(pk), msg, s.Signature.fromBytes(sg));
        if (!verify()) throw new Error("isochron bls-verify: setup signature invalid");
        return verify;
      },
    });
    cases.push({
      suite,
      op: "bls-fav-64",
      label: FAV_LABEL,
      lib: "isochron",
      backend,
      setup: async () => {
        const { s } = await sig(), { pks, msg, sig: sg } = await favInputs();
        return checked(
          "isochron",
          () =>
            s.fastAggregateVerify(pks.map((b) => s.PublicKey.fromBytes(b)), msg, s.Signature.fromBytes(sg)),
        );
      },
    });
  }

  const noble = async () => (await import("@noble/curves/bls12-381.js")).bls12_381;
  cases.push({
    suite,
    op: "bls-sign",
    label: "BLS sign (hash to G2, constant-time multiply, encode)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const N = (await noble()).longSignatures;
      const { secretKey } = N.keygen(), msg = randomBytes(32);
      return () => N.sign(N.hash(msg, DST), secretKey).toBytes();
    },
  });
  cases.push({
    suite,
    op: "bls-verify",
    label: "BLS verify (decode + validate pk and signature, hash, 2-pairing check)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const N = (await noble()).longSignatures;
      const { secretKey, publicKey } = N.keygen(), msg = randomBytes(32);
      const pk = publicKey.toBytes(), sg = N.sign(N.hash(msg, DST), secretKey).toBytes();
      if (!N.verify(sg, N.hash(msg, DST), pk)) throw new Error("noble bls-verify: setup signature invalid");
      return () => N.verify(sg, N.hash(msg, DST), pk);
    },
  });

  // @chainsafe/blst (native, via napi): its DST is the same POP suite.
  cases.push({
    suite,
    op: "bls-sign",
    label: "BLS sign (hash to G2, constant-time multiply, encode)",
    lib: "blst",
    backend: "native",
    setup: async () => {
      const { SecretKey } = await import("@chainsafe/blst");
      const sk = SecretKey.fromKeygen(randomBytes(32)), msg = randomBytes(32);
      return () => sk.sign(msg).toBytes();
    },
  });
  cases.push({
    suite,
    op: "bls-verify",
    label: "BLS verify (decode + validate pk and signature, hash, 2-pairing check)",
    lib: "blst",
    backend: "native",
    setup: async () => {
      const { SecretKey, PublicKey, Signature, verify } = await import("@chainsafe/blst");
      const sk = SecretKey.fromKeygen(randomBytes(32)), msg = randomBytes(32);
      const pk = sk.toPublicKey().toBytes(), sg = sk.sign(msg).toBytes();
      const run = () => verify(msg, PublicKey.fromBytes(pk, true), Signature.fromBytes(sg, true), true, true);
      if (!run()) throw new Error("blst bls-verify: setup signature invalid");
      return run;
    },
  });
  cases.push({
    suite,
    op: "bls-sign",
    label: "BLS sign (hash to G2, constant-time multiply, encode)",
    lib: "bls-eth-wasm",
    backend: "wasm",
    setup: async () => {
      const bls = await blsEthWasm();
      // a random key: noble's keygen gives 32 big-endian bytes below r
      const sk = bls.secretKey((await noble()).longSignatures.keygen().secretKey), msg = randomBytes(32);
      return () => bls.sign(sk, msg);
    },
  });
  cases.push({
    suite,
    op: "bls-verify",
    label: "BLS verify (decode + validate pk and signature, hash, 2-pairing check)",
    lib: "bls-eth-wasm",
    backend: "wasm",
    setup: async () => {
      const bls = await blsEthWasm();
      // a random key: noble's keygen gives 32 big-endian bytes below r
      const sk = bls.secretKey((await noble()).longSignatures.keygen().secretKey), msg = randomBytes(32);
      const pk = bls.publicKey(sk), sg = bls.sign(sk, msg);
      if (!bls.verify(pk, msg, sg)) throw new Error("bls-eth-wasm bls-verify: setup signature invalid");
      return () => bls.verify(pk, msg, sg);
    },
  });
  cases.push({
    suite,
    op: "bls-fav-64",
    label: FAV_LABEL,
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const N = (await noble()).longSignatures, { pks, msg, sig } = await favInputs();
      // bytes are decoded by fromBytes, which checks the curve and the subgroup (assertValidity)
      return checked("noble", () => N.verify(sig, N.hash(msg, DST), N.aggregatePublicKeys(pks)));
    },
  });
  cases.push({
    suite,
    op: "bls-fav-64",
    label: FAV_LABEL,
    lib: "blst",
    backend: "native",
    setup: async () => {
      const { PublicKey, Signature, fastAggregateVerify } = await import("@chainsafe/blst");
      const { pks, msg, sig } = await favInputs();
      return checked(
        "blst",
        () =>
          fastAggregateVerify(
            msg,
            pks.map((b) => PublicKey.fromBytes(b, true)),
            Signature.fromBytes(sig, true),
            false,
          ),
      );
    },
  });
  cases.push({
    suite,
    op: "bls-fav-64",
    label: FAV_LABEL,
    lib: "bls-eth-wasm",
    backend: "wasm",
    setup: async () => {
      const bls = await blsEthWasm(), { pks, msg, sig } = await favInputs();
      return checked("bls-eth-wasm", () => bls.fastAggregateVerify(pks, msg, sig));
    },
  });
  return Promise.resolve(cases);
}
