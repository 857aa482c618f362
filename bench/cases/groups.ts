/**
 * Group operations. Suites `bls12-381` and `bn254`: `g1-add`; the point formulas on slots,
 * `g1-add-proj`, `g1-madd-proj`, `g1-dbl-proj` (complete projective; the mixed addition takes an
 * affine q) beside `g1-add-jac`, `g1-madd`, `g1-dbl-jac` (constant-time Jacobian), and the same for G2; `g1-mul-ct`, `g1-mul-w4`, `g1-mul-w5`,
 * `g2-mul-ct`, `g2-mul-w4`, `g2-mul-w5`, `g1-mul-base`, `g2-mul-base`.
 *
 * `g*-mul-w4` / `g*-mul-w5` are the frozen baselines of the endomorphism multiplication (`*-mul-ct`,
 * GLV on G1, GLS on G2), the table of constantine's "Endomorphism G2" change: the plain fixed window
 * `mulCt` (curves/group/scalar_mul.ts: unsigned digits, complete projective formulas, masked scan of
 * the whole table) with 16 and 32 entries, on the same field kernels and point formulas, and with the
 * same per-call work around it as `multiply` (load the point, reduce the 32-byte scalar, save).
 * Fair comparisons: each library's public constant-time path; a fresh,
 * non-base point for `*-mul-ct` (no cached precomputation); the base point with each library's own
 * tables (if any) for `*-mul-base`.
 *
 * BLS12-381 also has `g1-mul-unsafe` / `g2-mul-unsafe`: the variable-time multiplication of a fresh
 * point by a random scalar below r (isochron and noble `multiplyUnsafe`, mcl-wasm's public `mcl.mul`).
 * mcl-wasm's `*-mul-ct` rows call its constant-time `mulCT` through the raw export (`_mclBnG1_mulCT` /
 * `_mclBnG2_mulCT` via the point's `_op2` helper): mcl-wasm has no public constant-time multiply, so
 * the rows' label says so (bench/wasm_peers.ts; tests/bench/wasm_peers.test.ts checks both results).
 */

import { type BenchCase, randomBelow, randomBytes } from "../case.ts";
import { type GroupImpl, Jacobian, mulCt, WindowScratch } from "../internal.ts";
import { mclWasm } from "../wasm_peers.ts";

async function noble() {
  const { bls12_381 } = await import("@noble/curves/bls12-381.js");
  const r = bls12_381.fields.Fr.ORDER;
  return { G1: bls12_381.G1.Point, G2: bls12_381.G2.Point, r };
}

async function nobleBn254() {
  const { bn254 } = await import("@noble/curves/bn254.js");
  return { G1: bn254.G1.Point, G2: bn254.G2.Point, r: bn254.fields.Fr.ORDER };
}

async function isochron(suite: string, backend: "wasm" | "ts") {
  if (suite === "bls12-381") {
    const { bls12_381Groups } = await import("../../curves/bls12_381/groups.ts");
    const { G1, G2 } = bls12_381Groups(backend);
    return { G1, G2, r: G1.r };
  }
  const { bn254Groups } = await import("../../curves/bn254/groups.ts");
  const { G1, G2 } = bn254Groups(backend);
  return { G1, G2, r: G1.r };
}

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;

/** k as the 32-byte big-endian Uint8Array, isochron's constant-time scalar form. */
function be32(k: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, k >>= 8n) out[i] = Number(k & 0xffn);
  return out;
}

/**
 * isochron rows, both backends: complete projective addition of two fresh points, and `multiply`
 * (fixed 4-bit window, complete formulas, no GLV yet) of a fresh non-base point by a random scalar
 * below r given as 32 bytes.
 */
