// Child of out_of_memory.test.ts, run with wasm memory capped (--wasm-max-mem-pages) and --expose-gc:
// a synchronous loop of G2 additions until the kernel cannot grow, then the library must still work
// once the points are dropped. Prints one JSON line.
import { bls12381Groups } from "../../curves/bls12_381/mod.ts";
import { IsochronError } from "../../errors.ts";

const backend = Deno.args[0] as "wasm" | "ts";
const { G2 } = bls12381Groups(backend);
const expected = G2.BASE.multiply(5n).toBytes();
let code = "none", additions = 0;
{
  const keep = [];
  let P = G2.BASE;
  try {
    for (; additions < 50_000_000; additions++) {
      P = P.add(G2.BASE);
      keep.push(P); // live points: memory must run out
    }
  } catch (e) {
    code = e instanceof IsochronError ? e.code : `${(e as Error).name}: ${(e as Error).message}`;
  }
  keep.length = 0;
}
// Let the collector and the finalizers run, then a known answer must come out again.
// deno-lint-ignore no-explicit-any
(globalThis as any).gc?.();
await new Promise((r) => setTimeout(r, 50));
// deno-lint-ignore no-explicit-any
(globalThis as any).gc?.();
await new Promise((r) => setTimeout(r, 50));
const again = G2.BASE.multiply(5n).toBytes();
const ok = again.length === expected.length && again.every((b, i) => b === expected[i]);
console.log(JSON.stringify({ code, additions, ok }));
