/**
 * A prime-order curve group (G1 or G2 of a pairing-friendly curve) and its immutable points.
 *
 * Memory follows live points, not garbage-collection timing. A point keeps its coordinates (X, Y, Z,
 * in the kernel's Montgomery form) in JavaScript-owned memory: a slot store (`FieldKernel.newStore`, a
 * Uint32Array for wasm, a Float64Array for the TypeScript kernel) shared by {@linkcode STORE_POINTS}
 * consecutive points of the group. A store is reclaimed by the collector with the last of its points,
 * like any JavaScript value, and the collector runs during synchronous loops too: memory is bounded by
 * the live points (up to STORE_POINTS per live point), never by how many were ever made. The kernel's
 * arena holds only fixed scratch (each operation loads its operands into three scratch point slots,
 * runs the formula in place and saves the result into the next store position: two loads and one save
 * of 3N words, ≈ 0.15 µs per G1 addition against ≈ 0.3 µs for the old per-point slots with their
 * FinalizationRegistry) and grows only with the largest batch passed to `sumVartime` or `msmVartime`.
 *
 * Wiping: scratch slots that held secret data (the operands and result of `multiply`, the window
 * and endomorphism tables, the scalar's limbs) are zeroed when the operation ends. A point's own
 * coordinates live as long as the point and are not zeroed when it is collected (JavaScript cannot run
 * code at that moment): treat a point derived from a secret as you would the secret.
 *
 * `ZERO` and `BASE` also keep slots of their own in the arena (BASE's feeds the fixed-base table and
 * the endomorphism checks).
 * @module
 */
import { IsochronError } from "../../errors.ts";
import { scalarBigintVartime, scalarBytes, ScalarReducer } from "../../scalar/reduce.ts";
import type { CoordField } from "./coord_field.ts";
import type { SlotStore } from "../../field/kernel.ts";
import { bindCodec, type BoundCodec, type CodecSpecs } from "./codec.ts";
import type { Affine, Group, Point } from "./api.ts";
export type { Affine };
import { type PointSlot, Projective } from "./projective.ts";
import { wasmJacobianFunctions, wasmPointFunctions, wasmSumLevel } from "./wasm_point.ts";
import { type JacExports, Jacobian } from "./jacobian.ts";
import { type EndoScratch, mulCt, mulEndoCt, mulVartime, WindowScratch } from "./scalar_mul.ts";
import { type EndomorphismSpec, endoScratch, type SubgroupTest, subgroupTest } from "./endomorphism.ts";
import { FixedBaseTable, fixedBaseWindow } from "./fixed_base.ts";
import { type CurveParams, type PointConstructor, pointConstructor } from "./point_constructor.ts";
import { SUM_TUNING_FP, SUM_TUNING_FP2, type SumLevelExport, sumVartime as sumSlots } from "./sum.ts";
import { msmVartime as msmSlots } from "./msm.ts";
import { msmCt, MsmCtScratch } from "./msm_ct.ts";

/**
 * Above this bit length, multiplyUnsafe's public scalar uses the constant-time multiplication: double-and-add
 * costs about 1.5 group operations a bit, the endomorphism loop a fixed ≈ 200 (G1) or ≈ 160 (G2).
 */
const VARTIME_BITS = 128;

/**
 * Points per slot store (see the module doc): one typed-array allocation per this many points. A live
 * point keeps its store, so at most this many − 1 dropped points' coordinates stay reachable with it.
 */
export const STORE_POINTS = 64;

/**
 * Generator multiplications done generically before the fixed-base table is built (on the next one):
 * the BLS12-381 G1 table took 10–11 ms to build (wasm, this machine), the time of 30 warm generic
 * multiplications (0.35 ms each; with the table 0.15 ms), and a program that makes one or two keys never
 * needs it (`GroupImpl.multiplyBaseInto`).
 */
export const GENERIC_BASE_USES = 2;

/** Public description of a group. */
export interface GroupSpec<V> {
  /** e.g. "bls12-381 G1". */
  readonly name: string;
  /** The coordinate field. */
  readonly F: CoordField<V>;
  /** The curve constant b of y² = x³ + b. */
  readonly b: V;
  /** The generator's affine coordinates. */
  readonly generator: Affine<V>;
  /** The group order (prime). */
  readonly r: bigint;
  /** The cofactor: #E(F) = h·r. */
  readonly h: bigint;
  /** The encodings by name, the default one (`fromBytes`, `toBytes`) under `default`. */
  readonly codecs: CodecSpecs<V>;
  /** The curve's endomorphism of this group (GLV/GLS multiplication, subgroup test), if any. */
  readonly endomorphism?: EndomorphismSpec<V>;
  /** The BigInt fields of `Point.Fp` / `Point.Fn` (@noble/curves' `IField`s), built on demand. */
  readonly fields?: () => { readonly Fp: unknown; readonly Fn: unknown };
}

