import { FIELDS } from "../../../curves/registry.ts";
import { U as BN254_U } from "../../../curves/bn254/params.ts";
/**
 * Constant-time proofs of BN254's endomorphism multiplication (tests/ct): control flow of
 * `multiplyInto` on G1 and G2 (both backends: reduction, lattice decomposition, endomorphism
 * tables, conditional negation of the tables, interleaved window) with canonical secrets below r
 * plus lattice-shaped ones (every sign pattern of the sub-scalars, sub-scalars 0, multiples of λ,
 * scalars next to the basis vectors and to Babai rounding boundaries); the decomposition alone;
 * and the memory-access proof of the lookups into the m (signed) endomorphism tables.
 */
import { ctAccess, ctFlow, secretIndices, secretsForModulus } from "../../ct/registry.ts";
import { encodeInteger } from "../../ct/secrets.ts";
import { bn254Groups } from "../../../curves/bn254/mod.ts";
import {
  G1_LAMBDA as BN254_G1_LAMBDA,
  g1Basis as bn254G1Basis,
  g2Basis as bn254G2Basis,
} from "../../../curves/bn254/endomorphism.ts";
import type { Group } from "../../../curves/group/group.ts";
import { selectPoint, WINDOW_ENTRIES } from "../../../curves/group/scalar_mul.ts";
import { determinant, LatticeDigits } from "../../../scalar/lattice.ts";
import { scalarBytes, ScalarReducer } from "../../../scalar/reduce.ts";

const r = FIELDS["bn254-fr"].p, u = BN254_U;
const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;
const abs = (x: bigint) => (x < 0n ? -x : x);

/** secretsForModulus(r) and scalars shaped by the lattice of G1 (which = 0) or G2 (1). */
function latticeSecrets(which: 0 | 1): Uint8Array[] {
  const basis = which === 0 ? bn254G1Basis() : bn254G2Basis();
  const lambda = which === 0 ? BN254_G1_LAMBDA : 6n * u * u, n = basis.length;
  const v = [lambda, r - lambda, (lambda * lambda) % r, u, 6n * u * u];
  for (const b of basis) v.push(mod(b[0], r), mod(-b[0], r), mod(b[0] + 1n, r));
  const det = abs(determinant(basis)); // k·a₀ next to a half-integer: k ≈ (2m + 1)·det / (2|C₀₀|)
  const C = abs(determinant(basis.slice(1).map((row) => row.slice(1))));
  v.push((3n * det) / (2n * C), (1001n * det) / (2n * C));
  // one scalar per sign pattern of the sub-scalars (public search with a deterministic generator)
  const dec = new LatticeDigits(basis, lambda, r), red = new ScalarReducer(r);
  const d = new Int32Array(n * dec.digitLimbs), signs = new Int32Array(n), seen = new Set<number>();
  let x = 0x1234567n;
  for (let i = 0; i < 400 && seen.size < 1 << n; i++) {
    x = (x * 0x5deece66dn + 11n + (x << 131n)) % r;
    dec.decompose(d, red.reduce(encodeInteger(x, 32)), signs);
    let pat = 0;
    for (let j = 0; j < n; j++) pat |= signs[j] << j;
    if (!seen.has(pat)) seen.add(pat), v.push(x);
  }
  if (seen.size !== 1 << n) throw new Error("not every sign pattern found");
  return [...secretsForModulus(r, 32), ...v.map((k) => encodeInteger(k % r, 32))];
}

for (const backend of ["wasm", "ts"] as const) {
  for (const [which, idx] of [["G1", 0], ["G2", 1]] as const) {
    const group = () => bn254Groups(backend)[which];
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
    ctFlow(`bn254 ${which} glv multiply, lattice-shaped k < r (${backend})`, run, () => latticeSecrets(idx));

    ctAccess(
      `bn254 ${which} glv table lookups read all ${WINDOW_ENTRIES} entries of each table (${backend})`,
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

for (
  const [label, which, idx] of [["G1 (2 sub-scalars)", "G1", 0], ["G2 (4 sub-scalars)", "G2", 1]] as const
) {
  let red: ScalarReducer | undefined;
  ctFlow(`bn254 ${label} lattice decomposition`, (k: Uint8Array) => {
    red ??= new ScalarReducer(r);
    // deno-lint-ignore no-explicit-any
    const s = (bn254Groups("ts")[which] as Group<any>).endo!;
    s.split.digits.decompose(s.d, red.reduce(k), s.signs);
  }, () => latticeSecrets(idx));
}
