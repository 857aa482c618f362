/**
 * Constant-time proofs (control flow, every library file) of the public entry points as a user calls
 * them, result allocation and encoding included: `P.multiply(bytes)` and `BASE.multiply(bytes)` of
 * G1/G2 of both curves, BLS `SecretKey.fromBytes` + `getPublicKey` / `sign` / `popProve` with
 * `toBytes()`, `SecretKey.keyGen`, `Fr.fromBytes` / `Fr.toBytes` (bytes), `x25519.getPublicKey` and
 * `getSharedSecret`, on both backends.
 *
 * A point's coordinates go to a slot store shared by 64 points (curves/group/group.ts): every 64th
 * save opens a new store, a public event that depends on how many points were made before, not on
 * any secret. So that it falls equally into every secret's run, each run repeats the operation 64
 * times: 64·c saves contain exactly c store openings, wherever the count starts.
 */
import { ctFlow, secretsForModulus } from "./registry.ts";
import { bls12_381Groups, bn254Groups, FIELDS, signatureSuite } from "../internal.ts";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { x25519 } from "../../x25519/mod.ts";
import type { BlsPopSuite } from "../../curves/bls12_381/mod.ts";

const REPEAT = 64;
const repeat = (f: () => unknown) => () => {
  for (let i = 0; i < REPEAT; i++) f();
};
const r = FIELDS["bls12-381-fr"].p;
// Six very different secrets (0, 1, r − 1, patterns, random): each run is 64 operations.
const scalars = () => secretsForModulus(r, 32, { random: 1 }).slice(0, 6);
const keys = () => scalars().filter((k) => k.some((b) => b !== 0)); // valid BLS keys: [1, r)

for (const backend of ["wasm", "ts"] as const) {
  for (const curve of ["bls12-381", "bn254"] as const) {
    for (const which of ["G1", "G2"] as const) {
      const G = () => (curve === "bls12-381" ? bls12_381Groups(backend) : bn254Groups(backend))[which];
      ctFlow(`${curve} ${which} BASE.multiply(bytes), whole (${backend})`, (k: Uint8Array) => {
        const g = G();
        repeat(() => g.BASE.multiply(k))();
      }, scalars);
      ctFlow(`${curve} ${which} P.multiply(bytes), whole (${backend})`, (k: Uint8Array) => {
        const P = G().BASE.double();
        repeat(() => P.multiply(k))();
      }, scalars);
    }
  }

  const sig = signatureSuite({}, backend) as BlsPopSuite;
  const msg = new Uint8Array([1, 2, 3]);
  ctFlow(`bls getPublicKey + toBytes, whole (${backend})`, (b: Uint8Array) => {
    const sk = sig.SecretKey.fromBytes(b);
    repeat(() => sig.getPublicKey(sk).toBytes())();
  }, keys);
  ctFlow(`bls sign + toBytes, whole (${backend})`, (b: Uint8Array) => {
    const sk = sig.SecretKey.fromBytes(b);
    repeat(() => sig.sign(sk, msg).toBytes())();
  }, keys);
  ctFlow(`bls popProve + toBytes, whole (${backend})`, (b: Uint8Array) => {
    const sk = sig.SecretKey.fromBytes(b);
    repeat(() => sig.popProve(sk).toBytes())();
  }, keys);
}

ctFlow("bls SecretKey.keyGen, whole", (ikm: Uint8Array) => {
  bls12_381.sig.SecretKey.keyGen(ikm).toBytes();
}, scalars);
ctFlow("bls12-381 Fr.fromBytes + Fr.toBytes (bytes), whole", (b: Uint8Array) => {
  bls12_381.Fr.toBytes(bls12_381.Fr.fromBytes(b));
}, scalars);
ctFlow("x25519.getPublicKey, whole", (k: Uint8Array) => x25519.getPublicKey(k), scalars);
ctFlow("x25519.getSharedSecret, whole", (k: Uint8Array) => {
  x25519.getSharedSecret(k, x25519.GuBytes);
}, scalars);