function isochronCases(suite: string): BenchCase[] {
  const out: BenchCase[] = [];
  for (const backend of ["wasm", "ts"] as const) {
    out.push({
      suite,
      op: "g1-add",
      label: "G1 addition (projective, complete)",
      lib: "isochron",
      backend,
      setup: async () => {
        const { G1, r } = await isochron(suite, backend);
        const p = G1.BASE.multiply(randomBelow(r)), q = G1.BASE.multiply(randomBelow(r));
        return () => p.add(q);
      },
    });
    // Point formulas on arena slots (no Point objects): complete projective (Renes–Costello–Batina)
    // against constant-time Jacobian (curves/group/jacobian.ts), fresh random points.
    for (const g of ["G1", "G2"] as const) {
      const formulas = [
        [
          "add-proj",
          "addition (projective, complete, slots)",
          (G: AnyGroup) => (o: number, p: number, q: number) => G.law.add(o, p, q),
        ],
        [
          "madd-proj",
          "mixed addition (projective + affine, Algorithm 8, slots)",
          (G: AnyGroup) => (o: number, p: number, q: number) => G.law.madd(o, p, q),
        ],
        [
          "dbl-proj",
          "doubling (projective, complete, slots)",
          (G: AnyGroup) => (o: number, p: number) => G.law.dbl(o, p),
        ],
        [
          "add-jac",
          "addition (Jacobian, constant-time, every case, slots)",
          (_: AnyGroup, J: Jacobian<unknown>) => (o: number, p: number, q: number) => J.add(o, p, q),
        ],
        [
          "madd",
          "mixed addition (Jacobian + affine, constant-time, slots)",
          (_: AnyGroup, J: Jacobian<unknown>) => (o: number, p: number, q: number) => J.madd(o, p, q),
        ],
        [
          "dbl-jac",
          "doubling (Jacobian, dbl-2009-l, slots)",
          (_: AnyGroup, J: Jacobian<unknown>) => (o: number, p: number) => J.dbl(o, p),
        ],
      ] as const;
      for (const [op, what, make] of formulas) {
        out.push({
          suite,
          op: `${g.toLowerCase()}-${op}`,
          label: `${g} ${what}`,
          lib: "isochron",
          backend,
          setup: async () => {
            const groups = await isochron(suite, backend);
            const G = groups[g] as unknown as AnyGroup, law = G.law, F = G.F, n = law.n;
            const J = new Jacobian(F, G.jacobianExports);
            const p = G.slotOf(G.BASE.multiply(randomBelow(groups.r)));
            const q = G.slotOf(G.BASE.multiply(randomBelow(groups.r)));
            if (op === "madd" || op === "madd-proj") { // q affine (Z = 1)
              const x = F.alloc(2);
              law.toAffine(x, x + n, q);
              law.fromAffine(q, x, x + n);
            }
            if (op.endsWith("jac") || op === "madd") J.fromProjective(p, p);
            if (op === "add-jac") J.fromProjective(q, q);
            const out = law.alloc(1);
            // deno-lint-ignore no-explicit-any
            const f = (make as any)(G, J);
            return () => f(out, p, q);
          },
        });
      }
    }
    for (const g of ["G1", "G2"] as const) {
      out.push({
        suite,
        op: `${g.toLowerCase()}-mul-ct`,
        label: `${g} scalar multiplication (constant-time, non-base point)`,
        lib: "isochron",
        backend,
        setup: async () => {
          const groups = await isochron(suite, backend);
          const p = groups[g].BASE.multiply(randomBelow(groups.r));
          const k = be32(randomBelow(groups.r));
          return () => p.multiply(k);
        },
      });
      for (const w of [4, 5] as const) {
        out.push({
          suite,
          op: `${g.toLowerCase()}-mul-w${w}`,
          label: `${g} scalar multiplication (constant-time, non-base point, plain window ${w}: ` +
            `${1 << w}-entry table, unsigned digits, complete projective formulas, no endomorphism)`,
          lib: "isochron",
          backend,
          // sampled in turn with `*-mul-ct`, so that the table's ratio sees the same machine
          interleaveWith: `${g.toLowerCase()}-mul-ct`,
          setup: async () => {
            const groups = await isochron(suite, backend);
            // deno-lint-ignore no-explicit-any
            const G = groups[g] as unknown as GroupImpl<any>;
            const p = G.BASE.multiply(randomBelow(groups.r));
            const k = be32(randomBelow(groups.r));
            const s = new WindowScratch(G.law, w);
            return () => {
              const limbs = G.reducer.reduce(k);
              mulCt(s, G.res, G.load(p, G.in0), limbs, G.bits);
              limbs.fill(0);
              return G.save(G.res);
            };
          },
        });
      }
    }
    // Fixed-base: `multiply` of the group's own BASE takes the generator's table (curves/fixed_base.ts,
    // built in setup by a first call, as each library's tables are built before timing).
    for (const g of ["G1", "G2"] as const) {
      out.push({
        suite,
        op: `${g.toLowerCase()}-mul-base`,
        label: `${g} fixed-base scalar multiplication (constant-time)`,
        lib: "isochron",
        backend,
        setup: async () => {
          const groups = await isochron(suite, backend);
          const k = be32(randomBelow(groups.r));
          groups[g].BASE.multiply(k); // builds the table
          return () => groups[g].BASE.multiply(k);
        },
      });
    }
  }
  return out;
}

