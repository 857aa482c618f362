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

/** Balanced binary sum of the terms. */
function tree(terms: string[]): string {
  if (terms.length === 0) return "0";
  if (terms.length === 1) return terms[0];
  const h = terms.length >> 1;
  return `(${tree(terms.slice(0, h))} + ${tree(terms.slice(h))})`;
}

/** Strips one pair of outer parentheses if they enclose the whole expression. */
function top(e: string): string {
  if (!e.startsWith("(")) return e;
  let depth = 0;
  for (let i = 0; i < e.length; i++) {
    if (e[i] === "(") depth++;
    else if (e[i] === ")" && --depth === 0) return i === e.length - 1 ? e.slice(1, -1) : e;
  }
  return e;
}

const SIG = {
  ab: "m: Float64Array, o: number, a: number, b: number",
  a: "m: Float64Array, o: number, a: number",
};

/** Doc comment lines. */
function doc(lines: string[]): string {
  return ["/**", ...lines.map((l) => (l ? ` * ${l}` : " *")), " */"].join("\n");
}

function loads(name: string, base: string, n: number, scale = ""): string {
  const parts = [];
  for (let i = 0; i < n; i++) parts.push(`${name}${i} = m[${base}${i ? ` + ${i}` : ""}]${scale}`);
  return `  const ${parts.join(", ")};`;
}

/**
 * Montgomery multiplication out ← a·b·R⁻¹ mod p (FIPS product scanning), the one multiplication of
 * the file: squaring is mul(a, a) (bindSlots), and conversions into and out of Montgomery form are
 * multiplications by R² mod p and by 1 (field/ts/kernel.ts), so that the kernels stay small in a
 * bundle (a specialised squaring was 7–13 % faster and as large as mul).
 *
 * Column units: a column sum sᵢ holds Sᵢ·2^-24 for the integer column value Sᵢ, so products are formed
 * as aⱼ·(Bₖ as an integer-valued double) and fractional part / floor split Sᵢ mod 2^24 / ⌊Sᵢ/2^24⌋.
 */
