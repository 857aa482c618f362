/**
 * The headline operations: the rows of the README's comparison table (bench/readme_table.ts), which
 * the report also runs on Node and Bun by default (bench/report.ts; `--full` runs every operation
 * there). Each has the peer its ratios are to (noble unless named).
 * @module
 */

/** A headline row: its id, a note after it, and the peer its ratios are to (noble by default). */
export interface Headline {
  id: string;
  note?: string;
  ref?: string;
}

export const HEADLINES: readonly Headline[] = [
  { id: "bls12-381 fp-mul" },
  { id: "bls12-381 fp-inv", note: "(constant-time vs noble's variable-time)" },
  { id: "bls12-381 fp2-mul" },
  { id: "bls12-381 fp12-mul" },
  { id: "bls12-381 g1-add" },
  { id: "bls12-381 g1-mul-ct", note: "(GLV)" },
  { id: "bls12-381 g2-mul-ct", note: "(GLS)" },
  { id: "bls12-381 g1-mul-base", note: "(fixed-base table)", ref: "blst" },
  { id: "bls12-381 g2-sum-proj-1000", note: "(bulk addition, projective inputs)" },
  { id: "bls12-381 g1-msm-1024", note: "(Pippenger)" },
  { id: "bls12-381 pairing" },
  { id: "bls12-381 hash-to-g2", note: "(RFC 9380)" },
  { id: "bls12-381 bls-sign", ref: "blst" },
  { id: "bls12-381 bls-verify", note: "(decode, subgroup checks, hash, pairing)", ref: "blst" },
  { id: "bls12-381 bls-fav-64", note: "(fast aggregate verify of 64 keys, bytes in)", ref: "blst" },
  { id: "bn254 fp-mul" },
  { id: "bn254 g1-mul-ct", note: "(GLV)" },
  { id: "bn254 g2-mul-ct", note: "(GLS)" },
  { id: "bn254 pairing" },
  { id: "x25519 x25519", ref: "webcrypto" },
  { id: "x25519 x25519-base" },
  { id: "cold first-shared-secret", note: "(fresh process: import to first X25519 shared secret)" },
  { id: "cold first-bls-keygen-sign-verify", note: "(fresh process: import to first BLS verify)" },
  { id: "cold first-bn254-pairing", note: "(fresh process: import to first BN254 pairing)" },
];

/** The filter of the headline operations: `^(id|id|…)$` over `"<suite> <op>"`. */
export function headlineFilter(): RegExp {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^(${HEADLINES.map((h) => esc(h.id)).join("|")})$`);
}
