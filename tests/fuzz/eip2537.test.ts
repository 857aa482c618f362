/** Fuzz of the EIP-2537 decoders (`bls12_381.eip2537.G1/G2.decode`, `decodeUnchecked`). */
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { fuzzCodec } from "./codec_fuzz.ts";
import { eip2537, REF } from "./reference.ts";

for (const [ref, name] of [[REF.blsG1, "G1"], [REF.blsG2, "G2"]] as const) {
  fuzzCodec(
    eip2537(ref),
    () => ({
      decode: (b) => bls12_381.eip2537[name].decode(b),
      decodeUnchecked: (b) => bls12_381.eip2537[name].decodeUnchecked(b),
      encode: (P) => bls12_381.eip2537[name].encode(P),
      point: (k) => bls12_381[name].BASE.multiply(k),
    }),
    ref.ext ? 6 : 12,
    20_000,
  );
}