function emitMont(sp: Spec): string {
  const { n, P, pInv } = sp;
  const B = new Bounds();
  const dmax = BigInt(RADIX - 1);
  const L: string[] = [];
  const aMax = dmax; // input digits are < 2^24

  L.push(loads("a", "a", n));
  L.push(loads("b", "b", n, ` * ${R24}`));
  // ab terms of column k with their integer bounds.
  const abTerms = (k: number): { terms: string[]; bound: bigint } => {
    const terms: string[] = [];
    let bound = 0n;
    for (let j = Math.max(0, k - n + 1); j < n && j <= k; j++) {
      terms.push(`a${j} * b${k - j}`);
      bound += aMax * dmax;
    }
    return { terms, bound };
  };
  // q·P terms of column k from quotient digits j in [lo, hi).
  const qpTerms = (k: number, lo: number, hi: number): { terms: string[]; bound: bigint } => {
    const terms: string[] = [];
    let bound = 0n;
    for (let j = Math.max(lo, k - n + 1); j < hi && j <= k; j++) {
      if (P[k - j] === 0) continue;
      terms.push(`q${j} * ${P[k - j]}`);
      bound += dmax * BigInt(P[k - j]);
    }
    return { terms, bound };
  };

  // First half: columns 0..n-1 produce the quotient digits q_i = (S_i mod 2^24)·p' mod 2^24.
  let carryMax = 0n; // integer bound of the carry into the current column (in units of that column)
  for (let i = 0; i < n; i++) {
    const ab = abTerms(i);
    const early = qpTerms(i, 0, i - 1);
    // Early terms as a balanced tree, then the two that wait for q_{i-1} (shortest dependency chain).
    const terms = [...ab.terms, ...early.terms];
    const sum = terms.length ? [top(tree(terms))] : [];
    let bound = ab.bound + early.bound;
    if (i >= 1 && P[1] !== 0) {
      sum.push(`q${i - 1} * ${P[1]}`);
      bound += dmax * BigInt(P[1]);
    }
    if (i >= 1) {
      sum.push(`c${i}`);
      bound += carryMax;
    }
    B.note(bound, `column ${i}`);
    L.push(`  // column ${i}: S < 2^${Math.log2(Number(bound) + 1).toFixed(2)}`);
    L.push(`  const s${i} = ${sum.join(" + ")};`);
    L.push(`  const u${i} = (s${i} - Math.floor(s${i})) * ${pInv};`);
    L.push(`  const q${i} = u${i} - Math.floor(u${i});`);
    // S_i + q_i·P_0 ≡ 0 mod 2^24: the carry is exact; both addends are exact multiples of 2^-48 < 2^6.
    L.push(`  const c${i + 1} = q${i} * ${lit(P[0] * SCALE)} + s${i} * ${S};`);
    carryMax = B.note(bound + dmax * BigInt(P[0]), `column ${i} + q·p0`) >> BigInt(W);
  }
  // Second half: columns n..2n-1 give t = (a·b + q·p)/R; alongside, t − p with its own carries.
  for (let i = n; i < 2 * n; i++) {
    const k = i - n;
    const ab = abTerms(i);
    const qp = qpTerms(i, 0, n);
    const bound = ab.bound + qp.bound;
    L.push(`  // column ${i}: S < 2^${Math.log2(Number(bound + carryMax) + 1).toFixed(2)}`);
    B.note(bound + carryMax, `column ${i}`);
    if (i === 2 * n - 1) {
      // No products: t < 2p < 2^(24n), so the last digit is the carry itself.
      L.push(`  const t${k} = c${i};`);
      L.push(`  const x${i} = y${i} - ${lit(P[k] * SCALE)};`);
      L.push(`  const g = Math.floor(x${i});`);
      L.push(`  const v${k} = x${i} - g;`);
    } else {
      const e = tree([...ab.terms, ...qp.terms]);
      L.push(`  const e${i} = ${top(e)};`);
      L.push(`  const s${i} = e${i} + c${i};`);
      L.push(`  const f${i} = Math.floor(s${i});`);
      L.push(`  const t${k} = s${i} - f${i};`);
      L.push(`  const c${i + 1} = f${i} * ${S};`);
      const yin = i === n ? `c${n}` : `y${i}`;
      L.push(`  const x${i} = (e${i} - ${lit(P[k] * SCALE)}) + ${yin};`);
      L.push(`  const h${i} = Math.floor(x${i});`);
      L.push(`  const v${k} = x${i} - h${i};`);
      L.push(`  const y${i + 1} = h${i} * ${S};`);
      carryMax = (bound + carryMax) >> BigInt(W);
    }
  }
  L.push("  // g = −1 if t < p (keep t), 0 if t ≥ p (keep t − p).");
  for (let k = 0; k < n; k++) L.push(`  m[o${k ? ` + ${k}` : ""}] = v${k} - g * (t${k} - v${k});`);

  const what = [
    "out ← a·b·R⁻¹ mod p (Montgomery multiplication; squaring is mul(a, a)).",
    `a·b < R·p: a, b < p, or any a < 2^${W * n} with b < p (the conversions of field/ts/kernel.ts)`,
    "a·b < R·p",
  ];
  const head = doc([
    what[0],
    "",
    `Input bounds: limbs are multiples of 2^-24 in [0, 1) and ${what[1]}.`,
    "Output bounds: limbs are multiples of 2^-24 in [0, 1) and out < p.",
    `Exactness: every integer column value S (products aⱼbₖ, qⱼpₖ < 2^48, and the carry in) is`,
    `< 2^${B.log2()} < 2^53 and is held exactly as the double S·2^-24; partial sums of the balanced trees`,
    "are below their column's bound (all terms ≥ 0). q_i = ((S_i mod 2^24)·p' mod 2^24) is formed from",
    "frac(S_i·2^-24)·p' < 2^24, a multiple of 2^-24 (48 bits). In the second half the t − p chain's",
    "values are integers in (−2^24, 2^53) held the same way. Pre-subtraction result: t = (a·b + q·p)/R",
    `with ${what[2]} and q < R, so t < 2p < 2^${W * n}: its top carry is zero and one masked subtraction`,
    "of p (sign from the t − p chain's final floor) makes it canonical.",
  ]);
  return `${head}\nexport function mul(${SIG.ab}): void {\n${L.join("\n")}\n}\n`;
}

