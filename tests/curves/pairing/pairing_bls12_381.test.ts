/**
 * The BLS12-381 optimal ate pairing (curves/pairing*.ts): bilinearity, non-degeneracy, identity
 * inputs, the final exponentiation against its definition, @noble/curves, and go-ethereum's EIP-2537
 * pairing vectors (tests/vectors/bls12381_eip2537/blsPairing.json) plus crafted invalid inputs.
 *
 * Comparison with noble: noble's Fp12 has the same tower and layout, but its final exponentiation
 * raises to a multiple of (p¹² − 1)/r (its result is our e(P, Q)^k for a fixed k ≢ 1), so values are
 * compared as: our exact final exponentiation of noble's Miller loop output equals our pairing, and
 * pairing-check outcomes agree.
 */
import { TOWERS } from "../../../curves/registry.ts";
import assert from "node:assert/strict";
import { bls12_381 as nb } from "@noble/curves/bls12-381.js";
import { bls12_381 } from "../../../curves/bls12_381/mod.ts";
import type { PairingInput, PairingResult } from "../../../curves/pairing/pairing.ts";
import { FinalExp } from "../../../curves/pairing/final_exp.ts";
import { PAIRING } from "../../../curves/bls12_381/pairing.ts";
import { tower } from "../../../field/tower/mod.ts";
import { BACKENDS, bls12381Groups, readJson, rng, throwsCode, unhex } from "../helpers.ts";

const r = bls12_381.fr.p, p = bls12_381.fp.p;
const N = 48;

