/**
 * Fuzz of X25519 (`scalarMult`, `scalarMultBase`, `getPublicKey`, `getSharedSecret`) against
 * @noble/curves: random scalars and u-coordinates, the small-order and non-canonical u (≥ p, bit 255
 * set), random lengths and every JavaScript type. An all-zero result is `scalarMult`'s answer and
 * `getSharedSecret`'s ZERO_SHARED_SECRET.
 */
import { x25519 as nx } from "@noble/curves/ed25519.js";
import { x25519 } from "../../x25519/mod.ts";
import { hex, unhex } from "../curves/helpers.ts";
import { beBytes, eqHex, family, fuzzTypes, mutate } from "./helpers.ts";

const P = (1n << 255n) - 19n;
const le = (x: bigint) => beBytes(x, 32).reverse();
/** u-coordinates of small order (RFC 7748 §6.1's concern), also + p where it fits, and the top bit. */
const EDGE_U = [
  0n,
  1n,
  P - 1n,
  P,
  P + 1n,
  325606250916557431795983626356110631294008115727848805560023387167927233504n,
  39382357235489614581723060781553021112529911719440698176882885853963445705823n,
  (1n << 255n) - 1n,
  9n,
].flatMap((u) => [u, u + P, u | (1n << 255n)]).filter((u) => u < 1n << 256n);

/** noble's X25519, with its all-zero refusal mapped back to the zero result. */
function ref(k: Uint8Array, u: Uint8Array): Uint8Array {
  try {
    return nx.scalarMult(k, u);
  } catch {
    return new Uint8Array(32);
  }
}

// RFC 7748 §5.2, the first test vector.
const K = unhex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
const U = unhex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
const OUT = "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552";

family("x25519", {
  budgetMs: 20_000,
  known: () => () => eqHex(x25519.scalarMult(K, U), unhex(OUT), "RFC 7748"),
}, (f) => {
  const pk = x25519.getPublicKey(f.rng.bytes(32));
  for (let i = 0; i < f.count(60); i++) {
    const k = f.rng.bytes(32);
    const u = f.rng.pick([
      () => f.rng.bytes(32),
      () => le(f.rng.pick(EDGE_U)),
      () => mutate(f.rng, pk),
      () => pk,
    ])();
    const want = u.length === 32 ? ref(k, u) : undefined;
    const zero = want?.every((b) => b === 0);
    f.check(
      `scalarMult(${hex(k)}, ${hex(u)})`,
      () => x25519.scalarMult(k, u),
      want ? (o) => eqHex(o, want, "noble") : "INVALID_LENGTH",
    );
    f.check(
      `getSharedSecret(${hex(k)}, ${hex(u)})`,
      () => x25519.getSharedSecret(k, u),
      !want ? "INVALID_LENGTH" : zero ? "ZERO_SHARED_SECRET" : (o) => eqHex(o, want, "noble"),
    );
    const kk = f.rng.int(6) === 0 ? mutate(f.rng, k) : k;
    const base = kk.length === 32 ? nx.getPublicKey(kk) : undefined;
    f.check(
      `scalarMultBase(${hex(kk)})`,
      () => x25519.scalarMultBase(kk),
      base ? (o) => eqHex(o, base, "noble") : "INVALID_LENGTH",
    );
    f.check(
      `getPublicKey(${hex(kk)})`,
      () => x25519.getPublicKey(kk),
      base ? (o) => eqHex(o, base, "noble") : "INVALID_LENGTH",
    );
  }
  const k = f.rng.bytes(32);
  fuzzTypes(f, "scalarMult", [k, pk], ([a, b]) => x25519.scalarMult(a as Uint8Array, b as Uint8Array), hex);
  fuzzTypes(
    f,
    "getSharedSecret",
    [k, pk],
    ([a, b]) => x25519.getSharedSecret(a as Uint8Array, b as Uint8Array),
    hex,
  );
  fuzzTypes(f, "scalarMultBase", [k], ([a]) => x25519.scalarMultBase(a as Uint8Array), hex);
  fuzzTypes(f, "getPublicKey", [k], ([a]) => x25519.getPublicKey(a as Uint8Array), hex);
});