/** noble rows of suite bn254 (same shapes as its bls12-381 rows). */
function nobleBn254Cases(): BenchCase[] {
  const out: BenchCase[] = [{
    suite: "bn254",
    op: "g1-add",
    label: "G1 addition (projective, complete)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { G1, r } = await nobleBn254();
      const p = G1.BASE.multiply(randomBelow(r)), q = G1.BASE.multiply(randomBelow(r));
      return () => p.add(q);
    },
  }];
  for (const g of ["G1", "G2"] as const) {
    out.push({
      suite: "bn254",
      op: `${g.toLowerCase()}-mul-ct`,
      label: `${g} scalar multiplication (constant-time, non-base point)`,
      lib: "noble",
      backend: "bigint",
      setup: async () => {
        const groups = await nobleBn254();
        const p = groups[g].BASE.multiply(randomBelow(groups.r));
        const k = randomBelow(groups.r);
        return () => p.multiply(k);
      },
    });
    out.push({
      suite: "bn254",
      op: `${g.toLowerCase()}-mul-base`,
      label: `${g} fixed-base scalar multiplication (constant-time)`,
      lib: "noble",
      backend: "bigint",
      setup: async () => {
        const groups = await nobleBn254();
        const k = randomBelow(groups.r);
        groups[g].BASE.multiply(k); // noble's lazily built base tables
        return () => groups[g].BASE.multiply(k);
      },
    });
  }
  return out;
}

/** mcl-wasm's multiplication of a fresh non-base point by a random scalar (public `mul` or raw `mulCt`). */
async function mclMultiply(g: "G1" | "G2", how: "mul" | "mulCt"): Promise<() => unknown> {
  const mcl = await mclWasm(), { r } = await noble();
  const base = g === "G1" ? mcl.G1 : mcl.G2;
  const p = mcl.mul(base, mcl.scalar(randomBelow(r))), k = mcl.scalar(randomBelow(r));
  return () => mcl[how](p, k);
}

