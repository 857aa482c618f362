/**
 * The mixed ladder's step (ladder_mixed.ts) split into three functions of their own, the ladder state
 * in memory (`x25519_simd(out, k, u)`, the shape `simd` of shape.ts): for engines whose optimising
 * tier compiles one large loop badly but a few mid-sized straight-line functions well. Each group
 * loads its operands from the call ladder's slots (ladder.ts `ladderSlot`), runs its products
 * interleaved column by column (two squarings as one SIMD pair product, pair.ts, beside the
 * scalar products of field.ts), and stores its results:
 * ```
 * group 1   A = x2 + z2, B = x2 − z2, C = x3 + z3, D = x3 − z3
 *           (AA, BB) = (A, B)²   ∥  DA = D·A  ∥  CB = C·B                        → aa, bb, da, cb
 * group 2   (x3', W) = (DA + CB, DA − CB)²   ∥  x2' = AA·BB  ∥  a24·E  (E = AA − BB)
 *           T = AA + a24·E                                                       → x3, a (W), x2, t (T), e
 * group 3   z3' = x1·W  ∥  z2' = E·T                                             → z3, z2
 * ```
 * The loop itself keeps nothing in locals but the counter and the swap bit; the conditional swap is
 * done on memory, two limbs per v128 (0.4–1.9 µs faster than limb by limb on Node 20, eight
 * alternating runs, 2026-12-07). 5M + 4S + 1·a24 as in ladder.ts, the bounds of the inline ladder
 * (every product input a sum or difference of two tight values, every output tight).
 *
 * Measured 2026-12-07 in one process alternating the exports (bench/engines/x25519_shapes.mjs, best
 * of 100 rounds), with the Karatsuba products of field.ts: V8 11.3 (Node 20) 73.7–76.2 µs, against
 * 78.3 µs with a call per product and 84.4–86.5 µs for the former pair ladder (two elements per v128,
 * which this replaced); JavaScriptCore 108.6 µs against 96.4 µs with calls (so JavaScriptCore without
 * wide arithmetic runs calls); V8 14.6 80.9 µs against 69.5 µs mixed. Like the mixed ladder it needs
 * SIMD; it is in the published module only (`x25519WasmBytes`, the `.wasm` files), so that bundles
 * which generate their module at run time do not carry its emitter (x25519/wasm/backend.ts).
 *
 * Straight-line but for the counted ladder loop (tests/ct/x25519.test.ts); bounds proven on the
 * emitted code (tests/bounds/x25519_wasm.test.ts).
 * @module
 */

import { FunctionBuilder, I32, type ModuleBuilder } from "../../wasm/emitter.ts";
import { emitAdd, emitLoad, emitStore, emitSub, type Fe, LocalPool, productSteps } from "./field.ts";
import { buildMemoryLadder, ladderSlot } from "./ladder.ts";
import { interleave } from "./ladder_mixed.ts";
import { emitPack, emitUnpack, pairSteps, VPool } from "./pair.ts";
import { A24 } from "../curve.ts";
import type { FieldFunctions } from "./module.ts";

type Slot = Parameters<typeof ladderSlot>[0];

/** The code context of one group: its locals, element loads and stores on the ladder's slots. */
class Group {
  readonly fb = new FunctionBuilder([]);
  readonly pool = new LocalPool(this.fb);
  /** One pool per product run beside another: each releases only its own scratch. */
  readonly side = [new LocalPool(this.fb), new LocalPool(this.fb)];
  private readonly vp = new VPool(this.fb);
  private readonly ptr = this.fb.local(I32);

  load(name: Slot): Fe {
    const f = this.pool.fe();
    this.fb.i32Const(ladderSlot(name)).localSet(this.ptr);
    emitLoad(this.fb, f, this.ptr);
    return f;
  }
  store(name: Slot, f: Fe): void {
    this.fb.i32Const(ladderSlot(name)).localSet(this.ptr);
    emitStore(this.fb, this.ptr, f);
  }
  fe(): Fe {
    return this.pool.fe();
  }
  /**
   * (o1, o2) ← (f1², f2²) as one SIMD pair product, a generator of its code (packed into i32 lanes:
   * inputs are sums or differences of two tight values, < 2^27; unpacked with a sign extension).
   */
  *squares(o1: Fe, o2: Fe, f1: Fe, f2: Fe): Generator<void, void, void> {
    const { fb, vp } = this;
    const lanes = vp.pe(), sq = vp.pe();
    emitPack(fb, lanes, f1, f2);
    yield* pairSteps(fb, vp, sq, lanes, null);
    emitUnpack(fb, o1, o2, sq);
  }
  /** A product beside the others (`side` pool i). */
  product(i: number, out: Fe, f: Fe, g: Fe | null, small = 0): Generator<void, void, void> {
    return productSteps(this.fb, this.side[i], out, f, g, small);
  }
}

/** Group 1: (AA, BB) ∥ DA ∥ CB from x2, z2, x3, z3. */
function group1(): FunctionBuilder {
  const g = new Group();
  const [x2, z2, x3, z3] = [g.load("x2"), g.load("z2"), g.load("x3"), g.load("z3")];
  const [a, b, c, d, aa, bb, da, cb] = Array.from({ length: 8 }, () => g.fe());
  emitAdd(g.fb, a, x2, z2);
  emitSub(g.fb, b, x2, z2);
  emitAdd(g.fb, c, x3, z3);
  emitSub(g.fb, d, x3, z3);
  interleave(g.squares(aa, bb, a, b), g.product(0, da, d, a), g.product(1, cb, c, b));
  g.store("aa", aa), g.store("bb", bb), g.store("da", da), g.store("cb", cb);
  return g.fb;
}

/** Group 2: (x3', W) ∥ x2' = AA·BB ∥ a24·E, then T = AA + a24·E. */
function group2(): FunctionBuilder {
  const g = new Group();
  const [aa, bb, da, cb] = [g.load("aa"), g.load("bb"), g.load("da"), g.load("cb")];
  const [s, d, e, x3, w, x2, t] = Array.from({ length: 7 }, () => g.fe());
  emitAdd(g.fb, s, da, cb);
  emitSub(g.fb, d, da, cb);
  emitSub(g.fb, e, aa, bb);
  interleave(g.squares(x3, w, s, d), g.product(0, x2, aa, bb), g.product(1, t, e, null, A24));
  emitAdd(g.fb, t, aa, t);
  g.store("x3", x3), g.store("a", w), g.store("x2", x2), g.store("t", t), g.store("e", e);
  return g.fb;
}

/** Group 3: z3' = x1·W ∥ z2' = E·T. */
function group3(): FunctionBuilder {
  const g = new Group();
  const [x1, w, e, t] = [g.load("x1"), g.load("a"), g.load("e"), g.load("t")];
  const [z3, z2] = [g.fe(), g.fe()];
  interleave(g.product(0, z3, x1, w), g.product(1, z2, e, t));
  g.store("z3", z3), g.store("z2", z2);
  return g.fb;
}

/**
 * `x25519_simd(out, k, u)` for buildX25519Wasm's `groupedLadder`: adds the three group functions
 * (unexported) and returns the ladder that calls them.
 */
export function groupedLadder(mb: ModuleBuilder, fns: FieldFunctions): FunctionBuilder {
  const groups = [group1(), group2(), group3()].map((g) => mb.addFunction(null, g));
  return buildMemoryLadder(fns, (fb) => {
    for (const g of groups) fb.call(g);
  }, true);
}
