// Constant-time proofs for the tower (see tests/ct/README.md): the bytecode rule of every wasm
// function the tower compiles into the base field's module (straight-line: no branch, no select),
// and control-flow proofs of the secret-handling operations on both backends, for both curves.

// The registry must be imported before any library module (it starts V8 block coverage).
import { ctFlow, ctWasm, secretsForModulus } from "../../ct/registry.ts";
import {
  buildFieldModule,
  FP2_FUNCTIONS,
  fp2IO64,
  type Tower,
  tower,
  TOWER_FUNCTIONS,
  towerFrobenius,
  type TowerName,
  TOWERS,
  wasmTowerPlan,
} from "../../internal.ts";
import { encodeInteger } from "../../ct/secrets.ts";
import { RefTower } from "./reference.ts";

const CURVES: readonly TowerName[] = ["bls12-381", "bn254"];

for (const name of CURVES) {
  // The default lanes (w-bit, wasm_fp2_lanes.ts) and the u32 lanes (fp2Radix null, the fallback).
  for (const fp2Radix of [undefined, null]) {
    const label = fp2Radix === null ? " (u32 lanes)" : "";
    ctWasm(`tower functions of ${TOWERS[name].fp}${label}`, () => {
      const plan = wasmTowerPlan(TOWERS[name], towerFrobenius(TOWERS[name]));
      return buildFieldModule(TOWERS[name].p, { extras: [plan.emitter], fp2Radix }).bytes;
    }, { straightLine: [...FP2_FUNCTIONS, ...TOWER_FUNCTIONS] });
  }
}

/** Fp2 secrets (ZCash encoding c1‖c0): pairs of the field's canonical secrets. */
function fp2Secrets(p: bigint, n: number): Uint8Array[] {
  const s = secretsForModulus(p, n, { random: 2 });
  return s.map((c0, i) => new Uint8Array([...s[(3 * i + 1) % s.length], ...c0]));
}

/** Squares and non-squares of Fp2 (x² and ξ·x², ξ a non-square), at least four of each. */
function fp2SquaresAndNot(name: TowerName, n: number): Uint8Array[] {
  const ref = new RefTower(name);
  const enc = (a: [bigint, bigint]) => new Uint8Array([...encodeInteger(a[1], n), ...encodeInteger(a[0], n)]);
  const xs = fp2Secrets(ref.p, n).slice(0, 6).map((b) => {
    const v = (o: number) => b.subarray(o, o + n).reduce((x, y) => (x << 8n) | BigInt(y), 0n);
    return [v(n), v(0)] as [bigint, bigint];
  });
  return xs.flatMap((x) => {
    const sq = ref.mul2(x, x);
    return [enc(sq), enc(ref.mul2(sq, ref.xi))];
  });
}

interface Ctx {
  t: Tower;
  n: number;
  a: number;
  b: number;
  o: number;
  f: number;
  g: number;
  h: number;
}

/** Loads a secret Fp2 into a, and b ← ξ·a + ā (a second secret-dependent operand). f, g: see load12. */
function load(c: Ctx, s: Uint8Array): void {
  c.t.fp2.fromBytes(c.a, s);
  c.t.fp2.mulByXi(c.b, c.a);
  c.t.fp2.conj(c.o, c.a);
  c.t.fp2.add(c.b, c.b, c.o);
}
/** load, then fills the Fp12 elements f, g with secret-dependent coefficients. */
function load12(c: Ctx, s: Uint8Array): void {
  load(c, s);
  for (let i = 0; i < 12; i += 2) {
    c.t.fp2.mul(c.f + i, c.a, c.b);
    c.t.fp2.add(c.a, c.a, c.b);
    c.t.fp2.sqr(c.g + i, c.a);
  }
}

type Run = (c: Ctx, s: Uint8Array) => unknown;
const OPS: readonly [string, Run, "fp2" | "squares"][] = [
  ["fp2 mul, sqr, add, sub, mulByXi, conj", (c, s) => {
    load(c, s);
    const F = c.t.fp2;
    F.mul(c.o, c.a, c.b), F.sqr(c.o, c.o), F.add(c.o, c.o, c.a), F.sub(c.o, c.o, c.b);
    F.mulByXi(c.o, c.o), F.conj(c.o, c.o);
  }, "fp2"],
  ["fp2 inv", (c, s) => (load(c, s), c.t.fp2.inv(c.o, c.a)), "fp2"],
  ["fp2 cmov, cswap, eq, isZero (secret flag)", (c, s) => {
    load(c, s);
    const flag = s[s.length - 1] & 1;
    c.t.fp2.cmov(c.o, c.a, flag), c.t.fp2.cswap(c.a, c.b, flag);
    return c.t.fp2.eq(c.a, c.b) + c.t.fp2.isZero(c.a);
  }, "fp2"],
  ["fp2 toBytes, EIP-2537 write", (c, s) => {
    load(c, s);
    c.t.fp2.toBytes(c.a), fp2IO64(c.t.fp2).write(c.a, new Uint8Array(128), 0);
  }, "fp2"],
  ["fp2 sqrt, isSquare (squares and non-squares)", (c, s) => {
    load(c, s);
    return c.t.fp2.sqrt(c.o, c.a) + c.t.fp2.isSquare(c.a);
  }, "squares"],
  ["fp12 mul, sqr, cyclotomicSqr, conj, frobenius 1/2/3", (c, s) => {
    load12(c, s);
    const F = c.t.fp12;
    F.mul(c.h, c.f, c.g), F.sqr(c.h, c.h), F.cyclotomicSqr(c.h, c.h), F.conj(c.h, c.h);
    F.frobenius(c.h, c.h, 1), F.frobenius(c.h, c.h, 2), F.frobenius(c.h, c.h, 3);
  }, "fp2"],
  ["fp12 mul014, mul034", (c, s) => {
    load12(c, s);
    c.t.fp12.mul014(c.h, c.f, c.a, c.b, c.o), c.t.fp12.mul034(c.h, c.h, c.a, c.b, c.o);
  }, "fp2"],
  ["fp12 inv, fp6 inv", (c, s) => (load12(c, s), c.t.fp12.inv(c.h, c.f), c.t.fp6.inv(c.h, c.g)), "fp2"],
];

for (const name of CURVES) {
  for (const backend of ["wasm", "ts"] as const) {
    let ctx: Ctx | null = null;
    const get = (): Ctx => {
      if (ctx === null) {
        const t = tower(TOWERS[name], backend);
        ctx = {
          t,
          n: t.fp2.fpBytes,
          a: t.fp2.alloc(),
          b: t.fp2.alloc(),
          o: t.fp2.alloc(),
          f: t.fp12.alloc(),
          g: t.fp12.alloc(),
          h: t.fp12.alloc(),
        };
      }
      return ctx;
    };
    const n = Math.ceil(TOWERS[name].p.toString(2).length / 8);
    for (const [op, run, kind] of OPS) {
      ctFlow(
        `${name} ${backend} ${op}`,
        (s: Uint8Array) => run(get(), s),
        () => (kind === "squares" ? fp2SquaresAndNot(name, n) : fp2Secrets(TOWERS[name].p, n)),
      );
    }
  }
}
