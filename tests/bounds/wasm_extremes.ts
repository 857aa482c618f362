/**
 * The argument behind the intended wraps of the 32-bit kernels, checked by running them: the real
 * compiled kernel functions (the same bytes the interval analysis reads) on operands at their
 * bounds, against BigInt. A carry-save column wraps most on the largest limbs, so the inputs are the
 * extremes of each operand bound B: B − 1, B − 2, the largest value below B whose lower limbs are all
 * ones, 0, 1, R mod p, and seeded random values below B.
 * @module
 */

/** An instantiated module's memory and functions (byte-address arguments). */
export interface Instance {
  readonly memory: WebAssembly.Memory;
  readonly fn: (name: string) => (...args: number[]) => unknown;
}

/** Instantiates module bytes (no imports). */
export function instantiate(bytes: Uint8Array): Instance {
  const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes as Uint8Array<ArrayBuffer>));
  const exports = inst.exports as Record<string, unknown>;
  return {
    memory: exports.memory as WebAssembly.Memory,
    fn: (name) => {
      const f = exports[name];
      if (typeof f !== "function") throw new Error(`no export ${name}`);
      return f as (...args: number[]) => unknown;
    },
  };
}

/** Writes x as n little-endian limbs of `bits` bits (default: u32 words), one per u32, at byte address addr. */
export function writeLimbs(inst: Instance, addr: number, x: bigint, n: number, bits = 32): void {
  const view = new DataView(inst.memory.buffer), w = BigInt(bits), mask = (1n << w) - 1n;
  for (let j = 0; j < n; j++) view.setUint32(addr + 4 * j, Number((x >> (w * BigInt(j))) & mask), true);
}

/** Reads n little-endian limbs of `bits` bits, one per u32, at byte address addr (each must fit). */
export function readLimbs(inst: Instance, addr: number, n: number, bits = 32): bigint {
  const view = new DataView(inst.memory.buffer), w = BigInt(bits);
  let x = 0n;
  for (let j = n - 1; j >= 0; j--) {
    const limb = BigInt(view.getUint32(addr + 4 * j, true));
    if (limb >> w !== 0n) throw new Error(`limb ${j} at ${addr} exceeds ${bits} bits`);
    x = (x << w) | limb;
  }
  return x;
}

/** Operands at the edges of "value < bound" for n limbs of `bits` bits (plus a few seeded random ones). */
export function extremes(bound: bigint, n: number, p: bigint, R: bigint, random = 4, bits = 32): bigint[] {
  const low = 1n << BigInt(bits * (n - 1));
  const topLimb = (bound - 1n) / low;
  const ones = topLimb > 0n ? (topLimb - 1n) * low + (low - 1n) : bound - 1n; // lower limbs all ones
  let s = 0x9e3779b97f4a7c15n;
  const next = () => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    return s;
  };
  const rand = Array.from({ length: random }, () => {
    let x = 0n;
    for (let i = 0; i < n; i++) x = (x << 64n) | next(); // ≥ bits·n bits, reduced below
    return x % bound;
  });
  return [...new Set([bound - 1n, bound - 2n, ones, 0n, 1n, R % p, ...rand])].filter((x) =>
    x >= 0n && x < bound
  );
}

/** x·y·R⁻¹ mod p. */
export function montMul(x: bigint, y: bigint, p: bigint, R: bigint): bigint {
  return (x * y % p) * modInverse(R % p, p) % p;
}

/** a⁻¹ mod p (extended Euclid on public values). */
export function modInverse(a: bigint, p: bigint): bigint {
  let [r0, r1, s0, s1] = [a % p, p, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1, s0, s1] = [r1, r0 - q * r1, s1, s0 - q * s1];
  }
  return ((s0 % p) + p) % p;
}
