/**
 * The steps every point codec shares (ZCash, EIP-196/197 with gnark-crypto compression, EIP-2537):
 * reading affine coordinates, decompressing (y from x by the square root of x³ + b, the root picked by
 * its sign), the on-curve check, and the affine encoding. A codec keeps only its own flag rules.
 *
 * Decoding stages the affine point in the group's scratch: x at `g.tmp`, y at `g.tmp + F.size` (and
 * x³ + b at `g.tmp + 2·F.size`). Decoding is variable-time (public input); encoding runs the same steps
 * for every point but the identity.
 * @module
 */
import { IsochronError } from "../../errors.ts";
import type { GroupImpl } from "../group/group.ts";
import type { ElemIO } from "./elem_io.ts";

/** out ← (x, y), `body` holding x ‖ y; throws NON_CANONICAL or NOT_ON_CURVE. */
export function decodeUncompressed<V>(g: GroupImpl<V>, io: ElemIO, out: number, body: Uint8Array): void {
  const n = io.bytes, t = g.tmp;
  io.read(t, body.subarray(0, n));
  io.read(t + g.F.size, body.subarray(n, 2 * n));
  finishDecode(g, out);
}

/**
 * out ← (x, y), `body` holding x alone and y the root of x³ + b whose `largest` is `sign` (0 or
 * 1); throws NON_CANONICAL, or NOT_ON_CURVE when x³ + b is no square.
 */
export function decodeCompressed<V>(
  g: GroupImpl<V>,
  io: ElemIO,
  out: number,
  body: Uint8Array,
  sign: number,
): void {
  const F = g.F, t = g.tmp, e = F.size;
  io.read(t, body.subarray(0, io.bytes));
  const y = t + e, y2 = t + 2 * e;
  F.sqr(y2, t);
  F.mul(y2, y2, t);
  F.add(y2, y2, g.law.b);
  if (F.sqrt(y, y2) !== 1) throw new IsochronError("NOT_ON_CURVE", "x³ + b has no square root");
  if (F.largest(y) !== sign) F.neg(y, y);
  finishDecode(g, out);
}

/** out ← the staged (x, y); if it is not on the curve, out ← O and NOT_ON_CURVE is thrown. */
function finishDecode<V>(g: GroupImpl<V>, out: number): void {
  const law = g.law, t = g.tmp;
  law.fromAffine(out, t, t + g.F.size);
  if (law.isOnCurve(out) !== 1) {
    law.setZero(out);
    throw new IsochronError("NOT_ON_CURVE", "point is not on the curve");
  }
}

/**
 * The affine encoding of point slot p: x ‖ y, or x alone when `compressed`, its first byte or-ed with
 * `signFlags(largest(y))`; the identity is all zeros but a first byte `infinity`.
 */
export function encodeAffine<V>(
  g: GroupImpl<V>,
  io: ElemIO,
  p: number,
  compressed: boolean,
  infinity: number,
  signFlags: (sign: number) => number,
): Uint8Array {
  const F = g.F, law = g.law, t = g.tmp, e = F.size, n = io.bytes;
  const out = new Uint8Array(compressed ? n : 2 * n);
  if (law.isZero(p) === 1) {
    out[0] = infinity;
    return out;
  }
  law.toAffine(t, t + e, p);
  io.write(t, out, 0);
  if (compressed) out[0] |= signFlags(F.largest(t + e));
  else io.write(t + e, out, n);
  F.wipe(t, 2);
  law.wipeScratch();
  return out;
}
