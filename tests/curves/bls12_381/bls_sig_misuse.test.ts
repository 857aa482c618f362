/**
 * A BLS signature call with its arguments in another order cannot succeed silently: for every
 * operation of both placements (POP suites, which have them all), every permutation of its valid
 * arguments but the right one throws IsochronError INVALID_TYPE, as does each value replaced by its
 * bytes (the old byte API, and @noble/curves' argument order: `sign(msg, sk)`, `verify(sig, msg, pk)`
 * with a 32-byte message that is a valid scalar, the dangerous case). The right order succeeds.
 */
import assert from "node:assert/strict";
import type { BlsPopSuite } from "../../../curves/bls12_381/mod.ts";
import { IsochronError, signatureSuite } from "../../internal.ts";

/** All orderings of `xs`. */
function permutations<T>(xs: readonly T[]): T[][] {
  if (xs.length <= 1) return [xs.slice()];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

const isTypeError = (e: unknown) => e instanceof IsochronError && e.code === "INVALID_TYPE";

for (const publicKeyGroup of ["G1", "G2"] as const) {
  const suite = signatureSuite({ publicKeyGroup }, "wasm") as BlsPopSuite;
  // A 32-byte message below r: as a secret key it would be valid.
  const msg = new Uint8Array(32).fill(0x11);
  const sk = suite.SecretKey.fromBytes(new Uint8Array(32).fill(0x22));
  const pk = suite.getPublicKey(sk), sig = suite.sign(sk, msg), proof = suite.popProve(sk);

  /** name → (the right arguments, the call). */
  const ops: Record<string, [unknown[], (...a: never[]) => unknown]> = {
    sign: [[sk, msg], suite.sign],
    verify: [[pk, msg, sig], suite.verify],
    aggregateVerify: [[[pk], [msg], sig], suite.aggregateVerify],
    fastAggregateVerify: [[[pk], msg, sig], suite.fastAggregateVerify],
    popVerify: [[pk, proof], suite.popVerify],
  };

  for (const [name, [args, f]] of Object.entries(ops)) {
    Deno.test(`bls misuse (keys in ${publicKeyGroup}): ${name} accepts only its own argument order`, () => {
      const right = JSON.stringify(args.map((_, i) => i));
      let tried = 0;
      for (const order of permutations(args.map((_, i) => i))) {
        const call = () => (f as (...a: unknown[]) => unknown)(...order.map((i) => args[i]));
        if (JSON.stringify(order) === right) {
          const out = call();
          assert.ok(
            out === true || (typeof out === "object" && out !== null),
            `${name}: the right order works`,
          );
          continue;
        }
        assert.throws(call, isTypeError, `${name}(${order.join(", ")})`);
        tried++;
      }
      assert.equal(tried, permutations(args).length - 1);
    });
  }

  Deno.test(`bls misuse (keys in ${publicKeyGroup}): bytes in place of a key, signature or proof`, () => {
    const bytes = (v: { toBytes(): Uint8Array }) => v.toBytes();
    const s = suite as unknown as Record<string, (...a: unknown[]) => unknown>;
    const cases: [string, unknown[]][] = [
      ["sign", [sk.toBytes(), msg]], // the old byte API
      ["sign", [msg, sk]], // noble's order: the message would have been the key
      ["sign", [msg, sk.toBytes()]],
      ["getPublicKey", [sk.toBytes()]],
      ["getPublicKey", [pk]],
      ["popProve", [sk.toBytes()]],
      ["popProve", [pk]],
      ["verify", [bytes(pk), msg, sig]],
      ["verify", [pk, msg, bytes(sig)]],
      ["verify", [bytes(sig), msg, bytes(pk)]], // noble's order, bytes
      ["verify", [sig, msg, pk]], // noble's order, values
      ["verify", [pk, msg, proof]], // a proof is not a signature
      ["popVerify", [pk, sig]], // nor a signature a proof
      ["popVerify", [bytes(pk), bytes(proof)]],
      ["aggregateSignatures", [[bytes(sig)]]],
      ["aggregateSignatures", [[pk]]],
      ["aggregateSignatures", [sig]],
      ["aggregatePublicKeys", [[sig]]],
      ["aggregatePublicKeys", [[bytes(pk)]]],
      ["fastAggregateVerify", [[bytes(pk)], msg, sig]],
      ["aggregateVerify", [[pk], msg, sig]], // one message where a list is due
      ["verifyBatch", [[{ publicKey: bytes(pk), message: msg, signature: sig }]]],
      ["verifyBatch", [[pk, msg, sig]]],
      ["verifyBatch", [{ publicKey: pk, message: msg, signature: sig }]],
      ["verifyBatch", [[null]]],
    ];
    for (const [name, args] of cases) {
      assert.throws(() => s[name](...args), isTypeError, `${name} with ${args.length} arguments`);
    }
  });

  Deno.test(`bls misuse (keys in ${publicKeyGroup}): verifyBatch accepts only its own field names`, () => {
    const values = [pk, msg, sig];
    const names = ["publicKey", "message", "signature"];
    for (const order of permutations([0, 1, 2])) {
      const item = Object.fromEntries(names.map((n, i) => [n, values[order[i]]]));
      const call = () => suite.verifyBatch([item as never]);
      if (order.join() === "0,1,2") assert.equal(call(), true);
      else assert.throws(call, isTypeError, order.join());
    }
  });
}

Deno.test("bls misuse: a look-alike object is not a key", () => {
  const suite = signatureSuite({}, "wasm") as BlsPopSuite;
  const sk = suite.SecretKey.random(), pk = suite.getPublicKey(sk);
  const fake = { kind: "bls-public-key", group: "G1", toBytes: () => pk.toBytes(), toHex: () => pk.toHex() };
  assert.throws(
    () => suite.verify(fake as never, new Uint8Array(1), suite.sign(sk, new Uint8Array(1))),
    isTypeError,
  );
  assert.throws(
    () => suite.sign({ kind: "bls-secret-key", toBytes: () => sk.toBytes() } as never, new Uint8Array(1)),
    isTypeError,
  );
  assert.equal(Object.keys(sk).length, 0, "a secret key shows no property");
  assert.equal(JSON.stringify(sk), "{}");
});
