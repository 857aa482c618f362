/**
 * Types shared by the generated TypeScript kernels (field/ts/generated/*.ts) and field/ts/kernel.ts.
 *
 * Each generated file binds its own slot-level closures to an arena (`bindSlots`), so V8 keeps separate
 * type feedback per field: one field's calls never make another field's code polymorphic.
 * @module
 */

/** A kernel's arena: one Float64Array, replaced (not resized) when the kernel grows it. */
export interface Arena {
  m: Float64Array;
}

/**
 * The generated operations of one field, addressing elements by slot number (slot i at offset
 * i·LIMBS of `Arena.m`); semantics as in field/kernel.ts. `ltP(a)` works on plain (non-Montgomery)
 * digits: 1 iff a < p. `mul(o, a, b)` also takes any plain a < 2^(24·LIMBS) with b < p, which is how the
 * kernel converts into Montgomery form (b = R² mod p) and out of it (b = 1).
 */
export interface SlotOps {
  mul(o: number, a: number, b: number): void;
  sqr(o: number, a: number): void;
  add(o: number, a: number, b: number): void;
  sub(o: number, a: number, b: number): void;
  neg(o: number, a: number): void;
  dbl(o: number, a: number): void;
  copy(o: number, a: number): void;
  setZero(o: number): void;
  setOne(o: number): void;
  cmov(o: number, a: number, flag: number): void;
  cswap(a: number, b: number, flag: number): void;
  eq(a: number, b: number): number;
  isZero(a: number): number;
  ltP(a: number): number;
}
