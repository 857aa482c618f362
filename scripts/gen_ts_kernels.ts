/**
 * Generates the TypeScript field kernels, field/ts/generated/<field>.ts, one per prime of
 * field/params.ts (`deno task gen`). The output is committed: edge runtimes forbid `eval`, so the
 * fallback kernel cannot be built at run time (no code generation at run time in TypeScript, see
 * ARCHITECTURE.md); tests/field/ts_generated.test.ts regenerates it and compares byte for byte.
 *
 * Representation. An element is n = ⌈bits/24⌉ limbs; limb i is a double holding Aᵢ·2^-24 with Aᵢ an
 * integer in [0, 2^24), so the value is Σ Aᵢ·2^(24i); Montgomery form with R = 2^(24n). Scaling by
 * 2^-24 keeps every limb a non-integer double: V8 then records "Number" feedback for every operation
 * and compiles float arithmetic, instead of speculating on small integers and deoptimising on data.
 * Integer-valued intermediates (b·2^24, results of Math.floor, which the interpreter returns as small
 * integers) always meet a non-integer operand; Math.abs is avoided for the same reason (eq squares).
 * tests/field/ts_deopt.test.ts checks under V8's trace that no generated function ever deoptimises.
 *
 * Multiplication is Montgomery's (1985) in the finely integrated product-scanning form (Koç, Acar,
 * Kaliski 1996, "Analyzing and comparing Montgomery multiplication algorithms", FIPS): column sums
 * are balanced trees of exact products, carries are split off with Math.floor (exact on exact values,
 * no branch), the final subtraction of p runs as a second carry chain beside the first and is selected
 * with an arithmetic mask. Every bound is tracked in BigInt by this script, which refuses to emit code
 * whose sums could reach 2^53 (checked in `Bounds`), and states it in the generated comments, as
 * fiat-crypto does. Cost of a mul: n² + n² products, ~4n floors.
 * @module
 */
import { FIELDS } from "../curves/registry.ts";
import type { FieldName } from "../field/params.ts";

const W = 24;
const RADIX = 1 << W;
const SCALE = 2 ** -W;
/** Literal for 2^-24. */
const S = lit(SCALE);
/** Literal for 2^24. */
const R24 = lit(RADIX);

/** Shortest round-trip literal of a double (String is exact for all finite doubles). */
function lit(x: number): string {
  const s = String(x);
  if (Number(s) !== x || !Number.isFinite(x)) throw new Error(`unprintable constant ${x}`);
  return s;
}

/** Per-field constants, all derived from p. */
interface Spec {
  name: FieldName;
  p: bigint;
  bits: number;
  /** Limb count. */
  n: number;
  /** p as n integer digits (little-endian, base 2^24). */
  P: number[];
  /** −p⁻¹ mod 2^24. */
  pInv: number;
  /** R mod p as digits (Montgomery one). */
  R1: number[];
}

function digits(x: bigint, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(Number((x >> BigInt(W * i)) & BigInt(RADIX - 1)));
  if (x >> BigInt(W * n) !== 0n) throw new Error("value does not fit");
  return out;
}

function spec(name: FieldName): Spec {
  const { p, bits } = FIELDS[name];
  const n = Math.ceil(bits / W);
  const R = 1n << BigInt(W * n);
  // The mul output before its final subtraction is < 2p; it must fit n limbs with a free top bit.
  if (2n * p >= R || (p & 1n) === 0n) throw new Error(`${name}: need odd p < R/2`);
  // p⁻¹ mod 2^24 by Newton–Hensel lifting: x ← x(2 − p·x) doubles the number of correct low bits.
  const mod = BigInt(RADIX);
  let x = p % mod;
  for (let i = 0; i < 5; i++) x = (x * (2n - ((p * x) % mod))) % mod;
  x = ((x % mod) + mod) % mod;
  if ((x * p) % mod !== 1n) throw new Error("inverse failed");
  const pInv = Number((mod - x) % mod);
  return { name, p, bits, n, P: digits(p, n), pInv, R1: digits(R % p, n) };
}

/**
 * Exactness bookkeeping for the Montgomery columns: every integer column value must stay below 2^53
 * (it is held as the double S·2^-24, exact while S < 2^53); `note` throws otherwise.
 */
