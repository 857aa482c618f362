/**
 * Registration API of the benchmark report (`npm run bench`).
 *
 * A topic file `bench/cases/<topic>.ts` default-exports a function returning `Promise<BenchCase[]>` and is
 * listed in `bench/cases/mod.ts`. One `BenchCase` is one row of the report: an operation (`suite`,
 * `op`, stable ids) measured for one library and backend. Adding a row is one object literal:
 *
 * ```ts
 * import { type BenchCase, randomBelow } from "./case.ts";
 * const cases: BenchCase[] = [];
 * cases.push({
 *   suite: "bls12-381", op: "g1-add", lib: "noble", backend: "bigint",
 *   setup: async () => {
 *     const { bls12_381 } = await import("@noble/curves/bls12-381.js");
 *     const { Point } = bls12_381.G1, r = bls12_381.fields.Fr.ORDER;
 *     const p = Point.BASE.multiply(randomBelow(r)), q = Point.BASE.multiply(randomBelow(r)); // fresh inputs
 *     return () => p.add(q); // the timed function; its result goes to a sink
 *   },
 * });
 * ```
 *
 * `setup` imports the library (dynamically, so that a missing or broken library only loses its own
 * rows), builds fresh random inputs and returns the function to time. Whatever throws in `setup` or
 * during measurement drops that row with a one-line note on stderr.
 */

/**
 * Libraries that may appear in a row (`lib`). `isochron` is measured; the others are peers: the wasm
 * peers are `mcl-wasm`, `bls-eth-wasm`, `libsodium` (libsodium-wrappers) and `ffjavascript`
 * (bench/wasm_peers.ts).
 */
export const LIBS = [
  "isochron",
  "noble",
  "blst",
  "tweetnacl",
  "stablelib",
  "webcrypto",
  "mcl-wasm",
  "bls-eth-wasm",
  "libsodium",
  "ffjavascript",
] as const;
export type Lib = typeof LIBS[number];

/** Backends that may appear in a row (`backend`). */
export const BACKENDS = ["wasm", "ts", "bigint", "native", "js"] as const;
export type Backend = typeof BACKENDS[number];

/** The backends each library may report: isochron has one row per backend. */
export const BACKENDS_BY_LIB: { readonly [L in Lib]: readonly Backend[] } = {
  isochron: ["wasm", "ts"],
  noble: ["bigint"],
  blst: ["native"],
  tweetnacl: ["js"],
  stablelib: ["js"],
  webcrypto: ["native"],
  "mcl-wasm": ["wasm"],
  "bls-eth-wasm": ["wasm"],
  libsodium: ["wasm"],
  ffjavascript: ["wasm"],
};

/** The function timed by the runner; for `async` cases it returns a promise awaited per call. */
export type BenchFn = () => unknown;

export interface BenchCase {
  /** Curve or primitive, e.g. `bls12-381`, `bn254`, `x25519`. Stable id. */
  suite: string;
  /** Operation, e.g. `fp-mul`, `g2-mul-ct`. Stable id; `--filter` sees `"<suite> <op>"`. */
  op: string;
  /** Human description (shown by `--list`). */
  label?: string;
  lib: Lib;
  backend: Backend;
  /** Imports the library, makes fresh random inputs, returns the function to time. */
  setup: () => BenchFn | Promise<BenchFn>;
  /** The function returns a promise: each call is awaited (e.g. WebCrypto `deriveBits`). */
  async?: boolean;
  /**
   * The function times itself: each call returns (or resolves to) the duration of one sample in ms,
   * measured where it happens (e.g. inside a fresh process: the `cold` suite). The runner takes this
   * many samples, one call each, round-robin across the libraries, without warm-up or calibration, and
   * reports their median.
   */
  selfTimed?: number;
  /** Releases what `setup` acquired (e.g. ffjavascript's thread manager), after the operation's samples. */
  teardown?: () => unknown;
  /**
   * The operation's libraries are measured one after the other (setup, samples, inputs dropped), not
   * round-robin with every library's inputs alive at once: for inputs of a gigabyte or more (the bulk
   * sums of 10⁶ points under `--long`).
   */
  sequential?: boolean;
  /**
   * Another operation of the same suite whose samples this row takes round-robin with (its own row and
   * op id kept): for a ratio between two operations of one library that machine noise would otherwise
   * move, such as the frozen window baselines against the endomorphism multiplication.
   */
  interleaveWith?: string;
}

/** `"<suite> <op>"`: the string `--filter` is matched against. */
export function caseId(c: Pick<BenchCase, "suite" | "op">): string {
  return `${c.suite} ${c.op}`;
}

/** Fresh random bytes from the platform CSPRNG (benchmark inputs, never constants). */
export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  return out;
}

/**
 * A random integer in [1, modulus): 64 bits more than the modulus, reduced (bias < 2^-64), zero
 * replaced by one. BigInt is fine here: benchmark inputs are public test data.
 */
export function randomBelow(modulus: bigint): bigint {
  const bytes = randomBytes(Math.ceil(modulus.toString(2).length / 8) + 8);
  let x = 0n;
  for (const b of bytes) x = (x << 8n) | BigInt(b);
  const r = x % modulus;
  return r === 0n ? 1n : r;
}

/** A point type that can add (any library's). */
export interface AddPoint<P> {
  add(q: P): P;
}

/**
 * n public points P_0 = aB, P_{i+1} = P_i + cB for random a, c (`mul` multiplies the library's base
 * point): projective with random Z like real intermediate results, and cheap to build (additions).
 */
export function pointWalk<P extends AddPoint<P>>(mul: (k: bigint) => P, r: bigint, n: number): P[] {
  const out: P[] = [];
  let p = mul(randomBelow(r));
  const step = mul(randomBelow(r));
  for (let i = 0; i < n; i++, p = p.add(step)) out.push(p);
  return out;
}
