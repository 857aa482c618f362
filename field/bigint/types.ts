/**
 * The field interface of @noble/curves 2.4 (`IField<T>`, abstract/modular.ts) and its tower extras
 * (`Fp2Bls`, `Fp6Bls`, `Fp12Bls`, abstract/tower.ts), restated for isochron's BigInt fields: the same
 * member names, argument orders and value shapes, so that code written against noble's
 * `bls12_381.fields` / `bn254.fields` type-checks and runs against these.
 * @module
 */
import type { Fp12Value, Fp2Value, Fp6Value } from "../tower/fp2_value.ts";

/** A prime-field element: an integer (canonical in [0, p)). */
export type Fp = bigint;
/** c0 + c1·u ∈ Fp2 (the library's {@linkcode Fp2Value}). */
export type Fp2 = Fp2Value;
/** c0 + c1·v + c2·v² ∈ Fp6, coefficients in Fp2 ({@linkcode Fp6Value}). */
export type Fp6 = Fp6Value;
/** c0 + c1·w ∈ Fp12, coefficients in Fp6 ({@linkcode Fp12Value}). */
export type Fp12 = Fp12Value;

/** noble's `IField<T>`: every member that noble's fields of these curves have. */
export interface IField<T> {
  /** The number of elements (p, p², p⁶ or p¹²). */
  readonly ORDER: bigint;
  /** noble's bit size (bit length of ORDER for bigint, Fp2; 3× and 6× Fp2's for Fp6, Fp12). */
  readonly BITS: number;
  /** The length of `toBytes`. */
  readonly BYTES: number;
  /** Byte order of `toBytes` (false: big-endian). */
  readonly isLE: boolean;
  /** 0. */
  readonly ZERO: T;
  /** 1. */
  readonly ONE: T;
  /**
   * The element reduced into canonical form.
   * @param num an element.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  create(num: T): T;
  /**
   * Whether every coordinate is in [0, p) (throws for a wrong type).
   * @param num an element.
   * @returns whether it holds.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  isValid(num: T): boolean;
  /**
   * Whether `num` is literally zero (coordinates compared as given, not reduced).
   * @param num an element.
   * @returns whether it holds.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  is0(num: T): boolean;
  /**
   * `!is0(num) && isValid(num)`.
   * @param num an element.
   * @returns whether it holds.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  isValidNot0(num: T): boolean;
  /**
   * −num.
   * @param num an element.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  neg(num: T): T;
  /**
   * 1/num (throws NOT_INVERTIBLE for zero).
   * @param num an element.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type; NOT_INVERTIBLE for zero.
   */
  inv(num: T): T;
  /**
   * A square root (throws NO_SQUARE_ROOT if there is none).
   * @param num an element.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type; NO_SQUARE_ROOT for a non-square.
   */
  sqrt(num: T): T;
  /**
   * num².
   * @param num an element.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  sqr(num: T): T;
  /**
   * Equality of the coordinates as given (not reduced).
   * @param lhs the left operand.
   * @param rhs the right operand (an element, or an integer where the type allows).
   * @returns whether it holds.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  eql(lhs: T, rhs: T): boolean;
  /**
   * lhs + rhs.
   * @param lhs the left operand.
   * @param rhs the right operand (an element, or an integer where the type allows).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  add(lhs: T, rhs: T): T;
  /**
   * lhs − rhs.
   * @param lhs the left operand.
   * @param rhs the right operand (an element, or an integer where the type allows).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  sub(lhs: T, rhs: T): T;
  /**
   * lhs · rhs, where rhs may be an integer.
   * @param lhs the left operand.
   * @param rhs the right operand (an element, or an integer where the type allows).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  mul(lhs: T, rhs: T | bigint): T;
  /**
   * num^power for an integer power ≥ 0.
   * @param num an element.
   * @param power the exponent, a bigint ≥ 0 (or the Frobenius power, a small integer).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type; INVALID_SCALAR for a negative exponent.
   */
  pow(num: T, power: bigint): T;
  /**
   * lhs / rhs, where rhs may be an integer.
   * @param lhs the left operand.
   * @param rhs the right operand (an element, or an integer where the type allows).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type; NOT_INVERTIBLE for a zero divisor.
   */
  div(lhs: T, rhs: T | bigint): T;
  /**
   * add without reduction (Fp: the plain integer sum; extensions: `add`).
   * @param lhs the left operand.
   * @param rhs the right operand (an element, or an integer where the type allows).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  addN(lhs: T, rhs: T): T;
  /**
   * sub without reduction.
   * @param lhs the left operand.
   * @param rhs the right operand (an element, or an integer where the type allows).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  subN(lhs: T, rhs: T): T;
  /**
   * mul without reduction.
   * @param lhs the left operand.
   * @param rhs the right operand (an element, or an integer where the type allows).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  mulN(lhs: T, rhs: T | bigint): T;
  /**
   * sqr without reduction.
   * @param num an element.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  sqrN(num: T): T;
  /**
   * The inverses of `lst`, zeros mapped to zero.
   * @param lst the elements.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE unless lst is an array of elements.
   */
  invertBatch(lst: T[]): T[];
  /**
   * The fixed-length encoding (coordinates big-endian, c0 first).
   * @param num an element.
   * @returns fresh bytes.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type; NON_CANONICAL for an integer that does not fit.
   */
  toBytes(num: T): Uint8Array;
  /**
   * The inverse of `toBytes`; `skipValidation` skips the range check of a prime field.
   * @param bytes the encoding.
   * @param skipValidation skip the range check (prime fields only).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type; INVALID_LENGTH for another length, NON_CANONICAL for a value ≥ p.
   */
  fromBytes(bytes: Uint8Array, skipValidation?: boolean): T;
  /**
   * `c ? b : a` (c must be a boolean).
   * @param a the first element.
   * @param b the second element.
   * @param c the condition (a boolean).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  cmov(a: T, b: T, c: boolean): T;
}

/** A prime field: noble's `Field(p, opts)`, with `isOdd` and its two option slots. */
export interface BigintField extends IField<bigint> {
  /**
   * Whether the integer (as given) is odd: RFC 9380's sgn0.
   * @param num an element.
   * @returns whether it holds.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  isOdd(num: bigint): boolean;
  /** noble's `allowedLengths` option: never set here (undefined). */
  readonly _lengths: readonly number[] | undefined;
  /** noble's `modFromBytes` option: true when `fromBytes` reduces instead of rejecting, else undefined. */
  readonly _mod: boolean | undefined;
}

/** Fp2 with noble's `Fp2Bls` extras. */
export interface BigintFp2 extends IField<Fp2Value> {
  /** The base field. */
  readonly Fp: BigintField;
  /**
   * sgn0 of RFC 9380 (sgn0_m_eq_2).
   * @param num an element.
   * @returns whether it holds.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  isOdd(num: Fp2Value): boolean;
  /**
   * num^(p^power): conjugation for odd powers.
   * @param num an element.
   * @param power the exponent, a bigint ≥ 0 (or the Frobenius power, a small integer).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  frobeniusMap(num: Fp2Value, power: number): Fp2Value;
  /**
   * The element of the pair [c0, c1], reduced.
   * @param num an element.
   * @param bigint] the argument.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type; INVALID_LENGTH for another number of integers.
   */
  fromBigTuple(num: readonly [bigint, bigint]): Fp2Value;
  /**
   * num · b′, b′ the coefficient of the twist E′: y² = x³ + b′.
   * @param num an element.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  mulByB(num: Fp2Value): Fp2Value;
  /**
   * num · ξ.
   * @param num an element.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  mulByNonresidue(num: Fp2Value): Fp2Value;
  /**
   * The coordinates as { re: c0, im: c1 }.
   * @param num an element.
   * @returns its coordinates.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  reim(num: Fp2Value): { re: bigint; im: bigint };
  /**
   * The square of a + b·s in Fp4 = Fp2[s]/(s² − ξ): { first: a² + ξb², second: 2ab }.
   * @param a the coefficient of 1.
   * @param b the coefficient of s.
   * @returns the two coefficients of the square.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  Fp4Square(a: Fp2Value, b: Fp2Value): { first: Fp2Value; second: Fp2Value };
  /** ξ, the non-residue of Fp6 = Fp2[v]/(v³ − ξ). */
  readonly NONRESIDUE: Fp2Value;
  /** −1, the non-residue of Fp2 = Fp[u]/(u² + 1). */
  readonly Fp_NONRESIDUE: bigint;
  /** 1/2 in Fp. */
  readonly Fp_div2: bigint;
}

/** Fp6 with noble's `Fp6Bls` extras. */
export interface BigintFp6 extends IField<Fp6Value> {
  /** The quadratic field below. */
  readonly Fp2: BigintFp2;
  /**
   * num^(p^power).
   * @param num an element.
   * @param power the exponent, a bigint ≥ 0 (or the Frobenius power, a small integer).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  frobeniusMap(num: Fp6Value, power: number): Fp6Value;
  /**
   * The element of six integers (c0.c0, c0.c1, c1.c0, …), reduced.
   * @param tuple the integers.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type; INVALID_LENGTH for another number of integers.
   */
  fromBigSix(tuple: readonly bigint[]): Fp6Value;
  /**
   * num · (b1·v).
   * @param num an element.
   * @param b1 the coefficient of v.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  mul1(num: Fp6Value, b1: Fp2Value): Fp6Value;
  /**
   * num · (b0 + b1·v).
   * @param num an element.
   * @param b0 the coefficient of 1.
   * @param b1 the coefficient of v.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  mul01(num: Fp6Value, b0: Fp2Value, b1: Fp2Value): Fp6Value;
  /**
   * num · rhs, rhs ∈ Fp2.
   * @param lhs the left operand.
   * @param rhs the right operand (an element, or an integer where the type allows).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  mulByFp2(lhs: Fp6Value, rhs: Fp2Value): Fp6Value;
  /**
   * num · v.
   * @param num an element.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  mulByNonresidue(num: Fp6Value): Fp6Value;
  /** ξ^((p^k − 1)/3) for k = 0…5. */
  readonly FROBENIUS_COEFFICIENTS_1: readonly Fp2Value[];
  /** ξ^(2(p^k − 1)/3) for k = 0…5. */
  readonly FROBENIUS_COEFFICIENTS_2: readonly Fp2Value[];
}

/** Fp12 with noble's `Fp12Bls` extras. */
export interface BigintFp12 extends IField<Fp12Value> {
  /** The sextic field below. */
  readonly Fp6: BigintFp6;
  /**
   * num^(p^power).
   * @param num an element.
   * @param power the exponent, a bigint ≥ 0 (or the Frobenius power, a small integer).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  frobeniusMap(num: Fp12Value, power: number): Fp12Value;
  /**
   * The element of twelve integers, reduced.
   * @param tuple the integers.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type; INVALID_LENGTH for another number of integers.
   */
  fromBigTwelve(tuple: readonly bigint[]): Fp12Value;
  /**
   * num · rhs, rhs ∈ Fp2.
   * @param lhs the left operand.
   * @param rhs the right operand (an element, or an integer where the type allows).
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  mulByFp2(lhs: Fp12Value, rhs: Fp2Value): Fp12Value;
  /**
   * num^(p⁶) = c0 − c1·w.
   * @param num an element.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  conjugate(num: Fp12Value): Fp12Value;
  /**
   * num^((p¹² − 1)/r), the pairing's final exponentiation.
   * @param num an element.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  finalExponentiate(num: Fp12Value): Fp12Value;
  /**
   * Granger–Scott squaring (the square for elements of the cyclotomic subgroup).
   * @param num an element.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type.
   */
  _cyclotomicSquare(num: Fp12Value): Fp12Value;
  /**
   * num^n by Granger–Scott squarings, 0 ≤ n < 2^X_LEN.
   * @param num an element.
   * @param n the exponent.
   * @returns the result, a new value.
   * @throws {IsochronError} INVALID_TYPE for an argument of the wrong type; INVALID_SCALAR for n outside [0, 2^X_LEN).
   */
  _cyclotomicExp(num: Fp12Value, n: bigint): Fp12Value;
  /** The bit length of the curve parameter |x|: the bound of `_cyclotomicExp`. */
  readonly X_LEN: number;
  /** ξ^((p^k − 1)/6) for k = 0…11. */
  readonly FROBENIUS_COEFFICIENTS: readonly Fp2Value[];
}

/** The tower over one prime. */
export interface BigintTower {
  /** The base field. */
  readonly Fp: BigintField;
  /** Fp[u]/(u² + 1). */
  readonly Fp2: BigintFp2;
  /** Fp2[v]/(v³ − ξ). */
  readonly Fp6: BigintFp6;
  /** Fp6[w]/(w² − v). */
  readonly Fp12: BigintFp12;
}

/** A curve's `fields`, as noble's `bls12_381.fields` / `bn254.fields`. */
export interface BigintFields extends BigintTower {
  /** The scalar field (order r). */
  readonly Fr: BigintField;
}
