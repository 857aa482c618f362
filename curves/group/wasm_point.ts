/**
 * The complete point formulas of projective.ts (`rcbAdd`, `rcbDbl`: Renes–Costello–Batina 2015,
 * Algorithms 7 and 9) compiled into the base field's wasm module, so that a point addition or doubling
 * is one JS→wasm call instead of ≈ 30. The formulas are not rewritten: they run once, at module build
 * time, over {@linkcode EmitField}, a coordinate field whose operations write a wasm `call` (an internal
 * call, no JS boundary) instead of computing. Over Fp they call the kernel's functions; over Fp2 they
 * call Fp2 functions emitted here from the tower's emitters (field/tower/wasm_fp2_emit.ts: SIMD lanes
 * and lazy reduction). Over an Fp with reduced-radix limbs the field also offers `mul2`, a·b + c·d
 * with one reduction (FieldModuleContext.mul2), which the formulas use for their sums of products. A multiplication by 3b whose coefficients are small integers (BLS12-381 G1:
 * 12, G2: 12 + 12u; BN254 G1: 9) becomes a linear combination (≈ 15 ns instead of a product).
 *
 * | export (layer "<group> points")  | what                                     |
 * | -------------------------------- | ---------------------------------------- |
 * | <group>.point_add(out, p, q, t, b3) | out ← p + q (rcbAdd), 8 scratch elements |
 * | <group>.point_dbl(out, p, t, b3) | out ← 2p (rcbDbl), same scratch          |
 * | <group>.point_madd(out, p, q, t, b3) | out ← p + q, q affine (rcbMadd), same scratch |
 * | <group>.jac_add(out, p, q, t)    | out ← p + q, Jacobian (jacobian.ts), 12 scratch elements |
 * | <group>.jac_madd(out, p, q, t)   | the same with Z2 ∈ {0, 1}               |
 * | <group>.jac_dbl(out, p, t)       | out ← 2p, Jacobian                        |
 * | <group>.sum_level_vartime(X, Y, m, D, P, T) → k | one bulk-sum tree level (wasm_sum.ts) |
 * | <group>.normalise_vartime(Q, m, X, Y, P, T) → k | the bulk sum's inputs to affine (wasm_sum.ts) |
 * | <group>.sum_affine_vartime(A, Q, m, T) → i32 | a short sum of affine points, Jacobian (wasm_sum.ts) |
 *
 * Arguments are byte addresses (slot · stride): points are three consecutive coordinate elements, t
 * the caller's scratch area, b3 the element 3b. Straight-line (no branch, no `select`); out may alias
 * p or q (the formulas write out only after their last read of the inputs). The bulk-sum level is the
 * exception, variable-time by name: it loops and branches on public coordinates.
 * @module
 */
import type { FieldKernel } from "../../field/kernel.ts";
import { FunctionBuilder, I32, Op } from "../../wasm/emitter.ts";
import {
  buildFieldModule,
  type ExtraEmitter,
  type FieldModuleContext,
  type WasmLayer,
} from "../../field/wasm/module.ts";
import { layerExports } from "../../field/wasm/plan.ts";
import { emitSmallCombination, type Ref, storeLimbs } from "../../field/tower/wasm_fp2_emit.ts";
import { emitFp2MulIn, emitFp2SqrIn } from "../../field/tower/wasm_fp2_lanes.ts";
import { emitAdds, emitSubs } from "../../field/wasm/emit_linear.ts";
import { rcbAdd, rcbDbl, rcbMadd } from "./projective.ts";
import { checkLinTerms, jacAdd, jacDbl, type JacExports, type JacField, jacMadd } from "./jacobian.ts";
import { emitNormalise, emitSumAffine, emitSumLevel } from "./wasm_sum.ts";
import type { SumLevelExport } from "./sum.ts";

/** The compiled formulas, on byte addresses. */
export interface PointExports {
  /** point_add(out, p, q, t, b3). */
  readonly add: (out: number, p: number, q: number, t: number, b3: number) => void;
  /** point_dbl(out, p, t, b3). */
  readonly dbl: (out: number, p: number, t: number, b3: number) => void;
  /** point_madd(out, p, q, t, b3): q affine (Z = 1). */
  readonly madd: (out: number, p: number, q: number, t: number, b3: number) => void;
  /** Bytes per base slot. */
  readonly stride: number;
}

