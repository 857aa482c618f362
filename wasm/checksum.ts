/**
 * The checksum by which the npm package's runtime build recognises its own prebuilt `.wasm` files
 * (package_files.ts; the build embeds it, scripts/bundle_package.mjs): the byte length and two
 * MurmurHash3 x86_32 hashes (Austin Appleby's public-domain MurmurHash3, `MurmurHash3_x86_32`) of the
 * bytes with two seeds, 64 bits in all.
 *
 * What it guards against is an accident: a file of another version of the package, or one copied
 * beside a user's bundle. It is not a defence against an attacker, who could change the JavaScript
 * that reads the file just as well as the file; so a fast non-cryptographic hash is enough, and it
 * spares a cold start the load of `node:crypto` and a SHA-256 (8–20 ms on Bun and Node 20 here).
 * @module
 */

const C1 = 0xcc9e2d51, C2 = 0x1b873593;

/** MurmurHash3_x86_32 of `bytes` (little-endian 32-bit blocks) with `seed`, as an unsigned 32-bit number. */
export function murmur3(bytes: Uint8Array, seed: number): number {
  const n = bytes.length, blocks = n >>> 2;
  let h = seed >>> 0;
  for (let i = 0; i < blocks; i++) {
    const j = 4 * i;
    let k = bytes[j] | (bytes[j + 1] << 8) | (bytes[j + 2] << 16) | (bytes[j + 3] << 24);
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = 4 * blocks;
  let k = 0;
  switch (n & 3) {
    case 3:
      k ^= bytes[tail + 2] << 16;
    // falls through
    case 2:
      k ^= bytes[tail + 1] << 8;
    // falls through
    case 1:
      k ^= bytes[tail];
      k = Math.imul(k, C1);
      k = (k << 15) | (k >>> 17);
      k = Math.imul(k, C2);
      h ^= k;
  }
  h ^= n;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The two seeds of {@linkcode moduleChecksum}. */
const SEEDS = [0x00000000, 0x9747b28c] as const;

/** "<byte length>-<hash 1><hash 2>" (hex), e.g. "3-…": equal for equal bytes, different otherwise but for a 2^-64 chance. */
export function moduleChecksum(bytes: Uint8Array): string {
  const hex = (h: number) => h.toString(16).padStart(8, "0");
  return `${bytes.length}-${SEEDS.map((s) => hex(murmur3(bytes, s))).join("")}`;
}
