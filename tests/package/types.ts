// A TypeScript consumer of the installed package, type-checked (tests/package/run.sh) with
// lib ES2022 only (no DOM, no @types/node), skipLibCheck off, under NodeNext and Bundler resolution.
import {
  bls12_381,
  type BlsPublicKey,
  type BlsSecretKey,
  getBackend,
  initWasm,
  IsochronError,
  type WasmModule,
  x25519,
} from "isochron";
import { x25519 as x } from "isochron/x25519";
import { bn254 } from "isochron/bn254";
import { bls12_381 as bls } from "isochron/bls12-381";

const key: Uint8Array = x.getPublicKey(new Uint8Array(32));
const sk: BlsSecretKey = bls12_381.sig.SecretKey.keyGen(new Uint8Array(32));
const pk: BlsPublicKey = bls12_381.sig.getPublicKey(sk);
const ok: boolean = bls12_381.sig.verify(pk, new Uint8Array(1), bls12_381.sig.sign(sk, new Uint8Array(1)));
// @ts-expect-error: a swapped argument does not type-check (noble's order).
bls12_381.sig.sign(new Uint8Array(1), sk);
const enc: Uint8Array = bn254.G1.BASE.multiply(3n).toBytes();
const same: boolean = bls.G1.BASE.equals(bls12_381.G1.BASE);
const modules: Record<string, WasmModule> = {};
initWasm(modules);
const e: IsochronError | null = null;
(globalThis as { isochronTypes?: unknown }).isochronTypes = [key, ok, enc, same, getBackend("bn254"), x25519, e];
