/**
 * Fp6 = Fp2[v]/(v³ − ξ) over BigInt with @noble/curves' `Fp6Bls` surface (variable-time, public values).
 * @module
 */
import { IsochronError } from "../../errors.ts";
import { powerArg, tupleArg } from "./checks.ts";
import { arithmeticMembers, coefficientwise, noSqrt } from "./composite.ts";
import type { BigintFp2, BigintFp6, Fp2, Fp6 } from "./types.ts";

/** `frobeniusMap` of a tower level with period `period` checks its power: an integer whose remainder is ≥ 0. */
export function frobeniusIndex(power: unknown, period: number): number {
  const k = powerArg(power, "frobeniusMap") % period;
  // noble indexes its table with the remainder, so a negative one fails there (TypeError).
  if (k < 0) throw new IsochronError("INVALID_TYPE", "frobeniusMap: negative power");
  return k;
}

/** What the tower gives Fp6: γ_k = ξ^((p^k − 1)/3) and γ_k² for k = 0…5. */
export interface Fp6Constants {
  /** ξ^((p^k − 1)/3), k = 0…5. */
  readonly frobenius1: readonly Fp2[];
  /** ξ^(2(p^k − 1)/3), k = 0…5. */
  readonly frobenius2: readonly Fp2[];
}

/** Fp6 over `Fp2`, where v³ = ξ = Fp2.NONRESIDUE. `sqrt` throws NO_SQUARE_ROOT, as noble's ("not implemented"). */
export function bigintFp6(Fp2: BigintFp2, { frobenius1, frobenius2 }: Fp6Constants): BigintFp6 {
  const { members: base, scale, parts, checked } = coefficientwise<Fp6, Fp2>(["c0", "c1", "c2"], Fp2);
  const { add, sub, mulByNonresidue: byXi } = Fp2;
  const m = Fp2.mul;
  const make = (c0: Fp2, c1: Fp2, c2: Fp2): Fp6 => Object.freeze({ c0, c1, c2 });

  // Schoolbook product with v³ = ξ.
  const mul = (x: Fp6, y: Fp6 | bigint): Fp6 => {
    if (typeof y === "bigint") return scale(x, y);
    const [a, b] = [parts(x, "mul"), parts(y, "mul")];
    return make(
      add(m(a.c0, b.c0), byXi(add(m(a.c1, b.c2), m(a.c2, b.c1)))),
      add(add(m(a.c0, b.c1), m(a.c1, b.c0)), byXi(m(a.c2, b.c2))),
      add(add(m(a.c0, b.c2), m(a.c1, b.c1)), m(a.c2, b.c0)),
    );
  };
  const sqr = (x: Fp6) => mul(x, x);
  // (Beuchat et al., Pairing 2010, Alg. 17) t0 = a0² − ξa1a2, t1 = ξa2² − a0a1, t2 = a1² − a0a2,
  // x⁻¹ = (t0 + t1·v + t2·v²)/(a0t0 + ξ(a2t1 + a1t2)).
  const inv = (x: Fp6): Fp6 => {
    const { c0, c1, c2 } = parts(x, "inv");
    const t0 = sub(Fp2.sqr(c0), byXi(m(c1, c2)));
    const t1 = sub(byXi(Fp2.sqr(c2)), m(c0, c1));
    const t2 = sub(Fp2.sqr(c1), m(c0, c2));
    const d = Fp2.inv(add(m(c0, t0), byXi(add(m(c2, t1), m(c1, t2)))));
    return make(m(t0, d), m(t1, d), m(t2, d));
  };

  const F: BigintFp6 = {
    ...base,
    ORDER: Fp2.Fp.ORDER ** 6n,
    BITS: 3 * Fp2.BITS,
    isLE: false,
    Fp2,
    FROBENIUS_COEFFICIENTS_1: frobenius1,
    FROBENIUS_COEFFICIENTS_2: frobenius2,
    ...arithmeticMembers({ ...base, mul, sqr, inv, sqrt: noSqrt("Fp6") }, Fp2.Fp),
    // (Σ cᵢvⁱ)^(p^k) = Σ cᵢ^(p^k)·γ_k^i·vⁱ; k ≡ 0 mod 6 returns the coefficients as given.
    frobeniusMap: (x, power) => {
      const c = checked(x, "frobeniusMap");
      const k = frobeniusIndex(power, 6);
      if (k === 0) return make(c.c0, c.c1, c.c2);
      const f = (y: Fp2) => Fp2.frobeniusMap(y, power);
      return make(f(c.c0), m(f(c.c1), frobenius1[k]), m(f(c.c2), frobenius2[k]));
    },
    fromBigSix: (t) => {
      const [a, b, c, d, e, f] = tupleArg(t, 6, "fromBigSix");
      return F.create({ c0: { c0: a, c1: b }, c1: { c0: c, c1: d }, c2: { c0: e, c1: f } });
    },
    mul1: (x, b1) => mul(x, { c0: Fp2.ZERO, c1: b1, c2: Fp2.ZERO }),
    mul01: (x, b0, b1) => mul(x, { c0: b0, c1: b1, c2: Fp2.ZERO }),
    mulByFp2: (x, y) => {
      const c = parts(x, "mulByFp2");
      return make(m(c.c0, y), m(c.c1, y), m(c.c2, y));
    },
    // x·v: (c0, c1, c2) ↦ (ξc2, c0, c1), c0 and c1 as given.
    mulByNonresidue: (x) => {
      const c = checked(x, "mulByNonresidue");
      return make(byXi(c.c2), c.c0, c.c1);
    },
  };
  return Object.freeze(F);
}
