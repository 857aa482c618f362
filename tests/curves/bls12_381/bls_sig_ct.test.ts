/**
 * Constant-time proofs (tests/ct) of the BLS signature secret-key paths, both backends, over
 * secretsForModulus(r, 32) (the zero key dropped: all are valid keys in [1, r)):
 * - the whole of `SecretKey.fromBytes` + `getPublicKey`, `sign` and `popProve` as seen from the
 *   signature files (curves/bls12_381/signatures/: the key check, the key object, the calls), measured
 *   on those files only;
 * - the secret part of each, across every library file: the key check and the constant-time
 *   multiplication into a fixed slot (SK·G1, SK·H(msg)). What is left out is public: hashing the
 *   message, allocating the result point (arena blocks of 8, a pattern that depends on the run count
 *   and the GC, not on the key) and encoding the result, which branches on the published y's sign.
 */
import { ctFlow, secretsForModulus } from "../../ct/registry.ts";
import {
  BLS_POP_DST,
  checkSecretKey,
  FIELDS,
  type GroupImpl,
  scalarBytes,
  signatureSuite,
} from "../../internal.ts";
import type { BlsPopSuite } from "../../../curves/bls12_381/mod.ts";
import { bls12_381Groups } from "../../internal.ts";

const r = FIELDS["bls12-381-fr"].p;
const keys = () => secretsForModulus(r, 32).filter((k) => k.some((b) => b !== 0));
const MSG = new Uint8Array([1, 2, 3]);
const onlySigFiles = { include: (url: string) => url.includes("/curves/bls12_381/signatures/") };

for (const backend of ["wasm", "ts"] as const) {
  const sig = signatureSuite({}, backend) as BlsPopSuite;
  ctFlow(
    `bls sig SecretKey.fromBytes + getPublicKey, bls12_381/signatures/ (${backend})`,
    (sk: Uint8Array) => sig.getPublicKey(sig.SecretKey.fromBytes(sk)),
    keys,
    onlySigFiles,
  );
  ctFlow(
    `bls sig SecretKey.fromBytes + sign, bls12_381/signatures/ (${backend})`,
    (sk: Uint8Array) => sig.sign(sig.SecretKey.fromBytes(sk), MSG),
    keys,
    onlySigFiles,
  );
  const aug = signatureSuite({ scheme: "aug", publicKeyGroup: "G2" }, backend);
  ctFlow(
    `bls sig SecretKey.fromBytes + sign, AUG, keys in G2, bls12_381/signatures/ (${backend})`,
    (sk: Uint8Array) => aug.sign(aug.SecretKey.fromBytes(sk), MSG),
    keys,
    onlySigFiles,
  );
  ctFlow(
    `bls sig SecretKey.fromBytes + popProve, bls12_381/signatures/ (${backend})`,
    (sk: Uint8Array) => sig.popProve(sig.SecretKey.fromBytes(sk)),
    keys,
    onlySigFiles,
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
