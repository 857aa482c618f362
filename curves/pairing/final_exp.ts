/**
 * The final exponentiation f ↦ f^((p¹² − 1)/r) of the optimal ate pairing, split as
 * (p⁶ − 1)(p² + 1) · Φ₁₂(p)/r with Φ₁₂(p) = p⁴ − p² + 1. Each hard part computes a stated multiple of
 * Φ₁₂(p)/r prime to r, the one @noble/curves computes, so results equal noble's
 * (tests/curves/pairing/pairing.test.ts) and pairing checks are unchanged. Variable-time only
 * in the public curve parameter; costs count Fp12 operations (M mul, S cyclotomic squaring, F Frobenius).
 *
 * Easy part: f ← f̄·f⁻¹ (= f^(p⁶ − 1)), f ← f^(p²)·f. 1 inversion, 2M, 1F. Afterwards f lies in the
 * cyclotomic subgroup, where squaring is Granger–Scott's and inversion is conjugation.
 *
 * Hard part, BLS12 (parameter x, p = (x − 1)²(x⁴ − x² + 1)/3 + x, r = x⁴ − x² + 1): the chain of
 * Hayashida–Hayasaka–Teruya, "Efficient final exponentiation via cyclotomic structure for pairings
 * over families of elliptic curves", ePrint 2020/875, for 3Φ₁₂(p)/r = (x − 1)²(x + p)(x² + p² − 1) + 3:
 *   a = m^(x−1) = m^x·m̄, b = a^(x−1) = m^((x−1)²), c = b^(x+p) = b^x·b^p,
 *   m^(3Φ₁₂/r) = c^(x²)·c^(p²)·c̄ · m²·m.
 * Cost: five binary powers by |x| (5 × (63S + 5M), conjugated for x < 0), 7M, 1S, 2F: 316S + 32M
 * (the exact exponent by c = (x − 1)²/3 cost 313S + 47M). The result is the reduced pairing cubed,
 * as @noble/curves computes it (`HardPart.multiple` = 3; gcd(3, r) = 1, so pairing checks are
 * unchanged). The identity is checked at load.
 *
 * Hard part, BN (parameter u, p = 36u⁴ + 36u³ + 24u² + 6u + 1, r = 36u⁴ + 36u³ + 18u² + 6u + 1): the
 * multiple 2u(6u² + 3u + 1)·Φ₁₂(p)/r of Fuentes-Castañeda–Knapp–Rodríguez-Henríquez, "Faster hashing
 * to G2", SAC 2011, §6, whose base-p digits are λ0 = 12u³ + 12u² + 6u + 1, λ1 = 12u³ + 6u² + 4u,
 * λ2 = 12u³ + 6u² + 6u, λ3 = 12u³ + 6u² + 4u − 1 (checked at load), computed as
 *   A = m^(6u) (from m^u, two squarings, one product), B = A^u = m^(6u²), C = (B²)^u = m^(12u³),
 *   a = C·B·A = m^λ2, b = a·(m^(2u))⁻¹ = m^λ1, m^λ0 = a·B·m, m^λ3 = b·m̄,
 *   m^(λ0 + λ1·p + λ2·p² + λ3·p³) = m^λ0 · b^p · a^(p²) · (b·m̄)^(p³).
 * Cost: 3 powers by u (3-bit window: 3 × (63S + 20M)), 10M, 3S, 3F. This is the power of the reduced
 * pairing that @noble/curves computes (the same paper's chain), so `pairing` values need no further
 * exponentiation; gcd(2u(6u² + 3u + 1), r) = 1 (r is prime and larger), so pairing checks are unchanged.
 * (Scott et al.'s exact chain, Pairing 2009, costs the same three powers and 13M, 4S, 7F, and an
 * exponentiation by the 190-bit multiple on top where noble's value is wanted.)
 * @module
 */
