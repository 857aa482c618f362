/**
 * Constant-time proofs (tests/ct) for the field algorithms: V8 block coverage must be identical for
 * every secret for powCt, invFermat, sqrtCt, isSquareCt over the TypeScript kernel, sqrtCt and the
 * inversion over the wasm kernel, and for the TypeScript inversion (inverse_ts.ts). The wasm
 * inversion's bytecode rule is checked in algorithms_wasm_inverse.test.ts.
 */

// Must come first: it starts V8 block coverage before any library code is compiled.
import { ctFlow, secretsForModulus } from "../ct/registry.ts";
import { buildTsInverse, FIELDS, invFermat, isSquareCt, powCt, sqrtCt } from "../internal.ts";
import { fieldKernel, type FieldName } from "../../field/mod.ts";

for (const name of ["bls12-381-fp", "bls12-381-fr"] as FieldName[]) {
  const { p, byteLength } = FIELDS[name];
  const k = fieldKernel(FIELDS[name], "ts");
  const [a, out] = [k.alloc(1), k.alloc(1)];
  const secrets = () => secretsForModulus(p, byteLength, { random: 2 });
  const load = (s: Uint8Array) => k.fromBytes(a, s);
  ctFlow(`powCt a^(p−3) over the TS kernel (${name})`, (s) => (load(s), powCt(k, out, a, p - 3n)), secrets);
  ctFlow(`invFermat over the TS kernel (${name})`, (s) => (load(s), invFermat(k, out, a)), secrets);
  ctFlow(`sqrtCt over the TS kernel (${name})`, (s) => (load(s), sqrtCt(k, out, a)), secrets);
  ctFlow(`isSquareCt over the TS kernel (${name})`, (s) => (load(s), isSquareCt(k, a)), secrets);
}

// Over the wasm kernel the JavaScript side (the algorithms' loops and calls) is measured; the wasm code
// itself is checked by its bytecode rules.
for (const name of ["bls12-381-fp", "bn254-fr"] as FieldName[]) {
  const { p, byteLength } = FIELDS[name];
  const k = fieldKernel(FIELDS[name], "wasm");
  const [a, out] = [k.alloc(1), k.alloc(1)];
  const secrets = () => secretsForModulus(p, byteLength, { random: 2 });
  const load = (s: Uint8Array) => k.fromBytes(a, s);
  ctFlow(`sqrtCt over the wasm kernel (${name})`, (s) => (load(s), sqrtCt(k, out, a)), secrets);
  ctFlow(`kernel inv (binary GCD) over the wasm kernel (${name})`, (s) => (load(s), k.inv(out, a)), secrets);
}

for (const name of ["bls12-381-fp", "bn254-fr"] as FieldName[]) {
  const { p, bits, byteLength } = FIELDS[name];
  const n = Math.ceil(bits / 24);
  const inverse = buildTsInverse(p, n);
  const arena = new Float64Array(2 * n);
  const load = (s: Uint8Array) => {
    let x = 0n;
    for (const b of s) x = (x << 8n) | BigInt(b);
    for (let i = 0; i < n; i++) arena[i] = Number((x >> BigInt(24 * i)) & 0xffffffn) * 2 ** -24;
  };
  ctFlow(
    `TS binary-GCD inverse (${name})`,
    (s) => (load(s), inverse.inv(arena, n, 0)),
    () => secretsForModulus(p, byteLength, { random: 4 }),
  );
}
