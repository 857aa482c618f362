/**
 * Inputs of the differential test, per field (Fp, Fr: level 0; Fp2: 1; Fp6: 2; Fp12: 3) and per
 * argument kind: random and edge values (0, 1, −1, p − 1, non-residues, squares), non-canonical ones
 * (coordinates ≥ p, negative, ≥ 2^(8·BYTES)) and values of a wrong type. Each input says whether it
 * has a wrong type (`bad`), where isochron may throw INVALID_TYPE although noble computes something.
 */
import { rng } from "../../curves/helpers.ts";

/** One argument value. */
export interface Arg {
  readonly value: unknown;
  readonly bad: boolean;
  readonly label: string;
}

const good = (value: unknown, label: string): Arg => ({ value, bad: false, label });
const bad = (value: unknown, label: string): Arg => ({ value, bad: true, label });

/** The kinds of argument the members take. */
export type Kind =
  | "el"
  | "elOrInt"
  | "int"
  | "exp"
  | "bool"
  | "bytes"
  | "skip"
  | "power"
  | "list"
  | "tuple"
  | "fp2"
  | "fp2OrInt"
  | "cycExp";

/** Element of a level from a coordinate source (c0 first). */
export function element(level: number, coord: (i: number) => bigint): unknown {
  let i = 0;
  const build = (l: number): unknown => {
    if (l === 0) return coord(i++);
    const keys = l === 2 ? ["c0", "c1", "c2"] : ["c0", "c1"];
    return Object.fromEntries(keys.map((k) => [k, build(l - 1)]));
  };
  return build(level);
}

const COORDS = [1, 2, 6, 12];