/**
 * An r-torsion group of y² = x³ + b: its constants, scratch, slot pool and point constructors (the
 * public methods are documented on {@linkcode Group}).
 */
export class GroupImpl<V> implements Group<V> {
  /** e.g. "bls12-381 G1". */
  readonly name: string;
  /** The coordinate field. */
  readonly F: CoordField<V>;
  /** The group law on slots. */
  readonly law: Projective<V>;
  /** The group order. */
  readonly r: bigint;
  /** The cofactor. */
  readonly h: bigint;
  /** The encodings by name (curve data: `GroupSpec.codecs`); `codec(name)` binds them to the group. */
  readonly codecs: CodecSpecs<V>;
  /** The generator. */
  readonly BASE: PointImpl<V>;
  /** The identity. */
  readonly ZERO: PointImpl<V>;
  /** Bit length of r. */
  readonly bits: number;
  /** Reduces 32-byte scalars mod r into limbs (constant-time). */
  readonly reducer: ScalarReducer;
  /** The fixed-window multiplication's table and scratch (groups without an endomorphism). */
  readonly window: WindowScratch<V>;
  /** Two scratch points. */
  readonly tmp: PointSlot;
  /** Scratch point slots of the Point API: two operands and the result. */
  readonly in0: PointSlot;
  /** See {@linkcode in0}. */
  readonly in1: PointSlot;
  /** See {@linkcode in0}. */
  readonly res: PointSlot;
  /** The arena slot holding BASE (for the fixed-base table and setup code). */
  readonly baseSlot: PointSlot;
  /** The codecs bound to this group, by name. */
  private readonly bound = new Map<string, BoundCodec<V>>();
  /** The store `save` writes into, and how many of its points are out. */
  declare private store: SlotStore;
  declare private used: number;
  /** Base slots per point (3 coordinates), and store entries per point. */
  declare private readonly pointSlots: number;
  declare private readonly pointEntries: number;
  /** Batch scratch: the first slot of `batchCap` points (`loadAll`). */
  declare private batchFirst: PointSlot;
  declare private batchCap: number;
  /** The endomorphism's description (public curve data), and what the group builds from it on first use. */
  declare private readonly endoSpec: EndomorphismSpec<V> | undefined;
  declare private endoState: EndoScratch<V> | null | undefined;
  declare private subgroupState: SubgroupTest | null | undefined;
  declare private fixedBaseState: FixedBaseTable<V> | undefined;
  /** Multiplications of the generator so far, until its table is built (a public count). */
  declare private baseUses: number;
  declare private readonly spec: GroupSpec<V>;
  declare private pointClass: PointConstructor<V> | undefined;
  declare private msmCtState: MsmCtScratch<V> | undefined;
  declare private jacobianState: Jacobian<V> | undefined;
  declare private sumLevelState: SumLevelExport | null | undefined;

  /** Builds the group (reserving its constants and scratch in the kernel's arena). */
  constructor(spec: GroupSpec<V>) {
    this.name = spec.name;
    this.spec = spec;
    this.pointClass = undefined;
    this.msmCtState = undefined;
    this.jacobianState = undefined;
    this.sumLevelState = undefined;
    this.F = spec.F;
    this.law = new Projective(spec.F, spec.b, { compiled: wasmPointFunctions(spec.F.kernel, spec.name) });
    this.r = spec.r;
    this.h = spec.h;
    this.codecs = spec.codecs;
    for (const name of Object.keys(spec.codecs)) this.bound.set(name, bindCodec(this, spec.codecs[name]));
    this.endoSpec = spec.endomorphism;
    this.endoState = undefined;
    this.subgroupState = undefined;
    this.fixedBaseState = undefined;
    this.baseUses = 0;
    this.bits = spec.r.toString(2).length;
    this.reducer = new ScalarReducer(spec.r);
    this.window = new WindowScratch(this.law);
    this.tmp = this.law.alloc(2);
    this.pointSlots = 3 * this.law.n;
    this.pointEntries = this.pointSlots * this.F.kernel.storeStride;
    this.store = this.F.kernel.newStore(STORE_POINTS * this.pointSlots);
    this.used = 0;
    this.batchFirst = 0 as PointSlot;
    this.batchCap = 0;
    const F = this.F, t = this.tmp, n = F.size;
    this.in0 = this.law.alloc(3);
    this.in1 = this.law.at(this.in0, 1);
    this.res = this.law.at(this.in0, 2);
    // ZERO and BASE: points like the others, and BASE keeps a slot of its own as well.
    const fixed = this.law.alloc(2);
    this.law.setZero(fixed);
    this.ZERO = this.markInSubgroup(this.save(fixed));
    this.baseSlot = this.law.at(fixed, 1);
    F.setVartime(t, spec.generator.x);
    F.setVartime(t + n, spec.generator.y);
    this.law.fromAffine(this.baseSlot, t, t + n);
    if (this.law.isOnCurve(this.baseSlot) !== 1) throw new Error(`${this.name}: generator not on the curve`);
    this.BASE = this.markInSubgroup(this.save(this.baseSlot));
  }

