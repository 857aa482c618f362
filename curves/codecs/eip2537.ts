/**
 * The EIP-2537 (EVM BLS12-381 precompiles) point encoding: each Fp element as a 64-byte big-endian
 * integer (top 16 bytes zero), Fp2 as c0‖c1, a point as x‖y (G1 128 bytes, G2 256 bytes), all zeros
 * = infinity. Decoding is variable-time (public input).
 * @module
 */
import { IsochronError } from "../../errors.ts";
import { decodeFieldElement } from "../../field/mod.ts";
import type { FieldKernel } from "../../field/kernel.ts";
import type { Fp2 } from "../../field/tower/fp2.ts";
import type { Codec, Group } from "../group/group.ts";
import { allZero, type ElemIO } from "./elem_io.ts";
import { decodeUncompressed, encodeAffine } from "./points.ts";

/** Fp elements as 64 zero-padded bytes. */
export function fpIO64(k: FieldKernel): ElemIO {
  const pad = 64 - k.byteLength;
  return {
    bytes: 64,
    read(out, src) {
      if (!allZero(src.subarray(0, pad))) {
        throw new IsochronError("NON_CANONICAL", "EIP-2537 padding is not zero");
      }
      decodeFieldElement(k, out, src.subarray(pad, 64));
    },
    write: (a, dst, offset) => k.toBytes(a, dst, offset + pad),
  };
}

/** Fp2 elements as c0‖c1, 64 zero-padded bytes each. */
export function fp2IO64(f: Fp2): ElemIO {
  return {
    bytes: 128,
    read: (out, src) => f.fromBytesEip2537(out, src),
    write: (a, dst, offset) => void f.toBytesEip2537(a, dst, offset),
  };
}

/** The EIP-2537 codec (uncompressed only) for coordinates read and written by `io`. */
export function eip2537Codec<V>(io: ElemIO): Codec<V> {
  return {
    lengths: [2 * io.bytes],
    compressedByDefault: false,
    decode(g: Group<V>, out: number, bytes: Uint8Array): void {
      if (allZero(bytes)) return g.law.setZero(out);
      decodeUncompressed(g, io, out, bytes);
    },
    encode: (g: Group<V>, p: number): Uint8Array => encodeAffine(g, io, p, false, 0, noFlags),
  };
}

/** No flags: EIP-2537 has no compressed form. */
const noFlags = (): number => 0;
