/**
 * Constant-time proofs of the kernels' JavaScript side (tests/ct): for every backend and field, the
 * control flow of decoding, encoding and arithmetic through the FieldKernel methods (the wasm
 * kernel's wrappers and staging copies, the TypeScript kernel's code) does not depend on the secret
 * value. The wasm bytecode itself is checked in wasm_generator.test.ts (no branch, no select).
 */

import { ctFlow, ctWasm, secretsForModulus } from "../ct/registry.ts"; // first: starts block coverage
import { fieldKernel } from "../../field/mod.ts";
import type { Backend, FieldKernel } from "../../field/kernel.ts";
import { type FieldName, FIELDS } from "../../field/params.ts";
import { buildFieldModule, KERNEL_FUNCTIONS } from "../../field/wasm/module.ts";

const BACKENDS: readonly Backend[] = ["wasm", "ts"];
const NAMES: readonly FieldName[] = ["bls12-381-fp", "bn254-fr"];

for (const backend of BACKENDS) {
  for (const name of NAMES) {
    const { p, byteLength } = FIELDS[name];
    let setup: { k: FieldKernel; a: number; b: number; o: number } | undefined;
    const kernel = () => {
      if (setup === undefined) {
        const k = fieldKernel(name, backend); // slots allocated once: alloc may grow the arena
        setup = { k, a: k.alloc(1), b: k.alloc(1), o: k.alloc(1) };
      }
      return setup;
    };
    ctFlow(`${backend} ${name}: fromBytes, arithmetic, inv, cmov/cswap, eq, toBytes`, (secret) => {
      const { k, a, b, o } = kernel();
      k.fromBytes(a, secret);
      k.setBigintVartime(b, 7n); // public
      k.mul(o, a, b);
      k.sqr(o, o);
      k.add(o, o, a);
      k.sub(o, o, b);
      k.neg(o, o);
      k.dbl(o, o);
      k.inv(o, o);
      const z = k.isZero(a);
      k.cmov(o, a, z);
      k.cswap(o, a, k.eq(o, a));
      k.toBytes(o, new Uint8Array(byteLength));
      k.wipe(o, 1);
    }, () => secretsForModulus(p, byteLength));
  }
}

for (const name of Object.keys(FIELDS) as FieldName[]) {
  ctWasm(`${name} kernel module`, () => buildFieldModule(FIELDS[name].p).bytes, {
    straightLine: KERNEL_FUNCTIONS,
  });
}
