/**
 * What each compiled point formula of a curve's base-field module costs inside wasm (not a test; the
 * numbers behind the endomorphism loop's choice of formulas, EndomorphismSpec.formulas): ns per
 * iteration of a counted loop that calls the formula on a dependency chain (out ← f(out, …)), for G1
 * and G2 of each curve, beside the coordinate field's product, squaring and addition (and over Fp `mul2`,
 * a·b + c·d with one reduction, where the module has it). The module is the curve's
 * own plan (the layers the library compiles) with the multiplication shape the loader picks for this
 * engine, plus the loops; the rows are alternated over ROUNDS rounds and the best of each is printed.
 *
 *   deno run --allow-read --allow-env bench/field/point_formulas.ts [curves, default bls12-381,bn254]
 *
 * On Node and Bun, bundled as bench/field/wasm_variants.ts says.
 */

import { FIELD_PLANS, FIELDS } from "../../curves/registry.ts";
import { coordinateCalls } from "../../curves/group/wasm_point.ts";
import { buildFieldModule, type FieldModuleContext } from "../../field/wasm/module.ts";
import { inverseLayer } from "../../field/wasm/inverse.ts";
import { sqr4Layer } from "../../field/wasm/emit_sqr4.ts";
import { fieldMulShape, REDUCED_RADIX } from "../../field/wasm/shape.ts";
import type { FieldName } from "../../field/params.ts";
import { FunctionBuilder, I32, Op } from "../../wasm/emitter.ts";
import { randomBelow } from "../case.ts";
import { scriptArgs } from "./args.ts";

const LOOP = 5000, ROUNDS = 15;

const FIELD_OF = { "bls12-381": "bls12-381-fp", "bn254": "bn254-fp" } as const;

for (const curve of (scriptArgs()[0] ?? "bls12-381,bn254").split(",") as (keyof typeof FIELD_OF)[]) {
  const field: FieldName = FIELD_OF[curve], p = FIELDS[field].p;
  const rows: string[] = [];
  /** The loops: each calls one function with (out, a, b, t, b3) = parameters 1…5, out on the chain. */
  const loops = (ctx: FieldModuleContext) => {
    const m = ctx.module, x = (name: string) => m.exportedIndex(name);
    for (const [g, size] of [["G1", 1], ["G2", 2]] as const) {
      const calls = coordinateCalls(ctx, size, null); // the field's product and squaring (3b unused here)
      const group = `${curve} ${g}`;
      if (x(`${group}.point_add`) < 0) continue; // G2 needs SIMD
      const bodies: Record<string, (f: FunctionBuilder) => void> = {
        mul: (f) => f.localGet(1).localGet(2).localGet(1).call(calls.mul),
        sqr: (f) => f.localGet(1).localGet(1).call(calls.sqr),
        add: (f) => f.localGet(1).localGet(1).localGet(2).call(calls.add),
        ...(size === 1 && calls.mul2() >= 0
          ? {
            mul2: (f: FunctionBuilder) =>
              f.localGet(1).localGet(1).localGet(2).localGet(2).localGet(1).call(calls.mul2()),
          }
          : {}),
        point_add: (f) =>
          f.localGet(1).localGet(1).localGet(2).localGet(4).localGet(5).call(x(`${group}.point_add`)),
        point_madd: (f) =>
          f.localGet(1).localGet(1).localGet(2).localGet(4).localGet(5).call(x(`${group}.point_madd`)),
        point_dbl: (f) => f.localGet(1).localGet(1).localGet(4).localGet(5).call(x(`${group}.point_dbl`)),
        jac_add: (f) => f.localGet(1).localGet(1).localGet(2).localGet(4).call(x(`${group}.jac_add`)),
        jac_madd: (f) => f.localGet(1).localGet(1).localGet(2).localGet(4).call(x(`${group}.jac_madd`)),
        jac_dbl: (f) => f.localGet(1).localGet(1).localGet(4).call(x(`${group}.jac_dbl`)),
      };
      for (const [name, body] of Object.entries(bodies)) {
        const f = new FunctionBuilder([I32, I32, I32, I32, I32, I32]);
        f.begin(Op.loop);
        body(f);
        f.localGet(0).i32Const(1).op(Op.i32Sub).localTee(0).brIf(0);
        f.end();
        m.addFunction(`${g} ${name}`, f);
        rows.push(`${g} ${name}`);
      }
    }
  };
  const shape = fieldMulShape(p);
  const mul = shape === "wide"
    ? { mul: "wide" as const }
    : shape === "reduced"
    ? { mul: "reduced-simd" as const, radix: REDUCED_RADIX }
    : { mul: "simd" as const };
  const extras = [inverseLayer(p), sqr4Layer(), ...FIELD_PLANS[field].layers(true)].map((l) => l.emit);
  const { bytes, c } = buildFieldModule(p, { extras: [...extras, loops], ...mul });
  const x = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as Record<string, unknown> & {
    memory: WebAssembly.Memory;
  };
  // Slots 100… hold elements < p (u32 words): two points' coordinates, then the scratch and 3b.
  const words = new Uint32Array(x.memory.buffer), S = c.stride;
  for (let slot = 100; slot < 160; slot++) {
    let v = randomBelow(p);
    for (let i = 0; i < c.n; i++, v >>= 32n) words[(slot * S) / 4 + i] = Number(v & 0xffffffffn);
  }
  const args = [100, 106, 112, 120, 150].map((slot) => slot * S);
  const best: Record<string, number> = {};
  for (let r = 0; r < ROUNDS; r++) {
    for (const row of rows) {
      const t0 = performance.now();
      (x[row] as (...a: number[]) => void)(LOOP, ...args);
      best[row] = Math.min(best[row] ?? Infinity, ((performance.now() - t0) / LOOP) * 1e6);
    }
  }
  console.log(`${curve} (${shape} multiplication; ns per call inside wasm, best of ${ROUNDS} rounds)`);
  for (const row of rows) console.log(`  ${row.padEnd(14)} ${best[row].toFixed(0).padStart(6)}`);
}
