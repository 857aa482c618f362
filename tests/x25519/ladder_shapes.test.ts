// The two ladders of the main module (x25519/wasm/ladder.ts: `x25519` inline, `x25519_calls`
// call-shaped) compute the same function: the RFC 7748 vectors and 1000 iterations through each
// export, both exports on random and extreme inputs (u ≥ p, u = 0, all-ones scalars), and the public
// API with each shape forced against noble. The constant-time proofs of both are in
// tests/ct/x25519.test.ts.

import assert from "node:assert/strict";
import { x25519 as noble } from "@noble/curves/ed25519.js";
import {
  buildX25519Wasm,
  setX25519LadderShape,
  type X25519LadderShape,
  x25519Layout as L,
} from "../internal.ts";
import { scalarMult, setX25519Backend } from "../../x25519/mod.ts";
import { hex, unhex, VECTORS } from "./helpers.ts";

const SHAPES: readonly [X25519LadderShape, string][] = [
  ["inline", "x25519"],
  ["calls", "x25519_calls"],
];

type Ladder = (out: number, k: number, u: number) => void;
const e = new WebAssembly.Instance(
  new WebAssembly.Module(buildX25519Wasm() as Uint8Array<ArrayBuffer>),
)
  .exports as unknown as { memory: WebAssembly.Memory } & Record<string, Ladder>;
const mem = new Uint8Array(e.memory.buffer);
function run(name: string, k: Uint8Array, u: Uint8Array): string {
  mem.set(k, L.K);
  mem.set(u, L.U);
  e[name](L.OUT, L.K, L.U);
  return hex(mem.subarray(L.OUT, L.OUT + 32));
}

for (const [shape, name] of SHAPES) {
  Deno.test(`x25519 ${shape} ladder (${name}): RFC 7748 §5.2 vectors and 1000 iterations`, () => {
    for (const v of VECTORS.x25519) assert.equal(run(name, unhex(v.scalar), unhex(v.u)), v.output, v.name);
    let k = unhex(VECTORS.x25519_iterated.initial_k), u = unhex(VECTORS.x25519_iterated.initial_u);
    for (let i = 0; i < 1000; i++) [k, u] = [unhex(run(name, k, u)), k];
    const expected = VECTORS.x25519_iterated.results.find((r) => r.iterations === 1000)!.k;
    assert.equal(hex(k), expected);
  });

  Deno.test(`x25519 ${shape} ladder: the public API with the shape forced equals noble`, () => {
    setX25519Backend("wasm");
    setX25519LadderShape(shape);
    try {
      for (let n = 0; n < 64; n++) {
        const k = crypto.getRandomValues(new Uint8Array(32)), u = crypto.getRandomValues(new Uint8Array(32));
        assert.equal(hex(scalarMult(k, u)), hex(noble.scalarMult(k, u)));
      }
    } finally {
      setX25519LadderShape("auto");
      setX25519Backend("auto");
    }
  });
}

Deno.test("x25519 ladders: every export agrees on random and extreme inputs", () => {
  const extremes = [
    new Uint8Array(32),
    new Uint8Array(32).fill(0xff),
    Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 0xed : i === 31 ? 0x7f : 0xff)), // p
    Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 0xee : i === 31 ? 0x7f : 0xff)), // p + 1
  ];
  const inputs: Uint8Array[] = [
    ...extremes,
    ...Array.from({ length: 60 }, () => crypto.getRandomValues(new Uint8Array(32))),
  ];
  for (let n = 0; n < inputs.length; n++) {
    const k = inputs[n], u = inputs[(n * 7 + 3) % inputs.length];
    const inline = run("x25519", k, u);
    assert.equal(run("x25519_calls", k, u), inline);
  }
});
