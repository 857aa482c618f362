/**
 * dudect timing targets of the prime-field layer (registered by tests/ct/targets.ts): mul, inv and
 * sqrt of BLS12-381 Fp and BN254 Fr on both backends. Each times decoding a secret (`fromBytes`)
 * and the operation on it; the fixed class is the secret 0 (dudect's classic fixed-vs-random, with
 * the most special value: all limbs zero, a zero product, the inversion's 0 ↦ 0 case, a square), the
 * random class fresh uniform field elements (rejection sampling outside the timed region). mul's
 * other operand is a fixed random public element.
 *
 * Nothing from targets.ts is used at load time (this module is imported by it: a cycle), only
 * inside the targets' functions.
 * @module
 */

import {
  type Backend,
  createWasmFieldKernel,
  fieldMulShape,
  FIELDS,
  wasmFieldModuleBytes,
} from "../internal.ts";
import { randomBytes, sink, type TimingTarget } from "./targets.ts";
import { type FieldKernel, fieldKernel, type FieldName } from "../../field/mod.ts";

const NAMES: readonly FieldName[] = ["bls12-381-fp", "bn254-fr"];
const BACKENDS: readonly Backend[] = ["wasm", "ts"];

/** Uniform canonical big-endian encodings below p: random bytes, top byte masked, retried if ≥ p. */
function randomElements(p: bigint, len: number): () => Uint8Array {
  const pBytes = Uint8Array.from({ length: len }, (_, i) => Number((p >> BigInt(8 * (len - 1 - i))) & 0xffn));
  const topMask = (1 << (p.toString(2).length - 8 * (len - 1))) - 1;
  const below = (x: Uint8Array) => {
    for (let i = 0; i < len; i++) if (x[i] !== pBytes[i]) return x[i] < pBytes[i];
    return false;
  };
  return () => {
    for (;;) {
      const x = randomBytes(len);
      x[0] &= topMask;
      if (below(x)) return x; // test code, outside the timed region: rejection is fine
    }
  };
}

/** The field's timing targets: mul (secret a, fixed public b), inv, sqrt, each on both backends. */
export function fieldTimingTargets(): TimingTarget<Uint8Array>[] {
  const out: TimingTarget<Uint8Array>[] = [];
  for (const name of NAMES) {
    const { p, byteLength: len } = FIELDS[name];
    const random = randomElements(p, len);
    for (const backend of BACKENDS) {
      let ctx: { k: FieldKernel; a: number; b: number; o: number } | undefined;
      const setup = () => {
        if (ctx === undefined) {
          const k = fieldKernel(FIELDS[name], backend); // slots allocated once, shared by the three targets
          ctx = { k, a: k.alloc(1), b: k.alloc(1), o: k.alloc(1) };
          k.fromBytes(ctx.b, random());
        }
        return ctx;
      };
      const target = (
        op: string,
        run: (c: NonNullable<typeof ctx>, x: Uint8Array) => number,
      ): TimingTarget<Uint8Array> => {
        let c: NonNullable<typeof ctx>;
        return {
          name: `field ${name} ${op} (${backend})`,
          prepare: () => {
            c = setup();
            return { fixed: new Uint8Array(len), random };
          },
          run: (x) => void (sink.value += run(c, x)),
        };
      };
      out.push(
        target("mul", (c, x) => (c.k.fromBytes(c.a, x), c.k.mul(c.o, c.a, c.b), c.k.isZero(c.o))),
        target("inv", (c, x) => (c.k.fromBytes(c.a, x), c.k.inv(c.o, c.a), c.k.isZero(c.o))),
        target("sqrt", (c, x) => (c.k.fromBytes(c.a, x), c.k.sqrt(c.o, c.a))),
      );
    }
    // The other wasm multiplication shape (field/wasm/shape.ts) on a kernel of its own module.
    const other = fieldMulShape(p) === "u32" ? "reduced" : "u32";
    let shaped: { k: FieldKernel; a: number; b: number; o: number } | undefined;
    out.push({
      name: `field ${name} mul (wasm, ${other} shape)`,
      prepare: () => {
        if (shaped === undefined) {
          const bytes = wasmFieldModuleBytes(FIELDS[name], undefined, true, other);
          const k = createWasmFieldKernel(FIELDS[name], undefined, new WebAssembly.Module(bytes));
          shaped = { k, a: k.alloc(1), b: k.alloc(1), o: k.alloc(1) };
          k.fromBytes(shaped.b, random());
        }
        return { fixed: new Uint8Array(len), random };
      },
      run: (x) => {
        const c = shaped!;
        c.k.fromBytes(c.a, x);
        c.k.mul(c.o, c.a, c.b);
        sink.value += c.k.isZero(c.o);
      },
    });
  }
  return out;
}
