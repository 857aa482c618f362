/**
 * The table lookups `select_S_N(out, first, step, d)` (curves/group/wasm_select.ts) only move values:
 * proven from the bytes by a symbolic evaluation of the body. Every value is kept as an expression
 * string over the parameters (p0 … p3), constants and loads; every store must be
 *
 *   out + o ← OR_{i < N} (load(first + step·i, o) AND ext(mask_i)),   mask_i = ((x − 1) & ~x) >>s 31,
 *   x = d ⊕ i
 *
 * for the words o that tile the entry's S·stride bytes exactly once (v128, i64 or i32 words, `ext` the
 * matching widening of the i32 mask; an i32 tail word where the entry is 4 mod 8 bytes, e.g. 3·52 with
 * limbs at rest). mask_i is all ones iff x = 0: for x = 0, x − 1 = ~x = −1; for x ≠ 0 with its top bit
 * set, ~x has it clear; with it clear, x − 1 ≥ 0 has it clear too. So at most one mask is all ones
 * (none when d ∉ [0, N)), and every output byte is the same byte of entry d, or 0: out's element j is
 * entry d's element j or zero, so any bound that holds for element j of every entry holds for out's
 * (bounds are preserved). Any other instruction or shape throws.
 * @module
 */
import type { WasmFunction } from "../ct/wasm_decode.ts";
import { Unclassified } from "./calls_analysis.ts";

const BINARY = new Set([
  "i32.xor",
  "i32.sub",
  "i32.and",
  "i32.or",
  "i32.shr_s",
  "i32.mul",
  "i32.add",
  "i64.and",
  "i64.or",
  "simd.78", // v128.and
  "simd.80", // v128.or
]);
const UNARY = new Set(["i64.extend_i32_s", "simd.17" /* i32x4.splat */]);
const WORDS: Record<
  string,
  { bytes: number; load: string; and: string; or: string; ext: (m: string) => string }
> = {
  "v128.store": { bytes: 16, load: "v128.load", and: "simd.78", or: "simd.80", ext: (m) => `simd.17(${m})` },
  "i64.store": {
    bytes: 8,
    load: "i64.load",
    and: "i64.and",
    or: "i64.or",
    ext: (m) => `i64.extend_i32_s(${m})`,
  },
  "i32.store": { bytes: 4, load: "i32.load", and: "i32.and", or: "i32.or", ext: (m) => m },
};

/** The mask of entry i as the evaluator spells it (d is parameter 3). */
const mask = (i: number) => `i32.shr_s(i32.and(i32.sub(i32.xor(p3,${i}),1),i32.xor(i32.xor(p3,${i}),-1)),31)`;

/** mask_i(d) evaluated (the argument of the module doc, checked on sample d). */
export function maskValue(i: number, d: number): number {
  const x = (d ^ i) | 0;
  return (((x - 1) | 0) & ~x) >> 31;
}

/** Proves `fn` a lookup of `count` entries of `bytes` bytes (throws otherwise); returns the words proven. */
export function proveSelect(fn: WasmFunction, bytes: number, count: number): number {
  if (fn.params !== 4) throw new Unclassified(`${fn.name}: not select(out, first, step, d)`);
  const locals: string[] = Array.from({ length: fn.locals }, (_, i) => (i < 4 ? `p${i}` : "0"));
  const stack: string[] = [];
  const pop = () => {
    const v = stack.pop();
    if (v === undefined) throw new Unclassified(`${fn.name}: stack underflow`);
    return v;
  };
  const stores: { name: string; addr: string; offset: number; value: string }[] = [];
  fn.body.forEach((ins, k) => {
    const n = ins.name;
    if (n === "end" && k === fn.body.length - 1) return;
    if (n === "local.get") stack.push(locals[ins.imm[0] as number]);
    else if (n === "local.set") locals[ins.imm[0] as number] = pop();
    else if (n === "local.tee") locals[ins.imm[0] as number] = stack[stack.length - 1];
    else if (n === "i32.const") stack.push(String(ins.imm[0]));
    else if (BINARY.has(n)) {
      const b = pop(), a = pop();
      stack.push(`${n}(${a},${b})`);
    } else if (UNARY.has(n)) stack.push(`${n}(${pop()})`);
    else if (n === "v128.load" || n === "i64.load" || n === "i32.load") {
      stack.push(`${n}(${pop()},${ins.imm[1]})`);
    } else if (n in WORDS) {
      const value = pop(), addr = pop();
      stores.push({ name: n, addr, offset: ins.imm[1] as number, value });
    } else throw new Unclassified(`${fn.name}: unmodelled instruction ${n} at offset ${ins.offset}`);
  });
  if (stack.length !== 0) throw new Unclassified(`${fn.name}: values left on the stack`);
  // the stored words tile [0, bytes) exactly once, each the masked OR of the entries' same word
  const covered = new Uint8Array(bytes);
  for (const s of stores) {
    const w = WORDS[s.name];
    if (s.addr !== "p0") throw new Unclassified(`${fn.name}: stores to ${s.addr}, not out`);
    for (let b = s.offset; b < s.offset + w.bytes; b++) {
      if (b >= bytes || covered[b]++) {
        throw new Unclassified(`${fn.name}: word at ${s.offset} overlaps or overruns`);
      }
    }
    let want = "0";
    for (let i = 0; i < count; i++) {
      want = `${w.or}(${want},${w.and}(${w.load}(i32.add(p1,i32.mul(p2,${i})),${s.offset}),${
        w.ext(mask(i))
      }))`;
    }
    if (s.value !== want) {
      throw new Unclassified(`${fn.name}: the word at ${s.offset} is not the masked OR of the entries' word`);
    }
  }
  if (covered.some((c) => c !== 1)) throw new Unclassified(`${fn.name}: the entry is not covered`);
  return stores.length;
}
