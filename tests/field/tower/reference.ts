/**
 * BigInt reference arithmetic for the towers, written independently of field/tower: Fp2 = Fp[u]/(u²+1)
 * as pairs, Fp6 as polynomials of degree < 3 in v (v³ = ξ), Fp12 as polynomials of degree < 6 in w
 * (w⁶ = ξ) multiplied schoolbook and reduced. Slow and variable-time: tests only.
 */
import { type TowerName, TOWERS } from "../../internal.ts";

export type F2 = [bigint, bigint];
/** Fp12 as six Fp2 coefficients of w⁰…w⁵. */
export type F12 = F2[];

export class RefTower {
  readonly p: bigint;
  readonly xi: F2;
  constructor(readonly name: TowerName) {
    this.p = TOWERS[name].p;
    this.xi = [TOWERS[name].xi.c0, TOWERS[name].xi.c1];
  }
  mod(x: bigint): bigint {
    const r = x % this.p;
    return r < 0n ? r + this.p : r;
  }
  // Fp2
  add2(a: F2, b: F2): F2 {
    return [this.mod(a[0] + b[0]), this.mod(a[1] + b[1])];
  }
  sub2(a: F2, b: F2): F2 {
    return [this.mod(a[0] - b[0]), this.mod(a[1] - b[1])];
  }
  neg2(a: F2): F2 {
    return [this.mod(-a[0]), this.mod(-a[1])];
  }
  mul2(a: F2, b: F2): F2 {
    return [this.mod(a[0] * b[0] - a[1] * b[1]), this.mod(a[0] * b[1] + a[1] * b[0])];
  }
  eq2(a: F2, b: F2): boolean {
    return a[0] === b[0] && a[1] === b[1];
  }
  pow2(a: F2, e: bigint): F2 {
    let r: F2 = [1n, 0n];
    for (let i = e.toString(2).length - 1; i >= 0; i--) {
      r = this.mul2(r, r);
      if ((e >> BigInt(i)) & 1n) r = this.mul2(r, a);
    }
    return r;
  }
  /** Euler's criterion in Fp2: a is a non-zero square iff a^((p²−1)/2) = 1. */
  isSquare2(a: F2): boolean {
    if (a[0] === 0n && a[1] === 0n) return true;
    const r = this.pow2(a, (this.p * this.p - 1n) / 2n);
    return r[0] === 1n && r[1] === 0n;
  }
  // Fp12 (powers of w)
  add12(a: F12, b: F12): F12 {
    return a.map((x, i) => this.add2(x, b[i]));
  }
  sub12(a: F12, b: F12): F12 {
    return a.map((x, i) => this.sub2(x, b[i]));
  }
  mul12(a: F12, b: F12): F12 {
    const prod: F2[] = Array.from({ length: 11 }, () => [0n, 0n] as F2);
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 6; j++) prod[i + j] = this.add2(prod[i + j], this.mul2(a[i], b[j]));
    }
    for (let i = 10; i >= 6; i--) prod[i - 6] = this.add2(prod[i - 6], this.mul2(prod[i], this.xi));
    return prod.slice(0, 6);
  }
  one12(): F12 {
    return [[1n, 0n], [0n, 0n], [0n, 0n], [0n, 0n], [0n, 0n], [0n, 0n]];
  }
  pow12(a: F12, e: bigint): F12 {
    let r = this.one12();
    for (let i = e.toString(2).length - 1; i >= 0; i--) {
      r = this.mul12(r, r);
      if ((e >> BigInt(i)) & 1n) r = this.mul12(r, a);
    }
    return r;
  }
  eq12(a: F12, b: F12): boolean {
    return a.every((x, i) => this.eq2(x, b[i]));
  }
  /** Fp6 (powers of v = w²) embedded in Fp12. */
  fromFp6(c: F2[]): F12 {
    return [c[0], [0n, 0n], c[1], [0n, 0n], c[2], [0n, 0n]];
  }
  toFp6(a: F12): F2[] {
    return [a[0], a[2], a[4]];
  }
}

/** Tower order (c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2) ↔ powers of w (1, w², w⁴, w, w³, w⁵). */
const TOWER_TO_W = [0, 2, 4, 1, 3, 5];
export function towerToW(c: F2[]): F12 {
  const out: F12 = [];
  for (let i = 0; i < 6; i++) out[TOWER_TO_W[i]] = c[i];
  return out;
}
export function wToTower(a: F12): F2[] {
  return TOWER_TO_W.map((j) => a[j]);
}

/** Deterministic pseudo-random integers (xorshift128+, seeded): reproducible test inputs. */
export class Rng {
  private s0: bigint;
  private s1: bigint;
  constructor(seed: number) {
    this.s0 = BigInt(seed) * 0x9e3779b97f4a7c15n + 1n & 0xffffffffffffffffn;
    this.s1 = (BigInt(seed) ^ 0xdeadbeefcafef00dn) & 0xffffffffffffffffn;
    for (let i = 0; i < 8; i++) this.next64();
  }
  next64(): bigint {
    let x = this.s0;
    const y = this.s1;
    this.s0 = y;
    x ^= (x << 23n) & 0xffffffffffffffffn;
    this.s1 = x ^ y ^ (x >> 17n) ^ (y >> 26n);
    return (this.s1 + y) & 0xffffffffffffffffn;
  }
  below(m: bigint): bigint {
    let x = 0n;
    const words = Math.ceil(m.toString(2).length / 64) + 1;
    for (let i = 0; i < words; i++) x = (x << 64n) | this.next64();
    return x % m;
  }
  f2(p: bigint): F2 {
    return [this.below(p), this.below(p)];
  }
  f12(p: bigint): F12 {
    return Array.from({ length: 6 }, () => this.f2(p));
  }
}
