/**
 * X25519 (RFC 7748). Suite `x25519`, op `x25519`: one scalar multiplication `X25519(k, u)` with a
 * random scalar and a random u-coordinate, through each library's raw function.
 *
 * Op `x25519-base`: `X25519(k, 9)` (a public key) on each library's fixed-base path: isochron's
 * `scalarMultBase` (Edwards table), noble's `x25519.scalarMultBase`, tweetnacl's `scalarMult.base`,
 * stablelib's `scalarMultBase`. WebCrypto has no fixed-base entry point (generateKey + exportKey also
 * makes a key): its row is `deriveBits` against the base point u = 9 imported as a public key, i.e.
 * its generic ladder on the base point.
 *
 * libsodium-wrappers (wasm): `crypto_scalarmult(k, u)` and `crypto_scalarmult_base(k)` (its fixed-base
 * entry point), after `await sodium.ready` in setup (bench/wasm_peers.ts).
 *
 * isochron rows call the public functions with the backend switched per call (`setX25519Backend`,
 * a few comparisons) so that the wasm and ts rows can be sampled alternately in one run.
 */

import { type BenchCase, randomBytes } from "../case.ts";
import { libsodium } from "../wasm_peers.ts";

export default function x25519Cases(): Promise<BenchCase[]> {
  const cases: BenchCase[] = [];
  const op = { suite: "x25519", op: "x25519", label: "X25519 scalar multiplication (RFC 7748)" } as const;
  const base = {
    suite: "x25519",
    op: "x25519-base",
    label: "X25519 with the base point u = 9 (public key)",
  } as const;

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

  // isochron, both ops, one row per backend.
  for (const backend of ["wasm", "ts"] as const) {
    cases.push({
      ...op,
      lib: "isochron",
      backend,
      setup: async () => {
        const { scalarMult, setX25519Backend } = await import("../../x25519/mod.ts");
        setX25519Backend(backend); // throws here if the backend is unavailable
        const k = randomBytes(32), u = randomBytes(32);
        return () => {
          setX25519Backend(backend);
          return scalarMult(k, u);
        };
      },
    });
    cases.push({
      ...base,
      lib: "isochron",
      backend,
      setup: async () => {
        const { scalarMultBase, setX25519Backend } = await import("../../x25519/mod.ts");
        setX25519Backend(backend);
        scalarMultBase(randomBytes(32)); // builds the table outside the measurement
        const k = randomBytes(32);
        return () => {
          setX25519Backend(backend);
          return scalarMultBase(k);
        };
      },
    });
  }

  cases.push({
    ...base,
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { x25519 } = await import("@noble/curves/ed25519.js");
      x25519.scalarMultBase(randomBytes(32)); // noble builds its tables at first use
      const k = randomBytes(32);
      return () => x25519.scalarMultBase(k);
    },
  });

  cases.push({
    ...base,
    lib: "tweetnacl",
    backend: "js",
    setup: async () => {
      const nacl = (await import("tweetnacl")).default;
      const k = randomBytes(32);
      return () => nacl.scalarMult.base(k);
    },
  });

  cases.push({
    ...base,
    lib: "stablelib",
    backend: "js",
    setup: async () => {
      const { scalarMultBase } = await import("@stablelib/x25519");
      const k = randomBytes(32);
      return () => scalarMultBase(k);
    },
  });

  cases.push({
    ...base,
    lib: "webcrypto",
    backend: "native",
    async: true,
    setup: async () => {
      const alg = { name: "X25519" };
      const pair = await crypto.subtle.generateKey(alg, false, ["deriveBits"]) as CryptoKeyPair;
      const nine = new Uint8Array(32);
      nine[0] = 9;
      const pub = await crypto.subtle.importKey("raw", nine, alg, false, []);
      const params = { name: "X25519", public: pub };
      await crypto.subtle.deriveBits(params, pair.privateKey, 256);
      return () => crypto.subtle.deriveBits(params, pair.privateKey, 256);
    },
  });

  cases.push({
    ...op,
    lib: "libsodium",
    backend: "wasm",
    setup: async () => {
      const sodium = await libsodium();
      const k = randomBytes(32), u = randomBytes(32);
      return () => sodium.scalarMult(k, u);
    },
  });
  cases.push({
    ...base,
    lib: "libsodium",
    backend: "wasm",
    setup: async () => {
      const sodium = await libsodium();
      const k = randomBytes(32);
      return () => sodium.scalarMultBase(k);
    },
  });

  return Promise.resolve(cases);
}