  /**
   * The GLV/GLS multiplication scratch of the group's endomorphism (built on first use), or
   * null: no endomorphism (the plain fixed window then).
   */
  get endo(): EndoScratch<V> | null {
    if (this.endoState === undefined) {
      this.endoState = this.endoSpec === undefined ? null : endoScratch(this, this.endoSpec);
    }
    return this.endoState;
  }

  /**
   * The subgroup test (built on first use): cofactor 1, or the endomorphism's identity; null:
   * multiply by r.
   */
  get subgroupTest(): SubgroupTest | null {
    if (this.subgroupState === undefined) this.subgroupState = subgroupTest(this, this.endoSpec);
    return this.subgroupState;
  }

  /** The generator's fixed-base table (curves/group/fixed_base.ts), built on first use. */
  get fixedBase(): FixedBaseTable<V> {
    return this.fixedBaseState ??= new FixedBaseTable(
      this.law,
      this.baseSlot,
      this.bits,
      fixedBaseWindow(this),
    );
  }

  /**
   * The Jacobian formulas on this group's slots (compiled where the point layer has them), built on
   * first use: the variable-time double-and-add of public multiplications (subgroup tests, cofactor
   * clearing) runs on them.
   */
  get jacobian(): Jacobian<V> {
    return this.jacobianState ??= new Jacobian(this.F, this.jacobianExports);
  }

  /** The compiled bulk-sum tree level of the group's point layer (wasm_sum.ts), or null. */
  get sumLevel(): SumLevelExport | null {
    if (this.sumLevelState === undefined) this.sumLevelState = wasmSumLevel(this.F.kernel, this.name);
    return this.sumLevelState;
  }

  /** The compiled Jacobian formulas of the group's point layer (wasm_point.ts), or null. */
  get jacobianExports(): JacExports | null {
    return wasmJacobianFunctions(this.F.kernel, this.name);
  }

  /** The group's `Point` constructor, @noble/curves' (curves/group/point_constructor.ts). */
  get Point(): PointConstructor<V> {
    return this.pointClass ??= pointConstructor({
      name: this.name,
      BASE: this.BASE,
      ZERO: this.ZERO,
      fromProjective: (X, Y, Z) => this.fromProjective(X, Y, Z),
      fromAffine: (a) => this.fromAffine(a),
      fromBytes: (b) => this.fromBytes(b),
      owns: (v) => v instanceof PointImpl && v.group === this,
      curve: () => this.curveParams(),
      fields: () => this.spec.fields?.(),
    });
  }

  /** The curve data of `Point.CURVE()`. */
  private curveParams(): CurveParams<V> {
    const F = this.F, t = this.tmp;
    F.wipe(t, 1);
    const zero = F.getVartime(t);
    return Object.freeze({
      p: F.kernel.p ** BigInt(F.size),
      n: this.r,
      h: this.h,
      a: zero,
      b: this.spec.b,
      Gx: this.spec.generator.x,
      Gy: this.spec.generator.y,
    });
  }

  /**
   * A new point holding the coordinates of point slot `slot` (saved into the open store; a
   * full store is replaced by a new one of {@linkcode STORE_POINTS} points).
   */
  save(slot: PointSlot): PointImpl<V> {
    let st = this.store, i = this.used;
    if (i === STORE_POINTS) {
      st = this.store = this.F.kernel.newStore(STORE_POINTS * this.pointSlots);
      i = 0;
    }
    this.used = i + 1;
    const at = i * this.pointEntries;
    this.F.kernel.saveSlots(slot, this.pointSlots, st, at);
    return new PointImpl(this, st, at);
  }

  /**
   * Records P (a point of this group) as a point of the prime-order subgroup when `known`; returns P.
   * The record (see {@linkcode IN_SUBGROUP}) lets the test run once per point, as @noble/curves caches
   * its validity checks: ZERO and BASE, points that passed the test, cofactor-cleared and hashed
   * points, and the results of group operations on known points (the subgroup is closed under them).
   */
  markInSubgroup(P: PointImpl<V>, known = true): PointImpl<V> {
    if (known) (P as unknown as Recorded)[IN_SUBGROUP] = true;
    return P;
  }