import type { Tower } from "../../field/tower/mod.ts";
import { slidingWindow, type WindowStep } from "../../field/tower/window.ts";

/** Set bits up to which a binary-chain parameter squares compressed (each costs a decompression). */
const COMPRESSED_BITS = 8;

/** A precomputed sliding-window chain for a public exponent |e| > 0, with its sign. */
interface Chain {
  readonly negative: boolean;
  readonly first: number;
  readonly steps: readonly WindowStep[];
  /** Number of odd powers the table needs. */
  readonly table: number;
  /** The positions of |e|'s set bits, ascending (for the compressed squarings). */
  readonly bits: readonly number[];
}

/**
 * The cheapest sliding-window chain for e ≠ 0 over widths 1…5, counting a cyclotomic squaring (9s)
 * as 1/3 of a multiplication (18m): |x| of BLS12-381 (weight 6) gets plain binary, denser exponents a
 * window with a small table.
 */
function chain(e: bigint): Chain {
  let best: Chain | null = null, bestCost = Infinity;
  for (let w = 1; w <= 5; w++) {
    const { first, steps } = slidingWindow(e < 0n ? -e : e, w);
    let max = first, sq = 0, mul = 0;
    for (const s of steps) {
      max = Math.max(max, s.digit);
      sq += s.squarings;
      if (s.digit !== 0) mul++;
    }
    const table = (max + 1) / 2;
    const cost = sq / 3 + mul + (table > 1 ? table - 1 + 1 / 3 : 0);
    if (cost < bestCost) [best, bestCost] = [{ negative: e < 0n, first, steps, table, bits: [] }, cost];
  }
  const bits: number[] = [];
  for (let i = 0, m = e < 0n ? -e : e; m > 0n; i++, m >>= 1n) if (m & 1n) bits.push(i);
  return { ...best!, bits };
}

/**
 * The hard part m ↦ m^(Φ₁₂/r) of a pairing family, as a curve hands it to {@linkcode FinalExp}: the
 * BLS12 chain of Hayashida–Hayasaka–Teruya ({@linkcode bls12HardPart}) or the BN chain of Scott et al.
 * ({@linkcode bnHardPart}). Public curve parameters only.
 */
export interface HardPart {
  /** The family's name, for messages. */
  readonly family: string;
  /** The curve parameter (x for BLS12, u for BN), whose addition chain the hard part raises to. */
  readonly z: bigint;
  /** The hard part computes m^(multiple·Φ₁₂/r): 3 for the BLS12 chain, 2u(6u² + 3u + 1) for BN. */
  readonly multiple: bigint;
  /** out ← m^(Φ₁₂/r) with `fe`'s scratch and exponentiations (m cyclotomic). */
  run(fe: FinalExp, out: number, m: number): void;
}

/** The BLS12 hard part for curve parameter x (checks the identity it relies on, once). */
export function bls12HardPart(x: bigint, p: bigint): HardPart {
  const r = x ** 4n - x ** 2n + 1n, phi = p ** 4n - p ** 2n + 1n;
  // The identity the hard part relies on (public values, checked once).
  if (phi % r !== 0n || (3n * phi) / r !== (x - 1n) ** 2n * (x + p) * (x * x + p * p - 1n) + 3n) {
    throw new Error("FinalExp: BLS12 hard-part identity fails");
  }
  return { family: "bls12", z: x, multiple: 3n, run: (fe, out, m) => fe.hardBls12(out, m) };
}

