/**
 * What the call-level analysis runs on: the Fp modules of BLS12-381 and BN254 as the library builds them
 * (`wasmFieldModuleBytes` with the curve's plan, and with the tower's own plan: with and without SIMD,
 * each in the `reduced` shape the loader picks by default, with its 30-bit limbs at rest, and in the
 * `u32` shape, words at rest, where it is forced or p does not fit 30-bit limbs), and the composite
 * functions in them with their parameters: which are operands (input, output, both, scratch), how many
 * base elements each spans, and which outputs may alias an input. Each module's layout (limb width,
 * limbs, stride) is read from the module itself (its `limbBits()` export, checked against p at slot P).
 * Stated bounds (the modules' docs): every input coordinate < p; every output coordinate < p.
 * @module
 */
import {
  BLS12_381_FP_PLAN,
  BN254_FP_PLAN,
  FIELDS,
  JAC_SCRATCH,
  modulePlan,
  montConstants,
  SLOT,
  STEP_SCRATCH,
  SUM_LEVEL_SCRATCH,
  TOWER_FUNCTIONS,
  towerLayers,
  TOWERS,
  wasmFieldModuleBytes,
} from "../internal.ts";
import { decodeModule, exportedFunction, type WasmFunction, type WasmModule } from "../ct/wasm_decode.ts";
import { fieldContracts } from "./contracts.ts";
import type { ModuleFacts, Region } from "./calls_analysis.ts";

/** A parameter of a composite function. */
export interface ParamSpec {
  readonly role: "in" | "out" | "inout" | "scratch";
  /** Base elements (slots) the operand spans. */
  readonly elements: number;
}
/** A composite function and its operands. */
export interface FunctionSpec {
  /** Export name. */
  readonly name: string;
  readonly params: readonly ParamSpec[];
  /** Output parameter → input parameter it may alias (a second run with the same address). */
  readonly aliases: readonly (readonly [number, number])[];
}
/** A module variant. */
export interface ModuleTarget {
  /** e.g. "bls12-381 simd u32", "bn254 tower plan no-simd reduced". */
  readonly label: string;
  readonly facts: ModuleFacts;
  readonly functions: readonly FunctionSpec[];
  /** Bulk-sum levels (loops: the flow-insensitive proof). */
  readonly sums: readonly string[];
  /** Fixed memory the functions may also use (X25519's temporaries). */
  readonly fixedRegions?: readonly Region[];
}

const io = (role: ParamSpec["role"], elements: number): ParamSpec => ({ role, elements });

/** The constant an exported `() → i32` function returns (its body: `i32.const c; end`). */
function constantExport(mod: WasmModule, name: string): number {
  const f: WasmFunction = mod.functions[exportedFunction(mod, name) - mod.imports.length];
  const [c, end] = f.body;
  if (f.body.length !== 2 || c.name !== "i32.const" || end.name !== "end") {
    throw new Error(`${name}: not a constant`);
  }
  return c.imm[0] as number;
}

/**
 * The layout at rest the module states (`limbBits()`: 32 words, else the limbs' width), as montgomery.ts
 * derives it; checked against the module's data: p's limbs in that layout at slot P (address P·stride).
 */
function moduleLayout(mod: WasmModule, p: bigint) {
  const c = montConstants(p, constantExport(mod, "limbBits"));
  const at = SLOT.P * c.stride;
  const seg = mod.data.find((d) => d.offset <= at && at + c.stride <= d.offset + d.bytes.length);
  const view = seg && new DataView(seg.bytes.buffer, seg.bytes.byteOffset + at - seg.offset, c.stride);
  if (view === undefined || c.pLimbs.some((limb, j) => view.getUint32(4 * j, true) !== limb)) {
    throw new Error(`the module's data does not hold p as ${c.n} limbs of ${c.limbBits} bits at slot P`);
  }
  return c;
}

