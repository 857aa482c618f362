/**
 * Fuzz of the BLS signature suites (`bls12_381.sig` and the six of `signatureSuite`: keys in G1 or G2;
 * basic, aug, pop; both backends): secret keys of every value, public keys, signatures and proofs from
 * edited encodings (the codes of the ZCash reference, INVALID_KEY for the identity key) and from hex,
 * messages of every form, values in the wrong place or from another suite, and each operation's answer
 * against @noble/curves' hash-to-curve and multiplication (sign, popProve, aggregates) or its known
 * truth value (verify, aggregateVerify, fastAggregateVerify, verifyBatch, popVerify).
 */
import { bls12_381 as nbls } from "@noble/curves/bls12-381.js";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import type { BlsPopSuite, BlsSuite } from "../../curves/bls12_381/mod.ts";
import { signatureSuite } from "../internal.ts";
import { hex } from "../curves/helpers.ts";
import {
  beBytes,
  concat,
  detached,
  eqHex,
  type Family,
  family,
  FORMS,
  fuzzTypes,
  label,
  mutate,
  ok,
} from "./helpers.ts";
import { REF, zcash } from "./reference.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const enc = new TextEncoder();
const r = nbls.fields.Fr.ORDER;

interface SuiteCase {
  name: string;
  make: (backend: "wasm" | "ts") => BlsSuite;
}
const CASES: SuiteCase[] = [{ name: "bls12_381.sig", make: () => bls12_381.sig }];
for (const publicKeyGroup of ["G1", "G2"] as const) {
  for (const scheme of ["basic", "aug", "pop"] as const) {
    CASES.push({
      name: `signatureSuite(${publicKeyGroup}, ${scheme})`,
      make: (backend) => signatureSuite({ publicKeyGroup, scheme } as never, backend) as BlsSuite,
    });
  }
}

/** The noble reference of a suite: keys k·g, signatures k·H(m). */
function reference(s: BlsSuite) {
  const g1 = s.publicKeyGroup === "G1";
  const K = g1 ? nbls.G1.Point : nbls.G2.Point, S = g1 ? nbls.G2.Point : nbls.G1.Point;
  const hash = (m: Uint8Array, dst: string | Uint8Array) =>
    (g1 ? nbls.G2 : nbls.G1).hashToCurve(m, { DST: dst }) as Any;
  const pk = (k: bigint): Uint8Array => K.BASE.multiply(k).toBytes();
  return {
    pk,
    sign: (k: bigint, m: Uint8Array): Uint8Array =>
      hash(s.scheme === "aug" ? concat(pk(k), m) : m, s.DST).multiply(k).toBytes(),
    pop: (k: bigint): Uint8Array => hash(pk(k), (s as BlsPopSuite).POP_DST).multiply(k).toBytes(),
    sum: (xs: Uint8Array[], keys: boolean): Uint8Array =>
      xs.map((x) => (keys ? K : S).fromBytes(x)).reduce((a: Any, b: Any) => a.add(b)).toBytes(),
    keyCodec: zcash(g1 ? REF.blsG1 : REF.blsG2),
    sigCodec: zcash(g1 ? REF.blsG2 : REF.blsG1),
  };
}

const KNOWN_MSG = enc.encode("known answer");
for (const c of CASES) {
  let knownSig: Uint8Array | undefined;
  family(c.name, {
    budgetMs: 30_000,
    known: (backend) => {
      const s = c.make(backend), sk = s.SecretKey.fromBytes(beBytes(7n, 32));
      knownSig ??= reference(s).sign(7n, KNOWN_MSG);
      return () => eqHex(s.sign(sk, KNOWN_MSG).toBytes(), knownSig!, "known signature");
    },
  }, (f) => fuzzSuite(f, c.make(f.backend)));
}

