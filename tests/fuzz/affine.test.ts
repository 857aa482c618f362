/**
 * Fuzz of point construction from coordinates (`fromAffine`, `new G.Point(X, Y, Z)`; every group):
 * points in the subgroup and outside it (accepted: no subgroup check), random coordinates (on the
 * curve or NOT_ON_CURVE, by the BigInt reference), coordinates ≥ p or negative (NON_CANONICAL),
 * projective forms of any Z, and values of every other type (INVALID_TYPE).
 */
import { family, label, ok } from "./helpers.ts";
import { GROUPS } from "./codec_fuzz.ts";
import { type Coord, onCurve, randomCurvePoint, samePoint } from "./reference.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

for (const [name, lib, g] of GROUPS) {
  const known = g.Point.BASE.multiply(5n).toAffine();
  family(`${name} fromAffine/new Point`, {
    budgetMs: 20_000,
    known: () => () => ok(samePoint(g, lib().fromAffine(known), known), "known point"),
  }, (f) => {
    const G = lib(), F = g.F, p = g.p;
    const el = (): Coord => (g.ext ? { c0: f.rng.below(p), c1: f.rng.below(p) } : f.rng.below(p));
    /** A copy of v with one coefficient moved out of [0, p). */
    const bad = (v: Coord): Coord => {
      const shift = (x: bigint) => f.rng.pick([x + p, x - p, p, -1n, x + (1n << 400n)]);
      if (!g.ext) return shift(v as bigint);
      const { c0, c1 } = v as { c0: bigint; c1: bigint };
      return f.rng.bool() ? { c0: shift(c0), c1 } : { c0, c1: shift(c1) };
    };
    for (let i = 0; i < f.count(40); i++) {
      const pt = f.rng.pick([
        () => G.BASE.multiply(f.rng.below(g.Point.Fn.ORDER - 1n) + 1n).toAffine(),
        () => randomCurvePoint(g, f.rng),
        () => ({ x: el(), y: el() }),
      ])();
      const zero = F.is0(pt.x) && F.is0(pt.y), on = zero || onCurve(g, pt.x, pt.y); // (0, 0) is ZERO
      const good = (P: Any) => ok(samePoint(g, P, zero ? "zero" : pt), "not the reference's point");
      f.check("fromAffine", () => G.fromAffine(pt), on ? good : "NOT_ON_CURVE");
      const Z = el();
      if (!F.is0(Z) && !zero) { // (0 : 0 : Z) is not on the curve; ZERO is (0 : 1 : 0), below
        const X = F.mul(pt.x, Z), Y = F.mul(pt.y, Z);
        f.check("new Point(X, Y, Z)", () => new G.Point(X, Y, Z), on ? good : "NOT_ON_CURVE");
        const which = f.rng.int(3), coords = [X, Y, Z].map((c, j) => (j === which ? bad(c) : c));
        f.check(`new Point, coordinate ${which} out of range`, () => new G.Point(...coords), "NON_CANONICAL");
      }
      f.check("fromAffine, x out of range", () => G.fromAffine({ x: bad(pt.x), y: pt.y }), "NON_CANONICAL");
      f.check("fromAffine, y out of range", () => G.fromAffine({ x: pt.x, y: bad(pt.y) }), "NON_CANONICAL");
    }
    f.check(
      "fromAffine(0, 0)",
      () => G.fromAffine({ x: F.ZERO, y: F.ZERO }),
      (P: Any) => ok(P.isZero(), "not ZERO"),
    );
    f.check(
      "new Point(0, 1, 0)",
      () => new G.Point(F.ZERO, F.ONE, F.ZERO),
      (P: Any) => ok(P.isZero(), "not ZERO"),
    );
    const { x, y } = G.BASE.toAffine();
    const wrongCoord = g.ext
      ? [x.c0, 1, "1", null, { c0: 1n }, { c0: 1, c1: 2 }, [x.c0, x.c1]]
      : [1, "1", null, { c0: 1n, c1: 0n }, [x], 1.5];
    for (const w of wrongCoord) {
      f.check(`fromAffine({ x: ${label(w)} })`, () => G.fromAffine({ x: w, y }), "INVALID_TYPE");
      f.check(`fromAffine({ y: ${label(w)} })`, () => G.fromAffine({ x, y: w }), "INVALID_TYPE");
      f.check(`new Point(${label(w)}, Y, Z)`, () => new G.Point(w, y, F.ONE), "INVALID_TYPE");
      f.check(`new Point(X, Y, ${label(w)})`, () => new G.Point(x, y, w), "INVALID_TYPE");
    }
    for (const a of [null, undefined, 5, "x", {}, { x }, { y }, [x, y]]) {
      f.check(`fromAffine(${label(a)})`, () => G.fromAffine(a), "INVALID_TYPE");
    }
  });
}