/** The BN hard part for curve parameter u (checks the digits it relies on, once). */
export function bnHardPart(u: bigint): HardPart {
  const p = 36n * u ** 4n + 36n * u ** 3n + 24n * u ** 2n + 6n * u + 1n;
  const r = 36n * u ** 4n + 36n * u ** 3n + 18n * u ** 2n + 6n * u + 1n;
  const phi = p ** 4n - p ** 2n + 1n, multiple = 2n * u * (6n * u * u + 3n * u + 1n);
  const l2 = 12n * u ** 3n + 6n * u ** 2n + 6n * u, l1 = l2 - 2n * u, l0 = l2 + 6n * u ** 2n + 1n;
  const l3 = l1 - 1n;
  // The digits the chain computes (public values, checked once).
  if (phi % r !== 0n || l0 + l1 * p + l2 * p ** 2n + l3 * p ** 3n !== multiple * (phi / r)) {
    throw new Error("FinalExp: BN hard-part digits fail");
  }
  return { family: "bn", z: u, multiple, run: (fe, out, m) => fe.hardBn(out, m) };
}

/** The final exponentiation of one curve on one tower (scratch reserved once). */
export class FinalExp {
  private readonly tw: Tower;
  private readonly hard: HardPart;
  /** The chain of the curve parameter (x or u). */
  private readonly param: Chain;
  /** Scratch: 8 Fp12 elements, then the window table (8 elements). */
  private readonly s: number;
  private readonly tbl: number;
  /** Fp12 slots of the compressed path's saved powers (empty: the parameter is not sparse). */
  private readonly saved: readonly number[];
  /** Decompression scratch (3 Fp2 per saved power) and the running compressed square. */
  private readonly dec: number;
  private readonly work: number;

  /** With the curve's hard part, on tower `tw`. */
  constructor(tw: Tower, hard: HardPart) {
    this.tw = tw;
    this.hard = hard;
    this.param = chain(hard.z);
    this.s = tw.fp12.alloc(8);
    this.tbl = tw.fp12.alloc(8);
    // The compressed squarings' powers (one per set bit of a sparse parameter), decompression scratch.
    const count = this.param.table === 1 && this.param.bits.length <= COMPRESSED_BITS
      ? this.param.bits.length
      : 0;
    const first = tw.fp12.alloc(count);
    this.saved = Array.from({ length: count }, (_, i) => first + 12 * i);
    this.dec = tw.fp2.alloc(3 * count);
    this.work = tw.fp12.alloc(1);
  }

  /**
   * out ← a^e for a in the cyclotomic subgroup, e given by its chain: cyclotomic squarings, conj for
   * e < 0. A sparse exponent (binary chain, at most COMPRESSED_BITS set bits: BLS12-381's |x| has 6)
   * squares compressed instead: a^|e| = Π a^(2^i) over the set bits i, the squarings on four of the six
   * coefficients (6s instead of 9s), the powers that enter the product decompressed together with one
   * inversion (Fp12.decompressVartime). BLS12-381: 63 squarings at 6s, 6 decompressions (3s + 3m
   * each, 3m each for the shared inversion) and 5M, against 63 at 9s and 5M.
   */
  private cycPow(out: number, a: number, e: Chain): void {
    if (e.bits.length <= this.saved.length && this.compressed(out, a, e)) return; // none saved: not sparse
    const F = this.tw.fp12, tbl = this.tbl;
    F.copy(tbl, a);
    if (e.table > 1) {
      F.cyclotomicSqr(out, a); // a², out is free until the table is built
      for (let i = 1; i < e.table; i++) F.mul(tbl + 12 * i, tbl + 12 * (i - 1), out);
    }
    F.copy(out, tbl + 6 * (e.first - 1));
    for (const { squarings, digit } of e.steps) {
      for (let i = 0; i < squarings; i++) F.cyclotomicSqr(out, out);
      if (digit !== 0) F.mul(out, out, tbl + 6 * (digit - 1));
    }
    if (e.negative) F.conj(out, out);
  }

