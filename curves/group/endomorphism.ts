/**
 * Efficient endomorphisms of the pairing groups, for GLV/GLS scalar multiplication (curves/group/scalar_mul.ts
 * `mulEndoCt`), and their eigenvalues. ψ's constants are derived here from p, r and ξ (public, BigInt,
 * at first use), φ's β is the curve's; tests/curves/group/glv_endomorphism.test.ts re-checks each
 * against its definition.
 *
 * - G1, φ(x, y) = (β·x, y) with β a primitive cube root of unity in Fp (Gallant–Lambert–Vanstone,
 *   "Faster point multiplication on elliptic curves with efficient endomorphisms", Crypto 2001):
 *   on a prime-order subgroup φ acts as multiplication by a root λ of λ² + λ + 1 ≡ 0 (mod r); of the
 *   two primitive cube roots (g^((p−1)/3) for a non-cube g, and its square) the curve's file states
 *   the β with φ(G) = λ·G for its λ (a constant: finding it took a cold start 4–8 ms of BigInt powers
 *   and a 255-bit multiplication). Projective: (X : Y : Z) ↦ (β·X : Y : Z), 1M.
 * - G2, ψ = untwist ∘ Frobenius ∘ twist (Galbraith–Lin–Scott, "Endomorphisms for faster elliptic curve
 *   cryptography on a large class of curves", Eurocrypt 2009): ψ(x, y) = (conj(x)·c_x, conj(y)·c_y).
 *   With w⁶ = ξ, an M-twist (E': y² = x³ + bξ) untwists by (x/w², y/w³), so
 *   c_x = ξ^(−(p−1)/3), c_y = ξ^(−(p−1)/2); a D-twist (E': y² = x³ + b/ξ) the other way, c_x = ξ^((p−1)/3),
 *   c_y = ξ^((p−1)/2). ψ satisfies ψ² − t·ψ + p = 0 and acts on G2 as multiplication by p mod r
 *   (x for BLS12 curves, since r | p − x). Projective: conj on each coordinate, 2M (Fp2) + 3 negations.
 *
 * A curve states its data (eigenvalues, split, subgroup test, with their sources) in an
 * {@linkcode EndomorphismSpec} of its folder: curves/bls12_381/endomorphism.ts (base-|x| digits),
 * curves/bn254/endomorphism.ts (lattice bases). Nothing here names a curve.
 * @module
 */
import { fp2InvBig } from "../../field/tower/frobenius.ts";
import { towerFrobenius } from "../../field/tower/tower.ts";
import type { TowerParams } from "../../field/tower/params.ts";
import { BaseDigits } from "../../scalar/decompose.ts";
import { LatticeDigits } from "../../scalar/lattice.ts";
import type { CoordField, Fp2Value } from "./coord_field.ts";
import type { GroupImpl } from "./group.ts";
import type { Projective } from "./projective.ts";
import { wasmEndoStep } from "./wasm_endo_step.ts";
import { type EndoFormulas, EndoScratch, type EndoSplit, type EndoWindow, mulVartime } from "./scalar_mul.ts";

/** An endomorphism on point slots, acting on the group as multiplication by `eigen` (mod r). */
export interface Endomorphism {
  /** Its eigenvalue on the prime-order group, in [0, r). */
  readonly eigen: bigint;
  /** out ← the image of point slot p (out may be p). Constant-time. */
  apply(out: number, p: number): void;
  /**
   * ψ only: the slot of the compiled tables' constants for the map sign·ψ, [c_x, sign·c_y, (N(c_x),
   * N(c_y))] (wasm_endo_step.ts `psi_tables`), made once per sign.
   */
  tableConstants?(sign: 1 | -1): number;
}

const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;

/** G1's φ(X : Y : Z) = (β·X : Y : Z). */
export class Phi implements Endomorphism {
  readonly eigen: bigint;
  /** β (public). */
  readonly beta: bigint;
  private readonly F: CoordField<bigint>;
  private readonly b: number;

