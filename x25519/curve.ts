/**
 * Curve25519 parameters, derived from their definitions (public values: BigInt is fine here).
 *
 * RFC 7748 §4.1: the Montgomery curve v² = u³ + A·u² + u over p = 2^255 − 19, A = 486662, base point
 * u = 9; it is birationally equivalent to the twisted Edwards curve −x² + y² = 1 + d·x²·y² ("edwards25519")
 * with d = −(A − 2)/(A + 2) = −121665/121666 by (u, v) = ((1 + y)/(1 − y), √−486664·u/x) and
 * (x, y) = (√−486664·u/v, (u − 1)/(u + 1)).
 * @module
 */

/** The field prime p = 2^255 − 19. */
export const P: bigint = 2n ** 255n - 19n;
/** The Montgomery coefficient A (RFC 7748 §4.1). */
export const A_MONT = 486662;
/** a24 = (A − 2)/4 = 121665, the ladder's constant (RFC 7748 §5). */
export const A24: number = (A_MONT - 2) / 4;
/** u-coordinate of the base point (RFC 7748 §4.1). */
export const BASE_U = 9n;

/** x mod p in [0, p). */
export const mod = (x: bigint): bigint => ((x % P) + P) % P;

/** x^e mod p by square-and-multiply: variable-time, public values only. */
export function powVartime(x: bigint, e: bigint): bigint {
  let r = 1n, b = mod(x);
  for (; e > 0n; e >>= 1n) {
    if (e & 1n) r = (r * b) % P;
    b = (b * b) % P;
  }
  return r;
}

/** x⁻¹ mod p (Fermat): variable-time, public values only. */
export const invVartime = (x: bigint): bigint => powVartime(x, P - 2n);

let dCache: bigint | undefined, sqrtM1Cache: bigint | undefined;

/** d = −(A − 2)/(A + 2) mod p: the edwards25519 coefficient (computed at first use, not at import). */
export const edwardsD = (): bigint => (dCache ??= mod(-BigInt(A_MONT - 2) * invVartime(BigInt(A_MONT + 2))));

/** √−1 = 2^((p−1)/4) mod p (2 is a non-residue since p ≡ 5 mod 8); computed at first use. */
export const sqrtM1 = (): bigint => (sqrtM1Cache ??= powVartime(2n, (P - 1n) / 4n));

/** A square root of a (the even one), or null; p ≡ 5 mod 8 (Atkin): r = a^((p+3)/8), maybe times √−1. */
export function sqrtVartime(a: bigint): bigint | null {
  let r = powVartime(a, (P + 3n) / 8n);
  if ((r * r) % P !== mod(a)) r = (r * sqrtM1()) % P;
  if ((r * r) % P !== mod(a)) return null;
  return r & 1n ? P - r : r;
}

/** An edwards25519 point in extended coordinates (X : Y : Z : T), x = X/Z, y = Y/Z, x·y = T/Z. */
export interface ExtendedPoint {
  X: bigint;
  Y: bigint;
  Z: bigint;
  T: bigint;
}

/**
 * The edwards25519 image of the base point u = 9: y = (u − 1)/(u + 1) = 4/5 and x the even root of
 * x² = (y² − 1)/(d·y² + 1). The sign of x does not matter to X25519 (u depends on y only); the even
 * root is the base point of RFC 8032 §5.1.
 */
export function edwardsBase(): ExtendedPoint {
  const y = mod((BASE_U - 1n) * invVartime(BASE_U + 1n));
  const x = sqrtVartime(mod((y * y - 1n) * invVartime(edwardsD() * y * y + 1n)));
  if (x === null) throw new Error("x25519: the base point is not on edwards25519");
  return { X: x, Y: y, Z: 1n, T: mod(x * y) };
}

/**
 * P + Q on −x² + y² = 1 + d·x²·y² (Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves Revisited",
 * 2008, add-2008-hwcd-3 with a = −1): complete, so it also doubles. 8M + 1 multiplication by 2d.
 */
export function edwardsAddVartime(p: ExtendedPoint, q: ExtendedPoint): ExtendedPoint {
  // Coordinates are kept in [0, p); every difference is lifted by p so that one `%` reduces.
  const a = ((p.Y - p.X + P) * (q.Y - q.X + P)) % P;
  const b = ((p.Y + p.X) * (q.Y + q.X)) % P;
  const c = ((2n * edwardsD() * p.T) % P * q.T) % P;
  const d = (2n * p.Z * q.Z) % P;
  const e = b - a + P, f = d - c + P, g = d + c, h = b + a;
  return { X: (e * f) % P, Y: (g * h) % P, Z: (f * g) % P, T: (e * h) % P };
}

/** Affine (x, y) of a point, or throws at Z = 0 (never on the curve's points). */
export function toAffineVartime(p: ExtendedPoint): { x: bigint; y: bigint } {
  const zi = invVartime(p.Z);
  return { x: mod(p.X * zi), y: mod(p.Y * zi) };
}

/** u = (1 + y)/(1 − y) of an edwards25519 point (the identity, y = 1, maps to 0). */
export function montgomeryU(p: ExtendedPoint): bigint {
  return mod((p.Z + p.Y) * invVartime(mod(p.Z - p.Y)));
}
