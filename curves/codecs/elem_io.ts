/**
 * Big-endian reading and writing of coordinate-field elements inside point encodings: Fp as one
 * canonical integer, Fp2 as c1‖c0 (ZCash and EIP-197 order).
 * @module
 */
import { decodeFieldElement } from "../../field/mod.ts";
import type { FieldKernel } from "../../field/kernel.ts";
import type { Fp2 } from "../../field/tower/fp2.ts";

/** Reads/writes one element of the coordinate field. */
export interface ElemIO {
  /** Encoded length. */
  readonly bytes: number;
  /** out ← the element; throws NON_CANONICAL (a coefficient ≥ p), out unchanged then. */
  read(out: number, src: Uint8Array): void;
  /** Writes a into dst at offset. */
  write(a: number, dst: Uint8Array, offset: number): void;
}

/** Fp elements. */
export function fpIO(k: FieldKernel): ElemIO {
  return {
    bytes: k.byteLength,
    read: (out, src) => decodeFieldElement(k, out, src),
    write: (a, dst, offset) => k.toBytes(a, dst, offset),
  };
}

/** Fp2 elements, c1‖c0. */
export function fp2IO(f: Fp2): ElemIO {
  return {
    bytes: 2 * f.fpBytes,
    read: (out, src) => f.fromBytes(out, src),
    write: (a, dst, offset) => void f.toBytes(a, dst, offset),
  };
}

/** 1 if every byte of b is 0. */
export function allZero(b: Uint8Array): boolean {
  let acc = 0;
  for (let i = 0; i < b.length; i++) acc |= b[i];
  return acc === 0;
}
