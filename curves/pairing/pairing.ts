/**
 * The optimal ate pairing e: G1 × G2 → GT ⊂ Fp12* of a pairing-friendly curve, and the multi-pairing
 * check of the EVM precompiles (EIP-197, EIP-2537): ∏ e(P_i, Q_i) = 1, with one shared Miller loop
 * (miller.ts) and one final exponentiation (final_exp.ts). The curve hands its data as
 * {@linkcode PairingParams} (curves/<curve>/pairing.ts); nothing here names a curve.
 *
 * Loops (Vercauteren, "Optimal pairings", IEEE Trans. IT 2010): f_{|e|,Q}(P) for the curve's loop
 * scalar e, conjugated when e < 0 (f_{e,Q} = 1/f_{|e|,Q} up to a vertical line; 1/f = f̄ after the easy
 * part; BLS12 curves, e = x); for BN curves (`frobeniusLines`) times l_{T,Q1}(P) · l_{T+Q1,−Q2}(P) with
 * Q1 = π(Q), Q2 = π²(Q) computed on the twist: π(x, y) = (x̄·γ_{1,2}, ȳ·γ_{1,3}), π²(x, y) =
 * (x·γ_{2,2}, y·γ_{2,3}) (frobenius.ts).
 *
 * Everything here works on public inputs and may be variable-time: pairs with a point at infinity are
 * skipped (factor 1), and the inversions to affine coordinates are variable-time. The inputs must be
 * in the prime-order subgroups (what `fromBytes` and every codec's `decode` check); for other points
 * the result is meaningless. A result is an immutable {@linkcode PairingResult}.
 * @module
 */
import { IsochronError } from "../../errors.ts";
import { type Tower, towerOver, type TowerParams } from "../../field/tower/mod.ts";
import { lazyState } from "../../field/lazy_state.ts";
import type { FieldKernel } from "../../field/kernel.ts";
import type { Fp12Value, Fp2Value, Fp6Value } from "../../field/tower/fp2_value.ts";
export type { Fp12Value, Fp6Value };
import { PointImpl } from "../group/group.ts";
import type { Point } from "../group/api.ts";
import { MillerLoop } from "./miller.ts";
import { wasmMillerFunctions } from "./wasm_miller.ts";
import { FinalExp, type HardPart } from "./final_exp.ts";

/** What a curve tells the pairing (public data, curves/<curve>/pairing.ts). */
export interface PairingParams {
  /** The curve's name, for messages. */
  readonly name: string;
  /** Its tower (ξ, twist type: the shape of the line functions). */
  readonly tower: TowerParams;
  /** The Miller loop scalar e, signed (BLS12: x; BN: 6u + 2). */
  readonly loop: bigint;
  /** Whether the loop ends with the lines through π(Q) and −π²(Q) (BN curves). */
  readonly frobeniusLines: boolean;
  /** The hard part of the final exponentiation (final_exp.ts `bls12HardPart`, `bnHardPart`). */
  readonly hardPart: HardPart;
  /**
   * The power c > 0 (prime to r) to which `pairing` and `pairingBatch` raise the reduced pairing
   * e(P, Q)^((p¹² − 1)/r), so that their values equal other libraries' (whose cheaper hard parts
   * compute a multiple of the exponent); 1 for the exact value. `pairingCheck` is unaffected.
   */
  readonly resultPower: bigint;
}

/** A pair (P ∈ G1, Q ∈ G2). */
export type PairingInput = readonly [Point<bigint>, Point<Fp2Value>];

/** A pair in @noble/curves' form, for `pairingBatch`. */
export interface PairingBatchItem {
  /** A point of G1. */
  readonly g1: Point<bigint>;
  /** A point of G2. */
  readonly g2: Point<Fp2Value>;
}

