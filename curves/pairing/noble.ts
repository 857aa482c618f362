/**
 * The members of @noble/curves 2.4's pairing-curve objects (`bls12_381`, `bn254`) that are curve data
 * or that isochron does not offer: `lengths`, `params`, `utils` and `millerLoopBatch`. noble's
 * `millerLoopBatch` and `utils.calcPairingPrecomputes` expose its Miller loop's precomputed lines
 * and raw (pre-exponentiation) values, which depend on how an implementation scales its lines:
 * they throw UNSUPPORTED here (use `pairing`, `pairingBatch`, `pairingCheck`).
 * @module
 */
import { IsochronError } from "../../errors.ts";
import type { PairingParams } from "./pairing.ts";

/** noble's `params` of a pairing curve. */
export interface NoblePairingParams {
  /** |e|, the Miller loop scalar's absolute value (BLS12: |x|; BN: 6u + 2). */
  readonly ateLoopSize: bigint;
  /** Whether e < 0. */
  readonly xNegative: boolean;
  /** The twist: "multiplicative" (M) or "divisive" (D). */
  readonly twistType: "multiplicative" | "divisive";
  /** noble's internal hook: not used here (undefined). */
  readonly postPrecompute: undefined;
}

/** The noble members shared by pairing curves. */
export interface NoblePairingMembers {
  /** `{ seed }`: the seed length of `utils.randomSecretKey`. */
  readonly lengths: { readonly seed: number };
  /** The curve's pairing parameters. */
  readonly params: NoblePairingParams;
  /** `randomSecretKey(seed?)`, and `calcPairingPrecomputes` (UNSUPPORTED). */
  readonly utils: {
    readonly randomSecretKey: (seed?: Uint8Array) => Uint8Array;
    readonly calcPairingPrecomputes: (..._: unknown[]) => never;
  };
  /**
   * noble's raw multi-Miller loop over its precomputed lines.
   * @throws {IsochronError} UNSUPPORTED, always.
   */
  millerLoopBatch(..._: unknown[]): never;
}

/** The members for curve `params`, with its scalars' `randomSecretKey` (scalar/seed_key.ts). */
export function noblePairingMembers(
  params: PairingParams,
  randomSecretKey: { readonly seedBytes: number; (seed?: Uint8Array): Uint8Array },
): NoblePairingMembers {
  const unsupported = (name: string) => (): never => {
    throw new IsochronError(
      "UNSUPPORTED",
      `${name}: isochron does not expose Miller-loop internals (use pairing, pairingBatch or pairingCheck)`,
    );
  };
  return Object.freeze({
    lengths: Object.freeze({ seed: randomSecretKey.seedBytes }),
    params: Object.freeze({
      ateLoopSize: params.loop < 0n ? -params.loop : params.loop,
      xNegative: params.loop < 0n,
      twistType: params.tower.twist === "M" ? "multiplicative" as const : "divisive" as const,
      postPrecompute: undefined,
    }),
    utils: Object.freeze({
      randomSecretKey: (seed?: Uint8Array) => randomSecretKey(seed),
      calcPairingPrecomputes: unsupported("calcPairingPrecomputes"),
    }),
    millerLoopBatch: unsupported("millerLoopBatch"),
  });
}