/**
 * How the module multiplies by 3b: small signed integer coefficients (b3 = k0 over Fp, k0 + k1·u over
 * Fp2) folded into a linear combination, or null: a product with the element at the b3 address.
 */
export type B3Coefficients = readonly number[] | null;

/** Largest |coefficient| of 3b handled as a linear combination. */
const SMALL = 64;

/** A function index made on first request, then reused. */
function once(make: () => number): () => number {
  let index = -1;
  return () => (index >= 0 ? index : (index = make()));
}

/** Virtual slot: base · SHIFT + k = "k base slots past the address in parameter base − 1". */
const SHIFT = 1 << 20;
export const param = (i: number): number => (i + 1) * SHIFT;

/** Function indices a formula's operations call. */
export interface Calls {
  readonly mul: number;
  readonly sqr: number;
  readonly add: number;
  readonly sub: number;
  readonly dbl: number;
  /** mulB3(out, a) = 3b·a, when 3b is small; else -1. */
  readonly mulB3: number;
  /** lin_k(out, a₁, …) = Σ kᵢ·aᵢ for these coefficients (JacField.lin): made once per coefficient list. */
  readonly lin: (coefficients: readonly number[]) => number;
  /** copy(out, a), cmov(out, a, flag), isZero(a) → i32 of the coordinate field (Jacobian formulas). */
  readonly copy: number;
  readonly cmov: number;
  readonly isZero: number;
  /**
   * neg(out, a), and mulByFp(out, a, f) = a·f for a base-field element f (Miller-loop steps): defined
   * on first use, so that modules without those steps do not carry them.
   */
  readonly neg: () => number;
  readonly mulByFp: () => number;
  /** eq(a, b) → i32, setOne(out), inv(out, a, t) (t: one element of scratch): for the bulk-sum level. */
  readonly eq: () => number;
  readonly setOne: () => number;
  readonly inv: () => number;
  /** mul2(out, a, b, c, d) = a·b + c·d with one reduction (FieldModuleContext.mul2), or −1: none. */
  readonly mul2: () => number;
}

/** A coordinate field whose operations emit `call`s into the function being built (see module doc). */
export class EmitField implements JacField {
  /** a·b + c·d in one call, where the module has the two-product kernel (FormulaField.mul2). */
  readonly mul2?: (o: number, a: number, b: number, c: number, d: number) => void;
  constructor(
    readonly size: number,
    private readonly f: FunctionBuilder,
    private readonly stride: number,
    private readonly calls: Calls,
    /** The virtual slot of 3b (a parameter). */
    private readonly b3: number,
    /** The virtual slot of `inv`'s scratch element (−1: no `inv`). */
    private readonly invScratch: number = -1,
  ) {
    const mul2 = calls.mul2();
    if (mul2 >= 0) this.mul2 = (o, a, b, c, d) => this.call(mul2, o, a, b, c, d);
  }
  /** Pushes the byte address of virtual slot `v`. */
  private addr(v: number): void {
    const offset = (v % SHIFT) * this.stride;
    this.f.localGet(Math.floor(v / SHIFT) - 1);
    if (offset !== 0) this.f.i32Const(offset).op(Op.i32Add);
  }
  private call(index: number, ...slots: number[]): void {
    for (const s of slots) this.addr(s);
    this.f.call(index);
  }
  add(o: number, a: number, b: number): void {
    this.call(this.calls.add, o, a, b);
  }
  sub(o: number, a: number, b: number): void {
    this.call(this.calls.sub, o, a, b);
  }
  dbl(o: number, a: number): void {
    this.call(this.calls.dbl, o, a);
  }
  sqr(o: number, a: number): void {
    this.call(this.calls.sqr, o, a);
  }
  mul(o: number, a: number, b: number): void {
    if (this.calls.mulB3 >= 0 && (a === this.b3 || b === this.b3)) {
      this.call(this.calls.mulB3, o, a === this.b3 ? b : a);
    } else this.call(this.calls.mul, o, a, b);
  }
  copy(o: number, a: number): void {
    this.call(this.calls.copy, o, a);
  }
  setOne(o: number): void {
    this.call(this.calls.setOne(), o);
  }
  /** o ← a⁻¹ (0 ↦ 0), constant-time, with the scratch element given to the constructor. */
  inv(o: number, a: number): void {
    if (this.invScratch < 0) throw new Error("EmitField.inv: no scratch element");
    this.call(this.calls.inv(), o, a, this.invScratch);
  }
  lin(o: number, terms: readonly (readonly [number, number])[]): void {
    checkLinTerms(terms);
    this.call(this.calls.lin(terms.map(([, k]) => k)), o, ...terms.map(([a]) => a));
  }
  neg(o: number, a: number): void {
    this.call(this.calls.neg(), o, a);
  }
  mulByFp(o: number, a: number, f: number): void {
    this.call(this.calls.mulByFp(), o, a, f);
  }
  // Flags are i32 locals of the function being built (0/1, from the kernel's constant-time isZero).
  cmov(o: number, a: number, flag: number): void {
    this.addr(o);
    this.addr(a);
    this.f.localGet(flag).call(this.calls.cmov);
  }
  isZero(a: number): number {
    const l = this.f.local(I32);
    this.addr(a);
    this.f.call(this.calls.isZero).localSet(l);
    return l;
  }
  and(x: number, y: number): number {
    const l = this.f.local(I32);
    this.f.localGet(x).localGet(y).op(Op.i32And).localSet(l);
    return l;
  }
}

