/**
 * The EIP-2537 (EVM BLS12-381 precompiles) point encoding: each Fp element as a 64-byte big-endian
 * integer (top 16 bytes zero), Fp2 as c0‖c1, a point as x‖y (G1 128 bytes, G2 256 bytes), all zeros
 * = infinity. Decoding is variable-time (public input).
 * @module
 */
import { checkBytes, IsochronError } from "../../errors.ts";
import { decodeFieldElement } from "../../field/mod.ts";
import type { FieldKernel } from "../../field/kernel.ts";
import type { Fp2 } from "../../field/tower/fp2.ts";
import type { CodecSpec } from "../group/codec.ts";
import type { GroupImpl } from "../group/group.ts";
import { allZero, type ElemIO } from "./elem_io.ts";
import { decodeUncompressed, encodeAffine } from "./points.ts";

/** The integer of a 64-byte padded Fp element `src` (`pad` leading bytes), or NON_CANONICAL. */
function unpad(src: Uint8Array, pad: number): Uint8Array {
  if (!allZero(src.subarray(0, pad))) {
    throw new IsochronError("NON_CANONICAL", "EIP-2537 field element padding is not zero");
  }
  return src.subarray(pad, 64);
}

/**
 * Fp elements as 64 zero-padded bytes. `read` throws INVALID_LENGTH unless 64 bytes, NON_CANONICAL for
 * non-zero padding or a value ≥ p (out unchanged then).
 */
export function fpIO64(k: FieldKernel): ElemIO {
  const pad = 64 - k.byteLength;
  return {
    bytes: 64,
    read(out, src) {
      checkBytes(src, "EIP-2537 Fp element", 64); // read only
      decodeFieldElement(k, out, unpad(src, pad));
    },
    write(a, dst, offset) {
      dst.fill(0, offset, offset + pad);
      k.toBytes(a, dst, offset + pad);
    },
  };
}

/**
 * Fp2 elements as c0‖c1, 64 zero-padded bytes each. `read` throws INVALID_LENGTH unless 128 bytes,
 * NON_CANONICAL for non-zero padding or a coefficient ≥ p (out unchanged then).
 */
export function fp2IO64(f: Fp2): ElemIO {
  const k = f.fp, pad = 64 - f.fpBytes;
  return {
    bytes: 128,
    read(out, src) {
      checkBytes(src, "EIP-2537 Fp2 element", 128); // read only
      f.fromCoefficientBytes(out, unpad(src.subarray(0, 64), pad), unpad(src.subarray(64, 128), pad));
    },
    write(a, dst, offset) {
      dst.fill(0, offset, offset + 128);
      k.toBytes(a, dst, offset + pad);
      k.toBytes(a + 1, dst, offset + 64 + pad);
    },
  };
}

/** The EIP-2537 codec (uncompressed only) for coordinates read and written by `io`. */
export function eip2537Codec<V>(io: ElemIO): CodecSpec<V> {
  return {
    name: "EIP-2537",
    lengths: [2 * io.bytes],
    compression: "none",
    decode(g: GroupImpl<V>, out: number, bytes: Uint8Array): void {
      if (allZero(bytes)) return g.law.setZero(out);
      decodeUncompressed(g, io, out, bytes);
    },
    encode: (g: GroupImpl<V>, p: number): Uint8Array => encodeAffine(g, io, p, false, 0, noFlags),
  };
}

/** No flags: EIP-2537 has no compressed form. */
const noFlags = (): number => 0;
