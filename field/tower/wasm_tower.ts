/**
 * Fp6 and Fp12 operations compiled into the base field's wasm module, from the very formulas of
 * fp6.ts and fp12.ts: those classes are run once, at module build time, over `EmitFp2`
 * (wasm_emit_fp2.ts), an Fp2 layer whose methods write wasm instead of computing (calls to fp2_mul /
 * fp2_sqr, and fused linear combinations for the sums in between). Each generated function is
 * straight-line (a sequence of calls), takes byte addresses like the kernel, plus a last parameter:
 * the address of a scratch area of `scratchSlots` base slots (JS side: allocated once per tower,
 * zeroed by `wipeScratch`). JS classes `WasmFp6` / `WasmFp12` call them; every other operation
 * (inversion, Frobenius, cmov, …) is inherited from the composition in fp6.ts / fp12.ts.
 *
 * | function                              | formula (see)                     |
 * | ------------------------------------- | --------------------------------- |
 * | fp6_mul(out, a, b, s), fp6_sqr(out, a, s) | Fp6.mul, Fp6.sqr              |
 * | fp6_add(out, a, b, s), fp6_sub(…)     | Fp6.add, Fp6.sub                  |
 * | fp12_mul(out, a, b, s), fp12_sqr(out, a, s) | Fp12.mul, Fp12.sqr          |
 * | fp12_cyclotomicSqr(out, a, s)         | Fp12.cyclotomicSqr                |
 * | fp12_cyclotomicSqrCompressed(out, a, s) | Fp12.cyclotomicSqrCompressed    |
 * | fp12_decompressTerms(dst, c, s)       | Fp12.decompressTerms              |
 * | fp12_mul014(out, f, o0, o1, o4, s)    | Fp12.mul014                       |
 * | fp12_mul034(out, f, o0, o3, o4, s)    | Fp12.mul034                       |
 * | fp12_add/sub(out, a, b, s), fp12_conj(out, a, s) | Fp12.add, sub, conj    |
 * @module
 */
import { FunctionBuilder, I32 } from "../../wasm/emitter.ts";
import type { ExtraEmitter, WasmLayer } from "../wasm/module.ts";
import type { FieldKernel } from "../kernel.ts";
import type { FrobeniusTable } from "./frobenius.ts";
import { EmitFp2, param } from "./wasm_emit_fp2.ts";
import type { Fp2Ops } from "./fp2.ts";
import { Fp6 } from "./fp6.ts";
import { Fp12 } from "./fp12.ts";
import { FP2_FUNCTIONS, type Fp2Exports, fp2Extras, type Fp2Indices, WasmFp2 } from "./wasm_fp2.ts";
import type { Fp2 } from "./fp2.ts";
import type { TowerFactories } from "./tower.ts";
import type { TowerParams } from "./params.ts";

/** Names of the exported Fp6/Fp12 functions. */
export const TOWER_FUNCTIONS = [
  "fp6_mul",
  "fp6_sqr",
  "fp6_add",
  "fp6_sub",
  "fp12_mul",
  "fp12_sqr",
  "fp12_cyclotomicSqr",
  "fp12_cyclotomicSqrCompressed",
  "fp12_decompressTerms",
  "fp12_mul014",
  "fp12_mul034",
  "fp12_add",
  "fp12_sub",
  "fp12_conj",
] as const;
/** The exports of the Fp6/Fp12 functions. */
export type TowerExports = Readonly<Record<typeof TOWER_FUNCTIONS[number], (...addresses: number[]) => void>>;

/** What the tower adds to a field module, and what its JS side must provide afterwards. */
export interface WasmTowerPlan {
  /** Adds the Fp2, Fp6 and Fp12 functions to the module. */
  readonly emitter: ExtraEmitter;
  /** Base slots of scratch the Fp6/Fp12 functions need (known once the emitter ran). */
  scratchSlots(): number;
}