/**
 * A carry chain normalising digits z_k = src(k) + carry_k into [0, 1) (multiples of 2^-24), where each
 * src(k) is a multiple of 2^-24 in (−2, 2). Limbs are taken in pairs, so the dependency chain has
 * ⌈n/2⌉ steps instead of n: h_j = src(2j)·2^-24 + src(2j+1) (a multiple of 2^-48 in (−3, 3): exact),
 * x_j = h_j + F_{j−1}·2^-48, F_j = ⌊x_j⌋ ∈ {−1, 0, 1} is the carry out of the pair, and the two digits
 * are split off x_j − F_j ∈ [0, 1) afterwards, off the chain. `last` = "carry": returns the name of
 * the final floor (for a sign); "none": the top digit is known to lie in [0, 1) and is not split.
 */
function chain(
  L: string[],
  n: number,
  src: (k: number) => string,
  out: string,
  last: "carry" | "none",
): string {
  let carry = "";
  for (let j = 0; 2 * j < n; j++) {
    const lo = 2 * j, hi = 2 * j + 1;
    const isLast = hi >= n - 1;
    if (hi < n) {
      L.push(`  const ${out}h${j} = (${src(lo)}) * ${S} + (${src(hi)});`);
      const x = j === 0 ? `${out}h${j}` : `${out}h${j} + ${out}F${j - 1} * ${lit(2 ** -48)}`;
      L.push(`  const ${out}x${j} = ${x};`);
      let rem = `${out}x${j}`;
      if (!(isLast && last === "none")) {
        L.push(`  const ${out}F${j} = Math.floor(${out}x${j});`);
        rem = `(${out}x${j} - ${out}F${j})`;
        carry = `${out}F${j}`;
      }
      L.push(`  const ${out}r${j} = ${rem} * ${R24};`);
      L.push(`  const ${out}g${j} = Math.floor(${out}r${j});`);
      L.push(`  const ${out}${lo} = ${out}r${j} - ${out}g${j};`);
      L.push(`  const ${out}${hi} = ${out}g${j} * ${S};`);
    } else {
      // A single top limb (n odd): the carry F_{j−1} counts units of this limb.
      const z = j === 0 ? src(lo) : `${src(lo)} + ${out}F${j - 1} * ${S}`;
      if (last === "none") {
        L.push(`  const ${out}${lo} = ${z};`);
      } else {
        L.push(`  const ${out}z${j} = ${z};`);
        L.push(`  const ${out}F${j} = Math.floor(${out}z${j});`);
        L.push(`  const ${out}${lo} = ${out}z${j} - ${out}F${j};`);
        carry = `${out}F${j}`;
      }
    }
  }
  return carry;
}

/** Doc lines on the exactness of `chain`. */
const PAIRS = [
  "Carries run over limb pairs: h = s₂ⱼ·2^-24 + s₂ⱼ₊₁ + F·2^-48 is a multiple of 2^-48 in (−3, 3), i.e.",
  "at most 51 significant bits, and the pair carry F = ⌊h⌋ is −1, 0 or 1.",
];

/**
 * out ← a + b or a − b (kind "sub") mod p, two chains and a masked select. Doubling is add(a, a)
 * (bindSlots), not a function of its own: as fast, and the kernels stay small in a bundle.
 */
