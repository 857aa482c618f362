/**
 * X25519 Diffie–Hellman (RFC 7748) on its own constant-time 2^255 − 19 arithmetic: a WebAssembly
 * kernel generated at first use (one call per scalar multiplication), or a generated TypeScript kernel
 * where WebAssembly cannot be compiled. Loads nothing of the BLS12-381 or BN254 code.
 *
 * Every function takes and returns 32-byte `Uint8Array`s (little-endian, as in the RFC), never modifies
 * its inputs, and throws {@linkcode IsochronError} (`INVALID_TYPE`, `INVALID_LENGTH`) on anything else.
 * Scalars are clamped and bit 255 of u is ignored, as RFC 7748 §5 specifies.
 *
 * @example
 * ```ts
 * import { x25519 } from "@isochron/curves/x25519";
 * const alice = x25519.randomSecretKey();
 * const bob = x25519.randomSecretKey();
 * const s1 = x25519.getSharedSecret(alice, x25519.getPublicKey(bob));
 * const s2 = x25519.getSharedSecret(bob, x25519.getPublicKey(alice));
 * if (s1.length !== 32 || s1.some((b, i) => b !== s2[i])) throw new Error("shared secrets differ");
 * ```
 * @module
 */

import { checkBytes, expectBytes, IsochronError } from "../errors.ts";
import { getX25519Backend, initX25519Wasm, kernel, setX25519Backend } from "./backend.ts";
import { x25519WasmBytes } from "./wasm/backend.ts";

export { getX25519Backend, initX25519Wasm, setX25519Backend, x25519WasmBytes };
export type { X25519BackendChoice } from "./backend.ts";
export type { WasmModule } from "../wasm/types.ts";
export type { X25519Backend } from "./kernel.ts";

/**
 * X25519(k, u) of RFC 7748 §5: the u-coordinate of [clamp(k)]·P where P has u-coordinate `u` (bit 255
 * ignored; values ≥ p accepted and reduced). Constant-time in `k` and `u`. Returns all zeros for
 * points of small order: use {@linkcode getSharedSecret} for key agreement, which rejects that.
 * @param k the scalar, 32 bytes little-endian (clamped here).
 * @param u the u-coordinate, 32 bytes little-endian.
 * @returns fresh 32 bytes: the resulting u-coordinate.
 * @throws {IsochronError} INVALID_TYPE unless k and u are Uint8Arrays, INVALID_LENGTH unless each is
 * 32 bytes.
 *
 * @example
 * ```ts
 * import { scalarMult } from "@isochron/curves/x25519";
 * const hex = (s: string) => Uint8Array.from(s.match(/../g)!, (h) => parseInt(h, 16));
 * // RFC 7748 §5.2, first test vector.
 * const k = hex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
 * const u = hex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
 * const out = scalarMult(k, u);
 * if (out[0] !== 0xc3 || out[31] !== 0x52) throw new Error("wrong result");
 * ```
 */
export function scalarMult(k: Uint8Array, u: Uint8Array): Uint8Array {
  // Fresh copies: the kernel reads plain arrays, never the caller's (a Buffer, a view); the secret's
  // copy is wiped.
  const kc = expectBytes(k, 32, "scalar"), uc = expectBytes(u, 32, "u-coordinate");
  const out = new Uint8Array(32);
  kernel().scalarMult(out, kc, uc);
  kc.fill(0);
  return out;
}

/**
 * X25519(k, 9): the u-coordinate of [clamp(k)]·B for the base point u = 9, by a fixed-base table on the
 * equivalent Edwards curve (several times faster than {@linkcode scalarMult}). Constant-time in `k`.
 * On the wasm backend the first two calls run the ladder on u = 9 instead, and the third builds the
 * table (about 12 ms), so that a one-shot key pair does not wait for it.
 * @param k the scalar, 32 bytes little-endian (clamped here).
 * @returns fresh 32 bytes: the resulting u-coordinate.
 * @throws {IsochronError} INVALID_TYPE unless k is a Uint8Array, INVALID_LENGTH unless it is 32 bytes.
 *
 * @example
 * ```ts
 * import { scalarMult, scalarMultBase } from "@isochron/curves/x25519";
 * const k = crypto.getRandomValues(new Uint8Array(32));
 * const nine = new Uint8Array(32);
 * nine[0] = 9;
 * const a = scalarMultBase(k), b = scalarMult(k, nine);
 * if (a.some((x, i) => x !== b[i])) throw new Error("mismatch");
 * ```
 */
