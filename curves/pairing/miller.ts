/**
 * The Miller loop of the optimal ate pairing, for many pairs at once (one shared accumulator f).
 *
 * T runs over the twist E'(Fp2) in homogeneous projective coordinates (X : Y : Z); each step evaluates
 * the tangent or chord line at the affine G1 point P = (xP, yP) and multiplies it into f with the
 * tower's sparse multiplication. Formulas: Costello–Lange–Naehrig, "Faster pairing computations on
 * curves with high-degree twists", PKC 2010 (ePrint 2009/615), in the explicit form of Aranha et al.,
 * "Faster explicit formulas for computing pairings over ordinary curves", Eurocrypt 2011 (ePrint
 * 2010/526, eqs. 11 and 13), written once in miller_steps.ts and compiled into the wasm module where the
 * plan has the Miller layer (wasm_miller.ts). Costs count Fp2 operations (m mul, s square, m_b multiplication by 3b');
 * multiplications of an Fp2 by xP or yP (2 Fp mul each) are listed separately.
 *
 * Line shapes (derivation kept here because it fixes the sparse positions). With w⁶ = ξ:
 * - M-twist (BLS12-381), E': y² = x³ + bξ, untwist (x, y) ↦ (x/w², y/w³). The tangent at T,
 *   multiplied by w³ and by 2YZ (factors in proper subfields, erased by the final exponentiation):
 *   l = (3b'Z² − Y²) + 3X²·xP·w² − 2YZ·yP·w³: Fp12 positions 0 (1), 1 (v = w²), 4 (vw = w³): mul014.
 * - D-twist (BN254), E': y² = x³ + b/ξ, untwist (x, y) ↦ (x·w², y·w³): the same three coefficients
 *   land on w³, w and 1: l = −2YZ·yP + 3X²·xP·w + (3b'Z² − Y²)·w³: positions 0, 3 (w), 4: mul034.
 * Chord through T and affine Q = (x2, y2), θ = Y − y2·Z, λ = X − x2·Z: constant term θ·x2 − λ·y2,
 * xP-term −θ·xP, yP-term λ·yP, placed like the tangent's.
 *
 * Variable-time in the (public) loop parameter and the number of pairs; nothing branches on
 * coordinates. Points at infinity are left out by the caller (their factor is 1).
 * @module
 */
import type { Tower } from "../../field/tower/mod.ts";
import { millerAddStep, millerDblStep, STEP_SCRATCH } from "./miller_steps.ts";
import type { MillerExports } from "./wasm_miller.ts";

/** Slots of one pair's state: the affine inputs and the running point T. */
export interface PairSlots {
  /** xP, yP (two Fp slots). */
  readonly p: number;
  /** Q = (x2, y2) affine (two Fp2 elements). */
  readonly q: number;
  /** −Q affine (for the negative digits of the loop's NAF). */
  readonly qn: number;
  /** T = (X, Y, Z) (three Fp2 elements). */
  readonly t: number;
  /** Extra affine points on E' (BN254: π(Q), −π²(Q)), two Fp2 elements each. */
  readonly q1: number;
  /** Second extra point. */
  readonly q2: number;
}

/** The Miller loop of one curve on one tower. */
export class MillerLoop {
  private readonly tw: Tower;
  /** Slot of 3b' (Fp2). */
  private readonly b3: number;
  /** Scratch: STEP_SCRATCH Fp2 elements. */
  private readonly s: number;
  /** The three line coefficients (Fp2): constant term, xP-term, yP-term. */
  private readonly l: number;
  private readonly pool: PairSlots[] = [];
  /** The compiled steps, or null: compose the tower's Fp2 operations. */
  private readonly w: MillerExports | null;

  /**
   * The loop on `tw` for the twist constant b' (public, at slot `b3` already multiplied by 3); with
   * `compiled` (wasm_miller.ts), each step is one wasm call.
   */
  constructor(tw: Tower, b3: number, compiled: MillerExports | null = null) {
    this.tw = tw;
    this.b3 = b3;
    this.w = compiled;
    this.s = tw.fp2.alloc(STEP_SCRATCH);
    this.l = tw.fp2.alloc(3);
  }

