/**
 * BN254 encodings. Default, EIP-196/197: x ‖ y big-endian (G1 64 bytes; G2 128 bytes with Fp2 written
 * c1‖c0, i.e. x_im‖x_re‖y_im‖y_re), all zeros = infinity ((0, 0) is not on the curve). Compressed:
 * gnark-crypto's format, x alone with the two top bits of the first byte (free, since p < 2^254):
 *
 * ```
 * top bits   meaning
 * 0b00       uncompressed (EIP-196/197 length)
 * 0b10       compressed, y is the smaller root (y ≤ −y; for Fp2 c1 decides, c0 when c1 = 0)
 * 0b11       compressed, y is the larger root
 * 0b01       compressed infinity: every other bit 0
 * ```
 * Decoding is variable-time (public input).
 * @module
 */
import { IsochronError } from "../../errors.ts";
import type { CodecSpec } from "../group/codec.ts";
import type { GroupImpl } from "../group/group.ts";
import { allZero, type ElemIO } from "./elem_io.ts";
import { decodeCompressed, decodeUncompressed, encodeAffine } from "./points.ts";

/** The top bits of a compressed point whose y has sign s: 0b1s. */
const signFlags = (s: number): number => 0x80 | (s << 6);

/** The EIP-196/197 codec (with gnark-crypto compression) for coordinates read and written by `io`. */
export function ethCodec<V>(io: ElemIO): CodecSpec<V> {
  const n = io.bytes;
  return {
    name: "EIP-196/197",
    lengths: [n, 2 * n],
    compression: "optional",
    decode(g: GroupImpl<V>, out: number, bytes: Uint8Array): void {
      if (bytes.length === 2 * n) {
        if (allZero(bytes)) return g.law.setZero(out);
        return decodeUncompressed(g, io, out, bytes);
      }
      const flags = bytes[0] >> 6;
      const body = bytes.slice();
      body[0] &= 0x3f;
      if (flags === 1) {
        if (!allZero(body)) throw new IsochronError("INVALID_FLAGS", "infinity with non-zero bits");
        return g.law.setZero(out);
      }
      if (flags === 0) {
        throw new IsochronError("INVALID_FLAGS", "compressed point without the compression flag");
      }
      decodeCompressed(g, io, out, body, flags & 1);
    },
    encode: (g: GroupImpl<V>, p: number, compressed: boolean): Uint8Array =>
      encodeAffine(g, io, p, compressed, compressed ? 0x40 : 0, signFlags),
  };
}