export function scalarMultBase(k: Uint8Array): Uint8Array {
  const kc = expectBytes(k, 32, "scalar");
  const out = new Uint8Array(32);
  kernel().scalarMultBase(out, kc);
  kc.fill(0);
  return out;
}

/**
 * The public key of a 32-byte secret key: X25519(secretKey, 9).
 * @param secretKey 32 bytes (clamped inside X25519).
 * @returns fresh 32 bytes: the public key.
 * @throws {IsochronError} INVALID_TYPE unless `secretKey` is a Uint8Array, INVALID_LENGTH unless it is
 * 32 bytes.
 *
 * @example
 * ```ts
 * import { getPublicKey } from "@isochron/curves/x25519";
 * const hex = (s: string) => Uint8Array.from(s.match(/../g)!, (h) => parseInt(h, 16));
 * // RFC 7748 §6.1: Alice's key pair.
 * const pub = getPublicKey(hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"));
 * if (pub[0] !== 0x85 || pub[31] !== 0x6a) throw new Error("wrong public key");
 * ```
 */
export function getPublicKey(secretKey: Uint8Array): Uint8Array {
  checkBytes(secretKey, "secret key", 32);
  return scalarMultBase(secretKey);
}

/**
 * The shared secret X25519(secretKey, publicKey). An all-zero result (a public key of small order,
 * RFC 7748 §6.1) is refused; the test is an OR of all bytes, so its time does not depend on the secret.
 * @param secretKey 32 bytes (clamped inside X25519).
 * @param publicKey the peer's public key, 32 bytes.
 * @returns fresh 32 bytes: the shared secret.
 * @throws {IsochronError} INVALID_TYPE unless both are Uint8Arrays, INVALID_LENGTH unless each is 32
 * bytes, ZERO_SHARED_SECRET when the result is all zeros.
 *
 * @example
 * ```ts
 * import { x25519 } from "@isochron/curves/x25519";
 * import { IsochronError } from "@isochron/curves";
 * const sk = x25519.randomSecretKey();
 * try {
 *   x25519.getSharedSecret(sk, new Uint8Array(32)); // u = 0 has small order
 *   throw new Error("accepted a small-order point");
 * } catch (e) {
 *   if (!(e instanceof IsochronError) || e.code !== "ZERO_SHARED_SECRET") throw e;
 * }
 * ```
 */
export function getSharedSecret(secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array {
  checkBytes(secretKey, "secret key", 32);
  checkBytes(publicKey, "public key", 32);
  const out = scalarMult(secretKey, publicKey);
  let acc = 0;
  for (let i = 0; i < 32; i++) acc |= out[i];
  if (acc === 0) {
    throw new IsochronError(
      "ZERO_SHARED_SECRET",
      "the shared secret is all zeros (public key of small order)",
    );
  }
  return out;
}

/**
 * A new secret key: 32 bytes from `crypto.getRandomValues` (clamping happens inside X25519).
 * @returns fresh 32 random bytes.
 *
 * @example
 * ```ts
 * import { randomSecretKey } from "@isochron/curves/x25519";
 * const sk = randomSecretKey();
 * if (sk.length !== 32) throw new Error("wrong length");
 * ```
 */
export function randomSecretKey(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(32));
}