  /** The state slots of pair i (grown on demand, kept for the kernel's lifetime). */
  pair(i: number): PairSlots {
    const f2 = this.tw.fp2;
    while (this.pool.length <= i) {
      this.pool.push({
        p: this.tw.fp.alloc(2),
        q: f2.alloc(2),
        qn: f2.alloc(2),
        t: f2.alloc(3),
        q1: f2.alloc(2),
        q2: f2.alloc(2),
      });
    }
    return this.pool[i];
  }

  /** f ← f·l for the line coefficients at this.l, by the twist's sparse multiplication. */
  private mulLine(f: number): void {
    const f12 = this.tw.fp12, l = this.l;
    if (this.tw.params.twist === "M") f12.mul014(f, f, l, l + 2, l + 4);
    else f12.mul034(f, f, l + 4, l + 2, l);
  }

  /** T ← 2T and the tangent line into this.l (millerDblStep): one wasm call where compiled. */
  private dblStep(st: PairSlots): void {
    const w = this.w;
    if (w !== null) {
      const k = w.stride;
      w.dbl(st.t * k, this.l * k, st.p * k, this.s * k, this.b3 * k);
    } else millerDblStep(this.tw.fp2, this.s, this.l, st.t, st.p, this.b3);
  }

  /** T ← T + Q for the affine Q at slot q, and the chord into this.l (millerAddStep). */
  private addStep(st: PairSlots, q: number): void {
    const w = this.w;
    if (w !== null) {
      const k = w.stride;
      w.add(st.t * k, this.l * k, q * k, st.p * k, this.s * k);
    } else millerAddStep(this.tw.fp2, this.s, this.l, st.t, q, st.p);
  }

  /**
   * f ← ∏ f_{|e|,Q_i}(P_i) over pairs 0…n−1 (T_i ← |e|·Q_i), by the NAF or binary digits of |e| (loopDigits) from its
   * second-highest digit: per digit 1 Fp12 squaring, per pair a doubling step and a sparse product, and
   * per non-zero digit an addition step with ±Q and a sparse product (the line through T and −Q is the
   * one of f_{T,−Q}; the vertical lines the NAF would divide by lie in Fp6 and vanish in the final
   * exponentiation). T_i = Q_i and −Q_i must be set by the caller. The sign of e is the caller's.
   */
  run(f: number, n: number, e: bigint): void {
    const f12 = this.tw.fp12;
    const digits = loopDigits(e < 0n ? -e : e);
    f12.setOne(f);
    for (let i = digits.length - 2; i >= 0; i--) {
      if (i < digits.length - 2) f12.sqr(f, f); // f = 1 before the first step
      for (let j = 0; j < n; j++) {
        this.dblStep(this.pool[j]);
        this.mulLine(f);
      }
      const d = digits[i];
      if (d !== 0) {
        for (let j = 0; j < n; j++) {
          const st = this.pool[j];
          this.addStep(st, d > 0 ? st.q : st.qn);
          this.mulLine(f);
        }
      }
    }
  }

  /** f ← f·l_{T,R}(P) and T ← T + R for each pair, R the affine point at the pair's slot `which`. */
  addAll(f: number, n: number, which: "q1" | "q2"): void {
    for (let j = 0; j < n; j++) {
      const st = this.pool[j];
      this.addStep(st, st[which]);
      this.mulLine(f);
    }
  }
}

/**
 * The loop digits of e > 0 (public), least significant first: its NAF or its binary expansion,
 * whichever costs less (a doubling step with its squaring ≈ 32m, an addition step ≈ 26m). BLS12-381's
 * |x| (weight 6) keeps its binary form; BN254's 6u + 2 (weight 37) its NAF (22 non-zero digits).
 */
export function loopDigits(e: bigint): number[] {
  const bin = Array.from(e.toString(2), Number).reverse(), n = naf(e);
  const cost = (d: number[]) => 32 * (d.length - 1) + 26 * (d.filter((x) => x !== 0).length - 1);
  return cost(n) < cost(bin) ? n : bin;
}

/** The non-adjacent form of e > 0 (public), least significant digit first, digits in {−1, 0, 1}. */
export function naf(e: bigint): number[] {
  const out: number[] = [];
  while (e > 0n) {
    if (e & 1n) {
      const d = 2 - Number(e & 3n); // e ≡ 1 (mod 4) → 1, e ≡ 3 → −1
      out.push(d);
      e -= BigInt(d);
    } else out.push(0);
    e >>= 1n;
  }
  return out;
}