/**
 * The function indices of the coordinate field's operations in the module under construction (size 1:
 * the kernel's; size 2: the tower's Fp2 functions where the module has them, else copies, plus small
 * helpers), for {@linkcode EmitField}; 3b folded into a linear combination when `b3` is small.
 */
export function coordinateCalls(ctx: FieldModuleContext, size: 1 | 2, b3: B3Coefficients): Calls {
  // One table per (module, size, 3b): the point and Miller-step layers of a group share its helpers.
  const key = `${size} ${b3 === null ? "-" : b3.join(",")}`;
  const byKey = callTables.get(ctx) ?? new Map<string, Calls>();
  callTables.set(ctx, byKey);
  const known = byKey.get(key);
  if (known !== undefined) return known;
  const made = makeCalls(ctx, size, b3);
  byKey.set(key, made);
  return made;
}

const callTables = new WeakMap<FieldModuleContext, Map<string, Calls>>();

function makeCalls(ctx: FieldModuleContext, size: 1 | 2, b3: B3Coefficients): Calls {
  const { c, module, fn } = ctx;
  const inverse = module.exportedIndex("inv"); // the kernel's constant-time inversion (always in the module)
  const s = c.stride;
  const at = (local: number, offset = 0): Ref => ({ local, offset });
  const def = (params: number, body: (f: FunctionBuilder) => void) => {
    const f = new FunctionBuilder(Array(params).fill(I32), []);
    body(f);
    return module.addFunction(null, f);
  };
  /** The same, for a function returning one i32. */
  const defR = (params: number, body: (f: FunctionBuilder) => void) => {
    const f = new FunctionBuilder(Array(params).fill(I32), [I32]);
    body(f);
    return module.addFunction(null, f);
  };
  /** out.c_i ← Σ terms_i for each part i (all computed before any store: out may alias inputs). */
  const linear = (f: FunctionBuilder, parts: [Ref, number][][]) => {
    const limbs = parts.map((t) => emitSmallCombination(f, c, t.filter(([, k]) => k !== 0)));
    limbs.forEach((l, i) => storeLimbs(f, at(0, i * s), l));
  };
  const linIndices = new Map<string, number>();
  /** Σ kᵢ·aᵢ (parameters 1 … k) into out, each base coefficient of the coordinate on its own. */
  const lin = (ks: readonly number[]): number => {
    const key = ks.join(",");
    let index = linIndices.get(key);
    if (index === undefined) {
      const part = (i: number) => ks.map((k, j): [Ref, number] => [at(j + 1, i * s), k]);
      index = def(1 + ks.length, (f) => linear(f, size === 1 ? [part(0)] : [part(0), part(1)]));
      linIndices.set(key, index);
    }
    return index;
  };
  let calls: Calls;
  if (size === 1) {
    const mulB3 = b3 === null ? -1 : def(2, (f) => linear(f, [[[at(1), b3[0]]]]));
    calls = {
      mul: fn.mul,
      sqr: fn.sqr,
      add: fn.add,
      sub: fn.sub,
      dbl: fn.dbl,
      mulB3,
      lin,
      copy: fn.copy,
      cmov: fn.cmov,
      isZero: fn.isZero,
      neg: () => fn.neg,
      mulByFp: () => fn.mul,
      eq: () => fn.eq,
      setOne: () => fn.setOne,
      inv: () => inverse,
      mul2: ctx.mul2,
    };
  } else {
    const [a0, a1, b0, b1] = [at(1), at(1, s), at(2), at(2, s)], [o0, o1] = [at(0), at(0, s)];
    // (k0 + k1·u)(a0 + a1·u) = (k0·a0 − k1·a1) + (k1·a0 + k0·a1)·u
    const mulB3 = b3 === null
      ? -1
      : def(2, (f) => linear(f, [[[a0, b3[0]], [a1, -b3[1]]], [[a0, b3[1]], [a1, b3[0]]]]));
    // The tower's Fp2 functions when it is in the module (same emitters, same ctx: the same bodies),
    // else copies of them: the BLS12-381 module is 34 kB smaller and generates that much less.
    const fp2 = (name: string, params: number, body: (f: FunctionBuilder) => void) => {
      const index = module.exportedIndex(name);
      return index >= 0 ? index : def(params, body);
    };
    calls = {
      mul: fp2("fp2_mul", 3, (f) => emitFp2MulIn(ctx, f, at(0), at(1), at(2))),
      sqr: fp2("fp2_sqr", 2, (f) => emitFp2SqrIn(ctx, f, at(0), at(1))),
      add: fp2("fp2_add", 3, (f) => emitAdds(f, c, [[o0, a0, b0], [o1, a1, b1]])),
      sub: fp2("fp2_sub", 3, (f) => emitSubs(f, c, [[o0, a0, b0], [o1, a1, b1]])),
      dbl: fp2("fp2_dbl", 2, (f) => emitAdds(f, c, [[o0, a0, a0], [o1, a1, a1]])),
      mulB3,
      lin,
      // copy, cmov and isZero of Fp2: the base field's on both coefficients
      copy: def(2, (f) => {
        f.localGet(0).localGet(1).call(fn.copy);
        f.localGet(0).i32Const(s).op(Op.i32Add).localGet(1).i32Const(s).op(Op.i32Add).call(fn.copy);
      }),
      cmov: def(3, (f) => {
        f.localGet(0).localGet(1).localGet(2).call(fn.cmov);
        f.localGet(0).i32Const(s).op(Op.i32Add).localGet(1).i32Const(s).op(Op.i32Add).localGet(2).call(
          fn.cmov,
        );
      }),
      isZero: defR(1, (f) => {
        f.localGet(0).call(fn.isZero);
        f.localGet(0).i32Const(s).op(Op.i32Add).call(fn.isZero).op(Op.i32And);
      }),
      neg: once(() => fp2("fp2_neg", 2, (f) => linear(f, [[[a0, -1]], [[a1, -1]]]))),
      eq: once(() =>
        defR(2, (f) => {
          f.localGet(0).localGet(1).call(fn.eq);
          f.localGet(0).i32Const(s).op(Op.i32Add).localGet(1).i32Const(s).op(Op.i32Add).call(fn.eq).op(
            Op.i32And,
          );
        })
      ),
      setOne: once(() =>
        def(1, (f) => {
          f.localGet(0).call(fn.setOne);
          f.localGet(0).i32Const(s).op(Op.i32Add).call(fn.setZero);
        })
      ),
      // (a0 + a1·u)⁻¹ = (a0 − a1·u)/(a0² + a1²): one base-field inversion; t: two base slots
      inv: once(() =>
        def(3, (f) => {
          const t1 = () => f.localGet(2).i32Const(s).op(Op.i32Add);
          const a1 = () => f.localGet(1).i32Const(s).op(Op.i32Add);
          f.localGet(2).localGet(1).call(fn.sqr);
          t1(), a1(), f.call(fn.sqr);
          f.localGet(2).localGet(2), t1(), f.call(fn.add);
          f.localGet(2).localGet(2).localGet(2).call(inverse);
          f.localGet(0).localGet(1).localGet(2).call(fn.mul);
          f.localGet(0).i32Const(s).op(Op.i32Add), a1(), f.localGet(2).call(fn.mul);
          f.localGet(0).i32Const(s).op(Op.i32Add).localGet(0).i32Const(s).op(Op.i32Add).call(fn.neg);
        })
      ),
      // (a0 + a1·u)·f: two base-field products
      mulByFp: once(() =>
        def(3, (f) => {
          f.localGet(0).localGet(1).localGet(2).call(fn.mul);
          f.localGet(0).i32Const(s).op(Op.i32Add).localGet(1).i32Const(s).op(Op.i32Add).localGet(2).call(
            fn.mul,
          );
        })
      ),
      mul2: () => -1, // Fp2 products keep their lane kernels (the formulas compose two and an addition)
    };
  }
  return calls;
}

