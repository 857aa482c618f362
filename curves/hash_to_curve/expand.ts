/**
 * expand_message_xmd with SHA-256 (RFC 9380 §5.3.1), the expander of the BLS12-381 suites
 * `…_XMD:SHA-256_SSWU_{RO,NU}_`, and the domain-separation-tag rules of §5.3.3 (a DST longer than 255
 * bytes is replaced by H("H2C-OVERSIZE-DST-" ‖ DST)).
 *
 * Cost: ell + 1 SHA-256 compressions of the 64-byte blocks and one hash of the message, ell = ⌈len/32⌉.
 * Straight-line in the data: only the public lengths decide the loop counts.
 * @module
 */
import { sha256 } from "../../hash/sha256.ts";
import { copyBytes, isBytes, IsochronError } from "../../errors.ts";

/** SHA-256 output and block sizes (b_in_bytes, s_in_bytes of §5.3.1). */
const B_IN_BYTES = 32, S_IN_BYTES = 64;
const ENCODER = new TextEncoder();

/**
 * The domain-separation tag as bytes: a string is UTF-8 encoded; a tag longer than 255 bytes is
 * replaced by SHA-256("H2C-OVERSIZE-DST-" ‖ DST) (§5.3.3). Throws INVALID_TYPE for another type or an
 * empty tag (§3.1 requires a non-empty DST).
 */
export function dstBytes(dst: Uint8Array | string): Uint8Array {
  let d: Uint8Array;
  if (typeof dst === "string") d = ENCODER.encode(dst);
  else if (isBytes(dst)) d = copyBytes(dst, "DST");
  else throw new IsochronError("INVALID_TYPE", "DST must be a Uint8Array or a string");
  if (d.length === 0) throw new IsochronError("INVALID_LENGTH", "DST must not be empty");
  if (d.length > 255) {
    d = sha256.create().update(ENCODER.encode("H2C-OVERSIZE-DST-")).update(d).digest();
  }
  return d;
}

/**
 * expand_message_xmd(msg, DST, len_in_bytes) with SHA-256 (RFC 9380 §5.3.1): `len` uniform bytes.
 * Throws INVALID_TYPE unless msg is a Uint8Array, INVALID_LENGTH unless 1 ≤ len ≤ 255·32 = 8160.
 */
export function expandMessageXmd(msg: Uint8Array, dst: Uint8Array | string, len: number): Uint8Array {
  msg = copyBytes(msg, "message");
  const d = dstBytes(dst);
  const ell = Math.ceil(len / B_IN_BYTES);
  if (!Number.isSafeInteger(len) || len < 1 || ell > 255) {
    throw new IsochronError("INVALID_LENGTH", `expand_message_xmd: len_in_bytes ${len} out of range`);
  }
  const dstPrime = new Uint8Array(d.length + 1); //           DST ‖ I2OSP(len(DST), 1)
  dstPrime.set(d);
  dstPrime[d.length] = d.length;
  const b0 = sha256.create() //                                Z_pad ‖ msg ‖ I2OSP(len, 2) ‖ 0x00 ‖ DST'
    .update(new Uint8Array(S_IN_BYTES))
    .update(msg)
    .update(Uint8Array.of(len >>> 8, len & 0xff, 0))
    .update(dstPrime)
    .digest();
  const out = new Uint8Array(ell * B_IN_BYTES), x = new Uint8Array(B_IN_BYTES);
  let prev = new Uint8Array(B_IN_BYTES); //                     b_0 ⊕ 0 = b_0 for b_1
  for (let i = 1; i <= ell; i++) {
    for (let j = 0; j < B_IN_BYTES; j++) x[j] = b0[j] ^ prev[j]; // strxor(b_0, b_(i−1))
    prev = sha256.create().update(x).update(Uint8Array.of(i)).update(dstPrime).digest();
    out.set(prev, (i - 1) * B_IN_BYTES);
  }
  b0.fill(0);
  x.fill(0);
  prev.fill(0);
  if (out.length === len) return out;
  const r = out.slice(0, len);
  out.fill(0);
  return r;
}
