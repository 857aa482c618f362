/**
 * Efficient endomorphisms of the pairing groups, for GLV/GLS scalar multiplication (curves/scalar_mul.ts
 * `mulEndoCt`), and their eigenvalues. All constants are derived here from p, r, x and ξ (public,
 * BigInt, at first use); tests/curves/glv_endomorphism.test.ts re-checks each against its definition.
 *
 * - G1, φ(x, y) = (β·x, y) with β a primitive cube root of unity in Fp (Gallant–Lambert–Vanstone,
 *   "Faster point multiplication on elliptic curves with efficient endomorphisms", Crypto 2001):
 *   on a prime-order subgroup φ acts as multiplication by a root λ of λ² + λ + 1 ≡ 0 (mod r). For
 *   BLS12 the two roots are x² − 1 and −x² (product 1 − r ≡ 1 and sum −1, as r = x⁴ − x² + 1); β = g^((p−1)/3) for a non-cube g, or its square, chosen so that φ(G) = −x²·G.
 *   Projective: (X : Y : Z) ↦ (β·X : Y : Z), 1M.
 * - G2, ψ = untwist ∘ Frobenius ∘ twist (Galbraith–Lin–Scott, "Endomorphisms for faster elliptic curve
 *   cryptography on a large class of curves", Eurocrypt 2009): ψ(x, y) = (conj(x)·c_x, conj(y)·c_y).
 *   With w⁶ = ξ, an M-twist (BLS12-381, E': y² = x³ + bξ) untwists by (x/w², y/w³), so
 *   c_x = ξ^(−(p−1)/3), c_y = ξ^(−(p−1)/2); a D-twist (BN254) the other way, c_x = ξ^((p−1)/3),
 *   c_y = ξ^((p−1)/2). ψ satisfies ψ² − t·ψ + p = 0 and acts on G2 as multiplication by p mod r
 *   (= x for BLS12, since r | p − x). Projective: conj on each coordinate, 2M (Fp2) + 3 negations.
 *
 * BLS12-381 digits (scalar/decompose.ts): G1, k = a + b·x² with −φ acting as x²; G2,
 * k = d₀ + d₁|x| + d₂|x|² + d₃|x|³ with −ψ acting as |x| (x < 0).
 *
 * BN254 (p = 36u⁴ + 36u³ + 24u² + 6u + 1, r = 36u⁴ + 36u³ + 18u² + 6u + 1, u > 0): the sub-scalars
 * come from Babai rounding against a short lattice basis written in u (scalar/lattice.ts), and are
 * signed. G1: φ with λ = 36u⁴ − 1 (≡ −(36u³ + 18u² + 6u + 2); λ² + λ + 1 ≡ 0) and the basis
 * (2u + 1, 6u² + 4u + 1), (6u² + 2u, −2u − 1) (Galbraith–Scott, "Exponentiation in pairing-friendly
 * groups using homomorphisms", Pairing 2008, §5), sub-scalars below 2^127. G2: ψ with eigenvalue
 * p ≡ 6u² (mod r) (p − r = 6u²) and the 4-dimensional basis of the same paper (§6, BN curves), rows
 * (u + 1, u, u, −2u), (2u + 1, −u, −u − 1, −u), (2u, 2u + 1, 2u + 1, 2u + 1), (u − 1, 4u + 2,
 * −2u + 1, u − 1) (determinant −3r: it spans an index-3 sublattice, which Babai rounding may use
 * just as well), sub-scalars below 2^65. `LatticeDigits` checks each row against λ and r | det.
 * @module
 */
import { BLS12_381_X, BN254_U, FIELDS } from "../../field/params.ts";
import { fp2PowBig } from "../../field/tower/frobenius.ts";
import { type TowerName, TOWERS } from "../../field/tower/params.ts";
import { BaseDigits } from "../../scalar/decompose.ts";
import { LatticeDigits } from "../../scalar/lattice.ts";
import type { CoordField, Fp2Value } from "./coord_field.ts";
import type { Group } from "./group.ts";
import type { Projective } from "./projective.ts";
import { EndoScratch, type EndoSplit, mulVartime } from "./scalar_mul.ts";

