/**
 * `EmitFp2`: an Fp2 layer that, instead of computing, writes wasm code into the function being built;
 * fp6.ts and fp12.ts run over it once, at module build time, to compile their formulas.
 *
 * Virtual slots: ref = base·2^20 + k names "k base slots past the address in parameter base − 1", or
 * past the scratch parameter when base = SCRATCH, so the formulas' slot arithmetic carries over.
 *
 * Lazy linear algebra: sums, differences, negations, doublings and multiplications by ξ or u emit
 * nothing; each base slot they write holds a pending expression Σ c_i·[slot_i] (small integers c_i
 * over slots whose memory is current). A pending slot is materialized, by one inline
 * `emitSmallCombination` (one carry chain, then a reduction: conditional subtractions, or for a large
 * bound M a subtraction of the estimated quotient times p and one more), only when a
 * multiplication reads it or when its memory is about to be overwritten; pending results in scratch
 * that nothing reads are never computed. This fuses e.g. Fp6's c0 = t0 + ξ(x − t1 − t2) into one
 * combination per coefficient instead of four calls. Every stored value is still fully reduced.
 *
 * Aliasing: parameters may alias each other at run time (out = a), which virtual slots cannot see, so
 * before anything is stored into a parameter's memory every pending expression that reads any
 * parameter is materialized first. Together with the formulas' own rule (out is written only after the
 * inputs' last read) this keeps the emitted functions alias-safe like the formulas.
 * @module
 */
import { FunctionBuilder, I32, Op } from "../../wasm/emitter.ts";
import type { FieldModuleContext } from "../wasm/module.ts";
import type { FieldKernel } from "../kernel.ts";
import type { Fp2Value } from "./fp2_value.ts";
import type { Fp2Ops } from "./fp2.ts";
import type { Fp2Indices } from "./wasm_fp2.ts";
import { emitSmallCombination, mulInputBounds, type Ref, storeLimbs } from "./wasm_fp2_emit.ts";

/** Virtual slots per base (parameter or scratch). */
export const SHIFT: number = 1 << 20;
/** The base of the scratch area's virtual slots. */
export const SCRATCH = 31;
/** The virtual slot of parameter i (0-based). */
export const param = (i: number): number => (i + 1) * SHIFT;

/** A pending value: base slot → small integer coefficient. */
type Expr = Map<number, number>;

const isParam = (ref: number) => Math.floor(ref / SHIFT) !== SCRATCH;

/** An Fp2 layer that writes wasm into the current function (see the module doc). */
export class EmitFp2 implements Fp2Ops {
  private f: FunctionBuilder = new FunctionBuilder([]);
  private scratchLocal = 0;
  private readonly pending = new Map<number, Expr>();
  /** Scratch base slots whose memory holds a "loose" value, in [0, 2p) instead of [0, p). */
  private readonly loose = new Set<number>();
  /** Base slots of scratch handed out so far (the scratch area's size). */
  scratchUsed = 0;
  readonly fp: Pick<FieldKernel, "alloc" | "wipe" | "setOne">;

  /** `xi0`: ξ's real part (ξ = xi0 + u). */
  constructor(
    private readonly ctx: FieldModuleContext,
    private readonly fn2: Fp2Indices,
    private readonly xi0: number,
  ) {
    this.fp = {
      alloc: (count: number): number => {
        const first = SCRATCH * SHIFT + this.scratchUsed;
        this.scratchUsed += count;
        return first;
      },
      wipe: (first: number, count: number): void => {
        for (let i = 0; i < count; i++) this.assign(first + i, new Map());
      },
      setOne: (out: number): void => {
        this.pending.delete(out); // dead: overwritten (see product)
        this.beforeStore(out);
        this.loose.delete(out);
        this.call(ctx.fn.setOne, out);
      },
    };
  }

  /** Starts emitting into `f`, whose i32 local `scratchLocal` holds the scratch area's address. */
  begin(f: FunctionBuilder, scratchLocal: number): void {
    this.f = f;
    this.scratchLocal = scratchLocal;
    this.pending.clear();
    this.loose.clear();
  }
  /** Materializes every pending parameter slot (the outputs); pending scratch values are dead. */
  end(): void {
    for (const slot of [...this.pending.keys()]) if (isParam(slot)) this.materialize(slot);
    this.pending.clear();
  }