/**
 * The emitter adding point_add and point_dbl for coordinates of `size` base slots (1: Fp, 2: Fp2 =
 * Fp[u]/(u² + 1)) and the given 3b.
 */
export function pointExtras(size: 1 | 2, b3: B3Coefficients, prefix = ""): ExtraEmitter {
  if (b3 !== null && b3.length !== size) throw new Error("pointExtras: one coefficient per base slot");
  return (ctx: FieldModuleContext) => {
    const { c, module } = ctx;
    const s = c.stride;
    const calls = coordinateCalls(ctx, size, b3);
    const [P0, P1, P2, P3, P4] = [0, 1, 2, 3, 4].map(param);
    const addF = new FunctionBuilder([I32, I32, I32, I32, I32], []);
    rcbAdd(new EmitField(size, addF, s, calls, P4), P3, P4, P0, P1, P2);
    module.addFunction(`${prefix}point_add`, addF);
    const maddF = new FunctionBuilder([I32, I32, I32, I32, I32], []);
    rcbMadd(new EmitField(size, maddF, s, calls, P4), P3, P4, P0, P1, P2);
    module.addFunction(`${prefix}point_madd`, maddF);
    const dblF = new FunctionBuilder([I32, I32, I32, I32], []);
    rcbDbl(new EmitField(size, dblF, s, calls, P3), P2, P3, P0, P1);
    module.addFunction(`${prefix}point_dbl`, dblF);
    // Jacobian formulas (jacobian.ts): jac_add / jac_madd (out, p, q, t), jac_dbl (out, p, t).
    for (const [name, formula] of [["jac_add", jacAdd], ["jac_madd", jacMadd]] as const) {
      const jf = new FunctionBuilder([I32, I32, I32, I32], []);
      formula(new EmitField(size, jf, s, calls, -1), P3, P0, P1, P2);
      module.addFunction(`${prefix}${name}`, jf);
    }
    const jdF = new FunctionBuilder([I32, I32, I32], []);
    jacDbl(new EmitField(size, jdF, s, calls, -1), P2, P0, P1);
    const jacDblIndex = module.addFunction(`${prefix}jac_dbl`, jdF);
    // One level of the batch-affine bulk sum (wasm_sum.ts), variable-time; needs the kernel's inversion,
    // which every plan's module has (a bare test module without it gets no sum level).
    if (module.exportedIndex("inv") >= 0) {
      const sumCalls = { ...calls, eq: calls.eq(), setOne: calls.setOne(), inv: calls.inv() };
      const fp2 = size === 2
        ? {
          base: ctx.fn,
          inverse: module.exportedIndex("inv"),
          mulByFp: calls.mulByFp(),
          baseBytes: s,
          mul2: ctx.mul2(),
        }
        : undefined;
      emitSumLevel(ctx, `${prefix}sum_level_vartime`, size * s, { ...sumCalls, fp2 });
      emitNormalise(ctx, `${prefix}normalise_vartime`, size * s, sumCalls);
      emitSumAffine(ctx, `${prefix}sum_affine_vartime`, size * s, sumCalls, jacDblIndex);
    }
  };
}

