/**
 * Fp2 = Fp[u]/(u² + 1) over any {@linkcode FieldKernel}: an element is two consecutive base-field slots
 * (c0, c1) = c0 + c1·u, addressed by the first. Costs below count base-field operations (M mul,
 * S square, A add/sub). `out` may alias any input; nothing allocates per call; nothing branches on
 * element values (except `*Vartime` and decoding, whose inputs are public).
 *
 * This is the composition over the kernel (the TypeScript backend's path, and the reference for
 * the wasm one); `WasmFp2` (wasm_fp2.ts) replaces the hot operations by single wasm calls.
 * @module
 */
import type { FieldKernel } from "../kernel.ts";
import { checkBytes, IsochronError } from "../../errors.ts";
import type { TowerParams } from "./params.ts";
import type { Fp2Value } from "./fp2_value.ts";
import { slidingWindow } from "./window.ts";
import { Fp2NormSqrt } from "./fp2_sqrt.ts";

/**
 * What Fp6 and Fp12 use of the Fp2 layer: implemented by {@linkcode Fp2} (and its wasm subclass) to
 * compute, and by the wasm tower emitter to generate code from the same formulas.
 */
export interface Fp2Ops {
  /** The base-field operations the upper layers use directly. */
  readonly fp: Pick<FieldKernel, "alloc" | "wipe" | "setOne">;
  /** Reserves `count` Fp2 elements; returns the first base slot. */
  alloc(count?: number): number;
  /** out ← a + b. */
  add(out: number, a: number, b: number): void;
  /** out ← a − b. */
  sub(out: number, a: number, b: number): void;
  /** out ← 2a. */
  dbl(out: number, a: number): void;
  /** out ← −a. */
  neg(out: number, a: number): void;
  /** out ← a. */
  copy(out: number, a: number): void;
  /** out ← a·b. */
  mul(out: number, a: number, b: number): void;
  /** out ← a². */
  sqr(out: number, a: number): void;
  /** out ← ξ·a. */
  mulByXi(out: number, a: number): void;
  /** out ← a·f for a base-field slot f. */
  mulByFp(out: number, a: number, f: number): void;
  /** out ← a^(p^k). */
  frobenius(out: number, a: number, k: number): void;
  /** 1 if a = b, else 0. */
  eq(a: number, b: number): number;
  /** 1 if a = 0, else 0. */
  isZero(a: number): number;
  /** out ← a if flag = 1. */
  cmov(out: number, a: number, flag: number): void;
  /** Swaps a and b if flag = 1. */
  cswap(a: number, b: number, flag: number): void;
  /** out ← a⁻¹ (0 ↦ 0), constant-time. */
  inv(out: number, a: number): void;
  /** out ← c0 + c1·u from public integers. */
  setBigintVartime(out: number, c: Fp2Value): void;
  /** { c0, c1 } of a public value. */
  toBigintVartime(a: number): Fp2Value;
}

/** Number of Fp2 scratch elements `Fp2` reserves for its own multi-step operations. */
const SCRATCH = 6;

/** Fp2 arithmetic on pairs of slots of a base-field kernel. */
export class Fp2 implements Fp2Ops {
  /** The base-field kernel whose arena holds the coefficients. */
  readonly fp: FieldKernel;
  /** The tower's public parameters. */
  readonly params: TowerParams;
  /** Canonical encoding length of one coefficient. */
  readonly fpBytes: number;
  /** Scratch: Fp2 slots (2 base slots each), private to this object's methods. */
  protected readonly t: number;
  /** Scratch of pow: the table of 8 odd powers, the accumulator and a² (10 Fp2 elements). */
  protected readonly w: number;
  /** The norm method's slots and constants (sqrt, sqrt_ratio), reserved on first use. */
  private norms: Fp2NormSqrt | undefined;

  /** Fp2 over `fp`, whose modulus must be the tower's p; reserves scratch slots in its arena. */
  constructor(fp: FieldKernel, params: TowerParams) {
    if (fp.p !== params.p) throw new Error(`Fp2: kernel ${fp.name} is not the base field of ${params.name}`);
    this.fp = fp;
    this.params = params;
    this.fpBytes = fp.byteLength;
    this.t = fp.alloc(2 * SCRATCH);
    this.w = fp.alloc(20);
  }

