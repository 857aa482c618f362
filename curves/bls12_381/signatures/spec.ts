/**
 * The BLS12-381 ciphersuites of draft-irtf-cfrg-bls-signature-05 §4.2 as data: where public keys live
 * (G1: "minimal-pubkey-size", signatures in G2, as Ethereum; G2: "minimal-signature-size", signatures
 * in G1, as drand quicknet, Sui and the Internet Computer), the scheme (§3.1 basic, §3.2 message
 * augmentation, §3.3 proof of possession) and the domain separation tags. The suite ID names the
 * signature group: `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_<scheme>_` signs in G2.
 * @module
 */
import { copyBytes, IsochronError } from "../../../errors.ts";
import type { BlsGroupName } from "./values.ts";

/** §3.1 basic (distinct messages), §3.2 message augmentation, §3.3 proof of possession. */
export type BlsScheme = "basic" | "aug" | "pop";

/** The suite tag of each scheme (§4.2.1–§4.2.3). */
const SCHEME_TAG: Record<BlsScheme, string> = { basic: "NUL", aug: "AUG", pop: "POP" };

/** Options of `bls12_381.signatureSuite`. */
export interface BlsSuiteOptions {
  /** The group of public keys: "G1" (default; signatures in G2) or "G2" (signatures in G1). */
  readonly publicKeyGroup?: BlsGroupName;
  /** The scheme: "pop" (default), "basic" or "aug". */
  readonly scheme?: BlsScheme;
  /** An application's own signature DST (default: the suite ID); a non-empty string or bytes. */
  readonly dst?: string | Uint8Array;
  /** An application's own proof-of-possession DST (POP only; default: the suite's POP tag). */
  readonly popDst?: string | Uint8Array;
}

/** A suite as data, checked. */
export interface BlsSuiteSpec {
  readonly publicKeyGroup: BlsGroupName;
  readonly signatureGroup: BlsGroupName;
  readonly scheme: BlsScheme;
  /** The signature DST (the suite ID unless the application gave its own). */
  readonly dst: string | Uint8Array;
  /** The proof-of-possession DST (POP), else undefined. */
  readonly popDst: string | Uint8Array | undefined;
}

/** The suite ID of signatures in `signatureGroup` under `scheme` (§4.2), e.g. `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`. */
export function suiteId(signatureGroup: BlsGroupName, scheme: BlsScheme): string {
  return `BLS_SIG_BLS12381${signatureGroup}_XMD:SHA-256_SSWU_RO_${SCHEME_TAG[scheme]}_`;
}

/** The proof-of-possession tag of signatures in `signatureGroup` (§4.2.3), e.g. `BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`. */
export function popTag(signatureGroup: BlsGroupName): string {
  return `BLS_POP_BLS12381${signatureGroup}_XMD:SHA-256_SSWU_RO_POP_`;
}

/** The other group. */
export function otherGroup(g: BlsGroupName): BlsGroupName {
  return g === "G1" ? "G2" : "G1";
}

function checkDst(dst: unknown, what: string): string | Uint8Array {
  if (typeof dst === "string") {
    if (dst.length === 0) throw new IsochronError("INVALID_LENGTH", `${what} must not be empty`);
    return dst;
  }
  // A plain copy: a Buffer's slice() is a view of the caller's bytes.
  const copy = copyBytes(dst, what);
  if (copy.length === 0) throw new IsochronError("INVALID_LENGTH", `${what} must not be empty`);
  return copy;
}

/**
 * The suite `options` describe. Throws INVALID_TYPE for an unknown group or scheme, a DST that is
 * neither a string nor bytes, or `popDst` outside POP; INVALID_LENGTH for an empty DST.
 */
export function suiteSpec(options: BlsSuiteOptions = {}): BlsSuiteSpec {
  if (typeof options !== "object" || options === null) {
    throw new IsochronError("INVALID_TYPE", "signature suite options must be an object");
  }
  const { publicKeyGroup = "G1", scheme = "pop" } = options;
  if (publicKeyGroup !== "G1" && publicKeyGroup !== "G2") {
    throw new IsochronError("INVALID_TYPE", `publicKeyGroup must be "G1" or "G2"`);
  }
  if (!Object.hasOwn(SCHEME_TAG, scheme)) {
    throw new IsochronError("INVALID_TYPE", `scheme must be "basic", "aug" or "pop"`);
  }
  if (options.popDst !== undefined && scheme !== "pop") {
    throw new IsochronError("INVALID_TYPE", "popDst is for the proof-of-possession scheme only");
  }
  const signatureGroup = otherGroup(publicKeyGroup);
  const dst = options.dst === undefined ? suiteId(signatureGroup, scheme) : checkDst(options.dst, "dst");
  const popDst = scheme !== "pop"
    ? undefined
    : options.popDst === undefined
    ? popTag(signatureGroup)
    : checkDst(options.popDst, "popDst");
  return Object.freeze({ publicKeyGroup, signatureGroup, scheme, dst, popDst });
}
