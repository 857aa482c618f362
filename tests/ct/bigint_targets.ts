/**
 * dudect timing targets of the `bigint` entry points (registered by tests/ct/targets.ts). A bigint's
 * digit count is fixed before the library sees it, so the conversion to bytes cannot be constant-
 * time: these targets show where the leak is. The fixed class is k = 1 (one digit), the random class
 * uniform scalars in [1, r). Expected: `BASE.multiply(bigint)` and the conversion alone
 * (`scalarBytes(bigint)`, `Fr.toBytes(bigint)`) leak (expectLeak); `BASE.multiply` of the converted
 * bytes does not, so the leak is the conversion's.
 * @module
 */
import { randomBytes, sink, type TimingTarget } from "./targets.ts";
import { bls12_381Groups, FIELDS, scalarBytes } from "../internal.ts";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";

/** A uniform scalar in [1, r) as a bigint (rejection sampling on 32 random bytes, top bits masked). */
function randomScalar(r: bigint): bigint {
  for (;;) {
    const b = randomBytes(32);
    b[0] &= 0x7f;
    let x = 0n;
    for (const v of b) x = (x << 8n) | BigInt(v);
    if (x >= 1n && x < r) return x;
  }
}

/** The targets (one backend: the leak is in JavaScript, before any kernel runs). */
export function bigintTimingTargets(): (TimingTarget<bigint> | TimingTarget<Uint8Array>)[] {
  const r = FIELDS["bls12-381-fr"].p;
  const classes = () => ({ fixed: 1n, random: () => randomScalar(r) });
  const G1 = () => bls12_381Groups("wasm").G1;
  // The same scalars as bytes, converted outside the timed region (dudect prepares inputs first).
  const asBytes: TimingTarget<Uint8Array> = {
    name: "bls12-381 G1 BASE.multiply(bytes of the same scalars) (wasm)",
    prepare: () => ({ fixed: scalarBytes(1n), random: () => scalarBytes(randomScalar(r)) }),
    run: (k) => {
      sink.value += G1().BASE.multiply(k).isZero() ? 1 : 0;
    },
  };
  return [
    asBytes,
    {
      name: "bls12-381 G1 BASE.multiply(bigint) (wasm)",
      expectLeak: true,
      prepare: classes,
      run: (k: bigint) => {
        sink.value += G1().BASE.multiply(k).isZero() ? 1 : 0;
      },
    },
    {
      name: "bigint → 32 bytes (scalarBytes)",
      expectLeak: true,
      prepare: classes,
      run: (k: bigint) => {
        sink.value += scalarBytes(k)[31];
      },
    },
    {
      name: "bls12-381 Fr.toBytes(bigint)",
      expectLeak: true,
      prepare: classes,
      run: (k: bigint) => {
        sink.value += bls12_381.Fr.toBytes(k)[31];
      },
    },
  ];
}
