/**
 * Sets of very different secrets for the constant-time proofs: extreme values (zero, one, all ones,
 * the modulus minus one), alternating bit patterns, single high bits, and a few pseudo-random values.
 *
 * The pseudo-random values come from a seeded generator (mulberry32), so a failing proof names the
 * same secrets on every run. Test code only: BigInt is fine here.
 * @module
 */

/** mulberry32: a small seeded 32-bit generator (public-domain, Tommy Ettinger). Not cryptographic. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** `length` pseudo-random bytes from `next`. */
export function seededBytes(next: () => number, length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = next() & 0xff;
  return out;
}

/** Options of the secret generators. */
export interface SecretOptions {
  /** How many pseudo-random secrets to add (default 4). */
  random?: number;
  /** Seed of the pseudo-random secrets (default 1). */
  seed?: number;
}

/**
 * Thirteen very different 32-byte secrets: all zeros, one (big- and little-endian), all 0xff,
 * 0x55…, 0xaa…, only the top bit, 2^255−1, half zeros / half 0xff, and `random` (4) seeded values.
 * Use {@linkcode secretsForModulus} when the secret must be a canonical value below a modulus.
 */
export function standardSecrets32(opts: SecretOptions = {}): Uint8Array[] {
  const fill = (f: (i: number) => number) => Uint8Array.from({ length: 32 }, (_, i) => f(i));
  const out = [
    fill(() => 0),
    fill((i) => (i === 31 ? 1 : 0)),
    fill((i) => (i === 0 ? 1 : 0)),
    fill(() => 0xff),
    fill(() => 0x55),
    fill(() => 0xaa),
    fill((i) => (i === 0 ? 0x80 : 0)),
    fill((i) => (i === 0 ? 0x7f : 0xff)),
    fill((i) => (i < 16 ? 0 : 0xff)),
  ];
  const next = seededRandom(opts.seed ?? 1);
  for (let k = 0; k < (opts.random ?? 4); k++) out.push(seededBytes(next, 32));
  return out;
}

/** Big-endian (default) or little-endian encoding of `x` in exactly `bytes` bytes. */
export function encodeInteger(x: bigint, bytes: number, littleEndian = false): Uint8Array {
  if (x < 0n || x >> BigInt(8 * bytes) !== 0n) throw new RangeError(`${x} does not fit in ${bytes} bytes`);
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) {
    out[littleEndian ? i : bytes - 1 - i] = Number((x >> BigInt(8 * i)) & 0xffn);
  }
  return out;
}

/**
 * Canonical secrets below a modulus `n`, encoded in `bytes` bytes: 0, 1, 2, n−1, n−2, ⌊n/2⌋,
 * ⌈n/2⌉, the top bit of n alone, that bit minus one, 0x55…/0xaa… patterns reduced mod n, a value
 * of one bit per limb-sized stride, and `random` (4) seeded values mod n. Duplicates are removed.
 *
 * @example
 * ```ts
 * import { secretsForModulus } from "./secrets.ts";
 * const r = (1n << 252n) + 27742317777372353535851937790883648493n; // ed25519 group order
 * const secrets = secretsForModulus(r, 32, { littleEndian: true });
 * if (secrets.length < 10 || secrets.some((s) => s.length !== 32)) throw new Error("unexpected");
 * ```
 */
export function secretsForModulus(
  n: bigint,
  bytes: number,
  opts: SecretOptions & { littleEndian?: boolean } = {},
): Uint8Array[] {
  if (n < 3n) throw new RangeError("modulus must be at least 3");
  const bits = n.toString(2).length;
  const pattern = (byte: bigint) => {
    let x = 0n;
    for (let i = 0; i < bytes; i++) x = (x << 8n) | byte;
    return x % n;
  };
  let sparse = 0n;
  for (let i = 0; i < bits; i += 29) sparse |= 1n << BigInt(i);
  const values = [
    0n,
    1n,
    2n,
    n - 1n,
    n - 2n,
    n >> 1n,
    (n + 1n) >> 1n,
    1n << BigInt(bits - 1),
    (1n << BigInt(bits - 1)) - 1n,
    pattern(0x55n),
    pattern(0xaan),
    sparse % n,
  ];
  const next = seededRandom(opts.seed ?? 1);
  for (let k = 0; k < (opts.random ?? 4); k++) {
    const r = seededBytes(next, bytes + 8);
    values.push(r.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n) % n);
  }
  const unique = [...new Set(values)];
  return unique.map((x) => encodeInteger(x, bytes, opts.littleEndian));
}

/** Every index of a table of `count` entries: the secrets of a table-lookup proof. */
export function secretIndices(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}

/** A short printable form of a secret for failure reports (hex for bytes). */
export function describeSecret(secret: unknown): string {
  if (secret instanceof Uint8Array) {
    return "0x" + Array.from(secret, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  if (typeof secret === "bigint") return `${secret}n`;
  if (typeof secret === "number" || typeof secret === "string" || typeof secret === "boolean") {
    return String(secret);
  }
  try {
    return JSON.stringify(secret, (_k, v) => (typeof v === "bigint" ? `${v}n` : v)) ?? String(secret);
  } catch {
    return String(secret);
  }
}
