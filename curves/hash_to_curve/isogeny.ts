/**
 * The isogenies of RFC 9380 §8.8 from the SWU curves E' to the BLS12-381 curves: an 11-isogeny over Fp
 * (G1, Appendix E.2) and a 3-isogeny over Fp2 (G2, Appendix E.3), as rational maps
 * (x, y) ↦ (x_num(x)/x_den(x), y·y_num(x)/y_den(x)) with monic denominators.
 *
 * The coefficients are the RFC's constants (Appendix E.2, E.3; the values transcribed as @noble/curves
 * 2.4.0 prints them), not derivable from a short definition here; tests/curves/h2c_map.test.ts checks
 * that the maps send points of E' onto E, and the RFC's map_to_curve vectors (Q0, Q1) pin them down.
 *
 * Evaluation without inversion: the SWU map hands x' = N/D as a fraction, each polynomial of degree d
 * is evaluated homogenised, P(N, D) = Σ kᵢ·Nⁱ·D^(d−i) by Horner's rule (2M per coefficient, with the
 * powers of D computed once), and the point is returned projectively (X : Y : Z) with
 * X = XN·YD, Y = y'·YN·XD, Z = XD·YD, where XN/XD = x and YN/YD = y_num/y_den after equalising the D
 * powers. A pole of the map (a point of the kernel: XD = YD = 0) gives Z = 0 and is sent to the
 * identity by cmov (RFC 9380 §6.6.3: "the isogeny map sends exceptional inputs to the identity").
 * Cost (G1): 15M for D's powers + 2M per coefficient (≈ 110M) + 5M; (G2): ≈ 35 Fp2 M.
 * @module
 */
import type { CoordField, Fp2Value } from "../group/coord_field.ts";
import type { Projective } from "../group/projective.ts";

/** Ascending coefficients k₀…k_d of x_num, x_den, y_num, y_den; the denominators' leading 1 omitted. */
export interface IsogenyCoefficients<V> {
  /** x_num, degree d + 1 where d is x_den's degree. */
  readonly xNum: readonly V[];
  /** x_den without its leading 1. */
  readonly xDen: readonly V[];
  /** y_num, the degree of y_den. */
  readonly yNum: readonly V[];
  /** y_den without its leading 1. */
  readonly yDen: readonly V[];
}

/** A polynomial's coefficient slots (ascending) and its degree; `monic` when the top 1 is implicit. */
interface Poly {
  readonly first: number;
  readonly degree: number;
  readonly monic: boolean;
}

/** An isogeny E' → E evaluated on slots of E's projective law. */
export class Isogeny<V> {
  private readonly law: Projective<V>;
  private readonly F: CoordField<V>;
  private readonly polys: readonly [Poly, Poly, Poly, Poly];
  /** Largest degree: powers D¹…D^maxDeg are kept. */
  private readonly maxDeg: number;
  /** Scratch: D powers (maxDeg), XN, XD, YN, YD, t, identity point (3). */
  private readonly s: number;

  /** The map with coefficients `c` on `law`'s coordinate field (E: the law's curve). */
  constructor(law: Projective<V>, c: IsogenyCoefficients<V>) {
    this.law = law;
    const F = this.F = law.F, n = F.size;
    const poly = (ks: readonly V[], monic: boolean): Poly => {
      const first = F.alloc(ks.length);
      ks.forEach((k, i) => F.setVartime(first + i * n, k));
      return { first, degree: monic ? ks.length : ks.length - 1, monic };
    };
    this.polys = [poly(c.xNum, false), poly(c.xDen, true), poly(c.yNum, false), poly(c.yDen, true)];
    this.maxDeg = Math.max(...this.polys.map((p) => p.degree));
    this.s = F.alloc(this.maxDeg + 8);
    law.setZero(this.s + (this.maxDeg + 5) * n);
  }