/** The Fp6/Fp12 functions of wasm_tower.ts, with the scratch size the module states. */
function towerFunctions(mod: WasmModule): FunctionSpec[] {
  const s = io("scratch", constantExport(mod, "fp12_scratchSlots"));
  const spec: Record<typeof TOWER_FUNCTIONS[number], ParamSpec[]> = {
    fp6_mul: [io("out", 6), io("in", 6), io("in", 6), s],
    fp6_sqr: [io("out", 6), io("in", 6), s],
    fp6_add: [io("out", 6), io("in", 6), io("in", 6), s],
    fp6_sub: [io("out", 6), io("in", 6), io("in", 6), s],
    fp12_mul: [io("out", 12), io("in", 12), io("in", 12), s],
    fp12_sqr: [io("out", 12), io("in", 12), s],
    fp12_cyclotomicSqr: [io("out", 12), io("in", 12), s],
    fp12_cyclotomicSqrCompressed: [io("inout", 12), io("in", 12), s], // c0.c0, c1.c1 left as they are
    fp12_decompressTerms: [io("out", 4), io("in", 12), s],
    fp12_mul014: [io("out", 12), io("in", 12), io("in", 2), io("in", 2), io("in", 2), s],
    fp12_mul034: [io("out", 12), io("in", 12), io("in", 2), io("in", 2), io("in", 2), s],
    fp12_add: [io("out", 12), io("in", 12), io("in", 12), s],
    fp12_sub: [io("out", 12), io("in", 12), io("in", 12), s],
    fp12_conj: [io("out", 12), io("in", 12), s],
  };
  // decompressTerms: dst must not overlap c
  return TOWER_FUNCTIONS.map((name) => ({
    name,
    params: spec[name],
    aliases: name === "fp12_decompressTerms" ? [] : [[0, 1]],
  }));
}

/** The point formulas of wasm_point.ts for coordinates of `z` base slots. */
function pointFunctions(group: string, z: number): FunctionSpec[] {
  const pt = 3 * z;
  const g = `${group}.`;
  return [
    {
      name: `${g}point_add`,
      params: [io("out", pt), io("in", pt), io("in", pt), io("scratch", 8 * z), io("in", z)],
      aliases: [[0, 1], [0, 2]],
    },
    {
      name: `${g}point_madd`,
      params: [io("out", pt), io("in", pt), io("in", pt), io("scratch", 8 * z), io("in", z)],
      aliases: [[0, 1], [0, 2]],
    },
    {
      name: `${g}point_dbl`,
      params: [io("out", pt), io("in", pt), io("scratch", 8 * z), io("in", z)],
      aliases: [[0, 1]],
    },
    {
      name: `${g}jac_add`,
      params: [io("out", pt), io("in", pt), io("in", pt), io("scratch", JAC_SCRATCH * z)],
      aliases: [[0, 1], [0, 2]],
    },
    {
      name: `${g}jac_madd`,
      params: [io("out", pt), io("in", pt), io("in", pt), io("scratch", JAC_SCRATCH * z)],
      aliases: [[0, 1], [0, 2]],
    },
    {
      name: `${g}jac_dbl`,
      params: [io("out", pt), io("in", pt), io("scratch", JAC_SCRATCH * z)],
      aliases: [[0, 1]],
    },
  ];
}

/** The Miller steps of wasm_miller.ts: T (inout), the line (out), p (G1 affine), q (E' affine), s, 3b'. */
function millerFunctions(curve: string): FunctionSpec[] {
  const s = io("scratch", 2 * STEP_SCRATCH);
  return [
    {
      name: `${curve}.miller_dbl`,
      params: [io("inout", 6), io("out", 6), io("in", 2), s, io("in", 2)],
      aliases: [],
    },
    {
      name: `${curve}.miller_add`,
      params: [io("inout", 6), io("out", 6), io("in", 4), io("in", 2), s],
      aliases: [],
    },
  ];
}

/** Elements of scratch at T of a sum level (re-exported for the test's region). */
export const SUM_SCRATCH = SUM_LEVEL_SCRATCH;

