// Issue 17 item 5, TypeScript part: the generated TypeScript kernels (field/ts/generated/*.ts,
// x25519/ts/field.ts) analysed from their source text: every double operation exact, every output limb
// within its stated bound, from the stated input bounds (tests/bounds/README.md, "TypeScript").
// Prints one line per function. Positive controls: a widened input bound, the value contract dropped,
// congruences switched off and unmodelled constructs must make the analysis fail.

import assert from "node:assert/strict";
import { bls12_381_fp, bn254_fp, TS_BOUNDS, x25519TsField } from "../internal.ts";
import { D } from "./ts_domain.ts";
import { valueBelowP } from "./ts_algebra.ts";
import { analyse, type Analysis, fmtBound, fmtLimbs, type LimbBound, uniform } from "./ts_kernels.ts";
import { parseModule } from "./ts_parse.ts";
import {
  docOf,
  FIELD_FILES,
  fieldFile,
  type KernelFile,
  specOf,
  x25519Bounds,
  x25519File,
} from "./ts_specs.ts";

/** A significand width, rounded down (log2 in doubles: just under 53 is not 53). */
const bits = (b: number) => (b > 52.9995 ? "53 − ε" : (Math.floor(b * 1000) / 1000).toFixed(3));

function line(f: KernelFile, a: Analysis): string {
  const s = a.spec;
  const ins = [
    ...Object.entries(s.ptrs).filter(([, r]) => r !== "out").map(([n]) => n),
    ...Object.keys(s.bytes ?? {}).filter((n) => s.bytes![n].role === "in").map((n) => `${n} (bytes)`),
  ];
  const input = [
    ...(s.inputs
      ? Object.entries(s.inputs).map(([n, b]) => `${n}: ${fmtBound(b)}`)
      : s.input && ins.some((n) => !n.endsWith("(bytes)"))
      ? [`${ins.filter((n) => !n.endsWith("(bytes)"))}: ${fmtBound(s.input)}`]
      : []),
    ...ins.filter((n) => n.endsWith("(bytes)")).map((n) => `${n} [0, 255]`),
    ...Object.entries(s.scalars ?? {}).map(([n, [lo, hi]]) => `${n} ∈ [${lo}, ${hi}]`),
  ].filter((x) => x).join(", ");
  const outs = [...a.outputs].map(([n, cells]) => `${n}: ${fmtLimbs(cells)}`).join(", ");
  const ltp = f.p !== undefined ? valueBelowP(f.p, f.limbs)[s.fn] : undefined;
  const lt = ltp ? `; value < p by algebra (${ltp.algebra()})` : "";
  const cong = a.congruenceAt.size ? `; exact by congruence: ${[...a.congruenceAt].join(", ")}` : "";
  const status = a.violations.length ? `FAILS (${a.violations.length})` : "exact";
  const zeroed = s.scratchZeroed ? `; ${s.scratchZeroed} zeroed on return` : "";
  const notes = a.notes.size ? `; ${[...a.notes].join("; ")}` : "";
  return `${f.name} ${s.fn} | in ${s.label ? `(${s.label}) ` : ""}${input} | out ${outs}${lt} | max ${
    bits(a.maxBits)
  } bits on ` +
    `its grid, ${status} | ${a.runs} runs (${a.aliasings} aliasings × cases)${cong}${zeroed}${notes}`;
}

function analyseFile(f: KernelFile, print = true): Analysis[] {
  return f.specs.map((s) => {
    const a = analyse(f.name, f.mod, f.limbs, s);
    if (print) console.log(line(f, a));
    return a;
  });
}

function assertClean(f: KernelFile, results: Analysis[]) {
  for (const a of results) {
    assert.deepEqual(a.violations, [], `${f.name} ${a.spec.fn}`);
  }
  // every exported function is analysed or named as skipped, with a reason
  const exported = [...f.mod.functions.values()].filter((x) => x.exported).map((x) => x.name).sort();
  const covered = [...new Set([...f.specs.map((s) => s.fn), ...Object.keys(f.skipped)])].sort();
  assert.deepEqual(exported, covered, `${f.name}: exported functions vs analysed`);
}