/** An endomorphism on point slots, acting on the group as multiplication by `eigen` (mod r). */
export interface Endomorphism {
  /** Its eigenvalue on the prime-order group, in [0, r). */
  readonly eigen: bigint;
  /** out ← the image of point slot p (out may be p). Constant-time. */
  apply(out: number, p: number): void;
}

function modPow(a: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  for (a %= m; e > 0n; e >>= 1n, a = (a * a) % m) if (e & 1n) r = (r * a) % m;
  return r;
}
const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;

/** G1's φ(X : Y : Z) = (β·X : Y : Z). */
export class Phi implements Endomorphism {
  readonly eigen: bigint;
  /** β (public). */
  readonly beta: bigint;
  private readonly F: CoordField<bigint>;
  private readonly b: number;

  /** φ with cube root of unity `beta`, on `law`'s slots; `eigen` is its (checked by the caller) eigenvalue. */
  constructor(law: Projective<bigint>, beta: bigint, eigen: bigint) {
    this.F = law.F;
    this.beta = beta;
    this.eigen = eigen;
    this.b = law.F.alloc(1);
    law.F.setVartime(this.b, beta);
  }

  /** out ← φ(p): 1M. */
  apply(out: number, p: number): void {
    const F = this.F;
    F.mul(out, p, this.b);
    F.copy(out + 1, p + 1);
    F.copy(out + 2, p + 2);
  }
}

/** G2's ψ(X : Y : Z) = (conj(X)·c_x : conj(Y)·c_y : conj(Z)). */
export class Psi implements Endomorphism {
  readonly eigen: bigint;
  /** c_x, c_y (public). */
  readonly cx: Fp2Value;
  readonly cy: Fp2Value;
  private readonly F: CoordField<Fp2Value>;
  private readonly c: number;

  /** ψ of the tower `name`'s twist, on `law`'s slots (Fp2 coordinates), eigenvalue p mod r. */
  constructor(law: Projective<Fp2Value>, name: TowerName, r: bigint) {
    const { p, xi, twist } = TOWERS[name];
    const ex = (p - 1n) / 3n, ey = (p - 1n) / 2n, order = p * p - 1n; // ξ^order = 1
    const [x0, x1] = fp2PowBig(p, xi, twist === "M" ? order - ex : ex);
    const [y0, y1] = fp2PowBig(p, xi, twist === "M" ? order - ey : ey);
    this.cx = { c0: x0, c1: x1 };
    this.cy = { c0: y0, c1: y1 };
    this.eigen = p % r;
    this.F = law.F;
    this.c = law.F.alloc(2);
    law.F.setVartime(this.c, this.cx);
    law.F.setVartime(this.c + 2, this.cy);
  }

  /** out ← ψ(p): 2M (Fp2) + 3 Fp negations. */
  apply(out: number, p: number): void {
    const F = this.F, k = F.kernel;
    for (let i = 0; i < 6; i += 2) { // conj on X, Y, Z: (c0, c1) ↦ (c0, −c1)
      k.copy(out + i, p + i);
      k.neg(out + i + 1, p + i + 1);
    }
    F.mul(out, out, this.c);
    F.mul(out + 2, out + 2, this.c + 2);
  }
}

/**
 * φ for BLS12-381 G1 with eigenvalue −x² mod r: β = g^((p−1)/3) (g the least non-cube ≥ 2) or β²,
 * whichever maps the generator to (−x²)·G (variable-time check on public data, at first use).
 */
export function bls12381Phi(g: Group<bigint>): Phi {
  return phiWithEigen(g, FIELDS["bls12-381-fp"].p, mod(-(BLS12_381_X ** 2n), g.r));
}

/** BN254's G1 eigenvalue λ = 36u⁴ − 1 (the root of λ² + λ + 1 mod r that the lattice basis uses). */
export const BN254_G1_LAMBDA: bigint = 36n * BN254_U ** 4n - 1n;

/** BN254 G1's short basis of {(a, b) : a + b·λ ≡ 0 mod r}, in u (Galbraith–Scott 2008, §5). */
export function bn254G1Basis(u: bigint = BN254_U): bigint[][] {
  return [[2n * u + 1n, 6n * u * u + 4n * u + 1n], [6n * u * u + 2n * u, -2n * u - 1n]];
}