  /**
   * cycPow's compressed path (see there); false, with out unwritten, where a saved power does not
   * decompress (a denominator 0: e.g. a = 1), for the full squarings. `out` may be `a`: a is read until the end.
   */
  private compressed(out: number, a: number, e: Chain): boolean {
    const F = this.tw.fp12, W = this.work;
    const withA = e.bits[0] === 0, bits = withA ? e.bits.slice(1) : e.bits; // a^(2^0) = a needs no squaring
    if (bits.length === 0) return false; // e = ±1: nothing to square
    const saved = this.saved.slice(0, bits.length);
    F.copy(W, a);
    for (let j = 1, k = 0; k < bits.length; j++) { // public positions
      F.cyclotomicSqrCompressed(W, W);
      if (j === bits[k]) F.copy(saved[k++], W);
    }
    if (!F.decompressVartime(saved, this.dec)) return false;
    if (withA) F.mul(out, a, saved[0]);
    else F.copy(out, saved[0]);
    for (let i = 1; i < saved.length; i++) F.mul(out, out, saved[i]);
    if (e.negative) F.conj(out, out);
    return true;
  }

  /** out ← f^((p¹² − 1)/r). `out` may be f. f = 0 gives 0 (never happens for a Miller loop output). */
  run(out: number, f: number): void {
    const F = this.tw.fp12, s = this.s;
    const t0 = s, t1 = s + 12;
    // easy part
    F.inv(t0, f);
    F.conj(t1, f);
    F.mul(t1, t1, t0); //           f^(p⁶ − 1)
    F.frobenius(t0, t1, 2);
    F.mul(t0, t0, t1); //           m = f^((p⁶ − 1)(p² + 1))
    this.hard.run(this, out, t0);
  }

  /** out ← m^(3Φ₁₂/r) for BLS12 (m at slot s, cyclotomic): {@linkcode bls12HardPart}. */
  hardBls12(out: number, m: number): void {
    const F = this.tw.fp12, s = this.s, x = this.param;
    const a = s + 24, b = s + 36, c = s + 48, d = s + 60, e = s + 72;
    this.cycPow(a, m, x);
    F.conj(d, m);
    F.mul(a, a, d); //               a = m^(x − 1)
    this.cycPow(b, a, x);
    F.conj(d, a);
    F.mul(b, b, d); //               b = m^((x − 1)²)
    this.cycPow(c, b, x);
    F.frobenius(d, b, 1);
    F.mul(c, c, d); //               c = b^(x + p)
    this.cycPow(e, c, x);
    this.cycPow(e, e, x); //         c^(x²)
    F.frobenius(d, c, 2);
    F.mul(e, e, d);
    F.conj(d, c);
    F.mul(e, e, d); //               c^(x² + p² − 1)
    F.cyclotomicSqr(d, m);
    F.mul(d, d, m); //               m³
    F.mul(out, e, d);
  }

  /** out ← m^(2u(6u² + 3u + 1)·Φ₁₂/r) for BN (m at slot s, cyclotomic): {@linkcode bnHardPart}. */
  hardBn(out: number, m: number): void {
    const F = this.tw.fp12, s = this.s, u = this.param;
    const u2 = s + 12, A = s + 24, B = s + 36, a = s + 48, y = s + 60;
    this.cycPow(u2, m, u);
    F.cyclotomicSqr(u2, u2); //       m^(2u)
    F.cyclotomicSqr(A, u2);
    F.mul(A, A, u2); //               A = m^(6u)
    this.cycPow(B, A, u); //          B = m^(6u²)
    F.cyclotomicSqr(a, B);
    this.cycPow(a, a, u); //          C = m^(12u³)
    F.mul(a, a, B);
    F.mul(a, a, A); //                a = m^λ2
    F.conj(u2, u2);
    F.mul(u2, u2, a); //              b = m^λ1 (in u2)
    F.mul(B, B, a);
    F.mul(B, B, m); //                m^λ0 (in B)
    F.conj(A, m);
    F.mul(A, A, u2); //               m^λ3 (in A)
    F.frobenius(y, u2, 1);
    F.mul(B, B, y);
    F.frobenius(y, a, 2);
    F.mul(B, B, y);
    F.frobenius(y, A, 3);
    F.mul(out, B, y);
  }
}