/** The pairing functions a curve object carries. */
export interface PairingFunctions {
  /**
   * The optimal ate pairing e(P, Q) (variable-time: public inputs). e(O, Q) = e(P, O) = 1 (where
   * noble throws). The result is also an Fp12 value `{ c0, c1 }` of noble's shape.
   * @param P a point of this curve's G1.
   * @param Q a point of this curve's G2, on the same backend as P.
   * @param withFinalExponent noble's flag: only `true` (the default) is supported (a Miller loop's
   * raw value depends on the implementation's line scaling).
   * @returns e(P, Q), an element of GT.
   * @throws {IsochronError} INVALID_TYPE unless P, Q are points of this curve's G1 and G2 (same
   * backend) and `withFinalExponent` is a boolean or omitted; NOT_IN_SUBGROUP for a point outside its
   * prime-order subgroup (as noble's `assertValidity`); UNSUPPORTED for `withFinalExponent = false`.
   */
  pairing(P: Point<bigint>, Q: Point<Fp2Value>, withFinalExponent?: boolean): PairingResult;
  /**
   * ∏ e(g1_i, g2_i) with one multi-Miller loop and one final exponentiation (@noble/curves'
   * `pairingBatch`); the empty product is 1. Variable-time.
   * @param pairs `{ g1, g2 }` objects: points of this curve's G1 and G2, all on one backend.
   * @param withFinalExponent as for `pairing`: only `true` (the default).
   * @returns the product, an element of GT.
   * @throws {IsochronError} as `pairing`, and INVALID_TYPE when `pairs` is not an array of
   * `{ g1, g2 }` objects.
   */
  pairingBatch(pairs: readonly PairingBatchItem[], withFinalExponent?: boolean): PairingResult;
  /**
   * Whether ∏ e(P_i, Q_i) = 1 (one multi-Miller loop, one final exponentiation): the EIP-197 /
   * EIP-2537 precompile check. The empty product is 1 (true). Variable-time (public inputs).
   * @param pairs `[P, Q]` arrays: points of this curve's G1 and G2, all on one backend.
   * @returns true when the product is 1.
   * @throws {IsochronError} INVALID_TYPE when `pairs` is not an array of `[P, Q]` pairs of points of
   * this curve's G1 and G2 on one backend.
   */
  pairingCheck(pairs: readonly PairingInput[]): boolean;
}

/**
 * An element of GT (an Fp12 value), immutable. `toBytes()`: the 12 Fp coefficients, each big-endian
 * (48 bytes for BLS12-381, 32 for BN254), in tower order: c0.c0.c0, c0.c0.c1, c0.c1.c0, c0.c1.c1,
 * c0.c2.c0, c0.c2.c1, c1.c0.c0, …, c1.c2.c1 for Fp12 = Fp6[w]/(w² − v), Fp6 = Fp2[v]/(v³ − ξ),
 * Fp2 = Fp[u]/(u² + 1) (the layout of @noble/curves' Fp12 `{c0, c1}`).
 */
export interface PairingResult extends Fp12Value {
  /**
   * Whether this equals `other`.
   * @param other a pairing result of the same curve.
   * @returns true when they are equal.
   * @throws {IsochronError} INVALID_TYPE unless `other` is a pairing result of the same curve.
   */
  equals(other: PairingResult): boolean;
  /**
   * Whether this is the identity 1 of GT.
   * @returns true for 1.
   */
  isOne(): boolean;
  /**
   * The canonical encoding (see the type's doc).
   * @returns fresh bytes: 12 × 48 (BLS12-381) or 12 × 32 (BN254).
   */
  toBytes(): Uint8Array;
  /**
   * this · other in GT.
   * @param other a pairing result of the same curve.
   * @returns a new element of GT.
   * @throws {IsochronError} INVALID_TYPE unless `other` is a pairing result of the same curve.
   */
  multiply(other: PairingResult): PairingResult;
  /**
   * this^k for a public k ≥ 0 (variable-time in k): e(P, Q)^k = e(kP, Q).
   * @param k the public exponent, a bigint ≥ 0 (not reduced).
   * @returns a new element of GT.
   * @throws {IsochronError} INVALID_SCALAR unless k is a bigint ≥ 0.
   */
  powVartime(k: bigint): PairingResult;
}

