/**
 * BN254's groups G1 = E(Fp) and G2 ⊂ E'(Fp2) as curve data bound to one backend's kernels (internal:
 * the entry point, mod.ts, exposes them through `bn254.G1` / `.G2` typed by their public interfaces).
 * @module
 */
import { P as p, R as r, TOWER } from "./params.ts";
import type { Backend } from "../../field/kernel.ts";
import { type Tower, tower } from "../../field/tower/mod.ts";
import { G1_ENDOMORPHISM, G2_ENDOMORPHISM } from "./endomorphism.ts";
import { lazyState } from "../../field/lazy_state.ts";
import { B_G2, BN254_FP_PLAN } from "./plan.ts";
import { fp2Coords, type Fp2Value, fpCoords } from "../group/coord_field.ts";
import { fp2IO, fpIO } from "../codecs/elem_io.ts";
import { type Affine, GroupImpl } from "../group/group.ts";
import { ethCodec } from "../codecs/eth.ts";
import { bn254Fields } from "./fields.ts";

/** The generators, EIP-196 (G1 = (1, 2)) and EIP-197 (G2). */
const G1_GEN: Affine<bigint> = { x: 1n, y: 2n };
const G2_GEN: Affine<Fp2Value> = {
  x: {
    c0: 10857046999023057135944570762232829481370756359578518086990519993285655852781n,
    c1: 11559732032986387107991004021392285783925812861821192530917403151452391805634n,
  },
  y: {
    c0: 8495653923123431417604973247489272438418190587263600148770280649306958101930n,
    c1: 4082367875863433681332203403145435568316851327593401208105741076214120093531n,
  },
};

/** G1 and G2 on one backend's kernels. */
export interface Bn254Groups {
  /** G1 = E(Fp), points with bigint coordinates. */
  readonly G1: GroupImpl<bigint>;
  /** G2 ⊂ E'(Fp2). */
  readonly G2: GroupImpl<Fp2Value>;
}

/** G1 and G2 on `backend` (default: the field layer's current choice), built on first use and cached. */
export function bn254Groups(backend?: Backend): Bn254Groups {
  return groupsOf(tower(TOWER, backend, BN254_FP_PLAN));
}

/** The groups of a tower's kernel (built once per kernel). */
const groupsOf = lazyState((tw: Tower): Bn254Groups => {
  const b = 3n;
  const f = tw.fp2;
  const G1 = new GroupImpl<bigint>({
    name: "bn254 G1",
    F: fpCoords(tw.fp),
    b,
    generator: G1_GEN,
    r,
    h: 1n,
    codecs: { default: ethCodec(fpIO(tw.fp)) },
    endomorphism: G1_ENDOMORPHISM,
    fields: () => ({ Fp: bn254Fields().Fp, Fn: bn254Fields().Fr }),
  });
  const G2 = new GroupImpl<Fp2Value>({
    name: "bn254 G2",
    F: fp2Coords(f),
    b: B_G2,
    generator: G2_GEN,
    r,
    h: 2n * p - r,
    codecs: { default: ethCodec(fp2IO(f)) },
    endomorphism: G2_ENDOMORPHISM,
    fields: () => ({ Fp: bn254Fields().Fp2, Fn: bn254Fields().Fr }),
  });
  return Object.freeze({ G1, G2 });
});