  /**
   * out ← the image of the E' point (N/D, y) as a projective point of E (D ≠ 0); the slots of N, D, y
   * must not alias out. Constant-time.
   */
  apply(out: number, N: number, D: number, y: number): void {
    const F = this.F, n = F.size, s = this.s, m = this.maxDeg;
    const pw = (j: number) => s + (j - 1) * n; // D^j, j = 1…m
    const XN = s + m * n, XD = XN + n, YN = XD + n, YD = YN + n, t = YD + n, zero = t + n;
    F.copy(pw(1), D);
    for (let j = 2; j <= m; j++) F.mul(pw(j), pw(j - 1), D);
    const [xNum, xDen, yNum, yDen] = this.polys;
    this.horner(XN, xNum, N, pw, t);
    this.horner(XD, xDen, N, pw, t);
    this.horner(YN, yNum, N, pw, t);
    this.horner(YD, yDen, N, pw, t);
    // Equalise degrees: x = XN/(XD·D^(dxn−dxd)), y = y'·YN·D^(dyd−dyn)/YD (each difference ≥ 0 here).
    if (xNum.degree > xDen.degree) F.mul(XD, XD, pw(xNum.degree - xDen.degree));
    if (yDen.degree > yNum.degree) F.mul(YN, YN, pw(yDen.degree - yNum.degree));
    F.mul(out + 2 * n, XD, YD); //  Z = XD·YD
    F.mul(out, XN, YD); //          X = XN·YD
    F.mul(t, y, YN); //             Y = y'·YN·XD
    F.mul(out + n, t, XD);
    this.law.cmov(out, zero, F.isZero(out + 2 * n)); // a pole: the identity
    F.wipe(s, m + 5);
  }

  /** out ← P(N, D) homogenised to P's degree: Horner from the top coefficient. */
  private horner(out: number, p: Poly, N: number, pw: (j: number) => number, t: number): void {
    const F = this.F, n = F.size, d = p.degree;
    if (p.monic) F.setOne(out);
    else F.copy(out, p.first + d * n);
    for (let i = d - 1; i >= 0; i--) { // out = out·N + kᵢ·D^(d−i)
      F.mul(out, out, N);
      F.mul(t, p.first + i * n, pw(d - i));
      F.add(out, out, t);
    }
  }
}

