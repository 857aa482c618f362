/**
 * The endomorphism multiplication (`multiply`: GLV on G1, GLS on G2) against the frozen window-4 and
 * window-5 baselines (`mulCt`), interleaved call by call in one process so that machine noise hits them
 * alike (and the endomorphism loop with the other point formulas, Jacobian or projective); prints the minimum and the median over the rounds and the ratios (issue 14: GLS ≥ 2.2× window 4
 * on BLS12-381 G2, GLV ≥ 1.6× on G1, wasm).
 * `deno run --allow-read --allow-env --allow-sys bench/endo_ratio.ts [rounds] [backend]`.
 */
import { randomBelow } from "./case.ts";
import {
  bls12_381Groups,
  bn254Groups,
  EndoScratch,
  type GroupImpl,
  mulCt,
  mulEndoCt,
  WindowScratch,
} from "../tests/internal.ts";

const rounds = Number(Deno.args[0] ?? 200), backend = (Deno.args[1] ?? "wasm") as "wasm" | "ts";
const be32 = (k: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, k >>= 8n) out[i] = Number(k & 0xffn);
  return out;
};
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], med: s[s.length >> 1] };
};

for (const [curve, groups] of [["bls12-381", bls12_381Groups], ["bn254", bn254Groups]] as const) {
  for (const g of ["G1", "G2"] as const) {
    // deno-lint-ignore no-explicit-any
    const G = groups(backend)[g] as unknown as GroupImpl<any>;
    const p = G.BASE.multiply(randomBelow(G.r)), k = be32(randomBelow(G.r));
    const w4 = new WindowScratch(G.law, 4), w5 = new WindowScratch(G.law, 5);
    const win = (s: WindowScratch<unknown>) => () => {
      const limbs = G.reducer.reduce(k);
      mulCt(s, G.res, G.load(p, G.in0), limbs, G.bits);
      limbs.fill(0);
      return G.save(G.res);
    };
    /**
     * The endomorphism loop with other formulas, one call per operation: the complete projective loop
     * where the group runs Jacobian, Jacobian where it runs projective (mixed or complete).
     */
    const kind = G.endo!.jac !== null ? "Jacobian" : G.endo!.mixed ? "projective mixed" : "projective";
    const otherKind = kind === "Jacobian" ? "complete projective" : "Jacobian";
    const other = new EndoScratch(
      G.law,
      G.endo!.split,
      kind === "Jacobian" ? null : { compiled: G.jacobianExports },
    );
    const alt = () => {
      const limbs = G.reducer.reduce(k);
      mulEndoCt(other, G.res, G.load(p, G.in0), limbs);
      limbs.fill(0);
      return G.save(G.res);
    };
    const fns = { endo: () => p.multiply(k), alt, w4: win(w4), w5: win(w5) };
    const t: Record<string, number[]> = { endo: [], alt: [], w4: [], w5: [] };
    for (let r = 0; r < rounds + 10; r++) {
      for (const [name, f] of Object.entries(fns)) {
        const t0 = performance.now();
        f();
        if (r >= 10) t[name].push((performance.now() - t0) * 1000);
      }
    }
    const e = stats(t.endo), a = stats(t.w4), b = stats(t.w5), o = stats(t.alt);
    console.log(
      `${curve} ${g} (${backend}): endo (${kind}) ${e.min.toFixed(0)} µs (median ${e.med.toFixed(0)}), ` +
        `${otherKind} ${o.min.toFixed(0)} (${o.med.toFixed(0)}), ` +
        `w4 ${a.min.toFixed(0)} (${a.med.toFixed(0)}), w5 ${b.min.toFixed(0)} (${b.med.toFixed(0)}); ` +
        `w4/endo ${(a.min / e.min).toFixed(2)}× (medians ${(a.med / e.med).toFixed(2)}×), ` +
        `w5/endo ${(b.min / e.min).toFixed(2)}×`,
    );
  }
}