function fuzzSuite(f: Family, s: BlsSuite): void {
  const ref = reference(s), pop = s.scheme === "pop" ? s as BlsPopSuite : undefined;
  const keys: { k: bigint; sk: Any; pk: Any; m: Uint8Array; sig: Any }[] = [];
  for (let i = 0; i < f.count(2); i++) {
    // Secret keys: every value class of 32 bytes, and other lengths.
    const k = f.rng.below(r - 1n) + 1n, kb = beBytes(k, 32);
    for (const bad of [0n, r, r + 1n, (1n << 256n) - 1n]) {
      f.check(`SecretKey.fromBytes(${bad})`, () => s.SecretKey.fromBytes(beBytes(bad, 32)), "INVALID_SCALAR");
    }
    const cut = mutate(f.rng, kb);
    f.check(
      `SecretKey.fromBytes(${hex(cut)})`,
      () => s.SecretKey.fromBytes(cut),
      cut.length !== 32 ? "INVALID_LENGTH" : (() => {
        const v = BigInt("0x" + hex(cut));
        return v === 0n || v >= r ? "INVALID_SCALAR" : (x: Any) => eqHex(x.toBytes(), cut, "secret key");
      })(),
    );
    let sk: Any;
    f.check(
      "SecretKey.fromBytes",
      () => (sk = s.SecretKey.fromBytes(kb)),
      (x: Any) => eqHex(x.toBytes(), kb, "secret key"),
    );
    const m = concat(Uint8Array.of(i), f.rng.bytes(f.rng.int(70))); // distinct messages
    let pk: Any, sig: Any;
    f.check(
      "getPublicKey",
      () => (pk = s.getPublicKey(sk)),
      (P: Any) => eqHex(P.toBytes(), ref.pk(k), "noble's public key"),
    );
    f.check(
      "sign",
      () => (sig = s.sign(sk, m)),
      (S: Any) => eqHex(S.toBytes(), ref.sign(k, m), "noble's signature"),
    );
    f.check("verify", () => s.verify(pk, m, sig), (v) => ok(v, "a valid signature does not verify"));
    const m2 = mutate(f.rng, m);
    if (hex(m2) !== hex(m)) {
      f.check("verify (edited message)", () => s.verify(pk, m2, sig), (v) => ok(!v, "verified"));
    }
    keys.push({ k, sk, pk, m, sig });
    // Decoders: edited encodings of the key and the signature, checked by the ZCash reference.
    for (
      const [what, D, codec, b, isKey] of [
        ["PublicKey", s.PublicKey, ref.keyCodec, pk.toBytes(), true],
        ["Signature", s.Signature, ref.sigCodec, sig.toBytes(), false],
        ...(pop ? [["Proof", pop.Proof, ref.sigCodec, pop.popProve(sk).toBytes(), false]] : []),
      ] as [string, Any, ReturnType<typeof zcash>, Uint8Array, boolean][]
    ) {
      for (let j = 0; j < 4; j++) {
        const e = j === 0
          ? new Uint8Array(codec.lengths[0]).fill(0, 1).map((_, t) => (t === 0 ? 0xc0 : 0))
          : mutate(f.rng, b);
        const want = e.length !== D.length ? { code: "INVALID_LENGTH" as const } : codec.decode(e, true);
        const expect = typeof want === "object" && "code" in want
          ? want.code
          : want === "zero" && isKey
          ? "INVALID_KEY"
          : (x: Any) => eqHex(x.toBytes(), e, "re-encoding");
        f.check(`${what}.fromBytes(${hex(e)})`, () => D.fromBytes(e), expect);
        f.check(`${what}.fromHex(${hex(e)})`, () => D.fromHex(hex(e).toUpperCase()), expect);
        if (!isKey && typeof expect !== "string" && hex(e) !== hex(b) && what === "Signature") {
          f.check(
            "verify (edited signature)",
            () => s.verify(pk, m, D.fromBytes(e)),
            (v) => ok(!v, "verified"),
          );
        }
      }
      for (const h of ["0", "zz".repeat(D.length), 5, null, hex(b).slice(2)]) {
        const code = typeof h !== "string"
          ? "INVALID_TYPE"
          : h.length % 2
          ? "INVALID_LENGTH"
          : /^[0-9a-f]*$/i.test(h)
          ? "INVALID_LENGTH"
          : "INVALID_TYPE";
        f.check(`${what}.fromHex(${label(h).slice(0, 8)})`, () => D.fromHex(h as string), code);
      }
      fuzzTypes(
        f,
        `${what}.fromBytes`,
        [b],
        ([x]) => D.fromBytes(x as Uint8Array),
        (v: Any) => hex(v.toBytes()),
      );
    }
    fuzzTypes(
      f,
      "SecretKey.fromBytes + sign",
      [kb, m],
      ([a, b]) => s.sign(s.SecretKey.fromBytes(a as Uint8Array), b as Uint8Array),
      (v: Any) => hex(v.toBytes()),
    );
    // Values in the wrong place (noble's order included) or of another kind.
    for (
      const [what, call] of [
        ["sign(m, sk)", () => s.sign(m as Any, sk)],
        ["sign(pk, m)", () => s.sign(pk, m)],
        ["verify(sig, m, pk)", () => s.verify(sig, m, pk)],
        ["verify(pk, sig, m)", () => s.verify(pk, sig, m as Any)],
        ["getPublicKey(bytes)", () => s.getPublicKey(kb as Any)],
        ["aggregateSignatures([pk])", () => s.aggregateSignatures([pk])],
        ["aggregateSignatures(sig)", () => s.aggregateSignatures(sig)],
        ["verifyBatch([null])", () => s.verifyBatch([null as Any])],
        ["verifyBatch([{...}])", () => s.verifyBatch([{ publicKey: sig, message: m, signature: pk }])],
        ["aggregateVerify(pk, m, sig)", () => s.aggregateVerify(pk, [m], sig)],
        ["aggregateVerify([pk], [5], sig)", () => s.aggregateVerify([pk], [5 as Any], sig)],
        ...(pop
          ? [["popVerify(pk, sig)", () => pop.popVerify(pk, sig as Any)], [
            "popProve(pk)",
            () => pop.popProve(pk),
          ]]
          : []),
      ] as [string, () => unknown][]
    ) f.check(what, call, "INVALID_TYPE");
  }
  // Aggregates over the keys made above (distinct messages).
  const sigs = keys.map((x) => x.sig.toBytes());
  let agg: Any;
  f.check(
    "aggregateSignatures",
    () => (agg = s.aggregateSignatures(keys.map((x) => x.sig))),
    (A: Any) => eqHex(A.toBytes(), ref.sum(sigs, false), "noble's sum"),
  );
  f.check("aggregateSignatures([])", () => s.aggregateSignatures([]), "INVALID_LENGTH");
  const pks = keys.map((x) => x.pk), ms = keys.map((x) => x.m);
  f.check("aggregateVerify", () => s.aggregateVerify(pks, ms, agg), (v) => ok(v, "does not verify"));
  // The generator draws edge scalars (1, 2, r − 1) often, so keys may repeat. Rotating the messages
  // changes the aggregate's check by Σ k_i·(H(m_{i+1}) − H(m_i)), which is 0 exactly when every key has
  // the same scalar (one key, or seeds 123457, 2718281 and 3141592, which drew one edge scalar for both
  // keys): then it verifies.
  const sameKey = keys.every((x) => x.k === keys[0].k);
  f.check(
    "aggregateVerify (messages rotated)",
    () => s.aggregateVerify(pks, [...ms.slice(1), ms[0]], agg),
    (v) => ok(v === sameKey, sameKey ? "does not verify (one key for all)" : "verified"),
  );
  f.check(
    "aggregateVerify (lengths differ)",
    () => s.aggregateVerify(pks, ms.slice(1), agg),
    (v) => ok(!v, "verified"),
  );
  f.check("aggregateVerify([])", () => s.aggregateVerify([], [], agg), (v) => ok(!v, "verified"));
  const items = keys.map((x) => ({ publicKey: x.pk, message: x.m, signature: x.sig }));
  f.check("verifyBatch", () => s.verifyBatch(items), (v) => ok(v, "does not verify"));
  f.check(
    "verifyBatch (swapped)",
    () =>
      s.verifyBatch(items.map((it, i) => ({ ...it, signature: items[(i + 1) % items.length].signature }))),
    (v) => ok(!v || items.length < 2, "verified"),
  );
  f.check("verifyBatch([])", () => s.verifyBatch([]), (v) => ok(!v, "verified"));
  if (pop) {
    const k = keys[0];
    f.check(
      "popProve",
      () => pop.popProve(k.sk),
      (P: Any) => eqHex(P.toBytes(), ref.pop(k.k), "noble's proof"),
    );
    f.check("popVerify", () => pop.popVerify(k.pk, pop.popProve(k.sk)), (v) => ok(v, "does not verify"));
    // Another key: one with another scalar (the generator gives edge scalars such as 1 or r − 1 often,
    // so two of the keys may be the same key: seed 202303 under ISOCHRON_LONG drew 1 twice).
    const other = keys.find((x) => x.k !== k.k);
    if (other !== undefined) {
      f.check(
        "popVerify (other key)",
        () => pop.popVerify(other.pk, pop.popProve(k.sk)),
        (v) => ok(!v, "verified"),
      );
    }
    // Keys whose scalars sum to 0 mod r (1 and r − 1: seed 4242) aggregate to the identity.
    const cancel = keys.reduce((acc, x) => acc + x.k, 0n) % r === 0n;
    f.check(
      "aggregatePublicKeys",
      () => pop.aggregatePublicKeys(pks),
      cancel
        ? "INVALID_KEY"
        : (P: Any) => eqHex(P.toBytes(), ref.sum(pks.map((p) => p.toBytes()), true), "noble's sum"),
    );
    f.check("aggregatePublicKeys([])", () => pop.aggregatePublicKeys([]), "INVALID_LENGTH");
    const neg = pop.PublicKey.fromBytes(
      bls12_381[s.publicKeyGroup].fromBytes(k.pk.toBytes()).negate().toBytes(),
    );
    f.check("aggregatePublicKeys(pk, −pk)", () => pop.aggregatePublicKeys([k.pk, neg]), "INVALID_KEY");
    f.check(
      "fastAggregateVerify(pk, −pk)",
      () => pop.fastAggregateVerify([k.pk, neg], k.m, k.sig),
      (v) => ok(!v, "verified"),
    );
    const m = enc.encode("one message");
    const fsig = s.aggregateSignatures(keys.map((x) => s.sign(x.sk, m)));
    f.check(
      "fastAggregateVerify",
      () => pop.fastAggregateVerify(pks, m, fsig),
      (v) => ok(v === !cancel, cancel ? "verified under the identity key" : "does not verify"),
    );
    const m2 = concat(m, f.rng.bytes(1));
    f.check(
      "fastAggregateVerify (edited message)",
      () => pop.fastAggregateVerify(pks, m2, fsig),
      (v) => ok(!v, "verified"),
    );
  }
}

