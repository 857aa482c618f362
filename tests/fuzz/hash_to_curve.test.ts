/**
 * Fuzz of BLS12-381's hash-to-curve (G1, G2: `hashToCurve`, `encodeToCurve`, `hashToScalar` with DSTs
 * as strings, bytes, `{ DST }`, long and empty; `mapToCurve` of any bigint or Fp2 form) against
 * @noble/curves, and arguments of every other type.
 */
import { bls12_381 as nbls } from "@noble/curves/bls12-381.js";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { hex } from "../curves/helpers.ts";
import { eqHex, family, fuzzTypes, label, ok } from "./helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const enc = new TextEncoder();
const p = nbls.fields.Fp.ORDER;
const mod = (x: bigint) => ((x % p) + p) % p;

for (const name of ["G1", "G2"] as const) {
  const N = nbls[name] as Any, ext = name === "G2";
  const known = N.hashToCurve(enc.encode("known"), { DST: "KNOWN-DST" }).toHex();
  family(`bls12-381 ${name} hash-to-curve`, {
    budgetMs: 30_000,
    known: () => () =>
      ok(bls12_381[name].hashToCurve(enc.encode("known"), "KNOWN-DST").toHex() === known, "known"),
  }, (f) => {
    const G = bls12_381[name] as Any;
    const same = (P: Any, Q: Any) => eqHex(P.toBytes(), Q.toBytes(), "noble's point");
    for (let i = 0; i < f.count(4); i++) {
      const msg = f.rng.bytes(f.rng.pick([0, 1, 32, f.rng.int(300)]));
      const d = f.rng.pick([
        () => "DST-" + i,
        () => f.rng.bytes(1 + f.rng.int(300)),
        () => "x".repeat(256 + f.rng.int(50)),
      ])();
      const forms = [d, { DST: d }];
      for (
        const [what, op] of [["hashToCurve", "hashToCurve"], ["encodeToCurve", "encodeToCurve"]] as const
      ) {
        const want = N[op](msg, { DST: d });
        for (const dst of forms) {
          f.check(`${what}(${hex(msg)}, ${label(dst)})`, () => G[op](msg, dst), (P: Any) => same(P, want));
        }
        f.check(`${what}(msg)`, () => G[op](msg), (P: Any) => same(P, N[op](msg)));
        f.check(`${what}(msg, {})`, () => G[op](msg, {}), (P: Any) => same(P, N[op](msg)));
      }
      f.check(
        "hashToScalar",
        () => G.hashToScalar(msg, d),
        (k) => ok(k === N.hashToScalar(msg, { DST: d }), "noble's scalar"),
      );
      f.check(
        "hashToScalar(msg)",
        () => G.hashToScalar(msg),
        (k) => ok(k === N.hashToScalar(msg), "noble's scalar"),
      );
      for (const bad of ["", new Uint8Array(0), { DST: "" }]) {
        for (const op of ["hashToCurve", "encodeToCurve", "hashToScalar"]) {
          f.check(`${op}(msg, empty DST)`, () => G[op](msg, bad), "INVALID_LENGTH");
        }
      }
      for (const bad of [5, null, { DST: 5 }, { DST: null }, [1], new Proxy(new Uint8Array(3), {})]) {
        for (const op of ["hashToCurve", "encodeToCurve", "hashToScalar"]) {
          f.check(`${op}(msg, ${label(bad)})`, () => G[op](msg, bad), "INVALID_TYPE");
        }
      }
      // mapToCurve: any bigint, reduced mod p; Fp2 as [c0, c1] or { c0, c1 }.
      const u = () =>
        f.rng.pick([
          () => f.rng.bigint(381) % p,
          () => f.rng.bigint(450),
          () => -f.rng.bigint(100),
          () => f.rng.pick([0n, 1n, p - 1n, p, -1n]),
        ])();
      if (ext) {
        const [c0, c1] = [u(), u()], want = N.mapToCurve([mod(c0), mod(c1)]);
        f.check(`mapToCurve([${c0}, ${c1}])`, () => G.mapToCurve([c0, c1]), (P: Any) => same(P, want));
        f.check(`mapToCurve({ c0, c1 })`, () => G.mapToCurve({ c0, c1 }), (P: Any) => same(P, want));
        for (const bad of [c0, [c0], [c0, c1, 1n], [c0, 1], { c0 }, { c0: 1, c1: 2 }, "5", null, undefined]) {
          f.check(`mapToCurve(${label(bad)})`, () => G.mapToCurve(bad), "INVALID_TYPE");
        }
      } else {
        const x = u(), want = N.mapToCurve(mod(x));
        f.check(`mapToCurve(${x})`, () => G.mapToCurve(x), (P: Any) => same(P, want));
        for (const bad of [[x], { c0: x, c1: 0n }, Number(x % 1000n), String(x), null, undefined, {}]) {
          f.check(`mapToCurve(${label(bad)})`, () => G.mapToCurve(bad), "INVALID_TYPE");
        }
      }
    }
    const show = (P: Any) => hex(P.toBytes());
    fuzzTypes(f, "hashToCurve (message)", [enc.encode("m")], ([m]) => G.hashToCurve(m, "DST"), show);
    fuzzTypes(f, "hashToCurve (DST)", [enc.encode("DST")], ([d]) => G.hashToCurve(enc.encode("m"), d), show, [
      "hex string",
      "undefined",
      "object",
    ]);
    fuzzTypes(f, "encodeToCurve (message)", [enc.encode("m")], ([m]) => G.encodeToCurve(m, "DST"), show);
    fuzzTypes(f, "hashToScalar (message)", [enc.encode("m")], ([m]) => G.hashToScalar(m, "DST"), String);
  });
}
