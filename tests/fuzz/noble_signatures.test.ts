/**
 * Fuzz of the noble-compatible BLS APIs (`bls12_381.longSignatures`, `shortSignatures`) beside
 * @noble/curves on the same inputs: secret keys of any 32-byte value (reduced; ≡ 0 is INVALID_SCALAR),
 * `hash` with string, bytes and default DSTs, `sign`, `verify` and `verifyBatch` with points or
 * (edited) bytes, the aggregates, the `Signature` coder, and arguments in the wrong place.
 */
import { bls12_381 as nbls } from "@noble/curves/bls12-381.js";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { hex } from "../curves/helpers.ts";
import { beBytes, beInt, eqHex, family, fuzzTypes, mutate, ok } from "./helpers.ts";
import { REF, zcash } from "./reference.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const r = nbls.fields.Fr.ORDER;
const enc = new TextEncoder();

for (const name of ["longSignatures", "shortSignatures"] as const) {
  const N = nbls[name] as Any, long = name === "longSignatures";
  const sigCodec = zcash(long ? REF.blsG2 : REF.blsG1), keyCodec = zcash(long ? REF.blsG1 : REF.blsG2);
  const NS = (long ? nbls.G2 : nbls.G1).Point as Any, NK = (long ? nbls.G1 : nbls.G2).Point as Any;
  const knownSig = N.Signature.toHex(N.sign(N.hash(enc.encode("known")), beBytes(7n, 32)));
  family(`bls12_381.${name}`, {
    budgetMs: 30_000,
    known: () => {
      const L = bls12_381[name] as Any;
      return () =>
        ok(L.Signature.toHex(L.sign(L.hash(enc.encode("known")), beBytes(7n, 32))) === knownSig, "known");
    },
  }, (f) => {
    const L = bls12_381[name] as Any;
    const same = (ours: Any, theirs: Any) => eqHex(ours.toBytes(), theirs.toBytes(), "noble's point");
    const sks: Uint8Array[] = [], pks: Any[] = [], sigs: Any[] = [], Hs: Any[] = [];
    for (let i = 0; i < f.count(2); i++) {
      const raw = f.rng.pick([
        () => f.rng.bytes(32),
        () => beBytes(f.rng.pick([0n, r, 2n * r, r + 1n]), 32),
      ])();
      const k = beInt(raw) % r, sk = beBytes(k, 32);
      f.check(
        `getPublicKey(${hex(raw)})`,
        () => L.getPublicKey(raw),
        k === 0n ? "INVALID_SCALAR" : (P: Any) => same(P, N.getPublicKey(sk)),
      );
      const cut = mutate(f.rng, raw);
      if (cut.length !== 32) {
        f.check(`getPublicKey(${cut.length} bytes)`, () => L.getPublicKey(cut), "INVALID_LENGTH");
      }
      if (k === 0n) continue;
      const msg = f.rng.bytes(f.rng.int(40));
      const dst = f.rng.pick([undefined, "MY-DST", enc.encode("MY-DST-BYTES"), ""]);
      const NH = dst === "" ? undefined : N.hash(msg, dst);
      let H: Any;
      f.check(
        `hash(msg, ${String(dst)})`,
        () => (H = L.hash(msg, dst)),
        NH ? (P: Any) => same(P, NH) : "INVALID_LENGTH",
      );
      if (!NH) H = L.hash(msg);
      const NHm = NH ?? N.hash(msg);
      let S: Any;
      f.check("sign(H, sk)", () => (S = L.sign(H, raw)), (P: Any) => same(P, N.sign(NHm, sk)));
      f.check("sign(sk, H)", () => L.sign(raw, H), "INVALID_TYPE");
      const P = L.getPublicKey(raw);
      sks.push(sk), pks.push(P), sigs.push(S), Hs.push(H);
      for (
        const [sigArg, pkArg] of [[S, P], [S.toBytes(), P.toBytes()], [
          L.Signature.toHex(S),
          P.toBytes(false),
        ]]
      ) {
        if (typeof sigArg === "string") {
          f.check("verify(hex signature)", () => L.verify(sigArg, H, pkArg), "INVALID_TYPE");
        } else f.check("verify", () => L.verify(sigArg, H, pkArg), (v) => ok(v === true, "does not verify"));
      }
      f.check("verify(pk, H, sig)", () => L.verify(P, H, S), "INVALID_TYPE");
      f.check("verify(sig, msg, pk)", () => L.verify(S, msg, P), "INVALID_TYPE");
      // Edited signature and key bytes: the reference's code, else noble's answer.
      for (
        const [what, bytes, codec, sigSide] of [["signature", S.toBytes(), sigCodec, true], [
          "public key",
          P.toBytes(f.rng.bool()),
          keyCodec,
          false,
        ]] as const
      ) {
        const e = mutate(f.rng, bytes);
        const want = sigSide && e.length !== sigCodec.lengths[0]
          ? { code: "INVALID_LENGTH" as const }
          : codec.decode(e, true);
        const args = (x: Uint8Array) => (sigSide ? [x, H, P] : [S, H, x]);
        f.check(
          `verify(edited ${what} ${hex(e)})`,
          () => L.verify(...args(e)),
          typeof want === "object" && "code" in want ? want.code : (v) => {
            const n = sigSide
              ? N.verify(NS.fromBytes(e), NHm, N.getPublicKey(sk))
              : N.verify(N.sign(NHm, sk), NHm, NK.fromBytes(e));
            ok(v === n, `${v} ≠ noble's ${n}`);
          },
        );
        if (sigSide) {
          f.check(
            `Signature.fromBytes(${hex(e)})`,
            () => L.Signature.fromBytes(e),
            typeof want === "object" && "code" in want
              ? want.code
              : (X: Any) => eqHex(L.Signature.toBytes(X), e, "re-encoding"),
          );
          f.check(
            `Signature.fromHex(${hex(e)})`,
            () => L.Signature.fromHex(hex(e)),
            typeof want === "object" && "code" in want
              ? want.code
              : (X: Any) => ok(L.Signature.toHex(X) === hex(e), "re-encoding"),
          );
        }
      }
    }
    if (pks.length === 0) return;
    f.check(
      "aggregatePublicKeys",
      () => L.aggregatePublicKeys(pks.map((p, i) => (i % 2 ? p.toBytes() : p))),
      (X: Any) => same(X, N.aggregatePublicKeys(pks.map((p) => NK.fromBytes(p.toBytes())))),
    );
    f.check(
      "aggregateSignatures",
      () => L.aggregateSignatures(sigs),
      (X: Any) => same(X, N.aggregateSignatures(sigs.map((p) => NS.fromBytes(p.toBytes())))),
    );
    f.check("aggregatePublicKeys([])", () => L.aggregatePublicKeys([]), "INVALID_LENGTH");
    f.check("aggregateSignatures([])", () => L.aggregateSignatures([]), "INVALID_LENGTH");
    f.check("aggregateSignatures(5)", () => L.aggregateSignatures(5), "INVALID_TYPE");
    const agg = L.aggregateSignatures(sigs), items = pks.map((p, i) => ({ publicKey: p, message: Hs[i] }));
    f.check("verifyBatch", () => L.verifyBatch(agg, items), (v) => ok(v === true, "does not verify"));
    if (items.length > 1) {
      f.check(
        "verifyBatch (one key dropped)",
        () => L.verifyBatch(agg, items.slice(1)),
        (v) => ok(v === false, "verified"),
      );
    }
    f.check("verifyBatch([])", () => L.verifyBatch(agg, []), "INVALID_LENGTH");
    f.check("verifyBatch([null])", () => L.verifyBatch(agg, [null]), "INVALID_TYPE");
    fuzzTypes(f, "getPublicKey", [sks[0]], ([x]) => L.getPublicKey(x), (X: Any) => hex(X.toBytes()));
    fuzzTypes(
      f,
      "hash (message)",
      [enc.encode("m")],
      ([m]) => L.hash(m, "DST"),
      (X: Any) => hex(X.toBytes()),
    );
    fuzzTypes(
      f,
      "hash (DST)",
      [enc.encode("DST")],
      ([d]) => L.hash(enc.encode("m"), d),
      (X: Any) => hex(X.toBytes()),
      ["hex string", "undefined"],
    );
    fuzzTypes(
      f,
      "Signature.fromBytes",
      [sigs[0].toBytes()],
      ([x]) => L.Signature.fromBytes(x),
      (X: Any) => hex(X.toBytes()),
    );
  });
}
