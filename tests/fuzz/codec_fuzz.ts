/**
 * The point-decoder fuzz shared by the codec families: encodings of points in the subgroup, outside it
 * and of the identity (made by the reference), then random edits, every flag combination of the first
 * byte, coordinates ≥ p, random coordinates, random bytes and lengths, and every JavaScript type; each
 * decoded by the library (checked and unchecked) and by the reference, which must agree: the same
 * error code, or the same point, re-encoded to the same bytes.
 * @module
 */
import { hex } from "../curves/helpers.ts";
import { concat, eqHex, type Family, family, fuzzTypes, mutate, ok } from "./helpers.ts";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { bn254 } from "../../curves/bn254/mod.ts";
import {
  randomCurvePoint,
  REF,
  type RefCodec,
  type RefGroup,
  type RefPoint,
  samePoint,
} from "./reference.ts";

/** A library decoder of one codec. */
// deno-lint-ignore no-explicit-any
type LibPoint = any;
export interface LibCodec {
  decode(bytes: Uint8Array): LibPoint;
  decodeUnchecked(bytes: Uint8Array): LibPoint;
  encode(P: LibPoint, compressed: boolean): Uint8Array;
  /** A point in the subgroup, k·BASE. */
  point(k: bigint): LibPoint;
}

/** Every group of the public objects (on the current backend when called) beside its reference. */
export const GROUPS: [string, () => LibPoint, RefGroup][] = [
  ["bls12-381 G1", () => bls12_381.G1, REF.blsG1],
  ["bls12-381 G2", () => bls12_381.G2, REF.blsG2],
  ["bn254 G1", () => bn254.G1, REF.bnG1],
  ["bn254 G2", () => bn254.G2, REF.bnG2],
];

/** A group's default codec: `fromBytes`, `fromBytesUnchecked`, `toBytes`. */
export const defaultCodec = (G: () => LibPoint) => (): LibCodec => ({
  decode: (b) => G().fromBytes(b),
  decodeUnchecked: (b) => G().fromBytesUnchecked(b),
  encode: (P, compressed) => P.toBytes(compressed),
  point: (k) => G().BASE.multiply(k),
});

/** Registers the fuzz family of `ref` against the library's codec (`lib(backend)`). */
export function fuzzCodec(ref: RefCodec, lib: () => LibCodec, n: number, budgetMs: number): void {
  const g = ref.g, compressions = ref.lengths.length === 2 ? [true, false] : [false];
  const known7: RefPoint = g.Point.BASE.multiply(7n).toAffine();
  family(ref.name, {
    budgetMs,
    known: () => {
      const c = lib(), enc = ref.encode(known7, compressions[0]);
      return () => eqHex(c.encode(c.decode(enc), compressions[0]), enc, "known answer");
    },
  }, (f) => {
    const c = lib();
    const seeds = (): Uint8Array[] => {
      const a = c.point(f.rng.below(g.Point.Fn.ORDER - 1n) + 1n).toAffine();
      const pts: RefPoint[] = [a, randomCurvePoint(g, f.rng), "zero"];
      return pts.flatMap((p) => compressions.map((z) => ref.encode(p, z)));
    };
    const one = (what: string, bytes: Uint8Array) => {
      for (const checked of [true, false]) {
        const expect = ref.decode(bytes, checked);
        const call = () => (checked ? c.decode(bytes) : c.decodeUnchecked(bytes));
        f.check(
          `${what}${checked ? "" : " (unchecked)"} ${hex(bytes)}`,
          call,
          typeof expect === "object" &&
            "code" in expect
            ? expect.code
            : (P: LibPoint) => {
              ok(samePoint(g, P, expect as RefPoint), "not the reference's point");
              eqHex(
                c.encode(P, bytes.length === Math.min(...ref.lengths) && compressions[0]),
                bytes,
                "re-encoding",
              );
            },
        );
      }
    };
    // Where the Fp elements start (EIP-2537: after their zero padding), and the value bits above p.
    const w = ref.lengths.length === 1 ? 64 : g.fpBytes, pad = w - g.fpBytes;
    const bits = g.p.toString(2).length, flagMask = 0xff ^ ((1 << bits % 8) - 1);
    const big = (s: Uint8Array): Uint8Array => {
      const out = new Uint8Array(s), at = f.rng.int(Math.max(1, s.length / w)) * w + pad;
      if (at + g.fpBytes > s.length) return out;
      const v = beN(g.p + f.rng.below((1n << BigInt(bits)) - g.p), g.fpBytes);
      v[0] |= out[at] & flagMask;
      out.set(v, at);
      return out;
    };
    for (let i = 0; i < f.count(n); i++) {
      for (const s of seeds()) {
        one("valid", s);
        one("edited", mutate(f.rng, s));
        one("edited twice", mutate(f.rng, mutate(f.rng, s)));
        const flagged = new Uint8Array(s);
        flagged[0] = (flagged[0] & 0x1f) | (f.rng.int(8) << 5);
        one("flags", flagged);
        one("coordinate ≥ p", big(s));
        const rnd = concat(s.subarray(0, 1), f.rng.bytes(s.length - 1));
        one("random coordinates", rnd);
      }
      const len = f.rng.int(Math.max(...ref.lengths) + 8);
      one("random bytes", f.rng.bytes(f.rng.pick([len, ...ref.lengths])));
    }
    for (const len of [0, 1, ...ref.lengths.flatMap((l) => [l - 1, l, l + 1])]) {
      one("zeros", new Uint8Array(len));
    }
    for (const s of seeds()) {
      for (let flags = 0; flags < 8; flags++) {
        const b = new Uint8Array(s);
        b[0] = (b[0] & 0x1f) | (flags << 5);
        one(`flags ${flags.toString(2).padStart(3, "0")}`, b);
      }
      fuzzTypes(
        f,
        "decode",
        [s],
        ([b]) => c.decode(b as Uint8Array),
        (P: LibPoint) => hex(c.encode(P, false)),
      );
      fuzzTypes(
        f,
        "decodeUnchecked",
        [s],
        ([b]) => c.decodeUnchecked(b as Uint8Array),
        (P) => hex(c.encode(P, false)),
      );
    }
  });
}

function beN(x: bigint, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}

export type { Family };
