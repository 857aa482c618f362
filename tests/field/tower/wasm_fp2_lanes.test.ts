/**
 * The Fp2 lane kernels (fp2_mul, fp2_sqr) on every lane radix, against BigInt: u32 lanes
 * (wasm_fp2_emit.ts, fp2Radix null) and w-bit lanes (wasm_fp2_lanes.ts), on the loose operand
 * bounds they are built for (a < 2p; b < 2p where 8p < R, else b < p) and on extreme and random
 * values; the refusal of a radix whose lanes cannot hold the operand products; and the default.
 * (The default module's tower and G2 formulas run every tower and curve test.)
 */
import assert from "node:assert/strict";
import {
  buildFieldModule,
  defaultFp2LaneRadix,
  type FieldModuleOptions,
  FP2_LANE_RADIXES,
  fp2Extras,
  montConstants,
  TOWERS,
} from "../../internal.ts";
import { edgeValues, modPow, Rng } from "../kernel_cases.ts";

for (const name of ["bls12-381", "bn254"] as const) {
  const T = TOWERS[name], p = T.p;
  const radixes: (number | null | undefined)[] = [
    undefined,
    null,
    26,
    28,
    29,
    30,
  ];
  Deno.test(`${name}: fp2_mul and fp2_sqr on every lane radix match BigInt (loose operands, extremes)`, () => {
    const rng = new Rng(2718);
    for (const fp2Radix of radixes) {
      const options: FieldModuleOptions = fp2Radix === undefined ? { extras: [fp2Extras(T)] } : {
        extras: [fp2Extras(T)],
        fp2Radix,
      };
      const m = buildFieldModule(p, options);
      const x = new WebAssembly.Instance(new WebAssembly.Module(m.bytes), {}).exports as unknown as
        & Record<"fp2_mul" | "fp2_sqr", (...a: number[]) => void>
        & { memory: WebAssembly.Memory };
      const view = new DataView(x.memory.buffer), S = m.c.stride, N = m.c.n;
      const put = (slot: number, v: bigint) => {
        for (let j = 0; j < N; j++) {
          view.setUint32(slot * S + 4 * j, Number((v >> BigInt(32 * j)) & 0xffffffffn), true);
        }
      };
      const get = (slot: number) => {
        let v = 0n;
        for (let j = N - 1; j >= 0; j--) v = (v << 32n) | BigInt(view.getUint32(slot * S + 4 * j, true));
        return v;
      };
      const rInv = modPow(m.c.R % p, p - 2n, p);
      const bLoose = 8n * p < m.c.R; // b may be < 2p (BLS12-381), else < p (BN254)
      const label = `${name} fp2Radix = ${fp2Radix}`;
      const values = edgeValues(p);
      for (let t = 0; t < 80; t++) {
        const pick = () => (t < 40 ? values[Number(rng.below(BigInt(values.length)))] : rng.below(p));
        const [a0, a1, b0, b1] = [pick(), pick(), pick(), pick()];
        for (const [la, lb] of [[0n, 0n], [p, 0n], [p, bLoose ? p : 0n]]) {
          const [x0, x1] = [a0 + la, a1 + la], [y0, y1] = [b0 + lb, b1 + lb]; // loose: + p
          put(8, x0), put(9, x1), put(10, y0), put(11, y1);
          x.fp2_mul(12 * S, 8 * S, 10 * S);
          assert.equal(get(12), (((x0 * y0 - x1 * y1) % p + p) % p) * rInv % p, `${label} mul c0`);
          assert.equal(get(13), ((x0 * y1 + x1 * y0) % p) * rInv % p, `${label} mul c1`);
        }
        put(8, a0), put(9, a1);
        x.fp2_sqr(8 * S, 8 * S); // in place
        assert.equal(get(8), (((a0 * a0 - a1 * a1) % p + p) % p) * rInv % p, `${label} sqr c0`);
        assert.equal(get(9), ((2n * a0 * a1) % p) * rInv % p, `${label} sqr c1`);
      }
    }
  });
}

Deno.test("Fp2 lanes: the default radix (fewest limbs, then the narrowest), and a refused one", () => {
  assert.deepEqual(FP2_LANE_RADIXES, [29, 30]);
  const bls = TOWERS["bls12-381"], bn = TOWERS["bn254"];
  // BLS12-381: 13 limbs of 30 bits against 14 of 29; BN254: 9 limbs either way, so 29 bits.
  assert.equal(defaultFp2LaneRadix(montConstants(bls.p)), 30);
  assert.equal(defaultFp2LaneRadix(montConstants(bn.p)), 29);
  for (const T of [bls, bn]) {
    const a = buildFieldModule(T.p, { extras: [fp2Extras(T)] }).bytes;
    const b =
      buildFieldModule(T.p, { extras: [fp2Extras(T)], fp2Radix: defaultFp2LaneRadix(montConstants(T.p)) })
        .bytes;
    assert.deepEqual(a, b, `${T.name}: the default is defaultFp2LaneRadix`);
  }
  // 13 × 31-bit limbs: two products per limb pair of operands < 2p need more than two i64 sums.
  assert.throws(() => buildFieldModule(bls.p, { extras: [fp2Extras(bls)], fp2Radix: 31 }), /accumulators/);
});
