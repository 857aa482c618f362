/**
 * HMAC-SHA-256 (RFC 2104; FIPS 198-1) and HKDF-SHA-256 (RFC 5869), for the BLS KeyGen of
 * draft-irtf-cfrg-bls-signature-05 §2.3. The keys and the keying material may be secret: every
 * intermediate buffer and hash state is wiped, and nothing branches on their values (lengths are
 * public). Cost: HMAC = 2 SHA-256 computations over (64 + message) and (64 + 32) bytes; HKDF-Expand to
 * L bytes = ⌈L/32⌉ HMACs.
 * @module
 */
import { checkBytes, IsochronError } from "../errors.ts";
import { Sha256 } from "./sha256.ts";

const BLOCK = 64, OUT = 32;

/** HMAC-SHA-256(key, ...parts): the MAC of the concatenated parts (RFC 2104 §2). */
export function hmacSha256(key: Uint8Array, ...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const n = checkBytes(key, "HMAC key");
  const k = new Uint8Array(BLOCK);
  if (n > BLOCK) new Sha256().update(key).digestInto(k); // a long key is hashed first
  else k.set(key);
  const pad = new Uint8Array(BLOCK);
  for (let i = 0; i < BLOCK; i++) pad[i] = k[i] ^ 0x36;
  const inner = new Sha256().update(pad);
  for (const part of parts) inner.update(part);
  const ih = inner.digest();
  for (let i = 0; i < BLOCK; i++) pad[i] = k[i] ^ 0x5c;
  const mac = new Sha256().update(pad).update(ih).digest();
  k.fill(0);
  pad.fill(0);
  ih.fill(0);
  return mac;
}

/** HKDF-Extract(salt, IKM) = HMAC-SHA-256(salt, IKM), the 32-byte PRK (RFC 5869 §2.2). */
export function hkdfExtract(ikm: Uint8Array, salt: Uint8Array): Uint8Array<ArrayBuffer> {
  checkBytes(ikm, "HKDF input keying material");
  return hmacSha256(salt, ikm);
}

/**
 * HKDF-Expand(PRK, info, L): L ≤ 255·32 bytes of output keying material (RFC 5869 §2.3),
 * T(i) = HMAC(PRK, T(i − 1) ‖ info ‖ i). INVALID_LENGTH for L outside [0, 8160].
 */
export function hkdfExpand(prk: Uint8Array, info: Uint8Array, length: number): Uint8Array<ArrayBuffer> {
  checkBytes(prk, "HKDF PRK");
  checkBytes(info, "HKDF info");
  if (!Number.isSafeInteger(length) || length < 0 || length > 255 * OUT) {
    throw new IsochronError("INVALID_LENGTH", `HKDF: output length ${length} outside [0, ${255 * OUT}]`);
  }
  const okm = new Uint8Array(length);
  let t: Uint8Array = new Uint8Array(0);
  for (let i = 1, at = 0; at < length; i++, at += OUT) {
    const next = hmacSha256(prk, t, info, Uint8Array.of(i));
    t.fill(0);
    t = next;
    okm.set(t.subarray(0, Math.min(OUT, length - at)), at);
  }
  t.fill(0);
  return okm;
}
