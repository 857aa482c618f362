/**
 * A prime field as data: its name, modulus and the generated TypeScript kernel of that modulus. The
 * field layer knows no particular prime: each curve defines its fields (curves/<curve>/params.ts, with
 * {@linkcode defineField}) and hands them to the kernels (field/backend.ts `fieldKernel`). Public
 * values: BigInt is fine here.
 * @module
 */
import type { Arena, SlotOps } from "./ts/slot_ops.ts";

/** A field's name, e.g. "bls12-381-fp": unique, used for messages, cache keys and prebuilt modules. */
export type FieldName = string;

/**
 * What a generated TypeScript kernel (field/ts/generated/<field>.ts, written by
 * scripts/gen_ts_kernels.ts) exports: its limb count, the modulus it was generated for (checked
 * against p when the kernel is built), and the branch-free operations bound to an arena.
 */
export interface GeneratedTsKernel {
  /** 24-bit limbs per element. */
  readonly LIMBS: number;
  /** The modulus, hex, as the generator saw it. */
  readonly MODULUS_HEX: string;
  /** The operations on slots of `arena`. */
  bindSlots(arena: Arena): SlotOps;
}

/** A field's public description. */
export interface FieldDescription {
  /** The field's name. */
  readonly name: FieldName;
  /** The prime modulus. */
  readonly p: bigint;
  /** Bit length of p. */
  readonly bits: number;
  /** Canonical encoding length in bytes. */
  readonly byteLength: number;
}

/** A field as the kernels take it: its description and its generated TypeScript kernel. */
export interface FieldParams extends FieldDescription {
  /** Its generated TypeScript kernel (the fallback backend). */
  readonly ts: GeneratedTsKernel;
}

/**
 * The description of a field from its name and odd prime modulus, without a kernel: what a curve
 * registers for a field that no library code computes in (its scalar field Fr, whose TypeScript kernel
 * then stays out of the bundle; curves/<curve>/params.ts).
 */
export function fieldDescription(name: FieldName, p: bigint): FieldDescription {
  if (p < 3n || (p & 1n) === 0n) throw new RangeError(`field ${name}: p must be an odd prime`);
  const bits = p.toString(2).length;
  return Object.freeze({ name, p, bits, byteLength: Math.ceil(bits / 8) });
}

/** A field from its name, odd prime modulus and generated TypeScript kernel. */
export function defineField(name: FieldName, p: bigint, ts: GeneratedTsKernel): FieldParams {
  return Object.freeze({ ...fieldDescription(name, p), ts });
}

/** The public description of a field (without its kernel source). */
export function describe(field: FieldParams): FieldDescription {
  const { name, p, bits, byteLength } = field;
  return Object.freeze({ name, p, bits, byteLength });
}

/** Whether `field` looks like a {@linkcode FieldParams} (API boundary check). */
export function isFieldParams(field: unknown): field is FieldParams {
  const f = field as Partial<FieldParams> | null;
  return typeof f === "object" && f !== null && typeof f.name === "string" && typeof f.p === "bigint" &&
    typeof f.ts === "object";
}
