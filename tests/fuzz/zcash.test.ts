/** Fuzz of BLS12-381's ZCash decoders (G1/G2 `fromBytes`, `fromBytesUnchecked`; compressed and not). */
import { defaultCodec, fuzzCodec, GROUPS } from "./codec_fuzz.ts";
import { zcash } from "./reference.ts";

for (const [, G, ref] of GROUPS.slice(0, 2)) fuzzCodec(zcash(ref), defaultCodec(G), ref.ext ? 6 : 12, 20_000);
