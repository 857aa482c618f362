/**
 * Constant-time GLV/GLS decomposition by Babai rounding against a reduced lattice basis, for curves
 * whose short sub-scalars are signed (BN254):
 *
 *   k ≡ v₀ + v₁·λ + … + v_{n−1}·λ^{n−1} (mod r),   |vᵢ| < 2^digitBits,
 *
 * with λ the eigenvalue of the endomorphism and b₀ … b_{n−1} short vectors spanning the lattice
 * L = {v ∈ Zⁿ : Σ vᵢ·λⁱ ≡ 0 (mod r)} (det = ±r) or a sublattice of it (det = ±c·r: still correct,
 * as every bⱼ maps to 0; BN254 G2's basis in u spans index 3). Method (Gallant–Lambert–Vanstone, Crypto 2001, §4;
 * Galbraith–Lin–Scott, Eurocrypt 2009, §5; the precomputed-constant form of Bos–Costello–Hisil–
 * Lauter / Faz-Hernández–Longa–Sánchez, ePrint 2013/158, §4): write (k, 0, …, 0) = Σ aⱼ·k·bⱼ over
 * Q, aⱼ = (B⁻¹)₀ⱼ = C_{j0}/det (cofactors); round, cⱼ = round(k·aⱼ); v = (k, 0, …, 0) − Σ cⱼ·bⱼ is in
 * the coset of k and short: v = Σ (k·aⱼ − cⱼ)·bⱼ, so |vᵢ| ≤ Σⱼ |k·aⱼ − cⱼ|·|b_{j,i}|.
 *
 * Without division: gⱼ = round(|C_{j0}|·2^256 / |det|) (public), ĉⱼ = ⌊(k·gⱼ + 2^255) / 2^256⌋ and
 * cⱼ = sⱼ·ĉⱼ with sⱼ the public sign of aⱼ. For k < r the error |k·|aⱼ| − ĉⱼ| is below
 * 1/2 + r/2^257 (≤ 5/8 for r < 2^255), so |vᵢ| ≤ Σⱼ |b_{j,i}|·(1/2 + r/2^257) — the public bound this
 * class derives and the tests check against BigInt.
 *
 * Arithmetic: 16-bit limbs in Int32Arrays; products of limbs (< 2^32) are summed per column as
 * doubles (exact below 2^53) and carried with `& 0xffff` (exact: ToInt32 keeps the low 32 bits).
 * The vᵢ are computed modulo 2^(16·W), W limbs with 2^(16W−1) > bound, which is exact for a value
 * that small (two's complement); the sign is its top bit, the magnitude a masked conditional
 * negation. Every loop count and index is public; no BigInt touches k. Cost (BN254 G2, n = 4):
 * 4 products of 16 × 12 limbs and 16 of 5 × 5 — a few microseconds.
 * @module
 */
import { limbs16Vartime } from "./limbs16.ts";
const bitLength = (x: bigint) => (x === 0n ? 0 : x.toString(2).length);
const abs = (x: bigint) => (x < 0n ? -x : x);

/** Limbs of x mod 2^(16n) (two's complement for x < 0). */
function limbsOf(x: bigint, n: number): Int32Array {
  const m = 1n << BigInt(16 * n);
  return limbs16Vartime(((x % m) + m) % m, n);
}

/** Determinant of a small integer matrix (Laplace expansion; public data). */
export function determinant(m: readonly (readonly bigint[])[]): bigint {
  const n = m.length;
  if (n === 1) return m[0][0];
  let d = 0n;
  for (let j = 0; j < n; j++) {
    const minor = m.slice(1).map((row) => row.filter((_, c) => c !== j));
    const t = m[0][j] * determinant(minor);
    d += j % 2 === 0 ? t : -t;
  }
  return d;
}

/** Bits of precision of the Babai constants: gⱼ ≈ aⱼ·2^PREC. */
const PREC = 256;
/** Limbs of k used (k < 2^256). */
const K_LIMBS = PREC / 16;

/** Constant-time signed decomposition of scalars reduced mod r along a lattice basis. */
export class LatticeDigits {
  /** λ: the eigenvalue the sub-scalars are coefficients of (k ≡ Σ vᵢ·λⁱ mod r). */
  readonly base: bigint;
  /** The number of sub-scalars n. */
  readonly count: number;
  /** Limbs per sub-scalar magnitude (W: one sign bit of room above `digitBits`). */
  readonly digitLimbs: number;
  /** Public bound: every |vᵢ| < 2^digitBits. */
  readonly digitBits: number;
  /** Sub-scalars carry signs (`decompose` writes them). */
  readonly signed: boolean;
  /** The basis rows bⱼ (public). */
  readonly basis: readonly (readonly bigint[])[];
  /** The bound ⌈Σⱼ |b_{j,i}|·(1/2 + r/2^257)⌉ on |vᵢ|, per i. */
  readonly bounds: readonly bigint[];
  /** gⱼ as limbs. */
  private readonly g: readonly Int32Array[];
  /** e_{j,i} = −sⱼ·b_{j,i} mod 2^(16W), as limbs: vᵢ = δᵢ₀·k + Σⱼ ĉⱼ·e_{j,i}. */
  private readonly e: readonly (readonly Int32Array[])[];
  /** ĉⱼ mod 2^(16W), n·W limbs. */
  private readonly c: Int32Array;
  private readonly acc: Int32Array;