class Bounds {
  max = 0n;
  /** Records a bound on an integer-valued quantity that is stored scaled by 2^-24. */
  note(v: bigint, what: string): bigint {
    if (v >= 1n << 53n) throw new Error(`inexact: ${what} may reach ${v}`);
    if (v > this.max) this.max = v;
    return v;
  }
  /** log2 of the largest bound seen, for the comments. */
  log2(): string {
    return (Math.log2(Number(this.max))).toFixed(3);
  }
}

const SIG = {
  ab: "m: Float64Array, o: number, a: number, b: number",
  a: "m: Float64Array, o: number, a: number",
};

/** Doc comment lines. */
function doc(lines: string[]): string {
  return ["/**", ...lines.map((l) => (l ? ` * ${l}` : " *")), " */"].join("\n");
}

/**
 * The integer bound of every Montgomery column of `sp` (first half: a·b and q·p terms and the carry
 * in; second half: the same with the carry of the t chain), each checked below 2^53 by `Bounds`.
 * The column's terms are all ≥ 0, so every partial sum, in whatever order a loop adds them, is below
 * the column's bound too.
 */
function montBounds(sp: Spec, B: Bounds): bigint[] {
  const { n, P } = sp;
  const dmax = BigInt(RADIX - 1);
  const cols: bigint[] = [];
  let carryMax = 0n;
  for (let i = 0; i < 2 * n - 1; i++) {
    let bound = carryMax;
    for (let j = Math.max(0, i - n + 1); j < n && j <= i; j++) bound += dmax * dmax; // a_j·b_{i−j}
    for (let j = Math.max(0, i - n + 1); j < Math.min(i, n); j++) bound += dmax * BigInt(P[i - j]); // q_j·p_{i−j}
    B.note(bound, `column ${i}`);
    cols.push(bound);
    // The first half adds q_i·p_0 before its carry (S_i + q_i·p_0 ≡ 0 mod 2^24).
    const carried = i < n ? B.note(bound + dmax * BigInt(P[0]), `column ${i} + q·p0`) : bound;
    carryMax = carried >> BigInt(W);
  }
  return cols;
}

/**
 * Montgomery multiplication out ← a·b·R⁻¹ mod p (FIPS product scanning), the one multiplication of
 * the file: squaring is mul(a, a) (bindSlots), and conversions into and out of Montgomery form are
 * multiplications by R² mod p and by 1 (field/ts/kernel.ts). Loops over the columns, not unrolled
 * code: the kernels stay small in a bundle (unrolled, BLS12-381's Fp kernel was 22.8 kB minified,
 * and each field of a curve carried its own copy), at a cost in speed stated in ARCHITECTURE.md.
 *
 * Column units: products aⱼ·bₖ of two limbs (Aⱼ·2^-24 · Bₖ·2^-24) and qⱼ·(pₖ·2^-24) are exact
 * multiples of 2^-48; a column's two sums (a·b, q·p; two accumulators for two dependency chains)
 * are scaled by 2^24 into Sᵢ·2^-24, where the fractional part and the floor split Sᵢ mod 2^24 and
 * ⌊Sᵢ/2^24⌋.
 */
