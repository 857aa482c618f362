/**
 * Shared inputs of the kernel tests: the backends under test, a seeded generator of field elements,
 * the edge values of a modulus and BigInt reference helpers. Test code: BigInt everywhere.
 */

import { type Backend, type FieldKernel, type FieldName, FIELDS } from "../internal.ts";
import { fieldKernel } from "../../field/mod.ts";

/** The four fields. */
export const FIELD_NAMES = Object.keys(FIELDS) as FieldName[];

/** The backends every kernel test runs on (add one here and all tests cover it). */
export const BACKENDS: readonly Backend[] = ["wasm", "ts"];

/** The kernel of `name` on `backend` (the shared, cached one). */
export const kernelOf = (name: FieldName, backend: Backend): FieldKernel =>
  fieldKernel(FIELDS[name], backend);

/** splitmix64 (Steele–Lea–Flood 2014) over BigInt: reproducible test inputs from a seed. */
export class Rng {
  private s: bigint;
  constructor(seed: number) {
    this.s = BigInt(seed) & 0xffffffffffffffffn;
  }
  next64(): bigint {
    this.s = (this.s + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = this.s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return z ^ (z >> 31n);
  }
  /** Uniform-ish in [0, m): 128 bits more than m, reduced. */
  below(m: bigint): bigint {
    let x = 0n;
    for (let bits = 0; bits < m.toString(2).length + 128; bits += 64) x = (x << 64n) | this.next64();
    return x % m;
  }
  /** An integer in [0, n) (n small). */
  int(n: number): number {
    return Number(this.next64() % BigInt(n));
  }
}

/**
 * Edge values below p: 0, 1, 2, p−1, p−2, (p−1)/2, (p+1)/2, values around every 2^(32j) (limb
 * boundaries) and 2^(bits−1), limbs of all ones, and R mod p, R² mod p for R = 2^256 and 2^384.
 */
export function edgeValues(p: bigint): bigint[] {
  const bits = p.toString(2).length;
  const out = new Set<bigint>([0n, 1n, 2n, 3n, p - 1n, p - 2n, p - 3n, (p - 1n) / 2n, (p + 1n) / 2n]);
  for (let k = 32; k < bits; k += 32) {
    for (const d of [-1n, 0n, 1n]) out.add((1n << BigInt(k)) + d);
    out.add(((1n << BigInt(k)) - 1n) << 32n); // a run of all-ones limbs
  }
  for (const d of [-1n, 0n, 1n]) out.add((1n << BigInt(bits - 1)) + d);
  for (const r of [1n << 256n, 1n << 384n]) {
    out.add(r % p);
    out.add((r * r) % p);
  }
  return [...out].map((x) => ((x % p) + p) % p);
}

/** x mod p in [0, p). */
export const mod = (x: bigint, p: bigint): bigint => ((x % p) + p) % p;

/** x^e mod p (square and multiply: test reference only). */
export function modPow(x: bigint, e: bigint, p: bigint): bigint {
  let r = 1n;
  let b = mod(x, p);
  for (; e > 0n; e >>= 1n, b = (b * b) % p) if (e & 1n) r = (r * b) % p;
  return r;
}

/** x as big-endian bytes of length `len`. */
export function toBytesBE(x: bigint, len: number): Uint8Array {
  const out = new Uint8Array(len);
  for (let i = len - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}

/** Big-endian bytes as a bigint. */
export function fromBytesBE(b: Uint8Array): bigint {
  let x = 0n;
  for (const v of b) x = (x << 8n) | BigInt(v);
  return x;
}