// The constants: RFC 9380 Appendix E.2 and E.3 (see the module doc).
/** G1: the 11-isogeny E'₁ → E₁, RFC 9380 Appendix E.2 (k_(1,0…11), k_(2,0…9), k_(3,0…15), k_(4,0…14)); monic denominators. */
export const ISO_G1: IsogenyCoefficients<bigint> = {
  xNum: [
    0x11a05f2b1e833340b809101dd99815856b303e88a2d7005ff2627b56cdb4e2c85610c2d5f2e62d6eaeac1662734649b7n,
    0x17294ed3e943ab2f0588bab22147a81c7c17e75b2f6a8417f565e33c70d1e86b4838f2a6f318c356e834eef1b3cb83bbn,
    0x0d54005db97678ec1d1048c5d10a9a1bce032473295983e56878e501ec68e25c958c3e3d2a09729fe0179f9dac9edcb0n,
    0x1778e7166fcc6db74e0609d307e55412d7f5e4656a8dbf25f1b33289f1b330835336e25ce3107193c5b388641d9b6861n,
    0x0e99726a3199f4436642b4b3e4118e5499db995a1257fb3f086eeb65982fac18985a286f301e77c451154ce9ac8895d9n,
    0x1630c3250d7313ff01d1201bf7a74ab5db3cb17dd952799b9ed3ab9097e68f90a0870d2dcae73d19cd13c1c66f652983n,
    0x0d6ed6553fe44d296a3726c38ae652bfb11586264f0f8ce19008e218f9c86b2a8da25128c1052ecaddd7f225a139ed84n,
    0x17b81e7701abdbe2e8743884d1117e53356de5ab275b4db1a682c62ef0f2753339b7c8f8c8f475af9ccb5618e3f0c88en,
    0x080d3cf1f9a78fc47b90b33563be990dc43b756ce79f5574a2c596c928c5d1de4fa295f296b74e956d71986a8497e317n,
    0x169b1f8e1bcfa7c42e0c37515d138f22dd2ecb803a0c5c99676314baf4bb1b7fa3190b2edc0327797f241067be390c9en,
    0x10321da079ce07e272d8ec09d2565b0dfa7dccdde6787f96d50af36003b14866f69b771f8c285decca67df3f1605fb7bn,
    0x06e08c248e260e70bd1e962381edee3d31d79d7e22c837bc23c0bf1bc24c6b68c24b1b80b64d391fa9c8ba2e8ba2d229n,
  ],
  xDen: [
    0x08ca8d548cff19ae18b2e62f4bd3fa6f01d5ef4ba35b48ba9c9588617fc8ac62b558d681be343df8993cf9fa40d21b1cn,
    0x12561a5deb559c4348b4711298e536367041e8ca0cf0800c0126c2588c48bf5713daa8846cb026e9e5c8276ec82b3bffn,
    0x0b2962fe57a3225e8137e629bff2991f6f89416f5a718cd1fca64e00b11aceacd6a3d0967c94fedcfcc239ba5cb83e19n,
    0x03425581a58ae2fec83aafef7c40eb545b08243f16b1655154cca8abc28d6fd04976d5243eecf5c4130de8938dc62cd8n,
    0x13a8e162022914a80a6f1d5f43e7a07dffdfc759a12062bb8d6b44e833b306da9bd29ba81f35781d539d395b3532a21en,
    0x0e7355f8e4e667b955390f7f0506c6e9395735e9ce9cad4d0a43bcef24b8982f7400d24bc4228f11c02df9a29f6304a5n,
    0x0772caacf16936190f3e0c63e0596721570f5799af53a1894e2e073062aede9cea73b3538f0de06cec2574496ee84a3an,
    0x14a7ac2a9d64a8b230b3f5b074cf01996e7f63c21bca68a81996e1cdf9822c580fa5b9489d11e2d311f7d99bbdcc5a5en,
    0x0a10ecf6ada54f825e920b3dafc7a3cce07f8d1d7161366b74100da67f39883503826692abba43704776ec3a79a1d641n,
    0x095fc13ab9e92ad4476d6e3eb3a56680f682b4ee96f7d03776df533978f31c1593174e4b4b7865002d6384d168ecdd0an,
  ],
  yNum: [
    0x090d97c81ba24ee0259d1f094980dcfa11ad138e48a869522b52af6c956543d3cd0c7aee9b3ba3c2be9845719707bb33n,
    0x134996a104ee5811d51036d776fb46831223e96c254f383d0f906343eb67ad34d6c56711962fa8bfe097e75a2e41c696n,
    0x00cc786baa966e66f4a384c86a3b49942552e2d658a31ce2c344be4b91400da7d26d521628b00523b8dfe240c72de1f6n,
    0x01f86376e8981c217898751ad8746757d42aa7b90eeb791c09e4a3ec03251cf9de405aba9ec61deca6355c77b0e5f4cbn,
    0x08cc03fdefe0ff135caf4fe2a21529c4195536fbe3ce50b879833fd221351adc2ee7f8dc099040a841b6daecf2e8fedbn,
    0x16603fca40634b6a2211e11db8f0a6a074a7d0d4afadb7bd76505c3d3ad5544e203f6326c95a807299b23ab13633a5f0n,
    0x04ab0b9bcfac1bbcb2c977d027796b3ce75bb8ca2be184cb5231413c4d634f3747a87ac2460f415ec961f8855fe9d6f2n,
    0x0987c8d5333ab86fde9926bd2ca6c674170a05bfe3bdd81ffd038da6c26c842642f64550fedfe935a15e4ca31870fb29n,
    0x09fc4018bd96684be88c9e221e4da1bb8f3abd16679dc26c1e8b6e6a1f20cabe69d65201c78607a360370e577bdba587n,
    0x0e1bba7a1186bdb5223abde7ada14a23c42a0ca7915af6fe06985e7ed1e4d43b9b3f7055dd4eba6f2bafaaebca731c30n,
    0x19713e47937cd1be0dfd0b8f1d43fb93cd2fcbcb6caf493fd1183e416389e61031bf3a5cce3fbafce813711ad011c132n,
    0x18b46a908f36f6deb918c143fed2edcc523559b8aaf0c2462e6bfe7f911f643249d9cdf41b44d606ce07c8a4d0074d8en,
    0x0b182cac101b9399d155096004f53f447aa7b12a3426b08ec02710e807b4633f06c851c1919211f20d4c04f00b971ef8n,
    0x0245a394ad1eca9b72fc00ae7be315dc757b3b080d4c158013e6632d3c40659cc6cf90ad1c232a6442d9d3f5db980133n,
    0x05c129645e44cf1102a159f748c4a3fc5e673d81d7e86568d9ab0f5d396a7ce46ba1049b6579afb7866b1e715475224bn,
    0x15e6be4e990f03ce4ea50b3b42df2eb5cb181d8f84965a3957add4fa95af01b2b665027efec01c7704b456be69c8b604n,
  ],
  yDen: [
    0x16112c4c3a9c98b252181140fad0eae9601a6de578980be6eec3232b5be72e7a07f3688ef60c206d01479253b03663c1n,
    0x1962d75c2381201e1a0cbd6c43c348b885c84ff731c4d59ca4a10356f453e01f78a4260763529e3532f6102c2e49a03dn,
    0x058df3306640da276faaae7d6e8eb15778c4855551ae7f310c35a5dd279cd2eca6757cd636f96f891e2538b53dbf67f2n,
    0x16b7d288798e5395f20d23bf89edb4d1d115c5dbddbcd30e123da489e726af41727364f2c28297ada8d26d98445f5416n,
    0x0be0e079545f43e4b00cc912f8228ddcc6d19c9f0f69bbb0542eda0fc9dec916a20b15dc0fd2ededda39142311a5001dn,
    0x08d9e5297186db2d9fb266eaac783182b70152c65550d881c5ecd87b6f0f5a6449f38db9dfa9cce202c6477faaf9b7acn,
    0x166007c08a99db2fc3ba8734ace9824b5eecfdfa8d0cf8ef5dd365bc400a0051d5fa9c01a58b1fb93d1a1399126a775cn,
    0x16a3ef08be3ea7ea03bcddfabba6ff6ee5a4375efa1f4fd7feb34fd206357132b920f5b00801dee460ee415a15812ed9n,
    0x1866c8ed336c61231a1be54fd1d74cc4f9fb0ce4c6af5920abc5750c4bf39b4852cfe2f7bb9248836b233d9d55535d4an,
    0x167a55cda70a6e1cea820597d94a84903216f763e13d87bb5308592e7ea7d4fbc7385ea3d529b35e346ef48bb8913f55n,
    0x04d2f259eea405bd48f010a01ad2911d9c6dd039bb61a6290e591b36e636a5c871a5c29f4f83060400f8b49cba8f6aa8n,
    0x0accbb67481d033ff5852c1e48c50c477f94ff8aefce42d28c0f9a88cea7913516f968986f7ebbea9684b529e2561092n,
    0x0ad6b9514c767fe3c3613144b45f1496543346d98adf02267d5ceef9a00d9b8693000763e3b90ac11e99b138573345ccn,
    0x02660400eb2e4f3b628bdd0d53cd76f2bf565b94e72927c1cb748df27942480e420517bd8714cc80d1fadc1326ed06f7n,
    0x0e0fa1d816ddc03e6b24255e0d7819c171c40f65e273b853324efcd6356caa205ca2f570f13497804415473a1d634b8fn,
  ],
};

