/**
 * Before/after a change to the library: the public API's composite operations of two source trees
 * (two checkouts of the repository) in one Deno process, alternated call batch by call batch, best of
 * N rounds of ~40 ms each (the best is what a noisy shared machine disturbs least). Each tree builds
 * its own modules, so both run as a fresh import of their code would.
 *
 * ```sh
 * git worktree add /tmp/before <commit>        # the tree to compare against
 * deno run -A bench/ab_trees.ts /tmp/before . 40
 * deno run -A bench/ab_trees.ts /tmp/before . 40 'sum'   # only the operations whose name matches
 * ```
 *
 * Prints per operation: before, after, after ÷ before.
 * @module
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [beforeDir, afterDir = ".", roundsArg = "40", filter = ""] = Deno.args;
if (beforeDir === undefined) {
  console.error("usage: deno run -A bench/ab_trees.ts <before tree> [after tree = .] [rounds = 40] [regex]");
  Deno.exit(2);
}
const rounds = Number(roundsArg);

// deno-lint-ignore no-explicit-any
type Lib = { bls: any; bn: any };
async function load(dir: string): Promise<Lib> {
  const at = (p: string) => pathToFileURL(resolve(dir, p)).href;
  return {
    bls: (await import(at("curves/bls12_381/mod.ts"))).bls12_381,
    bn: (await import(at("curves/bn254/mod.ts"))).bn254,
  };
}

const msg = new Uint8Array(32).fill(3);
const K = 123456789012345678901234567890123456789n;
/** Each case returns the function to time, set up on one tree's library. */
const CASES: readonly { name: string; setup: (l: Lib) => () => unknown }[] = [
  {
    name: "bls12-381 pairing",
    setup: ({ bls }) => {
      const P = bls.G1.BASE.multiply(7n), Q = bls.G2.BASE.multiply(9n);
      return () => bls.pairing(P, Q);
    },
  },
  {
    name: "bn254 pairing",
    setup: ({ bn }) => {
      const P = bn.G1.BASE.multiply(7n), Q = bn.G2.BASE.multiply(9n);
      return () => bn.pairing(P, Q);
    },
  },
  {
    name: "bls12-381 bls-verify (bytes in)",
    setup: ({ bls }) => {
      const s = bls.sig, sk = s.SecretKey.keyGen(new Uint8Array(32).fill(5));
      const pk = s.getPublicKey(sk).toBytes(), sg = s.sign(sk, msg).toBytes();
      return () => s.verify(s.PublicKey.fromBytes(pk), msg, s.Signature.fromBytes(sg));
    },
  },
  {
    name: "bls12-381 bls-sign",
    setup: ({ bls }) => {
      const s = bls.sig, sk = s.SecretKey.keyGen(new Uint8Array(32).fill(5));
      return () => s.sign(sk, msg);
    },
  },
  {
    name: "bls12-381 g1-mul-ct",
    setup: ({ bls }) => {
      const P = bls.G1.BASE.multiply(11n);
      return () => P.multiply(K);
    },
  },
  {
    name: "bls12-381 g2-mul-ct",
    setup: ({ bls }) => {
      const P = bls.G2.BASE.multiply(11n);
      return () => P.multiply(K);
    },
  },
  ...(["G1", "G2"] as const).map((g) => ({
    name: `bls12-381 ${g.toLowerCase()}-sum-affine-10000`,
    setup: ({ bls }: Lib) => {
      // 100 distinct points decoded without the subgroup check (Z = 1, as keys are), repeated to 10⁴
      const G = bls[g], distinct = Array.from({ length: 100 }, (_, i) => G.BASE.multiply(BigInt(i + 2)));
      const pts = Array.from(
        { length: 10_000 },
        (_, i) => G.fromBytesUnchecked(distinct[i % 100].toBytes(false)),
      );
      return () => G.sumVartime(pts);
    },
  })),
  {
    name: "bls12-381 g1-add ×100",
    setup: ({ bls }) => {
      const P = bls.G1.BASE.multiply(11n), Q = bls.G1.BASE.multiply(13n);
      return () => {
        for (let i = 0; i < 100; i++) P.add(Q);
      };
    },
  },
];

/** ms per call of f over a batch of about 40 ms. */
function batch(f: () => unknown): number {
  const t0 = performance.now();
  let k = 0;
  do f(), k++; while (performance.now() - t0 < 40);
  return (performance.now() - t0) / k;
}

const [before, after] = [await load(beforeDir), await load(afterDir)];
console.log(
  `before: ${resolve(beforeDir)}, after: ${resolve(afterDir)}; best of ${rounds} alternating rounds`,
);
for (const c of CASES.filter((c) => new RegExp(filter).test(c.name))) {
  const fb = c.setup(before), fa = c.setup(after);
  batch(fb), batch(fa); // warm-up
  let b = Infinity, a = Infinity;
  for (let r = 0; r < rounds; r++) b = Math.min(b, batch(fb)), a = Math.min(a, batch(fa));
  const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
  console.log(`${c.name}: before ${us(b)}, after ${us(a)}, after/before ${(a / b).toFixed(3)}`);
}
