/**
 * The child of wasm_wide.test.ts, run with V8's --experimental-wasm-wide-arithmetic: the wide
 * Montgomery kernel (field/wasm/emit_mont_wide.ts, `mul: "wide"`) of every field against BigInt and
 * against the default kernel's bytes out, on edge and random operands (< p, and < 2p where 4p ≤ R),
 * mul and sqr, in place too. Prints one JSON line {supported, checked, bad, fields}.
 */
import { buildFieldModule, FIELDS, wideArithmeticSupported } from "../internal.ts";

const supported = wideArithmeticSupported();
let checked = 0, bad = 0;
const fields: string[] = [];
if (supported) {
  for (const [name, field] of Object.entries(FIELDS)) {
    const p = field.p;
    const wide = buildFieldModule(p, { mul: "wide" }), base = buildFieldModule(p);
    const { n, stride: S, R } = wide.c;
    const inst = (bytes: Uint8Array<ArrayBuffer>) =>
      new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as unknown as {
        mul: (o: number, a: number, b: number) => void;
        sqr: (o: number, a: number) => void;
        memory: WebAssembly.Memory;
      };
    const w = inst(wide.bytes), d = inst(base.bytes);
    const at = (k: number) => 16384 + k * S;
    const put = (m: WebAssembly.Memory, k: number, v: bigint) => {
      const view = new DataView(m.buffer);
      for (let j = 0; j < n; j++) {
        view.setUint32(at(k) + 4 * j, Number((v >> BigInt(32 * j)) & 0xffffffffn), true);
      }
    };
    const get = (m: WebAssembly.Memory, k: number) => {
      const view = new DataView(m.buffer);
      let v = 0n;
      for (let j = n - 1; j >= 0; j--) v = (v << 32n) | BigInt(view.getUint32(at(k) + 4 * j, true));
      return v;
    };
    let rInv = 1n, base2 = R % p, e = p - 2n;
    while (e > 0n) {
      if (e & 1n) rInv = rInv * base2 % p;
      base2 = base2 * base2 % p;
      e >>= 1n;
    }
    const loose = 4n * p <= R; // operands up to 2p − 1 accepted there
    const top = loose ? 2n * p : p;
    let s = BigInt(name.length) * 0x9e3779b97f4a7c15n;
    const rand = () => {
      s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 512n) - 1n);
      return (s >> 64n) % top;
    };
    const edges = [0n, 1n, 2n, p - 1n, p - 2n, ...(loose ? [p, p + 1n, 2n * p - 1n] : [])];
    const pairs: [bigint, bigint][] = [];
    for (const x of edges) for (const y of edges) pairs.push([x, y]);
    for (let i = 0; i < 500; i++) pairs.push([rand(), rand()]);
    for (const [x, y] of pairs) {
      const want = x * y % p * rInv % p;
      put(w.memory, 1, x), put(w.memory, 2, y), w.mul(at(0), at(1), at(2));
      if (get(w.memory, 0) !== want) bad++;
      w.mul(at(1), at(1), at(2)); // in place
      if (get(w.memory, 1) !== want) bad++;
      put(w.memory, 1, x), w.sqr(at(3), at(1));
      if (get(w.memory, 3) !== x * x % p * rInv % p) bad++;
      if (x < p && y < p) { // the default kernel's domain: the same bytes out
        put(d.memory, 1, x), put(d.memory, 2, y), d.mul(at(0), at(1), at(2));
        if (get(d.memory, 0) !== want) bad++;
      }
      checked++;
    }
    fields.push(name);
  }
}
console.log(JSON.stringify({ supported, checked, bad, fields }));
