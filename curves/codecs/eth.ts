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
import type { Codec, Group } from "../group/group.ts";
import { allZero, type ElemIO } from "./elem_io.ts";

/** The EIP-196/197 codec (with gnark-crypto compression) for coordinates read and written by `io`. */
export function ethCodec<V>(io: ElemIO): Codec<V> {
  const n = io.bytes;
  return {
    lengths: [n, 2 * n],
    compressedByDefault: false,
    decode(g: Group<V>, out: number, bytes: Uint8Array): void {
      const F = g.F, law = g.law, t = g.tmp, e = F.size;
      const flags = bytes[0] >> 6;
      if (bytes.length === 2 * n) {
        if (allZero(bytes)) return law.setZero(out);
        io.read(t, bytes.subarray(0, n));
        io.read(t + e, bytes.subarray(n, 2 * n));
      } else {
        const body = bytes.slice();
        body[0] &= 0x3f;
        if (flags === 1) {
          if (!allZero(body)) throw new IsochronError("INVALID_FLAGS", "infinity with non-zero bits");
          return law.setZero(out);
        }
        if (flags === 0) {
          throw new IsochronError("INVALID_FLAGS", "compressed point without the compression flag");
        }
        io.read(t, body);
        const y = t + e, y2 = t + 2 * e;
        F.sqr(y2, t);
        F.mul(y2, y2, t);
        F.add(y2, y2, law.b);
        if (F.sqrt(y, y2) !== 1) throw new IsochronError("NOT_ON_CURVE", "x³ + b has no square root");
        if (F.largestVartime(y) !== (flags & 1)) F.neg(y, y);
      }
      law.fromAffine(out, t, t + e);
      if (law.isOnCurve(out) !== 1) {
        law.setZero(out);
        throw new IsochronError("NOT_ON_CURVE", "point is not on the curve");
      }
    },
    encode(g: Group<V>, p: number, compressed: boolean): Uint8Array {
      const F = g.F, law = g.law, t = g.tmp, e = F.size;
      const out = new Uint8Array(compressed ? n : 2 * n);
      if (law.isZero(p) === 1) {
        if (compressed) out[0] = 0x40;
        return out;
      }
      law.toAffine(t, t + e, p);
      io.write(t, out, 0);
      if (compressed) out[0] |= 0x80 | (F.largestVartime(t + e) << 6);
      else io.write(t + e, out, n);
      F.wipe(t, 2);
      law.wipeScratch();
      return out;
    },
  };
}