/** The argument values of each kind for one field of a curve. */
// deno-lint-ignore no-explicit-any
export function argsFor(F: any, level: number, p: bigint, seed: number): Record<Kind, Arg[]> {
  const rand = rng(seed);
  const big = () => rand(p.toString(2).length + 8) % p;
  const random = () => element(level, big);
  const n = COORDS[level];
  const firstCoord = (v: bigint) => element(level, (i) => (i === 0 ? v : 1n));
  const wrongCoord = (v: unknown) => {
    if (level === 0) return v;
    const e = element(level, () => 1n) as Record<string, unknown>;
    let node = e;
    while (typeof node.c0 === "object") node = node.c0 as Record<string, unknown>;
    node.c1 = v;
    return e;
  };
  const sq = F.sqr(random());
  const elements: Arg[] = [
    good(F.ZERO, "0"),
    good(F.ONE, "1"),
    good(F.neg(F.ONE), "-1"),
    good(random(), "random"),
    good(random(), "random"),
    good(random(), "random"),
    good(element(level, () => p - 1n), "p-1 everywhere"),
    good(sq, "square"),
    good(F.neg(sq), "-square"),
    good(level === 0 ? 5n : element(level, (i) => (i === 0 ? big() : 0n)), "c0 only"),
    good(level === 1 ? F.NONRESIDUE : firstCoord(p - 1n), "non-residue"),
    good(level === 1 ? { c0: F.Fp.neg(5n), c1: 0n } : firstCoord(2n), "c1 = 0, c0 non-square"),
    good(firstCoord(p), "coordinate p"),
    good(firstCoord(p + 4n), "coordinate p + 4"),
    good(level === 0 ? p + sq : firstCoord(p + 1n), "square + p"),
    good(firstCoord(-1n), "coordinate −1"),
    good(firstCoord((1n << BigInt(8 * Math.ceil(p.toString(2).length / 8))) - 1n), "coordinate 2^(8B) − 1"),
    good(firstCoord(1n << BigInt(8 * Math.ceil(p.toString(2).length / 8))), "coordinate 2^(8B)"),
    good(level === 0 ? 0n : element(level, (i) => (i === n - 1 ? p : 0n)), "zero mod p, last coordinate p"),
  ];
  const wrong: Arg[] = [
    bad(undefined, "undefined"),
    bad(null, "null"),
    bad(1, "number 1"),
    bad("1", "string"),
    bad({}, "{}"),
    bad([], "[]"),
    bad(wrongCoord(1), "coordinate number 1"),
    bad(wrongCoord("x"), "coordinate string"),
    bad(wrongCoord(undefined), "coordinate undefined"),
  ];
  const enc = (v: unknown) => F.toBytes(v);
  const bytes: Arg[] = [
    good(enc(random()), "encoding"),
    good(new Uint8Array(F.BYTES), "zeros"),
    good(new Uint8Array(F.BYTES).fill(0xff), "0xff…"),
    good(enc(firstCoord(p)), "coordinate p"),
    good(enc(element(level, (i) => (i === n - 1 ? p : 0n))), "last coordinate p"),
    good(new Uint8Array(F.BYTES - 1), "short"),
    good(new Uint8Array(F.BYTES + 1), "long"),
    good(new Uint8Array(0), "empty"),
    bad(Array.from(new Uint8Array(F.BYTES)), "array"),
    bad("00", "string"),
    bad(undefined, "undefined"),
    bad(new Uint16Array(F.BYTES / 2), "Uint16Array"),
  ];
  const ints: Arg[] = [
    good(0n, "0n"),
    good(1n, "1n"),
    good(2n, "2n"),
    good(-1n, "-1n"),
    good(p, "p"),
    good(big(), "random"),
    bad(2, "number 2"),
    bad("2", "string"),
  ];
  const fp2 = level === 0 ? [] : [
    good({ c0: big(), c1: big() }, "random Fp2"),
    good({ c0: 0n, c1: 0n }, "Fp2 0"),
    good({ c0: p, c1: 1n }, "Fp2 coordinate p"),
    bad({ c0: 1, c1: 2 }, "Fp2 numbers"),
    bad(undefined, "undefined"),
  ];
  return {
    el: [...elements, ...wrong],
    elOrInt: [...elements.slice(0, 8), ...elements.slice(12, 14), ...wrong.slice(0, 4), ...ints],
    int: ints,
    exp: [
      good(0n, "0n"),
      good(1n, "1n"),
      good(2n, "2n"),
      good(3n, "3n"),
      good(rand(64), "random 64-bit"),
      good(p - 1n, "p − 1"),
      good((p - 1n) / 2n, "(p − 1)/2"),
      good(-1n, "-1n"),
      bad(2, "number"),
      bad("2", "string"),
    ],
    bool: [
      good(true, "true"),
      good(false, "false"),
      bad(1, "1"),
      bad("true", "string"),
      bad(undefined, "undefined"),
    ],
    bytes,
    skip: [good(undefined, "default"), good(true, "true"), good(false, "false")],
    power: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 18, -1, -2, -6, -12].map((k) => good(k, String(k)))
      .concat(
        [
          bad(1.5, "1.5"),
          bad("1", "string"),
          bad(2n, "bigint"),
          bad(NaN, "NaN"),
          bad(undefined, "undefined"),
        ],
      ),
    list: [
      good([], "[]"),
      good([random()], "[random]"),
      good([random(), F.ZERO, random(), F.ONE], "[random, 0, random, 1]"),
      good([F.ZERO], "[0]"),
      good([level === 0 ? p : element(level, (i) => (i === n - 1 ? p : 0n))], "[zero mod p]"),
      good([firstCoord(p + 1n), random()], "[non-canonical, random]"),
      bad([random(), wrongCoord("x")], "[random, wrong]"),
      bad("x", "string"),
      bad(undefined, "undefined"),
    ],
    tuple: [
      good(Array.from({ length: n }, big), "random"),
      good(Array.from({ length: n }, (_, i) => (i === 0 ? p : -1n)), "p, −1"),
      good(Array.from({ length: n + 1 }, big), "too long"),
      good(Array.from({ length: n - 1 }, big), "too short"),
      bad(Array.from({ length: n }, () => 1), "numbers"),
      bad("x", "string"),
      bad(undefined, "undefined"),
    ],
    fp2,
    fp2OrInt: [...fp2, ...ints.slice(0, 4)],
    cycExp: [],
  };
}
