/**
 * go-ethereum's EIP-2537 G1Add / G2Add vectors (tests/vectors/bls12381_eip2537): decode both points
 * (on-curve check only, as the ADD precompiles do), add, compare the encoding of the sum. The codec
 * objects (`G.codec("eip2537")`, `bls12_381.eip2537`): every check of `decode` and `decodeUnchecked`,
 * `encode`, and the typed errors for an unknown encoding name and for BN254, which has none.
 */
import assert from "node:assert/strict";
import { BACKENDS, bls12_381Groups, bn254Groups, hex, readJson, throwsCode } from "../helpers.ts";
import { bls12_381 } from "../../../curves/bls12_381/mod.ts";
import { unhex } from "../helpers.ts";
import type { GroupImpl, PointImpl } from "../../internal.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;
// deno-lint-ignore no-explicit-any
type AnyPoint = PointImpl<any>;

interface Vector {
  Input: string;
  Expected: string;
  Name: string;
}

for (const backend of BACKENDS) {
  for (const [file, which, len] of [["blsG1Add", "G1", 128], ["blsG2Add", "G2", 256]] as const) {
    Deno.test(`EIP-2537 ${file} (${backend})`, () => {
      const G = bls12_381Groups(backend)[which] as AnyGroup, E = G.codec("eip2537");
      for (const v of readJson<Vector[]>(`bls12381_eip2537/${file}.json`)) {
        const b = unhex(v.Input);
        assert.equal(b.length, 2 * len, v.Name);
        const p = E.decodeUnchecked(b.subarray(0, len)), q = E.decodeUnchecked(b.subarray(len));
        assert.equal(hex(E.encode(p.add(q))), v.Expected, v.Name);
        assert.equal(hex(E.encode(p)), hex(b.subarray(0, len)), `${v.Name} re-encodes`);
      }
    });
  }

  Deno.test(`EIP-2537 decoding errors (${backend})`, () => {
    const { G1, G2 } = bls12_381Groups(backend);
    const E1 = G1.codec("eip2537"), E2 = G2.codec("eip2537");
    const g = E1.encode(G1.BASE);
    assert.ok(E1.decode(g).equals(G1.BASE));
    assert.ok(E2.decode(E2.encode(G2.BASE)).equals(G2.BASE));
    assert.ok(E1.decode(new Uint8Array(128)).isZero());
    const pad = g.slice();
    pad[0] = 1;
    throwsCode(() => E1.decode(pad), "NON_CANONICAL", "padding");
    const off = g.slice();
    off[127] ^= 1;
    throwsCode(() => E1.decode(off), "NOT_ON_CURVE", "y changed");
    throwsCode(() => E1.decode(g.subarray(1)), "INVALID_LENGTH", "127 bytes");
  });

  Deno.test(`EIP-2537 codecs: every check of decode and decodeUnchecked, encode (${backend})`, () => {
    const { G1, G2 } = bls12_381Groups(backend);
    for (const [G, len] of [[G1, 128], [G2, 256]] as [AnyGroup, number][]) {
      const E = G.codec("eip2537"), what = G.name;
      assert.equal(E.name, "EIP-2537");
      assert.deepEqual(E.lengths, [len]);
      const P = G.BASE.multiply(11n), e = E.encode(P);
      assert.equal(e.length, len);
      assert.ok(E.decodeUnchecked(e).equals(P) && E.decode(e).equals(P), `${what} round trip`);
      assert.deepEqual(E.encode(G.ZERO), new Uint8Array(len), `${what} infinity`);
      assert.deepEqual(E.encode(P, false), e, `${what} uncompressed`);
      for (const decode of [E.decode, E.decodeUnchecked]) {
        for (const n of [0, len - 1, len + 1, len / 2, 2 * len]) {
          throwsCode(() => decode(new Uint8Array(n)), "INVALID_LENGTH", `${what} ${n} bytes`);
        }
        throwsCode(() => decode("00" as unknown as Uint8Array), "INVALID_TYPE", `${what} not bytes`);
        for (const i of [0, 15, 64, 79, len - 64, len - 49]) { // padding of every coefficient
          const bad = e.slice();
          bad[i] = 1;
          throwsCode(() => decode(bad), "NON_CANONICAL", `${what} padding byte ${i}`);
        }
        const big = e.slice(); // first coefficient of x = p
        big.set(unhex(bls12_381.fp.p.toString(16).padStart(96, "0")), 16);
        throwsCode(() => decode(big), "NON_CANONICAL", `${what} x = p`);
        const off = e.slice();
        off[len - 1] ^= 1;
        throwsCode(() => decode(off), "NOT_ON_CURVE", `${what} y changed`);
      }
      // on the curve, outside the subgroup: only decode checks the subgroup
      let Q;
      for (let x = 1; Q === undefined; x++) {
        const z = new Uint8Array(G.codec().lengths[0]); // ZCash, compressed
        z[0] = 0x80;
        z[z.length - 1] = x;
        try {
          Q = G.fromBytesUnchecked(z);
        } catch { /* x³ + b is no square */ }
      }
      assert.ok(!Q.isTorsionFreeVartime());
      const q = E.encode(Q);
      assert.ok(E.decodeUnchecked(q).equals(Q), `${what} unchecked: no subgroup check`);
      throwsCode(() => E.decode(q), "NOT_IN_SUBGROUP", `${what} checked`);
      throwsCode(() => E.encode(P, true), "INVALID_TYPE", `${what} no compressed form`);
    }
    const E1 = G1.codec("eip2537");
    throwsCode(() => E1.encode(G2.BASE as AnyPoint), "INVALID_TYPE", "a G2 point to the G1 codec");
    throwsCode(() => E1.encode(bls12_381Groups(backend === "ts" ? "wasm" : "ts").G1.BASE), "INVALID_TYPE");
  });

  Deno.test(`EIP-2537 codecs: names, the curve object, BN254 has none (${backend})`, () => {
    const { G1, G2 } = bls12_381Groups(backend);
    assert.equal(G1.codec("eip2537"), G1.codec("eip2537"), "bound once");
    assert.equal(G1.codec(), G1.codec("default"));
    assert.equal(G1.codec().name, "ZCash");
    assert.ok(G1.codec().decode(G1.BASE.toBytes()).equals(G1.BASE));
    for (const name of ["EIP2537", "eip-2537", "zcash", "", "constructor", "__proto__", "toString"]) {
      throwsCode(() => G1.codec(name), "INVALID_TYPE", `name ${name}`);
    }
    throwsCode(() => G2.codec(2537 as unknown as string), "INVALID_TYPE", "a number as name");
    const B = bn254Groups(backend);
    throwsCode(() => B.G1.codec("eip2537"), "INVALID_TYPE", "BN254 G1");
    throwsCode(() => B.G2.codec("eip2537"), "INVALID_TYPE", "BN254 G2");
    assert.equal(B.G1.codec().name, "EIP-196/197");
    assert.ok(!("eip2537" in bn254Groups(backend)));
  });
}

Deno.test("EIP-2537 codecs of the curve object: G1 and G2 on the current backend", () => {
  const { G1, G2, eip2537 } = bls12_381;
  assert.equal(eip2537.G1, G1.codec("eip2537"));
  assert.equal(eip2537.G2, G2.codec("eip2537"));
  const P = G2.BASE.multiply(3n);
  assert.ok(eip2537.G2.decode(eip2537.G2.encode(P)).equals(P));
  assert.ok(Object.isFrozen(bls12_381.eip2537));
});
