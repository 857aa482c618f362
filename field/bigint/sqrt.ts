/**
 * Square roots in a prime field Fp, BigInt and variable-time (public values only). The root chosen
 * is @noble/curves' for p ≡ 3 mod 4 (x^((p+1)/4)) and for Tonelli–Shanks with the least non-residue
 * z ≥ 2 (BLS12-381's and BN254's r are ≡ 1 mod 16).
 * @module
 */
import { IsochronError } from "../../errors.ts";
import { bigintArg } from "./checks.ts";

/** (b^e) mod p for e ≥ 0, p > 1 (square-and-multiply). */
export function modPow(b: bigint, e: bigint, p: bigint): bigint {
  let r = 1n;
  let x = ((b % p) + p) % p;
  for (; e > 0n; e >>= 1n) {
    if (e & 1n) r = (r * x) % p;
    x = (x * x) % p;
  }
  return r;
}

/** Euler's criterion: 1 (non-zero square), p − 1 (non-square) or 0, of `a` reduced mod p. */
function euler(a: bigint, p: bigint): bigint {
  return modPow(a, (p - 1n) / 2n, p);
}

const noRoot = () => new IsochronError("NO_SQUARE_ROOT", "not a square");

/**
 * The square-root function of Fp. For p ≡ 3 mod 4: r = x^((p+1)/4), returned when r² equals `x` as
 * given (so an unreduced x throws NO_SQUARE_ROOT, as noble's). Otherwise Tonelli–Shanks (Cohen, "A
 * Course in Computational Algebraic Number Theory", Alg. 1.5.1): 0 gives 0, and an unreduced x is
 * reduced first (as noble's). For p ≡ 5 mod 8 and p ≡ 9 mod 16 noble uses other algorithms whose
 * root may be the other one; no curve here has such a prime.
 */
export function primeFieldSqrt(p: bigint): (x: bigint) => bigint {
  if (p % 4n === 3n) {
    const e = (p + 1n) / 4n;
    return (x) => {
      const r = modPow(bigintArg(x, "sqrt"), e, p);
      if ((r * r) % p !== x) throw noRoot();
      return r;
    };
  }
  let s = 0n;
  let q = p - 1n;
  for (; q % 2n === 0n; q /= 2n) s++;
  let z = 2n;
  while (euler(z, p) !== p - 1n) z++;
  const zq = modPow(z, q, p);
  return (x) => {
    if (bigintArg(x, "sqrt") === 0n) return x;
    const a = ((x % p) + p) % p;
    if (euler(a, p) !== 1n) throw noRoot();
    let m = s;
    let c = zq;
    let t = modPow(a, q, p);
    let r = modPow(a, (q + 1n) / 2n, p);
    while (t !== 1n) {
      let i = 1n;
      for (let t2 = (t * t) % p; t2 !== 1n; t2 = (t2 * t2) % p) i++;
      const b = modPow(c, 1n << (m - i - 1n), p);
      m = i;
      c = (b * b) % p;
      t = (t * c) % p;
      r = (r * b) % p;
    }
    return r;
  };
}