for (const name of FIELD_FILES) {
  Deno.test(`bounds ts: ${name}.ts, every function exact and within its stated limb bounds`, () => {
    const f = fieldFile(name);
    const results = analyseFile(f);
    assertClean(f, results);
    // the generator's own claim in mul's doc, "column values < 2^x < 2^53", x printed by toFixed(3)
    // (rounded to nearest, so the bound may exceed it by 0.0005: bls12-381-fr's is 2^52.09447)
    const claim = /is\s+< 2\^(\d+\.\d+) < 2\^53/.exec(docOf(f.mod, "mul"));
    assert.ok(claim, "mul's doc states its column bound");
    assert.ok(results.find((a) => a.spec.fn === "mul")!.maxBits <= Number(claim[1]) + 0.0005);
    // bindSlots' setOne copies ONE: canonical limbs of R mod p
    const one = f.mod.consts.find((c) => c.name === "ONE")!.init;
    assert.ok(one.k === "new" && one.args[0].k === "array");
    const limbs = one.args[0].items.map((x) => (x.k === "num" ? D.fromDouble(x.value) : assert.fail("ONE")));
    let v = 0n;
    for (const l of limbs.toReversed()) {
      assert.ok(!l.lt(D.int(0)) && l.lt(D.int(1)) && l.v2 >= -24);
      v = (v << 24n) + l.shl(24).toBigInt();
    }
    assert.equal(v, (1n << BigInt(24 * f.limbs)) % f.p!);
  });
}

Deno.test("bounds ts: x25519/ts/field.ts, every function exact, loose → tight", () => {
  const f = x25519File();
  const results = analyseFile(f);
  assertClean(f, results);
  // mul's doc: "Columns (and every partial sum) stay below 2^47 in absolute value"
  const claim = /stay below 2\^(\d+) in absolute value/.exec(docOf(f.mod, "mul"));
  assert.ok(claim);
  assert.ok(results.find((a) => a.spec.fn === "mul")!.maxBits < Number(claim[1]));
  // add/sub of two tight values stay loose (the header's "any ± sum of up to four tight values")
  const { tight, loose } = x25519Bounds(f.mod, f.limbs);
  for (const k of [0, 1, 2]) {
    assert.ok(tight.hi[k].add(tight.hi[k]).add(tight.hi[k]).add(tight.hi[k]).le(loose.hi[k]));
    assert.ok(loose.lo[k].le(tight.lo[k].sub(tight.hi[k]).sub(tight.hi[k]).sub(tight.hi[k])));
  }
});

Deno.test("bounds ts: x25519's stated bounds (header) are the code's TS_BOUNDS", () => {
  const f = x25519File();
  const { tight, loose } = x25519Bounds(f.mod, f.limbs);
  const nums = (b: LimbBound) => ({ lo: b.lo.map((x) => x.toNumber()), hi: b.hi.map((x) => x.toNumber()) });
  assert.deepEqual(nums(tight), { lo: [...TS_BOUNDS.tight.lo], hi: [...TS_BOUNDS.tight.hi] });
  assert.deepEqual(nums(loose), { lo: [...TS_BOUNDS.loose.lo], hi: [...TS_BOUNDS.loose.hi] });
});

Deno.test("bounds ts: the value arguments for out < p hold in BigInt for each field", () => {
  for (const name of FIELD_FILES) {
    const f = fieldFile(name);
    for (const [fn, v] of Object.entries(valueBelowP(f.p!, f.limbs))) {
      assert.ok(f.specs.some((s) => s.fn === fn));
      v.algebra();
    }
  }
});

// ---- positive controls ----