/** Our encoding → 12 integers. */
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
  const { G1, G2 } = bls12381Groups(backend);
  const E1 = G1.codec("eip2537"), E2 = G2.codec("eip2537");
  const cases = backend === "wasm" ? 3 : 2;

  Deno.test(`bls12-381 pairing: non-degenerate, order r, identity inputs (${backend})`, () => {
    const e = bls12_381.pairing(G1.BASE, G2.BASE);
    assert.ok(!e.isOne(), "e(G1, G2) ≠ 1");
    assert.ok(e.powVartime(r).isOne(), "e^r = 1");
    assert.equal(e.toBytes().length, 12 * N);
    assert.ok(bls12_381.pairing(G1.ZERO, G2.BASE).isOne());
    assert.ok(bls12_381.pairing(G1.BASE, G2.ZERO).isOne());
    assert.ok(bls12_381.pairingCheck([]));
    assert.ok(bls12_381.pairingCheck([[G1.ZERO, G2.BASE], [G1.BASE, G2.ZERO]]));
    assert.ok(!bls12_381.pairingCheck([[G1.BASE, G2.BASE]]));
    assert.ok(bls12_381.pairingCheck([[G1.BASE, G2.BASE], [G1.BASE.negate(), G2.BASE]]));
  });

  Deno.test(`bls12-381 pairing: bilinearity e(aP, bQ) = e(P, Q)^(ab) (${backend})`, () => {
    const rand = rng(381 + cases);
    for (let i = 0; i < cases; i++) {
      const a = rand() % r, b = rand() % r;
      const P = G1.BASE.multiply(rand() % r), Q = G2.BASE.multiply(rand() % r);
      const e = bls12_381.pairing(P, Q);
      const eab = bls12_381.pairing(P.multiply(a), Q.multiply(b));
      assert.ok(eab.equals(e.powVartime((a * b) % r)), "e(aP, bQ) = e(P, Q)^(ab)");
      assert.ok(eab.equals(bls12_381.pairing(P.multiply((a * b) % r), Q)), "= e(abP, Q)");
      assert.ok(
        bls12_381.pairing(P.add(G1.BASE), Q).equals(e.multiply(bls12_381.pairing(G1.BASE, Q))),
        "e(P + G, Q) = e(P, Q)·e(G, Q)",
      );
      const pairs: PairingInput[] = [[P.multiply(a), Q.multiply(b)], [P.multiply((a * b) % r).negate(), Q]];
      assert.ok(bls12_381.pairingCheck(pairs), "multi-pairing check");
      assert.ok(!bls12_381.pairingCheck([pairs[0], [P.multiply((a * b + 1n) % r).negate(), Q]]));
    }
  });

  Deno.test(`bls12-381 pairing: final exponentiation = its definition (${backend})`, () => {
    const tw = tower(TOWERS["bls12-381"], backend), F = tw.fp12;
    const fe = new FinalExp(tw, PAIRING.hardPart);
    const [a, o1, o2] = [F.alloc(), F.alloc(), F.alloc()];
    const rand = rng(7);
    F.setBigintVartime(a, Array.from({ length: 6 }, () => [rand() % p, rand() % p] as const));
    fe.run(o1, a);
    F.pow(o2, a, (p ** 12n - 1n) / r);
    assert.equal(F.eq(o1, o2), 1);
  });

  Deno.test(`bls12-381 pairing: against @noble/curves (${backend})`, () => {
    const tw = tower(TOWERS["bls12-381"], backend), F = tw.fp12;
    const fe = new FinalExp(tw, PAIRING.hardPart);
    const slot = F.alloc();
    const rand = rng(99);
    for (let i = 0; i < cases; i++) {
      const a = rand() % r, b = rand() % r;
      const ours = bls12_381.pairing(G1.BASE.multiply(a), G2.BASE.multiply(b));
      const nP = nb.G1.Point.BASE.multiply(a), nQ = nb.G2.Point.BASE.multiply(b);
      const m = nobleCoeffs(nb.pairing(nP, nQ, false)); // noble's Miller loop
      F.setBigintVartime(slot, Array.from({ length: 6 }, (_, j) => [m[2 * j], m[2 * j + 1]] as const));
      fe.run(slot, slot);
      assert.deepEqual(F.toBigintVartime(slot).flat(), coeffs(ours), "FE(noble Miller loop) = ours");
      // check outcomes: e(aG, bH)·e(−abG, H) = 1 for both
      const c = (a * b) % r;
      const mine = bls12_381.pairingCheck([[G1.BASE.multiply(a), G2.BASE.multiply(b)], [
        G1.BASE.multiply(c).negate(),
        G2.BASE,
      ]]);
      const theirs = nb.fields.Fp12.eql(
        nb.pairingBatch([{ g1: nP, g2: nQ }, {
          g1: nb.G1.Point.BASE.multiply(c).negate(),
          g2: nb.G2.Point.BASE,
        }]),
        nb.fields.Fp12.ONE,
      );
      assert.equal(mine, theirs);
      assert.ok(mine);
    }
  });

  /** The EIP-2537 pairing precompile on `input`: k × (G1 128 B ‖ G2 256 B), full validation. */
  const precompile = (input: Uint8Array): boolean => {
    if (input.length === 0 || input.length % 384 !== 0) {
      // let the decoder report the bad length of the last chunk (k = 0: an empty G1)
      E1.decode(input.subarray(Math.floor(input.length / 384) * 384, input.length));
    }
    const pairs: PairingInput[] = [];
    for (let i = 0; i < input.length; i += 384) {
      pairs.push([
        E1.decode(input.subarray(i, i + 128)),
        E2.decode(input.subarray(i + 128, i + 384)),
      ]);
    }
    return bls12_381.pairingCheck(pairs);
  };

  Deno.test(`bls12-381 pairing: EIP-2537 blsPairing.json (${backend})`, () => {
    const all = readJson<{ Input: string; Expected: string; Name: string }[]>(
      "bls12381_eip2537/blsPairing.json",
    );
    assert.equal(all.length, 106);
    for (const v of all) {
      const want = unhex(v.Expected);
      assert.equal(want.length, 32);
      assert.equal(precompile(unhex(v.Input)), want[31] === 1, v.Name);
    }
  });

  Deno.test(`bls12-381 pairing: EIP-2537 invalid inputs throw (${backend})`, () => {
    const good = new Uint8Array([...E1.encode(G1.BASE), ...E2.encode(G2.BASE)]);
    assert.equal(precompile(good), false);
    throwsCode(() => precompile(new Uint8Array(0)), "INVALID_LENGTH", "empty");
    throwsCode(() => precompile(good.subarray(1)), "INVALID_LENGTH", "383 bytes");
    throwsCode(() => precompile(new Uint8Array([...good, 0])), "INVALID_LENGTH", "385 bytes");
    const pad = good.slice();
    pad[0] = 1;
    throwsCode(() => precompile(pad), "NON_CANONICAL", "G1 padding");
    const pad2 = good.slice();
    pad2[128 + 64 + 3] = 1;
    throwsCode(() => precompile(pad2), "NON_CANONICAL", "G2 padding");
    const big = good.slice();
    big.set(unhex(p.toString(16).padStart(128, "0")), 0); // x = p
    throwsCode(() => precompile(big), "NON_CANONICAL", "x = p");
    const off = good.slice();
    off[127] ^= 1;
    throwsCode(() => precompile(off), "NOT_ON_CURVE", "G1 off curve");
    const off2 = good.slice();
    off2[383] ^= 1;
    throwsCode(() => precompile(off2), "NOT_ON_CURVE", "G2 off curve");
    // on E' but outside G2: the first x = 1, 2, … with x³ + b' a square
    const f2 = tower(TOWERS["bls12-381"], backend).fp2, t = f2.alloc(2);
    let x = 0n;
    do {
      x++;
      f2.setBigintVartime(t, [x ** 3n + 4n, 4n]); // x³ + 4(1 + u)
    } while (f2.sqrt(t + 2, t) !== 1);
    const [y0, y1] = f2.toBigintVartime(t + 2);
    const R = G2.fromAffine({ x: { c0: x, c1: 0n }, y: { c0: y0, c1: y1 } });
    assert.ok(!R.isTorsionFreeVartime());
    const bad = new Uint8Array([...E1.encode(G1.BASE), ...E2.encode(R)]);
    throwsCode(() => precompile(bad), "NOT_IN_SUBGROUP", "G2 not in subgroup");
  });

  Deno.test(`bls12-381 pairing: type errors (${backend})`, () => {
    const other = bls12381Groups(backend === "wasm" ? "ts" : "wasm");
    throwsCode(() => bls12_381.pairing(G1.BASE, other.G2.BASE), "INVALID_TYPE", "other backend");
    // deno-lint-ignore no-explicit-any
    throwsCode(() => bls12_381.pairing(G2.BASE as any, G1.BASE as any), "INVALID_TYPE", "swapped");
    // deno-lint-ignore no-explicit-any
    throwsCode(() => bls12_381.pairingCheck([[G1.BASE]] as any), "INVALID_TYPE", "bad pair");
    // deno-lint-ignore no-explicit-any
    throwsCode(() => bls12_381.pairingCheck("x" as any), "INVALID_TYPE", "not an array");
  });
}
