/**
 * Inputs of the bulk-addition table (bench/cases/bulk.ts, bench/bulk_memory.ts), BLS12-381 G1 / G2,
 * one library at a time, in one of two forms:
 *
 * - `affine`: Z = 1, as decoded keys and signatures are (isochron: `fromBytesUnchecked` of the
 *   uncompressed encoding; noble: `fromAffine`; blst: `PublicKey` / `Signature.fromBytes` without
 *   validation, blst's only form);
 * - `proj`: projective with random Z, as results of arithmetic are (a walk P_{i+1} = P_i + C).
 *
 * At most {@linkcode DISTINCT} distinct points are built by arithmetic; longer inputs repeat their values
 * in fresh objects (decoded again / one more addition of O), so that memory holds N points and no
 * pair of neighbours is equal (no exceptional case the distinct inputs would not have).
 */
import { pointWalk } from "./case.ts";
import { bls12_381Groups } from "./internal.ts";

export type Form = "affine" | "proj";
export type BulkLib = "isochron-wasm" | "isochron-ts" | "noble" | "blst";
export const DISTINCT = 4096;

/** The default sizes, and the sizes `--long` adds. */
export const SIZES = [10, 100, 1000, 1024, 2048, 10_000] as const;
export const LONG_SIZES = [100_000, 1_000_000] as const;

function repeat<T>(base: readonly T[], n: number, fresh: (x: T) => T): T[] {
  const out: T[] = base.slice(0, n);
  for (let i = out.length; i < n; i++) out.push(fresh(base[i % base.length]));
  return out;
}

/** N points of `g` for `lib` in `form`, and the function that sums them (the timed work). */
export async function bulkInput(lib: BulkLib, g: "G1" | "G2", form: Form, n: number): Promise<() => unknown> {
  const m = Math.min(n, DISTINCT);
  if (lib === "isochron-wasm" || lib === "isochron-ts") {
    const G = bls12_381Groups(lib === "isochron-wasm" ? "wasm" : "ts")[g];
    // deno-lint-ignore no-explicit-any
    const walk = pointWalk<any>((k) => G.BASE.multiplyUnsafe(k), G.r, m);
    let pts;
    if (form === "affine") {
      const bytes = walk.map((p) => p.toBytes(false));
      pts = repeat(bytes, n, (b) => b).map((b) => G.fromBytesUnchecked(b));
    } else pts = repeat(walk, n, (p) => p.add(G.ZERO));
    return () => G.sumVartime(pts);
  }
  const { bls12_381 } = await import("@noble/curves/bls12-381.js");
  const P = bls12_381[g].Point, r = bls12_381.fields.Fr.ORDER;
  // deno-lint-ignore no-explicit-any
  const walk = pointWalk<any>((k) => P.BASE.multiply(k), r, m);
  if (lib === "noble") {
    // deno-lint-ignore no-explicit-any
    let pts: any[];
    if (form === "affine") {
      const aff = walk.map((p) => p.toAffine());
      pts = repeat(aff, n, (a) => a).map((a) => P.fromAffine(a));
    } else pts = repeat(walk, n, (p) => p.add(P.ZERO));
    return () => {
      let acc = P.ZERO;
      for (const q of pts) acc = acc.add(q);
      return acc;
    };
  }
  if (form !== "affine") throw new Error("blst: affine inputs only (its objects hold affine points)");
  const blst = await import("@chainsafe/blst");
  const bytes = repeat(walk.map((p) => p.toBytes(false)), n, (b) => b);
  if (g === "G1") {
    const pks = retain(bytes.map((b) => blst.PublicKey.fromBytes(b, false)));
    return () => blst.aggregatePublicKeys(pks, false);
  }
  const sigs = retain(bytes.map((b) => blst.Signature.fromBytes(b, false, false)));
  return () => blst.aggregateSignatures(sigs, false);
}

/**
 * blst's objects of the long sizes, kept until the process ends: Deno finalizes N-API objects in time
 * quadratic in their number (collecting 5·10³, 10⁴, 2·10⁴, 4·10⁴ dropped PublicKeys took 46, 126,
 * 379, 1519 ms), so that collecting 10⁶ of them stalled a `--long` report for more than 25 minutes.
 */
const RETAINED: unknown[][] = [];
function retain<T>(objects: T[]): T[] {
  if (objects.length > SIZES[SIZES.length - 1]) RETAINED.push(objects);
  return objects;
}