Deno.test("bounds ts: control: bn254-fp mul with limbs < 2^25 instead of 2^24 is inexact", () => {
  const f = fieldFile("bn254-fp");
  const spec = specOf(f, "mul", "a, b < p");
  const wide = uniform(f.limbs, D.int(0), D.int(2).sub(D.of(1n, -24)), -24);
  const a = analyse(f.name, f.mod, f.limbs, { ...spec, input: wide });
  assert.ok(
    a.violations.some((v) => v.msg.startsWith("not exact in a double")),
    JSON.stringify(a.violations),
  );
  assert.ok(a.maxBits >= 53);
});

Deno.test("bounds ts: control: bn254-fp mul and add without the value contract (b < p) miss the limb bound", () => {
  // limbs alone allow a, b up to R − 1: then t < R + p may have a top limb of 2^24, and a + b − p's
  // last borrow may be +1; the contract "b < p" (a top-limb bound) is what the proof uses
  const f = fieldFile("bn254-fp");
  const any = uniform(f.limbs, D.int(0), D.int(1).sub(D.of(1n, -24)), -24);
  for (const fn of ["mul", "add"]) {
    const spec = specOf(f, fn, "a, b < p");
    const a = analyse(f.name, f.mod, f.limbs, { ...spec, input: any });
    assert.ok(
      a.violations.some((v) => v.msg.startsWith("output limb")),
      `${fn}: ${JSON.stringify(a.violations)}`,
    );
  }
});

Deno.test("bounds ts: control: x25519 mul with the loose bound one bit wider misses the tight bound", () => {
  const f = x25519File(undefined, 1);
  const a = analyse(f.name, f.mod, f.limbs, specOf(f, "mul"));
  assert.ok(a.violations.some((v) => v.msg.startsWith("output limb")), JSON.stringify(a.violations));
  const two = analyse(f.name, f.mod, f.limbs, specOf(x25519File(undefined, 4), "mul"));
  assert.ok(two.violations.some((v) => v.msg.startsWith("not exact")), "4 bits wider: the columns pass 2^53");
});

Deno.test("bounds ts: control: unmodelled constructs throw", () => {
  const run = (body: string, limbs = 2) => {
    const mod = parseModule(`export function f(m: Float64Array, o: number, a: number): void {\n${body}\n}`);
    const input = uniform(limbs, D.int(0), D.int(1).sub(D.of(1n, -24)), -24);
    return analyse("snippet", mod, limbs, { fn: "f", ptrs: { o: "out", a: "in" }, input, output: input });
  };
  // the snippet machinery works on a modelled body
  assert.deepEqual(run("for (let k = 0; k < 2; k++) m[o + k] = m[a + k];").violations, []);
  assert.throws(() => run("m[o] = Math.abs(m[a]); m[o + 1] = 0;"), /unsupported call Math.abs/);
  assert.throws(() => run("let i = 0; while (i < 2) i++;"), /unsupported statement 'while'/);
  assert.throws(() => run("m[o] = m[a] > 0.5 ? 1 : 0;"), /conditional/);
  assert.throws(() => run("for (let k = 0; k < m[a]; k++) m[o] = 0;"), /known at analysis time/);
  assert.throws(() => run("m[o + 2] = m[a];"), /outside the element/);
  assert.throws(() => run("m[o] = m[o + 1];"), /before this call wrote it/);
  assert.throws(() => run("m[o] = m[a] % 2;"), /unsupported operator %/);
  assert.throws(() => run("m[o] = m[a] ^ 1;"), /unsupported operator \^/);
  // an inexact product is reported, not hidden
  const big = run("m[o] = m[a] * 16777216 * 16777216 * 16777216 + m[a + 1]; m[o + 1] = 0;");
  assert.ok(big.violations.length > 0);
});

// ---- the proven bounds against the real kernels ----