  /** Whether P is known to lie in the prime-order subgroup (no test is run). */
  knownInSubgroup(P: Point<V>): boolean {
    return P instanceof PointImpl && P.group === this && (P as unknown as Recorded)[IN_SUBGROUP];
  }

  /** Whether every point of `points` is known to lie in the prime-order subgroup. */
  allKnownInSubgroup(points: readonly Point<V>[]): boolean {
    return points.every((q) => this.knownInSubgroup(q));
  }

  /** Point slot `slot` ← the coordinates of `P` (a point of this group: checked); returns slot. */
  load(P: Point<V>, slot: PointSlot): PointSlot {
    const q = this.own(P);
    this.F.kernel.loadSlots(slot, this.pointSlots, q.store, q.at);
    return slot;
  }

  /**
   * The points loaded into consecutive scratch slots (one region per group, grown
   * geometrically and reused: bounded by the largest batch); returns their slots.
   */
  loadAll(points: readonly Point<V>[]): PointSlot[] {
    for (const q of points) this.own(q); // validate all before touching the scratch
    return this.loadRange(points, 0, points.length);
  }

  /** points[start, start + len), already validated, into the batch region (grown as loadAll says). */
  private loadRange(points: readonly Point<V>[], start: number, len: number): PointSlot[] {
    if (len > this.batchCap) {
      const cap = Math.max(len, 2 * this.batchCap, 16);
      this.batchFirst = this.law.alloc(cap); // may throw OUT_OF_MEMORY: then nothing changed
      this.batchCap = cap;
    }
    const slots = new Array<PointSlot>(len), kernel = this.F.kernel, e = this.pointEntries;
    for (let i = 0; i < len; i++) slots[i] = this.law.at(this.batchFirst, i);
    // Points saved one after the other sit side by side in one store (up to STORE_POINTS: decoded keys,
    // the results of a loop): each such run is one block copy. (A copy per point measured 84–110 ns
    // per G1 point against 8.5 ns, 4096 decoded points, Deno.)
    for (let i = 0, j: number; i < len; i = j) {
      const q = points[start + i] as PointImpl<V>, store = q.store, at = q.at;
      for (j = i + 1; j < len; j++) {
        const r = points[start + j] as PointImpl<V>;
        if (r.store !== store || r.at !== at + (j - i) * e) break;
      }
      kernel.loadSlots(slots[i], (j - i) * this.pointSlots, store, at);
    }
    return slots;
  }

  /** A new arena slot holding `P` (never reused): for setup code and tests. */
  slotOf(P: Point<V>): PointSlot {
    return this.load(P, this.law.alloc(1));
  }

  /**
   * The point (x, y) from public affine coordinates, each canonical (in [0, p)); (0, 0) gives ZERO. No
   * subgroup check. Throws INVALID_TYPE (not `{ x, y }` of field values), NON_CANONICAL or NOT_ON_CURVE.
   */
  fromAffine(a: Affine<V>): PointImpl<V> {
    const F = this.F, t = this.tmp, n = F.size;
    if (typeof a !== "object" || a === null) throw new IsochronError("INVALID_TYPE", "expected { x, y }");
    F.checkValue(a.x, "x");
    F.checkValue(a.y, "y");
    F.setVartime(t, a.x);
    F.setVartime(t + n, a.y);
    if ((F.isZero(t) & F.isZero(t + n)) === 1) return this.ZERO;
    const r = this.res;
    this.law.fromAffine(r, t, t + n);
    if (this.law.isOnCurve(r) !== 1) {
      throw new IsochronError("NOT_ON_CURVE", `${this.name}: point is not on the curve`);
    }
    return this.save(r);
  }

  /**
   * The point (X : Y : Z) from public projective coordinates (x = X/Z, y = Y/Z), each canonical;
   * (0 : Y : 0) with Y ≠ 0 is ZERO. No subgroup check. Throws INVALID_TYPE, NON_CANONICAL or
   * NOT_ON_CURVE (also for (0 : 0 : 0)).
   */
  fromProjective(X: V, Y: V, Z: V): PointImpl<V> {
    const F = this.F, r = this.res, n = F.size;
    F.checkValue(X, "X");
    F.checkValue(Y, "Y");
    F.checkValue(Z, "Z");
    F.setVartime(r, X);
    F.setVartime(r + n, Y);
    F.setVartime(r + 2 * n, Z);
    if (this.law.isOnCurve(r) !== 1) {
      throw new IsochronError("NOT_ON_CURVE", `${this.name}: point is not on the curve`);
    }
    return this.save(r);
  }