/** BN254 G2's short basis of {v : Σ vᵢ·(6u²)ⁱ ≡ 0 mod r}, in u (Galbraith–Scott 2008, §6). */
export function bn254G2Basis(u: bigint = BN254_U): bigint[][] {
  return [
    [u + 1n, u, u, -2n * u],
    [2n * u + 1n, -u, -u - 1n, -u],
    [2n * u, 2n * u + 1n, 2n * u + 1n, 2n * u + 1n],
    [u - 1n, 4n * u + 2n, -2n * u + 1n, u - 1n],
  ];
}

/** φ for BN254 G1 with eigenvalue {@linkcode BN254_G1_LAMBDA} (β chosen as in `bls12381Phi`). */
export function bn254Phi(g: Group<bigint>): Phi {
  return phiWithEigen(g, FIELDS["bn254-fp"].p, BN254_G1_LAMBDA % g.r);
}

/**
 * φ on G1 over Fp with eigenvalue `eigen`: β = w or w² for w = c^((p−1)/3), c the least non-cube ≥ 2,
 * whichever maps the generator to eigen·G (variable-time, public data, at first use).
 */
function phiWithEigen(g: Group<bigint>, p: bigint, eigen: bigint): Phi {
  const e = (p - 1n) / 3n;
  let w = 1n;
  for (let c = 2n; w === 1n; c++) w = modPow(c, e, p); // public search for a non-cube
  const law = g.law, t = law.alloc(2), want = t + 3 * law.n;
  mulVartime(law, want, g.BASE.s, eigen, t);
  for (const beta of [w, (w * w) % p]) {
    const phi = new Phi(law, beta, eigen);
    phi.apply(t, g.BASE.s);
    if (law.eq(t, want) === 1) {
      law.F.wipe(t, 6);
      return phi;
    }
  }
  throw new Error(`${g.name}: no cube root of unity matches the eigenvalue ${eigen}`);
}

/** Each group's endomorphism scratch, or null (the group keeps the plain window). */
const cache = new WeakMap<object, EndoScratch<unknown> | null>();

/**
 * The endomorphism multiplication scratch of `g` (built on first use, cached), or null: BLS12-381 G1
 * (B = x², −φ) and G2 (B = |x|, −ψ); BN254 G1 (φ, λ = 36u⁴ − 1) and G2 (ψ, λ = 6u²) with signed
 * lattice sub-scalars.
 */
export function endoScratchFor<V>(g: Group<V>): EndoScratch<V> | null {
  let s = cache.get(g) as EndoScratch<V> | null | undefined;
  if (s === undefined) {
    s = null;
    const r = g.r, w = -BLS12_381_X, bls = r === FIELDS["bls12-381-fr"].p;
    if (bls && g.name === "bls12-381 G1") {
      const phi = bls12381Phi(g as unknown as Group<bigint>);
      s = new EndoScratch(g.law, splitOf(g, phi, w * w, 2));
    } else if (bls && g.name === "bls12-381 G2") {
      const psi = new Psi(g.law as unknown as Projective<Fp2Value>, "bls12-381", r);
      s = new EndoScratch(g.law, splitOf(g, psi, w, 4));
    } else if (r === FIELDS["bn254-fr"].p && g.name === "bn254 G1") {
      const phi = bn254Phi(g as unknown as Group<bigint>);
      s = new EndoScratch(g.law, latticeSplit(phi, bn254G1Basis(), r));
    } else if (r === FIELDS["bn254-fr"].p && g.name === "bn254 G2") {
      const psi = new Psi(g.law as unknown as Projective<Fp2Value>, "bn254", r);
      s = new EndoScratch(g.law, latticeSplit(psi, bn254G2Basis(), r));
    }
    cache.set(g, s as EndoScratch<unknown> | null);
  }
  return s;
}

/** B·P as ±e(P), for an endomorphism e with eigenvalue ≡ ±B (mod r). */
export function splitOf<V>(g: Group<V>, e: Endomorphism, B: bigint, m: number): EndoSplit {
  const r = g.r, law = g.law;
  const sign = e.eigen === B % r ? 1 : e.eigen === mod(-B, r) ? -1 : 0;
  if (sign === 0) throw new Error(`${g.name}: eigenvalue is not ±B`);
  return {
    digits: new BaseDigits(B, m, r),
    mulByBase: sign === 1 ? (out, p) => e.apply(out, p) : (out, p) => {
      e.apply(out, p);
      law.neg(out, out);
    },
  };
}