/** The implementation of {@linkcode PairingResult}: the coefficients' bytes and the engine they belong to. */
export class GtElement implements PairingResult {
  /** The engine of the curve and backend that made this element. */
  declare readonly engine: PairingEngine;
  /** The encoding (see {@linkcode PairingResult}). */
  declare readonly bytes: Uint8Array;
  /** Made by the engine only. */
  constructor(engine: PairingEngine, bytes: Uint8Array) {
    this.engine = engine;
    this.bytes = bytes;
  }
  equals(other: PairingResult): boolean {
    const o = this.own(other), a = this.bytes, b = o.bytes;
    let d = 0;
    for (let i = 0; i < a.length; i++) d |= a[i] ^ b[i];
    return d === 0;
  }
  isOne(): boolean {
    return this.equals(this.engine.one());
  }
  get c0(): Fp6Value {
    return this.fp6(0);
  }
  get c1(): Fp6Value {
    return this.fp6(6);
  }
  /** The Fp6 coefficient whose six Fp coefficients start at index `at` (tower order). */
  private fp6(at: number): Fp6Value {
    const n = this.bytes.length / 12;
    const fp = (i: number) => {
      let x = 0n;
      for (const b of this.bytes.subarray(i * n, (i + 1) * n)) x = (x << 8n) | BigInt(b);
      return x;
    };
    const fp2 = (i: number): Fp2Value => ({ c0: fp(i), c1: fp(i + 1) });
    return { c0: fp2(at), c1: fp2(at + 2), c2: fp2(at + 4) };
  }
  toBytes(): Uint8Array {
    return this.bytes.slice();
  }
  multiply(other: PairingResult): GtElement {
    return this.engine.op((F, o, a, b) => F.mul(o, a, b), this, this.own(other));
  }
  powVartime(k: bigint): GtElement {
    if (typeof k !== "bigint" || k < 0n) {
      throw new IsochronError("INVALID_SCALAR", "exponent must be a bigint ≥ 0");
    }
    return this.engine.op((F, o, a) => F.pow(o, a, k), this, this);
  }
  /** `other` as an element of this curve's GT, else INVALID_TYPE. */
  private own(other: unknown): GtElement {
    if (!(other instanceof GtElement) || other.engine.params !== this.engine.params) {
      throw new IsochronError("INVALID_TYPE", "expected a pairing result of the same curve");
    }
    return other;
  }
}

/** The pairing of one curve on one tower (one backend): scratch, loop, final exponentiation. */
export class PairingEngine {
  readonly params: PairingParams;
  private readonly tw: Tower;
  private readonly miller: MillerLoop;
  private readonly fe: FinalExp;
  /** Scratch: 3 Fp12 (f, a, b), 2 Fp2 (inverse, temp). */
  private readonly f: number;
  private readonly z: number;
  /** π and π² constants γ_{1,2}, γ_{1,3}, γ_{2,2}, γ_{2,3} (BN254). */
  private readonly gam: number;
  private oneCache: GtElement | null = null;
  /** What `pairing` still raises the final exponentiation's result to: resultPower ÷ the hard part's multiple. */
  private readonly power: bigint;

  constructor(params: PairingParams, tw: Tower, b3: number) {
    const { resultPower, hardPart } = params;
    if (resultPower % hardPart.multiple !== 0n) {
      throw new Error(`${params.name}: resultPower is not a multiple of the hard part's`);
    }
    this.power = resultPower / hardPart.multiple;
    this.params = params;
    this.tw = tw;
    this.miller = new MillerLoop(tw, b3, wasmMillerFunctions(tw.fp, params.name));
    this.fe = new FinalExp(tw, params.hardPart);
    this.f = tw.fp12.alloc(3);
    this.z = tw.fp2.alloc(2);
    this.gam = tw.fp2.alloc(4);
    const g = tw.frobenius.gamma;
    [g[0][2], g[0][3], g[1][2], g[1][3]].forEach((v, i) => tw.fp2.setBigintVartime(this.gam + 2 * i, v));
  }

  /** The identity of GT. */
  one(): GtElement {
    if (this.oneCache === null) {
      this.tw.fp12.setOne(this.f);
      this.oneCache = this.result(this.f);
    }
    return this.oneCache;
  }

