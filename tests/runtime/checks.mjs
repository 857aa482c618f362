// The runtime smoke checks of the npm build, in plain JavaScript so that every runtime runs them
// unchanged: Node and Bun against the tsc build in dist/ (smoke.mjs), down to the field kernels and the
// tower. The installed package itself (workerd, Chromium, …) is checked by tests/package/. The library
// is passed in.

/** RFC 7748 §5.2, first test vector: X25519(k, u). */
const RFC7748_5_2 = {
  k: "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
  u: "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
  out: "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
};

/** RFC 7748 §6.1: Alice's and Bob's key pairs and their shared secret. */
const RFC7748_6_1 = {
  aliceSk: "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
  alicePk: "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
  bobSk: "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
  bobPk: "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
  shared: "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
};

/** BLS12-381's p from its definition (draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1). */
const BLS_X = -0xd201000000010000n;
const BLS_R = BLS_X ** 4n - BLS_X ** 2n + 1n;
const BLS_P = ((BLS_X - 1n) ** 2n * BLS_R) / 3n + BLS_X;

const fromHex = (s) => Uint8Array.from(s.match(/../g), (h) => parseInt(h, 16));
const toHex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const mod = (a, p) => ((a % p) + p) % p;
function modPow(b, e, p) {
  let r = 1n;
  for (b = mod(b, p); e > 0n; e >>= 1n, b = (b * b) % p) if (e & 1n) r = (r * b) % p;
  return r;
}