  /**
   * h_eff·P, a point of the prime-order subgroup (variable-time: public points). Here h_eff = h
   * (P itself when h = 1); a group with hash-to-curve uses its suite's cheaper h_eff.
   */
  clearCofactor(P: Point<V>): PointImpl<V> {
    const q = this.own(P);
    if (this.h === 1n) return q;
    mulVartime(this.law, this.res, this.load(q, this.in0), this.h, this.tmp, this.jacobian);
    return this.markInSubgroup(this.save(this.res));
  }

  /**
   * The encoding `name` of this group, bound to it: `decode`, `decodeUnchecked`, `encode` (see
   * {@linkcode Codec}). `default` (the default) is the one of `fromBytes` and `toBytes`; the other names
   * are the curve's (`GroupSpec.codecs`, listed by its entry point). Throws INVALID_TYPE for a name the
   * group has no encoding under.
   */
  codec(name: string = "default"): BoundCodec<V> {
    const c = typeof name === "string" ? this.bound.get(name) : undefined;
    if (c === undefined) {
      const what = typeof name === "string" ? JSON.stringify(name) : typeof name;
      throw new IsochronError("INVALID_TYPE", `${this.name} has no encoding named ${what}`);
    }
    return c;
  }

  /**
   * Decodes and fully validates a point in the default encoding: length, flags, field range, on the
   * curve, in the subgroup (by `isTorsionFreeVartime`: fine, the input is public). Throws an
   * {@linkcode IsochronError}.
   */
  fromBytes(bytes: Uint8Array): PointImpl<V> {
    return this.codec().decode(bytes);
  }

  /** Decodes a point from trusted input: checks length, flags, range and curve, but not the subgroup. */
  fromBytesUnchecked(bytes: Uint8Array): PointImpl<V> {
    return this.codec().decodeUnchecked(bytes);
  }

  /**
   * The sum of `points` (any number, the identity allowed). Variable-time, for public points only
   * (aggregating public keys or signatures): batch-affine addition in a tree with one shared inversion
   * per level (curves/group/sum.ts), plain complete additions for a few points. Throws INVALID_TYPE unless
   * `points` is an array of points of this group.
   */
  sumVartime(points: readonly Point<V>[]): PointImpl<V> {
    if (!Array.isArray(points)) {
      throw new IsochronError("INVALID_TYPE", "sumVartime: points must be an array");
    }
    for (const q of points) this.own(q); // validate all before touching the scratch
    // Loaded and summed a chunk at a time: the batch region stays one chunk long (in cache, and the
    // arena does not grow with N), the chunk sums accumulated projectively.
    const law = this.law, tuning = law.n === 1 ? SUM_TUNING_FP : SUM_TUNING_FP2, n = points.length;
    const known = this.allKnownInSubgroup(points);
    if (n <= tuning.chunk) {
      sumSlots(law, this.res, this.loadRange(points, 0, n), tuning, this.sumLevel, this.jacobian);
      return this.markInSubgroup(this.save(this.res), known);
    }
    law.setZero(this.res);
    for (let start = 0; start < n; start += tuning.chunk) {
      const slots = this.loadRange(points, start, Math.min(tuning.chunk, n - start));
      sumSlots(law, this.in1, slots, tuning, this.sumLevel, this.jacobian);
      law.add(this.res, this.res, this.in1);
    }
    return this.markInSubgroup(this.save(this.res), known);
  }

  /**
   * Σ scalars[i]·points[i], VARIABLE-TIME: for public points and public scalars only (e.g. verifying,
   * the EVM precompiles), never for secrets. Pippenger's bucket method with signed digits and
   * batch-affine bucket sums (curves/group/msm.ts); a loop of `multiplyUnsafe` for a few points. Scalars:
   * 32-byte big-endian `Uint8Array`s or `bigint`s in [0, 2^256), reduced mod r (unlike `multiply`); the
   * identity is allowed; no points gives `ZERO`. Throws INVALID_TYPE (not arrays, or a point of another
   * group), INVALID_LENGTH (lengths differ, or a scalar of the wrong length) or INVALID_SCALAR.
   */
  msmVartime(points: readonly Point<V>[], scalars: readonly (bigint | Uint8Array)[]): PointImpl<V> {
    if (!Array.isArray(points) || !Array.isArray(scalars)) {
      throw new IsochronError("INVALID_TYPE", "msmVartime: points and scalars must be arrays");
    }
    if (points.length !== scalars.length) {
      throw new IsochronError(
        "INVALID_LENGTH",
        `msmVartime: ${points.length} points but ${scalars.length} scalars`,
      );
    }
    for (const q of points) this.own(q);
    const ks = scalars.map((k) => scalarBigintVartime(k, this.r));
    const slots = this.loadAll(points);
    msmSlots(this.law, this.res, slots, ks, this.bits);
    return this.markInSubgroup(this.save(this.res), this.allKnownInSubgroup(points));
  }

