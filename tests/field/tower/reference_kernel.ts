/**
 * A slow BigInt-backed FieldKernel for tests: slots hold plain integers in [0, p) (no Montgomery
 * form). Not constant-time; used to test the tower's composition independently of the real kernels.
 */
import type { FieldKernel } from "../../internal.ts";

function modPow(a: bigint, e: bigint, p: bigint): bigint {
  let r = 1n;
  a %= p;
  for (; e > 0n; e >>= 1n) {
    if (e & 1n) r = (r * a) % p;
    a = (a * a) % p;
  }
  return r;
}

export function referenceKernel(p: bigint, name = "reference"): FieldKernel {
  const v: bigint[] = [];
  const byteLength = Math.ceil(p.toString(2).length / 8);
  const m = (x: bigint) => ((x % p) + p) % p;
  const k: FieldKernel = {
    backend: "ts",
    name,
    p,
    byteLength,
    alloc(count) {
      const first = v.length;
      for (let i = 0; i < count; i++) v.push(0n);
      return first;
    },
    mul: (o, a, b) => void (v[o] = (v[a] * v[b]) % p),
    sqr: (o, a) => void (v[o] = (v[a] * v[a]) % p),
    add: (o, a, b) => void (v[o] = m(v[a] + v[b])),
    sub: (o, a, b) => void (v[o] = m(v[a] - v[b])),
    neg: (o, a) => void (v[o] = m(-v[a])),
    dbl: (o, a) => void (v[o] = m(2n * v[a])),
    copy: (o, a) => void (v[o] = v[a]),
    setZero: (o) => void (v[o] = 0n),
    setOne: (o) => void (v[o] = 1n),
    cmov: (o, a, f) => void (f === 1 && (v[o] = v[a])),
    cswap(a, b, f) {
      if (f === 1) [v[a], v[b]] = [v[b], v[a]];
    },
    eq: (a, b) => (v[a] === v[b] ? 1 : 0),
    isZero: (a) => (v[a] === 0n ? 1 : 0),
    fromBytes(o, bytes) {
      let x = 0n;
      for (const b of bytes) x = (x << 8n) | BigInt(b);
      if (x >= p) {
        v[o] = 0n;
        return 0;
      }
      v[o] = x;
      return 1;
    },
    toBytes(a, dst, offset = 0) {
      let x = v[a];
      for (let i = byteLength - 1; i >= 0; i--) {
        dst[offset + i] = Number(x & 0xffn);
        x >>= 8n;
      }
    },
    setBigintVartime: (o, x) => void (v[o] = m(x)),
    toBigintVartime: (a) => v[a],
    inv: (o, a) => void (v[o] = modPow(v[a], p - 2n, p)),
    invVartime: (o, a) => void (v[o] = modPow(v[a], p - 2n, p)),
    sqrt(o, a) {
      const r = modPow(v[a], (p + 1n) / 4n, p);
      const ok = (r * r) % p === v[a] ? 1 : 0;
      v[o] = r;
      return ok;
    },
    isSquare: (a) => (v[a] === 0n || modPow(v[a], (p - 1n) / 2n, p) === 1n ? 1 : 0),
    pow: (o, a, e) => void (v[o] = modPow(v[a], e, p)),
    batchInvVartime(outs, ins) {
      outs.forEach((o, i) => (v[o] = modPow(v[ins[i]], p - 2n, p)));
    },
    wipe(first, count) {
      for (let i = 0; i < count; i++) v[first + i] = 0n;
    },
    // Stores are for points (curves/group/); the reference tower needs none.
    storeStride: 0,
    newStore: () => {
      throw new Error("reference kernel: no slot stores");
    },
    saveSlots: () => {
      throw new Error("reference kernel: no slot stores");
    },
    loadSlots: () => {
      throw new Error("reference kernel: no slot stores");
    },
  };
  return k;
}
