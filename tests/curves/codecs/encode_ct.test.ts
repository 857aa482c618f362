/**
 * Constant-time proof (tests/ct) of the point encoders on secret points: `toBytes` of a point derived
 * from a secret (a public key before it is published, a shared point) runs the same blocks whatever
 * the point, compressed or not, for G1 and G2 of both curves on both backends. The sign of y
 * (`CoordField.largest`) is computed on canonical bytes by a borrow chain, not through BigInt. The
 * secrets include points of both signs (checked), so a branch on the sign would show.
 */
import assert from "node:assert/strict";
import { ctFlow } from "../../ct/registry.ts";
import { be32, bls12_381Groups, bn254Groups } from "../helpers.ts";

for (const backend of ["wasm", "ts"] as const) {
  for (const curve of ["bls12-381", "bn254"] as const) {
    for (const which of ["G1", "G2"] as const) {
      const group = () => (curve === "bls12-381" ? bls12_381Groups(backend) : bn254Groups(backend))[which];
      // Built when the test runs (coverage starts asynchronously): k·G for small and large k.
      const points = () => {
        const G = group();
        const ks = [1n, 2n, 3n, 5n, 7n, 11n, 0x1234567890abcdefn, (1n << 250n) + 12345n];
        const ps = ks.map((k) => G.BASE.multiply(be32(k)));
        const signs = new Set(ps.map((P) => P.toBytes(true)[0] & (curve === "bls12-381" ? 0x20 : 0x40)));
        assert.equal(signs.size, 2, "the secrets cover both signs of y");
        return ps;
      };
      for (const compressed of [true, false]) {
        ctFlow(
          `${curve} ${which} toBytes(${compressed}) of a secret point (${backend})`,
          (P: { toBytes(c: boolean): Uint8Array }) => P.toBytes(compressed),
          points,
        );
      }
    }
  }
}
