/**
 * Fixed-base multiplication (curves/group/fixed_base.ts) of the four groups on both backends: equal to the
 * generic constant-time `multiplyInto` on the generator's slot, to `multiplyUnsafe` and to noble's
 * `BASE.multiply`, on random and edge scalars; `Point.multiply` of BASE takes the table, of an equal
 * but distinct point the generic path; constant-time proofs: the memory access of the row select and
 * the control flow of `multiplyBaseInto`.
 */
import { ctAccess, ctFlow, secretIndices, secretsForModulus } from "../../ct/registry.ts";
import { encodeInteger } from "../../ct/secrets.ts";
import assert from "node:assert/strict";
import { bls12_381 as nbls } from "@noble/curves/bls12-381.js";
import { bn254 as nbn } from "@noble/curves/bn254.js";
import {
  FixedBaseTable,
  GENERIC_BASE_USES,
  type GroupImpl,
  type PointImpl,
  scalarBytes,
  selectRow,
} from "../../internal.ts";
import { BACKENDS, be32, bls12_381Groups, bn254Groups, rng } from "../helpers.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;
// deno-lint-ignore no-explicit-any
type NoblePoint = any;

const GROUPS = [
  ["bls12-381", "G1"],
  ["bls12-381", "G2"],
  ["bn254", "G1"],
  ["bn254", "G2"],
] as const;

function groupOf(curve: string, which: "G1" | "G2", backend: "wasm" | "ts"): AnyGroup {
  return (curve === "bls12-381" ? bls12_381Groups(backend) : bn254Groups(backend))[which] as AnyGroup;
}
function nobleOf(curve: string, which: "G1" | "G2"): NoblePoint {
  return (curve === "bls12-381" ? nbls : nbn)[which].Point;
}

/** Our point's affine coordinates against noble's (identity: (0, 0)). */
function sameAsNoble(p: PointImpl<unknown>, q: NoblePoint): boolean {
  const flat = (v: unknown): bigint[] =>
    typeof v === "bigint" ? [v] : [(v as { c0: bigint }).c0, (v as { c1: bigint }).c1];
  const a = p.toAffine();
  if (q.is0()) return [...flat(a.x), ...flat(a.y)].every((c) => c === 0n);
  const b = q.toAffine();
  return [...flat(a.x), ...flat(a.y)].join() === [...flat(b.x), ...flat(b.y)].join();
}

/** Edge scalars: 0, 1, 2, r − 1, r, r + 1, 2^256 − 1, all digits 2^(w−1) (maximal carries), all digits 2^(w−1) − 1. */
function edgeScalars(r: bigint, w: number): bigint[] {
  const bits = r.toString(2).length;
  let half = 0n, below = 0n;
  for (let i = 0; w * i < bits; i++) {
    half += BigInt(1 << (w - 1)) << BigInt(w * i);
    below += BigInt((1 << (w - 1)) - 1) << BigInt(w * i);
  }
  const m = (1n << 256n) - 1n;
  return [0n, 1n, 2n, r - 1n, r, r + 1n, m, half & m, below & m, (r - 1n) >> 1n, 1n << BigInt(bits - 1)];
}

for (const backend of BACKENDS) {
  for (const [curve, which] of GROUPS) {
    Deno.test(`fixed-base ${curve} ${which} (${backend}): equals generic multiply and noble`, () => {
      const G = groupOf(curve, which, backend), N = nobleOf(curve, which), r = G.r;
      const T = G.fixedBase;
      assert.equal(T.rows.length, Math.floor(G.bits / T.w) + 1);
      const rand = rng(curve.length * 31 + which.length + backend.length * 7);
      const scalars = [
        ...edgeScalars(r, T.w),
        ...Array.from({ length: 6 }, () => rand()),
        ...Array.from({ length: 4 }, () => rand() % r),
      ];
      const generic = G.law.alloc(1), viaInto = G.law.alloc(1);
      for (const k of scalars) {
        const bytes = be32(k);
        const P = G.BASE.multiply(bytes);
        G.multiplyInto(generic, G.baseSlot, bytes);
        G.multiplyBaseInto(viaInto, bytes);
        assert.ok(P.equals(G.save(generic)), `k = ${k}: table vs generic`);
        assert.ok(G.save(viaInto).equals(G.save(generic)), `k = ${k}: multiplyBaseInto`);
        assert.ok(P.equals(G.BASE.multiplyUnsafe(bytes)), `k = ${k}: vs multiplyUnsafe`);
        if (k >= 1n && k < r) assert.ok(G.BASE.multiply(k).equals(P), `k = ${k}: bigint form`);
        const km = k % r;
        assert.ok(sameAsNoble(P, km === 0n ? N.ZERO : N.BASE.multiply(km)), `k = ${k}: vs noble`);
        assert.equal(P.isZero(), km === 0n);
      }
      // A point equal to BASE but a distinct object takes the generic path, with the same result.
      const B2 = G.BASE.add(G.ZERO), k = be32(rand() % r);
      assert.notEqual(B2, G.BASE);
      assert.ok(B2.multiply(k).equals(G.BASE.multiply(k)));
      // The table is built once.
      assert.equal(G.fixedBase, T);
    });
  }
}

