/**
 * BLS12-381's endomorphisms as data for its groups (curves/group/endomorphism.ts builds them).
 *
 * - G1: φ with eigenvalue λ = −x² mod r, a root of λ² + λ + 1 ≡ 0 (the two roots are x² − 1 and −x²:
 *   product 1 − r ≡ 1 and sum −1, as r = x⁴ − x² + 1). A scalar splits as k = a + b·x² with −φ acting
 *   as x² (scalar/decompose.ts). Subgroup test: P ∈ G1 ⇔ φ(P) = −x²·P (Bowe, ePrint 2019/814; Scott,
 *   ePrint 2021/1130, §5); one direction is immediate: φ² + φ + 1 = 0 on E(Fp) and λ² + λ + 1 = r, so
 *   φ(P) = λP gives r·P = O. x²·P is computed as |x|·(|x|·P) (two 64-bit chains, weight 6).
 * - G2: ψ (eigenvalue p ≡ x mod r); k = d₀ + d₁|x| + d₂|x|² + d₃|x|³ with −ψ acting as |x| (x < 0).
 *   Subgroup test: Q ∈ G2 ⇔ ψ(Q) = x·Q (Scott, ePrint 2021/1130, §4), i.e. ψ(Q) + |x|·Q = O.
 * @module
 */
import { type EndomorphismSpec, Phi, psi } from "../group/endomorphism.ts";
import type { GroupImpl } from "../group/group.ts";
import type { Fp2Value } from "../group/coord_field.ts";
import { R, TOWER, X } from "./params.ts";

const W = -X; // |x|

/**
 * G1's β: the primitive cube root of unity in Fp with φ(G) = −x²·G (the other, β², gives x² − 1);
 * the β of @noble/curves' G1 subgroup check. tests/curves/group/glv_endomorphism.test.ts
 * checks β³ = 1 ≠ β and φ(P) = −x²·P.
 */
export const G1_BETA: bigint =
  0x5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffen;

/** G1's φ with eigenvalue −x² mod r. */
export function g1Phi(g: GroupImpl<bigint>): Phi {
  return new Phi(g.law, G1_BETA, (((-(X * X)) % R) + R) % R);
}

/**
 * G1: φ, base-x² digits, φ(P) = −x²·P. Window 5: 26 loop positions instead of 33, 14 fewer mixed
 * additions for 8 more table entries (one more level of the affine ladder, affine_multiples.ts) and
 * 16-entry lookups; window-4 ÷ GLV 1.60 → 1.65–1.67× (bench/endo_ratio.ts, best of 150, window 4 and 5
 * trees alternated twice, 2026-12-07). Before the affine ladder the table's 8 more projective entries
 * and their normalisation cost what the additions saved.
 */
export const G1_ENDOMORPHISM: EndomorphismSpec<bigint> = {
  build: g1Phi,
  split: { base: W * W, digits: 2 },
  subgroup: { k: W, n: 2, sign: -1 },
  window: 5,
};

/**
 * G2: ψ, base-|x| digits, ψ(Q) = −|x|·Q. Window 5: 13 loop positions of 64-bit digits instead of 17,
 * 16 fewer mixed additions for 4 more doublings and 4 more additions in T₀ and twice the ψ tables
 * (3.9% fewer wasm instructions; in paired runs of fresh processes the best G2 multiply went 890–937
 * → 772–868 µs). BN254 G2 measured no faster with 5 and keeps 4.
 * Projective formulas (mixed addition, Algorithm 8) instead of Jacobian: here an Fp2 squaring costs
 * about 0.85 of a product, so the Jacobian doubling's squarings save less than its mixed addition's
 * masks and extra squarings cost (in-wasm per position 37.2–39.8 against 40.2–41.2 µs,
 * curves/group/scalar_mul.ts `mulEndoCt`); bench/endo_ratio.ts, alternating the two trees: window 4 ÷ GLS 2.05 → 2.16–2.22×.
 */
export const G2_ENDOMORPHISM: EndomorphismSpec<Fp2Value> = {
  build: psi(TOWER),
  split: { base: W, digits: 4 },
  subgroup: { k: W, n: 1, sign: -1 },
  window: 5,
  formulas: "projective",
};
