/**
 * BLS12-381 secret keys as bytes: the range check sk ∈ [1, r) and KeyGen (draft-irtf-cfrg-bls-
 * signature-05 §2.3). Constant-time in the key (tests/curves/bls12_381/bls_sig_ct.test.ts,
 * tests/curves/bls12_381/bls_keygen.test.ts).
 * @module
 */
import { checkBytes, copyBytes, IsochronError } from "../../../errors.ts";
import { R as BLS_R } from "../params.ts";
import { lessThanBytes } from "../../../scalar/fr.ts";
import { WideScalarReducer } from "../../../scalar/reduce_wide.ts";
import { hkdfExpand, hkdfExtract } from "../../../hash/hkdf.ts";
import { sha256 } from "../../../hash/sha256.ts";

const r = BLS_R;
const R_BYTES = (() => {
  const out = new Uint8Array(32);
  let v = r;
  for (let i = 31; i >= 0; i--, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
})();

/**
 * Checks sk ∈ [1, r) in constant time (masks; the one branch is on the verdict, which a
 * caller learns anyway from the exception).
 */
export function checkSecretKey(sk: Uint8Array): void {
  checkBytes(sk, "secret key", 32); // read only
  let any = 0;
  for (let i = 0; i < 32; i++) any |= sk[i];
  const nonZero = ((any - 1) >>> 31) ^ 1; // 1 iff any ≠ 0 (any ≤ 255)
  if ((nonZero & lessThanBytes(sk, R_BYTES)) !== 1) {
    throw new IsochronError("INVALID_SCALAR", "secret key must be in [1, r)");
  }
}

const keyReducer = new WideScalarReducer(r, 48);
/** KeyGen's `L`: ceil((3·ceil(log2 r)) / 16) = 48 (§2.3). */
const KEYGEN_L = 48;
const KEYGEN_SALT = new TextEncoder().encode("BLS-SIG-KEYGEN-SALT-");

/**
 * KeyGen, draft-irtf-cfrg-bls-signature-05 §2.3: the 32-byte big-endian secret key in [1, r) derived
 * from `ikm` (secret keying material, at least 32 bytes, else INVALID_LENGTH) and the public
 * `keyInfo`, by HKDF-SHA-256 (RFC 5869) then a constant-time reduction mod r. The loop exits
 * on the public event "SK ≠ 0" (the one branch that depends on the key; it fails with probability
 * ≈ 2^-255). HKDF and SHA-256 (hash/) run a data-independent sequence for a given length.
 */
export function keyGen(ikm: Uint8Array, keyInfo: Uint8Array = new Uint8Array(0)): Uint8Array {
  ikm = copyBytes(ikm, "ikm"); // fresh copies: a subclass or view is read through its own slots only
  keyInfo = copyBytes(keyInfo, "key info");
  if (ikm.length < 32) {
    throw new IsochronError("INVALID_LENGTH", `ikm must be at least 32 bytes, got ${ikm.length}`);
  }
  const ikm0 = new Uint8Array(ikm.length + 1); // IKM ‖ I2OSP(0, 1)
  ikm0.set(ikm);
  const info = new Uint8Array(keyInfo.length + 2); // key_info ‖ I2OSP(L, 2)
  info.set(keyInfo);
  info[keyInfo.length] = KEYGEN_L >> 8;
  info[keyInfo.length + 1] = KEYGEN_L & 0xff;
  const sk = new Uint8Array(32);
  let salt: Uint8Array = KEYGEN_SALT;
  for (;;) {
    salt = sha256(salt);
    const prk = hkdfExtract(ikm0, salt);
    const okm = hkdfExpand(prk, info, KEYGEN_L);
    keyReducer.reduceInto(sk, okm);
    prk.fill(0);
    okm.fill(0);
    let any = 0;
    for (let i = 0; i < 32; i++) any |= sk[i];
    if (any !== 0) break; // public event: SK ≠ 0
  }
  ikm0.fill(0);
  ikm.fill(0);
  return sk;
}