  /** Reserves `count` consecutive zeroed Fp2 elements (2·count base slots); returns the first. */
  alloc(count = 1): number {
    return this.fp.alloc(2 * count);
  }

  /** out ← a + b. 2A. */
  add(out: number, a: number, b: number): void {
    const k = this.fp;
    k.add(out, a, b);
    k.add(out + 1, a + 1, b + 1);
  }
  /** out ← a − b. 2A. */
  sub(out: number, a: number, b: number): void {
    const k = this.fp;
    k.sub(out, a, b);
    k.sub(out + 1, a + 1, b + 1);
  }
  /** out ← 2a. 2A. */
  dbl(out: number, a: number): void {
    const k = this.fp;
    k.dbl(out, a);
    k.dbl(out + 1, a + 1);
  }
  /** out ← −a. 2A. */
  neg(out: number, a: number): void {
    const k = this.fp;
    k.neg(out, a);
    k.neg(out + 1, a + 1);
  }
  /** out ← ā = c0 − c1·u (also the Frobenius map x ↦ x^p). */
  conj(out: number, a: number): void {
    const k = this.fp;
    k.copy(out, a);
    k.neg(out + 1, a + 1);
  }
  /** out ← a. */
  copy(out: number, a: number): void {
    const k = this.fp;
    k.copy(out, a);
    k.copy(out + 1, a + 1);
  }
  /** out ← 0. */
  setZero(out: number): void {
    this.fp.setZero(out);
    this.fp.setZero(out + 1);
  }
  /** out ← 1. */
  setOne(out: number): void {
    this.fp.setOne(out);
    this.fp.setZero(out + 1);
  }

  /** out ← a·b, Karatsuba: 3M + 5A (Devegili–Ó hÉigeartaigh–Scott–Dahab, ePrint 2006/471, §3). */
  mul(out: number, a: number, b: number): void {
    const k = this.fp, t = this.t;
    k.mul(t, a, b); //                 t0 = a0·b0
    k.mul(t + 1, a + 1, b + 1); //     t1 = a1·b1
    k.add(t + 2, a, a + 1); //         a0 + a1
    k.add(t + 3, b, b + 1); //         b0 + b1
    k.mul(out + 1, t + 2, t + 3); //   (a0 + a1)(b0 + b1)
    k.sub(out + 1, out + 1, t);
    k.sub(out + 1, out + 1, t + 1); // c1 = (a0 + a1)(b0 + b1) − t0 − t1
    k.sub(out, t, t + 1); //           c0 = t0 − t1
  }
  /** out ← a², complex squaring: 2M + 3A (same reference, §3). */
  sqr(out: number, a: number): void {
    const k = this.fp, t = this.t;
    k.add(t, a, a + 1); //             a0 + a1
    k.sub(t + 1, a, a + 1); //         a0 − a1
    k.mul(t + 2, a, a + 1); //         a0·a1
    k.mul(out, t, t + 1); //           c0 = (a0 + a1)(a0 − a1)
    k.dbl(out + 1, t + 2); //          c1 = 2·a0·a1
  }
  /** out ← a·f for a base-field slot f (f must not be out + 1). 2M. */
  mulByFp(out: number, a: number, f: number): void {
    this.fp.mul(out, a, f);
    this.fp.mul(out + 1, a + 1, f);
  }
  /** out ← a·u = −c1 + c0·u. */
  mulByU(out: number, a: number): void {
    const k = this.fp, t = this.t;
    k.copy(t, a);
    k.neg(out, a + 1);
    k.copy(out + 1, t);
  }
  /** out ← a·ξ with ξ = x0 + u for the tower's small public x0: (x0·c0 − c1) + (c0 + x0·c1)·u. */
  mulByXi(out: number, a: number): void {
    const k = this.fp, t = this.t;
    const x0 = this.params.xi.c0;
    if (x0 === 1n) {
      k.add(t, a, a + 1);
      k.sub(out, a, a + 1);
      k.copy(out + 1, t);
      return;
    }
    this.mulSmall(t, a, x0); //        x0·a (both coefficients)
    k.sub(t, t, a + 1);
    k.add(t + 1, t + 1, a);
    this.copy(out, t);
  }
  /** out ← c·a for a small public integer c ≥ 1, by doubling and adding (c's bits are public). */
  mulSmall(out: number, a: number, c: bigint): void {
    const bits = c.toString(2);
    const t = this.t + 2;
    this.copy(t, a);
    this.copy(out, a);
    for (let i = 1; i < bits.length; i++) {
      this.dbl(out, out);
      if (bits[i] === "1") this.add(out, out, t);
    }
  }

