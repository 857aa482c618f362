/**
 * The BigInt tower Fp → Fp2 → Fp6 → Fp12 of a curve, from the library's tower description
 * (`TowerParams`: p, ξ, twist) and its Frobenius table (field/tower/frobenius.ts), with
 * @noble/curves' `tower12` surface. Variable-time: public values and porting only.
 * @module
 */
import { fp2MulBig, frobeniusTable } from "../tower/frobenius.ts";
import type { TowerParams } from "../tower/params.ts";
import type { Fp2Value } from "../tower/fp2_value.ts";
import { bigintFp2 } from "./fp2.ts";
import { bigintFp6 } from "./fp6.ts";
import { bigintFp12 } from "./fp12.ts";
import { bigintPrimeField } from "./prime_field.ts";
import type { BigintTower, Fp2 } from "./types.ts";

/** What a tower needs beyond `TowerParams`: the curve's constants (see `bigintFields`). */
export interface TowerCurveConstants {
  /** b′ of the twist E′: y² = x³ + b′ over Fp2 (`Fp2.mulByB`). */
  readonly twistB: Fp2Value;
  /** The curve parameter (x of BLS12, u of BN): its bit length bounds `_cyclotomicExp`. */
  readonly x: bigint;
  /** The group order r, a divisor of p⁴ − p² + 1 (the final exponentiation's hard part). */
  readonly r: bigint;
  /** `finalExponentiate` raises to this multiple of (p¹² − 1)/r (1n: exact; see `bigintFields`). */
  readonly finalExponentMultiple?: bigint;
}

/**
 * γ_{k,j} = ξ^(j(p^k − 1)/6) for k = 0…11, j = 0…5: k = 1…3 from `frobeniusTable`, the others by
 * γ_{a+b,j} = γ_{a,j}·(γ_{b,j})^(p^a) (expand j(p^(a+b) − 1)/6 = j(p^a − 1)/6 + p^a·j(p^b − 1)/6),
 * where y^(p^a) is y for even a and the conjugate for odd a.
 */
export function frobeniusRows(p: bigint, xi: Fp2Value, gamma11?: Fp2Value): readonly (readonly Fp2[])[] {
  const { gamma } = frobeniusTable(p, xi, gamma11);
  const one = Array.from({ length: 6 }, () => ({ c0: 1n, c1: 0n }));
  const rows: Fp2Value[][] = [one, ...gamma.map((row) => [...row])];
  const conj = (y: Fp2Value) => ({ c0: y.c0, c1: (p - y.c1) % p });
  for (let k = 4; k < 12; k++) rows.push(rows[3].map((g, j) => fp2MulBig(p, g, conj(rows[k - 3][j]))));
  return rows.map((row) => Object.freeze(row.map((g) => Object.freeze({ c0: g.c0, c1: g.c1 }))));
}

/** The tower of `tower` (Fp, Fp2, Fp6, Fp12; Fp is the same object as Fp2.Fp). */
export function bigintTower(
  tower: TowerParams,
  { twistB, x, r, finalExponentMultiple = 1n }: TowerCurveConstants,
): BigintTower {
  const { p, xi } = tower;
  const rows = frobeniusRows(p, xi, tower.gamma11);
  const column = (j: number, count: number) => Object.freeze(rows.slice(0, count).map((row) => row[j]));
  const cyclotomic = p ** 4n - p ** 2n + 1n;
  if (cyclotomic % r !== 0n) throw new Error("bigintTower: r does not divide p⁴ − p² + 1");
  const Fp = bigintPrimeField(p);
  const Fp2 = bigintFp2(Fp, { xi, twistB });
  const Fp6 = bigintFp6(Fp2, { frobenius1: column(2, 6), frobenius2: column(4, 6) });
  const Fp12 = bigintFp12(Fp6, {
    frobenius: column(1, 12),
    xLen: (x < 0n ? -x : x).toString(2).length,
    hardExponent: (cyclotomic / r) * finalExponentMultiple,
  });
  return Object.freeze({ Fp, Fp2, Fp6, Fp12 });
}
