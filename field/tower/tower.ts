/**
 * Assembles Fp2 → Fp6 → Fp12 over a given base-field kernel. One tower per kernel (cached), since
 * the tower reserves its scratch and constants in the kernel's arena.
 * @module
 */
import type { FieldKernel } from "../kernel.ts";
import { Fp2 } from "./fp2.ts";
import { Fp6 } from "./fp6.ts";
import { Fp12 } from "./fp12.ts";
import { type FrobeniusTable, frobeniusTable } from "./frobenius.ts";
import type { TowerParams } from "./params.ts";
import { lazyState } from "../lazy_state.ts";

/** The extension fields of one curve over one base-field kernel. */
export interface Tower {
  /** The curve's tower parameters (p, ξ, twist type). */
  readonly params: TowerParams;
  /** The base field. */
  readonly fp: FieldKernel;
  /** Fp2 = Fp[u]/(u² + 1). */
  readonly fp2: Fp2;
  /** Fp6 = Fp2[v]/(v³ − ξ). */
  readonly fp6: Fp6;
  /** Fp12 = Fp6[w]/(w² − v). */
  readonly fp12: Fp12;
  /** γ_{k,j} = ξ^(j·(p^k − 1)/6) as integers (k = 1, 2, 3; j = 0…5). */
  readonly frobenius: FrobeniusTable;
  /** Zeroes the scratch of all three layers (call after a secret computation). */
  wipeScratch(): void;
}

/** The Frobenius table of a tower, derived on first use (public values). */
export const towerFrobenius: (params: TowerParams) => FrobeniusTable = lazyState((params: TowerParams) =>
  frobeniusTable(params.p, params.xi, params.gamma11)
);

/** How to build each layer: the generic composition (default), or accelerated classes (wasm). */
export interface TowerFactories {
  fp2(fp: FieldKernel, params: TowerParams): Fp2;
  fp6(fp2: Fp2, table: FrobeniusTable): Fp6;
  fp12(fp6: Fp6, table: FrobeniusTable): Fp12;
}

/** The generic composition over any kernel. */
export const COMPOSED: TowerFactories = Object.freeze({
  fp2: (fp: FieldKernel, params: TowerParams) => new Fp2(fp, params),
  fp6: (fp2: Fp2, table: FrobeniusTable) => new Fp6(fp2, table),
  fp12: (fp6: Fp6, table: FrobeniusTable) => new Fp12(fp6, table),
});

/** The towers built over each kernel, by their parameters. */
const towers = lazyState((_: FieldKernel) => new Map<TowerParams, Tower>());

/**
 * The tower of `params` over the base-field kernel `fp` (whose modulus must be the tower's p), built on
 * first use and cached per kernel. `make` chooses the layers' implementations (default: composition).
 */
export function createTower(fp: FieldKernel, params: TowerParams, make: TowerFactories = COMPOSED): Tower {
  const byName = towers(fp);
  const cached = byName.get(params);
  if (cached !== undefined) return cached;
  if (fp.p !== params.p) throw new Error(`tower ${params.name}: kernel ${fp.name} has another modulus`);
  const table = towerFrobenius(params);
  const fp2 = make.fp2(fp, params);
  const fp6 = make.fp6(fp2, table);
  const fp12 = make.fp12(fp6, table);
  const tower: Tower = Object.freeze({
    params,
    fp,
    fp2,
    fp6,
    fp12,
    frobenius: table,
    wipeScratch() {
      fp2.wipeScratch();
      fp6.wipeScratch();
      fp12.wipeScratch();
    },
  });
  byName.set(params, tower);
  return tower;
}
