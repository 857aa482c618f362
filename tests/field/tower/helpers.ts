/** Shared setup of the tower tests: one tower per (curve, backend), plus the BigInt reference. */
import {
  COMPOSED,
  createTower,
  createWasmFieldKernel,
  type Fp2Value,
  type Tower,
  tower,
  type TowerName,
  TOWERS,
  WasmFp2,
} from "../../internal.ts";
import { referenceKernel } from "./reference_kernel.ts";
import { type F12, type F2, RefTower, Rng, towerToW, wToTower } from "./reference.ts";

export const CURVES: readonly TowerName[] = ["bls12-381", "bn254"];

export interface Case {
  label: string;
  tower: Tower;
  ref: RefTower;
}

/**
 * Every configuration, per curve: the composition over the BigInt reference kernel, the TypeScript
 * backend, the wasm backend (tower compiled into the kernel's module), and the composition over a
 * separate wasm kernel (the fallback used where the tower cannot be compiled).
 */
export function cases(): Case[] {
  const out: Case[] = [];
  for (const name of CURVES) {
    const { p, fp } = TOWERS[name];
    const ref = new RefTower(name);
    const wasm = tower(TOWERS[name], "wasm");
    if (!(wasm.fp2 instanceof WasmFp2)) throw new Error("the wasm tower did not compile its functions");
    out.push(
      {
        label: `${name}/reference`,
        tower: createTower(referenceKernel(p, `${fp.name}-reference`), TOWERS[name]),
        ref,
      },
      { label: `${name}/ts`, tower: tower(TOWERS[name], "ts"), ref },
      { label: `${name}/wasm`, tower: wasm, ref },
      {
        label: `${name}/wasm-composed`,
        tower: createTower(createWasmFieldKernel(fp), TOWERS[name], COMPOSED),
        ref,
      },
    );
  }
  return out;
}

/** Slot ↔ reference conversions. */
export function put2(t: Tower, slot: number, a: F2): number {
  t.fp2.setBigintVartime(slot, toValue(a));
  return slot;
}
export function get2(t: Tower, slot: number): F2 {
  return fromValue(t.fp2.toBigintVartime(slot));
}
/** The reference's pair ↔ the library's { c0, c1 }. */
const toValue = ([c0, c1]: F2): Fp2Value => ({ c0, c1 });
const fromValue = ({ c0, c1 }: Fp2Value): F2 => [c0, c1];
/** Writes a reference Fp12 (powers of w) into slot in tower order. */
export function put12(t: Tower, slot: number, a: F12): number {
  t.fp12.setBigintVartime(slot, wToTower(a).map(toValue));
  return slot;
}
export function get12(t: Tower, slot: number): F12 {
  return towerToW(t.fp12.toBigintVartime(slot).map(fromValue));
}
/** Reference Fp6 (three Fp2 coefficients of 1, v, v²). */
export function put6(t: Tower, slot: number, a: F2[]): number {
  t.fp6.setBigintVartime(slot, a.map(toValue));
  return slot;
}
export function get6(t: Tower, slot: number): F2[] {
  return t.fp6.toBigintVartime(slot).map(fromValue);
}

export { Rng };