  /**
   * The decomposition along `basis` (short vectors spanning {v : Σ vᵢ·λⁱ ≡ 0 mod r} or a sublattice,
   * `lambda` = λ).
   * Checks (public, BigInt) that every row is in the lattice and that r divides det ≠ 0; throws otherwise.
   */
  constructor(basis: readonly (readonly bigint[])[], lambda: bigint, r: bigint) {
    const n = basis.length;
    if (n < 1 || basis.some((b) => b.length !== n)) throw new Error("LatticeDigits: basis must be square");
    for (const b of basis) {
      let s = 0n, l = 1n;
      for (const x of b) {
        s += x * l;
        l = (l * lambda) % r;
      }
      if (s % r !== 0n) throw new Error("LatticeDigits: a basis vector is not in the lattice of λ");
    }
    const det = determinant(basis);
    if (det === 0n || det % r !== 0n) throw new Error("LatticeDigits: det is not a non-zero multiple of r");
    if (r >> BigInt(PREC - 1) !== 0n) throw new Error("LatticeDigits: r ≥ 2^255");
    this.base = lambda;
    this.count = n;
    this.signed = true;
    this.basis = basis;
    const bounds: bigint[] = [];
    for (let i = 0; i < n; i++) {
      let s = 0n;
      for (let j = 0; j < n; j++) s += abs(basis[j][i]);
      const den = 1n << BigInt(PREC + 1);
      bounds.push((s * ((1n << BigInt(PREC)) + r) + den - 1n) / den);
    }
    this.bounds = bounds;
    this.digitBits = Math.max(...bounds.map(bitLength));
    const W = Math.ceil((this.digitBits + 1) / 16);
    this.digitLimbs = W;
    const g: Int32Array[] = [], e: Int32Array[][] = [];
    for (let j = 0; j < n; j++) {
      // C_{j0} = (−1)^j·det(B without row j and column 0); aⱼ = C_{j0}/det
      const minor = basis.filter((_, row) => row !== j).map((row) => row.slice(1));
      const cof = (j % 2 === 0 ? 1n : -1n) * (n === 1 ? 1n : determinant(minor));
      const num = cof * (det < 0n ? -1n : 1n), sign = num < 0n ? -1n : 1n, D = abs(det); // aⱼ = num / D
      const gj = (abs(num) * (1n << BigInt(PREC)) + D / 2n) / D;
      g.push(limbsOf(gj, Math.max(1, Math.ceil(bitLength(gj) / 16))));
      e.push(basis[j].map((b) => limbsOf(-sign * b, W)));
    }
    this.g = g;
    this.e = e;
    this.c = new Int32Array(n * W);
    this.acc = new Int32Array(W);
  }

  /**
   * The sub-scalars of k (16-bit little-endian limbs, k < r as from `ScalarReducer.reduce`):
   * magnitude i in out[i·W, (i + 1)·W), and signs[i] = 1 if vᵢ < 0, else 0. Constant-time in k; the
   * scratch is zeroed before returning (the caller zeroes `out` and `signs`).
   */
  decompose(out: Int32Array, k: Int32Array, signs: Int32Array): void {
    const n = this.count, W = this.digitLimbs, c = this.c, acc = this.acc;
    // ĉⱼ = ⌊(k·gⱼ + 2^255) / 2^256⌋ mod 2^(16W): columns 0 … K_LIMBS + W − 1 of the product
    for (let j = 0; j < n; j++) {
      const g = this.g[j], G = g.length;
      let carry = 0;
      for (let t = 0; t < K_LIMBS + W; t++) {
        let s = carry + (t === K_LIMBS - 1 ? 0x8000 : 0); // + 2^255 (public position)
        const lo = t - G + 1 > 0 ? t - G + 1 : 0, hi = t < K_LIMBS - 1 ? t : K_LIMBS - 1;
        for (let i = lo; i <= hi; i++) s += k[i] * g[t - i];
        const l = s & 0xffff;
        carry = (s - l) / 65536;
        if (t >= K_LIMBS) c[j * W + t - K_LIMBS] = l; // public position
      }
    }
    // vᵢ = δᵢ₀·k + Σⱼ ĉⱼ·e_{j,i} mod 2^(16W), then sign and magnitude
    for (let i = 0; i < n; i++) {
      let carry = 0;
      for (let t = 0; t < W; t++) {
        let s = carry + (i === 0 ? k[t] : 0);
        for (let j = 0; j < n; j++) {
          const e = this.e[j][i];
          for (let a = 0; a <= t; a++) s += c[j * W + a] * e[t - a];
        }
        const l = s & 0xffff;
        carry = (s - l) / 65536;
        acc[t] = l;
      }
      const neg = acc[W - 1] >>> 15, mask = -neg & 0xffff; // top bit: the sign
      let cy = neg;
      for (let t = 0; t < W; t++) { // |vᵢ| = (acc ⊕ mask) + neg
        const v = (acc[t] ^ mask) + cy;
        out[i * W + t] = v & 0xffff;
        cy = v >>> 16;
      }
      signs[i] = neg;
    }
    c.fill(0);
    acc.fill(0);
  }
}
