/**
 * A secret scalar from a seed, @noble/curves 2.4's `randomSecretKey(seed)` (its `mapHashToField`, the
 * FIPS 186-5 §A.2.1-style reduction): (OS2IP(seed) mod (r − 1)) + 1, big-endian in r's byte length, a
 * value in [1, r). The seed is L = ⌈(⌈log₂ r⌉ + 128)/8⌉ bytes (RFC 9380 §5's L with k = 128), random
 * when omitted. Constant-time in the seed: the reduction runs on limbs (reduce_wide.ts) and the + 1 is
 * a carry chain.
 * @module
 */
import { copyBytes, IsochronError } from "../errors.ts";
import { WideScalarReducer } from "./reduce_wide.ts";

/** `randomSecretKey` for the scalar field of order r (r > 2, public). */
export function seedSecretKey(r: bigint): { readonly seedBytes: number; (seed?: Uint8Array): Uint8Array } {
  const seedBytes = Math.ceil((r.toString(2).length + 128) / 8);
  const reducer = new WideScalarReducer(r - 1n, seedBytes + (seedBytes % 2)); // even input length
  const fromSeed = (seed?: Uint8Array): Uint8Array => {
    const s = seed === undefined
      ? crypto.getRandomValues(new Uint8Array(seedBytes))
      : copyBytes(seed, "seed");
    if (s.length !== seedBytes) {
      throw new IsochronError("INVALID_LENGTH", `seed must be ${seedBytes} bytes, got ${s.length}`);
    }
    const wide = new Uint8Array(reducer.inputBytes);
    wide.set(s, wide.length - s.length);
    const out = reducer.reduce(wide);
    let carry = 1;
    for (let i = out.length - 1; i >= 0; i--) {
      const v = out[i] + carry;
      out[i] = v & 0xff;
      carry = v >>> 8;
    }
    s.fill(0);
    wide.fill(0);
    return out;
  };
  return Object.assign(fromSeed, { seedBytes });
}
