/**
 * hash_to_field (RFC 9380 §5.2) for the BLS12-381 base field with expand_message_xmd, L = 64, and the
 * {@linkcode H2cField} adapters of Fp and Fp2 (sgn0 of §4.1).
 *
 * Reduction without BigInt: a 64-byte big-endian string e = hi·2^256 + lo with hi, lo < 2^256 < p, so
 * e mod p = hi·(2^256 mod p) + lo in the field kernel (2 canonical decodings of zero-padded halves,
 * 1M, 1A): constant-time in the bytes.
 * @module
 */
import type { FieldKernel } from "../../field/kernel.ts";
import type { Fp2 } from "../../field/tower/fp2.ts";
import type { CoordField, Fp2Value } from "../group/coord_field.ts";
import { expandMessageXmd } from "./expand.ts";
import type { H2cField } from "./sswu.ts";

/** L = ⌈(⌈log₂ p⌉ + k)/8⌉ = ⌈(381 + 128)/8⌉ = 64 bytes per base-field element (§5, §8.8). */
export const L = 64;

/** hash_to_field into slots of a base-field kernel. */
export class HashToField {
  private readonly k: FieldKernel;
  /** Slots: 2^256 mod p, and a scratch element. */
  private readonly s: number;
  private readonly buf: Uint8Array;

  /** For the kernel `k` (its p must be BLS12-381's, or any p > 2^256 with ⌈log₂ p⌉ + 128 ≤ 512). */
  constructor(k: FieldKernel) {
    this.k = k;
    this.s = k.alloc(2);
    k.setBigintVartime(this.s, 1n << 256n);
    this.buf = new Uint8Array(k.byteLength);
  }

  /**
   * hash_to_field(msg, count) with extension degree m (1: Fp, 2: Fp2): writes count·m base elements
   * from slot `out` on (u_i's coefficient j at out + i·m + j, i.e. consecutive Fp or Fp2 elements).
   */
  hash(out: number, msg: Uint8Array, dst: Uint8Array | string, count: number, m: number): void {
    const bytes = expandMessageXmd(msg, dst, count * m * L);
    for (let e = 0; e < count * m; e++) this.reduce(out + e, bytes, e * L);
    bytes.fill(0);
  }

  /** out ← OS2IP(bytes[at, at + 64)) mod p. */
  private reduce(out: number, bytes: Uint8Array, at: number): void {
    const k = this.k, b = this.buf, t = this.s + 1, off = b.length - 32;
    b.set(bytes.subarray(at, at + 32), off); // hi (b's leading bytes stay zero)
    k.fromBytes(t, b);
    k.mul(t, t, this.s);
    b.set(bytes.subarray(at + 32, at + 64), off); // lo
    k.fromBytes(out, b);
    k.add(out, out, t);
    b.fill(0);
    k.wipe(t, 1);
  }
}

/** Fp as an {@linkcode H2cField}: sgn0(a) = a mod 2. */
export function fpH2c(F: CoordField<bigint>): H2cField<bigint> {
  const k = F.kernel, buf = new Uint8Array(k.byteLength), last = buf.length - 1;
  return {
    F,
    q: k.p,
    pow: (out, a, e) => k.pow(out, a, e),
    sgn0: (a) => {
      k.toBytes(a, buf);
      const s = buf[last] & 1;
      buf.fill(0);
      return s;
    },
  };
}

/** Fp2 as an {@linkcode H2cField}: sgn0(c0 + c1·u) = sgn0(c0) OR (c0 == 0 AND sgn0(c1)) (§4.1). */
export function fp2H2c(F: CoordField<Fp2Value>, fp2: Fp2): H2cField<Fp2Value> {
  const k = F.kernel, buf = new Uint8Array(k.byteLength), last = buf.length - 1;
  return {
    F,
    q: k.p * k.p,
    pow: (out, a, e) => fp2.pow(out, a, e),
    sqrtRatioFor: (z) => fp2.sqrtRatioFor(z),
    sgn0: (a) => {
      k.toBytes(a, buf);
      const s0 = buf[last] & 1, z0 = k.isZero(a);
      k.toBytes(a + 1, buf);
      const s1 = buf[last] & 1;
      buf.fill(0);
      return s0 | (z0 & s1);
    },
  };
}
