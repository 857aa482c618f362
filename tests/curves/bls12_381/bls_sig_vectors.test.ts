/**
 * BLS signatures (Ethereum suite, curves/bls12_381/signatures.ts) against ALL of ethereum/bls12-381-tests
 * v0.1.1's sign, verify, aggregate, aggregate_verify, fast_aggregate_verify and batch_verify vectors
 * (tests/vectors/bls12381_eth_bls_sig/, see its README), on both backends. An expected `null` output
 * (sign, aggregate) must be an IsochronError; verification outputs are booleans. The consensus
 * specification's functions take bytes and answer false for an invalid encoding; here bytes become
 * keys and signatures through `fromBytes`, which throws (a precise code) where the specification
 * answers false: `consensus` below composes the two as a consensus client would.
 */
import assert from "node:assert/strict";
import { bls12_381 } from "../../../curves/bls12_381/mod.ts";
import { IsochronError, signatureSuite } from "../../internal.ts";
import type { BlsPopSuite } from "../../../curves/bls12_381/mod.ts";

const DIR = new URL("../../vectors/bls12381_eth_bls_sig/", import.meta.url);

const hex = (s: string): Uint8Array => {
  const h = s.startsWith("0x") ? s.slice(2) : s;
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
};
const toHex = (b: Uint8Array): string =>
  "0x" + Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

// deno-lint-ignore no-explicit-any
function load(dir: string): { name: string; input: any; output: any }[] {
  const out = [];
  for (const e of Deno.readDirSync(new URL(dir + "/", DIR))) {
    const j = JSON.parse(Deno.readTextFileSync(new URL(`${dir}/${e.name}`, DIR)));
    out.push({ name: e.name, input: j.input, output: j.output });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

const COUNTS: Record<string, number> = {
  sign: 10,
  verify: 29,
  aggregate: 6,
  aggregate_verify: 5,
  fast_aggregate_verify: 12,
  batch_verify: 2,
};

Deno.test("bls sig vectors: folder sizes", () => {
  for (const [d, n] of Object.entries(COUNTS)) assert.equal(load(d).length, n, d);
});

Deno.test("bls sig: bls12_381.sig is the Ethereum suite on the current backend", () => {
  const sk = bls12_381.sig.SecretKey.fromBytes(
    hex("0x47b8192d77bf871b62e87859d653922725724a5c031afeabc60bcef5ff665138"),
  );
  assert.equal(bls12_381.sig.DST, "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_");
  assert.equal(bls12_381.sig.POP_DST, "BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_");
  const pk = bls12_381.sig.getPublicKey(sk), msg = new Uint8Array(32);
  assert.ok(bls12_381.sig.verify(pk, msg, bls12_381.sig.sign(sk, msg)));
});

/** The consensus specification's byte-level functions, on `sig`: decode (false on failure), then check. */
function consensus(sig: BlsPopSuite) {
  const decoded = <T>(f: () => T): T | undefined => {
    try {
      return f();
    } catch (e) {
      if (e instanceof IsochronError) return undefined;
      throw e;
    }
  };
  const pk = (s: string) => decoded(() => sig.PublicKey.fromBytes(hex(s)));
  const sg = (s: string) => decoded(() => sig.Signature.fromBytes(hex(s)));
  const pks = (l: string[]) => {
    const out = l.map(pk);
    return out.every((p) => p !== undefined) ? out as NonNullable<ReturnType<typeof pk>>[] : undefined;
  };
  return {
    verify(p: string, m: string, s: string): boolean {
      const P = pk(p), S = sg(s);
      return P !== undefined && S !== undefined && sig.verify(P, hex(m), S);
    },
    aggregateVerify(p: string[], m: string[], s: string): boolean {
      const P = pks(p), S = sg(s);
      return P !== undefined && S !== undefined && sig.aggregateVerify(P, m.map(hex), S);
    },
    fastAggregateVerify(p: string[], m: string, s: string): boolean {
      const P = pks(p), S = sg(s);
      return P !== undefined && S !== undefined && sig.fastAggregateVerify(P, hex(m), S);
    },
    verifyBatch(p: string[], m: string[], s: string[]): boolean {
      const P = pks(p), S = s.map(sg);
      if (
        P === undefined || S.some((x) => x === undefined) || P.length !== m.length || P.length !== S.length
      ) {
        return false;
      }
      return sig.verifyBatch(P.map((publicKey, i) => ({ publicKey, message: hex(m[i]), signature: S[i]! })));
    },
  };
}

for (const backend of ["wasm", "ts"] as const) {
  const sig = signatureSuite({}, backend) as BlsPopSuite;
  const spec = consensus(sig);

  Deno.test(`bls sig vectors: sign (${backend})`, () => {
    for (const v of load("sign")) {
      const msg = hex(v.input.message);
      if (v.output === null) {
        assert.throws(
          () => sig.SecretKey.fromBytes(hex(v.input.privkey)),
          (e) => e instanceof IsochronError && e.code === "INVALID_SCALAR",
        );
        continue;
      }
      const sk = sig.SecretKey.fromBytes(hex(v.input.privkey));
      const s = sig.sign(sk, msg);
      assert.equal(toHex(s.toBytes()), v.output, v.name);
      assert.ok(s.equals(sig.Signature.fromBytes(hex(v.output))), v.name);
      assert.ok(sig.verify(sig.getPublicKey(sk), msg, s), v.name);
    }
  });

  Deno.test(`bls sig vectors: verify (${backend})`, () => {
    for (const v of load("verify")) {
      const { pubkey, message, signature } = v.input;
      assert.equal(spec.verify(pubkey, message, signature), v.output, v.name);
    }
  });

  Deno.test(`bls sig vectors: aggregate (${backend})`, () => {
    for (const v of load("aggregate")) {
      const sigs = () => (v.input as string[]).map((s) => sig.Signature.fromBytes(hex(s)));
      if (v.output === null) assert.throws(() => sig.aggregateSignatures(sigs()), IsochronError, v.name);
      else assert.equal(toHex(sig.aggregateSignatures(sigs()).toBytes()), v.output, v.name);
    }
  });

  Deno.test(`bls sig vectors: aggregate_verify (${backend})`, () => {
    for (const v of load("aggregate_verify")) {
      const { pubkeys, messages, signature } = v.input;
      assert.equal(spec.aggregateVerify(pubkeys, messages, signature), v.output, v.name);
    }
  });

  Deno.test(`bls sig vectors: fast_aggregate_verify (${backend})`, () => {
    for (const v of load("fast_aggregate_verify")) {
      const { pubkeys, message, signature } = v.input;
      assert.equal(spec.fastAggregateVerify(pubkeys, message, signature), v.output, v.name);
    }
  });

  Deno.test(`bls sig vectors: batch_verify (${backend})`, () => {
    for (const v of load("batch_verify")) {
      const { pubkeys, messages, signatures } = v.input;
      assert.equal(spec.verifyBatch(pubkeys, messages, signatures), v.output, v.name);
    }
  });
}
