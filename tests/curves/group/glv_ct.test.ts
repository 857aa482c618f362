import { FIELDS } from "../../../curves/registry.ts";
import { X as BLS12_381_X } from "../../../curves/bls12_381/params.ts";
/**
 * Constant-time proofs of the endomorphism multiplication (tests/ct): control flow of `multiply` on
 * BLS12-381 G1 and G2 (both backends; decomposition, endomorphism table, interleaved window) with
 * canonical secrets below r plus scalars with extreme digits (multiples and powers of x, multiples
 * of λ, all digits B − 1, digits 0), the decomposition alone, and the memory-access proof of the
 * lookups into the m endomorphism tables. (tests/curves/ct.test.ts proves the same `multiply` with
 * its own secrets; this file adds the digit-shaped ones.)
 */
import { ctAccess, ctFlow, secretIndices, secretsForModulus } from "../../ct/registry.ts";
import { encodeInteger } from "../../ct/secrets.ts";
import { bls12381Groups } from "../../../curves/bls12_381/mod.ts";
import type { Group } from "../../../curves/group/group.ts";
import { selectPoint, WINDOW_ENTRIES } from "../../../curves/group/scalar_mul.ts";
import { scalarBytes, ScalarReducer } from "../../../scalar/reduce.ts";

const r = FIELDS["bls12-381-fr"].p, w = -BLS12_381_X;

/** secretsForModulus(r) and scalars whose base-|x| / base-x² digits are extreme. */
function digitSecrets(): Uint8Array[] {
  const v = [w, w * w, w * w * w, w - 1n, w * w - 1n, (r - w * w) % r, (r - w) % r, r - w * w * w];
  let top = 0n;
  for (let i = 0n; i < 3n; i++) top += (w - 1n) * w ** i;
  v.push(top, (w * w - 1n) * w * w);
  return [...secretsForModulus(r, 32), ...v.map((k) => encodeInteger(k % r, 32))];
}

for (const backend of ["wasm", "ts"] as const) {
  for (const which of ["G1", "G2"] as const) {
    const group = () => bls12381Groups(backend)[which];
    // A fixed public non-base point; multiplyInto into a module-lifetime slot (see ct.test.ts).
    let p = -1, out = -1; // module-lifetime slots of the fixed point and the result (test only)
    const run = (k: Uint8Array) => {
      const g = group();
      // deno-lint-ignore no-explicit-any
      if (p < 0) p = (g as Group<any>).slotOf(g.BASE.multiplyUnsafe(0xfedcba9876543210fedcba9876543210n));
      if (out < 0) out = g.law.alloc(1);
      // deno-lint-ignore no-explicit-any
      (g as Group<any>).multiplyInto(out, p, scalarBytes(k));
    };
    ctFlow(`bls12-381 ${which} glv multiply, digit-shaped k < r (${backend})`, run, digitSecrets);

    ctAccess(
      `bls12-381 ${which} glv table lookups read all ${WINDOW_ENTRIES} entries of each table (${backend})`,
      (d: number, trace) => {
        // deno-lint-ignore no-explicit-any
        const s = (group() as Group<any>).endo!;
        for (const T of s.tables) selectPoint(s.law, s.sel, trace.wrap([...T]), d);
      },
      secretIndices(WINDOW_ENTRIES),
      { fullScan: true },
    );
  }
}

for (const [label, which] of [["G2 (base |x|, 4 digits)", "G2"], ["G1 (base x², 2 digits)", "G1"]] as const) {
  let red: ScalarReducer | undefined;
  ctFlow(`bls12-381 ${label} decomposition`, (k: Uint8Array) => {
    red ??= new ScalarReducer(r);
    // deno-lint-ignore no-explicit-any
    const s = (bls12381Groups("ts")[which] as Group<any>).endo!;
    s.split.digits.decompose(s.d, red.reduce(k));
  }, digitSecrets);
}
