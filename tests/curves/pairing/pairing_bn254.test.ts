/**
 * The BN254 optimal ate pairing (curves/pairing*.ts): bilinearity, non-degeneracy, identity inputs,
 * the final exponentiation against its definition, @noble/curves, and go-ethereum's bn256Pairing.json
 * vectors (EIP-197, tests/vectors/bn254/) plus crafted invalid inputs (the upstream file has none).
 *
 * Comparison with noble: same tower and layout, but noble's final exponentiation raises to a multiple
 * of (p¹² − 1)/r, so we check that our exact final exponentiation of noble's Miller loop output equals
 * our pairing, and that pairing-check outcomes agree.
 */
import { TOWERS } from "../../../curves/registry.ts";
import assert from "node:assert/strict";
import { bn254 as nb } from "@noble/curves/bn254.js";
import { bn254 } from "../../../curves/bn254/mod.ts";
import type { PairingInput, PairingResult } from "../../../curves/pairing/pairing.ts";
import { FinalExp } from "../../../curves/pairing/final_exp.ts";
import { PAIRING } from "../../../curves/bn254/pairing.ts";
import { tower } from "../../../field/tower/mod.ts";
import { BACKENDS, bn254Groups, readJson, rng, throwsCode, unhex } from "../helpers.ts";
import { IsochronError } from "../../../errors.ts";

const r = bn254.fr.p, p = bn254.fp.p;
const N = 32;

function coeffs(e: PairingResult): bigint[] {
  const b = e.toBytes();
  return Array.from({ length: 12 }, (_, i) => {
    let x = 0n;
    for (const y of b.subarray(i * N, (i + 1) * N)) x = (x << 8n) | BigInt(y);
    return x;
  });
}
// deno-lint-ignore no-explicit-any
function nobleCoeffs(x: any): bigint[] {
  return [x.c0, x.c1].flatMap((f6) => [f6.c0, f6.c1, f6.c2].flatMap((f2) => [f2.c0, f2.c1]));
}