  /** The address of virtual slot `ref` as a Ref (local + static offset). */
  private ref(ref: number): Ref {
    const base = Math.floor(ref / SHIFT);
    return {
      local: base === SCRATCH ? this.scratchLocal : base - 1,
      offset: (ref % SHIFT) * this.ctx.c.stride,
    };
  }
  /** Pushes the byte address of virtual slot `ref`. */
  private addr(ref: number): void {
    const { local, offset } = this.ref(ref);
    this.f.localGet(local);
    if (offset !== 0) this.f.i32Const(offset).op(Op.i32Add);
  }
  private call(index: number, ...refs: number[]): void {
    for (const r of refs) this.addr(r);
    this.f.call(index);
  }

  /** The value of base slot `slot` as an expression. */
  private read(slot: number): Expr {
    return this.pending.get(slot) ?? new Map([[slot, 1]]);
  }
  /** Σ coef·expr, dropping zero coefficients. */
  private lin(...terms: [Expr, number][]): Expr {
    const out: Expr = new Map();
    for (const [e, c] of terms) {
      for (const [s, k] of e) {
        const v = (out.get(s) ?? 0) + c * k;
        if (v === 0) out.delete(s);
        else out.set(s, v);
      }
    }
    return out;
  }
  private assign(slot: number, e: Expr): void {
    if (e.size === 1 && e.get(slot) === 1) this.pending.delete(slot);
    else this.pending.set(slot, e);
    if (!this.lazy) this.materialize(slot);
  }
  /** false: materialize every linear result at once (for comparisons). */
  lazy = true;
  /**
   * Computes a pending slot's value and stores it, by a call to a combination function; `target` 2
   * lets a scratch slot keep a loose value (< 2p). Without a pending value, a loose slot asked for
   * target 1 is reduced in place.
   */
  private materialize(slot: number, target: 1 | 2 = 1): void {
    if (isParam(slot)) target = 1;
    let e = this.pending.get(slot);
    if (e === undefined) {
      if (!this.loose.has(slot) || target === 2) return;
      e = new Map([[slot, 1]]);
    } else if (this.reading.some((r) => r.has(slot))) {
      // A materialization in progress still reads this slot's memory (pending values that read each
      // other's memory, e.g. after an in-place mulByXi): compute the value into a fresh scratch slot
      // and leave the memory as it is; the slot's value is now that slot's.
      const tmp = this.fp.alloc(1);
      this.emitCombination(tmp, e, target);
      this.pending.set(slot, new Map([[tmp, 1]]));
      return;
    } else {
      this.pending.delete(slot);
      this.reading.push(e);
      this.beforeStore(slot);
      this.reading.pop();
    }
    this.emitCombination(slot, e, target);
  }
  /** The expressions of the materializations in progress (their memory must not change under them). */
  private readonly reading: Expr[] = [];
  /** Emits out ← e (a call of its combination function) and records whether out is loose. */
  private emitCombination(out: number, e: Expr, target: 1 | 2): void {
    const terms = [...e].map(([s, k]) => [s, k, this.loose.has(s) ? 2 : 1] as const);
    terms.sort((x, y) => x[1] - y[1] || x[2] - y[2]);
    this.call(this.combination(terms.map(([, k, b]) => [k, b]), target), out, ...terms.map(([s]) => s));
    if (target === 2) this.loose.add(out);
    else this.loose.delete(out);
  }
  private readonly combinations = new Map<string, number>();
  /**
   * The function index of `lin(out, x_1, …, x_k)`: out ← Σ coef_i·x_i mod p (x_i < bound_i·p, out <
   * target·p), emitted on first use, one per pattern. All loads precede the stores: out may alias any x_i.
   */
  private combination(terms: readonly (readonly [number, number])[], target: 1 | 2): number {
    const key = `${target}:${terms.join(";")}`;
    let index = this.combinations.get(key);
    if (index === undefined) {
      const f = new FunctionBuilder(Array(terms.length + 1).fill(I32), []);
      const refs = terms.map(([k, b], i) => [{ local: i + 1, offset: 0 }, k, b] as const);
      storeLimbs(f, { local: 0, offset: 0 }, emitSmallCombination(f, this.ctx.c, refs, target));
      index = this.ctx.module.addFunction(null, f);
      this.combinations.set(key, index);
    }
    return index;
  }
  /** Materializes what would read `slot`'s memory after a store to it (see the module doc on aliasing). */
  private beforeStore(slot: number): void {
    const param = isParam(slot);
    for (const [s, e] of [...this.pending]) {
      if (!this.pending.has(s)) continue;
      let reads = e.has(slot);
      if (!reads && param) { for (const r of e.keys()) if (isParam(r)) reads = true; }
      if (reads) this.materialize(s);
    }
  }
  /** Clears the way for the outputs, then emits `call index(args…)` (inputs already materialized). */
  private product(index: number, outs: readonly number[], args: readonly number[]): void {
    // The outputs' own pending values are dead (overwritten here; readers inlined them), so they are
    // dropped first, and only the expressions that read the outputs' memory are computed.
    for (const s of outs) this.pending.delete(s);
    for (const s of outs) {
      this.beforeStore(s);
      this.loose.delete(s);
    }
    this.call(index, ...args);
  }

