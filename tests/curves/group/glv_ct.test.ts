/**
 * Constant-time proofs of the endomorphism multiplication (tests/ct), for G1 and G2 of every curve
 * of CURVES on both backends: control flow of `multiplyInto` (reduction, decomposition, endomorphism
 * tables, the Booth digits and their sign (the sub-scalar's for BN254), interleaved window; on wasm the
 * Jacobian loop with its table normalisation) with canonical
 * secrets below r plus scalars shaped by the curve's decomposition (BLS12-381: extreme base-|x| /
 * base-x² digits, i.e. multiples and powers of x, multiples of λ, all digits B − 1, digits 0; BN254:
 * every sign pattern of the lattice sub-scalars, sub-scalars 0, multiples of λ, scalars next to the
 * basis vectors and to Babai rounding boundaries); the decomposition alone; and the memory-access
 * proof of the lookups into the m endomorphism tables. (tests/curves/group/ct.test.ts proves the same
 * `multiply` with its own secrets; this file adds the decomposition-shaped ones.)
 */
import { ctAccess, ctFlow, secretIndices, secretsForModulus } from "../../ct/registry.ts";
import {
  type Backend,
  BLS12_381_X,
  BN254_G1_LAMBDA,
  BN254_U,
  bn254G1Basis,
  bn254G2Basis,
  determinant,
  FIELDS,
  type GroupImpl,
  LatticeDigits,
  scalarBytes,
  ScalarReducer,
  selectPoint,
} from "../../internal.ts";
import { encodeInteger } from "../../ct/secrets.ts";
import { bls12_381Groups } from "../../internal.ts";
import { bn254Groups } from "../../internal.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;

/** One curve: its groups and the secrets shaped by the decomposition of each group. */
interface Curve {
  /** Lower-case name, the prefix of the proofs' names. */
  name: string;
  r: bigint;
  groups: (backend: Backend) => { G1: AnyGroup; G2: AnyGroup };
  /** secretsForModulus(r) and scalars shaped by G1's (which = 0) or G2's (1) decomposition. */
  secrets: (which: 0 | 1) => Uint8Array[];
  /** The name of those secrets in the multiplication proofs. */
  shape: string;
  /** The decomposition proofs: label and group, in order. */
  decompositions: [string, "G1" | "G2"][];
}

// ---- BLS12-381: base-|x| / base-x² digits ----
const rBls = FIELDS["bls12-381-fr"].p, w = -BLS12_381_X;

/** secretsForModulus(r) and scalars whose base-|x| / base-x² digits are extreme. */
function digitSecrets(): Uint8Array[] {
  const r = rBls, v = [w, w * w, w * w * w, w - 1n, w * w - 1n, (r - w * w) % r, (r - w) % r, r - w * w * w];
  let top = 0n;
  for (let i = 0n; i < 3n; i++) top += (w - 1n) * w ** i;
  v.push(top, (w * w - 1n) * w * w);
  return [...secretsForModulus(r, 32), ...v.map((k) => encodeInteger(k % r, 32))];
}

// ---- BN254: signed lattice sub-scalars ----
const rBn = FIELDS["bn254-fr"].p, u = BN254_U;
const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;
const abs = (x: bigint) => (x < 0n ? -x : x);

/** secretsForModulus(r) and scalars shaped by the lattice of G1 (which = 0) or G2 (1). */
function latticeSecrets(which: 0 | 1): Uint8Array[] {
  const r = rBn, basis = which === 0 ? bn254G1Basis() : bn254G2Basis();
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

const CURVES: Curve[] = [
  {
    name: "bls12-381",
    r: rBls,
    groups: bls12_381Groups,
    secrets: digitSecrets,
    shape: "digit-shaped",
    decompositions: [["G2 (base |x|, 4 digits)", "G2"], ["G1 (base x², 2 digits)", "G1"]],
  },
  {
    name: "bn254",
    r: rBn,
    groups: bn254Groups,
    secrets: latticeSecrets,
    shape: "lattice-shaped",
    decompositions: [["G1 (2 sub-scalars) lattice", "G1"], ["G2 (4 sub-scalars) lattice", "G2"]],
  },
];

for (const c of CURVES) {
  for (const backend of ["wasm", "ts"] as const) {
    for (const [which, idx] of [["G1", 0], ["G2", 1]] as const) {
      const group = () => c.groups(backend)[which];
      // A fixed public non-base point; multiplyInto into a module-lifetime slot (see ct.test.ts).
      let p = -1, out = -1; // module-lifetime slots of the fixed point and the result (test only)
      const run = (k: Uint8Array) => {
        const g = group();
        if (p < 0) p = g.slotOf(g.BASE.multiplyUnsafe(0xfedcba9876543210fedcba9876543210n));
        if (out < 0) out = g.law.alloc(1);
        g.multiplyInto(out, p, scalarBytes(k));
      };
      ctFlow(`${c.name} ${which} glv multiply, ${c.shape} k < r (${backend})`, run, () => c.secrets(idx));

      ctAccess(
        `${c.name} ${which} glv table lookups read all entries of each table (${backend})`,
        (d: number, trace) => {
          const s = group().endo!;
          for (const T of s.tables) selectPoint(s.law, s.sel, trace.wrap([...T]), d);
        },
        () => secretIndices(group().endo!.entries), // 2^(w−1): the group's window
        { fullScan: true },
      );
    }
  }

  for (const [label, which] of c.decompositions) {
    let red: ScalarReducer | undefined;
    ctFlow(`${c.name} ${label} decomposition`, (k: Uint8Array) => {
      red ??= new ScalarReducer(c.r);
      const s = c.groups("ts")[which].endo!;
      s.split.digits.decompose(s.d, red.reduce(k), s.signs);
    }, () => c.secrets(which === "G1" ? 0 : 1));
  }
}
