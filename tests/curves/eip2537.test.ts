/**
 * go-ethereum's EIP-2537 G1Add / G2Add vectors (tests/vectors/bls12381_eip2537): decode both points
 * (on-curve check only, as the ADD precompiles do), add, compare the encoding of the sum.
 */
import assert from "node:assert/strict";
import { BACKENDS, bls12381Groups, hex, readJson, throwsCode } from "./helpers.ts";
import { unhex } from "./helpers.ts";
import type { Group } from "../../curves/group/group.ts";

interface Vector {
  Input: string;
  Expected: string;
  Name: string;
}

for (const backend of BACKENDS) {
  for (const [file, which, len] of [["blsG1Add", "G1", 128], ["blsG2Add", "G2", 256]] as const) {
    Deno.test(`EIP-2537 ${file} (${backend})`, () => {
      // deno-lint-ignore no-explicit-any
      const G = bls12381Groups(backend)[which] as Group<any>;
      for (const v of readJson<Vector[]>(`bls12381_eip2537/${file}.json`)) {
        const b = unhex(v.Input);
        assert.equal(b.length, 2 * len, v.Name);
        const p = G.fromEip2537Unchecked(b.subarray(0, len)), q = G.fromEip2537Unchecked(b.subarray(len));
        assert.equal(hex(p.add(q).toEip2537()), v.Expected, v.Name);
        assert.equal(hex(p.toEip2537()), hex(b.subarray(0, len)), `${v.Name} re-encodes`);
      }
    });
  }

  Deno.test(`EIP-2537 decoding errors (${backend})`, () => {
    const { G1, G2 } = bls12381Groups(backend);
    const g = G1.BASE.toEip2537();
    assert.ok(G1.fromEip2537(g).equals(G1.BASE));
    assert.ok(G2.fromEip2537(G2.BASE.toEip2537()).equals(G2.BASE));
    assert.ok(G1.fromEip2537(new Uint8Array(128)).isZero());
    const pad = g.slice();
    pad[0] = 1;
    throwsCode(() => G1.fromEip2537(pad), "NON_CANONICAL", "padding");
    const off = g.slice();
    off[127] ^= 1;
    throwsCode(() => G1.fromEip2537(off), "NOT_ON_CURVE", "y changed");
    throwsCode(() => G1.fromEip2537(g.subarray(1)), "INVALID_LENGTH", "127 bytes");
  });
}
