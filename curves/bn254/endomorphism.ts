/**
 * BN254's endomorphisms as data for its groups (curves/group/endomorphism.ts builds them). The
 * sub-scalars come from Babai rounding against a short lattice basis written in u (scalar/lattice.ts),
 * and are signed; `LatticeDigits` checks each row against λ and r | det.
 *
 * - G1: φ with λ = 36u⁴ − 1 (≡ −(36u³ + 18u² + 6u + 2); λ² + λ + 1 ≡ 0) and the basis
 *   (2u + 1, 6u² + 4u + 1), (6u² + 2u, −2u − 1) (Galbraith–Scott, "Exponentiation in pairing-friendly
 *   groups using homomorphisms", Pairing 2008, §5), sub-scalars below 2^127. Cofactor 1: no test.
 * - G2: ψ with eigenvalue p ≡ 6u² (mod r) (p − r = 6u²) and the 4-dimensional basis of the same paper
 *   (§6, BN curves), rows (u + 1, u, u, −2u), (2u + 1, −u, −u − 1, −u), (2u, 2u + 1, 2u + 1, 2u + 1),
 *   (u − 1, 4u + 2, −2u + 1, u − 1) (determinant −3r: an index-3 sublattice, which Babai rounding may
 *   use just as well), sub-scalars below 2^65. Subgroup test: Q ∈ G2 ⇔ [u + 1]·Q + ψ([u]·Q) +
 *   ψ²([u]·Q) − 2·ψ³([u]·Q) = O, the first row of that basis (Dai–Lin–Zhao–Zhou, "Fast subgroup
 *   membership testings for G1, G2 and GT on pairing-friendly curves", ePrint 2022/348, for BN curves
 *   with u ≢ 4 (mod 13) and u ≢ 92 (mod 97), which BN254's u satisfies: 0 and 49, checked in
 *   tests/curves/group/subgroup.test.ts): one 63-bit multiplication, 3 ψ and a few additions. It
 *   replaces ψ(Q) = [6u²]·Q (El Housni–Guillevic–Piellard, "Co-factor clearing and subgroup
 *   membership testing on pairing-friendly curves", ePrint 2022/352), a 127-bit multiplication.
 * @module
 */
import { type EndomorphismSpec, Phi, psi } from "../group/endomorphism.ts";
import type { GroupImpl } from "../group/group.ts";
import type { Fp2Value } from "../group/coord_field.ts";
import { R, TOWER, U } from "./params.ts";

/** G1's eigenvalue λ = 36u⁴ − 1 (the root of λ² + λ + 1 mod r that the lattice basis uses). */
export const G1_LAMBDA: bigint = 36n * U ** 4n - 1n;

/** G1's short basis of {(a, b) : a + b·λ ≡ 0 mod r}, in u (Galbraith–Scott 2008, §5). */
export function g1Basis(u: bigint = U): bigint[][] {
  return [[2n * u + 1n, 6n * u * u + 4n * u + 1n], [6n * u * u + 2n * u, -2n * u - 1n]];
}

/** G2's short basis of {v : Σ vᵢ·(6u²)ⁱ ≡ 0 mod r}, in u (Galbraith–Scott 2008, §6). */
export function g2Basis(u: bigint = U): bigint[][] {
  return [
    [u + 1n, u, u, -2n * u],
    [2n * u + 1n, -u, -u - 1n, -u],
    [2n * u, 2n * u + 1n, 2n * u + 1n, 2n * u + 1n],
    [u - 1n, 4n * u + 2n, -2n * u + 1n, u - 1n],
  ];
}

/**
 * G1's β: the primitive cube root of unity in Fp with φ(G) = λ·G (the other is β²).
 * tests/curves/group/glv_endomorphism.test.ts checks β³ = 1 ≠ β and φ(P) = λ·P.
 */
export const G1_BETA: bigint = 0x30644e72e131a0295e6dd9e7e0acccb0c28f069fbb966e3de4bd44e5607cfd48n;

/** G1's φ with eigenvalue λ. */
export function g1Phi(g: GroupImpl<bigint>): Phi {
  return new Phi(g.law, G1_BETA, G1_LAMBDA % R);
}

/** G1: φ with λ, lattice split (cofactor 1: every curve point is in G1). */
export const G1_ENDOMORPHISM: EndomorphismSpec<bigint> = {
  build: g1Phi,
  split: { lattice: g1Basis() },
};

/**
 * G2's subgroup relation in u: [aᵢ + bᵢ·u] as [aᵢ, bᵢ] for ψ⁰ … ψ³, the first row (u + 1, u, u, −2u)
 * of {@linkcode g2Basis} (ePrint 2022/348; see the module comment).
 */
export const G2_SUBGROUP_RELATION: readonly (readonly [bigint, bigint])[] = [
  [1n, 1n],
  [0n, 1n],
  [0n, 1n],
  [0n, -2n],
];

/** G2: ψ, lattice split, the subgroup relation in u. */
export const G2_ENDOMORPHISM: EndomorphismSpec<Fp2Value> = {
  build: psi(TOWER),
  split: { lattice: g2Basis() },
  subgroup: { seed: U, relation: G2_SUBGROUP_RELATION },
};
