/**
 * expand_message_xmd with SHA-256 (RFC 9380 §5.3.1): the RFC's vectors
 * (tests/vectors/bls12381_hash_to_curve/expand_message_xmd_SHA256_{38,256}.json: a 38-byte DST and a
 * 256-byte one, which §5.3.3 replaces by its hash), and the input errors.
 */
import assert from "node:assert/strict";
import { hex, readJson, throwsCode, unhex } from "../helpers.ts";
import { dstBytes, expandMessageXmd } from "../../internal.ts";

interface XmdFile {
  DST: string;
  tests: { DST_prime: string; len_in_bytes: string; msg: string; msg_prime: string; uniform_bytes: string }[];
}
const enc = new TextEncoder();

for (const file of ["expand_message_xmd_SHA256_38", "expand_message_xmd_SHA256_256"]) {
  Deno.test(`RFC 9380 ${file}`, () => {
    const f = readJson<XmdFile>(`bls12381_hash_to_curve/${file}.json`);
    assert.equal(f.tests.length, 10);
    for (const t of f.tests) {
      const d = dstBytes(f.DST);
      assert.equal(hex(d) + d.length.toString(16).padStart(2, "0"), t.DST_prime, "DST_prime");
      const len = Number(t.len_in_bytes);
      const out = expandMessageXmd(enc.encode(t.msg), f.DST, len);
      assert.equal(hex(out), t.uniform_bytes, `${t.msg} ${len}`);
      assert.equal(
        hex(expandMessageXmd(enc.encode(t.msg), unhex(hex(enc.encode(f.DST))), len)),
        t.uniform_bytes,
      );
    }
  });
}

Deno.test("expand_message_xmd input errors", () => {
  const m = new Uint8Array(3);
  throwsCode(() => expandMessageXmd(m, "", 32), "INVALID_LENGTH", "empty DST");
  throwsCode(() => expandMessageXmd(m, "D", 0), "INVALID_LENGTH", "len 0");
  throwsCode(() => expandMessageXmd(m, "D", 255 * 32 + 1), "INVALID_LENGTH", "len > 8160");
  throwsCode(() => expandMessageXmd(m, "D", 1.5), "INVALID_LENGTH", "len 1.5");
  assert.equal(expandMessageXmd(m, "D", 255 * 32).length, 8160);
  throwsCode(() => expandMessageXmd("abc" as unknown as Uint8Array, "D", 32), "INVALID_TYPE", "string msg");
  throwsCode(() => expandMessageXmd(m, 7 as unknown as string, 32), "INVALID_TYPE", "number DST");
  // A 255-byte DST is used as is, a 256-byte one is hashed: different outputs.
  const a = expandMessageXmd(m, "x".repeat(255), 32), b = expandMessageXmd(m, "x".repeat(256), 32);
  assert.notEqual(hex(a), hex(b));
  assert.equal(dstBytes("x".repeat(255)).length, 255);
  assert.equal(dstBytes("x".repeat(256)).length, 32);
});
