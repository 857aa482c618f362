/**
 * Child of tests/x25519/wide.test.ts, run with V8's --experimental-wasm-wide-arithmetic: the X25519
 * wide module (x25519/wasm/wide.ts) against RFC 7748 §5.2 (tests/vectors/x25519), its iterated chain
 * to 1 000,
 * and the library's own ladder on random and edge inputs (u = 0, 1, p − 1, p, 2^255 − 1 with the top
 * bit, all-ones scalars); and its constant-time rule (counted loops only). Prints one JSON line.
 */
import { x25519 } from "../../x25519/mod.ts";
import { x25519 as noble } from "@noble/curves/ed25519.js";
import { setX25519LadderShape, X25519_WIDE, x25519LadderShape, x25519WideBytes } from "../internal.ts";
import { decodeModule } from "../ct/wasm_decode.ts";
import { assertCountedLoopsOnly } from "../ct/wasm_rules.ts";

const bytes = x25519WideBytes();
assertCountedLoopsOnly(decodeModule(bytes), ["x25519"]);
const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as unknown as {
  x25519: () => void;
  memory: WebAssembly.Memory;
};
const mem = new Uint8Array(inst.memory.buffer);
const run = (k: Uint8Array, u: Uint8Array): Uint8Array => {
  mem.set(k, X25519_WIDE.K), mem.set(u, X25519_WIDE.U);
  inst.x25519();
  return mem.slice(X25519_WIDE.OUT, X25519_WIDE.OUT + 32);
};
const hex = (h: string) => Uint8Array.from(h.match(/../g)!.map((b) => parseInt(b, 16)));
const toHex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
let checked = 0, bad = 0;
const expect = (got: Uint8Array, want: Uint8Array | string, what: string) => {
  checked++;
  if (toHex(got) !== (typeof want === "string" ? want : toHex(want))) {
    bad++;
    console.error(`${what}: ${toHex(got)}`);
  }
};
// RFC 7748 §5.2: the two vectors and the iterated chain (1 and 1 000 iterations), from the vector file
const V = JSON.parse(Deno.readTextFileSync(new URL("../vectors/x25519/rfc7748.json", import.meta.url)));
for (const v of V.x25519) expect(run(hex(v.scalar), hex(v.u)), v.output, v.name);
let k: Uint8Array = hex(V.x25519_iterated.initial_k), u: Uint8Array = hex(V.x25519_iterated.initial_u);
for (let i = 1; i <= 1000; i++) {
  [k, u] = [run(k, u), k];
  const r = V.x25519_iterated.results.find((x: { iterations: number }) => x.iterations === i);
  if (r !== undefined) expect(k, r.k, `rfc 5.2 iterated ×${i}`);
}
// against the library's inline ladder (forced: this process validates wide arithmetic, so its default
// shape is the wide one)
setX25519LadderShape("inline");
const rnd = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const p = (1n << 255n) - 19n;
const le = (x: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((x >> BigInt(8 * i)) & 0xffn));
const us = [0n, 1n, 2n, p - 1n, p, p + 1n, (1n << 255n) - 1n, (1n << 256n) - 1n].map(le);
for (let t = 0; t < 300; t++) us.push(rnd(32));
for (const uu of us) {
  for (const kk of [rnd(32), new Uint8Array(32).fill(0xff), new Uint8Array(32)]) {
    let want: Uint8Array;
    try {
      want = x25519.scalarMult(kk, uu);
    } catch {
      want = new Uint8Array(32); // the API refuses an all-zero result; the raw ladder returns it
    }
    expect(run(kk, uu), want, `ladder k=${toHex(kk)} u=${toHex(uu)}`);
  }
}
setX25519LadderShape("auto");
// the public API on the default shape here (wide: the backend's own module, its buffers wiped) against noble
const shape = x25519LadderShape();
for (let t = 0; t < 64; t++) {
  const kk = rnd(32), uu = rnd(32);
  expect(x25519.scalarMult(kk, uu), noble.scalarMult(kk, uu), `api k=${toHex(kk)}`);
  expect(x25519.getPublicKey(kk), noble.getPublicKey(kk), `getPublicKey k=${toHex(kk)}`);
}
console.log(JSON.stringify({ checked, bad, shape }));
