/**
 * The ZCash encoding of BLS12-381 points (zkcrypto/bls12_381 "Serialization"; IETF
 * draft-irtf-cfrg-pairing-friendly-curves-11 Appendix C): x (and y) big-endian, Fp2 as c1‖c0, and
 * three flag bits in the top of the first byte: 0x80 compressed, 0x40 infinity, 0x20 sign of y
 * (set when y is lexicographically largest, y > −y; for Fp2 c1 decides, c0 when c1 = 0).
 *
 * ```
 * flags (C I S)  length        meaning
 * 1 0 s          1 element     x, y = the root of x³ + b with sign s
 * 0 0 0          2 elements    x ‖ y
 * 1 1 0 / 0 1 0  either        infinity: every other bit must be 0
 * else                         INVALID_FLAGS
 * ```
 * Decoding is variable-time (public input).
 * @module
 */
import { IsochronError } from "../../errors.ts";
import type { CodecSpec } from "../group/codec.ts";
import type { GroupImpl } from "../group/group.ts";
import { allZero, type ElemIO } from "./elem_io.ts";
import { decodeCompressed, decodeUncompressed, encodeAffine } from "./points.ts";

/** The first-byte flags of a compressed point whose y has sign s: C = 1, S = s. */
const signFlags = (s: number): number => 0x80 | (s << 5);

/** The ZCash codec for a group whose coordinates are read and written by `io`. */
export function zcashCodec<V>(io: ElemIO): CodecSpec<V> {
  const n = io.bytes;
  return {
    name: "ZCash",
    lengths: [n, 2 * n],
    compression: "default",
    decode(g: GroupImpl<V>, out: number, bytes: Uint8Array): void {
      const compressed = bytes.length === n;
      const c = bytes[0] >> 7, inf = (bytes[0] >> 6) & 1, sign = (bytes[0] >> 5) & 1;
      if (c !== (compressed ? 1 : 0)) {
        throw new IsochronError("INVALID_FLAGS", "compression flag does not match length");
      }
      const body = bytes.slice();
      body[0] &= 0x1f;
      if (inf === 1) {
        if (sign !== 0 || !allZero(body)) {
          throw new IsochronError("INVALID_FLAGS", "infinity with non-zero bits");
        }
        return g.law.setZero(out);
      }
      if (compressed) return decodeCompressed(g, io, out, body, sign);
      if (sign !== 0) throw new IsochronError("INVALID_FLAGS", "sign flag on an uncompressed point");
      decodeUncompressed(g, io, out, body);
    },
    encode: (g: GroupImpl<V>, p: number, compressed: boolean): Uint8Array =>
      encodeAffine(g, io, p, compressed, compressed ? 0xc0 : 0x40, signFlags),
  };
}
