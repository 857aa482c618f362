/**
 * Builds the X25519 WebAssembly module: the field functions (on memory addresses, for the drivers'
 * epilogues and for tests), the inversion, the Montgomery ladder and the fixed-base driver. Generated
 * from x25519/wasm/field.ts at first use; nothing else from field/ than the emitter is used.
 *
 * Exports (all arguments are i32 byte addresses unless noted):
 * ```
 * fe_mul(o, a, b)  fe_sq(o, a)  fe_add(o, a, b)  fe_sub(o, a, b)  fe_mul_a24(o, a)   straight-line
 * fe_carry(o, a)   fe_cswap(a, b, flag: 0|1)  fe_frombytes(o, s)  fe_tobytes(s, a)   straight-line
 * fe_invert(o, a)                      straight-line (calls only)
 * recode(e, k)                                                                       straight-line
 * x25519(out, k, u)                    the whole ladder: counted loop
 * x25519_calls(out, k, u)              the same ladder, state in memory, a call per product: counted loop
 * x25519_mixed(out, k, u)              the same ladder, squarings in SIMD pairs beside scalar products (SIMD module)
 * x25519_simd(out, k, u)               the same ladder, two field elements per v128 (`pairLadder` given)
 * x25519_base(out, k)                  the whole fixed-base multiplication: counted loops
 * ```
 * The full module has every export. A first-use module (`ladders`, `base` options) leaves out the
 * ladder shape the engine does not run and the fixed-base driver, which a program needs only from
 * its third key pair on (issue 13, cold start: about a third less to generate).
 * Limb bounds are those of the emitters in field.ts: field inputs loose, outputs tight; fe_add and
 * fe_sub do not reduce. The table scan uses a few SIMD bitwise instructions when the engine has them
 * (`simd` option), and so do the two SIMD ladders: `x25519_mixed` (SIMD module) and `x25519_simd`,
 * whose builder (ladder_simd.ts) is passed in by the callers that build the published bytes
 * (`x25519WasmBytes`, the `.wasm` files), so that bundles that generate their module at run time do
 * not carry it. Everything else is scalar i64.
 * @module
 */

import { FunctionBuilder, I32, ModuleBuilder, Op, type ValType } from "../../wasm/emitter.ts";
import {
  emitAdd,
  emitCarryFe,
  emitCswap,
  emitFromBytes,
  emitLoad,
  emitMul,
  emitMulSmall,
  emitSqr,
  emitStore,
  emitSub,
  emitToBytes,
  type Fe,
  LocalPool,
} from "./field.ts";
import { INV_T, PAGES } from "./layout.ts";
import { A24 } from "../curve.ts";
import { buildLadder, buildLadderCalls } from "./ladder.ts";
import { buildLadderMixed } from "./ladder_mixed.ts";
import { buildBaseDriver, buildRecode } from "./edwards.ts";

/** Indices of the module's functions, for `call`. */
export interface FieldFunctions {
  mul: number;
  sq: number;
  add: number;
  sub: number;
  mulA24: number;
  frombytes: number;
  invert: number;
  tobytes: number;
}

const params = (n: number): ValType[] => Array.from({ length: n }, () => I32);

/** A function on memory operands: loads the inputs, runs `body` on locals, stores the output. */
function memFunction(
  inputs: number,
  body: (fb: FunctionBuilder, pool: LocalPool, out: Fe, ins: Fe[]) => void,
) {
  const fb = new FunctionBuilder(params(inputs + 1));
  const pool = new LocalPool(fb);
  const ins = Array.from({ length: inputs }, (_, i) => {
    const f = pool.fe();
    emitLoad(fb, f, i + 1);
    return f;
  });
  const out = pool.fe();
  body(fb, pool, out, ins);
  emitStore(fb, 0, out);
  return fb;
}

/** `n` squarings in a row on locals: out ← a^(2^n). */
function sqn(n: number): FunctionBuilder {
  return memFunction(1, (fb, pool, out, [a]) => {
    emitSqr(fb, pool, out, a);
    for (let i = 1; i < n; i++) emitSqr(fb, pool, out, out);
  });
}

/**
 * out ← a^(p−2) = a^(2^255 − 21) (0 ↦ 0), constant-time: the addition chain of ref10's fe_invert,
 * 254 squarings and 11 multiplications. Straight-line calls; temporaries in INV_T.
 */
function invert(f: { mul: number; sq: number; sq2: number; sq5: number }): FunctionBuilder {
  const fb = new FunctionBuilder(params(2));
  const [t0, t1, t2, t3] = INV_T;
  const A = -1; // stands for the input address (local 1)
  const arg = (x: number) => (x === A ? fb.localGet(1) : fb.i32Const(x));
  const mul = (o: number, a: number, b: number) => {
    arg(o);
    arg(a);
    arg(b);
    fb.call(f.mul);
  };
  /** o ← a^(2^n): calls of the 5-, 2- and 1-squaring functions. */
  const sq = (o: number, a: number, n: number) => {
    let src = a;
    for (const [step, fn] of [[5, f.sq5], [2, f.sq2], [1, f.sq]]) {
      while (n >= step) {
        arg(o);
        arg(src);
        fb.call(fn);
        src = o;
        n -= step;
      }
    }
  };
  sq(t0, A, 1); //               z^2
  sq(t1, t0, 2); //              z^8
  mul(t1, A, t1); //             z^9
  mul(t0, t0, t1); //            z^11
  sq(t2, t0, 1); //              z^22
  mul(t1, t1, t2); //            z^(2^5 − 1)
  sq(t2, t1, 5);
  mul(t1, t2, t1); //            z^(2^10 − 1)
  sq(t2, t1, 10);
  mul(t2, t2, t1); //            z^(2^20 − 1)
  sq(t3, t2, 20);
  mul(t2, t3, t2); //            z^(2^40 − 1)
  sq(t2, t2, 10);
  mul(t1, t2, t1); //            z^(2^50 − 1)
  sq(t2, t1, 50);
  mul(t2, t2, t1); //            z^(2^100 − 1)
  sq(t3, t2, 100);
  mul(t2, t3, t2); //            z^(2^200 − 1)
  sq(t2, t2, 50);
  mul(t1, t2, t1); //            z^(2^250 − 1)
  sq(t1, t1, 5); //              z^(2^255 − 32)
  fb.localGet(0).i32Const(t1).i32Const(t0).call(f.mul); // z^(2^255 − 21)
  return fb;
}