function equal(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: got ${String(actual)}, expected ${String(expected)}`);
}

/**
 * Runs every check against `lib` (the library's exports, see smoke.mjs and worker.ts) and returns
 * `{ backends, results: [{ name, ok, error? }], passed, failed }`. `expect` is the backend the runtime
 * must select by itself: `{ field: "wasm" | "ts", x25519: "wasm" | "ts" }`.
 */
export function runChecks(lib, expect) {
  const results = [];
  const check = (name, fn) => {
    try {
      fn();
      results.push({ name, ok: true });
    } catch (e) {
      results.push({ name, ok: false, error: String(e && e.stack || e) });
    }
  };

  // Automatic selection: what the runtime gives without any configuration.
  lib.setBackend("auto");
  lib.setX25519Backend("auto");
  const autoFp = lib.fieldKernel("bls12-381-fp");
  const backends = {
    wasmCompilesFromBytes: lib.wasmCompilesFromBytes(),
    field: autoFp.backend,
    x25519: lib.getX25519Backend(),
  };
  check(`field backend selected automatically is ${expect.field}`, () => {
    equal(autoFp.backend, expect.field, "fieldKernel backend");
    equal(lib.getBackend("bls12-381-fp"), expect.field, "getBackend");
  });
  check(`x25519 backend selected automatically is ${expect.x25519}`, () => {
    equal(lib.getX25519Backend(), expect.x25519, "getX25519Backend");
  });
  check("public entry re-exports the subpath objects", () => {
    equal(lib.root.x25519, lib.x25519, "mod x25519");
    equal(lib.root.IsochronError, lib.IsochronError, "mod IsochronError");
    for (const f of ["getBackend", "setBackend", "initWasm", "init"]) {
      equal(typeof lib.root[f], "function", f);
    }
  });

  for (const mode of ["auto", "ts"]) {
    lib.setBackend(mode);
    lib.setX25519Backend(mode);
    const tag = mode === "auto" ? `auto=${expect.field}` : "ts";
    x25519Checks(check, lib, `x25519 [${mode === "auto" ? `auto=${expect.x25519}` : "ts"}]`);
    fieldChecks(check, lib, `bls12-381-fp [${tag}]`, mode === "auto" ? expect.field : "ts");
    towerChecks(check, lib, `bls12-381 fp2 [${tag}]`);
  }
  lib.setBackend("auto");
  lib.setX25519Backend("auto");

  check("bad input throws IsochronError INVALID_LENGTH", () => {
    const u = fromHex(RFC7748_5_2.u);
    for (
      const bad of [
        () => lib.x25519.scalarMult(new Uint8Array(31), u),
        () => lib.x25519.getPublicKey(new Uint8Array(33)),
      ]
    ) {
      let thrown;
      try {
        bad();
      } catch (e) {
        thrown = e;
      }
      equal(thrown instanceof lib.IsochronError, true, "instanceof IsochronError");
      equal(thrown instanceof Error, true, "instanceof Error");
      equal(thrown.code, "INVALID_LENGTH", "code");
    }
  });

  const passed = results.filter((r) => r.ok).length;
  return { backends, results, passed, failed: results.length - passed };
}

function x25519Checks(check, lib, tag) {
  const { x25519 } = lib;
  check(`${tag}: RFC 7748 §5.2 vector 1`, () => {
    const v = RFC7748_5_2;
    equal(toHex(x25519.scalarMult(fromHex(v.k), fromHex(v.u))), v.out, "scalarMult");
  });
  check(`${tag}: RFC 7748 §6.1 key pairs and shared secret`, () => {
    const v = RFC7748_6_1;
    equal(toHex(x25519.getPublicKey(fromHex(v.aliceSk))), v.alicePk, "Alice's public key");
    equal(toHex(x25519.getPublicKey(fromHex(v.bobSk))), v.bobPk, "Bob's public key");
    equal(toHex(x25519.getSharedSecret(fromHex(v.aliceSk), fromHex(v.bobPk))), v.shared, "Alice's secret");
    equal(toHex(x25519.getSharedSecret(fromHex(v.bobSk), fromHex(v.alicePk))), v.shared, "Bob's secret");
  });
}

function fieldChecks(check, lib, tag, backend) {
  check(`${tag}: modulus, a·b and a·a⁻¹ = 1 against BigInt`, () => {
    const k = lib.fieldKernel("bls12-381-fp");
    equal(k.backend, backend, "kernel backend");
    equal(k.p, BLS_P, "p from its definition");
    const a = modPow(3n, 1000n, BLS_P), b = BLS_P - modPow(7n, 500n, BLS_P);
    const [sa, sb, sc] = [k.alloc(1), k.alloc(1), k.alloc(1)];
    k.setBigintVartime(sa, a);
    k.setBigintVartime(sb, b);
    k.mul(sc, sa, sb);
    equal(k.toBigintVartime(sc), (a * b) % BLS_P, "a·b");
    k.sqr(sc, sb);
    equal(k.toBigintVartime(sc), (b * b) % BLS_P, "b²");
    k.sub(sc, sa, sb);
    equal(k.toBigintVartime(sc), mod(a - b, BLS_P), "a − b");
    k.inv(sc, sa);
    equal(k.toBigintVartime(sc), modPow(a, BLS_P - 2n, BLS_P), "a⁻¹");
    k.mul(sc, sc, sa);
    equal(k.toBigintVartime(sc), 1n, "a·a⁻¹");
    const bytes = new Uint8Array(k.byteLength);
    k.toBytes(sa, bytes);
    equal(BigInt("0x" + toHex(bytes)), a, "toBytes (big-endian)");
    k.wipe(sa, 1);
    k.wipe(sb, 1);
    k.wipe(sc, 1);
  });
}

function towerChecks(check, lib, tag) {
  check(`${tag}: (a0 + a1·u)(b0 + b1·u), u² = −1, against BigInt`, () => {
    const { fp2 } = lib.tower("bls12-381");
    const p = BLS_P;
    const a = [modPow(5n, 300n, p), modPow(11n, 200n, p)], b = [p - 2n, modPow(13n, 250n, p)];
    const [sa, sb, sc] = [fp2.alloc(), fp2.alloc(), fp2.alloc()];
    fp2.setBigintVartime(sa, { c0: a[0], c1: a[1] });
    fp2.setBigintVartime(sb, { c0: b[0], c1: b[1] });
    fp2.mul(sc, sa, sb);
    const { c0, c1 } = fp2.toBigintVartime(sc);
    equal(c0, mod(a[0] * b[0] - a[1] * b[1], p), "c0");
    equal(c1, mod(a[0] * b[1] + a[1] * b[0], p), "c1");
    fp2.inv(sc, sa);
    fp2.mul(sc, sc, sa);
    const { c0: d0, c1: d1 } = fp2.toBigintVartime(sc);
    equal(d0, 1n, "a·a⁻¹ c0");
    equal(d1, 0n, "a·a⁻¹ c1");
  });
}