  /** φ with cube root of unity `beta`, on `law`'s slots; `eigen` is its (checked by the caller) eigenvalue. */
  constructor(law: Projective<bigint>, beta: bigint, eigen: bigint) {
    this.F = law.F;
    this.beta = beta;
    this.eigen = eigen;
    this.b = law.F.alloc(1);
    law.F.setVartime(this.b, beta);
  }

  /** out ← φ(p): 1M. */
  apply(out: number, p: number): void {
    const F = this.F;
    F.mul(out, p, this.b);
    F.copy(out + 1, p + 1);
    F.copy(out + 2, p + 2);
  }
}

/** G2's ψ(X : Y : Z) = (conj(X)·c_x : conj(Y)·c_y : conj(Z)). */
export class Psi implements Endomorphism {
  readonly eigen: bigint;
  /** c_x, c_y (public). */
  readonly cx: Fp2Value;
  readonly cy: Fp2Value;
  private readonly F: CoordField<Fp2Value>;
  private readonly c: number;
  private readonly constants = new Map<1 | -1, number>();

  /** ψ of the tower's twist, on `law`'s slots (Fp2 coordinates), eigenvalue p mod r. */
  constructor(law: Projective<Fp2Value>, tower: TowerParams, r: bigint) {
    const { p, twist } = tower;
    // ξ^((p−1)/3) = γ_{1,2} and ξ^((p−1)/2) = γ_{1,3} of the tower's Frobenius table; an M-twist inverts them.
    const g = towerFrobenius(tower).gamma[0];
    this.cx = twist === "M" ? fp2InvBig(p, g[2]) : g[2];
    this.cy = twist === "M" ? fp2InvBig(p, g[3]) : g[3];
    this.eigen = p % r;
    this.F = law.F;
    this.c = law.F.alloc(2);
    law.F.setVartime(this.c, this.cx);
    law.F.setVartime(this.c + 2, this.cy);
  }

  /** See {@linkcode Endomorphism.tableConstants}; N(c) = c0² + c1² (u² = −1), public, in BigInt. */
  tableConstants(sign: 1 | -1): number {
    const known = this.constants.get(sign);
    if (known !== undefined) return known;
    const p = this.F.kernel.p, F = this.F, at = F.alloc(3);
    const norm = (c: Fp2Value) => (c.c0 * c.c0 + c.c1 * c.c1) % p;
    const cy = sign === 1 ? this.cy : { c0: (p - this.cy.c0) % p, c1: (p - this.cy.c1) % p };
    F.setVartime(at, this.cx);
    F.setVartime(at + 2, cy);
    F.setVartime(at + 4, { c0: norm(this.cx), c1: norm(this.cy) }); // two Fp values in one element's slots
    this.constants.set(sign, at);
    return at;
  }

  /** out ← ψ(p): 2M (Fp2) + 3 Fp negations. */
  apply(out: number, p: number): void {
    const F = this.F, k = F.kernel;
    for (let i = 0; i < 6; i += 2) { // conj on X, Y, Z: (c0, c1) ↦ (c0, −c1)
      k.copy(out + i, p + i);
      k.neg(out + i + 1, p + i + 1);
    }
    F.mul(out, out, this.c);
    F.mul(out + 2, out + 2, this.c + 2);
  }
}

/**
 * What a curve tells a group about its endomorphism (public data, in the curve's folder): how to build
 * the map on the group's slots, how a scalar splits for GLV/GLS multiplication, and the subgroup test
 * the map gives, if any.
 */