/** The X25519 API as one object (the shape of `@noble/curves`' `x25519`). */
export interface X25519 {
  /**
   * X25519(k, u), RFC 7748 §5 (see {@linkcode scalarMult}).
   * @param k the scalar, 32 bytes little-endian (clamped here).
   * @param u the u-coordinate, 32 bytes little-endian.
   * @returns fresh 32 bytes: the resulting u-coordinate.
   * @throws {IsochronError} INVALID_TYPE unless k and u are Uint8Arrays, INVALID_LENGTH unless each is
   * 32 bytes.
   */
  scalarMult(k: Uint8Array, u: Uint8Array): Uint8Array;
  /**
   * X25519(k, 9) by the fixed-base table (see {@linkcode scalarMultBase}).
   * @param k the scalar, 32 bytes little-endian (clamped here).
   * @returns fresh 32 bytes: the resulting u-coordinate.
   * @throws {IsochronError} INVALID_TYPE unless k is a Uint8Array, INVALID_LENGTH unless it is 32 bytes.
   */
  scalarMultBase(k: Uint8Array): Uint8Array;
  /**
   * The public key X25519(secretKey, 9) (see {@linkcode getPublicKey}).
   * @param secretKey 32 bytes (clamped inside X25519).
   * @returns fresh 32 bytes: the public key.
   * @throws {IsochronError} INVALID_TYPE unless `secretKey` is a Uint8Array, INVALID_LENGTH unless it is
   * 32 bytes.
   */
  getPublicKey(secretKey: Uint8Array): Uint8Array;
  /**
   * X25519(secretKey, publicKey), rejecting an all-zero result (see {@linkcode getSharedSecret}).
   * @param secretKey 32 bytes (clamped inside X25519).
   * @param publicKey the peer's public key, 32 bytes.
   * @returns fresh 32 bytes: the shared secret.
   * @throws {IsochronError} INVALID_TYPE unless both are Uint8Arrays, INVALID_LENGTH unless each is 32
   * bytes, ZERO_SHARED_SECRET when the result is all zeros.
   */
  getSharedSecret(secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array;
  /**
   * 32 random bytes (see {@linkcode randomSecretKey}).
   * @returns fresh 32 random bytes.
   */
  randomSecretKey(): Uint8Array;
  /**
   * Noble's `keygen(seed?)`: the secret key (`seed`, 32 bytes, copied; random when omitted)
   * and its public key.
   * @param seed the secret key itself, 32 bytes (copied, not hashed); omitted: random.
   * @returns the secret key and its public key, 32 bytes each.
   * @throws {IsochronError} INVALID_TYPE unless `seed` is a Uint8Array, INVALID_LENGTH unless it is 32
   * bytes.
   */
  keygen(seed?: Uint8Array): { secretKey: Uint8Array; publicKey: Uint8Array };
  /** Noble's `utils`: `randomSecretKey(seed?)` (the seed, copied, or 32 random bytes). */
  readonly utils: { readonly randomSecretKey: (seed?: Uint8Array) => Uint8Array };
  /** Byte lengths, as @noble/curves: `{ secretKey: 32, publicKey: 32, seed: 32 }`. */
  readonly lengths: { readonly secretKey: 32; readonly publicKey: 32; readonly seed: 32 };
  /** The base point's u = 9, 32 bytes little-endian (@noble/curves' `GuBytes`; a fresh copy on each read). */
  readonly GuBytes: Uint8Array;
}

/** noble's `utils.randomSecretKey(seed?)`: the seed (copied) or 32 random bytes. */
function secretKeyOf(seed?: Uint8Array): Uint8Array {
  return seed === undefined ? randomSecretKey() : expectBytes(seed, 32, "seed");
}

/**
 * X25519 (RFC 7748): `scalarMult`, `scalarMultBase`, `getPublicKey`, `getSharedSecret`, `randomSecretKey`.
 *
 * @example
 * ```ts
 * import { x25519 } from "@isochron/curves/x25519";
 * const sk = x25519.randomSecretKey();
 * const pk = x25519.getPublicKey(sk);
 * if (pk.length !== 32) throw new Error("wrong length");
 * ```
 */
export const x25519: X25519 = Object.freeze({
  scalarMult,
  scalarMultBase,
  getPublicKey,
  getSharedSecret,
  randomSecretKey,
  keygen(seed?: Uint8Array) {
    const secretKey = secretKeyOf(seed);
    return { secretKey, publicKey: getPublicKey(secretKey) };
  },
  utils: Object.freeze({ randomSecretKey: secretKeyOf }),
  lengths: Object.freeze({ secretKey: 32 as const, publicKey: 32 as const, seed: 32 as const }),
  get GuBytes(): Uint8Array {
    const u = new Uint8Array(32);
    u[0] = 9;
    return u;
  },
});
