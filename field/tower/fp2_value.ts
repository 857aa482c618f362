/**
 * The public (integer) forms of tower elements (Fp2, and Fp6, Fp12 as nested objects), one shape for the whole library: the tower's
 * parameters and Frobenius constants, G2 coordinates, hash-to-curve constants and the public API all
 * use it (it is also the shape of @noble/curves' Fp2 elements).
 * @module
 */

/** An Fp2 element c0 + c1·u as integers (in [0, p) unless a function says otherwise). */
export interface Fp2Value {
  /** The real part. */
  readonly c0: bigint;
  /** The coefficient of u. */
  readonly c1: bigint;
}

/** An Fp6 element c0 + c1·v + c2·v² (v³ = ξ), coefficients in Fp2 (@noble/curves' shape). */
export interface Fp6Value {
  /** The coefficient of 1. */
  readonly c0: Fp2Value;
  /** The coefficient of v. */
  readonly c1: Fp2Value;
  /** The coefficient of v². */
  readonly c2: Fp2Value;
}

/** An Fp12 element c0 + c1·w (w² = v), coefficients in Fp6 (@noble/curves' shape). */
export interface Fp12Value {
  /** The coefficient of 1. */
  readonly c0: Fp6Value;
  /** The coefficient of w. */
  readonly c1: Fp6Value;
}
