/**
 * SHA-256 (FIPS 180-4, §§5.1.1, 5.3.3, 6.2), the hash of RFC 9380's expand_message_xmd and of the BLS
 * KeyGen's HKDF. Constant-time by construction: 32-bit additions, rotations and boolean functions on
 * the message words, no table indexed by data and no branch on data (the lengths are public).
 *
 * The shape of @noble/hashes' `sha256` (its CHash): `sha256(msg)`, `sha256.create()` for incremental
 * `update`/`digest`, `outputLen`, `blockLen`, so that `G2.defaults.hash` and code ported from noble
 * keep working. Cost: one 64-round compression per 64-byte block (the message, then 9 bytes of
 * padding and length rounded up to a block).
 * @module
 */
import { checkBytes, IsochronError } from "../errors.ts";

/**
 * K: the first 32 bits of the fractional parts of the cube roots of the first 64 primes; IV: of the
 * square roots of the first 8 (FIPS 180-4 §§4.2.2, 5.3.3; tests/hash/sha256.test.ts derives both).
 */
export const SHA256_K: Uint32Array = Uint32Array.of(
  0x428a2f98,
  0x71374491,
  0xb5c0fbcf,
  0xe9b5dba5,
  0x3956c25b,
  0x59f111f1,
  0x923f82a4,
  0xab1c5ed5,
  0xd807aa98,
  0x12835b01,
  0x243185be,
  0x550c7dc3,
  0x72be5d74,
  0x80deb1fe,
  0x9bdc06a7,
  0xc19bf174,
  0xe49b69c1,
  0xefbe4786,
  0x0fc19dc6,
  0x240ca1cc,
  0x2de92c6f,
  0x4a7484aa,
  0x5cb0a9dc,
  0x76f988da,
  0x983e5152,
  0xa831c66d,
  0xb00327c8,
  0xbf597fc7,
  0xc6e00bf3,
  0xd5a79147,
  0x06ca6351,
  0x14292967,
  0x27b70a85,
  0x2e1b2138,
  0x4d2c6dfc,
  0x53380d13,
  0x650a7354,
  0x766a0abb,
  0x81c2c92e,
  0x92722c85,
  0xa2bfe8a1,
  0xa81a664b,
  0xc24b8b70,
  0xc76c51a3,
  0xd192e819,
  0xd6990624,
  0xf40e3585,
  0x106aa070,
  0x19a4c116,
  0x1e376c08,
  0x2748774c,
  0x34b0bcb5,
  0x391c0cb3,
  0x4ed8aa4a,
  0x5b9cca4f,
  0x682e6ff3,
  0x748f82ee,
  0x78a5636f,
  0x84c87814,
  0x8cc70208,
  0x90befffa,
  0xa4506ceb,
  0xbef9a3f7,
  0xc67178f2,
);
export const SHA256_IV: Uint32Array = Uint32Array.of(
  0x6a09e667,
  0xbb67ae85,
  0x3c6ef372,
  0xa54ff53a,
  0x510e527f,
  0x9b05688c,
  0x1f83d9ab,
  0x5be0cd19,
);

/** Bytes [from, to) of `data` by %TypedArray%.prototype.subarray (a subclass's override is not called). */
const view = (data: Uint8Array, from: number, to: number): Uint8Array =>
  Uint8Array.prototype.subarray.call(data, from, to);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** One compression of the 64-byte block at `block[at…]` into the state `h`; `w` is the schedule. */
function compress(h: Uint32Array, w: Uint32Array, block: Uint8Array, at: number): void {
  for (let t = 0; t < 16; t++, at += 4) {
    w[t] = (block[at] << 24) | (block[at + 1] << 16) | (block[at + 2] << 8) | block[at + 3];
  }
  for (let t = 16; t < 64; t++) {
    const a = w[t - 15], b = w[t - 2];
    const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3), s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
    w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
  }
  let a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
  for (let t = 0; t < 64; t++) {
    const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25), ch = (e & f) ^ (~e & g);
    const t1 = (k + S1 + ch + SHA256_K[t] + w[t]) | 0;
    const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22), maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    k = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
  h[4] += e;
  h[5] += f;
  h[6] += g;
  h[7] += k;
}

