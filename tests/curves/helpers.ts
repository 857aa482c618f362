/** Shared setup of the group tests: both backends, hex helpers, vector files. */
import { type Backend, IsochronError, type IsochronErrorCode } from "../internal.ts";
import { bls12_381Groups } from "../internal.ts";
import { bn254Groups } from "../internal.ts";

export const BACKENDS: readonly Backend[] = ["wasm", "ts"];

export { bls12_381Groups, bn254Groups };

export function hex(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}
export function unhex(s: string): Uint8Array {
  const h = s.startsWith("0x") ? s.slice(2) : s;
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const VECTORS = new URL("../vectors/", import.meta.url);
export function readVector(path: string): Uint8Array {
  return Deno.readFileSync(new URL(path, VECTORS));
}
export function readJson<T>(path: string): T {
  return JSON.parse(new TextDecoder().decode(readVector(path))) as T;
}

/** Asserts that `f` throws an IsochronError with `code`. */
export function throwsCode(f: () => unknown, code: IsochronErrorCode, what = ""): void {
  try {
    f();
  } catch (e) {
    if (e instanceof IsochronError && e.code === code) return;
    throw new Error(`${what}: expected ${code}, got ${e instanceof Error ? e.message : e}`);
  }
  throw new Error(`${what}: expected ${code}, nothing thrown`);
}

/** Seeded xorshift for reproducible random scalars (tests only). */
export function rng(seed: number): (bits?: number) => bigint {
  let s = BigInt(seed) | 1n;
  const M = (1n << 64n) - 1n;
  const next64 = () => {
    s ^= (s << 13n) & M;
    s ^= s >> 7n;
    s ^= (s << 17n) & M;
    return s;
  };
  return (bits = 256) => {
    let x = 0n;
    for (let i = 0; i < bits; i += 64) x = (x << 64n) | next64();
    return x & ((1n << BigInt(bits)) - 1n);
  };
}

/** Big-endian 32-byte encoding. */
export function be32(x: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}
