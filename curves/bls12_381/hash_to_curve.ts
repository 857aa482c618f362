/**
 * RFC 9380 hash-to-curve for BLS12-381: the suites BLS12381G1_XMD:SHA-256_SSWU_RO_ / _NU_ (§8.8.1) and
 * BLS12381G2_XMD:SHA-256_SSWU_RO_ / _NU_ (§8.8.2).
 *
 * hash_to_curve(msg) = clear_cofactor(map(u₀) + map(u₁)), encode_to_curve(msg) = clear_cofactor(map(u₀)),
 * with (u₀, u₁) = hash_to_field(msg, 2), map = the isogeny after simplified SWU on E' (the generic
 * parts in curves/hash_to_curve/: field.ts, isogeny.ts, sswu.ts, suite.ts), and:
 * - G1: E'₁: y² = x³ + A'x + B' with the RFC's A', B' (§8.8.1), Z = 11; clear_cofactor is
 *   multiplication by h_eff = 1 − x = 0xd201000000010001 (§8.8.1, Wahby–Boneh, "Fast and simple
 *   constant-time hashing to the BLS12-381 elliptic curve", 2019, §5): 63 doublings + 6 additions.
 * - G2: E'₂: y² = x³ + 240u·x + 1012(1 + u), Z = −(2 + u); clear_cofactor by the ψ method of
 *   Budroni–Pintore ("Efficient hash maps to G2 on BLS curves", ePrint 2017/419), RFC 9380 Appendix
 *   G.3: h_eff·P = [x² − x − 1]P + [x − 1]ψ(P) + ψ²(2P), two multiplications by |x| (64 bits).
 * The cofactor multiplications run the double-and-add of scalar_mul.ts on the public constant: the
 * branches follow the constant's bits, never the point, so the whole map is constant-time in msg.
 *
 * Constants that are definitions (x, h_eff, Z, A', B' of G2) are written from x or the RFC's text; G1's
 * A', B' are the RFC's hex values, checked by tests (on-curve images, the RFC vectors).
 * @module
 */
import { TOWER, X as BLS12_381_X } from "./params.ts";
import type { Fp2 } from "../../field/tower/fp2.ts";
import type { Fp2Value } from "../group/coord_field.ts";
import { Psi } from "../group/endomorphism.ts";
import type { GroupImpl } from "../group/group.ts";
import { mulVartime } from "../group/scalar_mul.ts";
import { fp2H2c, fpH2c } from "../hash_to_curve/field.ts";
import { ISO_G1, ISO_G2 } from "./isogeny.ts";
import { Suite } from "../hash_to_curve/suite.ts";

const X = BLS12_381_X; // negative
/** G1's h_eff = 1 − x (RFC 9380 §8.8.1). */
export const H_EFF_G1: bigint = 1n - X;

/** G1's E'₁ constants and Z (RFC 9380 §8.8.1). */
export const SWU_G1: { A: bigint; B: bigint; Z: bigint } = {
  A: 0x00144698a3b8e9433d693a02c96d4982b0ea985383ee66a8d8e8981aefd881ac98936f8da0e0f97f5cf428082d584c1dn,
  B: 0x12e2908d11688030018b12e8753eee3b2016c1f0f24f4070a0b9c14fcef35ef55a23215a316ceaa5d1cc48e98e172be0n,
  Z: 11n,
};
/** G2's E'₂: A' = 240·u, B' = 1012·(1 + u), Z = −(2 + u) (RFC 9380 §8.8.2). */
export function swuG2(p: bigint): { A: Fp2Value; B: Fp2Value; Z: Fp2Value } {
  return { A: { c0: 0n, c1: 240n }, B: { c0: 1012n, c1: 1012n }, Z: { c0: p - 2n, c1: p - 1n } };
}

/** G1: out ← h_eff·p (t: 1 scratch point; out may be p). */
function clearG1(g: GroupImpl<bigint>): (out: number, p: number, t: number) => void {
  return (out, p, t) => mulVartime(g.law, out, p, H_EFF_G1, t, g.jacobian); // public constant: branches on its bits
}

/**
 * G2: out ← h_eff·p by RFC 9380 Appendix G.3 (c1 = x < 0: multiplication by |x| then negation).
 * t: 4 scratch points (t1, t2, t3 and the multiplication's copy).
 */
function clearG2(g: GroupImpl<Fp2Value>): (out: number, p: number, t: number) => void {
  const law = g.law, psi = new Psi(law, TOWER, g.r), w = 3 * g.F.size, ax = -X;
  const mulX = (out: number, a: number, tmp: number) => { // out ← x·a
    mulVartime(law, out, a, ax, tmp, g.jacobian);
    law.neg(out, out);
  };
  return (out, P, t) => {
    const t1 = t, t2 = t + w, t3 = t + 2 * w, tmp = t + 3 * w;
    mulX(t1, P, tmp); //       1. t1 = c1·P
    psi.apply(t2, P); //       2. t2 = ψ(P)
    law.dbl(t3, P); //         3. t3 = 2·P
    psi.apply(t3, t3); //      4. t3 = ψ²(t3)
    psi.apply(t3, t3);
    law.neg(tmp, t2); //       5. t3 = t3 − t2
    law.add(t3, t3, tmp);
    law.add(t2, t1, t2); //    6. t2 = t1 + t2
    mulX(t2, t2, tmp); //      7. t2 = c1·t2
    law.add(t3, t3, t2); //    8. t3 = t3 + t2
    law.neg(tmp, t1); //       9. t3 = t3 − t1
    law.add(t3, t3, tmp);
    law.neg(tmp, P); //       10. Q = t3 − P
    law.add(out, t3, tmp);
  };
}

/** G1's suites on group g (public constants of RFC 9380 §8.8.1). */
export function g1Suite(g: GroupImpl<bigint>): Suite<bigint> {
  return new Suite(g, fpH2c(g.F), SWU_G1, ISO_G1, clearG1(g));
}

/** G2's suites on group g over the tower's `fp2` (RFC 9380 §8.8.2). */
export function g2Suite(fp2: Fp2): (g: GroupImpl<Fp2Value>) => Suite<Fp2Value> {
  return (g) => new Suite(g, fp2H2c(g.F, fp2), swuG2(g.F.kernel.p), ISO_G2, clearG2(g));
}