/** An incremental SHA-256 computation (`sha256.create()`). */
export class Sha256 {
  /** Bytes per block. */
  declare readonly blockLen: number;
  /** Bytes of the digest. */
  declare readonly outputLen: number;
  declare private readonly h: Uint32Array;
  declare private readonly w: Uint32Array;
  declare private readonly buf: Uint8Array;
  /** Bytes in `buf`, and bytes hashed so far (public lengths). */
  declare private used: number;
  declare private length: number;
  declare private finished: boolean;

  // Members are `declare`d and set here: a field definition makes V8 add a synthetic member
  // initializer, reported without block coverage, which the constant-time flow proofs (tests/ct) need.
  constructor() {
    this.blockLen = 64;
    this.outputLen = 32;
    this.h = Uint32Array.from(SHA256_IV);
    this.w = new Uint32Array(64);
    this.buf = new Uint8Array(64);
    this.used = 0;
    this.length = 0;
    this.finished = false;
  }

  /** Appends `data` (bytes, else INVALID_TYPE; UNSUPPORTED once the digest was taken). Not copied. */
  update(data: Uint8Array): this {
    const n = checkBytes(data, "sha256 input");
    if (this.finished) throw new IsochronError("UNSUPPORTED", "sha256: update after digest");
    let i = 0;
    this.length += n;
    if (this.used > 0) {
      const take = Math.min(64 - this.used, n);
      this.buf.set(view(data, 0, take), this.used);
      this.used += take;
      i = take;
      if (this.used < 64) return this;
      compress(this.h, this.w, this.buf, 0);
      this.used = 0;
    }
    for (; i + 64 <= n; i += 64) compress(this.h, this.w, data, i);
    if (i < n) {
      this.buf.set(view(data, i, n), 0);
      this.used = n - i;
    }
    return this;
  }

  /** Writes the digest into `out` (≥ 32 bytes) and wipes the state; the object is then spent. */
  digestInto(out: Uint8Array): void {
    if (!(out instanceof Uint8Array) || out.length < 32) {
      throw new IsochronError("INVALID_LENGTH", "sha256: digestInto needs 32 bytes");
    }
    if (this.finished) throw new IsochronError("UNSUPPORTED", "sha256: digest taken twice");
    this.finished = true;
    const { buf, h, w } = this;
    const bits = this.length * 8; // < 2^53: exact
    buf[this.used++] = 0x80;
    if (this.used > 56) {
      buf.fill(0, this.used);
      compress(h, w, buf, 0);
      this.used = 0;
    }
    buf.fill(0, this.used, 56);
    const hi = Math.floor(bits / 2 ** 32), lo = bits >>> 0;
    for (let j = 0; j < 4; j++) {
      buf[56 + j] = (hi >>> (24 - 8 * j)) & 0xff;
      buf[60 + j] = (lo >>> (24 - 8 * j)) & 0xff;
    }
    compress(h, w, buf, 0);
    for (let j = 0; j < 8; j++) {
      out[4 * j] = h[j] >>> 24;
      out[4 * j + 1] = (h[j] >>> 16) & 0xff;
      out[4 * j + 2] = (h[j] >>> 8) & 0xff;
      out[4 * j + 3] = h[j] & 0xff;
    }
    this.destroy();
  }

  /** The digest (32 bytes); the object is then spent. */
  digest(): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(32);
    this.digestInto(out);
    return out;
  }

  /** A copy of the computation so far (for a shared prefix, as HMAC uses it). */
  clone(): Sha256 {
    const c = new Sha256();
    c.h.set(this.h);
    c.buf.set(this.buf);
    c.used = this.used;
    c.length = this.length;
    c.finished = this.finished;
    return c;
  }

  /** Zeroes the state, the schedule and the buffer (they may hold secret input). */
  destroy(): void {
    this.finished = true;
    this.h.fill(0);
    this.w.fill(0);
    this.buf.fill(0);
  }
}

/** SHA-256 of `msg`, with @noble/hashes' CHash members (`create`, `outputLen`, `blockLen`). */
export const sha256: {
  (msg: Uint8Array): Uint8Array<ArrayBuffer>;
  readonly outputLen: number;
  readonly blockLen: number;
  create(): Sha256;
} = Object.freeze(Object.assign((msg: Uint8Array) => new Sha256().update(msg).digest(), {
  outputLen: 32,
  blockLen: 64,
  create: () => new Sha256(),
}));
