/**
 * A prime-order curve group (G1 or G2 of a pairing-friendly curve) and its immutable points.
 *
 * Storage: a point owns three coordinate elements in the base-field kernel's arena (wasm memory or a
 * Float64Array), so the group law runs on them in place with no copying (tests and internal callers
 * rely on `Point.s` naming those slots for the point's whole life).
 *
 * Slots are handed out in blocks of {@linkcode BLOCK_POINTS} points, and a block, not a point, is
 * registered with a `FinalizationRegistry`: every point holds its block, so the block becomes
 * unreachable when the last of its points does; the registry then zeroes the whole block (one wipe)
 * and returns it to the group's free list. One registration per point (the previous design) cost
 * ≈ 300 ns of GC work per `P.add(Q)` (a V8 WeakCell per point, the registered points outliving the
 * young generation); per block it is a few ns. What remains of the Point API's cost in a synchronous
 * loop (≈ 0.4 µs per G1 addition over the bare `law.add`) is memory: finalizers only run when the
 * event loop turns, so until then every new point takes never-used arena memory; once they run,
 * blocks are reused and the cost falls to ≈ 25 ns.
 *
 * Guarantees: (1) the coordinates of a dropped point are zeroed, when its block is collected: that is
 * after the last of up to {@linkcode BLOCK_POINTS} − 1 block mates (points of the same group created just
 * before or after it) is dropped too, and when the runtime runs finalizers (engines never promise
 * when; a synchronous loop never lets them run: its points' slots are all live until it yields to the
 * event loop); (2) no unbounded leak: once finalizers have run, the blocks in use hold at most
 * `BLOCK_POINTS` × (live points) + one open block (the arena itself keeps its high-water mark);
 * (3) where the runtime has no `FinalizationRegistry`, nothing is reused or zeroed: every point keeps
 * its slots for the life of the kernel (memory grows with every point created).
 * `ZERO` and `BASE` live on slots of their own, outside the blocks, so that they pin no block.
 *
 * The alternatives measured: keeping the coordinates in a typed array per point, copied into scratch
 * slots around each operation (a 144-byte typed array, backed off the V8 heap, measured ≈ 1 µs to
 * allocate, more than the registration; and a JS-heap copy is never zeroed when it dies), or a byte
 * conversion (a Montgomery multiplication) per coordinate per operation.
 * @module
 */
import { IsochronError } from "../../errors.ts";
import { scalarBigintVartime, scalarBytes, ScalarReducer } from "../../scalar/reduce.ts";
import type { CoordField } from "./coord_field.ts";
import { bindCodec, type Codec, type CodecSpecs } from "./codec.ts";
import { Projective } from "./projective.ts";
import { wasmPointFunctions } from "./wasm_point.ts";
import { type EndoScratch, mulCt, mulEndoCt, mulVartime, WindowScratch } from "./scalar_mul.ts";
import { type EndomorphismSpec, endoScratch, type SubgroupTest, subgroupTest } from "./endomorphism.ts";
import { FixedBaseTable, fixedBaseWindow } from "./fixed_base.ts";
import { sumVartime } from "./sum.ts";
import { msmVartime } from "./msm.ts";

/**
 * Points per slot block (see the module doc): one `FinalizationRegistry` registration and one wipe per
 * block. A dropped point's coordinates wait for at most this many − 1 block mates before being zeroed.
 */
export const BLOCK_POINTS = 8;

/**
 * @internal A block of `BLOCK_POINTS` points' slots, from `first`. Every point on it holds it, and it is
 * the object registered with the group's `FinalizationRegistry` (the registry's held value is the number
 * `first`, which does not keep the block alive).
 */
export class SlotBlock {
  /** The first slot of the block. */
  declare readonly first: number;
  constructor(first: number) {
    this.first = first;
  }
}

/** Affine coordinates of a point; the identity is (0, 0) as in @noble/curves. */
export interface Affine<V> {
  /** x = X/Z. */
  readonly x: V;
  /** y = Y/Z. */
  readonly y: V;
}

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
}