function emitMont(sp: Spec): string {
  const { n, pInv } = sp;
  const B = new Bounds();
  montBounds(sp, B);
  const body = [
    "  const w = W;",
    "  let c = 0;",
    "  // First half: columns 0..n−1 give the quotient digits qᵢ = (Sᵢ mod 2^24)·p' mod 2^24 (in w[0..n)).",
    `  for (let i = 0; i < ${n}; i++) {`,
    "    let s = m[a + i] * m[b], t = 0;",
    "    for (let j = 0; j < i; j++) {",
    "      s += m[a + j] * m[b + i - j];",
    "      t += w[j] * P[i - j];",
    "    }",
    `    s = (s + t) * ${R24} + c;`,
    `    const u = (s - Math.floor(s)) * ${pInv};`,
    "    const q = u - Math.floor(u);",
    "    w[i] = q;",
    "    // Sᵢ + qᵢ·p₀ ≡ 0 mod 2^24: the carry is exact; both addends are exact multiples of 2^-48 < 2^6.",
    `    c = q * P[0] + s * ${S};`,
    "  }",
    "  // Second half: columns n..2n−2 give t = (a·b + q·p)/R (in w[n..2n)) and, from the same column",
    "  // sums e with its own carries y, t − p (in w[2n..3n)).",
    "  let y = c;",
    `  for (let i = ${n}; i < ${2 * n - 1}; i++) {`,
    "    let e = 0, t = 0;",
    `    for (let j = i - ${n - 1}; j < ${n}; j++) {`,
    "      e += m[a + j] * m[b + i - j];",
    "      t += w[j] * P[i - j];",
    "    }",
    `    e = (e + t) * ${R24};`,
    "    const s = e + c, f = Math.floor(s);",
    "    w[i] = s - f;",
    `    c = f * ${S};`,
    `    const x = (e - P[i - ${n}]) + y, h = Math.floor(x);`,
    `    w[i + ${n}] = x - h;`,
    `    y = h * ${S};`,
    "  }",
    "  // No products in the last column: t < 2p < R, so its digit is the carry itself.",
    `  w[${2 * n - 1}] = c;`,
    `  const x = y - P[${n - 1}], g = Math.floor(x);`,
    `  w[${3 * n - 1}] = x - g;`,
    "  // g = −1 if t < p (keep t), 0 if t ≥ p (keep t − p); then the scratch is zeroed.",
    `  for (let k = 0; k < ${n}; k++) {`,
    `    const v = w[k + ${2 * n}];`,
    `    m[o + k] = v - g * (w[k + ${n}] - v);`,
    "  }",
    `  for (let k = 0; k < ${3 * n}; k++) w[k] = 0;`,
  ];
  const head = doc([
    "out ← a·b·R⁻¹ mod p (Montgomery multiplication; squaring is mul(a, a)).",
    "",
    `Input bounds: limbs are multiples of 2^-24 in [0, 1) and a·b < R·p: a, b < p, or any a < 2^${
      W * n
    } with b < p (the conversions of field/ts/kernel.ts).`,
    "Output bounds: limbs are multiples of 2^-24 in [0, 1) and out < p.",
    "Exactness: every integer column value S (products aⱼbₖ, qⱼpₖ < 2^48, and the carry in) is",
    `< 2^${B.log2()} < 2^53 and is held exactly (as S·2^-48 in the two sums, S·2^-24 after scaling); all`,
    "terms are ≥ 0, so every partial sum is below its column's bound. q_i = ((S_i mod 2^24)·p' mod 2^24)",
    "is formed from frac(S_i·2^-24)·p' < 2^24, a multiple of 2^-24 (48 bits). In the second half the",
    "t − p chain's values are integers in (−2^24, 2^53) held the same way. Pre-subtraction result:",
    `t = (a·b + q·p)/R with a·b < R·p and q < R, so t < 2p < 2^${W * n}: its top carry is zero and one`,
    "masked subtraction of p (sign from the t − p chain's final floor) makes it canonical.",
    "Loops run a fixed number of times (public bounds); `w` is zeroed before returning.",
  ]);
  return `${head}\nexport function mul(${SIG.ab}): void {\n${body.join("\n")}\n}\n`;
}

/** Doc lines on the exactness of a limb-by-limb carry chain. */
const CHAIN = [
  "Carry chains run limb by limb: z = sₖ + F·2^-24 is a multiple of 2^-24 in [−1, 2), and the carry",
  "F = ⌊z⌋ is −1, 0 or 1.",
];

/**
 * out ← a + b or a − b (kind "sub") mod p: two carry chains side by side in one loop (the result
 * written to out as each limb is read, so out may alias a or b; the other chain in scratch), then a
 * masked select. Doubling is add(a, a) (bindSlots).
 */
