/**
 * Registry of the timing targets of the dudect tool (tests/ct/dudect.ts). A target times one
 * secret-data operation on two classes of inputs: one fixed secret, and fresh random secrets.
 *
 * Register a target:
 * ```ts ignore
 * registerTiming({
 *   name: "x25519 scalarMult",
 *   prepare: () => ({ fixed: new Uint8Array(32), random: () => randomBytes(32) }),
 *   run: (k) => x25519.scalarMult(k, U),
 * });
 * ```
 * `prepare` runs once, before any timing. Every input of either class is made by `random()`
 * outside the timed region; for the fixed class the fixed value is then written over it in place
 * (typed arrays, arrays and plain objects of them; other values are used as they are), as dudect
 * does, so both classes cost the same to prepare and live in equally fresh memory. `run` should
 * leave its result somewhere observable (the {@linkcode sink}) so the engine cannot drop the work.
 * @module
 */

import { constantTimeEqual, earlyExitEqual } from "./fixtures/controls_lib.ts";
import { setX25519LadderShape, x25519KernelFor, x25519LadderShape } from "../internal.ts";
import { fieldTimingTargets } from "./field_targets.ts";
import { towerTimingTargets } from "./tower_targets.ts";
import { curveTimingTargets } from "./curve_targets.ts";
import { bigintTimingTargets } from "./bigint_targets.ts";

/** One timing target: a fixed input, a generator of random inputs, and the operation. */
export interface TimingTarget<I> {
  /** Shown in the report and matched by `--filter`. */
  name: string;
  /** Called once before timing: the fixed-class input and the random-class generator. */
  prepare(): { fixed: I; random(): I };
  /** The operation under test, on one input. */
  run(input: I): void;
  /** True for positive controls: a leak is expected (the report says whether it was found). */
  expectLeak?: boolean;
}

// deno-lint-ignore no-explicit-any
const targets: TimingTarget<any>[] = [];

/** Adds a target; names must be unique. */
export function registerTiming<I>(target: TimingTarget<I>): void {
  if (targets.some((t) => t.name === target.name)) throw new Error(`duplicate timing target ${target.name}`);
  targets.push(target);
}

/** The registered targets, in registration order. */
export function timingTargets(): readonly TimingTarget<unknown>[] {
  return targets;
}

/** Results of timed operations land here so that the engine cannot drop the work. */
export const sink: { value: number } = { value: 0 };

const pool = new Uint8Array(65536);
let poolUsed = pool.length;
/**
 * `length` fresh random bytes (length ≤ 65536), cut from a pool refilled by
 * `crypto.getRandomValues`: one system call per 64 KiB instead of one per input, so that preparing
 * inputs does not dominate the run time of fast targets.
 */
export function randomBytes(length: number): Uint8Array {
  if (poolUsed + length > pool.length) {
    crypto.getRandomValues(pool);
    poolUsed = 0;
  }
  return pool.slice(poolUsed, poolUsed += length);
}

const random64 = () => randomBytes(64);

// ---- controls -----------------------------------------------------------------------------------

{
  // Fixed class: equal to the reference (all 64 bytes compared); random: usually exits at byte 0.
  const ref = random64();
  registerTiming({
    name: "control: early-exit compare (leaky)",
    expectLeak: true,
    prepare: () => ({ fixed: ref.slice(), random: random64 }),
    run: (x) => void (sink.value += earlyExitEqual(x, ref) ? 1 : 0),
  });
  registerTiming({
    name: "control: constant-time compare (clean)",
    prepare: () => ({ fixed: ref.slice(), random: random64 }),
    run: (x) => void (sink.value += constantTimeEqual(x, ref) ? 1 : 0),
  });
}

// ==== Library targets ============================================================================
// X25519, the field kernels and G1/G2 multiplication register their targets below, one
// registerTiming call each, importing the library at the top of this file:
//   - x25519: scalarMult (fixed secret vs random secrets, fixed public u), scalarMultBase
//   - field:  Fp/Fr inv and sqrt (constant-time versions), mul of the wasm and ts kernels
//   - curves: bls12-381 G1/G2 multiply, bn254 G1/G2 multiply (secret scalar, fixed point)

// ---- x25519 (x25519/): secret scalar, fixed public u (RFC 7748 §5.2 vector 1), both backends ----
{
  const u = Uint8Array.from(
    "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c".match(/../g)!,
    (h) => parseInt(h, 16),
  );
  const out = new Uint8Array(32);
  const random32 = () => randomBytes(32);
  for (const backend of ["wasm", "ts"] as const) {
    registerTiming({
      name: `x25519 scalarMult (${backend})`,
      prepare: () => ({ fixed: random32(), random: random32 }),
      run: (k: Uint8Array) => {
        x25519KernelFor(backend).scalarMult(out, k, u);
        sink.value += out[0];
      },
    });
    if (backend === "wasm") {
      // The other wasm ladder shape (x25519/wasm/shape.ts), forced for the run of this target.
      const other = x25519LadderShape() === "inline" ? "calls" : "inline";
      registerTiming({
        name: `x25519 scalarMult (wasm, ${other} ladder)`,
        prepare: () => ({ fixed: random32(), random: random32 }),
        run: (k: Uint8Array) => {
          setX25519LadderShape(other);
          x25519KernelFor("wasm").scalarMult(out, k, u);
          setX25519LadderShape("auto");
          sink.value += out[0];
        },
      });
    }
    registerTiming({
      name: `x25519 scalarMultBase (${backend})`,
      prepare: () => {
        x25519KernelFor(backend).scalarMultBase(out, random32()); // builds the table outside the timing
        return { fixed: random32(), random: random32 };
      },
      run: (k: Uint8Array) => {
        x25519KernelFor(backend).scalarMultBase(out, k);
        sink.value += out[0];
      },
    });
  }
}

// ---- field (field/, via field_targets.ts): mul, inv, sqrt of bls12-381 Fp and bn254 Fr, both backends ----
for (const t of fieldTimingTargets()) registerTiming(t);

// ---- tower (field/tower/, via tower_targets.ts): BLS12-381 Fp2 mul/inv/sqrt, Fp12 mul, both backends ----
for (const t of towerTimingTargets()) registerTiming(t);

// ---- curves (curves/, via curve_targets.ts): bls12-381 and bn254 G1/G2 multiply, both backends ----
for (const t of curveTimingTargets()) registerTiming(t);

// ---- bigint entry points (via bigint_targets.ts): where a bigint scalar's conversion leaks ----
for (const t of bigintTimingTargets()) registerTiming(t as TimingTarget<unknown>);
