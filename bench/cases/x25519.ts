/**
 * X25519 (RFC 7748). Suite `x25519`, op `x25519`: one scalar multiplication `X25519(k, u)` with a
 * random scalar and a random u-coordinate, through each library's raw function.
 */

import { type BenchCase, randomBytes } from "../case.ts";

export default function x25519Cases(): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];
  const op = { suite: "x25519", op: "x25519", label: "X25519 scalar multiplication (RFC 7748)" } as const;

  cases.push({
    ...op,
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { x25519 } = await import("@noble/curves/ed25519.js");
      const k = randomBytes(32), u = randomBytes(32);
      return () => x25519.scalarMult(k, u);
    },
  });

  cases.push({
    ...op,
    lib: "tweetnacl",
    backend: "js",
    setup: async () => {
      const nacl = (await import("tweetnacl")).default;
      const k = randomBytes(32), u = randomBytes(32);
      return () => nacl.scalarMult(k, u);
    },
  });

  cases.push({
    ...op,
    lib: "stablelib",
    backend: "js",
    setup: async () => {
      // `scalarMult(n, p)` is the raw function; `sharedKey` adds only an all-zero check.
      const { scalarMult } = await import("@stablelib/x25519");
      const k = randomBytes(32), u = randomBytes(32);
      return () => scalarMult(k, u);
    },
  });

  // WebCrypto: awaited `deriveBits` on pre-imported keys (the import is not timed).
  cases.push({
    ...op,
    lib: "webcrypto",
    backend: "native",
    async: true,
    setup: async () => {
      const alg = { name: "X25519" };
      const pair = await crypto.subtle.generateKey(alg, false, ["deriveBits"]) as CryptoKeyPair;
      const u = randomBytes(32);
      u[31] &= 0x7f;
      const pub = await crypto.subtle.importKey("raw", u, alg, false, []);
      const params = { name: "X25519", public: pub };
      await crypto.subtle.deriveBits(params, pair.privateKey, 256); // fails here, not mid-measurement
      return () => crypto.subtle.deriveBits(params, pair.privateKey, 256);
    },
  });

  return Promise.resolve(cases);
}
