/**
 * Point encodings as curve data. A curve gives each of its groups named {@linkcode CodecSpec}s (its
 * default encoding under `default`, others under their names; the specs are in curves/codecs/); the
 * group binds each to itself as a {@linkcode Codec}: `decode` (full
 * validation), `decodeUnchecked` (no subgroup check) and `encode`. The group's `fromBytes` /
 * `toBytes` are its default codec's.
 * @module
 */
import { copyBytes, IsochronError } from "../../errors.ts";
import type { GroupImpl, PointImpl } from "./group.ts";
import type { Codec, Point } from "./api.ts";
export type { Codec };

/** A codec as the library holds it: its decoders return the implementation type. */
export interface BoundCodec<V> extends Codec<V> {
  decode(bytes: Uint8Array): PointImpl<V>;
  decodeUnchecked(bytes: Uint8Array): PointImpl<V>;
}

/** How an encoding compresses: by default, on request, or never (it has one form, x ‖ y). */
export type Compression = "default" | "optional" | "none";

/** One point encoding of a group, as curve data working on slots. */
export interface CodecSpec<V> {
  /** The encoding's name in messages, e.g. "ZCash". */
  readonly name: string;
  /** Encoded lengths accepted by `decode`. */
  readonly lengths: readonly number[];
  /** Whether `encode` compresses by default, on request, or never. */
  readonly compression: Compression;
  /**
   * out ← the point encoded by `bytes` (a private copy of one of `lengths`, which `decode` may write),
   * on the curve (throws an {@linkcode IsochronError} otherwise); no subgroup check.
   */
  decode(g: GroupImpl<V>, out: number, bytes: Uint8Array): void;
  /** The encoding of point slot p (`compressed` is false unless the spec compresses). */
  encode(g: GroupImpl<V>, p: number, compressed: boolean): Uint8Array;
}

/** A group's encodings by name: its default one under `default`. */
export interface CodecSpecs<V> {
  /** The encoding of `fromBytes` / `toBytes`. */
  readonly default: CodecSpec<V>;
  /** Other encodings, by name. */
  readonly [name: string]: CodecSpec<V>;
}

/** `spec` bound to `g`. */
export function bindCodec<V>(g: GroupImpl<V>, spec: CodecSpec<V>): BoundCodec<V> {
  const decodeUnchecked = (input: Uint8Array): PointImpl<V> => {
    const bytes = copyBytes(input, "point"); // the codecs may clear flag bits: never in the caller's bytes
    if (!spec.lengths.includes(bytes.length)) {
      throw new IsochronError(
        "INVALID_LENGTH",
        `${g.name}: ${spec.name} point must be ${spec.lengths.join(" or ")} bytes, got ${bytes.length}`,
      );
    }
    spec.decode(g, g.res, bytes);
    return g.save(g.res);
  };
  return Object.freeze({
    name: spec.name,
    lengths: Object.freeze([...spec.lengths]),
    decodeUnchecked,
    decode(input: Uint8Array): PointImpl<V> {
      const p = decodeUnchecked(input);
      if (!p.isTorsionFreeVartime()) {
        throw new IsochronError("NOT_IN_SUBGROUP", `${g.name}: point is not in the prime-order subgroup`);
      }
      return p;
    },
    encode(point: Point<V>, compressed: boolean = spec.compression === "default"): Uint8Array {
      const p = g.own(point);
      if (compressed && spec.compression === "none") {
        throw new IsochronError("INVALID_TYPE", `${g.name}: ${spec.name} has no compressed form`);
      }
      return spec.encode(g, g.load(p, g.in0), compressed);
    },
  });
}
