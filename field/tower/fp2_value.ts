/**
 * The public (integer) form of an Fp2 element, one shape for the whole library: the tower's
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
