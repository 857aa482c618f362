/**
 * The child of wasm_wide.test.ts, run with V8's --experimental-wasm-wide-arithmetic: the wide
 * Montgomery kernel (field/wasm/emit_mont_wide.ts, `mul: "wide"`) of every field against BigInt and
 * against the default kernel's bytes out, on edge and random operands (< p, and < 2p where 4p ≤ R),
 * mul and sqr, in place too; and the Fp2 products of a wide module (Karatsuba, wasm_fp2_wide.ts) on
 * the tower's operand bounds. Prints one JSON line {supported, checked, bad, fields}.
 */
import { buildFieldModule, FIELDS, fp2Extras, TOWERS, wideArithmeticSupported } from "../internal.ts";

/** Element k's byte address (slots past the module's reserved ones), and its u32 words in and out. */
function slotIO(memory: WebAssembly.Memory, n: number, S: number) {
  const at = (k: number) => 16384 + k * S;
  const put = (k: number, v: bigint) => {
    const view = new DataView(memory.buffer);
    for (let j = 0; j < n; j++) {
      view.setUint32(at(k) + 4 * j, Number((v >> BigInt(32 * j)) & 0xffffffffn), true);
    }
  };
  const get = (k: number) => {
    const view = new DataView(memory.buffer);
    let v = 0n;
    for (let j = n - 1; j >= 0; j--) v = (v << 32n) | BigInt(view.getUint32(at(k) + 4 * j, true));
    return v;
  };
  return { at, put, get };
}

/** R⁻¹ mod p (Fermat). */
function inverseOfR(R: bigint, p: bigint): bigint {
  let r = 1n, b = R % p, e = p - 2n;
  while (e > 0n) {
    if (e & 1n) r = r * b % p;
    b = b * b % p;
    e >>= 1n;
  }
  return r;
}

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
    const W = slotIO(w.memory, n, S), D = slotIO(d.memory, n, S), at = W.at, rInv = inverseOfR(R, p);
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
      W.put(1, x), W.put(2, y), w.mul(at(0), at(1), at(2));
      if (W.get(0) !== want) bad++;
      w.mul(at(1), at(1), at(2)); // in place
      if (W.get(1) !== want) bad++;
      W.put(1, x), w.sqr(at(3), at(1));
      if (W.get(3) !== x * x % p * rInv % p) bad++;
      if (x < p && y < p) { // the default kernel's domain: the same bytes out
        D.put(1, x), D.put(2, y), d.mul(at(0), at(1), at(2));
        if (D.get(0) !== want) bad++;
      }
      checked++;
    }
    fields.push(name);
  }
  // The Fp2 products of a wide module (field/tower/wasm_fp2_wide.ts): fp2_mul with the tower's loose
  // operand bounds (a < 2p; b < 2p where 8p < R, else b < p), fp2_sqr on a < p, against BigInt.
  for (const T of Object.values(TOWERS)) {
    const p = T.p, m = buildFieldModule(p, { mul: "wide", extras: [fp2Extras(T)] });
    const x = new WebAssembly.Instance(new WebAssembly.Module(m.bytes), {}).exports as unknown as {
      fp2_mul: (o: number, a: number, b: number) => void;
      fp2_sqr: (o: number, a: number) => void;
      memory: WebAssembly.Memory;
    };
    const { n, stride: S, R } = m.c, { at, put, get } = slotIO(x.memory, n, S), rInv = inverseOfR(R, p);
    const bTop = 8n * p < R ? 2n * p : p, mod = (v: bigint) => ((v % p) + p) % p;
    let s = 0x243f6a8885a308d3n;
    const rand = (top: bigint) => {
      s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 512n) - 1n);
      return (s >> 64n) % top;
    };
    const picks = (top: bigint) => [0n, 1n, p - 1n, top - 1n, rand(top), rand(top)];
    for (let t = 0; t < 300; t++) {
      const [a0, a1] = [picks(2n * p)[t % 6], rand(2n * p)],
        [b0, b1] = [picks(bTop)[(t >> 1) % 6], rand(bTop)];
      put(1, a0), put(2, a1), put(3, b0), put(4, b1);
      x.fp2_mul(at(5), at(1), at(3));
      if (get(5) !== mod(a0 * b0 - a1 * b1) * rInv % p || get(6) !== mod(a0 * b1 + a1 * b0) * rInv % p) bad++;
      const [c0, c1] = [a0 % p, a1 % p];
      put(1, c0), put(2, c1);
      x.fp2_sqr(at(1), at(1)); // in place
      if (get(1) !== mod(c0 * c0 - c1 * c1) * rInv % p || get(2) !== mod(2n * c0 * c1) * rInv % p) bad++;
      checked++;
    }
    fields.push(`${T.name} Fp2`);
  }
}
console.log(JSON.stringify({ supported, checked, bad, fields }));
