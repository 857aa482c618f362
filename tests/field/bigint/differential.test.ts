/**
 * field/bigint/ against @noble/curves 2.4's `bls12_381.fields` and `bn254.fields`: the member lists
 * (enumerated from noble's objects at run time) are equal, the constants are equal, and every member
 * of every field is called on the inputs of cases.ts with results compared exactly (bigints, objects
 * deep-equal and as frozen, bytes byte for byte) or both rejecting, isochron with the IsochronError
 * code that matches noble's reason (CODES).
 *
 * The one allowed difference: for an argument of a wrong type, noble sometimes computes a value by
 * JavaScript coercion (e.g. `Fp.addN("1", "2")` is "12") where isochron throws INVALID_TYPE; the
 * members where that happens are listed in STRICTER, and each of them must show it at least once.
 * noble's final exponentiation raises to a multiple of (p¹² − 1)/r: `ours` is built with that
 * multiple (curves.ts), and exactness of the default is checked in fields.test.ts.
 */
import assert from "node:assert/strict";
import { IsochronError } from "../../internal.ts";
import { type Arg, argsFor, type Kind } from "./cases.ts";
import { CURVES } from "./curves.ts";

const FIELDS = ["Fp", "Fp2", "Fp6", "Fp12", "Fr"] as const;
const LEVEL: Record<string, number> = { Fp: 0, Fr: 0, Fp2: 1, Fp6: 2, Fp12: 3 };

/** Every member name of an object: own and inherited (noble's fields are class instances). */
function members(o: object): string[] {
  const names = new Set<string>();
  for (let q: object | null = o; q !== null && q !== Object.prototype; q = Object.getPrototypeOf(q)) {
    for (const k of Object.getOwnPropertyNames(q)) if (k !== "constructor") names.add(k);
  }
  return [...names].sort();
}

/** The argument kinds of each function member. */
const SIGNATURES: Record<string, Kind[]> = {
  create: ["el"],
  isValid: ["el"],
  is0: ["el"],
  isValidNot0: ["el"],
  isOdd: ["el"],
  neg: ["el"],
  inv: ["el"],
  sqrt: ["el"],
  sqr: ["el"],
  sqrN: ["el"],
  toBytes: ["el"],
  reim: ["el"],
  mulByB: ["el"],
  mulByNonresidue: ["el"],
  conjugate: ["el"],
  _cyclotomicSquare: ["el"],
  finalExponentiate: ["el"],
  eql: ["el", "el"],
  add: ["el", "el"],
  sub: ["el", "el"],
  addN: ["el", "el"],
  subN: ["el", "el"],
  Fp4Square: ["el", "el"],
  mul: ["el", "elOrInt"],
  mulN: ["el", "elOrInt"],
  div: ["el", "elOrInt"],
  pow: ["el", "exp"],
  cmov: ["el", "el", "bool"],
  fromBytes: ["bytes", "skip"],
  invertBatch: ["list"],
  frobeniusMap: ["el", "power"],
  fromBigTuple: ["tuple"],
  fromBigSix: ["tuple"],
  fromBigTwelve: ["tuple"],
  mulByFp2: ["el", "fp2OrInt"],
  mul1: ["el", "fp2"],
  mul01: ["el", "fp2", "fp2"],
  _cyclotomicExp: ["el", "cycExp"],
};

/** Members where noble computes a value from some wrong-type argument and isochron throws INVALID_TYPE. */
const STRICTER: Record<string, readonly string[]> = {
  Fp: ["eql", "addN", "sqrN", "toBytes", "cmov", "pow"], // "1" + "1", 1 === 1, toBytes(1), …
  Fr: ["eql", "addN", "sqrN", "toBytes", "cmov", "pow"],
  Fp2: ["eql", "frobeniusMap", "reim", "cmov", "toBytes"], // coordinates read as given: 1, "x", undefined
  Fp6: ["frobeniusMap", "mulByNonresidue", "toBytes"],
  Fp12: ["frobeniusMap", "conjugate", "toBytes"],
};

/** isochron's code for each of noble's rejections (by message; JavaScript's own TypeErrors: INVALID_TYPE). */
const CODES: [RegExp, string][] = [
  [/invert|does not exist/, "NOT_INVERTIBLE"],
  [/Cannot find square root|not implemented/, "NO_SQUARE_ROOT"],
  [/outside of range|too large|positive bigint expected/, "NON_CANONICAL"],
  [/expected \d+ bytes|invalid length|negatives unsupported|cyclotomic exponent|fromBig/, "*"], // code checked below
];
function expectedCode(error: unknown): string {
  const message = String((error as Error)?.message);
  for (const [re, code] of CODES) if (re.test(message)) return code;
  return "INVALID_TYPE";
}
/** For the messages marked "*": INVALID_LENGTH, INVALID_SCALAR or, for a wrong type, INVALID_TYPE. */
function codeOk(expected: string, actual: string, bad: boolean): boolean {
  if (expected !== "*") return actual === expected;
  return bad ? actual === "INVALID_TYPE" : actual === "INVALID_LENGTH" || actual === "INVALID_SCALAR";
}

