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
 *
 * The hashes' loop runs in WebAssembly where the runtime compiles it ({@linkcode murmurBodyWasm}: a
 * module of one small function): in a cold process the JavaScript loop over the 190–230 kB BLS12-381
 * module took 2–4 ms on Bun and 3.5–9 ms on Node 20, as much as compiling the module itself; elsewhere
 * the same loop in JavaScript. Both give the same hashes (tests/wasm/checksum.test.ts).
 * @module
 */
import { compileWasm, wasmCompilesFromBytes } from "./compile.ts";

/** MurmurHash3_x86_32's block multipliers c1, c2 (Appleby). */
export const C1 = 0xcc9e2d51, C2 = 0x1b873593;
/** MurmurHash3_x86_32's addend of the state update: h ← 5·rotl(h, 13) + STEP. */
export const STEP = 0xe6546b64;

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * The little-endian 32-bit blocks of `bytes` (the tail of n mod 4 bytes left out): a view where the
 * platform is little-endian and the bytes are 4-aligned, else a copy assembled byte by byte. One load
 * per block instead of four: in a cold JavaScriptCore (Bun) the checksum of a 187 kB module took
 * 2.5–3 ms with byte loads.
 */
function blocksOf(bytes: Uint8Array): Uint32Array {
  const blocks = bytes.length >>> 2;
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0) {
    return new Uint32Array(bytes.buffer, bytes.byteOffset, blocks);
  }
  const out = new Uint32Array(blocks);
  for (let i = 0, j = 0; i < blocks; i++, j += 4) {
    out[i] = bytes[j] | (bytes[j + 1] << 8) | (bytes[j + 2] << 16) | (bytes[j + 3] << 24);
  }
  return out;
}

/** The tail (n mod 4 bytes) and the finalisation of MurmurHash3_x86_32. */
function finish(h: number, bytes: Uint8Array): number {
  const n = bytes.length, tail = n & ~3;
  let k = 0;
  for (let i = (n & 3) - 1; i >= 0; i--) k = (k << 8) | bytes[tail + i];
  if ((n & 3) !== 0) {
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, C2);
  }
  h ^= n;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** MurmurHash3_x86_32 of `bytes` with seeds s0 and s1, in one pass over the blocks (unsigned 32-bit). */
export function murmur3Pair(bytes: Uint8Array, s0: number, s1: number): [number, number] {
  const [h0, h1] = murmurBodyWasm(bytes, s0, s1) ?? murmurBody(bytes, s0, s1);
  return [finish(h0, bytes), finish(h1, bytes)];
}

/** The body of MurmurHash3_x86_32 (the blocks, before the tail) for seeds s0 and s1, in JavaScript. */
export function murmurBody(bytes: Uint8Array, s0: number, s1: number): [number, number] {
  const blocks = blocksOf(bytes);
  let h0 = s0 | 0, h1 = s1 | 0;
  // Both states in one pass, written out: a cold engine runs this loop before it inlines anything.
  for (let i = 0, n = blocks.length; i < n; i++) {
    let k = Math.imul(blocks[i], C1);
    k = Math.imul((k << 15) | (k >>> 17), C2);
    h0 ^= k;
    h1 ^= k;
    h0 = (h0 << 13) | (h0 >>> 19);
    h1 = (h1 << 13) | (h1 >>> 19);
    h0 = (Math.imul(h0, 5) + STEP) | 0;
    h1 = (Math.imul(h1, 5) + STEP) | 0;
  }
  return [h0, h1];
}

/**
 * The module of {@linkcode murmurBodyWasm}, as bytes: `murmur3_pair(n, s0, s1)` hashes the n
 * little-endian 32-bit blocks at address 8 with both seeds (the loop of {@linkcode murmurBody}) and
 * stores the two states at addresses 0 and 4. Written out rather than emitted at run time (emitting
 * took 0.6–0.9 ms of a cold start): wasm/checksum_module.ts emits it, and tests/wasm/checksum.test.ts
 * checks that these are its bytes.
 */
export const MURMUR_MODULE_HEX: string =
  "0061736d0100000001070160037f7f7f000302010005030100010719020c6d75726d7572335f706169720000066d656d" +
  "6f727902000a78017601037f41082103200041027441086a21040240034020032004460d01200328020041d1daf8e47c" +
  "6c410f774193eb9cdc016c21052001200573410d7741056c41e4d6d1b27e6a21012002200573410d7741056c41e4d6d1" +
  "b27e6a2102200341046a21030c000b0b41002001360200410020023602040b";

/** Where the wasm body reads the blocks (its two results go to addresses 0 and 4). */
export const MURMUR_DATA: number = 8;

let murmurModule: WebAssembly.Module | null | undefined;

/** The bytes of MURMUR_MODULE_HEX (wasm/ imports nothing of the library, so not errors.ts' hexToBytes). */
function writtenOutModule(): Uint8Array<ArrayBuffer> {
  const hex = MURMUR_MODULE_HEX, out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * {@linkcode murmurBody} run in WebAssembly (a fresh instance whose memory holds a copy of the bytes,
 * dropped afterwards), or null where this runtime does not compile WebAssembly from bytes or cannot
 * grow the instance's memory to the bytes' size.
 */
export function murmurBodyWasm(bytes: Uint8Array, s0: number, s1: number): [number, number] | null {
  if (murmurModule === undefined) {
    murmurModule = wasmCompilesFromBytes() ? compileWasm(writtenOutModule(), "checksum") : null;
  }
  if (murmurModule === null) return null;
  const x = new WebAssembly.Instance(murmurModule).exports as {
    memory: WebAssembly.Memory;
    murmur3_pair: (n: number, s0: number, s1: number) => void;
  };
  const blocks = bytes.length >>> 2, pages = Math.ceil((MURMUR_DATA + 4 * blocks) / 65536);
  try {
    if (pages > 1) x.memory.grow(pages - 1);
  } catch (e) {
    if (e instanceof RangeError) return null; // no memory for the copy: the JavaScript loop
    throw e;
  }
  new Uint8Array(x.memory.buffer).set(bytes.subarray(0, 4 * blocks), MURMUR_DATA);
  x.murmur3_pair(blocks, s0 | 0, s1 | 0);
  const [h0, h1] = new Int32Array(x.memory.buffer, 0, 2);
  return [h0, h1];
}

/** MurmurHash3_x86_32 of `bytes` (little-endian 32-bit blocks) with `seed`, as an unsigned 32-bit number. */
export function murmur3(bytes: Uint8Array, seed: number): number {
  return murmur3Pair(bytes, seed, seed)[0];
}

/** The two seeds of {@linkcode moduleChecksum}. */
const SEEDS = [0x00000000, 0x9747b28c] as const;

/** "<byte length>-<hash 1><hash 2>" (hex), e.g. "3-…": equal for equal bytes, different otherwise but for a 2^-64 chance. */
export function moduleChecksum(bytes: Uint8Array): string {
  const hex = (h: number) => h.toString(16).padStart(8, "0");
  return `${bytes.length}-${murmur3Pair(bytes, SEEDS[0], SEEDS[1]).map(hex).join("")}`;
}