/** An r-torsion group of y² = x³ + b: its constants, scratch, slot pool and point constructors. */
export class Group<V> {
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
  readonly BASE: Point<V>;
  /** The identity. */
  readonly ZERO: Point<V>;
  /** Bit length of r. */
  readonly bits: number;
  /** @internal */
  readonly reducer: ScalarReducer;
  /** @internal */
  readonly window: WindowScratch<V>;
  /** @internal Two scratch points. */
  readonly tmp: number;
  /** The codecs bound to this group, by name. */
  private readonly bound = new Map<string, Codec<V>>();
  /** First slots of zeroed blocks, ready for reuse. */
  private readonly free: number[] = [];
  private readonly registry: FinalizationRegistry<number> | null;
  /** The block `fresh` takes slots from (null before the first), and how many of its points are out. */
  declare private block: SlotBlock | null;
  declare private used: number;
  /** Base slots per point (3 coordinates). */
  declare private readonly pointSlots: number;
  /** The endomorphism's description (public curve data), and what the group builds from it on first use. */
  declare private readonly endoSpec: EndomorphismSpec<V> | undefined;
  declare private endoState: EndoScratch<V> | null | undefined;
  declare private subgroupState: SubgroupTest | null | undefined;
  declare private fixedBaseState: FixedBaseTable<V> | undefined;

  /** Builds the group (reserving its constants and scratch in the kernel's arena). */
  constructor(spec: GroupSpec<V>) {
    this.name = spec.name;
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
    this.bits = spec.r.toString(2).length;
    this.reducer = new ScalarReducer(spec.r);
    this.window = new WindowScratch(this.law);
    this.tmp = this.law.alloc(2);
    this.pointSlots = 3 * this.law.n;
    this.block = null;
    this.used = BLOCK_POINTS;
    const F = this.F, free = this.free;
    this.registry = typeof FinalizationRegistry === "function"
      ? new FinalizationRegistry((first: number) => {
        F.wipe(first, 3 * BLOCK_POINTS);
        free.push(first);
      })
      : null;
    // ZERO and BASE live as long as the group: own slots, outside the blocks (see the module doc).
    const fixed = new SlotBlock(this.law.alloc(2)), t = this.tmp, n = F.size;
    this.ZERO = new Point(this, fixed.first, fixed);
    this.law.setZero(this.ZERO.s);
    this.BASE = new Point(this, fixed.first + this.pointSlots, fixed);
    F.setVartime(t, spec.generator.x);
    F.setVartime(t + n, spec.generator.y);
    this.law.fromAffine(this.BASE.s, t, t + n);
    if (this.law.isOnCurve(this.BASE.s) !== 1) throw new Error(`${this.name}: generator not on the curve`);
  }

  /**
   * @internal The GLV/GLS multiplication scratch of the group's endomorphism (built on first use), or
   * null: no endomorphism (the plain fixed window then).
   */
  get endo(): EndoScratch<V> | null {
    if (this.endoState === undefined) {
      this.endoState = this.endoSpec === undefined ? null : endoScratch(this, this.endoSpec);
    }
    return this.endoState;
  }

  /**
   * @internal The subgroup test (built on first use): cofactor 1, or the endomorphism's identity; null:
   * multiply by r.
   */
  get subgroupTest(): SubgroupTest | null {
    if (this.subgroupState === undefined) this.subgroupState = subgroupTest(this, this.endoSpec);
    return this.subgroupState;
  }

  /** @internal The generator's fixed-base table (curves/group/fixed_base.ts), built on first use. */
  get fixedBase(): FixedBaseTable<V> {
    return this.fixedBaseState ??= new FixedBaseTable(
      this.law,
      this.BASE.s,
      this.bits,
      fixedBaseWindow(this),
    );
  }

  /**
   * @internal A new point on fresh (or recycled, zeroed) slots, to be written by the caller. Takes the
   * next point of the open block; a full block is replaced by a recycled one or `BLOCK_POINTS` new points.
   */
  fresh(): Point<V> {
    let b = this.block, i = this.used;
    if (b === null || i === BLOCK_POINTS) {
      b = new SlotBlock(this.free.pop() ?? this.law.alloc(BLOCK_POINTS));
      this.registry?.register(b, b.first);
      this.block = b;
      i = 0;
    }
    this.used = i + 1;
    return new Point(this, b.first + i * this.pointSlots, b);
  }

