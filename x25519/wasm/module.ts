/**
 * Builds the X25519 WebAssembly module: the field functions (on memory addresses, for the drivers'
 * epilogues and for tests), the inversion, the Montgomery ladder and the fixed-base driver. Generated
 * from x25519/wasm/field.ts at first use; nothing from field/ is used (the emitter and the inversion are
 * wasm/'s).
 *
 * Exports (all arguments are i32 byte addresses unless noted):
 * ```
 * fe_mul(o, a, b)  fe_sq(o, a)  fe_add(o, a, b)  fe_sub(o, a, b)  fe_mul_a24(o, a)   straight-line
 * fe_mul_a24_add(o, a, b): o ← a24·a + b (with x25519_calls, its one caller)           straight-line
 * fe_carry(o, a)   fe_cswap(a, b, flag: 0|1)  fe_frombytes(o, s)  fe_tobytes(s, a)   straight-line
 * fe_invert(o, a)                      calls of fe_tobytes, fe_invert_bytes, fe_frombytes
 * fe_invert_bytes(o, a, 0)             on canonical 32-byte values (wasm/inverse.ts): counted loop
 * recode(e, k)                                                                       straight-line
 * x25519(out, k, u)                    the whole ladder: counted loop
 * x25519_calls(out, k, u)              the same ladder, state in memory, a call per product: counted loop
 * x25519_base(out, k)                  the whole fixed-base multiplication: counted loops
 * ```
 * The full module has every export. A first-use module (`ladders`, `base` options) leaves out the
 * ladder shape the engine does not run and the fixed-base driver, which a program needs only from
 * its third key pair on (issue 13, cold start: about a third less to generate).
 * Limb bounds are those of the emitters in field.ts: field inputs loose, outputs tight; fe_add and
 * fe_sub do not reduce. The table scan uses a few SIMD bitwise instructions when the engine has them
 * (`simd` option). Everything else is scalar i64.
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
  emitMulSmallAdd,
  emitSqr,
  emitStore,
  emitSub,
  emitToBytes,
  type Fe,
  LocalPool,
} from "./field.ts";
import { INV_BYTES, PAGES } from "./layout.ts";
import { inverseFunction } from "../../wasm/inverse.ts";
import { A24, P } from "../curve.ts";
import { buildLadder, buildLadderCalls } from "./ladder.ts";
import { buildBaseDriver, buildRecode } from "./edwards.ts";

/** Indices of the module's functions, for `call`. */
export interface FieldFunctions {
  mul: number;
  sq: number;
  add: number;
  sub: number;
  mulA24: number;
  /** fe_mul_a24_add (a24·a + b), or −1 where the module has no call ladder. */
  mulA24Add: number;
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

/**
 * out ← a⁻¹ (0 ↦ 0), constant-time: a's canonical encoding (fe_tobytes) is inverted by the binary GCD
 * of wasm/inverse.ts (`fe_invert_bytes`: T. Pornin, ePrint 2020/972, 17 outer iterations of 30 steps
 * for 255 bits, no secret-dependent branch), then read back (fe_frombytes). 2.6 µs against 5.5 µs for
 * ref10's chain of 254 squarings and 11 multiplications it replaces (Node 20 and 26, one process,
 * alternating, best of 300): a shared secret 3–5 % faster, a public key 12–14 % (Bun 27 %). Straight-line
 * calls; buffer at INV_BYTES.
 */
function invert(f: { tobytes: number; invertBytes: number; frombytes: number }): FunctionBuilder {
  const fb = new FunctionBuilder(params(2));
  fb.i32Const(INV_BYTES).localGet(1).call(f.tobytes);
  fb.i32Const(INV_BYTES).i32Const(INV_BYTES).i32Const(0).call(f.invertBytes);
  fb.localGet(0).i32Const(INV_BYTES).call(f.frombytes);
  return fb;
}

/** A ladder export of the module (x25519/wasm/shape.ts: which shape each one is). */
export type LadderExport = "x25519" | "x25519_calls";

/** Build options. */
export interface BuildOptions {
  /** Scan the fixed-base table with SIMD (v128) instructions (default true). */
  simd?: boolean;
  /**
   * The ladders to emit (default both, `x25519` and `x25519_calls`: the full module, the bytes of
   * `x25519WasmBytes` and the `.wasm` files). A first-use module emits only the engine's own
   * (x25519/wasm/backend.ts).
   */
  ladders?: readonly LadderExport[];
  /** Emit `recode` and the fixed-base driver `x25519_base` (default true). */
  base?: boolean;
}

/**
 * The module's bytes. Deterministic: the same options give the same bytes. Leaving exports out
 * (`ladders`, `base`) leaves the others byte-for-byte the same functions, in the same order.
 */
export function buildX25519Wasm(opts: BuildOptions = {}): Uint8Array {
  const simd = opts.simd ?? true;
  const ladders: readonly LadderExport[] = opts.ladders ?? [
    "x25519",
    "x25519_calls",
  ];
  const mb = new ModuleBuilder().defineMemory(PAGES);
  const mul = mb.addFunction(
    "fe_mul",
    memFunction(2, (fb, pool, out, [a, b]) => emitMul(fb, pool, out, a, b)),
  );
  const sq = mb.addFunction("fe_sq", memFunction(1, (fb, pool, out, [a]) => emitSqr(fb, pool, out, a)));
  const add = mb.addFunction("fe_add", memFunction(2, (fb, _pool, out, [a, b]) => emitAdd(fb, out, a, b)));
  const sub = mb.addFunction("fe_sub", memFunction(2, (fb, _pool, out, [a, b]) => emitSub(fb, out, a, b)));
  const mulA24 = mb.addFunction(
    "fe_mul_a24",
    memFunction(1, (fb, pool, out, [a]) => emitMulSmall(fb, pool, out, a, A24)),
  );
  const mulA24Add = ladders.includes("x25519_calls")
    ? mb.addFunction(
      "fe_mul_a24_add",
      memFunction(2, (fb, pool, out, [a, b]) => emitMulSmallAdd(fb, pool, out, a, A24, b)),
    )
    : -1;
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
  // Canonical values as 8 little-endian u32 words, inverted with u started at 1 (the plain inverse).
  const invertBytes = mb.addFunction("fe_invert_bytes", inverseFunction(P, { limbBits: 32, start: 1n }));
  const inv = mb.addFunction("fe_invert", invert({ tobytes, invertBytes, frombytes }));
  const fns: FieldFunctions = { mul, sq, add, sub, mulA24, mulA24Add, frombytes, invert: inv, tobytes };
  if (ladders.includes("x25519")) mb.addFunction("x25519", buildLadder(fns));
  if (ladders.includes("x25519_calls")) mb.addFunction("x25519_calls", buildLadderCalls(fns));
  if (opts.base ?? true) {
    const recode = mb.addFunction("recode", buildRecode());
    mb.addFunction("x25519_base", buildBaseDriver(fns, recode, simd));
  }
  return mb.toBytes();
}
