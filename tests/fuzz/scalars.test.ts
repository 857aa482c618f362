/**
 * Fuzz of the scalar inputs: `Fr.fromBytes` / `toBytes` (both curves), `multiply` / `multiplyUnsafe`
 * (bytes: any 32-byte value, reduced; bigints: noble's [1, r) / [0, r)), `msmVartime` and
 * `sumVartime`, on every group, against @noble/curves.
 */
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { bn254 } from "../../curves/bn254/mod.ts";
import { hex } from "../curves/helpers.ts";
import { beBytes, beInt, eqHex, type Family, family, fuzzTypes, label, ok, type Rng } from "./helpers.ts";
import { GROUPS } from "./codec_fuzz.ts";
import { type RefGroup, samePoint } from "./reference.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const WRONG = [5, "5", null, undefined, {}, [1n], 1.5];

/** A scalar for fuzzing: edges of [0, r) and of 2^256, negative values, random widths. */
function scalar(rng: Rng, r: bigint): bigint {
  switch (rng.int(6)) {
    case 0:
      return rng.pick([0n, 1n, r - 1n, r, r + 1n, 2n * r, (1n << 256n) - 1n, 1n << 256n, -1n, -r]);
    case 1:
      return -rng.bigint(1 + rng.int(256));
    case 2:
      return rng.bigint(256);
    default:
      return rng.bigint(1 + rng.int(255)) % r;
  }
}
const same = (g: RefGroup, P: Any, N: Any) =>
  ok(samePoint(g, P, N.is0() ? "zero" : N.toAffine()), `${hex(P.toBytes())} is not noble's point`);

for (const [name, Fr] of [["bls12-381", bls12_381.Fr], ["bn254", bn254.Fr]] as const) {
  family(`${name} Fr.fromBytes/toBytes`, {
    budgetMs: 10_000,
    known: () => () => eqHex(Fr.toBytes(5n), beBytes(5n, 32), "Fr(5)"),
  }, (f) => {
    const r = Fr.ORDER;
    for (let i = 0; i < f.count(300); i++) {
      const k = scalar(f.rng, r);
      const len = f.rng.int(8) === 0 ? f.rng.int(40) : 32;
      const b = k >= 0n && k < 1n << BigInt(8 * len) ? beBytes(k, len) : f.rng.bytes(len);
      f.check(
        `fromBytes ${hex(b)}`,
        () => Fr.fromBytes(b),
        len !== 32 ? "INVALID_LENGTH" : beInt(b) >= r ? "NON_CANONICAL" : (
          out,
        ) => (eqHex(out, b, "fromBytes"),
          ok(out !== b && Object.getPrototypeOf(out) === Uint8Array.prototype, "fresh")),
      );
      f.check(
        `toBytes ${k}`,
        () => Fr.toBytes(k),
        k < 0n || k >= 1n << 256n
          ? "INVALID_SCALAR"
          : k >= r
          ? "NON_CANONICAL"
          : (out) => eqHex(out, beBytes(k, 32), "toBytes"),
      );
      f.check(
        `toBytes(bytes) ${hex(b)}`,
        () => Fr.toBytes(b),
        len !== 32 ? "INVALID_LENGTH" : beInt(b) >= r ? "NON_CANONICAL" : (out) => eqHex(out, b, "toBytes"),
      );
    }
    for (const w of WRONG) {
      f.check(`fromBytes(${label(w)})`, () => Fr.fromBytes(w as never), "INVALID_TYPE");
      f.check(`toBytes(${label(w)})`, () => Fr.toBytes(w as never), "INVALID_TYPE");
    }
    const b = beBytes(r - 1n, 32);
    fuzzTypes(f, "Fr.fromBytes", [b], ([x]) => Fr.fromBytes(x as Uint8Array), hex);
    fuzzTypes(f, "Fr.toBytes", [b], ([x]) => Fr.toBytes(x as Uint8Array), hex, ["bigint"]);
  });
}