  /**
   * Σ scalars[i]·points[i], constant-time in the scalars and the points (curves/group/msm_ct.ts):
   * for secret scalars (Pedersen commitments with secret blinding, threshold shares).
   */
  msm(points: readonly Point<V>[], scalars: readonly (bigint | Uint8Array)[]): PointImpl<V> {
    if (!Array.isArray(points) || !Array.isArray(scalars)) {
      throw new IsochronError("INVALID_TYPE", "msm: points and scalars must be arrays");
    }
    if (points.length !== scalars.length) {
      throw new IsochronError("INVALID_LENGTH", `msm: ${points.length} points but ${scalars.length} scalars`);
    }
    for (const q of points) this.own(q);
    const bytes = scalars.map(scalarBytes); // validates all before anything is touched
    const slots = this.loadAll(points);
    this.msmInto(this.res, slots, bytes);
    for (const b of bytes) b.fill(0);
    const out = this.markInSubgroup(this.save(this.res), this.allKnownInSubgroup(points));
    this.F.wipe(this.res, 3);
    if (slots.length > 0) this.F.wipe(slots[0], 3 * slots.length); // the loaded (maybe secret) points
    return out;
  }

  /**
   * out ← Σ kᵢ·pᵢ for point slots and 32-byte big-endian scalars (reduced mod r here), constant-time:
   * what the flow proof measures (tests/curves/group/msm_ct.test.ts); `msm` adds the loads and the save.
   */
  msmInto(out: number, points: readonly number[], scalars: readonly Uint8Array[]): void {
    const limbs = scalars.map((k) => this.reducer.reduce(k));
    msmCt(this.msmCtState ??= new MsmCtScratch(this.law), out, points, limbs, this.bits);
    for (const l of limbs) l.fill(0);
  }

  /**
   * out ← k·p for the slots of two points, k 32 big-endian bytes (any value, reduced mod r
   * here). Constant-time: this is what the flow proof measures (tests/curves/group/ct.test.ts); `multiply`
   * adds the loads and the save of the result, which do not depend on k.
   */
  multiplyInto(out: number, p: number, k: Uint8Array): void {
    const limbs = this.reducer.reduce(k);
    const endo = this.endo; // public: whether this group has an endomorphism (built once)
    if (endo === null) mulCt(this.window, out, p, limbs, this.bits);
    else mulEndoCt(endo, out, p, limbs);
    limbs.fill(0);
  }

  /**
   * out ← k·BASE, k 32 big-endian bytes (reduced mod r here). The first
   * {@linkcode GENERIC_BASE_USES} calls take the generic constant-time `multiplyInto` on the
   * generator's slot; from the next one on, the generator's fixed-base table
   * (curves/group/fixed_base.ts: additions only, no doubling), built then. A one-shot `getPublicKey`
   * does not wait for a table it will not reuse (issue 13: the G1 table took 14–16 ms of a cold
   * keygen + sign + verify). Constant-time in k: the path depends only on the count of calls (public).
   */
  multiplyBaseInto(out: number, k: Uint8Array): void {
    if (this.fixedBaseState === undefined && this.baseUses < GENERIC_BASE_USES) {
      this.baseUses++;
      this.multiplyInto(out, this.baseSlot, k);
      return;
    }
    const limbs = this.reducer.reduce(k);
    this.fixedBase.mul(out, limbs);
    limbs.fill(0);
  }

  /** Throws INVALID_TYPE unless `q` is a point of this group. */
  own(q: unknown): PointImpl<V> {
    if (!(q instanceof PointImpl) || q.group !== this) {
      throw new IsochronError("INVALID_TYPE", `expected a point of ${this.name} (same backend)`);
    }
    return q as PointImpl<V>;
  }
}

/**
 * The key of a point's record "known to lie in the prime-order subgroup" (GroupImpl.markInSubgroup).
 * Public facts only: which points a point was built from, never a coordinate. The record only goes
 * from false to true, and the coordinates never change, so a recorded fact stays true. A property of
 * the point, not a WeakSet beside it: a WeakSet insertion cost 120–200 ns per group operation on V8
 * (a G1 addition through the API 1.97 → 1.75 µs, a negation 245 → 117 ns). A symbol that this module
 * does not export, so that no other code sets it by accident.
 */
const IN_SUBGROUP: unique symbol = Symbol("isochron.inSubgroup");
/** A point with its record (set by the constructor, so that every point has the same shape). */
interface Recorded {
  [IN_SUBGROUP]: boolean;
}