function emitAddSub(sp: Spec, kind: "add" | "sub"): string {
  const { n, P } = sp;
  const L: string[] = [];
  L.push(loads("a", "a", n));
  L.push(loads("b", "b", n));
  const s = (
    k: number,
  ) => (kind === "add" ? `a${k} + b${k}` : `a${k} - b${k}`);
  const pk = (k: number) => lit(P[k] * SCALE);
  let head: string[];
  if (kind === "sub") {
    // d = a − b (borrow β = −1 iff a < b); e = a − b + p ∈ (0, 2p) (top digit in [0, 1)).
    const borrow = chain(L, n, (k) => `${s(k)}`, "d", "carry");
    chain(L, n, (k) => `${s(k)} + ${pk(k)}`, "e", "none");
    L.push(`  const g = ${borrow};`);
    L.push("  // g = −1 if a < b (take a − b + p), else 0 (take a − b).");
    for (let k = 0; k < n; k++) L.push(`  m[o${k ? ` + ${k}` : ""}] = d${k} - g * (e${k} - d${k});`);
    head = [
      "out ← a − b mod p.",
      "",
      "Input bounds: limbs are multiples of 2^-24 in [0, 1) and a, b < p.",
      "Output bounds: limbs are multiples of 2^-24 in [0, 1) and out < p.",
      "Exactness: limb differences sᵢ (plus pᵢ) lie in (−1, 2) on the 2^-24 grid.",
      ...PAIRS,
    ];
  } else {
    // t = a + b < 2p < 2^(24n) (top digit in [0, 1)); d = t − p with borrow β = −1 iff t < p.
    chain(L, n, s, "t", "none");
    const borrow = chain(L, n, (k) => `${s(k)} - ${pk(k)}`, "d", "carry");
    L.push(`  const g = ${borrow};`);
    L.push("  // g = −1 if t < p (take t), else 0 (take t − p).");
    for (let k = 0; k < n; k++) L.push(`  m[o${k ? ` + ${k}` : ""}] = d${k} - g * (t${k} - d${k});`);
    head = [
      "out ← a + b mod p (and 2a = add(a, a)).",
      "",
      "Input bounds: limbs are multiples of 2^-24 in [0, 1) and a, b < p.",
      "Output bounds: limbs are multiples of 2^-24 in [0, 1) and out < p.",
      "Exactness: limb sums sᵢ (minus pᵢ) lie in (−1, 2) on the 2^-24 grid.",
      ...PAIRS,
    ];
  }
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
  const { n, P } = sp;
  const out: string[] = [];
  const idx = (b: string, k: number) => `${b}${k ? ` + ${k}` : ""}`;
  const fn = (name: string, sig: string, ret: string, head: string[], body: string[]) =>
    `${doc(head)}\nexport function ${name}(${sig}): ${ret} {\n${body.join("\n")}\n}\n`;
  const range = (f: (k: number) => string) => Array.from({ length: n }, (_, k) => f(k));
  const LIMBS = "limbs are multiples of 2^-24 in [0, 1)";

  // neg: d = p − a ∈ (0, p], then multiplied by (a ≠ 0).
  {
    const L = [loads("a", "a", n)];
    chain(L, n, (k) => `${lit(P[k] * SCALE)} - a${k}`, "d", "none");
    L.push(`  const nz = 1 - (${zeroTest(tree(range((k) => `a${k}`)), n, 24)});`);
    for (let k = 0; k < n; k++) L.push(`  m[${idx("o", k)}] = d${k} * nz;`);
    out.push(fn("neg", SIG.a, "void", [
      "out ← −a mod p (0 ↦ 0).",
      "",
      `Input bounds: ${LIMBS}, a < p. Output bounds: the same, out < p.`,
      "Exactness: sᵢ = pᵢ − aᵢ lie in (−1, 1) on the 2^-24 grid; nz ∈ {0, 1} as in isZero.",
      ...PAIRS,
    ], L));
  }
  out.push(fn("copy", SIG.a, "void", [`out ← a. Bounds: any doubles (copied bit for bit).`], [
    loads("a", "a", n),
    ...range((k) => `  m[${idx("o", k)}] = a${k};`),
  ]));
  out.push(fn("cmov", "m: Float64Array, o: number, a: number, flag: number", "void", [
    "out ← a if flag = 1, out unchanged if flag = 0 (out + flag·(a − out)).",
    "",
    `Input bounds: ${LIMBS} in out and a; flag ∈ {0, 1}. Output: the same.`,
    "Exact: differences lie in (−1, 1) on the 2^-24 grid.",
  ], [
    loads("a", "a", n),
    loads("r", "o", n),
    ...range((k) => `  m[${idx("o", k)}] = r${k} + flag * (a${k} - r${k});`),
  ]));
  out.push(fn("cswap", "m: Float64Array, a: number, b: number, flag: number", "void", [
    "Swaps a and b if flag = 1 (x = flag·(a − b); a ← a − x; b ← b + x).",
    "",
    `Input bounds: ${LIMBS} in a and b; flag ∈ {0, 1}. Output: the same.`,
    "Exact as cmov.",
  ], [
    loads("a", "a", n),
    loads("b", "b", n),
    ...range((k) => `  const x${k} = flag * (a${k} - b${k});`),
    ...range((k) => `  m[${idx("a", k)}] = a${k} - x${k};`),
    ...range((k) => `  m[${idx("b", k)}] = b${k} + x${k};`),
  ]));
  out.push(fn("eq", "m: Float64Array, a: number, b: number", "number", [
    "1 if a = b, else 0: Σ(aᵢ − bᵢ)² is 0 iff equal (canonical limbs).",
    "",
    `Input bounds: ${LIMBS}.`,
    `Exactness: each square is a multiple of 2^-48 below 1, the sum one in [0, ${n}); sum/16 − 2^-53`,
    "is exact and negative iff the sum is 0, so its floor is −1 or 0.",
    "(Squares, not Math.abs: Math.abs returns small integers in the interpreter, and integer feedback",
    "would let V8 speculate and deoptimise later on data.)",
  ], [
    loads("a", "a", n),
    loads("b", "b", n),
    ...range((k) => `  const d${k} = a${k} - b${k};`),
    `  return ${zeroTest(tree(range((k) => `d${k} * d${k}`)), n, 48)};`,
  ]));
  out.push(fn("isZero", "m: Float64Array, a: number", "number", [
    "1 if a = 0, else 0: Σaᵢ is 0 iff a = 0 (limbs ≥ 0).",
    "",
    `Input bounds: ${LIMBS}.`,
    `Exactness: the sum is a multiple of 2^-24 in [0, ${n}); sum/16 − 2^-29 is exact and negative iff`,
    "the sum is 0, so its floor is −1 or 0.",
  ], [loads("a", "a", n), `  return ${zeroTest(tree(range((k) => `a${k}`)), n, 24)};`]));
  {
    const L = [loads("a", "a", n)];
    const borrow = chain(L, n, (k) => `a${k} - ${lit(P[k] * SCALE)}`, "d", "carry");
    L.push(`  return 0 - ${borrow};`);
    out.push(fn("ltP", "m: Float64Array, a: number", "number", [
      "1 if a < p, else 0 (the sign of a − p by a borrow chain).",
      "",
      `Input bounds: ${LIMBS} (any value < 2^${W * n}).`,
      "Exactness: sᵢ = aᵢ − pᵢ lie in (−1, 1) on the 2^-24 grid; the final carry is −1 iff a < p.",
      ...PAIRS,
    ], L));
  }
  return out;
}