Deno.test("fixed-base: a fresh group builds its table at base multiplication GENERIC_BASE_USES + 1", () => {
  const G = groupOf("bls12-381", "G1", "wasm");
  // A second group of the same spec (own slots, no table yet): what a fresh process starts with.
  // deno-lint-ignore no-explicit-any
  const g = new (G.constructor as any)((G as any).spec) as AnyGroup;
  const built = () => (g as unknown as { fixedBaseState: unknown }).fixedBaseState !== undefined;
  const out = g.law.alloc(1), rand = rng(13);
  for (let i = 1; i <= GENERIC_BASE_USES + 2; i++) {
    const k = be32(rand() % g.r);
    g.multiplyBaseInto(out, k);
    assert.ok(g.save(out).equals(g.BASE.multiplyUnsafe(k)), `call ${i}: k·BASE`);
    assert.equal(built(), i > GENERIC_BASE_USES, `call ${i}: table built`);
  }
});

Deno.test("fixed-base: table rows hold (j + 1)·2^(w·i)·G, any window width", () => {
  const G = groupOf("bn254", "G1", "wasm"), law = G.law, F = G.F;
  for (const w of [2, 3, 6]) {
    const T = new FixedBaseTable(law, G.baseSlot, G.bits, w);
    const p = G.law.alloc(1);
    for (const [i, j] of [[0, 0], [1, (1 << (w - 1)) - 1], [T.rows.length - 1, 1]]) {
      F.copy(p, T.rows[i][j]);
      F.copy(p + 1, T.rows[i][j] + 1);
      F.setOne(p + 2);
      assert.ok(
        G.save(p).equals(G.BASE.multiplyUnsafe(be32(BigInt(j + 1) << BigInt(w * i)))),
        `w=${w} row ${i} entry ${j}`,
      );
    }
    const k = 0x1234567890abcdef1234567890abcdef1234567890abcdefn;
    T.mul(p, G.reducer.reduce(be32(k)));
    assert.ok(G.save(p).equals(G.BASE.multiplyUnsafe(k)), `w=${w} mul`);
  }
  assert.throws(() => new FixedBaseTable(law, G.baseSlot, G.bits, 1));
});

// Constant-time proofs.
for (const backend of BACKENDS) {
  for (const [curve, which] of GROUPS) {
    const group = () => groupOf(curve, which, backend);
    let out = -1;
    const secrets = () => {
      const g = group(), w = g.fixedBase.w;
      const extra = edgeScalars(g.r, w).filter((k) => k >= g.r).map((k) => encodeInteger(k, 32));
      const digits = edgeScalars(g.r, w).slice(7, 9).map((k) => encodeInteger(k, 32));
      return [...secretsForModulus(g.r, 32), ...extra, ...digits];
    };
    ctFlow(`${curve} ${which} fixed-base multiplyBaseInto (${backend})`, (k: Uint8Array) => {
      const g = group();
      if (out < 0) out = g.law.alloc(1);
      g.multiplyBaseInto(out, scalarBytes(k));
    }, secrets);

    if (backend === "wasm") {
      ctAccess(
        `${curve} ${which} fixed-base row select reads every entry of the row`,
        (d: number, trace) => {
          const T = group().fixedBase;
          for (const row of [T.rows[0], T.rows[T.rows.length - 1]]) {
            selectRow(T.law, T.sel, trace.wrap([...row]), d, T.one);
          }
        },
        () => secretIndices(group().fixedBase.rows[0].length + 1),
        { fullScan: true },
      );
    }
  }
}