/** The module variants the loader may pick, for both curves. */
export function moduleTargets(): ModuleTarget[] {
  return cached ??= buildTargets();
}
let cached: ModuleTarget[] | undefined;

/** The module bytes of a variant (for the differential checks that run the real code). */
export function variantBytes(
  curve: "bls12-381" | "bn254",
  simd: boolean,
  shape: "u32" | "reduced",
): Uint8Array<ArrayBuffer> {
  const [field, plan] = curve === "bls12-381"
    ? [FIELDS["bls12-381-fp"], BLS12_381_FP_PLAN]
    : [FIELDS["bn254-fp"], BN254_FP_PLAN];
  return wasmFieldModuleBytes(field, plan, simd, shape);
}

function buildTargets(): ModuleTarget[] {
  // Each curve's plan, and the tower's own plan (a tower used without its curve: field/tower/mod.ts).
  const towerOnly = (name: "bls12-381" | "bn254") =>
    modulePlan(`${name} tower`, (simd) => towerLayers(TOWERS[name], simd));
  const curves = [
    { curve: "bls12-381", field: FIELDS["bls12-381-fp"], plan: BLS12_381_FP_PLAN, tag: "" },
    { curve: "bn254", field: FIELDS["bn254-fp"], plan: BN254_FP_PLAN, tag: "" },
    { curve: "bls12-381", field: FIELDS["bls12-381-fp"], plan: towerOnly("bls12-381"), tag: " tower plan" },
    { curve: "bn254", field: FIELDS["bn254-fp"], plan: towerOnly("bn254"), tag: " tower plan" },
  ];
  // The shapes the loader may pick (field/wasm/shape.ts, kernel.ts): `reduced` by default, with SIMD
  // (mul "reduced-simd") and without (mul "reduced"), limbs at rest; `u32` (words at rest: "simd",
  // without SIMD "fips") where forced or where p does not fit 30-bit limbs.
  const variants = [
    ["simd u32", true, "u32"],
    ["simd reduced", true, "reduced"],
    ["no-simd u32", false, "u32"],
    ["no-simd reduced", false, "reduced"],
  ] as const;
  const out: ModuleTarget[] = [];
  for (const { curve, field, plan, tag } of curves) {
    for (const [variant, simd, shape] of variants) {
      const mod = decodeModule(wasmFieldModuleBytes(field, plan, simd, shape));
      const c = moduleLayout(mod, field.p);
      const has = (name: string) => mod.exports.has(name);
      const functions: FunctionSpec[] = [];
      if (has("fp12_mul")) functions.push(...towerFunctions(mod));
      for (const [g, z] of [["G1", 1], ["G2", 2]] as const) {
        if (has(`${curve} ${g}.point_add`)) functions.push(...pointFunctions(`${curve} ${g}`, z));
      }
      if (has(`${curve}.miller_dbl`)) functions.push(...millerFunctions(curve));
      const sums = ["G1", "G2"].flatMap((g) =>
        ["sum_level_vartime", "normalise_vartime", "sum_affine_vartime"].map((x) => `${curve} ${g}.${x}`)
      ).filter(has);
      out.push({
        label: `${curve}${tag} ${variant}`,
        facts: {
          mod,
          unit: c.p,
          limbs: c.n,
          stride: c.stride,
          limbBits: c.limbBits,
          contracts: fieldContracts(c.p, c.limbBits),
          show: (u) => showBound(u, c.p),
        },
        functions,
        sums,
      });
    }
  }
  return out;
}

/** "< k·p" for an exclusive bound (k rounded up to two decimals when not an integer). */
export function showBound(u: bigint | undefined, p: bigint): string {
  if (u === undefined) return "unwritten";
  if (u % p === 0n) return u === p ? "< p" : `< ${u / p}p`;
  return `< ${(Number((u * 100n + p - 1n) / p) / 100).toFixed(2)}p`;
}