/** bindSlots: the slot-level closures of this field (own closures per field: own V8 feedback). */
function emitBind(sp: Spec): string {
  const { n, R1 } = sp;
  const o = (v: string) => `${v} * ${n}`;
  const store = (val: (k: number) => string) =>
    Array.from({ length: n }, (_, k) => `      m[i${k ? ` + ${k}` : ""}] = ${val(k)};`).join("\n");
  const lines = [
    `    mul: (o, a, b) => mul(arena.m, ${o("o")}, ${o("a")}, ${o("b")}),`,
    `    sqr: (o, a) => mul(arena.m, ${o("o")}, ${o("a")}, ${o("a")}),`,
    `    add: (o, a, b) => add(arena.m, ${o("o")}, ${o("a")}, ${o("b")}),`,
    `    sub: (o, a, b) => sub(arena.m, ${o("o")}, ${o("a")}, ${o("b")}),`,
    `    neg: (o, a) => neg(arena.m, ${o("o")}, ${o("a")}),`,
    `    dbl: (o, a) => add(arena.m, ${o("o")}, ${o("a")}, ${o("a")}),`,
    `    copy: (o, a) => copy(arena.m, ${o("o")}, ${o("a")}),`,
    `    setZero: (o) => {`,
    `      const m = arena.m, i = ${o("o")};`,
    store(() => "0"),
    `    },`,
    `    setOne: (o) => {`,
    `      const m = arena.m, i = ${o("o")};`,
    store((k) => lit(R1[k] * SCALE)),
    `    },`,
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
    "// Functions take the arena m and element offsets (element i of a kernel sits at i·LIMBS). Outputs are",
    "// written after all inputs are read, so out may alias any input. No branches, loops or allocation.",
    "",
    `import type { Arena, SlotOps } from "../slot_ops.ts";`,
    "",
    `/** Number of limbs of an element. */`,
    `export const LIMBS = ${sp.n};`,
    `/** The modulus this file was generated for, in hex (checked against field/params.ts on load). */`,
    `export const MODULUS_HEX = "${sp.p.toString(16)}";`,
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
