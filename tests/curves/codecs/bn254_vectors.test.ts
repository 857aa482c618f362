/**
 * go-ethereum's bn256Add / bn256ScalarMul precompile vectors (tests/vectors/bn254) on BN254 G1 in
 * the EIP-196 encoding: inputs right-padded with zeros (longer ones truncated), scalars 32-byte
 * big-endian and not reduced. Plus invalid inputs, which must throw.
 */
import assert from "node:assert/strict";
import { BACKENDS, bn254Groups, hex, readJson, throwsCode, unhex } from "../helpers.ts";

interface Vector {
  Input: string;
  Expected: string;
  Name: string;
}

function padded(input: string, len: number): Uint8Array {
  const b = unhex(input), out = new Uint8Array(len);
  out.set(b.subarray(0, len));
  return out;
}

for (const backend of BACKENDS) {
  Deno.test(`bn256Add vectors (${backend})`, () => {
    const { G1 } = bn254Groups(backend);
    for (const v of readJson<Vector[]>("bn254/bn256Add.json")) {
      const b = padded(v.Input, 128);
      const p = G1.fromBytes(b.subarray(0, 64)), q = G1.fromBytes(b.subarray(64, 128));
      assert.equal(hex(p.add(q).toBytes()), v.Expected, v.Name);
      assert.equal(hex(G1.sumVartime([p, q]).toBytes()), v.Expected, v.Name);
    }
  });

  Deno.test(`bn256ScalarMul vectors (${backend})`, () => {
    const { G1 } = bn254Groups(backend);
    for (const v of readJson<Vector[]>("bn254/bn256ScalarMul.json")) {
      const b = padded(v.Input, 96);
      const p = G1.fromBytes(b.subarray(0, 64)), k = b.slice(64, 96);
      assert.equal(hex(p.multiply(k).toBytes()), v.Expected, `${v.Name} multiply`);
      assert.equal(hex(p.multiplyUnsafe(k).toBytes()), v.Expected, `${v.Name} multiplyUnsafe`);
    }
  });

  Deno.test(`bn254 invalid inputs throw (${backend})`, () => {
    const { G1, G2 } = bn254Groups(backend);
    const p = G1.F.kernel.p;
    const enc = (x: bigint, y: bigint) =>
      unhex(x.toString(16).padStart(64, "0") + y.toString(16).padStart(64, "0"));
    throwsCode(() => G1.fromBytes(enc(1n, 3n)), "NOT_ON_CURVE", "(1, 3)");
    throwsCode(() => G1.fromBytes(enc(0n, 1n)), "NOT_ON_CURVE", "(0, 1)");
    throwsCode(() => G1.fromBytes(enc(1n + p, 2n)), "NON_CANONICAL", "x = 1 + p");
    throwsCode(() => G1.fromBytes(enc(1n, 2n + p)), "NON_CANONICAL", "y = 2 + p");
    throwsCode(() => G1.fromBytes(new Uint8Array(63)), "INVALID_LENGTH", "63 bytes");
    throwsCode(() => G1.fromBytes(new Uint8Array(65)), "INVALID_LENGTH", "65 bytes");
    // A point of E'(Fp2) outside G2: x = 1 has y² = 1 + b' a square or not; search a small x on the twist.
    let found = false;
    for (let x = 1n; x < 50n && !found; x++) {
      const c = new Uint8Array(64);
      c[63] = Number(x);
      c[0] |= 0x80;
      let q;
      try {
        q = G2.fromBytesUnchecked(c);
      } catch {
        continue;
      }
      found = true;
      throwsCode(() => G2.fromBytes(q.toBytes()), "NOT_IN_SUBGROUP", "twist point outside G2");
    }
    assert.ok(found, "a twist point with small x");
  });
}
