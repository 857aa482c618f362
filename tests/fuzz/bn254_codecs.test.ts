/** Fuzz of BN254's decoders: EIP-196/197 and gnark-crypto's compressed form (G1/G2 `fromBytes`, unchecked). */
import { defaultCodec, fuzzCodec, GROUPS } from "./codec_fuzz.ts";
import { eth } from "./reference.ts";

for (const [, G, ref] of GROUPS.slice(2)) fuzzCodec(eth(ref), defaultCodec(G), ref.ext ? 6 : 12, 20_000);