function emitAddSub(sp: Spec, kind: "add" | "sub"): string {
  const { n } = sp;
  const L: string[] = [];
  if (kind === "sub") {
    // d = a − b (borrow −1 iff a < b) into out; e = a − b + p ∈ (0, 2p) into W.
    L.push(
      "  let d = 0, e = 0;",
      `  for (let k = 0; k < ${n}; k++) {`,
      "    const s = m[a + k] - m[b + k];",
      `    const x = s + d * ${S};`,
      "    d = Math.floor(x);",
      "    m[o + k] = x - d;",
      `    const z = (s + P[k]) + e * ${S};`,
      "    e = Math.floor(z);",
      "    W[k] = z - e;",
      "  }",
      "  // d = −1 if a < b (take a − b + p), else 0 (take a − b).",
      `  for (let k = 0; k < ${n}; k++) {`,
      "    const v = m[o + k];",
      "    m[o + k] = v - d * (W[k] - v);",
      "    W[k] = 0;",
      "  }",
    );
  } else {
    // t = a + b < 2p < 2^(24n) into W; d = t − p (borrow −1 iff t < p) into out.
    L.push(
      "  let f = 0, d = 0;",
      `  for (let k = 0; k < ${n}; k++) {`,
      "    const s = m[a + k] + m[b + k];",
      `    const z = s + f * ${S};`,
      "    f = Math.floor(z);",
      "    W[k] = z - f;",
      `    const x = (s - P[k]) + d * ${S};`,
      "    d = Math.floor(x);",
      "    m[o + k] = x - d;",
      "  }",
      "  // d = −1 if t < p (take t), else 0 (take t − p).",
      `  for (let k = 0; k < ${n}; k++) {`,
      "    const v = m[o + k];",
      "    m[o + k] = v - d * (W[k] - v);",
      "    W[k] = 0;",
      "  }",
    );
  }
  const head = kind === "sub"
    ? ["out ← a − b mod p.", "", "Input bounds: limbs are multiples of 2^-24 in [0, 1) and a, b < p."]
    : [
      "out ← a + b mod p (and 2a = add(a, a)).",
      "",
      "Input bounds: limbs are multiples of 2^-24 in [0, 1) and a, b < p.",
    ];
  head.push(
    "Output bounds: limbs are multiples of 2^-24 in [0, 1) and out < p.",
    `Exactness: limb ${
      kind === "sub" ? "differences sᵢ (plus pᵢ)" : "sums sᵢ (minus pᵢ)"
    } lie in (−1, 2) on the 2^-24 grid.`,
    ...CHAIN,
  );
  return `${doc(head)}\nexport function ${kind}(${SIG.ab}): void {\n${L.join("\n")}\n}\n`;
}

/**
 * 1 if `sum` is zero else 0, without a branch: `sum` is a multiple of 2^-g in [0, 16), so sum/16 −
 * 2^-(g+5) is exact (g + 5 ≤ 53 bits below 1) and negative iff sum = 0; its floor is −1 or 0.
 */
function zeroTest(sum: string, n: number, g: number): string {
  if (n > 16 || g + 5 > 53) throw new Error("zero test out of range");
  return `0 - Math.floor(${sum} * 0.0625 - ${lit(2 ** -(g + 5))})`;
}