  /** 1 if a = b, else 0 (constant-time). */
  eq(a: number, b: number): number {
    return this.fp.eq(a, b) & this.fp.eq(a + 1, b + 1);
  }
  /** 1 if a = 0, else 0 (constant-time). */
  isZero(a: number): number {
    return this.fp.isZero(a) & this.fp.isZero(a + 1);
  }
  /** out ← a if flag = 1, unchanged if flag = 0. */
  cmov(out: number, a: number, flag: number): void {
    this.fp.cmov(out, a, flag);
    this.fp.cmov(out + 1, a + 1, flag);
  }
  /** Swaps a and b if flag = 1. */
  cswap(a: number, b: number, flag: number): void {
    this.fp.cswap(a, b, flag);
    this.fp.cswap(a + 1, b + 1, flag);
  }

  /** out ← a^(p^k): conjugation for odd k, identity for even k (k public). */
  frobenius(out: number, a: number, k: number): void {
    if (k & 1) this.conj(out, a);
    else this.copy(out, a);
  }

  /** out ← a⁻¹ (0 ↦ 0), constant-time: ā / (c0² + c1²) with the kernel's constant-time inverse. 2M + 2S + I. */
  inv(out: number, a: number): void {
    const k = this.fp, t = this.t;
    k.sqr(t, a);
    k.sqr(t + 1, a + 1);
    k.add(t, t, t + 1); //             norm N(a) = c0² + c1²
    k.inv(t, t);
    k.mul(out, a, t);
    k.mul(out + 1, a + 1, t);
    k.neg(out + 1, out + 1);
    k.wipe(t, 2);
  }
  /** out ← a⁻¹ (0 ↦ 0), variable-time: public inputs only. */
  invVartime(out: number, a: number): void {
    const k = this.fp, t = this.t;
    k.sqr(t, a);
    k.sqr(t + 1, a + 1);
    k.add(t, t, t + 1);
    k.invVartime(t, t);
    k.mul(out, a, t);
    k.mul(out + 1, a + 1, t);
    k.neg(out + 1, out + 1);
  }

  /**
   * out ← a^e for a public e ≥ 0, by a sliding window of 4 bits over odd powers a, a³, …, a¹⁵
   * (window.ts): ≈ log₂e squarings + log₂e/5 + 8 multiplications, constant-time in a.
   */
  pow(out: number, a: number, e: bigint): void {
    const tbl = this.w, acc = this.w + 16, a2 = this.w + 18;
    if (e === 0n) return this.setOne(out);
    const { first, steps } = slidingWindow(e, 4);
    this.copy(tbl, a);
    this.sqr(a2, a);
    for (let i = 1; i < 8; i++) this.mul(tbl + 2 * i, tbl + 2 * i - 2, a2);
    this.copy(acc, tbl + (first - 1));
    for (const { squarings, digit } of steps) {
      for (let i = 0; i < squarings; i++) this.sqr(acc, acc);
      if (digit !== 0) this.mul(acc, acc, tbl + (digit - 1));
    }
    this.copy(out, acc);
    this.fp.wipe(this.w, 20);
  }

  /**
   * out ← a square root of a and returns 1 if a is a square in Fp2; else returns 0 and out ← 0.
   * Constant-time, p ≡ 3 (mod 4), through the norm (fp2_sqrt.ts): 2 exponentiations in Fp + 8M + 4S.
   */
  sqrt(out: number, a: number): number {
    return this.normSqrt().sqrt(out, a);
  }

