/**
 * hash/sha256.ts against FIPS 180-4's examples (NIST CSRC "SHA256.pdf": "abc", the two-block
 * 448-bit message, one million "a"), the empty message, node:crypto on every length 0…300 and on
 * random chunkings of the incremental form, and its constants against their definition.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { IsochronError, Sha256, sha256, SHA256_IV, SHA256_K } from "../internal.ts";

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const utf8 = (s: string) => new TextEncoder().encode(s);
const node = (b: Uint8Array) => new Uint8Array(createHash("sha256").update(b).digest());

Deno.test("sha256: FIPS 180-4 examples and the empty message", () => {
  assert.equal(hex(sha256(utf8("abc"))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(
    hex(sha256(utf8("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))),
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  );
  assert.equal(
    hex(sha256(new Uint8Array(0))),
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  );
  const h = sha256.create(), chunk = utf8("a".repeat(1000));
  for (let i = 0; i < 1000; i++) h.update(chunk);
  assert.equal(hex(h.digest()), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
});

Deno.test("sha256: equals node:crypto for every length 0…300, one-shot and in random chunks", () => {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 16;
  for (let n = 0; n <= 300; n++) {
    const msg = Uint8Array.from({ length: n }, () => next() & 0xff);
    const want = hex(node(msg));
    assert.equal(hex(sha256(msg)), want, `length ${n}`);
    const h = new Sha256();
    for (let at = 0; at < n;) {
      const take = Math.min(n - at, next() % 80);
      h.update(msg.subarray(at, at + take));
      at += take;
    }
    assert.equal(hex(h.digest()), want, `length ${n}, chunked`);
  }
  // A clone continues independently of its source (HMAC-style shared prefix).
  const a = sha256.create().update(utf8("prefix-")), b = a.clone();
  a.update(utf8("one"));
  b.update(utf8("two"));
  assert.equal(hex(a.digest()), hex(node(utf8("prefix-one"))));
  assert.equal(hex(b.digest()), hex(node(utf8("prefix-two"))));
});

Deno.test("sha256: noble's CHash members; a Buffer input is read, not written; misuse is IsochronError", () => {
  assert.equal(sha256.outputLen, 32);
  assert.equal(sha256.blockLen, 64);
  const msg = Buffer.from(Uint8Array.from({ length: 100 }, (_, i) => i));
  const before = hex(msg);
  assert.equal(hex(sha256(msg)), hex(node(msg)));
  assert.equal(hex(msg), before, "the input is unchanged");
  const h = sha256.create().update(msg);
  h.digest();
  assert.throws(() => h.update(msg), (e) => e instanceof IsochronError && e.code === "UNSUPPORTED");
  assert.throws(() => h.digest(), (e) => e instanceof IsochronError && e.code === "UNSUPPORTED");
  assert.throws(
    () => sha256([1, 2, 3] as unknown as Uint8Array),
    (e) => e instanceof IsochronError && e.code === "INVALID_TYPE",
  );
  assert.throws(
    () => sha256.create().digestInto(new Uint8Array(31)),
    (e) => e instanceof IsochronError && e.code === "INVALID_LENGTH",
  );
});

Deno.test("sha256: K and IV are the fractional bits of the primes' cube and square roots (FIPS 180-4 §4.2.2, §5.3.3)", () => {
  const primes: bigint[] = [];
  for (let n = 2n; primes.length < 64; n++) if (primes.every((p) => n % p !== 0n)) primes.push(n);
  /** ⌊x^(1/k)⌋ by bisection. */
  const root = (x: bigint, k: bigint) => {
    let lo = 0n, hi = 1n;
    while (hi ** k <= x) hi <<= 1n;
    while (hi - lo > 1n) {
      const m = (lo + hi) >> 1n;
      if (m ** k <= x) lo = m;
      else hi = m;
    }
    return lo;
  };
  const mask = 0xffffffffn;
  assert.deepEqual([...SHA256_K].map(BigInt), primes.map((p) => root(p << 96n, 3n) & mask));
  assert.deepEqual([...SHA256_IV].map(BigInt), primes.slice(0, 8).map((p) => root(p << 64n, 2n) & mask));
});
