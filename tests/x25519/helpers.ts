/**
 * Shared helpers of the X25519 tests: hex, BigInt references (test code: BigInt is fine here), the
 * RFC 7748 vectors, and the two backends.
 * @module
 */

import {
  X25519_P as P,
  type X25519Backend,
  type X25519Kernel,
  x25519KernelFor as kernelFor,
} from "../internal.ts";

export { P };

/** Both backends, wasm first. */
export const BACKENDS: readonly X25519Backend[] = ["wasm", "ts"];

/** The kernel of a backend (throws if wasm does not compile: it must, in these tests). */
export const kernelOf = (b: X25519Backend): X25519Kernel => kernelFor(b);

export const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
export const unhex = (s: string): Uint8Array => Uint8Array.from(s.match(/../g) ?? [], (h) => parseInt(h, 16));

/** Little-endian 32 bytes of x mod 2^256. */
export function le(x: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let v = BigInt.asUintN(256, x);
  for (let i = 0; i < 32; i++, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
}

/** The integer of little-endian bytes. */
export function fromLe(b: Uint8Array): bigint {
  let x = 0n;
  for (let i = b.length - 1; i >= 0; i--) x = (x << 8n) | BigInt(b[i]);
  return x;
}

/** RFC 7748 vectors (tests/vectors/x25519/rfc7748.json). */
export interface Rfc7748 {
  x25519: { name: string; scalar: string; u: string; output: string }[];
  x25519_iterated: { initial_k: string; initial_u: string; results: { iterations: number; k: string }[] };
  x25519_dh_section_6_1: {
    alice_private: string;
    alice_public: string;
    bob_private: string;
    bob_public: string;
    shared: string;
  };
}

export const VECTORS: Rfc7748 = JSON.parse(
  Deno.readTextFileSync(new URL("../vectors/x25519/rfc7748.json", import.meta.url)),
);

/** X25519(k, u) on a kernel, as a fresh array. */
export function kernelScalarMult(k: X25519Kernel, scalar: Uint8Array, u: Uint8Array): Uint8Array {
  const out = new Uint8Array(32);
  k.scalarMult(out, scalar, u);
  return out;
}

/** X25519(k, 9) on a kernel's fixed-base path. */
export function kernelBase(k: X25519Kernel, scalar: Uint8Array): Uint8Array {
  const out = new Uint8Array(32);
  k.scalarMultBase(out, scalar);
  return out;
}

/** Random 32 bytes. */
export const random32 = (): Uint8Array => crypto.getRandomValues(new Uint8Array(32));

/**
 * A random u-coordinate from several classes: uniform 32 bytes (bit 255 set half the time), a
 * non-canonical value p + 2 .. p + 18 (the only values in [p, 2^255) besides p and p + 1, which have
 * small order), that with bit 255 set too, or a canonical value with bit 255 clear.
 */
export function randomU(i: number): Uint8Array {
  const r = random32();
  switch (i % 4) {
    case 0:
      return r;
    case 1:
      return le(P + 2n + (fromLe(r) % 17n)); // non-canonical
    case 2: {
      const u = le(P + 2n + (fromLe(r) % 17n));
      u[31] |= 0x80;
      return u;
    }
    default:
      r[31] &= 0x7f;
      return r;
  }
}
