/**
 * field/bigint/ on its own terms: the final exponentiation against its definition (and noble's
 * multiple of it), the Frobenius rows against theirs, prime-field square roots on small primes of
 * every class mod 16 (root choice as noble's `Field(p).sqrt` where noble uses Tonelli–Shanks or
 * x^((p+1)/4)), Fr's decoding, and the error codes.
 */
import assert from "node:assert/strict";
import { Field } from "@noble/curves/abstract/modular.js";
import {
  bigintPrimeField,
  bigintTower,
  fp2MulBig,
  frobeniusRows,
  IsochronError,
  TOWERS,
} from "../../internal.ts";
import { throwsCode } from "../../curves/helpers.ts";
import { CURVES } from "./curves.ts";

for (const c of CURVES) {
  const { Fp12, Fp2, Fp, Fr } = c.exact;
  const p = Fp.ORDER;
  const sample = Fp12.fromBigTwelve(Array.from({ length: 12 }, (_, i) => BigInt(i * i + 3)));

  Deno.test(`bigint fields ${c.name}: finalExponentiate is x^((p¹² − 1)/r), noble's the multiple`, () => {
    const f = Fp12.finalExponentiate(sample);
    assert.deepEqual(f, Fp12.pow(sample, (p ** 12n - 1n) / Fr.ORDER));
    assert.deepEqual(Fp12.pow(f, c.multiple), c.noble.Fp12.finalExponentiate(sample));
    assert.deepEqual(c.ours.Fp12.finalExponentiate(sample), c.noble.Fp12.finalExponentiate(sample));
    assert.ok(!Fp12.eql(f, Fp12.ONE), "non-degenerate");
    throwsCode(() => Fp12.finalExponentiate(Fp12.ZERO), "NOT_INVERTIBLE");
  });

  Deno.test(`bigint fields ${c.name}: Frobenius rows are ξ^(j(p^k − 1)/6)`, () => {
    const xi = TOWERS[c.name].xi;
    const rows = frobeniusRows(p, xi);
    assert.equal(rows.length, 12);
    const pow = (a: { c0: bigint; c1: bigint }, e: bigint) => {
      let r = { c0: 1n, c1: 0n };
      for (let i = e.toString(2).length - 1; i >= 0; i--) {
        r = fp2MulBig(p, r, r);
        if ((e >> BigInt(i)) & 1n) r = fp2MulBig(p, r, a);
      }
      return r;
    };
    for (let k = 0; k < 12; k++) {
      for (const j of [1, 5]) {
        assert.deepEqual(rows[k][j], pow(xi, (BigInt(j) * (p ** BigInt(k) - 1n)) / 6n), `γ_${k},${j}`);
      }
    }
    assert.deepEqual(Fp2.mulByB(Fp2.ONE), c.noble.Fp2.mulByB(c.noble.Fp2.ONE), "b′");
  });

  Deno.test(`bigint fields ${c.name}: error codes`, () => {
    throwsCode(() => Fp.inv(0n), "NOT_INVERTIBLE");
    throwsCode(() => Fp.inv(p), "NOT_INVERTIBLE");
    throwsCode(() => Fp2.div(Fp2.ONE, 0n), "NOT_INVERTIBLE");
    throwsCode(() => Fp.sqrt(Fp.neg(1n)), "NO_SQUARE_ROOT");
    throwsCode(() => Fp2.sqrt(Fp2.NONRESIDUE), "NO_SQUARE_ROOT");
    throwsCode(() => c.exact.Fp6.sqrt(c.exact.Fp6.ONE), "NO_SQUARE_ROOT");
    throwsCode(() => Fp12.pow(Fp12.ONE, -1n), "INVALID_SCALAR");
    throwsCode(() => Fp12._cyclotomicExp(Fp12.ONE, 1n << BigInt(Fp12.X_LEN)), "INVALID_SCALAR");
    throwsCode(() => Fp.cmov(1n, 2n, 1 as unknown as boolean), "INVALID_TYPE");
    throwsCode(() => Fp2.add(Fp2.ONE, { c0: 1n } as never), "INVALID_TYPE");
    throwsCode(() => Fp.fromBytes(new Uint8Array(Fp.BYTES + 1)), "INVALID_LENGTH");
    throwsCode(() => Fp.fromBytes(new Uint8Array(Fp.BYTES).fill(255)), "NON_CANONICAL");
    throwsCode(() => Fp2.fromBigTuple([1n] as never), "INVALID_LENGTH");
    throwsCode(() => Fp.toBytes(-1n), "NON_CANONICAL");
  });

  Deno.test(`bigint fields ${c.name}: Fr.fromBytes ${c.name === "bls12-381" ? "reduces" : "rejects"} values ≥ r`, () => {
    const all = new Uint8Array(32).fill(255);
    const max = (1n << 256n) - 1n;
    if (c.name === "bls12-381") assert.equal(c.ours.Fr.fromBytes(all), max % Fr.ORDER);
    else throwsCode(() => c.ours.Fr.fromBytes(all), "NON_CANONICAL");
    assert.equal(c.ours.Fr.fromBytes(all, true), c.name === "bls12-381" ? max % Fr.ORDER : max);
  });
}

Deno.test("bigint prime field: sqrt on small primes of each class mod 16, roots as noble's", () => {
  // 3, 7 mod 8 (x^((p+1)/4)); 1 mod 16 (Tonelli–Shanks): the root is noble's. 5 mod 8, 9 mod 16: a root.
  for (const p of [103n, 107n, 97n, 113n, 257n, 13n, 29n, 41n, 73n]) {
    const F = bigintPrimeField(p);
    const noble = Field(p);
    const sameRoot = p % 4n === 3n || p % 16n === 1n;
    for (let x = 0n; x < p; x++) {
      const square = x === 0n || F.pow(x, (p - 1n) / 2n) === 1n;
      if (!square) {
        assert.throws(
          () => F.sqrt(x),
          (e: unknown) => e instanceof IsochronError && e.code === "NO_SQUARE_ROOT",
        );
        continue;
      }
      const r = F.sqrt(x);
      assert.equal(F.sqr(r), x, `${p}: √${x}`);
      if (sameRoot) assert.equal(r, noble.sqrt(x), `${p}: √${x} as noble`);
    }
  }
});

Deno.test("bigint tower: r must divide p⁴ − p² + 1; p must be an odd prime", () => {
  const tower = TOWERS["bn254"];
  assert.throws(() => bigintTower(tower, { twistB: { c0: 1n, c1: 0n }, x: 1n, r: 7n }), /r does not divide/);
  throwsCode(() => bigintPrimeField(10n), "INVALID_TYPE");
});