  /**
   * The point (x, y) from public affine coordinates, each canonical (in [0, p)); (0, 0) gives ZERO. No
   * subgroup check. Throws INVALID_TYPE (not `{ x, y }` of field values), NON_CANONICAL or NOT_ON_CURVE.
   */
  fromAffine(a: Affine<V>): Point<V> {
    const F = this.F, t = this.tmp, n = F.size;
    if (typeof a !== "object" || a === null) throw new IsochronError("INVALID_TYPE", "expected { x, y }");
    F.checkValue(a.x, "x");
    F.checkValue(a.y, "y");
    F.setVartime(t, a.x);
    F.setVartime(t + n, a.y);
    if ((F.isZero(t) & F.isZero(t + n)) === 1) return this.ZERO;
    const p = this.fresh();
    this.law.fromAffine(p.s, t, t + n);
    if (this.law.isOnCurve(p.s) !== 1) {
      throw new IsochronError("NOT_ON_CURVE", `${this.name}: point is not on the curve`);
    }
    return p;
  }

  /**
   * The encoding `name` of this group, bound to it: `decode`, `decodeUnchecked`, `encode` (see
   * {@linkcode Codec}). `default` (the default) is the one of `fromBytes` and `toBytes`; the other names
   * are the curve's (`GroupSpec.codecs`, listed by its entry point). Throws INVALID_TYPE for a name the
   * group has no encoding under.
   */
  codec(name: string = "default"): Codec<V> {
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
  fromBytes(bytes: Uint8Array): Point<V> {
    return this.codec().decode(bytes);
  }

  /** Decodes a point from trusted input: checks length, flags, range and curve, but not the subgroup. */
  fromBytesUnchecked(bytes: Uint8Array): Point<V> {
    return this.codec().decodeUnchecked(bytes);
  }

  /**
   * The sum of `points` (any number, the identity allowed). Variable-time, for public points only
   * (aggregating public keys or signatures): batch-affine addition in a tree with one shared inversion
   * per level (curves/sum.ts), plain complete additions for a few points. Throws INVALID_TYPE unless
   * `points` is an array of points of this group.
   */
  sum(points: readonly Point<V>[]): Point<V> {
    if (!Array.isArray(points)) throw new IsochronError("INVALID_TYPE", "sum: points must be an array");
    const slots = points.map((q) => this.own(q).s);
    const out = this.fresh();
    sumVartime(this.law, out.s, slots);
    return out;
  }

  /**
   * Σ scalars[i]·points[i], VARIABLE-TIME: for public points and public scalars only (e.g. verifying,
   * the EVM precompiles), never for secrets. Pippenger's bucket method with signed digits and
   * batch-affine bucket sums (curves/msm.ts); a loop of `multiplyUnsafe` for a few points. Scalars as
   * for `multiply` (32-byte big-endian `Uint8Array` or `bigint` in [0, 2^256), reduced mod r); the
   * identity is allowed; no points gives `ZERO`. Throws INVALID_TYPE (not arrays, or a point of another
   * group), INVALID_LENGTH (lengths differ, or a scalar of the wrong length) or INVALID_SCALAR.
   */
  msm(points: readonly Point<V>[], scalars: readonly (bigint | Uint8Array)[]): Point<V> {
    if (!Array.isArray(points) || !Array.isArray(scalars)) {
      throw new IsochronError("INVALID_TYPE", "msm: points and scalars must be arrays");
    }
    if (points.length !== scalars.length) {
      throw new IsochronError("INVALID_LENGTH", `msm: ${points.length} points but ${scalars.length} scalars`);
    }
    const slots = points.map((q) => this.own(q).s);
    const ks = scalars.map((k) => scalarBigintVartime(k, this.r));
    const out = this.fresh();
    msmVartime(this.law, out.s, slots, ks, this.bits);
    return out;
  }

  /**
   * @internal out ← k·p for the slots of two points, k 32 big-endian bytes (any value, reduced mod r
   * here). Constant-time: this is what the flow proof measures (tests/curves/ct.test.ts); `multiply`
   * adds only the allocation of the result's slots, which depends on garbage-collection timing and
   * never on k.
   */
  multiplyInto(out: number, p: number, k: Uint8Array): void {
    const limbs = this.reducer.reduce(k);
    const endo = this.endo; // public: whether this group has an endomorphism (built once)
    if (endo === null) mulCt(this.window, out, p, limbs, this.bits);
    else mulEndoCt(endo, out, p, limbs);
    limbs.fill(0);
  }

  /**
   * @internal out ← k·BASE, k 32 big-endian bytes (reduced mod r here), with the generator's
   * fixed-base table (curves/fixed_base.ts, built on first use): additions only, no doubling.
   * Constant-time in k.
   */
  multiplyBaseInto(out: number, k: Uint8Array): void {
    const limbs = this.reducer.reduce(k);
    this.fixedBase.mul(out, limbs);
    limbs.fill(0);
  }

  /** @internal Throws INVALID_TYPE unless `q` is a point of this group. */
  own(q: unknown): Point<V> {
    if (!(q instanceof Point) || q.group !== this) {
      throw new IsochronError("INVALID_TYPE", `expected a point of ${this.name} (same backend)`);
    }
    return q as Point<V>;
  }
}

/** An immutable point of a {@linkcode Group}. */
export class Point<V> {
  // `declare`: no class-field initializer (a synthetic function V8 reports without block coverage,
  // which the constant-time flow proof rejects); both are set by the constructor.
  /** The group. */
  declare readonly group: Group<V>;
  /** @internal The first slot of (X, Y, Z). */
  declare readonly s: number;
  /** @internal The slot block holding s (kept reachable while this point is: see the module doc). */
  declare readonly block: SlotBlock;