/** G2: the 3-isogeny E'₂ → E₂, RFC 9380 Appendix E.3, Fp2 coefficients c0 + c1·u; monic denominators. */
export const ISO_G2: IsogenyCoefficients<Fp2Value> = {
  xNum: [
    {
      c0: 0x05c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97d6n,
      c1: 0x05c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97d6n,
    },
    {
      c0: 0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000n,
      c1: 0x11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71an,
    },
    {
      c0: 0x11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71en,
      c1: 0x08ab05f8bdd54cde190937e76bc3e447cc27c3d6fbd7063fcd104635a790520c0a395554e5c6aaaa9354ffffffffe38dn,
    },
    {
      c0: 0x171d6541fa38ccfaed6dea691f5fb614cb14b4e7f4e810aa22d6108f142b85757098e38d0f671c7188e2aaaaaaaa5ed1n,
      c1: 0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000n,
    },
  ],
  xDen: [
    {
      c0: 0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000n,
      c1: 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa63n,
    },
    {
      c0: 0x00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000cn,
      c1: 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa9fn,
    },
  ],
  yNum: [
    {
      c0: 0x1530477c7ab4113b59a4c18b076d11930f7da5d4a07f649bf54439d87d27e500fc8c25ebf8c92f6812cfc71c71c6d706n,
      c1: 0x1530477c7ab4113b59a4c18b076d11930f7da5d4a07f649bf54439d87d27e500fc8c25ebf8c92f6812cfc71c71c6d706n,
    },
    {
      c0: 0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000n,
      c1: 0x05c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97ben,
    },
    {
      c0: 0x11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71cn,
      c1: 0x08ab05f8bdd54cde190937e76bc3e447cc27c3d6fbd7063fcd104635a790520c0a395554e5c6aaaa9354ffffffffe38fn,
    },
    {
      c0: 0x124c9ad43b6cf79bfbf7043de3811ad0761b0f37a1e26286b0e977c69aa274524e79097a56dc4bd9e1b371c71c718b10n,
      c1: 0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000n,
    },
  ],
  yDen: [
    {
      c0: 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa8fbn,
      c1: 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa8fbn,
    },
    {
      c0: 0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000n,
      c1: 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa9d3n,
    },
    {
      c0: 0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000012n,
      c1: 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa99n,
    },
  ],
};
