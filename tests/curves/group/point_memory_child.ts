// Child of point_memory.test.ts, run with wasm memory capped at 64 MiB: `n` synchronous G2 additions
// on `backend`, then the answer against an independent multiplication and the arena's high-water mark
// before and after. Prints one JSON line.
import { bls12_381Groups } from "../../internal.ts";

const [backend, count] = [Deno.args[0] as "wasm" | "ts", Number(Deno.args[1])];
const { G2 } = bls12_381Groups(backend);
let P = G2.BASE.add(G2.BASE); // warm-up: every scratch slot of the Point API exists now
const before = G2.F.kernel.alloc(0); // the next free slot: the arena's high-water mark
for (let i = 0; i < count; i++) P = P.add(G2.BASE);
const after = G2.F.kernel.alloc(0);
const ok = P.equals(G2.BASE.multiplyUnsafe(BigInt(count) + 2n));
console.log(JSON.stringify({ ok, before, after }));