  /** @internal Use the group's constructors. */
  constructor(group: Group<V>, slot: number, block: SlotBlock) {
    this.group = group;
    this.s = slot;
    this.block = block;
  }

  /** this + q (complete formula, constant-time). */
  add(q: Point<V>): Point<V> {
    const g = this.group, out = g.fresh();
    g.law.add(out.s, this.s, g.own(q).s);
    return out;
  }
  /** this − q (constant-time). */
  subtract(q: Point<V>): Point<V> {
    const g = this.group, out = g.fresh();
    g.law.neg(out.s, g.own(q).s);
    g.law.add(out.s, this.s, out.s);
    return out;
  }
  /** 2·this (constant-time). */
  double(): Point<V> {
    const g = this.group, out = g.fresh();
    g.law.dbl(out.s, this.s);
    return out;
  }
  /** −this. */
  negate(): Point<V> {
    const g = this.group, out = g.fresh();
    g.law.neg(out.s, this.s);
    return out;
  }
  /** Whether this and q are the same point (projective comparison, constant-time). */
  equals(q: Point<V>): boolean {
    return this.group.law.eq(this.s, this.group.own(q).s) === 1;
  }
  /** Whether this is the identity. */
  isZero(): boolean {
    return this.group.law.isZero(this.s) === 1;
  }
  /** Affine coordinates (one constant-time inversion); the identity gives (0, 0). */
  toAffine(): Affine<V> {
    const g = this.group, F = g.F, t = g.tmp, n = F.size;
    g.law.toAffine(t, t + n, this.s);
    const a = { x: F.getVartime(t), y: F.getVartime(t + n) };
    F.wipe(t, 2);
    g.law.wipeScratch();
    return a;
  }

  /**
   * k·this, constant-time in k and in the point. k: a 32-byte big-endian `Uint8Array` (the
   * constant-time form) or a `bigint` (converted with BigInt arithmetic first), any value in
   * [0, 2^256), reduced mod r. Throws INVALID_TYPE, INVALID_LENGTH or INVALID_SCALAR.
   */
  multiply(k: bigint | Uint8Array): Point<V> {
    const g = this.group;
    const bytes = scalarBytes(k); // validates before a slot is taken
    const out = g.fresh();
    if (this === g.BASE) g.multiplyBaseInto(out.s, bytes); // public: which object, not its value
    else g.multiplyInto(out.s, this.s, bytes);
    bytes.fill(0);
    return out;
  }
  /** k·this, variable-time: public scalars only. Same inputs as `multiply`. */
  multiplyUnsafe(k: bigint | Uint8Array): Point<V> {
    const g = this.group, out = g.fresh();
    mulVartime(g.law, out.s, this.s, scalarBigintVartime(k, g.r), g.tmp);
    return out;
  }
  /**
   * Whether r·this = O (variable-time: for public points, e.g. decoding). By the group's endomorphism
   * test where it has one (`Group.subgroupTest`, curves/group/endomorphism.ts: a ≤ 128-bit multiplication),
   * else by multiplying by r.
   */
  isTorsionFreeVartime(): boolean {
    const g = this.group, test = g.subgroupTest;
    if (test !== null) return test(this.s);
    const t = g.fresh();
    mulVartime(g.law, t.s, this.s, g.r, g.tmp);
    return g.law.isZero(t.s) === 1;
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
}
