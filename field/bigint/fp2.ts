/**
 * Fp2 = Fp[u]/(u² + 1) over BigInt with @noble/curves' `Fp2Bls` surface (variable-time, public values).
 * @module
 */
import { IsochronError } from "../../errors.ts";
import { bigintArg, powerArg, tupleArg } from "./checks.ts";
import { arithmeticMembers, coefficientwise } from "./composite.ts";
import type { BigintField, BigintFp2, Fp2 } from "./types.ts";

/** What the tower gives Fp2. */
export interface Fp2Constants {
  /** ξ, the cubic and sextic non-residue defining Fp6 and Fp12. */
  readonly xi: Fp2;
  /** b′ of the twist E′: y² = x³ + b′ (`mulByB`). */
  readonly twistB: Fp2;
}

/**
 * Fp2 over `Fp` (p ≡ 3 mod 4). `sqrt` returns noble's root: when c1 = 0 the root from Fp's sqrt as
 * noble computes it, otherwise of the two roots the one with the larger (c1, c0).
 */
export function bigintFp2(Fp: BigintField, { xi, twistB }: Fp2Constants): BigintFp2 {
  const p = Fp.ORDER;
  const { members: base, scale, parts } = coefficientwise<Fp2, bigint>(["c0", "c1"], Fp);
  const coords = (x: Fp2, what: string): [bigint, bigint] => {
    const c = parts(x, what);
    return [bigintArg(c.c0, what), bigintArg(c.c1, what)];
  };
  const make = (c0: bigint, c1: bigint): Fp2 => Object.freeze({ c0: Fp.create(c0), c1: Fp.create(c1) });
  const isSquare = (a: bigint) => Fp.pow(a, (p - 1n) / 2n) === 1n;

  const mul = (x: Fp2, y: Fp2 | bigint): Fp2 => {
    if (typeof y === "bigint") return scale(x, y);
    const [a0, a1] = coords(x, "mul");
    const [b0, b1] = coords(y, "mul");
    return make(a0 * b0 - a1 * b1, a0 * b1 + a1 * b0); // u² = −1
  };
  const sqr = (x: Fp2): Fp2 => {
    const [a0, a1] = coords(x, "sqr");
    return make((a0 + a1) * (a0 - a1), 2n * a0 * a1);
  };
  // (a0 + a1·u)⁻¹ = (a0 − a1·u)/(a0² + a1²).
  const inv = (x: Fp2): Fp2 => {
    const [a0, a1] = coords(x, "inv");
    const n = Fp.inv(Fp.create(a0 * a0 + a1 * a1));
    return make(a0 * n, -a1 * n);
  };
  // The "complex method" (Adj, Rodríguez-Henríquez, "Square root computation over even extension
  // fields", IEEE TC 2014, Alg. 8): with a = √(c0² + c1²), one of (c0 ± a)/2 is a square δ, and
  // √x = √δ + c1/(2√δ)·u. Checked by squaring against x as given (an unreduced x throws, as noble).
  const sqrt = (x: Fp2): Fp2 => {
    const [c0, c1] = coords(x, "sqrt");
    if (c1 === 0n) {
      const a = Fp.create(c0);
      return a !== 0n && isSquare(a) ? make(Fp.sqrt(c0), 0n) : make(0n, Fp.sqrt(Fp.neg(c0)));
    }
    const a = Fp.sqrt(Fp.add(c0 * c0, c1 * c1));
    let d = Fp.mul(c0 + a, Fp.inv(2n));
    if (!isSquare(d) && d !== 0n) d = Fp.sub(d, a);
    const r0 = Fp.sqrt(d);
    const root = make(r0, Fp.div(c1, 2n * r0));
    if (!F.eql(sqr(root), x)) throw new IsochronError("NO_SQUARE_ROOT", "not a square");
    const other = F.neg(root);
    const larger = root.c1 > other.c1 || (root.c1 === other.c1 && root.c0 > other.c0);
    return larger ? root : other;
  };

  const F: BigintFp2 = {
    ...base,
    ORDER: p * p,
    BITS: (p * p).toString(2).length,
    isLE: false,
    Fp,
    NONRESIDUE: make(xi.c0, xi.c1),
    Fp_NONRESIDUE: p - 1n,
    Fp_div2: (p + 1n) / 2n,
    ...arithmeticMembers({ ...base, mul, sqr, inv, sqrt }, Fp),
    // sgn0_m_eq_2 of RFC 9380 §4.1 on the integers as given (noble: a negative odd c0 is not "odd").
    isOdd: (x) => {
      const [c0, c1] = coords(x, "isOdd");
      const [s0, s1] = [c0 % 2n, c1 % 2n];
      return s0 !== 0n ? s0 === 1n : c0 === 0n && s1 === 1n;
    },
    // x^(p^k) is the conjugate for odd k (u^p = −u); the coefficients are returned as given.
    frobeniusMap: (x, power) => {
      const [c0, c1] = coords(x, "frobeniusMap");
      return Object.freeze({ c0, c1: powerArg(power, "frobeniusMap") % 2 === 0 ? c1 : Fp.neg(c1) });
    },
    fromBigTuple: (t) => {
      const [c0, c1] = tupleArg(t, 2, "fromBigTuple");
      return make(c0, c1);
    },
    mulByB: (x) => mul(x, twistB),
    mulByNonresidue: (x) => mul(x, xi),
    reim: (x) => {
      const [re, im] = coords(x, "reim");
      return { re, im };
    },
    // (a + b·s)² = (a² + ξb²) + 2ab·s in Fp4 = Fp2[s]/(s² − ξ).
    Fp4Square: (a, b) => ({ first: F.add(mul(sqr(b), xi), sqr(a)), second: mul(mul(a, b), 2n) }),
  };
  return Object.freeze(F);
}