export interface EndomorphismSpec<V> {
  /** Builds the map on `g`'s slots (φ: {@linkcode phi}, ψ: {@linkcode psi}). */
  build(g: GroupImpl<V>): Endomorphism;
  /**
   * The split of a scalar: base-B digits k = Σ dᵢ·Bⁱ (`digits` of them) where the map acts as ±B, or
   * signed sub-scalars by Babai rounding against a short `lattice` basis of the map's eigenvalue.
   */
  readonly split: { readonly base: bigint; readonly digits: number } | {
    readonly lattice: readonly bigint[][];
  };
  /**
   * The subgroup test, proved by the curve's source; omitted: the group multiplies by r (or, with
   * cofactor 1, every curve point is in it). Either e(P) = sign·k^n·P (n = 2: k·(k·P), two short
   * chains), or a relation in one short seed s: Σᵢ eⁱ([aᵢ + bᵢ·s]·P) = O with `relation[i]` = [aᵢ, bᵢ]
   * small (one multiplication by s, then a few maps and additions).
   */
  readonly subgroup?: SubgroupSpec;
  /**
   * The signed window of the multiplication loop (4 if omitted): 2^(w−1) entries per table, ⌈(bits +
   * 1)/w⌉ positions. A public per-group choice, measured (bench/endo_ratio.ts); the module plan compiles
   * the step of the same window.
   */
  readonly window?: EndoWindow;
  /**
   * The formulas of the wasm loop over its affine tables ("jacobian" if omitted; scalar_mul.ts
   * EndoFormulas). A public per-group choice, measured (bench/endo_ratio.ts); the module plan compiles
   * the step of the same formulas. The TypeScript backend runs the complete projective loop.
   */
  readonly formulas?: EndoFormulas;
}

/** The two forms of {@linkcode EndomorphismSpec}'s subgroup test. */
export type SubgroupSpec =
  | { readonly k: bigint; readonly n: 1 | 2; readonly sign: 1 | -1 }
  | { readonly seed: bigint; readonly relation: readonly (readonly [bigint, bigint])[] };

/**
 * A spec's loop, as the group runs it and the module plan compiles it (wasm_endo_step.ts
 * `endoStepLayer`): its window (4 if omitted) and its wasm formulas (Jacobian if omitted).
 */
export const endoLoop = (
  spec: { readonly window?: EndoWindow; readonly formulas?: EndoFormulas },
): { window: EndoWindow; formulas: EndoFormulas } => ({
  window: spec.window ?? 4,
  formulas: spec.formulas ?? "jacobian",
});

/**
 * φ with cube root of unity `beta` and eigenvalue `eigen`, for a G1 spec: both are the curve's
 * constants (its endomorphism file; tests/curves/group/glv_endomorphism.test.ts checks φ(P) = eigen·P).
 */
export const phi = (beta: bigint, eigen: bigint) => (g: GroupImpl<bigint>): Endomorphism =>
  new Phi(g.law, beta, eigen);

/** ψ of `tower`'s twist (eigenvalue p mod r), for a G2 spec. */
export const psi = (tower: TowerParams) => (g: GroupImpl<Fp2Value>): Endomorphism =>
  new Psi(g.law, tower, g.r);

/** The GLV/GLS multiplication scratch of `g` for its endomorphism `spec` (built once, by the group). */
export function endoScratch<V>(g: GroupImpl<V>, spec: EndomorphismSpec<V>): EndoScratch<V> {
  const e = spec.build(g), split = spec.split;
  // Affine tables and mixed additions where the formulas are compiled (wasm), with the spec's formulas:
  // Jacobian, measured faster there than the complete projective loop on BLS12-381 G1 (about 9%) and
  // on BN254, or projective (BLS12-381 G2: its spec says why). On the TypeScript backend the
  // constant-time inversion they need costs more than it saves on G1 and about breaks even on G2, so
  // the complete projective loop stays (bench/endo_ratio.ts).
  const compiled = g.jacobianExports;
  const s = "base" in split ? splitOf(g, e, split.base, split.digits) : latticeSplit(e, split.lattice, g.r);
  const { window, formulas } = endoLoop(spec);
  const step = compiled === null ? null : wasmEndoStep(g.F.kernel, g.name, s.digits.count, window, formulas);
  const psiTables = step?.psiTables ?? null;
  const tables = psiTables !== null && e.tableConstants !== undefined
    ? { fill: psiTables, constants: e.tableConstants(s.sign) }
    : null;
  return new EndoScratch(g.law, s, compiled === null ? null : { compiled, formulas, step, tables }, window);
}