/** An immutable point of a {@linkcode GroupImpl} (the methods are documented on {@linkcode Point}). */
export class PointImpl<V> implements Point<V> {
  // `declare`: no class-field initializer (a synthetic function V8 reports without block coverage,
  // which the constant-time flow proof rejects); all are set by the constructor.
  /** The group. */
  declare readonly group: GroupImpl<V>;
  /** The slot store holding (X, Y, Z) (shared with up to STORE_POINTS − 1 other points). */
  declare readonly store: SlotStore;
  /** Where in `store` the coordinates start. */
  declare readonly at: number;

  /** Use the group's constructors. */
  constructor(group: GroupImpl<V>, store: SlotStore, at: number) {
    this.group = group;
    this.store = store;
    this.at = at;
    (this as unknown as Recorded)[IN_SUBGROUP] = false; // known to lie in the subgroup: not yet
  }

  /** this + q (complete formula, constant-time). */
  add(q: Point<V>): PointImpl<V> {
    const g = this.group;
    g.law.add(g.res, g.load(this, g.in0), g.load(q, g.in1));
    return g.markInSubgroup(g.save(g.res), g.knownInSubgroup(this) && g.knownInSubgroup(q));
  }
  /** this − q (constant-time). */
  subtract(q: Point<V>): PointImpl<V> {
    const g = this.group;
    g.law.neg(g.in1, g.load(q, g.in1));
    g.law.add(g.res, g.load(this, g.in0), g.in1);
    return g.markInSubgroup(g.save(g.res), g.knownInSubgroup(this) && g.knownInSubgroup(q));
  }
  /** 2·this (constant-time). */
  double(): PointImpl<V> {
    const g = this.group;
    g.law.dbl(g.res, g.load(this, g.in0));
    return g.markInSubgroup(g.save(g.res), g.knownInSubgroup(this));
  }
  /** −this. */
  negate(): PointImpl<V> {
    const g = this.group;
    g.law.neg(g.res, g.load(this, g.in0));
    return g.markInSubgroup(g.save(g.res), g.knownInSubgroup(this));
  }
  /** Whether this and q are the same point (projective comparison, constant-time). */
  equals(q: Point<V>): boolean {
    const g = this.group;
    return g.law.eq(g.load(this, g.in0), g.load(q, g.in1)) === 1;
  }
  /** Whether this is the identity. */
  isZero(): boolean {
    const g = this.group;
    return g.law.isZero(g.load(this, g.in0)) === 1;
  }
  /** Affine coordinates (one constant-time inversion); the identity gives (0, 0). */
  toAffine(_invertedZ?: V): Affine<V> {
    const g = this.group, F = g.F, t = g.tmp, n = F.size;
    g.law.toAffine(t, t + n, g.load(this, g.in0));
    const a = { x: F.getVartime(t), y: F.getVartime(t + n) };
    F.wipe(t, 2);
    g.law.wipeScratch();
    return a;
  }

