/**
 * dudect timing targets of the tower (registered by tests/ct/targets.ts): BLS12-381 Fp2 mul, inv and
 * sqrt and Fp12 mul on both backends. Each times loading a secret element coefficient by coefficient
 * with the base field's constant-time `fromBytes` and the operation on it; the fixed class is the zero
 * element (every coefficient 0: the most special value), the random class fresh uniform elements. The
 * other operand of a multiplication is a fixed random public element.
 *
 * Nothing from targets.ts is used at load time (this module is imported by it), only inside the
 * targets' functions.
 * @module
 */

import { type Backend, FIELDS, tower, TOWERS } from "../internal.ts";
import { randomBytes, sink, type TimingTarget } from "./targets.ts";

const { p, byteLength: len } = FIELDS["bls12-381-fp"];

/** `count` canonical coefficients below p, concatenated (rejection sampling: test code, untimed). */
function randomCoefficients(count: number): Uint8Array {
  const out = new Uint8Array(count * len);
  for (let i = 0; i < count; i++) {
    for (;;) {
      const x = randomBytes(len);
      x[0] &= 0x1f; // p < 2^381
      if (BigInt("0x" + Array.from(x, (b) => b.toString(16).padStart(2, "0")).join("")) < p) {
        out.set(x, i * len);
        break;
      }
    }
  }
  return out;
}

/** The tower's timing targets for one backend. */
function targetsFor(backend: Backend): TimingTarget<Uint8Array>[] {
  let ctx: { t: ReturnType<typeof tower>; a: number; b: number; o: number; A: number; B: number; O: number };
  const setup = () => {
    if (ctx === undefined) {
      const t = tower(TOWERS["bls12-381"], backend);
      ctx = {
        t,
        a: t.fp2.alloc(),
        b: t.fp2.alloc(),
        o: t.fp2.alloc(),
        A: t.fp12.alloc(),
        B: t.fp12.alloc(),
        O: t.fp12.alloc(),
      };
      load(t, ctx.b, randomCoefficients(2));
      load(t, ctx.B, randomCoefficients(12));
    }
    return ctx;
  };
  const load = (t: ReturnType<typeof tower>, slot: number, bytes: Uint8Array) => {
    for (let i = 0; i < bytes.length / len; i++) {
      t.fp.fromBytes(slot + i, bytes.subarray(i * len, (i + 1) * len));
    }
  };
  const target = (
    op: string,
    coefficients: number,
    run: (c: typeof ctx, x: Uint8Array) => number,
  ): TimingTarget<Uint8Array> => ({
    name: `tower bls12-381 ${op} (${backend})`,
    prepare: () => {
      setup();
      return { fixed: new Uint8Array(coefficients * len), random: () => randomCoefficients(coefficients) };
    },
    run: (x) => void (sink.value += run(ctx, x)),
  });
  return [
    target("fp2-mul", 2, (c, x) => (load(c.t, c.a, x), c.t.fp2.mul(c.o, c.a, c.b), c.t.fp2.isZero(c.o))),
    target("fp2-inv", 2, (c, x) => (load(c.t, c.a, x), c.t.fp2.inv(c.o, c.a), c.t.fp2.isZero(c.o))),
    target("fp2-sqrt", 2, (c, x) => (load(c.t, c.a, x), c.t.fp2.sqrt(c.o, c.a))),
    target("fp12-mul", 12, (c, x) => (load(c.t, c.A, x), c.t.fp12.mul(c.O, c.A, c.B), c.t.fp.isZero(c.O))),
  ];
}

/** All tower timing targets (both backends). */
export function towerTimingTargets(): TimingTarget<Uint8Array>[] {
  return (["wasm", "ts"] as const).flatMap(targetsFor);
}
