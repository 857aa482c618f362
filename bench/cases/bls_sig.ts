/**
 * BLS signatures, the Ethereum suite (BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_; keys in G1,
 * signatures in G2). Suite `bls12-381`: `bls-sign`, `bls-verify`.
 * Fair comparisons: bytes in, bytes out for every library. `bls-sign`: hash a random 32-byte message to
 * G2, multiply by the key (constant-time), encode the 96-byte signature. `bls-verify`: decode the public
 * key and the signature with full validation (on-curve, subgroup), hash the message, check the pairing
 * equation (isochron: one 2-pair Miller loop and one final exponentiation). bls-eth-wasm (wasm, its
 * Ethereum mode, the same DST; subgroup checks of deserialisation switched on): `sign(msg).serialize()`
 * and `deserialize` of both + `verify` (bench/wasm_peers.ts).
 */
import { type BenchCase, randomBytes } from "../case.ts";
import { blsEthWasm } from "../wasm_peers.ts";

const DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

export default function (): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];
  const suite = "bls12-381";
  for (const backend of ["wasm", "ts"] as const) {
    const sig = async () => {
      const { signatureSuite } = await import("../../curves/bls12_381/signatures/mod.ts");
      return { s: signatureSuite({}, backend) };
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
  return Promise.resolve(cases);
}
