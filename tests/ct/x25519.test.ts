// Constant-time proofs for X25519 (see tests/ct/README.md): control flow of the ladder driver, the
// fixed-base driver and the TypeScript field kernel on both backends for very different secrets;
// the memory-access sequence of the TypeScript table scan; the bytecode rules of the wasm module
// (field functions straight-line, ladder / fixed-base / table-scan drivers counted loops only).

// The registry must be imported before any library module (it starts V8 block coverage).
import { ctAccess, ctFlow, ctWasm, secretIndices, standardSecrets32 } from "./registry.ts";
import {
  getSharedSecret,
  scalarMult,
  scalarMultBase,
  setX25519Backend,
  x25519WasmBytes,
} from "../../x25519/mod.ts";
import {
  buildX25519Wasm,
  setX25519LadderShape,
  TABLE_COLS,
  X25519_TS_LIMBS as LIMBS,
  x25519KernelFor as kernelFor,
  x25519TsSelect as select,
} from "../internal.ts";

/** RFC 7748 §5.2 vector 1's u: a fixed public point of large order. */
const U = Uint8Array.from(
  "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c".match(/../g)!,
  (h) => parseInt(h, 16),
);
const K = U.slice().reverse();
const secrets = () => standardSecrets32();

// The call-shaped wasm ladder (x25519/wasm/shape.ts), forced: the same flow proof as the default shape.
for (const shape of ["inline", "calls"] as const) {
  ctFlow(`x25519 wasm ${shape} ladder scalarMult, secret scalar and u`, (k: Uint8Array) => {
    setX25519Backend("wasm");
    setX25519LadderShape(shape);
    try {
      return scalarMult(k, k.slice().reverse());
    } finally {
      setX25519LadderShape("auto");
    }
  }, secrets);
}

for (const backend of ["wasm", "ts"] as const) {
  ctFlow(`x25519 ${backend} scalarMult, secret scalar`, (k: Uint8Array) => {
    setX25519Backend(backend);
    return scalarMult(k, U);
  }, secrets);
  // u is secret too when it is a peer's ephemeral key; the all-zero secret u is of small order.
  ctFlow(`x25519 ${backend} scalarMult, secret u`, (u: Uint8Array) => {
    setX25519Backend(backend);
    return scalarMult(K, u);
  }, secrets);
  ctFlow(`x25519 ${backend} scalarMultBase`, (k: Uint8Array) => {
    setX25519Backend(backend);
    return scalarMultBase(k);
  }, secrets);
  ctFlow(`x25519 ${backend} getSharedSecret, secret key`, (k: Uint8Array) => {
    setX25519Backend(backend);
    return getSharedSecret(k, U);
  }, secrets);
}

// The TypeScript field kernel directly: every operation on values made from the secret.
ctFlow("x25519 ts field kernel", (s: Uint8Array) => {
  const k = kernelFor("ts");
  const out = new Uint8Array(32);
  k.fromBytes(0, s);
  k.fromBytes(1, s.slice().reverse());
  k.mul(2, 0, 1);
  k.sqr(3, 2);
  k.add(4, 2, 3);
  k.sub(5, 2, 3);
  k.mulA24(6, 5);
  k.carry(7, 4);
  k.cswap(6, 7, s[0] & 1);
  k.mul(6, 6, 7);
  k.inv(7, 6);
  k.toBytes(7, out);
  return out;
}, secrets);

// The masked table scan of the TypeScript fixed-base path: one row, every digit −16..16.
{
  const row = Float64Array.from({ length: TABLE_COLS * 3 * LIMBS }, (_, i) => i % 131072);
  const digits = secretIndices(2 * TABLE_COLS + 1).map((i) => i - TABLE_COLS);
  ctAccess("x25519 ts table scan", (d, t) => select(t.wrap(row, "row"), 0, d), digits, { fullScan: true });
  ctFlow("x25519 ts table scan", (d: number) => select(row, 0, d), digits);
}

const STRAIGHT = [
  "fe_mul",
  "fe_sq",
  "fe_add",
  "fe_sub",
  "fe_mul_a24",
  "fe_mul_a24_add",
  "fe_carry",
  "fe_cswap",
  "fe_frombytes",
  "fe_tobytes",
  "recode",
];
// fe_invert calls fe_invert_bytes, the binary GCD's counted loop (wasm/inverse.ts).
const COUNTED = ["fe_invert_bytes", "fe_invert", "x25519", "x25519_calls", "x25519_base"];
for (const simd of [true, false]) {
  ctWasm(`x25519 module (${simd ? "SIMD" : "scalar"} table scan)`, () => x25519WasmBytes(simd), {
    straightLine: STRAIGHT,
    countedLoops: COUNTED,
  });
  // The first-use modules (x25519/wasm/backend.ts): one ladder each, no fixed-base driver.
  for (const ladder of ["x25519", "x25519_calls"] as const) {
    ctWasm(
      `x25519 first-use module (${ladder}, ${simd ? "SIMD" : "scalar"})`,
      () => buildX25519Wasm({ simd, ladders: [ladder], base: false }),
      {
        // (fe_mul_a24_add only where the call ladder is: its one caller)
        straightLine: STRAIGHT.filter((f) =>
          f !== "recode" && (ladder === "x25519_calls" || f !== "fe_mul_a24_add")
        ),
        countedLoops: ["fe_invert_bytes", "fe_invert", ladder],
      },
    );
  }
}