/** B·P as ±e(P), for an endomorphism e with eigenvalue ≡ ±B (mod r). */
export function splitOf<V>(g: GroupImpl<V>, e: Endomorphism, B: bigint, m: number): EndoSplit {
  const r = g.r, law = g.law;
  const sign = e.eigen === B % r ? 1 : e.eigen === mod(-B, r) ? -1 : 0;
  if (sign === 0) throw new Error(`${g.name}: eigenvalue is not ±B`);
  return {
    digits: new BaseDigits(B, m, r),
    sign,
    mulByBase: sign === 1 ? (out, p) => e.apply(out, p) : (out, p) => {
      e.apply(out, p);
      law.neg(out, out);
    },
  };
}

/** λ·P as e(P) with signed sub-scalars along `basis` (a basis of the lattice of e's eigenvalue λ). */
export function latticeSplit(e: Endomorphism, basis: readonly bigint[][], r: bigint): EndoSplit {
  return {
    digits: new LatticeDigits(basis.map((row) => [...row]), e.eigen, r),
    sign: 1,
    mulByBase: (out, p) => e.apply(out, p),
  };
}

/** Whether point slot p (on the curve) lies in the prime-order subgroup. Variable-time: public points. */
export type SubgroupTest = (p: number) => boolean;

/**
 * The subgroup test of `g` (built once, by the group): true for every curve point when the cofactor
 * is 1; else by the endomorphism when `spec` states one: one φ/ψ and a ≤ 128-bit variable-time
 * multiplication instead of a 255-bit one (the identities are the curves', cited in their folders;
 * tests/curves/group/subgroup.test.ts checks them against r·P = O inside and outside the subgroup); else null
 * (the caller multiplies by r).
 */
export function subgroupTest<V>(g: GroupImpl<V>, spec: EndomorphismSpec<V> | undefined): SubgroupTest | null {
  if (g.h === 1n) return () => true;
  const test = spec?.subgroup;
  if (spec === undefined || test === undefined) return null;
  if ("relation" in test) return relationTest(g, spec.build(g), test.seed, test.relation);
  const law = g.law, endo = spec.build(g), { k, n, sign } = test, jac = g.jacobian;
  const t = law.alloc(3), e = t + 3 * law.n, tmp = t + 6 * law.n;
  return (p) => {
    endo.apply(e, p);
    mulVartime(law, t, p, k, tmp, jac);
    if (n === 2) mulVartime(law, t, t, k, tmp, jac);
    if (sign === -1) law.neg(t, t);
    const ok = law.eq(t, e) === 1;
    law.F.wipe(t, 9);
    return ok;
  };
}

/**
 * The relation form of the subgroup test: m = [s]·P, then Σᵢ eⁱ(Tᵢ) with Tᵢ = [aᵢ]·P + [bᵢ]·m, by
 * Horner's rule in e (acc ← e(acc) + Tᵢ from the last i down), is O. Variable-time: public points.
 */
function relationTest<V>(
  g: GroupImpl<V>,
  endo: Endomorphism,
  seed: bigint,
  relation: readonly (readonly [bigint, bigint])[],
): SubgroupTest {
  const law = g.law, jac = g.jacobian, size = 3 * law.n;
  const m = law.alloc(5), acc = m + size, term = acc + size, part = term + size, tmp = part + size;
  /** out ← c·q for a small public c of any sign. */
  const times = (out: number, q: number, c: bigint) => {
    mulVartime(law, out, q, c < 0n ? -c : c, tmp, jac);
    if (c < 0n) law.neg(out, out);
  };
  return (p) => {
    times(m, p, seed);
    law.setZero(acc);
    for (let i = relation.length - 1; i >= 0; i--) {
      endo.apply(acc, acc);
      const [a, b] = relation[i];
      times(term, p, a);
      times(part, m, b);
      law.add(term, term, part);
      law.add(acc, acc, term);
    }
    const ok = law.isZero(acc) === 1;
    law.F.wipe(m, 15);
    return ok;
  };
}