type FieldNs = typeof bn254_fp;
function limbsOf(x: bigint, n: number): number[] {
  return Array.from({ length: n }, (_, k) => Number((x >> BigInt(24 * k)) & 0xffffffn) * 2 ** -24);
}
function valueOf(m: Float64Array, at: number, n: number): bigint {
  let v = 0n;
  for (let k = n - 1; k >= 0; k--) v = (v << 24n) + BigInt(m[at + k] * 2 ** 24);
  return v;
}
function inside(cell: { lo: D; hi: D; grid: number }, x: number): boolean {
  const d = D.fromDouble(x);
  return cell.lo.le(d) && d.le(cell.hi) && d.v2 >= cell.grid;
}

for (const [name, ns] of [["bn254-fp", bn254_fp], ["bls12-381-fp", bls12_381_fp]] as [string, FieldNs][]) {
  Deno.test(`bounds ts: ${name} kernels on extreme inputs agree with BigInt and lie in the proven bounds`, () => {
    const f = fieldFile(name);
    const p = f.p!, n = f.limbs, R = 1n << BigInt(24 * n);
    const proven = new Map(
      f.specs.map((s) => [`${s.fn} ${s.label}`, analyse(f.name, f.mod, n, s)]),
    );
    const rInv = (() => {
      // R⁻¹ mod p by Fermat
      let r = 1n, b = R % p, e = p - 2n;
      for (; e > 0n; e >>= 1n, b = (b * b) % p) if (e & 1n) r = (r * b) % p;
      return r;
    })();
    let seed = 0x1234567n;
    const rnd = (bound: bigint) => {
      let x = 0n;
      for (let i = 0; i < 8; i++) {
        seed = (seed * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
        x = (x << 64n) | seed;
      }
      return x % bound;
    };
    const canon = [0n, 1n, 2n, p - 1n, p - 2n, (p - 1n) / 2n, rnd(p), rnd(p), rnd(p)];
    const m = new Float64Array(3 * n);
    const cases: [bigint, bigint][] = [];
    for (const a of canon) for (const b of canon) cases.push([a, b]);
    for (const b of canon) cases.push([R - 1n, b], [R - 1n - rnd(1n << 32n), b]); // mul's a < R case
    for (const [a, b] of cases) {
      const ops: [string, bigint][] = [["mul", (a * b * rInv) % p]];
      if (a < p) ops.push(["add", (a + b) % p], ["sub", (a - b + p) % p]);
      for (const [op, want] of ops) {
        m.set(limbsOf(a, n), n);
        m.set(limbsOf(b, n), 2 * n);
        (ns[op as "mul"])(m, 0, n, 2 * n);
        assert.equal(valueOf(m, 0, n), want, `${name} ${op}(${a}, ${b})`);
        const contract = op !== "mul" ? "a, b < p" : a < p ? "a, b < p" : "a < R, b < p";
        const cells = proven.get(`${op} ${contract}`)!.outputs.get("o")!;
        for (let k = 0; k < n; k++) assert.ok(inside(cells[k], m[k]), `${name} ${op}: limb ${k} = ${m[k]}`);
      }
    }
  });
}

Deno.test("bounds ts: x25519 mul and carry on extreme loose inputs lie in the proven bounds", () => {
  const f = x25519File();
  const n = f.limbs, P = (1n << 255n) - 19n;
  const L = TS_BOUNDS.loose.hi[0];
  const proven = (fn: string) => analyse(f.name, f.mod, n, specOf(f, fn)).outputs.get("o")!;
  const pm = proven("mul"), pc = proven("carry");
  const val = (F: Float64Array, at: number) => {
    let v = 0n;
    for (let k = n - 1; k >= 0; k--) v = v * (1n << 17n) + BigInt(F[at + k]);
    return ((v % P) + P) % P;
  };
  const patterns = [
    () => L,
    () => -L,
    (k: number) => (k % 2 ? L : -L),
    (k: number) => (k === 14 ? L : k === 0 ? -L : L - 1),
    (k: number) => ((k * 7919) % (2 * L + 1)) - L,
  ];
  const F = new Float64Array(3 * n);
  for (const pa of patterns) {
    for (const pb of patterns) {
      for (let k = 0; k < n; k++) [F[n + k], F[2 * n + k]] = [pa(k), pb(k)];
      const want = (val(F, n) * val(F, 2 * n)) % P;
      x25519TsField.mul(F, 0, n, 2 * n);
      assert.equal(val(F, 0), want);
      for (let k = 0; k < n; k++) assert.ok(inside(pm[k], F[k]), `mul limb ${k} = ${F[k]}`);
      x25519TsField.carry(F, 0, n);
      for (let k = 0; k < n; k++) assert.ok(inside(pc[k], F[k]), `carry limb ${k} = ${F[k]}`);
    }
  }
});

Deno.test("bounds ts: control: without the congruences seen through floors, mul is not provably exact", () => {
  for (const name of FIELD_FILES) {
    const f = fieldFile(name);
    const spec = specOf(f, "mul", "a, b < p");
    const a = analyse(f.name, f.mod, f.limbs, spec, { congruences: false });
    assert.ok(a.violations.some((v) => v.msg.startsWith("not exact")), name);
    // and with them, the Montgomery carry is where they are used
    const b = analyse(f.name, f.mod, f.limbs, spec);
    assert.ok([...b.congruenceAt].some((w) => w.includes("q * P[0] + s * 5.960464477539063e-8")), name);
  }
});

Deno.test("bounds ts: on point inputs the interpreter computes what the kernel computes", () => {
  for (const [name, ns] of [["bn254-fp", bn254_fp], ["bls12-381-fp", bls12_381_fp]] as [string, FieldNs][]) {
    const f = fieldFile(name);
    const n = f.limbs, p = f.p!;
    const point = (x: bigint) => {
      const limbs = limbsOf(x, n).map((l) => D.fromDouble(l));
      return { lo: limbs, hi: limbs, grid: -24 };
    };
    // (a, b): canonical, and mul's conversion case a < R with b < p
    for (const [x, y] of [[p - 1n, p - 2n], [p / 3n, p - 1n], [(1n << BigInt(24 * n)) - 1n, p - 1n]]) {
      for (const fn of ["mul", "add", "neg"]) {
        if (fn !== "mul" && x >= p) continue;
        const spec = specOf(f, fn, fn === "neg" ? "a < p" : x < p ? "a, b < p" : "a < R, b < p");
        const inputs = { a: point(x), b: point(y) };
        const got = analyse(f.name, f.mod, n, { ...spec, inputs }, { aliasing: false })
          .outputs.get("o")!;
        const m = new Float64Array(3 * n);
        m.set(limbsOf(x, n), n);
        m.set(limbsOf(y, n), 2 * n);
        if (fn === "neg") ns.neg(m, 0, n);
        else ns[fn as "mul"](m, 0, n, 2 * n);
        got.forEach((c, k) =>
          assert.ok(c.lo.cmp(c.hi) === 0 && c.lo.toNumber() === m[k], `${name} ${fn} limb ${k}`)
        );
      }
    }
  }
  const f = x25519File();
  const xs = Array.from({ length: f.limbs }, (_, k) => ((k * 104729) % 1179649) - 589824);
  const point = { lo: xs.map((v) => D.int(v)), hi: xs.map((v) => D.int(v)), grid: 0 };
  const F = new Float64Array(3 * f.limbs);
  F.set(xs, f.limbs);
  F.set(xs, 2 * f.limbs);
  x25519TsField.mul(F, 0, f.limbs, 2 * f.limbs);
  const spec = specOf(f, "mul");
  const got = analyse(f.name, f.mod, f.limbs, { ...spec, input: point }, { aliasing: false }).outputs.get(
    "o",
  )!;
  got.forEach((c, k) => assert.ok(c.lo.cmp(c.hi) === 0 && c.lo.toNumber() === F[k], `x25519 mul limb ${k}`));
});