  private result(slot: number): GtElement {
    const k = this.tw.fp, n = k.byteLength, out = new Uint8Array(12 * n);
    for (let i = 0; i < 12; i++) k.toBytes(slot + i, out, i * n);
    return new GtElement(this, out);
  }
  private load(slot: number, r: GtElement): void {
    const k = this.tw.fp, n = k.byteLength;
    for (let i = 0; i < 12; i++) k.fromBytes(slot + i, r.bytes.subarray(i * n, (i + 1) * n));
  }
  /** A GT operation on loaded operands. */
  op(
    fn: (F: Tower["fp12"], out: number, a: number, b: number) => void,
    a: GtElement,
    b: GtElement,
  ): GtElement {
    const F = this.tw.fp12, s = this.f;
    this.load(s + 12, a);
    this.load(s + 24, b);
    fn(F, s, s + 12, s + 24);
    return this.result(s);
  }

  /**
   * Loads the pairs with no point at infinity into the Miller loop's slots (affine coordinates,
   * variable-time inversions); returns their number.
   */
  private loadPairs(pairs: readonly PairingInput[], subgroups: boolean): number {
    if (!Array.isArray(pairs)) throw new IsochronError("INVALID_TYPE", "pairs must be an array");
    const tw = this.tw, k = tw.fp, f2 = tw.fp2, z = this.z;
    const name = this.params.name;
    // Validate everything before touching state.
    for (const pair of pairs) {
      if (!Array.isArray(pair) || pair.length !== 2) {
        throw new IsochronError("INVALID_TYPE", "a pair is [P, Q]");
      }
      const [P, Q] = pair;
      // instanceof first: a look-alike object ({ s, group }) is rejected, not read.
      // The groups of a curve are the ones on its base-field kernel: G1 over Fp, G2 over Fp2.
      if (!(P instanceof PointImpl) || P.group.F.kernel !== k || P.group.F.size !== 1) {
        throw new IsochronError("INVALID_TYPE", `expected a point of ${name} G1 on this backend`);
      }
      if (!(Q instanceof PointImpl) || Q.group.F.kernel !== k || Q.group.F.size !== 2) {
        throw new IsochronError("INVALID_TYPE", `expected a point of ${name} G2 on this backend`);
      }
    }
    // The subgroup checks of `pairing` / `pairingBatch` (as @noble/curves' assertValidity); the
    // precompile check trusts its decoded inputs.
    if (subgroups) {
      for (const [P, Q] of pairs) {
        if (!P.isTorsionFreeVartime() || !Q.isTorsionFreeVartime()) {
          throw new IsochronError(
            "NOT_IN_SUBGROUP",
            `${name}: a pairing input is not in its prime-order subgroup`,
          );
        }
      }
    }
    let n = 0;
    for (const [P, Q] of pairs) {
      if (P.isZero() || Q.isZero()) continue;
      const st = this.miller.pair(n++);
      // The points' coordinates, loaded into their groups' scratch slots.
      const Ps = P.group.load(P, P.group.in0), Qs = Q.group.load(Q, Q.group.in0);
      // P affine: xP = X/Z, yP = Y/Z (Fp); base slot z holds Z⁻¹.
      k.invVartime(z, Ps + 2);
      k.mul(st.p, Ps, z);
      k.mul(st.p + 1, Ps + 1, z);
      f2.invVartime(z, Qs + 4);
      f2.mul(st.q, Qs, z);
      f2.mul(st.q + 2, Qs + 2, z);
      f2.copy(st.t, st.q);
      f2.copy(st.t + 2, st.q + 2);
      f2.setOne(st.t + 4);
      f2.copy(st.qn, st.q);
      f2.neg(st.qn + 2, st.q + 2);
      if (this.params.frobeniusLines) {
        const g = this.gam;
        f2.conj(st.q1, st.q);
        f2.mul(st.q1, st.q1, g); //         x̄·γ_{1,2}
        f2.conj(st.q1 + 2, st.q + 2);
        f2.mul(st.q1 + 2, st.q1 + 2, g + 2); // ȳ·γ_{1,3}
        f2.mul(st.q2, st.q, g + 4); //        x·γ_{2,2}
        f2.mul(st.q2 + 2, st.q + 2, g + 6);
        f2.neg(st.q2 + 2, st.q2 + 2); //      −π²(Q): −y·γ_{2,3}
      }
    }
    return n;
  }