  /**
   * k·this (see {@linkcode Point.multiply}): a 32-byte big-endian `Uint8Array` (any value, reduced mod
   * r: the constant-time form) or a `bigint` in [1, r) (@noble/curves' range; its conversion is
   * variable-time). Throws INVALID_TYPE, INVALID_LENGTH or INVALID_SCALAR.
   */
  multiply(k: bigint | Uint8Array): PointImpl<V> {
    const g = this.group;
    // A bigint is @noble/curves' form, with its range [1, r): 0 and r or more are refused, not reduced.
    if (typeof k === "bigint" && !(k >= 1n && k < g.r)) {
      throw new IsochronError(
        "INVALID_SCALAR",
        "a bigint scalar must be in [1, r) (bytes: any 32-byte value)",
      );
    }
    const bytes = scalarBytes(k); // validates before anything is touched
    if (this === g.BASE) g.multiplyBaseInto(g.res, bytes); // public: which object, not its value
    else g.multiplyInto(g.res, g.load(this, g.in0), bytes);
    bytes.fill(0);
    const out = g.markInSubgroup(g.save(g.res), g.knownInSubgroup(this));
    g.F.wipe(g.in0, 9); // in0, in1, res: 3 points of 3 coordinates (secret-derived)
    return out;
  }
  /** k·this, variable-time: public scalars only. Same inputs as `multiply`. */
  multiplyUnsafe(k: bigint | Uint8Array): PointImpl<V> {
    const g = this.group;
    if (typeof k === "bigint" && !(k >= 0n && k < g.r)) {
      throw new IsochronError(
        "INVALID_SCALAR",
        "a bigint scalar must be in [0, r) (bytes: any 32-byte value)",
      );
    }
    const e = scalarBigintVartime(k, g.r);
    // A long public scalar goes through the constant-time loop, which is faster than double-and-add
    // (GLV/GLS: a quarter to a half of the doublings; BLS12-381 G1 262 against 716 µs, G2 568 against
    // 1905 µs in one report run); short ones (batch verification's 64-bit weights) stay here. The
    // generic loop also for BASE: independent of the fixed-base table (tests use it as the reference).
    if (e >> BigInt(VARTIME_BITS) !== 0n) g.multiplyInto(g.res, g.load(this, g.in0), scalarBytes(e));
    else mulVartime(g.law, g.res, g.load(this, g.in0), e, g.tmp, g.jacobian);
    return g.markInSubgroup(g.save(g.res), g.knownInSubgroup(this));
  }
  /**
   * Whether r·this = O (variable-time: for public points, e.g. decoding). By the group's endomorphism
   * test where it has one (`Group.subgroupTest`, curves/group/endomorphism.ts: a ≤ 128-bit multiplication),
   * else by multiplying by r.
   */
  isTorsionFreeVartime(): boolean {
    const g = this.group;
    if (g.knownInSubgroup(this)) return true; // tested before, or built from such points
    const test = g.subgroupTest, p = g.load(this, g.in0);
    let ok: boolean;
    if (test !== null) ok = test(p);
    else {
      mulVartime(g.law, g.res, p, g.r, g.tmp, g.jacobian);
      ok = g.law.isZero(g.res) === 1;
    }
    g.markInSubgroup(this, ok); // only a success is recorded: a failing point fails every time
    return ok;
  }
  /**
   * The default encoding, `group.codec().encode(this, compressed)` (BLS12-381: ZCash, compressed by
   * default; BN254: EIP-196/197, uncompressed by default, `true` for gnark-crypto's compressed form).
   */
  toBytes(compressed?: boolean): Uint8Array {
    return this.group.codec().encode(this, compressed);
  }
  /** Lowercase hex of `toBytes()`. */
  toHex(compressed?: boolean): string {
    return Array.from(this.toBytes(compressed), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // The members below are those of @noble/curves' points, with its semantics (see api.ts).

  /** The projective coordinates (X : Y : Z), x = X/Z, y = Y/Z (variable-time: public points). */
  get X(): V {
    return this.coordinate(0);
  }
  get Y(): V {
    return this.coordinate(1);
  }
  get Z(): V {
    return this.coordinate(2);
  }
  /** Affine x (`toAffine().x`). */
  get x(): V {
    return this.toAffine().x;
  }
  /** Affine y (`toAffine().y`). */
  get y(): V {
    return this.toAffine().y;
  }
  is0(): boolean {
    return this.isZero();
  }
  isTorsionFree(): boolean {
    return this.isTorsionFreeVartime();
  }
  assertValidity(): void {
    if (!this.isTorsionFreeVartime()) {
      throw new IsochronError(
        "NOT_IN_SUBGROUP",
        `${this.group.name}: point is not in the prime-order subgroup`,
      );
    }
  }
  clearCofactor(): PointImpl<V> {
    return this.group.clearCofactor(this);
  }
  isSmallOrder(): boolean {
    return this.group.h !== 1n && this.clearCofactor().isZero();
  }
  hasEvenY(): boolean {
    return sgn0(this.toAffine().y) === 0;
  }
  precompute(_windowSize?: number, _isLazy?: boolean): PointImpl<V> {
    return this; // the generator's table is built on first use; other points need none
  }
  mulAddUnsafe(a: bigint, other: Point<V>, b: bigint): PointImpl<V> {
    const g = this.group;
    for (const k of [a, b]) {
      if (typeof k !== "bigint" || k < 0n || k >= g.r) {
        throw new IsochronError("INVALID_SCALAR", "scalar must be a bigint in [0, r)");
      }
    }
    return g.msmVartime([this, other], [a, b]) as PointImpl<V>;
  }
  toString(): string {
    return `<${this.group.name} point ${this.isZero() ? "ZERO" : this.toHex()}>`;
  }

  /** Coordinate i of (X, Y, Z) as a public value. */
  private coordinate(i: number): V {
    const g = this.group, s = g.load(this, g.in0) + i * g.F.size;
    return g.F.getVartime(s);
  }
}

/** sgn0 of RFC 9380 §4.1 (the parity of the first non-zero coefficient), of a public value. */
function sgn0(v: unknown): number {
  if (typeof v === "bigint") return Number(v & 1n);
  const { c0, c1 } = v as { c0: bigint; c1: bigint };
  return Number((c0 & 1n) | (c0 === 0n ? c1 & 1n : 0n));
}