/** The bytes of a field module of p with the point functions (for tests and the ct proof). */
export function pointModuleBytes(
  p: bigint,
  size: 1 | 2,
  b3: B3Coefficients,
  mul?: "simd" | "fips",
): Uint8Array<ArrayBuffer> {
  return buildFieldModule(p, { extras: [pointExtras(size, b3)], mul }).bytes;
}

/** v as a small signed integer mod p (|k| ≤ SMALL), or null. */
function small(v: bigint, p: bigint): number | null {
  if (v <= BigInt(SMALL)) return Number(v);
  if (p - v <= BigInt(SMALL)) return -Number(p - v);
  return null;
}

/** The small coefficients of 3b (its canonical coordinates over Fp, one per base slot), or null. */
export function b3Coefficients(b3: readonly bigint[], p: bigint): B3Coefficients {
  const ks = b3.map((x) => small(x, p));
  return ks.every((k) => k !== null) ? ks as number[] : null;
}

/** The layer name of a group's point formulas in its field's module plan. */
export const pointLayerName = (group: string): string => `${group} points`;

/**
 * The point formulas of group `group` (e.g. "bls12-381 G1") as a layer of its base field's module
 * plan: coordinates of `size` base slots (1: Fp, 2: Fp[u]/(u² + 1), which needs SIMD) and 3b given by
 * its canonical coordinates (public curve data).
 */