  /** f ← the product of the Miller loops of the pairs (before the final exponentiation). */
  private millerLoop(f: number, pairs: readonly PairingInput[], subgroups = false): void {
    const n = this.loadPairs(pairs, subgroups);
    const F = this.tw.fp12;
    if (n === 0) return F.setOne(f);
    const { loop, frobeniusLines } = this.params;
    this.miller.run(f, n, loop);
    if (loop < 0n) F.conj(f, f);
    if (frobeniusLines) {
      this.miller.addAll(f, n, "q1");
      this.miller.addAll(f, n, "q2");
    }
  }

  /** ∏ e(P_i, Q_i), every point checked to be in its subgroup first (NOT_IN_SUBGROUP). */
  product(pairs: readonly PairingInput[]): GtElement {
    const f = this.f, c = this.power;
    this.millerLoop(f, pairs, true);
    this.fe.run(f, f);
    if (c !== 1n) this.tw.fp12.pow(f, f, c); // public exponent
    return this.result(f);
  }

  /** ∏ e(P_i, Q_i) = 1. */
  pairingCheck(pairs: readonly PairingInput[]): boolean {
    const f = this.f;
    this.millerLoop(f, pairs);
    this.fe.run(f, f);
    return this.tw.fp12.isOne(f) === 1;
  }
}

/** The engines of each base-field kernel (backend), one per curve. */
const engines = lazyState((_: FieldKernel) => new Map<PairingParams, PairingEngine>());

/** The engine of curve `params` for the kernel (backend) of G2 point Q's group, built on first use. */
function engineFor(params: PairingParams, Q: unknown): PairingEngine {
  const G2 = Q instanceof PointImpl ? Q.group : undefined;
  if (G2 === undefined || G2.F.size !== 2 || G2.F.kernel.p !== params.tower.p) {
    throw new IsochronError("INVALID_TYPE", `expected a point of ${params.name} G2`);
  }
  const k = G2.F.kernel, byCurve = engines(k);
  let e = byCurve.get(params);
  if (e === undefined) {
    e = new PairingEngine(params, towerOver(k, params.tower), G2.law.b3);
    byCurve.set(params, e);
  }
  return e;
}

/**
 * The pairing functions of curve `params` (the backend follows the points' groups; `currentG2` gives
 * a point of G2 on the current backend, for the empty batch).
 */
export function pairingFunctions(
  params: PairingParams,
  currentG2: () => Point<Fp2Value> = () => {
    throw new IsochronError("INVALID_TYPE", "an empty pairing batch needs the curve's groups");
  },
): PairingFunctions {
  const finalOnly = (withFinalExponent: unknown) => {
    if (withFinalExponent === false) {
      throw new IsochronError("UNSUPPORTED", "isochron gives pairings after the final exponentiation only");
    }
    if (withFinalExponent !== undefined && withFinalExponent !== true) {
      throw new IsochronError("INVALID_TYPE", "withFinalExponent must be a boolean");
    }
  };
  return {
    pairing(P: Point<bigint>, Q: Point<Fp2Value>, withFinalExponent?: boolean): PairingResult {
      finalOnly(withFinalExponent);
      return engineFor(params, Q).product([[P, Q]]);
    },
    pairingBatch(pairs: readonly PairingBatchItem[], withFinalExponent?: boolean): PairingResult {
      finalOnly(withFinalExponent);
      if (!Array.isArray(pairs)) throw new IsochronError("INVALID_TYPE", "pairs must be an array");
      const input = pairs.map((p): PairingInput => {
        if (typeof p !== "object" || p === null) {
          throw new IsochronError("INVALID_TYPE", "a pair is { g1, g2 }");
        }
        return [p.g1, p.g2];
      });
      if (input.length === 0) {
        return engineFor(params, currentG2()).one(); // the empty product, on the current backend
      }
      return engineFor(params, input[0][1]).product(input);
    },
    pairingCheck(pairs: readonly PairingInput[]): boolean {
      if (!Array.isArray(pairs)) throw new IsochronError("INVALID_TYPE", "pairs must be an array");
      if (pairs.length === 0) return true;
      const Q = Array.isArray(pairs[0]) ? pairs[0][1] : undefined;
      return engineFor(params, Q).pairingCheck(pairs);
    },
  };
}