export default function groupCases(): Promise<BenchCase[]> {
  const cases: BenchCase[] = [...isochronCases("bls12-381"), ...isochronCases("bn254"), ...nobleBn254Cases()];

  // noble: complete projective addition of two random non-base points.
  cases.push({
    suite: "bls12-381",
    op: "g1-add",
    label: "G1 addition (projective, complete)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { G1, r } = await noble();
      const p = G1.BASE.multiply(randomBelow(r));
      const q = G1.BASE.multiply(randomBelow(r));
      return () => p.add(q);
    },
  });

  // noble: `multiply` (its constant-time path) of a fresh non-base point by a random 255-bit scalar.
  cases.push({
    suite: "bls12-381",
    op: "g1-mul-ct",
    label: "G1 scalar multiplication (255-bit, constant-time, non-base point)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { G1, r } = await noble();
      const p = G1.BASE.multiply(randomBelow(r));
      const k = randomBelow(r);
      return () => p.multiply(k);
    },
  });

  cases.push({
    suite: "bls12-381",
    op: "g2-mul-ct",
    label: "G2 scalar multiplication (255-bit, constant-time, non-base point)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { G2, r } = await noble();
      const p = G2.BASE.multiply(randomBelow(r));
      const k = randomBelow(r);
      return () => p.multiply(k);
    },
  });

  // Variable-time multiplication (public scalars) and mcl-wasm's two multiplications.
  for (const g of ["G1", "G2"] as const) {
    const unsafe = {
      suite: "bls12-381",
      op: `${g.toLowerCase()}-mul-unsafe`,
      label: `${g} scalar multiplication (variable-time, non-base point)`,
    };
    for (const backend of ["wasm", "ts"] as const) {
      cases.push({
        ...unsafe,
        lib: "isochron",
        backend,
        setup: async () => {
          const groups = await isochron("bls12-381", backend);
          const p = groups[g].BASE.multiply(randomBelow(groups.r)), k = randomBelow(groups.r);
          return () => p.multiplyUnsafe(k);
        },
      });
    }
    cases.push({
      ...unsafe,
      lib: "noble",
      backend: "bigint",
      setup: async () => {
        const groups = await noble();
        const p = groups[g].BASE.multiply(randomBelow(groups.r)), k = randomBelow(groups.r);
        return () => p.multiplyUnsafe(k);
      },
    });
    cases.push({
      ...unsafe,
      label: `${unsafe.label}: mcl.mul`,
      lib: "mcl-wasm",
      backend: "wasm",
      setup: () => mclMultiply(g, "mul"),
    });
    cases.push({
      suite: "bls12-381",
      op: `${g.toLowerCase()}-mul-ct`,
      label: `${g} scalar multiplication (constant-time, non-base point): mcl-wasm's mulCT by its raw ` +
        `export _mclBn${g}_mulCT (no public constant-time API)`,
      lib: "mcl-wasm",
      backend: "wasm",
      setup: () => mclMultiply(g, "mulCt"),
    });
  }

  // @chainsafe/blst exposes no multiplication of an arbitrary point (only keys, signatures and
  // aggregation), so it has no `*-mul-ct` rows. Its fixed-base multiplication is reachable as
  // `SecretKey.toPublicKey()` (blst_sk_to_pk_in_g1: constant-time, no base tables), which also
  // converts the result to affine coordinates (one inversion) and wraps it in a JS object: that
  // small extra cost counts against blst.
  cases.push({
    suite: "bls12-381",
    op: "g1-mul-base",
    label: "G1 fixed-base scalar multiplication (255-bit, constant-time)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { G1, r } = await noble();
      const k = randomBelow(r);
      return () => G1.BASE.multiply(k);
    },
  });

  cases.push({
    suite: "bls12-381",
    op: "g2-mul-base",
    label: "G2 fixed-base scalar multiplication (255-bit, constant-time)",
    lib: "noble",
    backend: "bigint",
    setup: async () => {
      const { G2, r } = await noble();
      const k = randomBelow(r);
      G2.BASE.multiply(k); // noble's lazily built base tables
      return () => G2.BASE.multiply(k);
    },
  });

  cases.push({
    suite: "bls12-381",
    op: "g1-mul-base",
    label: "G1 fixed-base scalar multiplication (255-bit, constant-time)",
    lib: "blst",
    backend: "native",
    setup: async () => {
      const { SecretKey } = await import("@chainsafe/blst");
      const sk = SecretKey.fromKeygen(randomBytes(32));
      return () => sk.toPublicKey();
    },
  });

  return Promise.resolve(cases);
}