for (const [name, G, g] of GROUPS) {
  const r = g.Point.Fn.ORDER as bigint;
  family(`${name} multiply/multiplyUnsafe/msm/sum`, {
    budgetMs: 30_000,
    known: () => {
      const want = g.Point.BASE.multiply(12345n);
      return () => same(g, G().BASE.multiply(beBytes(12345n, 32)), want);
    },
  }, (f) => {
    const a = f.rng.below(r - 1n) + 1n, P = G().BASE.multiply(a), N = g.Point.BASE.multiply(a);
    const mulRef = (k: bigint) => N.multiplyUnsafe(((k % r) + r) % r);
    for (let i = 0; i < f.count(4); i++) {
      const k = scalar(f.rng, r);
      const inRange = k >= 1n && k < r;
      f.check(
        `multiply(${k})`,
        () => P.multiply(k),
        inRange ? (Q) => same(g, Q, mulRef(k)) : "INVALID_SCALAR",
      );
      f.check(
        `multiplyUnsafe(${k})`,
        () => P.multiplyUnsafe(k),
        k >= 0n && k < r ? (Q) => same(g, Q, mulRef(k)) : "INVALID_SCALAR",
      );
      const b = f.rng.bytes(32), kb = beInt(b);
      f.check(`multiply(${hex(b)})`, () => P.multiply(b), (Q) => same(g, Q, mulRef(kb)));
      f.check(
        `BASE.multiply(${hex(b)})`,
        () => G().BASE.multiply(b),
        (Q) => same(g, Q, g.Point.BASE.multiplyUnsafe(kb % r)),
      );
      f.check(`multiplyUnsafe(${hex(b)})`, () => P.multiplyUnsafe(b), (Q) => same(g, Q, mulRef(kb)));
      const short = f.rng.bytes(f.rng.pick([0, 31, 33, 64]));
      f.check(`multiply(${short.length} bytes)`, () => P.multiply(short), "INVALID_LENGTH");
      f.check(`multiplyUnsafe(${short.length} bytes)`, () => P.multiplyUnsafe(short), "INVALID_LENGTH");
    }
    for (const w of WRONG) {
      f.check(`multiply(${label(w)})`, () => P.multiply(w), "INVALID_TYPE");
      f.check(`multiplyUnsafe(${label(w)})`, () => P.multiplyUnsafe(w), "INVALID_TYPE");
    }
    fuzzTypes(f, "multiply", [beBytes(a, 32)], ([k]) => P.multiply(k), (Q: Any) => hex(Q.toBytes()), [
      "bigint",
    ]);
    // msmVartime and sumVartime: a few points (the identity, repeats and negations among them).
    const pool = [P, G().BASE, G().ZERO, P.negate(), P.double()];
    const npool = [N, g.Point.BASE, g.Point.ZERO, N.negate(), N.double()];
    for (let i = 0; i < f.count(6); i++) {
      const n = f.rng.int(6), idx = Array.from({ length: n }, () => f.rng.int(pool.length));
      const ks = idx.map(() => (f.rng.bool() ? f.rng.bigint(256) : f.rng.bytes(32)));
      const want = idx.reduce((acc, j, t) => {
        const k = typeof ks[t] === "bigint" ? ks[t] as bigint : beInt(ks[t] as Uint8Array);
        return acc.add(npool[j].multiplyUnsafe(k % r));
      }, g.Point.ZERO);
      const pts = idx.map((j) => pool[j]);
      f.check(`msm ${n}`, () => G().msmVartime(pts, ks), (Q) => same(g, Q, want));
      f.check(
        `sum ${n}`,
        () => G().sumVartime(pts),
        (Q) => same(g, Q, idx.reduce((acc, j) => acc.add(npool[j]), g.Point.ZERO)),
      );
      if (n > 0) {
        const t = f.rng.int(n);
        const bad = f.rng.pick([-1n, 1n << 256n]);
        f.check(
          `msm scalar ${bad}`,
          () => G().msmVartime(pts, ks.map((k, j) => (j === t ? bad : k))),
          "INVALID_SCALAR",
        );
        f.check(
          `msm short scalar`,
          () => G().msmVartime(pts, ks.map((k, j) => (j === t ? new Uint8Array(31) : k))),
          "INVALID_LENGTH",
        );
        f.check(`msm lengths differ`, () => G().msmVartime(pts, ks.slice(1)), "INVALID_LENGTH");
        const other = GROUPS.find(([m]) => m !== name)![1]().BASE;
        for (const w of [other, null, 5, {}, P.toBytes()]) {
          const bad = pts.map((p, j) => (j === t ? w : p));
          f.check(`msm point ${label(w)}`, () => G().msmVartime(bad, ks), "INVALID_TYPE");
          f.check(`sum point ${label(w)}`, () => G().sumVartime(bad), "INVALID_TYPE");
        }
        f.check(
          `msm scalar "5"`,
          () => G().msmVartime(pts, ks.map((k, j) => (j === t ? "5" : k))),
          "INVALID_TYPE",
        );
      }
    }
    for (const w of [null, 5, "x", {}, P]) {
      f.check(`msm(${label(w)})`, () => G().msmVartime(w, []), "INVALID_TYPE");
      f.check(`sum(${label(w)})`, () => G().sumVartime(w), "INVALID_TYPE");
    }
  });
}

export type { Family };
