/**
 * Point decoding errors: the ethereum/bls12-381-tests deserialization vectors (must decode or must
 * fail), one hand-made input per IsochronError code for the ZCash encoding, BN254's gnark-style
 * compressed form, and the type checks of the API.
 */
import assert from "node:assert/strict";
import { type GroupImpl, IsochronError } from "../../internal.ts";
import { BACKENDS, bls12_381Groups, bn254Groups, hex, throwsCode, unhex } from "../helpers.ts";

const DIR = new URL("../../vectors/bls12381_eth_bls_sig/", import.meta.url);

for (const backend of BACKENDS) {
  Deno.test(`ethereum deserialization vectors (${backend})`, () => {
    const groups = bls12_381Groups(backend);
    for (const which of ["G1", "G2"] as const) {
      // deno-lint-ignore no-explicit-any
      const G = groups[which] as GroupImpl<any>;
      const dir = new URL(`deserialization_${which}/`, DIR);
      let count = 0;
      for (const e of Deno.readDirSync(dir)) {
        const v = JSON.parse(Deno.readTextFileSync(new URL(e.name, dir)));
        const input = unhex(v.input.pubkey ?? v.input.signature);
        let ok = true;
        try {
          const p = G.fromBytes(input);
          assert.equal(hex(p.toBytes()), hex(input), `${e.name} re-encodes`);
        } catch (err) {
          if (!(err instanceof IsochronError)) throw err;
          ok = false;
        }
        assert.equal(ok, v.output, `${which} ${e.name}`);
        count++;
      }
      assert.ok(count >= 13);
    }
  });

  Deno.test(`ZCash decoding error codes (${backend})`, () => {
    const { G1, G2 } = bls12_381Groups(backend);
    for (const [name, G] of [["G1", G1], ["G2", G2]] as const) {
      // deno-lint-ignore no-explicit-any
      const g = G as GroupImpl<any>;
      const c = g.BASE.toBytes(true), u = g.BASE.toBytes(false), n = c.length;
      const edit = (b: Uint8Array, f: (x: Uint8Array) => void) => {
        const x = b.slice();
        f(x);
        return x;
      };
      throwsCode(() => g.fromBytes(c.subarray(1)), "INVALID_LENGTH", `${name} short`);
      throwsCode(() => g.fromBytes(new Uint8Array(n + 1)), "INVALID_LENGTH", `${name} long`);
      throwsCode(() => g.fromBytes(edit(c, (x) => x[0] &= 0x7f)), "INVALID_FLAGS", `${name} C unset, short`);
      throwsCode(() => g.fromBytes(edit(u, (x) => x[0] |= 0x80)), "INVALID_FLAGS", `${name} C set, long`);
      throwsCode(() => g.fromBytes(edit(u, (x) => x[0] |= 0x20)), "INVALID_FLAGS", `${name} S uncompressed`);
      const inf = new Uint8Array(n);
      inf[0] = 0xc0;
      assert.ok(g.fromBytes(inf).isZero());
      throwsCode(() => g.fromBytes(edit(inf, (x) => x[0] |= 0x20)), "INVALID_FLAGS", `${name} inf with S`);
      throwsCode(() => g.fromBytes(edit(inf, (x) => x[n - 1] = 1)), "INVALID_FLAGS", `${name} inf with bits`);
      // x (or its first coefficient) = p: 0x1a0111ea… is p's top byte, so setting all bits makes it ≥ p.
      throwsCode(
        () => g.fromBytes(edit(c, (x) => x.fill(0xff, 1, 48).fill(0x9f, 0, 1))),
        "NON_CANONICAL",
        `${name} x ≥ p`,
      );
      // An x with no square root of x³ + b, and an uncompressed point off the curve.
      let noRoot: Uint8Array | undefined;
      for (let i = 1; i < 64 && noRoot === undefined; i++) {
        const x = new Uint8Array(n);
        x[0] = 0x80;
        x[n - 1] = i;
        try {
          g.fromBytesUnchecked(x);
        } catch (e) {
          if (e instanceof IsochronError && e.code === "NOT_ON_CURVE") noRoot = x;
        }
      }
      assert.ok(noRoot, `${name}: some small x has no root`);
      throwsCode(() => g.fromBytes(edit(u, (x) => x[2 * n - 1] ^= 1)), "NOT_ON_CURVE", `${name} y changed`);
      // Not in the subgroup: a point with small x on E (E') is almost surely outside the r-torsion.
      for (let i = 1; i < 64; i++) {
        const x = new Uint8Array(n);
        x[0] = 0x80;
        x[n - 1] = i;
        let p;
        try {
          p = g.fromBytesUnchecked(x);
        } catch {
          continue;
        }
        assert.equal(hex(p.toBytes()).slice(2), hex(x).slice(2), "re-encodes (up to the sign bit)");
        throwsCode(() => g.fromBytes(x), "NOT_IN_SUBGROUP", `${name} x = ${i}`);
        assert.ok(!p.isTorsionFreeVartime());
        break;
      }
    }
  });

  Deno.test(`BN254 compressed encodings (${backend})`, () => {
    const { G1, G2 } = bn254Groups(backend);
    for (const [name, G] of [["G1", G1], ["G2", G2]] as const) {
      // deno-lint-ignore no-explicit-any
      const g = G as GroupImpl<any>;
      for (let k = 0n; k < 6n; k++) {
        const p = k === 0n ? g.ZERO : g.BASE.multiply(k * 0x1234567890abcdefn), q = p.negate();
        const cp = p.toBytes(true), cq = q.toBytes(true);
        assert.equal(cp.length, name === "G1" ? 32 : 64);
        if (k === 0n) assert.equal(cp[0], 0x40);
        else assert.equal((cp[0] >> 6) ^ (cq[0] >> 6), 1, "p and −p differ in the sign bit");
        assert.ok(g.fromBytes(cp).equals(p));
        assert.ok(g.fromBytes(cq).equals(q));
        assert.ok(g.fromBytes(p.toBytes()).equals(p));
      }
      const bad = g.BASE.toBytes(true);
      bad[0] &= 0x3f;
      throwsCode(() => g.fromBytes(bad), "INVALID_FLAGS", `${name} compressed without flag`);
      const inf = new Uint8Array(name === "G1" ? 32 : 64);
      inf[0] = 0x40;
      inf[5] = 1;
      throwsCode(() => g.fromBytes(inf), "INVALID_FLAGS", `${name} infinity with bits`);
    }
  });

  Deno.test(`API type checks (${backend})`, () => {
    const { G1 } = bls12_381Groups(backend);
    const B = bn254Groups(backend);
    // deno-lint-ignore no-explicit-any
    const any = (x: unknown) => x as any;
    throwsCode(() => G1.fromBytes(any("00")), "INVALID_TYPE");
    throwsCode(() => G1.BASE.multiply(any(3)), "INVALID_TYPE");
    throwsCode(() => G1.BASE.multiply(new Uint8Array(31)), "INVALID_LENGTH");
    throwsCode(() => G1.BASE.multiply(-1n), "INVALID_SCALAR");
    throwsCode(() => G1.BASE.multiply(1n << 256n), "INVALID_SCALAR");
    throwsCode(() => G1.BASE.add(any(B.G1.BASE)), "INVALID_TYPE");
    throwsCode(() => B.G1.codec("eip2537").decode(new Uint8Array(128)), "INVALID_TYPE");
    const other = bls12_381Groups(backend === "ts" ? "wasm" : "ts").G1;
    throwsCode(() => G1.BASE.equals(other.BASE), "INVALID_TYPE");
  });
}
