/**
 * The TypeScript field kernel: the fallback backend for runtimes that refuse to compile WebAssembly
 * (Cloudflare Workers, Vercel Edge, pages whose CSP lacks 'wasm-unsafe-eval'). See ARCHITECTURE.md,
 * "The field kernel contract".
 *
 * The arithmetic is the fixed-length loop code of field/ts/generated/<field>.ts (written ahead of time by
 * scripts/gen_ts_kernels.ts: 24-bit limbs held in doubles scaled by 2^-24, R = 2^(24n)). This file
 * owns the arena (one Float64Array; slot i at offset i·n, n the limb count), the byte and BigInt
 * conversions, and delegates pow, sqrt, isSquare, batch inversion and the constant-time inversion
 * (binary GCD on this layout, field/algorithms/inverse_ts.ts) to field/algorithms/.
 * @module
 */

import { checkBytes, isBytes, IsochronError } from "../../errors.ts";
import type { FieldKernel } from "../kernel.ts";
import type { FieldName, FieldParams } from "../params.ts";
import { batchInvVartime, buildTsInverse, invFermat, isSquareCt, powCt, sqrtCt } from "../algorithms/mod.ts";
import type { Arena } from "./slot_ops.ts";

const TWO24 = 16777216;
const INV24 = 1 / TWO24;
/** Slots in a fresh arena; it doubles when full. */
const INITIAL_SLOTS = 64;

const cache = new Map<FieldName, FieldKernel>();

/**
 * The arena holder, shaped so that V8 settles the field `m` before any code is optimised: with an object
 * literal, building the second kernel generalised the field's type (the literal's boilerplate holds an
 * uninitialised value) and deoptimised the first kernel's code; a class field starts as undefined and
 * the constructor stores `m` twice, so V8 tracks it as a mutable field of any type from the first kernel
 * on, and neither alloc's growth nor another kernel invalidates optimised code (seen with
 * `--trace-deopt --trace-generalization`; tests/field/ts_deopt.test.ts checks the outcome).
 */
class ArenaBox implements Arena {
  m: Float64Array;
  constructor(length: number) {
    this.m = new Float64Array(length);
    this.m = new Float64Array(length);
  }
}

/** The TypeScript kernel of `field` (built once per field name, then cached). */
export function tsFieldKernel(field: FieldParams): FieldKernel {
  let k = cache.get(field.name);
  if (k === undefined) {
    k = build(field);
    cache.set(field.name, k);
  }
  return k;
}

