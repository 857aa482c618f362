/**
 * RFC 9380 hash-to-curve. Suite `bls12-381`, ops `hash-to-g1` and `hash-to-g2`: hash_to_curve of a fresh
 * random 32-byte message under the RFC's test DST (suites BLS12381G1/G2_XMD:SHA-256_SSWU_RO_): SHA-256
 * expansion, two SWU maps and isogenies, one addition, cofactor clearing, for isochron on each backend and
 * noble's `hashToCurve(msg, { DST })`. The message changes at every call (a counter in its first bytes),
 * so no library can cache. blst (@chainsafe/blst) hashes to G2 only inside `sign`: no blst row.
 */

import { type BenchCase, randomBytes } from "../case.ts";

const DST = {
  G1: "QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_",
  G2: "QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_",
};

/** A 32-byte random message whose first 4 bytes count the calls. */
function messages(): () => Uint8Array {
  const msg = randomBytes(32), view = new DataView(msg.buffer);
  let i = 0;
  return () => {
    view.setUint32(0, i++);
    return msg;
  };
}

export default function h2cCases(): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];
  for (const which of ["G1", "G2"] as const) {
    const op = which === "G1" ? "hash-to-g1" : "hash-to-g2";
    const label = `RFC 9380 hash_to_curve to ${which} (XMD:SHA-256_SSWU_RO_, 32-byte message)`;
    for (const backend of ["wasm", "ts"] as const) {
      cases.push({
        suite: "bls12-381",
        op,
        label,
        lib: "isochron",
        backend,
        setup: async () => {
          const { bls12_381Groups } = await import("../../curves/bls12_381/groups.ts");
          const G = bls12_381Groups(backend)[which], next = messages();
          return () => G.hashToCurve(next(), DST[which]);
        },
      });
    }
    cases.push({
      suite: "bls12-381",
      op,
      label,
      lib: "noble",
      backend: "bigint",
      setup: async () => {
        const { bls12_381 } = await import("@noble/curves/bls12-381.js");
        const G = bls12_381[which], next = messages(), opts = { DST: DST[which] };
        return () => G.hashToCurve(next(), opts);
      },
    });
  }
  return Promise.resolve(cases);
}
