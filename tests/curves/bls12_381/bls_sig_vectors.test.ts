/**
 * BLS signatures (Ethereum suite, curves/bls12_381/signatures.ts) against ALL of ethereum/bls12-381-tests
 * v0.1.1's sign, verify, aggregate, aggregate_verify, fast_aggregate_verify and batch_verify vectors
 * (tests/vectors/bls12381_eth_bls_sig/, see its README), on both backends. An expected `null` output
 * (sign, aggregate) must be an IsochronError; verification outputs are booleans.
 */
import assert from "node:assert/strict";
import { bls12_381 } from "../../../curves/bls12_381/mod.ts";
import { bls12_381Groups } from "../../internal.ts";
import { blsSignatures, IsochronError } from "../../internal.ts";

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

Deno.test("bls sig: bls12_381.sig is the suite on the current backend", () => {
  const sk = hex("0x47b8192d77bf871b62e87859d653922725724a5c031afeabc60bcef5ff665138");
  assert.equal(bls12_381.sig.DST, "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_");
  const pk = bls12_381.sig.getPublicKey(sk);
  assert.ok(bls12_381.sig.verify(pk, new Uint8Array(32), bls12_381.sig.sign(sk, new Uint8Array(32))));
});

for (const backend of ["wasm", "ts"] as const) {
  const sig = blsSignatures(() => bls12_381Groups(backend), bls12_381.pairingCheck);

  Deno.test(`bls sig vectors: sign (${backend})`, () => {
    for (const v of load("sign")) {
      const sk = hex(v.input.privkey), msg = hex(v.input.message);
      if (v.output === null) {
        assert.throws(
          () => sig.sign(sk, msg),
          (e) => e instanceof IsochronError && e.code === "INVALID_SCALAR",
        );
        assert.throws(() => sig.getPublicKey(sk), IsochronError);
        continue;
      }
      assert.equal(toHex(sig.sign(sk, msg)), v.output, v.name);
      assert.ok(sig.verify(sig.getPublicKey(sk), msg, hex(v.output)), v.name);
    }
  });

  Deno.test(`bls sig vectors: verify (${backend})`, () => {
    for (const v of load("verify")) {
      const { pubkey, message, signature } = v.input;
      assert.equal(sig.verify(hex(pubkey), hex(message), hex(signature)), v.output, v.name);
    }
  });

  Deno.test(`bls sig vectors: aggregate (${backend})`, () => {
    for (const v of load("aggregate")) {
      const sigs = (v.input as string[]).map(hex);
      if (v.output === null) assert.throws(() => sig.aggregateSignatures(sigs), IsochronError, v.name);
      else assert.equal(toHex(sig.aggregateSignatures(sigs)), v.output, v.name);
    }
  });

  Deno.test(`bls sig vectors: aggregate_verify (${backend})`, () => {
    for (const v of load("aggregate_verify")) {
      const { pubkeys, messages, signature } = v.input;
      assert.equal(
        sig.aggregateVerify(pubkeys.map(hex), messages.map(hex), hex(signature)),
        v.output,
        v.name,
      );
    }
  });

  Deno.test(`bls sig vectors: fast_aggregate_verify (${backend})`, () => {
    for (const v of load("fast_aggregate_verify")) {
      const { pubkeys, message, signature } = v.input;
      assert.equal(sig.fastAggregateVerify(pubkeys.map(hex), hex(message), hex(signature)), v.output, v.name);
    }
  });

  Deno.test(`bls sig vectors: batch_verify (${backend})`, () => {
    for (const v of load("batch_verify")) {
      const { pubkeys, messages, signatures } = v.input;
      assert.equal(
        sig.verifyBatch(pubkeys.map(hex), messages.map(hex), signatures.map(hex)),
        v.output,
        v.name,
      );
    }
  });
}