/**
 * The tower as a layer of a field module plan (field/wasm/plan.ts), named "tower": the Fp2 functions,
 * the Fp6/Fp12 functions and `fp12_scratchSlots()`, which returns the base slots of scratch they need
 * (so that a prebuilt module says it itself). Needs SIMD; computes in Fp[u]/(u² + 1).
 */
export function towerLayer(params: TowerParams, table: FrobeniusTable): WasmLayer {
  const plan = wasmTowerPlan(params, table);
  return {
    name: "tower",
    exports: [...FP2_FUNCTIONS, ...TOWER_FUNCTIONS, "fp12_scratchSlots"],
    emit(ctx) {
      plan.emitter(ctx);
      const f = new FunctionBuilder([], [I32]);
      f.i32Const(plan.scratchSlots());
      ctx.module.addFunction("fp12_scratchSlots", f);
    },
  };
}

/** Plans the wasm tower of `params` (Frobenius table: only needed by the formula classes' constructors). */
export function wasmTowerPlan(params: TowerParams, table: FrobeniusTable, lazy = true): WasmTowerPlan {
  let fn2: Fp2Indices | null = null;
  const fp2Emitter = fp2Extras(params, (fn) => (fn2 = fn));
  let slots = -1;
  const emitter: ExtraEmitter = (ctx) => {
    fp2Emitter(ctx);
    const e2 = new EmitFp2(ctx, fn2!, Number(params.xi.c0));
    e2.lazy = lazy;
    const e6 = new Fp6(e2, table);
    const e12 = new Fp12(e6, table);
    const def = (name: typeof TOWER_FUNCTIONS[number], arity: number, body: () => void) => {
      const f = new FunctionBuilder(Array(arity + 1).fill(I32), []);
      e2.begin(f, arity);
      body();
      e2.end();
      ctx.module.addFunction(name, f);
    };
    const [P0, P1, P2, P3, P4] = [0, 1, 2, 3, 4].map(param);
    def("fp6_mul", 3, () => e6.mul(P0, P1, P2));
    def("fp6_sqr", 2, () => e6.sqr(P0, P1));
    def("fp6_add", 3, () => e6.add(P0, P1, P2));
    def("fp6_sub", 3, () => e6.sub(P0, P1, P2));
    def("fp12_mul", 3, () => e12.mul(P0, P1, P2));
    def("fp12_sqr", 2, () => e12.sqr(P0, P1));
    def("fp12_cyclotomicSqr", 2, () => e12.cyclotomicSqr(P0, P1));
    def("fp12_cyclotomicSqrCompressed", 2, () => e12.cyclotomicSqrCompressed(P0, P1));
    def("fp12_decompressTerms", 2, () => e12.decompressTerms(P0, P1));
    def("fp12_mul014", 5, () => e12.mul014(P0, P1, P2, P3, P4));
    def("fp12_mul034", 5, () => e12.mul034(P0, P1, P2, P3, P4));
    def("fp12_add", 3, () => e12.add(P0, P1, P2));
    def("fp12_sub", 3, () => e12.sub(P0, P1, P2));
    def("fp12_conj", 2, () => e12.conj(P0, P1));
    slots = e2.scratchUsed;
  };
  return {
    emitter,
    scratchSlots() {
      if (slots < 0) throw new Error("wasmTowerPlan: the module has not been built yet");
      return slots;
    },
  };
}

/** Fp6 whose multiplications and sums are single calls into the wasm module. */
export class WasmFp6 extends Fp6 {
  constructor(
    fp2: Fp2Ops,
    table: FrobeniusTable,
    private readonly x: TowerExports,
    private readonly stride: number,
    private readonly scratch: number,
  ) {
    super(fp2, table);
  }
  override mul(out: number, a: number, b: number): void {
    const s = this.stride;
    this.x.fp6_mul(out * s, a * s, b * s, this.scratch);
  }
  override sqr(out: number, a: number): void {
    const s = this.stride;
    this.x.fp6_sqr(out * s, a * s, this.scratch);
  }
  override add(out: number, a: number, b: number): void {
    const s = this.stride;
    this.x.fp6_add(out * s, a * s, b * s, this.scratch);
  }
  override sub(out: number, a: number, b: number): void {
    const s = this.stride;
    this.x.fp6_sub(out * s, a * s, b * s, this.scratch);
  }
}