function build(field: FieldParams): FieldKernel {
  const { name, p, byteLength, ts: g } = field;
  if (BigInt("0x" + g.MODULUS_HEX) !== p) {
    throw new Error(`field/ts/generated/${name}.ts is stale: run \`deno task gen\``);
  }
  const n = g.LIMBS;
  const mask24 = (1n << 24n) - 1n;
  const arena = new ArenaBox(INITIAL_SLOTS * n);
  const ops = g.bindSlots(arena);
  // Pornin's binary GCD on this layout (field/algorithms/inverse_ts.ts) has no branch on data in its
  // source, but `deno task ct` measures an input-dependent running time of about 15 ns in 10–18 µs
  // (|t| > 100, cause inside V8's code for it not found), so it serves only public data here;
  // `inv` uses Fermat's little theorem over the branch-free mul/sqr, which passes the same test.
  const inverseVartime = buildTsInverse(p, n);
  let used = 0;

  function alloc(count: number): number {
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new RangeError("alloc: count must be a natural number");
    }
    const first = used, next = used + count;
    const old = arena.m;
    if (next * n > old.length) {
      let slots = old.length / n;
      while (slots < next) slots *= 2;
      let grown: Float64Array;
      try {
        grown = new Float64Array(slots * n);
      } catch (e) {
        // Out of memory: nothing changed (used, the arena), so the kernel keeps working.
        if (!(e instanceof RangeError)) throw e;
        throw new IsochronError("OUT_OF_MEMORY", `${name}: cannot grow the arena to ${slots} slots`);
      }
      grown.set(old);
      old.fill(0); // the old arena may have held secrets
      arena.m = grown;
    }
    used = next;
    return first;
  }

  // Internal slots: an all-zero slot, conversion scratch (plain digits, wiped after each use), and
  // the plain multipliers of the conversions: into Montgomery form x·R = mul(x, R² mod p), out of it
  // x·R⁻¹ = mul(x, 1) (mul takes any plain x < 2^(24n) when the other factor is below p).
  const ZERO = alloc(1);
  const T = alloc(1);
  const R2 = alloc(1);
  const ONE = alloc(1);

  /** Writes the digits of 0 ≤ x < 2^(24n) into `slot` (plain, not in Montgomery form). */
  function digitsTo(slot: number, x: bigint): void {
    for (let i = 0; i < n; i++) arena.m[slot * n + i] = Number((x >> BigInt(24 * i)) & mask24) * INV24;
  }
  const digitsToT = (x: bigint): void => digitsTo(T, x);
  digitsTo(R2, (1n << BigInt(48 * n)) % p);
  digitsTo(ONE, 1n);
  const toMont = (o: number, a: number): void => ops.mul(o, a, R2);
  const fromMont = (o: number, a: number): void => ops.mul(o, a, ONE);
  /** The bigint held in slot T as plain digits. */
  function tToBigint(): bigint {
    let x = 0n;
    for (let i = n - 1; i >= 0; i--) x = (x << 24n) | BigInt(arena.m[T * n + i] * TWO24);
    return x;
  }
  const wipe = (first: number, count: number): void => {
    arena.m.fill(0, first * n, (first + count) * n);
  };

  const k: FieldKernel = {
    backend: "ts",
    name,
    p,
    byteLength,
    alloc,
    ...ops,

    fromBytes(out, bytes) {
      checkBytes(bytes, "field element", byteLength); // read only
      // Big-endian bytes → 24-bit digits, 3 bytes each (byte j counted from the least significant end).
      const m = arena.m, t = T * n;
      for (let i = 0; i < n; i++) {
        const j = byteLength - 1 - 3 * i;
        const b0 = bytes[j];
        const b1 = j >= 1 ? bytes[j - 1] : 0; // j depends on i only (public)
        const b2 = j >= 2 ? bytes[j - 2] : 0;
        m[t + i] = (b0 + b1 * 256 + b2 * 65536) * INV24;
      }
      const ok = ops.ltP(T);
      toMont(out, T); // correct for any T < 2^(24n); replaced by zero below if T ≥ p
      ops.cmov(out, ZERO, 1 - ok);
      wipe(T, 1);
      return ok;
    },
    toBytes(a, dst, offset = 0) {
      if (!isBytes(dst)) throw new IsochronError("INVALID_TYPE", "dst must be a Uint8Array");
      if (!Number.isSafeInteger(offset) || offset < 0 || offset + byteLength > dst.length) {
        throw new IsochronError("INVALID_LENGTH", `dst needs ${byteLength} bytes from offset ${offset}`);
      }
      fromMont(T, a);
      const m = arena.m, t = T * n;
      for (let i = 0; i < n; i++) {
        const d = m[t + i] * TWO24; // an integer in [0, 2^24)
        const j = offset + byteLength - 1 - 3 * i;
        dst[j] = d & 255;
        if (3 * i + 1 < byteLength) dst[j - 1] = (d >>> 8) & 255; // public condition (i only)
        if (3 * i + 2 < byteLength) dst[j - 2] = d >>> 16;
      }
      wipe(T, 1);
    },
    setBigintVartime(out, x) {
      digitsToT(((x % p) + p) % p);
      toMont(out, T);
      wipe(T, 1);
    },
    toBigintVartime(a) {
      fromMont(T, a);
      const x = tToBigint();
      wipe(T, 1);
      return x;
    },

    inv: (o, a) => invFermat(k, o, a),
    invVartime: (o, a) => inverseVartime.inv(arena.m, o * n, a * n),
    sqrt: (o, a) => sqrtCt(k, o, a),
    isSquare: (a) => isSquareCt(k, a),
    pow: (o, a, e) => powCt(k, o, a, e),
    batchInvVartime: (outs, ins) => batchInvVartime(k, outs, ins),
    wipe,
    storeStride: n,
    newStore: (count) => new Float64Array(count * n),
    saveSlots(first, count, store, at) {
      const m = arena.m, a = first * n, len = count * n;
      for (let i = 0; i < len; i++) store[at + i] = m[a + i];
    },
    loadSlots(first, count, store, at) {
      const m = arena.m, a = first * n, len = count * n;
      for (let i = 0; i < len; i++) m[a + i] = store[at + i];
    },
  };
  return Object.freeze(k);
}