  /**
   * sqrt_ratio(u, v) of RFC 9380 §F.2.1 for the non-square Z in slot `z` (public): the function
   * (out, u, v) ↦ 1 and out ← √(u/v) if u/v is a square, else 0 and out ← √(Z·u/v); v ≠ 0, `out`
   * distinct from u, v and z. Constant-time: 2 exponentiations and 1 inversion in Fp (fp2_sqrt.ts).
   * Reserves one slot for Z's constant.
   */
  sqrtRatioFor(z: number): (out: number, u: number, v: number) => number {
    const m = this.normSqrt(), cz = this.fp.alloc(1);
    m.normRoot(cz, z);
    return (out, u, v) => m.sqrtRatio(out, u, v, z, cz);
  }

  private normSqrt(): Fp2NormSqrt {
    return this.norms ??= new Fp2NormSqrt(this.fp);
  }
  /** 1 if a is a square in Fp2 (0 included), else 0: a is a square iff its norm c0² + c1² is one in Fp. */
  isSquare(a: number): number {
    const k = this.fp, t = this.t;
    k.sqr(t, a);
    k.sqr(t + 1, a + 1);
    k.add(t, t, t + 1);
    const r = k.isSquare(t);
    k.wipe(t, 2);
    return r;
  }

  /** out ← c0 + c1·u from public integers (reduced mod p). */
  setBigintVartime(out: number, c: Fp2Value): void {
    this.fp.setBigintVartime(out, c.c0);
    this.fp.setBigintVartime(out + 1, c.c1);
  }
  /** { c0, c1 } as integers in [0, p), for public values. */
  toBigintVartime(a: number): Fp2Value {
    return { c0: this.fp.toBigintVartime(a), c1: this.fp.toBigintVartime(a + 1) };
  }

  /**
   * Writes c1‖c0, each big-endian in `fpBytes` bytes: the ZCash (BLS12-381) and EIP-197 (BN254, "x_im‖x_re")
   * order. Returns `dst`.
   */
  toBytes(a: number, dst: Uint8Array = new Uint8Array(2 * this.fpBytes), offset = 0): Uint8Array {
    this.fp.toBytes(a + 1, dst, offset);
    this.fp.toBytes(a, dst, offset + this.fpBytes);
    return dst;
  }
  /**
   * out ← the element encoded c1‖c0 (see `toBytes`). Throws `INVALID_LENGTH` unless 2·fpBytes bytes,
   * `NON_CANONICAL` if a coefficient is ≥ p; out is unchanged then. Variable-time (public input).
   */
  fromBytes(out: number, bytes: Uint8Array): void {
    const n = this.fpBytes;
    checkBytes(bytes, "Fp2 element", 2 * n); // read only
    this.fromCoefficientBytes(out, bytes.subarray(n, 2 * n), bytes.subarray(0, n));
  }
  /**
   * out ← c0 + c1·u from the canonical big-endian encodings of its coefficients, `fpBytes` bytes each
   * (for encodings that order or pad them otherwise). Throws `INVALID_LENGTH` or `NON_CANONICAL` (a
   * coefficient ≥ p); out is unchanged then. Variable-time (public input).
   */
  fromCoefficientBytes(out: number, c0: Uint8Array, c1: Uint8Array): void {
    checkBytes(c0, "Fp2 coefficient c0", this.fpBytes); // read only
    checkBytes(c1, "Fp2 coefficient c1", this.fpBytes);
    const t = this.t;
    const ok = this.fp.fromBytes(t, c0) & this.fp.fromBytes(t + 1, c1);
    if (ok !== 1) throw new IsochronError("NON_CANONICAL", "Fp2 coefficient is not below the modulus");
    this.copy(out, t);
  }

  /** Zeroes this object's scratch (call when a secret operation using the tower finishes). */
  wipeScratch(): void {
    this.fp.wipe(this.t, 2 * SCRATCH);
    this.fp.wipe(this.w, 20);
  }
}