function emitSmall(sp: Spec): string[] {
  const { n } = sp;
  const out: string[] = [];
  const fn = (name: string, sig: string, ret: string, head: string[], body: string[]) =>
    `${doc(head)}\nexport function ${name}(${sig}): ${ret} {\n${body.join("\n")}\n}\n`;
  const each = (
    ...lines: string[]
  ) => [`  for (let k = 0; k < ${n}; k++) {`, ...lines.map((l) => `  ${l}`), "  }"];
  const LIMBS = "limbs are multiples of 2^-24 in [0, 1)";
  // Sums for the zero tests start at 0.5, not 0: a limb of 0 is read as a small integer by the
  // interpreter, and a sum of small integers would give V8 integer feedback (then a deoptimisation on
  // data, tests/field/ts_deopt.test.ts). 0.5 + Σ is exact (below 16.5 on the 2^-48 grid) and so is
  // the subtraction of 0.5 before the test.

  // neg: (a ≠ 0) first, then d = p − a ∈ (0, p] times it into out (limb by limb, after each limb of a is read).
  out.push(fn("neg", SIG.a, "void", [
    "out ← −a mod p (0 ↦ 0).",
    "",
    `Input bounds: ${LIMBS}, a < p. Output bounds: the same, out < p.`,
    "Exactness: sᵢ = pᵢ − aᵢ lie in (−1, 1) on the 2^-24 grid; the sum of the limbs is a multiple of",
    `2^-24 in [0, ${n}) and nz ∈ {0, 1} as in isZero.`,
    ...CHAIN,
  ], [
    "  let z = 0.5;",
    ...each("  z += m[a + k];"),
    `  const nz = 1 - (${zeroTest("(z - 0.5)", n, 24)});`,
    "  let d = 0;",
    ...each(
      `  const x = (P[k] - m[a + k]) + d * ${S};`,
      "  d = Math.floor(x);",
      "  m[o + k] = (x - d) * nz;",
    ),
  ]));
  out.push(fn("copy", SIG.a, "void", [`out ← a. Bounds: any doubles (copied bit for bit).`], [
    ...each("  m[o + k] = m[a + k];"),
  ]));
  out.push(fn("cmov", "m: Float64Array, o: number, a: number, flag: number", "void", [
    "out ← a if flag = 1, out unchanged if flag = 0 (out + flag·(a − out)).",
    "",
    `Input bounds: ${LIMBS} in out and a; flag ∈ {0, 1}. Output: the same.`,
    "Exact: differences lie in (−1, 1) on the 2^-24 grid.",
  ], [
    ...each("  const r = m[o + k];", "  m[o + k] = r + flag * (m[a + k] - r);"),
  ]));
  out.push(fn("cswap", "m: Float64Array, a: number, b: number, flag: number", "void", [
    "Swaps a and b if flag = 1 (x = flag·(a − b); a ← a − x; b ← b + x).",
    "",
    `Input bounds: ${LIMBS} in a and b; flag ∈ {0, 1}. Output: the same.`,
    "Exact as cmov.",
  ], [
    ...each(
      "  const u = m[a + k], v = m[b + k];",
      "  const x = flag * (u - v);",
      "  m[a + k] = u - x;",
      "  m[b + k] = v + x;",
    ),
  ]));
  out.push(fn("eq", "m: Float64Array, a: number, b: number", "number", [
    "1 if a = b, else 0: Σ(aᵢ − bᵢ)² is 0 iff equal (canonical limbs).",
    "",
    `Input bounds: ${LIMBS}.`,
    `Exactness: each square is a multiple of 2^-48 below 1, every partial sum one in [0, ${n}); sum/16 −`,
    "2^-53 is exact and negative iff the sum is 0, so its floor is −1 or 0.",
    "(Squares, not Math.abs: Math.abs returns small integers in the interpreter, and integer feedback",
    "would let V8 speculate and deoptimise later on data.)",
  ], [
    "  let z = 0.5;",
    ...each("  const d = m[a + k] - m[b + k];", "  z += d * d;"),
    `  return ${zeroTest("(z - 0.5)", n, 48)};`,
  ]));
  out.push(fn("isZero", "m: Float64Array, a: number", "number", [
    "1 if a = 0, else 0: Σaᵢ is 0 iff a = 0 (limbs ≥ 0).",
    "",
    `Input bounds: ${LIMBS}.`,
    `Exactness: the sum is a multiple of 2^-24 in [0, ${n}); sum/16 − 2^-29 is exact and negative iff`,
    "the sum is 0, so its floor is −1 or 0.",
  ], ["  let z = 0.5;", ...each("  z += m[a + k];"), `  return ${zeroTest("(z - 0.5)", n, 24)};`]));
  out.push(fn("ltP", "m: Float64Array, a: number", "number", [
    "1 if a < p, else 0 (the sign of a − p by a borrow chain).",
    "",
    `Input bounds: ${LIMBS} (any value < 2^${W * n}).`,
    "Exactness: sᵢ = aᵢ − pᵢ lie in (−1, 1) on the 2^-24 grid; the final carry is −1 iff a < p.",
    ...CHAIN,
  ], [
    "  let d = 0;",
    ...each(`  d = Math.floor((m[a + k] - P[k]) + d * ${S});`),
    "  return 0 - d;",
  ]));
  return out;
}