/** Fp12 whose multiplications, squarings and sparse products are single calls into the wasm module. */
export class WasmFp12 extends Fp12 {
  constructor(
    fp6: Fp6,
    table: FrobeniusTable,
    private readonly x: TowerExports,
    private readonly stride: number,
    private readonly scratch: number,
  ) {
    super(fp6, table);
  }
  /** Also zeroes the scratch area of the wasm functions. */
  override wipeScratch(): void {
    super.wipeScratch();
    this.fp2.fp.wipe(this.scratch / this.stride, this.scratchSlots);
  }
  /** Set by the factory: size of the wasm scratch area in base slots. */
  scratchSlots = 0;
  override mul(out: number, a: number, b: number): void {
    const s = this.stride;
    this.x.fp12_mul(out * s, a * s, b * s, this.scratch);
  }
  override sqr(out: number, a: number): void {
    const s = this.stride;
    this.x.fp12_sqr(out * s, a * s, this.scratch);
  }
  override cyclotomicSqr(out: number, a: number): void {
    const s = this.stride;
    this.x.fp12_cyclotomicSqr(out * s, a * s, this.scratch);
  }
  override cyclotomicSqrCompressed(out: number, a: number): void {
    const s = this.stride;
    this.x.fp12_cyclotomicSqrCompressed(out * s, a * s, this.scratch);
  }
  override decompressTerms(dst: number, c: number): void {
    const s = this.stride;
    this.x.fp12_decompressTerms(dst * s, c * s, this.scratch);
  }
  override mul014(out: number, f: number, o0: number, o1: number, o4: number): void {
    const s = this.stride;
    this.x.fp12_mul014(out * s, f * s, o0 * s, o1 * s, o4 * s, this.scratch);
  }
  override mul034(out: number, f: number, o0: number, o3: number, o4: number): void {
    const s = this.stride;
    this.x.fp12_mul034(out * s, f * s, o0 * s, o3 * s, o4 * s, this.scratch);
  }
  override add(out: number, a: number, b: number): void {
    const s = this.stride;
    this.x.fp12_add(out * s, a * s, b * s, this.scratch);
  }
  override sub(out: number, a: number, b: number): void {
    const s = this.stride;
    this.x.fp12_sub(out * s, a * s, b * s, this.scratch);
  }
  override conj(out: number, a: number): void {
    const s = this.stride;
    this.x.fp12_conj(out * s, a * s, this.scratch);
  }
}

/**
 * The layer factories of a wasm tower, given the instantiated module's exports (kernel + tower
 * functions), its stride (bytes per base slot; address = slot · stride) and the plan it was built from.
 */
export function wasmTowerFactories(
  exports: Fp2Exports & TowerExports & { readonly fp12_scratchSlots: () => number },
  stride: number,
): TowerFactories {
  let scratch = -1;
  const slots = exports.fp12_scratchSlots();
  return {
    fp2(fp: FieldKernel, params: TowerParams): Fp2 {
      scratch = fp.alloc(slots) * stride;
      return new WasmFp2(fp, params, exports, stride);
    },
    fp6: (fp2: Fp2, table: FrobeniusTable) => new WasmFp6(fp2, table, exports, stride, scratch),
    fp12(fp6: Fp6, table: FrobeniusTable): Fp12 {
      const fp12 = new WasmFp12(fp6, table, exports, stride, scratch);
      fp12.scratchSlots = slots;
      return fp12;
    },
  };
}
