/**
 * Fp12 = Fp6[w]/(w² − v) over BigInt with @noble/curves' `Fp12Bls` surface (variable-time, public
 * values).
 * @module
 */
import { IsochronError } from "../../errors.ts";
import { bigintArg, tupleArg } from "./checks.ts";
import { arithmeticMembers, coefficientwise, noSqrt } from "./composite.ts";
import { frobeniusIndex } from "./fp6.ts";
import type { BigintFp12, BigintFp6, Fp12, Fp2, Fp6 } from "./types.ts";

/** What the curve gives Fp12. */
export interface Fp12Constants {
  /** ξ^((p^k − 1)/6), k = 0…11 (w^(p^k) = γ_k·w). */
  readonly frobenius: readonly Fp2[];
  /** The bit length of the curve parameter |x| (BLS12) or |u| (BN): `_cyclotomicExp` takes n < 2^xLen. */
  readonly xLen: number;
  /** The hard part of the final exponentiation: (p⁴ − p² + 1)/r, or a multiple of it. */
  readonly hardExponent: bigint;
}

/** Fp12 over `Fp6`, w² = v. `sqrt` throws NO_SQUARE_ROOT, as noble's ("not implemented"). */
export function bigintFp12(Fp6: BigintFp6, { frobenius, xLen, hardExponent }: Fp12Constants): BigintFp12 {
  const { members: base, scale, parts, checked } = coefficientwise<Fp12, Fp6>(["c0", "c1"], Fp6);
  const { Fp2 } = Fp6;
  const make = (c0: Fp6, c1: Fp6): Fp12 => Object.freeze({ c0, c1 });

  // (a0 + a1w)(b0 + b1w) = a0b0 + a1b1·v + (a0b1 + a1b0)·w.
  const mul = (x: Fp12, y: Fp12 | bigint): Fp12 => {
    if (typeof y === "bigint") return scale(x, y);
    const [a, b] = [parts(x, "mul"), parts(y, "mul")];
    const m = Fp6.mul;
    return make(
      Fp6.add(m(a.c0, b.c0), Fp6.mulByNonresidue(m(a.c1, b.c1))),
      Fp6.add(m(a.c0, b.c1), m(a.c1, b.c0)),
    );
  };
  const sqr = (x: Fp12) => mul(x, x);
  // (a0 + a1w)⁻¹ = (a0 − a1w)/(a0² − a1²v).
  const inv = (x: Fp12): Fp12 => {
    const { c0, c1 } = parts(x, "inv");
    const t = Fp6.inv(Fp6.sub(Fp6.sqr(c0), Fp6.mulByNonresidue(Fp6.sqr(c1))));
    return make(Fp6.mul(c0, t), Fp6.neg(Fp6.mul(c1, t)));
  };
  const conjugate = (x: Fp12): Fp12 => {
    const c = checked(x, "conjugate");
    return make(c.c0, Fp6.neg(c.c1));
  };
  const frobeniusMap = (x: Fp12, power: number): Fp12 => {
    const c = checked(x, "frobeniusMap");
    const k = frobeniusIndex(power, 12);
    if (k === 0) return make(c.c0, c.c1);
    if (k === 6) return conjugate(c); // w^(p⁶) = −w
    return make(Fp6.frobeniusMap(c.c0, power), Fp6.mulByFp2(Fp6.frobeniusMap(c.c1, power), frobenius[k]));
  };
  // Granger–Scott, "Faster squaring in the cyclotomic subgroup of sixth degree extensions", PKC 2010,
  // §3.2: x = A + B·w + C·w² over Fp4 = Fp2[s]/(s² − ξ), s = w³, with A = c0.c0 + c1.c1·s,
  // B = c1.c0 + c0.c2·s, C = c0.c1 + c1.c2·s; then x² = (3A² − 2Ā) + (3s·C² + 2B̄)·w + (3B² − 2C̄)·w²
  // for x in the cyclotomic subgroup (Ā the conjugate a − b·s). Coefficients: 3t ∓ 2c.
  const cyclotomicSquare = (x: Fp12): Fp12 => {
    const { c0, c1 } = checked(x, "_cyclotomicSquare");
    const a = Fp2.Fp4Square(c0.c0, c1.c1);
    const b = Fp2.Fp4Square(c1.c0, c0.c2);
    const c = Fp2.Fp4Square(c0.c1, c1.c2);
    const minus = (t: Fp2, y: Fp2) => Fp2.sub(Fp2.mul(t, 3n), Fp2.mul(y, 2n));
    const plus = (t: Fp2, y: Fp2) => Fp2.add(Fp2.mul(t, 3n), Fp2.mul(y, 2n));
    return make(
      Object.freeze({ c0: minus(a.first, c0.c0), c1: minus(b.first, c0.c1), c2: minus(c.first, c0.c2) }),
      Object.freeze({
        c0: plus(Fp2.mulByNonresidue(c.second), c1.c0),
        c1: plus(a.second, c1.c1),
        c2: plus(b.second, c1.c2),
      }),
    );
  };
  // x^n, left to right, squaring with cyclotomicSquare (n = 1 returns x as given, as noble).
  const cyclotomicPow = (x: Fp12, n: bigint): Fp12 => {
    if (n === 0n) return F.ONE;
    let z = x;
    for (let i = n.toString(2).length - 2; i >= 0; i--) {
      z = cyclotomicSquare(z);
      if ((n >> BigInt(i)) & 1n) z = mul(z, x);
    }
    return z;
  };

  const F: BigintFp12 = {
    ...base,
    ORDER: Fp2.Fp.ORDER ** 12n,
    BITS: 2 * Fp6.BITS,
    isLE: false,
    Fp6,
    X_LEN: xLen,
    FROBENIUS_COEFFICIENTS: frobenius,
    ...arithmeticMembers({ ...base, mul, sqr, inv, sqrt: noSqrt("Fp12") }, Fp2.Fp),
    frobeniusMap,
    fromBigTwelve: (t) => {
      const c = tupleArg(t, 12, "fromBigTwelve");
      return make(Fp6.fromBigSix(c.slice(0, 6)), Fp6.fromBigSix(c.slice(6)));
    },
    mulByFp2: (x, y) => {
      const c = parts(x, "mulByFp2");
      return make(Fp6.mulByFp2(c.c0, y), Fp6.mulByFp2(c.c1, y));
    },
    conjugate,
    // f^((p¹² − 1)/r) = ((f̄·f⁻¹)^(p² + 1))^((p⁴ − p² + 1)/r): the easy part by conjugation, inverse and
    // Frobenius, the hard part by a plain power of hardExponent (the easy part lands in the cyclotomic
    // subgroup, where cyclotomicSquare squares).
    finalExponentiate: (x) => {
      const easy = mul(conjugate(x), inv(x));
      return cyclotomicPow(mul(frobeniusMap(easy, 2), easy), hardExponent);
    },
    _cyclotomicSquare: cyclotomicSquare,
    _cyclotomicExp: (x, n) => {
      if (bigintArg(n, "_cyclotomicExp") < 0n || n >> BigInt(xLen) !== 0n) {
        throw new IsochronError("INVALID_SCALAR", `_cyclotomicExp: expected 0 ≤ n < 2^${xLen}`);
      }
      return cyclotomicPow(x, n);
    },
  };
  return Object.freeze(F);
}