export function pointLayer(group: string, size: 1 | 2, b3: readonly bigint[], p: bigint): WasmLayer {
  if (b3.length !== size) throw new Error("pointLayer: one coordinate of 3b per base slot");
  const prefix = `${group}.`;
  return {
    name: pointLayerName(group),
    exports: [
      `${prefix}point_add`,
      `${prefix}point_dbl`,
      `${prefix}point_madd`,
      ...["jac_add", "jac_madd", "jac_dbl", "sum_level_vartime", "normalise_vartime", "sum_affine_vartime"]
        .map((
          x,
        ) => prefix + x),
    ],
    emit: pointExtras(size, b3Coefficients(b3, p), prefix),
  };
}

/**
 * Functions of layer `layer` in `kernel`'s module, picked by export name (`names`: field → export),
 * with the kernel's stride; null where its plan has no such layer (a TypeScript kernel; a field used
 * without its curve's plan; Fp2 layers without SIMD).
 */
export function compiledFunctions<T extends { readonly stride: number }>(
  kernel: FieldKernel,
  layer: string,
  names: Readonly<Record<Exclude<keyof T, "stride">, string>>,
): T | null {
  const x = layerExports(kernel, layer);
  if (x === null) return null;
  const picked: Record<string, unknown> = {};
  for (const [field, name] of Object.entries(names)) picked[field] = x[name as string];
  picked.stride = (kernel as FieldKernel & { readonly stride: number }).stride;
  return Object.freeze(picked) as T;
}

/** The compiled add/dbl of group `group` in `kernel`'s module, or null (see compiledFunctions). */
export function wasmPointFunctions(kernel: FieldKernel, group: string): PointExports | null {
  return compiledFunctions<PointExports>(kernel, pointLayerName(group), {
    add: `${group}.point_add`,
    dbl: `${group}.point_dbl`,
    madd: `${group}.point_madd`,
  });
}

/** The compiled bulk-sum tree level of group `group` in `kernel`'s module, or null. */
export function wasmSumLevel(kernel: FieldKernel, group: string): SumLevelExport | null {
  return compiledFunctions<SumLevelExport>(kernel, pointLayerName(group), {
    level: `${group}.sum_level_vartime`,
    normalise: `${group}.normalise_vartime`,
    sumAffine: `${group}.sum_affine_vartime`,
  });
}

/** The compiled Jacobian formulas (jac_add, jac_madd, jac_dbl) of group `group`, or null. */
export function wasmJacobianFunctions(kernel: FieldKernel, group: string): JacExports | null {
  return compiledFunctions<JacExports>(kernel, pointLayerName(group), {
    add: `${group}.jac_add`,
    madd: `${group}.jac_madd`,
    dbl: `${group}.jac_dbl`,
  });
}