// The suite's options: wrong types and values get their codes; a DST given as bytes is copied (any
// form of them), so editing the caller's bytes afterwards changes nothing.
family("signatureSuite options", {
  budgetMs: 20_000,
  known: () => () => ok(bls12_381.sig.scheme === "pop", "sig"),
}, (f) => {
  const make = (o: unknown) => signatureSuite(o as never, f.backend) as BlsSuite;
  for (
    const [o, code] of [
      [null, "INVALID_TYPE"],
      [5, "INVALID_TYPE"],
      ["G1", "INVALID_TYPE"],
      [{ publicKeyGroup: "G3" }, "INVALID_TYPE"],
      [{ scheme: "nul" }, "INVALID_TYPE"],
      [{ dst: 5 }, "INVALID_TYPE"],
      [{ dst: new Proxy(new Uint8Array(4), {}) }, "INVALID_TYPE"],
      [{ dst: "" }, "INVALID_LENGTH"],
      [{ dst: new Uint8Array(0) }, "INVALID_LENGTH"],
      [{ dst: detached(enc.encode("DST")) }, "INVALID_LENGTH"],
      [{ scheme: "basic", popDst: "X" }, "INVALID_TYPE"],
    ] as [unknown, "INVALID_TYPE" | "INVALID_LENGTH"][]
  ) f.check(`signatureSuite(${label(o)})`, () => make(o), code);
  const dst = enc.encode("MY-APP-V01-CS01-with-BLS12381G2_XMD:SHA-256_SSWU_RO_POP_");
  const sk = bls12_381.sig.SecretKey.fromBytes(beBytes(9n, 32)), m = enc.encode("m");
  const plain = make({ dst }).sign(sk as never, m).toBytes();
  for (const [form, toForm] of Object.entries(FORMS)) {
    const d = toForm(dst), suite = make({ dst: d });
    d.fill(0x41); // the caller reuses its bytes
    f.check(
      `dst as ${form}, edited afterwards`,
      () => suite.sign(sk as never, m).toBytes(),
      (b) => eqHex(b, plain, "signature"),
    );
    f.check(
      `DST of a ${form} dst`,
      () => suite.DST as Uint8Array,
      (b) =>
        ok(
          Object.getPrototypeOf(b) === Uint8Array.prototype && hex(b) === hex(dst),
          "DST is not a plain copy",
        ),
    );
  }
});
