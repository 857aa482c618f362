/**
 * BLS12-381's groups G1 ⊂ E(Fp) and G2 ⊂ E'(Fp2), with their encodings (ZCash by default, EIP-2537)
 * and RFC 9380 hash-to-curve, as curve data bound to one backend's kernels (internal: the entry point,
 * mod.ts, exposes them through `bls12_381.G1` / `.G2` typed by their public interfaces).
 * @module
 */
import { R as r, TOWER, X as BLS12_381_X } from "./params.ts";
import type { Backend } from "../../field/kernel.ts";
import { type Tower, tower } from "../../field/tower/mod.ts";
import { BLS12_381_FP_PLAN } from "./plan.ts";
import { fp2Coords, type Fp2Value, fpCoords } from "../group/coord_field.ts";
import { fp2IO, fpIO } from "../codecs/elem_io.ts";
import type { Affine } from "../group/group.ts";
import { zcashCodec } from "../codecs/zcash.ts";
import { eip2537Codec, fp2IO64, fpIO64 } from "../codecs/eip2537.ts";
import { g1Suite, g2Suite } from "./hash_to_curve.ts";
import { HashingGroup } from "../hash_to_curve/suite.ts";
import { G1_ENDOMORPHISM, G2_ENDOMORPHISM } from "./endomorphism.ts";
import { lazyState } from "../../field/lazy_state.ts";
import { bls12_381Fields } from "./fields.ts";

const x = BLS12_381_X;
/** G1 cofactor h1 = (x − 1)²/3 (the draft §4.2.1); #E(Fp) = h1·r. */
const H1 = (x - 1n) ** 2n / 3n;
/** G2 cofactor h2 = (x⁸ − 4x⁷ + 5x⁶ − 4x⁴ + 6x³ − 4x² − 4x + 13)/9 (same source); #E'(Fp2) = h2·r. */
const H2 =
  (x ** 8n - 4n * x ** 7n + 5n * x ** 6n - 4n * x ** 4n + 6n * x ** 3n - 4n * x ** 2n - 4n * x + 13n) / 9n;

/** The generators, draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1 (also zkcrypto's 1·G, checked by a test). */
const G1_GEN: Affine<bigint> = {
  x: 0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bbn,
  y: 0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1n,
};
const G2_GEN: Affine<Fp2Value> = {
  x: {
    c0: 0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8n,
    c1: 0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7en,
  },
  y: {
    c0: 0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801n,
    c1: 0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79ben,
  },
};

/** G1 and G2 on one backend's kernels. */
export interface Bls12_381Groups {
  /** G1 ⊂ E(Fp), points with bigint coordinates; with RFC 9380 hash-to-curve. */
  readonly G1: HashingGroup<bigint>;
  /** G2 ⊂ E'(Fp2); with RFC 9380 hash-to-curve. */
  readonly G2: HashingGroup<Fp2Value>;
}

/** G1 and G2 on `backend` (default: the field layer's current choice), built on first use and cached. */
export function bls12_381Groups(backend?: Backend): Bls12_381Groups {
  return groupsOf(tower(TOWER, backend, BLS12_381_FP_PLAN));
}

/**
 * The hashing DSTs used when none is given: the basic-scheme suite IDs of draft-irtf-cfrg-bls-
 * signature-05 §4.2.1 for each group, as @noble/curves 2.4 (its `G1.defaults`, `G2.defaults`).
 */
const DEFAULT_DST_G1 = {
  DST: "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_",
  encodeDST: "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_",
};
const DEFAULT_DST_G2 = {
  DST: "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_",
  encodeDST: "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_",
};

/** The groups of a tower's kernel (built once per kernel). */
const groupsOf = lazyState((tw: Tower): Bls12_381Groups => {
  const b = 4n, xi = tw.params.xi; // b' = 4ξ
  const G1 = new HashingGroup<bigint>(
    {
      name: "bls12-381 G1",
      F: fpCoords(tw.fp),
      b,
      generator: G1_GEN,
      r,
      h: H1,
      codecs: { default: zcashCodec(fpIO(tw.fp)), eip2537: eip2537Codec(fpIO64(tw.fp)) },
      endomorphism: G1_ENDOMORPHISM,
      fields: () => ({ Fp: bls12_381Fields().Fp, Fn: bls12_381Fields().Fr }),
    },
    g1Suite,
    DEFAULT_DST_G1,
  );
  const G2 = new HashingGroup<Fp2Value>(
    {
      name: "bls12-381 G2",
      F: fp2Coords(tw.fp2),
      b: { c0: b * xi.c0, c1: b * xi.c1 },
      generator: G2_GEN,
      r,
      h: H2,
      codecs: { default: zcashCodec(fp2IO(tw.fp2)), eip2537: eip2537Codec(fp2IO64(tw.fp2)) },
      endomorphism: G2_ENDOMORPHISM,
      fields: () => ({ Fp: bls12_381Fields().Fp2, Fn: bls12_381Fields().Fr }),
    },
    g2Suite(tw.fp2),
    DEFAULT_DST_G2,
  );
  return Object.freeze({ G1, G2 });
});