/** λ·P as e(P) with signed sub-scalars along `basis` (a basis of the lattice of e's eigenvalue λ). */
export function latticeSplit(e: Endomorphism, basis: bigint[][], r: bigint): EndoSplit {
  return { digits: new LatticeDigits(basis, e.eigen, r), mulByBase: (out, p) => e.apply(out, p) };
}

/** Whether point slot p (on the curve) lies in the prime-order subgroup. Variable-time: public points. */
export type SubgroupTest = (p: number) => boolean;

const subgroupTests = new WeakMap<object, SubgroupTest | null>();

/**
 * The endomorphism subgroup test of `g` (built on first use, cached), or null (the caller multiplies
 * by r). Each costs one ψ/φ and a ≤ 128-bit variable-time multiplication instead of a 255-bit one:
 * - cofactor 1 (BN254 G1): every curve point is in the group: true.
 * - BLS12-381 G1: P ∈ G1 ⇔ φ(P) = −x²·P (Bowe, ePrint 2019/814; Scott, ePrint 2021/1130, §5). One
 *   direction is immediate: φ² + φ + 1 = 0 on all of E(Fp) and λ = −x² has λ² + λ + 1 = x⁴ − x² + 1 = r,
 *   so φ(P) = λP gives r·P = O. x²·P is computed as |x|·(|x|·P) (two 64-bit chains, weight 6).
 * - BLS12-381 G2: Q ∈ G2 ⇔ ψ(Q) = x·Q (Scott, ePrint 2021/1130, §4), i.e. ψ(Q) + |x|·Q = O (x < 0).
 * - BN254 G2: Q ∈ G2 ⇔ ψ(Q) = [6u²]·Q (Dai–Lin–Zhao–Zhou, ePrint 2022/352): with t = 6u² + 1,
 *   ψ² − t·ψ + p = 0 on E'(Fp2), so ψ(Q) = (t − 1)·Q gives ((t−1)² − t(t−1) + p)·Q = (p + 1 − t)·Q =
 *   r·Q = O; conversely ψ acts on G2 as p ≡ 6u² (mod r). One 128-bit chain.
 * The BN254 and BLS12-381 G1 tests are thus proved by the identity above; tests/curves/subgroup.test.ts
 * checks all against r·P = O on points inside and outside the subgroup.
 */
export function subgroupTestFor<V>(g: Group<V>): SubgroupTest | null {
  let test = subgroupTests.get(g);
  if (test === undefined) {
    test = null;
    const r = g.r, law = g.law, w = -BLS12_381_X, bls = r === FIELDS["bls12-381-fr"].p;
    const bn = r === FIELDS["bn254-fr"].p;
    /** endo(P) = sign·k^n·P, k > 0 (n = 2: k·(k·P), two short chains). */
    const compare = (endo: Endomorphism, k: bigint, n: 1 | 2, sign: 1 | -1): SubgroupTest => {
      const t = law.alloc(3), e = t + 3 * law.n, tmp = t + 6 * law.n;
      return (p) => {
        endo.apply(e, p);
        mulVartime(law, t, p, k, tmp);
        if (n === 2) mulVartime(law, t, t, k, tmp);
        if (sign === -1) law.neg(t, t);
        const ok = law.eq(t, e) === 1;
        law.F.wipe(t, 9);
        return ok;
      };
    };
    if (g.h === 1n) test = () => true;
    else if (bls && g.name === "bls12-381 G1") {
      test = compare(bls12381Phi(g as unknown as Group<bigint>), w, 2, -1);
    } else if (bls && g.name === "bls12-381 G2") {
      test = compare(new Psi(law as unknown as Projective<Fp2Value>, "bls12-381", r), w, 1, -1);
    } else if (bn && g.name === "bn254 G2") {
      test = compare(new Psi(law as unknown as Projective<Fp2Value>, "bn254", r), 6n * BN254_U ** 2n, 1, 1);
    }
    subgroupTests.set(g, test);
  }
  return test;
}
