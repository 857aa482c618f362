/**
 * Field-generic algorithms of the BigInt fields (variable-time: public values only).
 * @module
 */
import type { IField } from "./types.ts";
import { arrayArg, exponentArg } from "./checks.ts";

/** The operations the generic algorithms use. */
type Ops<T> = Pick<IField<T>, "ONE" | "ZERO" | "mul" | "sqr" | "inv" | "is0">;

/**
 * num^e by left-to-right square-and-multiply. As in @noble/curves' `FpPow`, e = 0 gives ONE and
 * e = 1 gives `num` itself (as given, not reduced); e must be a bigint ≥ 0.
 */
export function powBy<T>(F: Ops<T>, num: T, e: bigint): T {
  exponentArg(e, "pow");
  if (e === 0n) return F.ONE;
  if (e === 1n) return num;
  let r = num;
  for (let i = e.toString(2).length - 2; i >= 0; i--) {
    r = F.sqr(r);
    if ((e >> BigInt(i)) & 1n) r = F.mul(r, num);
  }
  return r;
}

/**
 * The inverses of `list` with one inversion (Montgomery's trick: Montgomery 1987, "Speeding the
 * Pollard and elliptic curve methods of factorization", §10.3.1). Elements for which `is0` holds
 * map to ZERO; a product that is zero modulo p (an unreduced zero) throws NOT_INVERTIBLE, as noble.
 */
export function invertBatchOf<T>(F: Ops<T>, list: T[]): T[] {
  arrayArg<T>(list, "invertBatch");
  const prefix: T[] = [];
  let acc = F.ONE;
  for (const x of list) {
    prefix.push(acc);
    if (!F.is0(x)) acc = F.mul(acc, x);
  }
  let inv = F.inv(acc);
  const out: T[] = new Array(list.length);
  for (let i = list.length - 1; i >= 0; i--) {
    if (F.is0(list[i])) {
      out[i] = F.ZERO;
      continue;
    }
    out[i] = F.mul(inv, prefix[i]);
    inv = F.mul(inv, list[i]);
  }
  return out;
}
