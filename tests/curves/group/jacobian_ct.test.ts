/**
 * Control-flow proofs of the Jacobian formulas (curves/group/jacobian.ts: add, mixed add, doubling and
 * the conversions), G1 and G2 of both curves, both backends: the secret is the input pair, drawn from
 * every row of the module's case table (generic, P = Q in two representations, P = −Q, P = O, Q = O,
 * both O), so a branch on any exceptional case would show. The wasm opcode proofs (straight-line
 * jac_add, jac_madd, jac_dbl) are in wasm_point.test.ts.
 */
import { ctFlow } from "../../ct/registry.ts";
import { bls12_381Groups, bn254Groups, type GroupImpl, Jacobian } from "../../internal.ts";

// deno-lint-ignore no-explicit-any
type AnyGroup = GroupImpl<any>;

for (const backend of ["wasm", "ts"] as const) {
  for (const curve of ["bls12-381", "bn254"] as const) {
    for (const which of ["G1", "G2"] as const) {
      const group = () =>
        (curve === "bls12-381" ? bls12_381Groups(backend) : bn254Groups(backend))[
          which
        ] as unknown as AnyGroup;
      let state: {
        J: Jacobian<unknown>;
        pairs: [number, number, number][];
        a: number;
        b: number;
        c: number;
        out: number;
      } | null = null;
      /** Input pairs (p Jacobian, q Jacobian, q affine or O) of every case; built on first use (public). */
      const setup = () => {
        if (state !== null) return state;
        const G = group(), law = G.law, F = G.F, n = law.n;
        const J = new Jacobian(F, G.jacobianExports);
        const proj = (k: bigint) => G.slotOf(G.BASE.multiplyUnsafe(k));
        const jac = (p: number) => {
          const j = law.alloc(1);
          J.fromProjective(j, p);
          return j;
        };
        const aff = (p: number) => {
          const j = law.alloc(1), x = F.alloc(2);
          law.toAffine(x, x + n, p);
          law.fromAffine(j, x, x + n);
          return j;
        };
        const P = proj(0x1234567n),
          Q = proj(0x7654321n),
          P2 = law.alloc(1),
          nP = law.alloc(1),
          O = law.alloc(1);
        law.setZero(O);
        law.add(P2, P, O); // P again, with another Z
        law.neg(nP, P);
        const Oj = law.alloc(1);
        F.setOne(Oj), F.setOne(Oj + n), F.setZero(Oj + 2 * n); // (1 : 1 : 0)
        const pairs: [number, number, number][] = [
          [jac(P), jac(Q), aff(Q)], // generic
          [jac(P), jac(P2), aff(P)], // P = Q
          [jac(P), jac(nP), aff(nP)], // P = −Q
          [Oj, jac(Q), aff(Q)], // P = O
          [jac(P), Oj, Oj], // Q = O
          [Oj, Oj, Oj], // both O
        ];
        state = { J, pairs, a: law.alloc(1), b: law.alloc(1), c: law.alloc(1), out: law.alloc(1) };
        return state;
      };
      const secrets = () => [0, 1, 2, 3, 4, 5];
      const load = (s: number) => {
        const st = setup(), law = group().law, [p, q, qa] = st.pairs[s];
        law.copy(st.a, p), law.copy(st.b, q), law.copy(st.c, qa);
        return st;
      };
      const tag = `${curve} ${which} (${backend})`;
      ctFlow(`jacobian add, every case: ${tag}`, (s: number) => {
        const st = load(s);
        st.J.add(st.out, st.a, st.b);
      }, secrets);
      ctFlow(`jacobian madd, every case: ${tag}`, (s: number) => {
        const st = load(s);
        st.J.madd(st.out, st.a, st.c);
      }, secrets);
      ctFlow(`jacobian dbl and conversions: ${tag}`, (s: number) => {
        const st = load(s);
        st.J.dbl(st.out, st.a);
        st.J.toProjective(st.out, st.out);
        st.J.fromProjective(st.out, st.out);
      }, secrets);
    }
  }
}