/** bindSlots: the slot-level closures of this field (own closures per field: own V8 feedback). */
function emitBind(sp: Spec): string {
  const { n } = sp;
  const o = (v: string) => `${v} * ${n}`;
  const lines = [
    `    mul: (o, a, b) => mul(arena.m, ${o("o")}, ${o("a")}, ${o("b")}),`,
    `    sqr: (o, a) => mul(arena.m, ${o("o")}, ${o("a")}, ${o("a")}),`,
    `    add: (o, a, b) => add(arena.m, ${o("o")}, ${o("a")}, ${o("b")}),`,
    `    sub: (o, a, b) => sub(arena.m, ${o("o")}, ${o("a")}, ${o("b")}),`,
    `    neg: (o, a) => neg(arena.m, ${o("o")}, ${o("a")}),`,
    `    dbl: (o, a) => add(arena.m, ${o("o")}, ${o("a")}, ${o("a")}),`,
    `    copy: (o, a) => copy(arena.m, ${o("o")}, ${o("a")}),`,
    `    setZero: (o) => arena.m.fill(0, ${o("o")}, ${o("o")} + ${n}),`,
    `    setOne: (o) => arena.m.set(ONE, ${o("o")}),`,
    `    cmov: (o, a, flag) => cmov(arena.m, ${o("o")}, ${o("a")}, flag),`,
    `    cswap: (a, b, flag) => cswap(arena.m, ${o("a")}, ${o("b")}, flag),`,
    `    eq: (a, b) => eq(arena.m, ${o("a")}, ${o("b")}),`,
    `    isZero: (a) => isZero(arena.m, ${o("a")}),`,
    `    ltP: (a) => ltP(arena.m, ${o("a")}),`,
  ];
  return [
    doc([
      `The functions above bound to \`arena\`, addressing elements by slot (slot i at offset i·${n}).`,
      "setOne writes R mod p (the Montgomery form of 1).",
    ]),
    "export function bindSlots(arena: Arena): SlotOps {",
    "  return {",
    ...lines,
    "  };",
    "}",
    "",
  ].join("\n");
}

/** `new Float64Array([...])` of the digits scaled by 2^-24. */
function limbArray(d: number[]): string {
  return `new Float64Array([${d.map((x) => lit(x * SCALE)).join(", ")}])`;
}

/** The text of field/ts/generated/<name>.ts. */
export function generateField(name: FieldName): string {
  const sp = spec(name);
  const parts = [
    `// Generated by scripts/gen_ts_kernels.ts from field/params.ts (${name}). DO NOT EDIT: run \`deno task gen\`.`,
    "// tests/field/ts_generated.test.ts fails if this file differs from the generator's output.",
    "//",
    `// p = 0x${sp.p.toString(16)} (${sp.bits} bits)`,
    `// ${sp.n} limbs of 24 bits; limb i holds Aᵢ·2^-24 (0 ≤ Aᵢ < 2^24); R = 2^${
      W * sp.n
    }; −p⁻¹ mod 2^24 = ${sp.pInv}.`,
    "// Functions take the arena m and element offsets (element i of a kernel sits at i·LIMBS). An output",
    "// limb is written only after every input limb it may overwrite was read, so out may alias any input.",
    "// No branch on data, no allocation; every loop runs a fixed number of times.",
    "",
    `import type { Arena, SlotOps } from "../slot_ops.ts";`,
    "",
    `/** Number of limbs of an element. */`,
    `export const LIMBS = ${sp.n};`,
    `/** The modulus this file was generated for, in hex (checked against field/params.ts on load). */`,
    `export const MODULUS_HEX = "${sp.p.toString(16)}";`,
    `/** p's limbs pᵢ·2^-24. */`,
    `const P = ${limbArray(sp.P)};`,
    `/** R mod p's limbs (the Montgomery form of 1). */`,
    `const ONE = ${limbArray(sp.R1)};`,
    `/** Scratch of mul (quotient digits, t, t − p) and add/sub (the second chain): zeroed after each call. */`,
    `const W = new Float64Array(${3 * sp.n});`,
    "",
    emitMont(sp),
    emitAddSub(sp, "add"),
    emitAddSub(sp, "sub"),
    ...emitSmall(sp),
    emitBind(sp),
  ];
  return parts.join("\n");
}

/** All generated files, path (relative to the repository root) → text. Pure: writes nothing. */
export function generateKernels(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(FIELDS) as FieldName[]) {
    out[`field/ts/generated/${name}.ts`] = generateField(name);
  }
  return out;
}

if (import.meta.main) {
  const root = new URL("../", import.meta.url);
  Deno.mkdirSync(new URL("field/ts/generated/", root), { recursive: true });
  for (const [path, text] of Object.entries(generateKernels())) {
    Deno.writeTextFileSync(new URL(path, root), text);
    console.log(`wrote ${path} (${text.length} bytes)`);
  }
}
