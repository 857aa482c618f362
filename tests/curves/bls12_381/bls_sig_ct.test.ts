/**
 * Constant-time proofs (tests/ct) of the BLS signature secret-key paths, both backends, over
 * secretsForModulus(r, 32) (the zero key dropped: all are valid keys in [1, r)):
 * - the whole of `getPublicKey` and `sign` as seen from curves/bls12_381/signatures.ts (its own blocks: the
 *   key check, the calls), measured on that file only;
 * - the secret part of each, across every library file: the key check and the constant-time
 *   multiplication into a fixed slot (SK·G1, SK·H(msg)). What is left out is public: hashing the
 *   message, allocating the result point (arena blocks of 8, a pattern that depends on the run count
 *   and the GC, not on the key) and encoding the result, which branches on the published y's sign.
 */
import { ctFlow, secretsForModulus } from "../../ct/registry.ts";
import {
  BLS_POP_DST,
  blsSignatures,
  checkSecretKey,
  FIELDS,
  type GroupImpl,
  scalarBytes,
} from "../../internal.ts";
import { bls12_381 } from "../../../curves/bls12_381/mod.ts";
import { bls12_381Groups } from "../../internal.ts";

const r = FIELDS["bls12-381-fr"].p;
const keys = () => secretsForModulus(r, 32).filter((k) => k.some((b) => b !== 0));
const MSG = new Uint8Array([1, 2, 3]);
const onlySigFile = { include: (url: string) => url.endsWith("/curves/bls12_381/signatures.ts") };

for (const backend of ["wasm", "ts"] as const) {
  const sig = blsSignatures(() => bls12_381Groups(backend), bls12_381.pairingCheck);
  ctFlow(
    `bls sig getPublicKey, bls12_381/signatures.ts (${backend})`,
    (sk: Uint8Array) => sig.getPublicKey(sk),
    keys,
    onlySigFile,
  );
  ctFlow(
    `bls sig sign, bls12_381/signatures.ts (${backend})`,
    (sk: Uint8Array) => sig.sign(sk, MSG),
    keys,
    onlySigFile,
  );

  for (const which of ["G1", "G2"] as const) {
    // deno-lint-ignore no-explicit-any
    const group = () => bls12_381Groups(backend)[which] as GroupImpl<any>;
    let base = -1, out = -1;
    ctFlow(
      `bls sig ${which === "G1" ? "getPublicKey" : "sign"}: key check + SK·${
        which === "G1" ? "G1" : "H(msg)"
      } (${backend})`,
      (sk: Uint8Array) => {
        const g = group();
        if (base < 0) {
          base = which === "G1"
            ? g.baseSlot
            : g.slotOf(bls12_381Groups(backend).G2.hashToCurve(MSG, BLS_POP_DST));
          out = g.law.alloc(1);
        }
        checkSecretKey(sk);
        g.multiplyInto(out, base, scalarBytes(sk));
      },
      keys,
    );
  }
}