for (const backend of BACKENDS) {
  const { G1, G2 } = bn254Groups(backend);
  const cases = backend === "wasm" ? 3 : 2;

  Deno.test(`bn254 pairing: non-degenerate, order r, identity inputs (${backend})`, () => {
    const e = bn254.pairing(G1.BASE, G2.BASE);
    assert.ok(!e.isOne(), "e(G1, G2) ≠ 1");
    assert.ok(e.powVartime(r).isOne(), "e^r = 1");
    assert.equal(e.toBytes().length, 12 * N);
    assert.ok(bn254.pairing(G1.ZERO, G2.BASE).isOne());
    assert.ok(bn254.pairing(G1.BASE, G2.ZERO).isOne());
    assert.ok(bn254.pairingCheck([]));
    assert.ok(!bn254.pairingCheck([[G1.BASE, G2.BASE]]));
    assert.ok(bn254.pairingCheck([[G1.BASE, G2.BASE], [G1.BASE.negate(), G2.BASE]]));
  });

  Deno.test(`bn254 pairing: bilinearity e(aP, bQ) = e(P, Q)^(ab) (${backend})`, () => {
    const rand = rng(254 + cases);
    for (let i = 0; i < cases; i++) {
      const a = rand() % r, b = rand() % r;
      const P = G1.BASE.multiply(rand() % r), Q = G2.BASE.multiply(rand() % r);
      const e = bn254.pairing(P, Q);
      const eab = bn254.pairing(P.multiply(a), Q.multiply(b));
      assert.ok(eab.equals(e.powVartime((a * b) % r)), "e(aP, bQ) = e(P, Q)^(ab)");
      assert.ok(eab.equals(bn254.pairing(P, Q.multiply((a * b) % r))), "= e(P, abQ)");
      assert.ok(
        bn254.pairing(P, Q.add(G2.BASE)).equals(e.multiply(bn254.pairing(P, G2.BASE))),
        "e(P, Q + H) = e(P, Q)·e(P, H)",
      );
      const pairs: PairingInput[] = [[P.multiply(a), Q.multiply(b)], [P.multiply((a * b) % r).negate(), Q]];
      assert.ok(bn254.pairingCheck(pairs), "multi-pairing check");
      assert.ok(!bn254.pairingCheck([pairs[0], [P.multiply((a * b + 1n) % r).negate(), Q]]));
    }
  });

  Deno.test(`bn254 pairing: final exponentiation = its definition (${backend})`, () => {
    const tw = tower(TOWERS["bn254"], backend), F = tw.fp12;
    const fe = new FinalExp(tw, PAIRING.hardPart);
    const [a, o1, o2] = [F.alloc(), F.alloc(), F.alloc()];
    const rand = rng(8);
    F.setBigintVartime(a, Array.from({ length: 6 }, () => [rand() % p, rand() % p] as const));
    fe.run(o1, a);
    F.pow(o2, a, (p ** 12n - 1n) / r);
    assert.equal(F.eq(o1, o2), 1);
  });

  Deno.test(`bn254 pairing: against @noble/curves (${backend})`, () => {
    const tw = tower(TOWERS["bn254"], backend), F = tw.fp12;
    const fe = new FinalExp(tw, PAIRING.hardPart);
    const slot = F.alloc();
    const rand = rng(98);
    for (let i = 0; i < cases; i++) {
      const a = rand() % r, b = rand() % r;
      const ours = bn254.pairing(G1.BASE.multiply(a), G2.BASE.multiply(b));
      const nP = nb.G1.Point.BASE.multiply(a), nQ = nb.G2.Point.BASE.multiply(b);
      const m = nobleCoeffs(nb.pairing(nP, nQ, false)); // noble's Miller loop
      F.setBigintVartime(slot, Array.from({ length: 6 }, (_, j) => [m[2 * j], m[2 * j + 1]] as const));
      fe.run(slot, slot);
      assert.deepEqual(F.toBigintVartime(slot).flat(), coeffs(ours), "FE(noble Miller loop) = ours");
      const c = (a * b) % r;
      for (const d of [c, (c + 1n) % r]) {
        const mine = bn254.pairingCheck([[G1.BASE.multiply(a), G2.BASE.multiply(b)], [
          G1.BASE.multiply(d).negate(),
          G2.BASE,
        ]]);
        const theirs = nb.fields.Fp12.eql(
          nb.pairingBatch([{ g1: nP, g2: nQ }, {
            g1: nb.G1.Point.BASE.multiply(d).negate(),
            g2: nb.G2.Point.BASE,
          }]),
          nb.fields.Fp12.ONE,
        );
        assert.equal(mine, theirs);
        assert.equal(mine, d === c);
      }
    }
  });

  /** The EIP-197 pairing precompile on `input`: k × (G1 64 B ‖ G2 128 B), full validation. */
  const precompile = (input: Uint8Array): boolean => {
    if (input.length % 192 !== 0) {
      throw new IsochronError("INVALID_LENGTH", `input must be a multiple of 192 bytes, got ${input.length}`);
    }
    const pairs: PairingInput[] = [];
    for (let i = 0; i < input.length; i += 192) {
      pairs.push([G1.fromBytes(input.subarray(i, i + 64)), G2.fromBytes(input.subarray(i + 64, i + 192))]);
    }
    return bn254.pairingCheck(pairs);
  };

  Deno.test(`bn254 pairing: go-ethereum bn256Pairing.json (${backend})`, () => {
    const all = readJson<{ Input: string; Expected: string; Name: string }[]>("bn254/bn256Pairing.json");
    assert.equal(all.length, 14);
    for (const v of all) {
      const want = unhex(v.Expected);
      assert.equal(want.length, 32);
      assert.equal(precompile(unhex(v.Input)), want[31] === 1, v.Name);
    }
  });

  Deno.test(`bn254 pairing: EIP-197 invalid inputs throw (${backend})`, () => {
    const good = new Uint8Array([...G1.BASE.toBytes(), ...G2.BASE.toBytes()]);
    assert.equal(good.length, 192);
    assert.equal(precompile(good), false);
    throwsCode(() => precompile(good.subarray(1)), "INVALID_LENGTH", "191 bytes");
    throwsCode(
      () => precompile(new Uint8Array([...good, ...new Uint8Array(32)])),
      "INVALID_LENGTH",
      "224 bytes",
    );
    const big = good.slice();
    big.set(unhex(p.toString(16).padStart(64, "0")), 0); // x = p
    throwsCode(() => precompile(big), "NON_CANONICAL", "G1 x = p");
    const big2 = good.slice();
    big2.set(unhex((p + 1n).toString(16).padStart(64, "0")), 64); // x_im = p + 1
    throwsCode(() => precompile(big2), "NON_CANONICAL", "G2 x_im = p + 1");
    const off = good.slice();
    off[63] ^= 1;
    throwsCode(() => precompile(off), "NOT_ON_CURVE", "G1 off curve");
    const off2 = good.slice();
    off2[191] ^= 1;
    throwsCode(() => precompile(off2), "NOT_ON_CURVE", "G2 off curve");
    // on E' but outside G2 (cofactor 2p − r): the first x = 1, 2, … with x³ + b' a square
    const f2 = tower(TOWERS["bn254"], backend).fp2, t = f2.alloc(2);
    let x = 0n;
    do {
      x++;
      f2.setBigintVartime(t, [x ** 3n, 0n]);
      f2.add(t, t, G2.law.b); // + b' = 3/ξ
    } while (f2.sqrt(t + 2, t) !== 1);
    const [y0, y1] = f2.toBigintVartime(t + 2);
    const R = G2.fromAffine({ x: { c0: x, c1: 0n }, y: { c0: y0, c1: y1 } });
    assert.ok(!R.isTorsionFreeVartime());
    const bad = new Uint8Array([...G1.BASE.toBytes(), ...R.toBytes()]);
    throwsCode(() => precompile(bad), "NOT_IN_SUBGROUP", "G2 not in subgroup");
  });

  Deno.test(`bn254 pairing: type errors (${backend})`, () => {
    const other = bn254Groups(backend === "wasm" ? "ts" : "wasm");
    throwsCode(() => bn254.pairing(G1.BASE, other.G2.BASE), "INVALID_TYPE", "other backend");
    throwsCode(() => bn254.pairingCheck([[other.G1.BASE, G2.BASE]]), "INVALID_TYPE", "other backend G1");
    // deno-lint-ignore no-explicit-any
    throwsCode(() => bn254.pairing(G2.BASE as any, G1.BASE as any), "INVALID_TYPE", "swapped");
  });
}