/** A ladder export of the module (x25519/wasm/shape.ts: which shape each one is). */
export type LadderExport = "x25519" | "x25519_calls" | "x25519_mixed" | "x25519_simd";

/** Build options. */
export interface BuildOptions {
  /** Scan the fixed-base table with SIMD (v128) instructions (default true). */
  simd?: boolean;
  /**
   * The ladders to emit (default `x25519`, `x25519_calls`, `x25519_mixed` with SIMD, and `x25519_simd`
   * when `pairLadder` is given: the full module, the bytes of `x25519WasmBytes` and the
   * `.wasm` files). A first-use module emits only the engine's own (x25519/wasm/backend.ts).
   */
  ladders?: readonly LadderExport[];
  /** The pair ladder's builder (ladder_simd.ts `pairLadder`), needed for `x25519_simd`; SIMD only. */
  pairLadder?: (mb: ModuleBuilder, fns: FieldFunctions) => FunctionBuilder;
  /** Emit `recode` and the fixed-base driver `x25519_base` (default true). */
  base?: boolean;
}

/**
 * The module's bytes. Deterministic: the same options give the same bytes. Leaving exports out
 * (`ladders`, `base`) leaves the others byte-for-byte the same functions, in the same order.
 */
export function buildX25519Wasm(opts: BuildOptions = {}): Uint8Array {
  const simd = opts.simd ?? true;
  const pair = opts.pairLadder;
  const ladders: readonly LadderExport[] = opts.ladders ?? [
    "x25519",
    "x25519_calls",
    ...(simd ? ["x25519_mixed" as const] : []),
    ...(simd && pair ? ["x25519_simd" as const] : []),
  ];
  if (!simd && ladders.includes("x25519_mixed")) throw new RangeError("x25519_mixed needs the SIMD module");
  if (ladders.includes("x25519_simd") && (!simd || pair === undefined)) {
    throw new RangeError("x25519_simd needs the SIMD module and its builder");
  }
  const mb = new ModuleBuilder().defineMemory(PAGES);
  const mul = mb.addFunction(
    "fe_mul",
    memFunction(2, (fb, pool, out, [a, b]) => emitMul(fb, pool, out, a, b)),
  );
  const sq = mb.addFunction("fe_sq", sqn(1));
  const add = mb.addFunction("fe_add", memFunction(2, (fb, _pool, out, [a, b]) => emitAdd(fb, out, a, b)));
  const sub = mb.addFunction("fe_sub", memFunction(2, (fb, _pool, out, [a, b]) => emitSub(fb, out, a, b)));
  const mulA24 = mb.addFunction(
    "fe_mul_a24",
    memFunction(1, (fb, pool, out, [a]) => emitMulSmall(fb, pool, out, a, A24)),
  );
  mb.addFunction("fe_carry", memFunction(1, (fb, pool, out, [a]) => emitCarryFe(fb, pool, out, a)));
  {
    const fb = new FunctionBuilder(params(3));
    const pool = new LocalPool(fb);
    const [f, g] = [pool.fe(), pool.fe()];
    emitLoad(fb, f, 0);
    emitLoad(fb, g, 1);
    const mask = fb.local(0x7e);
    fb.i64Const(0).localGet(2).op(Op.i64ExtendI32U).op(Op.i64Sub).localSet(mask);
    emitCswap(fb, pool, f, g, mask);
    emitStore(fb, 0, f);
    emitStore(fb, 1, g);
    mb.addFunction("fe_cswap", fb);
  }
  let frombytes: number;
  {
    const fb = new FunctionBuilder(params(2));
    const pool = new LocalPool(fb);
    const out = pool.fe();
    emitFromBytes(fb, pool, out, 1);
    emitStore(fb, 0, out);
    frombytes = mb.addFunction("fe_frombytes", fb);
  }
  let tobytes: number;
  {
    const fb = new FunctionBuilder(params(2));
    const pool = new LocalPool(fb);
    const a = pool.fe();
    emitLoad(fb, a, 1);
    emitToBytes(fb, pool, 0, a);
    tobytes = mb.addFunction("fe_tobytes", fb);
  }
  const sq2 = mb.addFunction(null, sqn(2));
  const sq5 = mb.addFunction(null, sqn(5));
  const inv = mb.addFunction("fe_invert", invert({ mul, sq, sq2, sq5 }));
  const fns: FieldFunctions = { mul, sq, add, sub, mulA24, frombytes, invert: inv, tobytes };
  if (ladders.includes("x25519")) mb.addFunction("x25519", buildLadder(fns));
  if (ladders.includes("x25519_calls")) mb.addFunction("x25519_calls", buildLadderCalls(fns));
  if (ladders.includes("x25519_simd")) mb.addFunction("x25519_simd", pair!(mb, fns));
  if (ladders.includes("x25519_mixed")) mb.addFunction("x25519_mixed", buildLadderMixed(fns));
  if (opts.base ?? true) {
    const recode = mb.addFunction("recode", buildRecode());
    mb.addFunction("x25519_base", buildBaseDriver(fns, recode, simd));
  }
  return mb.toBytes();
}
