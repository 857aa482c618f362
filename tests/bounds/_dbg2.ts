import { analyseFe, LOOSE, TIGHT, inside, widest } from "./wasm_x25519_analysis.ts";
for (let limb = 0; limb < 10; limb++) {
  for (const both of [false, true]) {
    const wide = LOOSE.map((r, k) => (k === limb ? { lo: 2n * r.lo - 1n, hi: 2n * r.hi + 1n } : r));
    const x = analyseFe("fe_mul", [wide, both ? wide : LOOSE]);
    console.log(limb, both, inside(x.out, TIGHT), x.report.maxBits, x.report.wraps.length, x.out.map((r, k) => r.hi > TIGHT[k].hi ? k : "").join(""));
  }
}
