// Child of out_of_memory.test.ts, run with wasm memory capped (--wasm-max-mem-pages): an MSM of more
// points than the capped arena can hold as batch scratch (it loads them all), then the library must
// still work; and a sum of as many points, which loads a chunk at a time, must succeed. Prints one
// JSON line.
import { bls12_381Groups } from "../../internal.ts";
import { IsochronError } from "../../internal.ts";

const backend = Deno.args[0] as "wasm" | "ts";
const { G2 } = bls12_381Groups(backend);
const expected = G2.BASE.multiply(5n).toBytes();
const mark = G2.F.kernel.alloc(0);
let code = "none";
try {
  // 300 000 G2 points of 288 bytes: more batch scratch than a 64 MiB memory has.
  G2.msmVartime(new Array(300_000).fill(G2.BASE), new Array(300_000).fill(1n));
} catch (e) {
  code = e instanceof IsochronError ? e.code : `${(e as Error).name}: ${(e as Error).message}`;
}
const unchanged = G2.F.kernel.alloc(0) === mark;
const again = G2.BASE.multiply(5n).toBytes();
const ok = again.length === expected.length && again.every((b, i) => b === expected[i]);
const small = G2.sumVartime([G2.BASE, G2.BASE, G2.BASE]).equals(G2.BASE.multiply(3n));
const chunked = backend === "wasm"
  ? G2.sumVartime(new Array(300_000).fill(G2.BASE)).equals(G2.BASE.multiply(300_000n))
  : true;
console.log(JSON.stringify({ code, ok, small, unchanged, chunked }));