type Outcome = { value: unknown } | { error: unknown };
function run(f: () => unknown): Outcome {
  try {
    return { value: f() };
  } catch (error) {
    return { error };
  }
}

/** Rows of arguments: every value of the first kind with the others' first good value, then pairs of good values. */
function rows(kinds: readonly Kind[], args: Record<Kind, Arg[]>): Arg[][] {
  const lists = kinds.map((k) => args[k]);
  if (lists.some((l) => l.length === 0)) return [];
  const firstGood = lists.map((l) => l.find((a) => !a.bad)!);
  const out: Arg[][] = [];
  lists.forEach((list, i) => {
    for (const a of list) out.push(firstGood.map((g, j) => (j === i ? a : g)));
  });
  if (kinds.length >= 2) {
    const [xs, ys] = [
      lists[0].filter((a) => !a.bad).slice(0, 10),
      lists[1].filter((a) => !a.bad).slice(0, 8),
    ];
    for (const x of xs) for (const y of ys) out.push([x, y, ...firstGood.slice(2)]);
  }
  return out;
}

/** Members too slow for every row: a few rows only. */
const FEW: Record<string, number> = { finalExponentiate: 8, pow: 40 };

for (const c of CURVES) {
  for (const name of FIELDS) {
    // deno-lint-ignore no-explicit-any
    const [N, O] = [c.noble[name], c.ours[name] as any];

    Deno.test(`bigint fields ${c.name} ${name}: the member list is noble's, constants equal`, () => {
      assert.deepEqual(Object.keys(O).sort(), members(N), "members");
      for (const m of members(N)) {
        assert.equal(typeof O[m], typeof N[m], m);
        if (typeof N[m] === "function") assert.ok(SIGNATURES[m], `${m}: no signature, so untested`);
        else if (!["Fp", "Fp2", "Fp6"].includes(m)) assert.deepEqual(O[m], N[m], m);
      }
      const sub = { Fp2: "Fp", Fp6: "Fp2", Fp12: "Fp6" }[name as string];
      if (sub) assert.equal(O[sub], c.ours[sub as "Fp"], `${name}.${sub} is fields.${sub}`);
      assert.ok(Object.isFrozen(O));
    });

    Deno.test(`bigint fields ${c.name} ${name}: every member on every input as noble`, () => {
      const level = LEVEL[name];
      const args = argsFor(N, level, name === "Fr" ? N.ORDER : c.noble.Fp.ORDER, 17);
      if (name === "Fp12") {
        const cyclotomic = c.exact.Fp12.finalExponentiate(args.el[3].value as never);
        const xLen = N.X_LEN as number;
        args.el.splice(3, 0, { value: cyclotomic, bad: false, label: "cyclotomic" });
        args.cycExp = [0n, 1n, 2n, 5n, (1n << BigInt(xLen)) - 1n, 0xd201000000010000n % (1n << BigInt(xLen))]
          .map((v) => ({ value: v, bad: false, label: String(v) }));
        args.cycExp.push(
          { value: 1n << BigInt(xLen), bad: false, label: "2^X_LEN" },
          { value: -1n, bad: false, label: "-1n" },
          { value: 1, bad: true, label: "number" },
        );
      }
      const stricterSeen = new Set<string>();
      for (const m of members(N).filter((m) => typeof N[m] === "function")) {
        const all = rows(SIGNATURES[m], args);
        const selected = FEW[m] && level === 3
          ? all.filter((_, i) => i % Math.ceil(all.length / FEW[m]) === 0)
          : all;
        for (const row of selected) {
          const where = `${name}.${m}(${row.map((a) => a.label).join(", ")})`;
          const values = row.map((a) => a.value);
          const nob = run(() => N[m](...values));
          const our = run(() => O[m](...values));
          if ("error" in our) {
            assert.ok(our.error instanceof IsochronError, `${where}: not an IsochronError: ${our.error}`);
            if ("error" in nob) {
              const expected = expectedCode(nob.error);
              const ok = codeOk(expected, our.error.code, row.some((a) => a.bad));
              assert.ok(ok, `${where}: noble "${nob.error}" (${expected}), ours ${our.error.code}`);
            }
            if ("value" in nob) {
              assert.ok(
                row.some((a) => a.bad) && our.error.code === "INVALID_TYPE",
                `${where}: noble computes, ours throws ${our.error}`,
              );
              stricterSeen.add(m);
            }
            continue;
          }
          assert.ok(
            "value" in nob,
            `${where}: noble throws ${"error" in nob ? nob.error : ""}, ours returns`,
          );
          assert.deepStrictEqual(our.value, nob.value, where);
          if (typeof nob.value === "object" && nob.value !== null && !(nob.value instanceof Uint8Array)) {
            assert.equal(Object.isFrozen(our.value), Object.isFrozen(nob.value), `${where}: frozen`);
          }
        }
      }
      assert.deepEqual([...stricterSeen].sort(), [...STRICTER[name]].sort(), "STRICTER is what happens");
    });
  }
}
