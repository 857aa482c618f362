/**
 * A tiny BigInt-backed {@linkcode FieldKernel} for testing the field algorithms independently of the
 * real backends: slots are an array of bigints in plain (non-Montgomery) form. Its `inv`, `sqrt`,
 * `isSquare`, `pow` and `batchInvVartime` delegate to field/algorithms like the real kernels do.
 * Optionally records a trace of every primitive call (method and slot arguments, not flag values), so
 * tests can check that the sequence of operations does not depend on secret inputs.
 * Test code only: BigInt on everything, nothing constant-time.
 */

import { batchInvVartime, type FieldKernel, invFermat, isSquareCt, powCt, sqrtCt } from "../internal.ts";

export function modPow(x: bigint, e: bigint, p: bigint): bigint {
  let r = 1n;
  let b = ((x % p) + p) % p;
  for (; e > 0n; e >>= 1n, b = (b * b) % p) if (e & 1n) r = (r * b) % p;
  return r;
}

export class RefKernel implements FieldKernel {
  readonly backend = "ts" as const;
  readonly name: string;
  readonly p: bigint;
  readonly byteLength: number;
  readonly slots: bigint[] = [];
  /** Call trace when non-null. */
  trace: string[] | null = null;
  /** Counts of primitive calls by method. */
  readonly counts = new Map<string, number>();

  constructor(name: string, p: bigint) {
    this.name = name;
    this.p = p;
    this.byteLength = Math.ceil(p.toString(2).length / 8);
  }

  private log(op: string, ...slots: number[]): void {
    this.counts.set(op, (this.counts.get(op) ?? 0) + 1);
    if (this.trace) this.trace.push(`${op}(${slots.join(",")})`);
  }
  private check(...slots: number[]): void {
    for (const s of slots) {
      if (!Number.isInteger(s) || s < 0 || s >= this.slots.length) throw new Error(`bad slot ${s}`);
    }
  }
  private checkFlag(flag: number): void {
    if (flag !== 0 && flag !== 1) throw new Error(`flag must be 0 or 1, got ${flag}`);
  }

  alloc(count: number): number {
    const first = this.slots.length;
    for (let i = 0; i < count; i++) this.slots.push(0n);
    return first;
  }
  mul(out: number, a: number, b: number): void {
    this.check(out, a, b);
    this.log("mul", out, a, b);
    this.slots[out] = (this.slots[a] * this.slots[b]) % this.p;
  }
  sqr(out: number, a: number): void {
    this.check(out, a);
    this.log("sqr", out, a);
    this.slots[out] = (this.slots[a] * this.slots[a]) % this.p;
  }
  add(out: number, a: number, b: number): void {
    this.check(out, a, b);
    this.log("add", out, a, b);
    this.slots[out] = (this.slots[a] + this.slots[b]) % this.p;
  }
  sub(out: number, a: number, b: number): void {
    this.check(out, a, b);
    this.log("sub", out, a, b);
    this.slots[out] = (this.slots[a] - this.slots[b] + this.p) % this.p;
  }
  neg(out: number, a: number): void {
    this.check(out, a);
    this.log("neg", out, a);
    this.slots[out] = (this.p - this.slots[a]) % this.p;
  }
  dbl(out: number, a: number): void {
    this.check(out, a);
    this.log("dbl", out, a);
    this.slots[out] = (2n * this.slots[a]) % this.p;
  }
  copy(out: number, a: number): void {
    this.check(out, a);
    this.log("copy", out, a);
    this.slots[out] = this.slots[a];
  }
  setZero(out: number): void {
    this.check(out);
    this.log("setZero", out);
    this.slots[out] = 0n;
  }
  setOne(out: number): void {
    this.check(out);
    this.log("setOne", out);
    this.slots[out] = 1n;
  }
  cmov(out: number, a: number, flag: number): void {
    this.check(out, a);
    this.checkFlag(flag);
    this.log("cmov", out, a);
    if (flag) this.slots[out] = this.slots[a];
  }
  cswap(a: number, b: number, flag: number): void {
    this.check(a, b);
    this.checkFlag(flag);
    this.log("cswap", a, b);
    if (flag) [this.slots[a], this.slots[b]] = [this.slots[b], this.slots[a]];
  }
  eq(a: number, b: number): number {
    this.check(a, b);
    this.log("eq", a, b);
    return this.slots[a] === this.slots[b] ? 1 : 0;
  }
  isZero(a: number): number {
    this.check(a);
    this.log("isZero", a);
    return this.slots[a] === 0n ? 1 : 0;
  }
  fromBytes(out: number, bytes: Uint8Array): number {
    let x = 0n;
    for (const b of bytes) x = (x << 8n) | BigInt(b);
    const ok = x < this.p;
    this.slots[out] = ok ? x : 0n;
    return ok ? 1 : 0;
  }
  toBytes(a: number, dst: Uint8Array, offset = 0): void {
    let x = this.slots[a];
    for (let i = this.byteLength - 1; i >= 0; i--, x >>= 8n) dst[offset + i] = Number(x & 0xffn);
  }
  setBigintVartime(out: number, x: bigint): void {
    this.check(out);
    this.slots[out] = ((x % this.p) + this.p) % this.p;
  }
  toBigintVartime(a: number): bigint {
    this.check(a);
    return this.slots[a];
  }
  inv(out: number, a: number): void {
    invFermat(this, out, a);
  }
  invVartime(out: number, a: number): void {
    this.check(out, a);
    this.log("invVartime", out, a);
    this.slots[out] = modPow(this.slots[a], this.p - 2n, this.p);
  }
  sqrt(out: number, a: number): number {
    return sqrtCt(this, out, a);
  }
  isSquare(a: number): number {
    return isSquareCt(this, a);
  }
  pow(out: number, a: number, e: bigint): void {
    powCt(this, out, a, e);
  }
  batchInvVartime(outs: readonly number[], ins: readonly number[]): void {
    batchInvVartime(this, outs, ins);
  }
  wipe(first: number, count: number): void {
    for (let i = 0; i < count; i++) {
      this.check(first + i);
      this.slots[first + i] = 0n;
    }
  }
  /** Stores are for points (curves/group/); the reference kernel serves the field algorithms only. */
  readonly storeStride = 0;
  newStore(): never {
    throw new Error("RefKernel: no slot stores");
  }
  saveSlots(): never {
    throw new Error("RefKernel: no slot stores");
  }
  loadSlots(): never {
    throw new Error("RefKernel: no slot stores");
  }
}
