/**
 * A prime field Fp over BigInt with @noble/curves' `IField<bigint>` surface (`Field(p, opts)` of
 * abstract/modular.ts) and its semantics: arithmetic reduces its result into [0, p) from any integer
 * arguments, `is0`/`eql`/`isOdd` read the integers as given, the `…N` operations do not reduce, and
 * `pow(x, 1n)` returns x as given.
 *
 * Variable-time (BigInt arithmetic, early exits): for public values and for porting code from noble.
 * The constant-time kernels of the library are `field/kernel.ts`'s.
 *
 * Differences from noble, all for arguments of the wrong type: where noble would compute with a
 * non-bigint by JavaScript coercion (`addN("1", "2")` is "12", `toBytes(5)` encodes the number,
 * `eql(1, 1)` is true, `cmov("a", "b", true)` is "b", `pow(x, 0n)` is 1n for any x), isochron throws
 * INVALID_TYPE; `is0` answers false for anything but 0n, as noble's.
 * @module
 */
import { checkBytes, IsochronError } from "../../errors.ts";
import { bigintArg, booleanArg, exponentArg } from "./checks.ts";
import { invertBatchOf } from "./generic.ts";
import { inverseMod } from "./inverse.ts";
import { modPow, primeFieldSqrt } from "./sqrt.ts";
import type { BigintField } from "./types.ts";

/** Options of {@linkcode bigintPrimeField}. */
export interface PrimeFieldOptions {
  /**
   * `fromBytes` reduces the integer mod p instead of rejecting one ≥ p (noble's `modFromBytes`:
   * BLS12-381's Fr). Default false.
   */
  readonly modFromBytes?: boolean;
}

/** Big-endian bytes of 0 ≤ x < 2^(8·length) (NON_CANONICAL for a negative or larger x). */
function toBytesBE(x: bigint, length: number): Uint8Array {
  if (x < 0n || x >> BigInt(8 * length) !== 0n) {
    throw new IsochronError("NON_CANONICAL", `toBytes: the integer does not fit in ${length} bytes`);
  }
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}

/** The integer of big-endian bytes. */
function fromBytesBE(bytes: Uint8Array): bigint {
  let x = 0n;
  for (const b of bytes) x = (x << 8n) | BigInt(b);
  return x;
}

/**
 * The prime field of an odd prime p (not tested for primality), frozen. BITS is p's bit length and
 * BYTES ⌈BITS/8⌉; elements encode big-endian (isLE false, as every field of these curves in noble).
 */
export function bigintPrimeField(p: bigint, options: PrimeFieldOptions = {}): BigintField {
  if (typeof p !== "bigint" || p < 3n || p % 2n === 0n) {
    throw new IsochronError("INVALID_TYPE", "bigintPrimeField: p must be an odd prime");
  }
  const BITS = p.toString(2).length;
  const BYTES = Math.ceil(BITS / 8);
  const int = bigintArg;
  const reduce = (x: bigint) => ((x % p) + p) % p;
  const inv = (x: bigint) => inverseMod(int(x, "inv"), p);
  const F: BigintField = {
    ORDER: p,
    BITS,
    BYTES,
    isLE: false,
    ZERO: 0n,
    ONE: 1n,
    _lengths: undefined,
    _mod: options.modFromBytes ? true : undefined,
    create: (x) => reduce(int(x, "create")),
    isValid: (x) => 0n <= int(x, "isValid") && x < p,
    is0: (x) => x === 0n,
    isValidNot0: (x) => x !== 0n && F.isValid(x),
    isOdd: (x) => (int(x, "isOdd") & 1n) === 1n,
    neg: (x) => reduce(-int(x, "neg")),
    eql: (a, b) => int(a, "eql") === int(b, "eql"),
    add: (a, b) => reduce(int(a, "add") + int(b, "add")),
    sub: (a, b) => reduce(int(a, "sub") - int(b, "sub")),
    mul: (a, b) => reduce(int(a, "mul") * int(b, "mul")),
    sqr: (x) => reduce(int(x, "sqr") ** 2n),
    pow: (x, e) => {
      const base = int(x, "pow");
      if (exponentArg(e, "pow") <= 1n) return e === 0n ? 1n : base; // noble: x^1 is x as given
      return modPow(base, e, p);
    },
    div: (a, b) => {
      const i = inv(b);
      return reduce(int(a, "div") * i);
    },
    addN: (a, b) => int(a, "addN") + int(b, "addN"),
    subN: (a, b) => int(a, "subN") - int(b, "subN"),
    mulN: (a, b) => int(a, "mulN") * int(b, "mulN"),
    sqrN: (x) => int(x, "sqrN") ** 2n,
    inv,
    sqrt: primeFieldSqrt(p),
    invertBatch: (list) => invertBatchOf(F, list),
    toBytes: (x) => toBytesBE(int(x, "toBytes"), BYTES),
    fromBytes: (bytes, skipValidation = false) => {
      const n = checkBytes(bytes, "fromBytes");
      if (n !== BYTES) {
        throw new IsochronError("INVALID_LENGTH", `fromBytes: expected ${BYTES} bytes, got ${n}`);
      }
      let x = fromBytesBE(bytes);
      if (options.modFromBytes) x = reduce(x);
      if (!skipValidation && x >= p) throw new IsochronError("NON_CANONICAL", "fromBytes: value ≥ p");
      return x;
    },
    cmov: (a, b, c) => {
      booleanArg(c, "cmov");
      return c ? int(b, "cmov") : int(a, "cmov");
    },
  };
  return Object.freeze(F);
}