  alloc(count = 1): number {
    return this.fp.alloc(2 * count);
  }
  add(out: number, a: number, b: number): void {
    const e0 = this.lin([this.read(a), 1], [this.read(b), 1]);
    const e1 = this.lin([this.read(a + 1), 1], [this.read(b + 1), 1]);
    this.assign(out, e0), this.assign(out + 1, e1);
  }
  sub(out: number, a: number, b: number): void {
    const e0 = this.lin([this.read(a), 1], [this.read(b), -1]);
    const e1 = this.lin([this.read(a + 1), 1], [this.read(b + 1), -1]);
    this.assign(out, e0), this.assign(out + 1, e1);
  }
  dbl(out: number, a: number): void {
    const e0 = this.lin([this.read(a), 2]), e1 = this.lin([this.read(a + 1), 2]);
    this.assign(out, e0), this.assign(out + 1, e1);
  }
  neg(out: number, a: number): void {
    const e0 = this.lin([this.read(a), -1]), e1 = this.lin([this.read(a + 1), -1]);
    this.assign(out, e0), this.assign(out + 1, e1);
  }
  copy(out: number, a: number): void {
    const e0 = this.read(a), e1 = this.read(a + 1);
    this.assign(out, e0), this.assign(out + 1, e1);
  }
  /** ξ = x0 + u: (x0·c0 − c1) + (c0 + x0·c1)·u. */
  mulByXi(out: number, a: number): void {
    const x0 = this.xi0;
    const a0 = this.read(a), a1 = this.read(a + 1);
    const e0 = this.lin([a0, x0], [a1, -1]), e1 = this.lin([a0, 1], [a1, x0]);
    this.assign(out, e0), this.assign(out + 1, e1);
  }
  /**
   * out ← a·b. Scratch operands may stay loose (< 2p): fp2_mul takes a loose first operand, and a
   * loose second one when 8p < R (mulInputBounds); otherwise the operands are swapped (the product
   * commutes) or the second one is reduced in place.
   */
  mul(out: number, a: number, b: number): void {
    const [, bBound] = mulInputBounds(this.ctx.c);
    for (const s of [a, a + 1, b, b + 1]) this.materialize(s, 2);
    const isLoose = (x: number) => this.loose.has(x) || this.loose.has(x + 1);
    if (isLoose(b) && !isLoose(a)) [a, b] = [b, a];
    if (isLoose(b) && bBound === 1) { for (const s of [b, b + 1]) this.materialize(s, 1); }
    this.product(this.fn2.fp2_mul, [out, out + 1], [out, a, b]);
  }
  sqr(out: number, a: number): void {
    for (const s of [a, a + 1]) this.materialize(s, 1);
    this.product(this.fn2.fp2_sqr, [out, out + 1], [out, a]);
  }
  mulByFp(out: number, a: number, f: number): void {
    for (const s of [a, f]) this.materialize(s, 1);
    this.product(this.ctx.fn.mul, [out], [out, a, f]);
    this.materialize(a + 1, 1);
    this.product(this.ctx.fn.mul, [out + 1], [out + 1, a + 1, f]);
  }
  /** Constants (the Frobenius coefficients) are not needed by any emitted function. */
  setBigintVartime(_out: number, _c: Fp2Value): void {}
  frobenius(): void {
    throw new Error("EmitFp2: frobenius is not emitted");
  }
  eq(): number {
    throw new Error("EmitFp2: eq is not emitted");
  }
  isZero(): number {
    throw new Error("EmitFp2: isZero is not emitted");
  }
  cmov(): void {
    throw new Error("EmitFp2: cmov is not emitted");
  }
  cswap(): void {
    throw new Error("EmitFp2: cswap is not emitted");
  }
  inv(): void {
    throw new Error("EmitFp2: inv is not emitted");
  }
  toBigintVartime(): Fp2Value {
    throw new Error("EmitFp2: toBigintVartime is not emitted");
  }
}
