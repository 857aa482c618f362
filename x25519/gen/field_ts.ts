/**
 * Generator of x25519/ts/field.ts, the TypeScript field kernel for p = 2^255 − 19: fifteen 17-bit limbs
 * (2^255 = 2^(15·17), so limb 15 folds back as 19) held in doubles, loops of fixed length.
 *
 * Run `deno run --allow-write x25519/gen/field_ts.ts` to rewrite the file;
 * tests/x25519/generator.test.ts checks that the checked-in file equals `generateFieldTs()`.
 * The output is plain code (no eval, no Function) and already in `deno fmt` style.
 * @module
 */

import { A24 } from "../curve.ts";

/** Limb count and width: 15 × 17 = 255 bits. */
export const TS_LIMBS: number = 15;
export const TS_BITS: number = 17;

const N = TS_LIMBS;

/**
 * `settle`: the carry chain 0 → 1 → … → 14 → 0 (×19) → 1 on the columns in T[0..15), the result
 * stored at F[o..] and the scratch zeroed (the shared tail of mul, sqr, mulA24 and carry).
 */
function settle(): string[] {
  const L = Array.from({ length: N }, (_, k) => k);
  const step = (k: number) => {
    const next = (k + 1) % N;
    return [
      `  q = Math.floor(c${k} * INV_RADIX);`,
      `  c${k} -= q * RADIX;`,
      next === 0 ? `  c0 += 19 * q;` : `  c${next} += q;`,
    ];
  };
  const groups = (f: (k: number) => string) => {
    const out: string[] = [];
    for (let g = 0; g < N; g += 5) out.push(`  let ${L.slice(g, g + 5).map(f).join(", ")};`);
    return out;
  };
  return [
    "/**",
    " * F[o..] ← the columns T[0..15) after the carry chain 0 → 1 → … → 14 → 0 (×19) → 1, on locals",
    " * (written out: a chain through memory cost more than the products). Output bounds: tight.",
    " */",
    "function settle(F: Float64Array, o: number): void {",
    ...groups((k) => `c${k} = T[${k}]`),
    "  let q = 0;",
    ...L.flatMap(step),
    ...step(0),
    ...L.map((k) => `  F[o${k === 0 ? "" : ` + ${k}`}] = c${k};`),
    "}",
  ];
}

/** T[15..30) ← 19·x, T[30..45) ← x: T[30 + k − i] is the factor of a_i in column k (19·x_{k−i+15} when k < i). */
const STAGE = (x: string) => [
  `  for (let j = 0; j < ${N}; j++) {`,
  `    const v = F[${x} + j];`,
  `    T[${N} + j] = 19 * v;`,
  `    T[${2 * N} + j] = v;`,
  "  }",
];

/** `const a0 = F[a], …` for the 15 limbs, five a line. */
function loadsA(): string[] {
  const out: string[] = [];
  for (let g = 0; g < N; g += 5) {
    const parts = Array.from({ length: 5 }, (_, i) => `a${g + i} = F[a${g + i === 0 ? "" : ` + ${g + i}`}]`);
    out.push(`  const ${parts.join(", ")};`);
  }
  return out;
}

/** The column loop: T[k] = Σ_i a_i·T[30 + k − i], the 15 products of a column written out. */
function columns(): string[] {
  const terms = Array.from({ length: N }, (_, i) => `a${i} * T[t${i === 0 ? "" : ` - ${i}`}]`);
  const lines = [`    const t = ${2 * N} + k;`];
  for (let g = 0; g < N; g += 5) {
    const chunk = terms.slice(g, g + 5).join(" + ");
    lines.push(g === 0 ? `    let c = ${chunk};` : `    c += ${chunk};`);
  }
  return [`  for (let k = 0; k < ${N}; k++) {`, ...lines, "    T[k] = c;", "  }"];
}

function mul(): string[] {
  return [
    "/**",
    " * F[o..] ← a·b mod p: 225 products, column k = Σ_{i+j=k} a_i·b_j + 19·Σ_{i+j=k+15} a_i·b_j, then the carry chain.",
    " * Input bounds: loose. Output bounds: tight. Columns (and every partial sum) stay below 2^47 in",
    " * absolute value. The limbs of a are locals and a column's products are written out; the loop runs",
    " * over the 15 columns.",
    " */",
    "export function mul(F: Float64Array, o: number, a: number, b: number): void {",
    ...loadsA(),
    ...STAGE("b"),
    ...columns(),
    "  settle(F, o);",
    "}",
  ];
}

function sqr(): string[] {
  return [
    "/**",
    " * F[o..] ← a² mod p as mul(a, a): one column loop for both keeps the kernel small (the 120-product",
    " * squaring written out was 0.6 kB more gzip in the X25519 app and made the TS ladder 1.2× faster).",
    " * Input bounds: loose. Output bounds: tight.",
    " */",
    "export function sqr(F: Float64Array, o: number, a: number): void {",
    "  mul(F, o, a, a);",
    "}",
  ];
}

function mulA24(): string[] {
  return [
    "/**",
    ` * F[o..] ← ${A24}·a mod p (a24 = (A − 2)/4 of RFC 7748 §5), then the carry chain.`,
    " * Input bounds: loose. Output bounds: tight.",
    " */",
    "export function mulA24(F: Float64Array, o: number, a: number): void {",
    `  for (let k = 0; k < ${N}; k++) T[k] = ${A24} * F[a + k];`,
    "  settle(F, o);",
    "}",
  ];
}

function carryFe(): string[] {
  return [
    "/** F[o..] ← a weakly reduced by the carry chain. Input bounds: loose. Output bounds: tight. */",
    "export function carry(F: Float64Array, o: number, a: number): void {",
    `  for (let k = 0; k < ${N}; k++) T[k] = F[a + k];`,
    "  settle(F, o);",
    "}",
  ];
}

function limbwise(name: string, op: string, doc: string): string[] {
  return [
    `/** ${doc} */`,
    `export function ${name}(F: Float64Array, o: number, a: number, b: number): void {`,
    `  for (let k = 0; k < ${N}; k++) F[o + k] = F[a + k] ${op} F[b + k];`,
    "}",
  ];
}

function cswap(): string[] {
  return [
    "/**",
    " * Swaps a and b when flag = 1, leaves them when flag = 0: t = flag·(a_k − b_k); a_k −= t; b_k += t.",
    " * Exact for any limbs below 2^52; no branch, no data-dependent index.",
    " */",
    "export function cswap(F: Float64Array, a: number, b: number, flag: number): void {",
    `  for (let k = 0; k < ${N}; k++) {`,
    "    const t = flag * (F[a + k] - F[b + k]);",
    "    F[a + k] -= t;",
    "    F[b + k] += t;",
    "  }",
    "}",
  ];
}

function fromBytes(): string[] {
  return [
    "/**",
    " * F[o..] ← the 32 little-endian bytes s[0..32) with bit 255 ignored (RFC 7748 §5 decodeUCoordinate):",
    " * limb k = bits [17k, 17k + 17), from three bytes. Values ≥ p are kept (the arithmetic reduces them).",
    " * Output bounds: every limb in [0, 2^17), which is tight.",
    " */",
    "export function fromBytes(F: Float64Array, o: number, s: Uint8Array): void {",
    `  for (let k = 0; k < ${N}; k++) {`,
    `    const bit = ${TS_BITS} * k, i = bit >>> 3;`,
    "    F[o + k] = ((s[i] | (s[i + 1] << 8) | (s[i + 2] << 16)) >>> (bit & 7)) & 0x1ffff;",
    "  }",
    "}",
  ];
}

function toBytes(): string[] {
  const pass = [
    `    for (let k = 0; k < ${N - 1}; k++) {`,
    "      q = Math.floor(T[k] * INV_RADIX);",
    "      T[k] -= q * RADIX;",
    "      T[k + 1] += q;",
    "    }",
  ];
  return [
    "/**",
    " * d[0..32) ← the canonical little-endian encoding of a (fully reduced into [0, p)).",
    " * Two floor carry passes give limbs in [0, 2^17), a value V in [0, 2^255); q = ⌊(V + 19)/2^255⌋ ∈ {0, 1}",
    " * says V ≥ p, and V + 19q − 2^255·q = V − q·p. Input bounds: loose.",
    " */",
    "export function toBytes(F: Float64Array, a: number, d: Uint8Array): void {",
    `  for (let k = 0; k < ${N}; k++) T[k] = F[a + k];`,
    "  let q = 0;",
    "  for (let r = 0; r < 2; r++) {",
    ...pass,
    `    q = Math.floor(T[${N - 1}] * INV_RADIX);`,
    `    T[${N - 1}] -= q * RADIX;`,
    "    T[0] += 19 * q;",
    "  }",
    "  q = Math.floor((T[0] + 19) * INV_RADIX);",
    `  for (let k = 1; k < ${N}; k++) q = Math.floor((T[k] + q) * INV_RADIX);`,
    "  T[0] += 19 * q;",
    "  {",
    ...pass,
    "  }",
    `  T[${N - 1}] -= Math.floor(T[${N - 1}] * INV_RADIX) * RADIX;`,
    "  // Byte b holds bits [8b, 8b + 8): from limb k = ⌊8b/17⌋ and, past its end, limb k + 1 (public",
    "  // indices; T[15] = 0 stands for the limb after the last). The store keeps the low 8 bits.",
    `  T[${N}] = 0;`,
    "  for (let b = 0; b < 32; b++) {",
    `    const k = Math.floor((8 * b) / ${TS_BITS}), off = 8 * b - ${TS_BITS} * k;`,
    `    d[b] = (T[k] >>> off) | (T[k + 1] << (${TS_BITS} - off));`,
    "  }",
    "}",
  ];
}

/** The text of x25519/ts/field.ts. */
export function generateFieldTs(): string {
  const tight = "limb 1 in [−2^13, 2^17 + 2^13], every other limb in [0, 2^17):";
  const header = [
    "// GENERATED by x25519/gen/field_ts.ts: do not edit. Regenerate with",
    "// `deno run --allow-write x25519/gen/field_ts.ts` (tests/x25519/generator.test.ts checks it).",
    "",
    "/**",
    " * TypeScript field kernel for p = 2^255 − 19: fifteen limbs of 17 bits (limb k has weight 2^(17k)) in",
    " * doubles, on an arena `F` addressed by offsets (a field element = F[x..x+15)). No branch or index",
    " * depends on data, and nothing is allocated: loops run a fixed number of times (loops, not unrolled",
    " * code, keep the kernel small in a bundle). All intermediate values are integers below 2^53, so every",
    " * double operation is exact. Bounds, per limb:",
    " *",
    ` * tight  ${tight}`,
    " *        output of mul, sqr, mulA24, carry, fromBytes",
    " * loose  |limb| ≤ 2^19 + 2^16 (any ± sum of up to four tight values): accepted by mul, sqr,",
    " *        mulA24, carry, toBytes",
    " *",
    " * add and sub do not reduce: their output bound is the sum of their input bounds.",
    " * @module",
    " */",
    "",
    "/** Number of limbs and limb width. */",
    `export const LIMBS: number = ${N};`,
    `export const RADIX: number = 2 ** ${TS_BITS};`,
    `const INV_RADIX = 2 ** -${TS_BITS};`,
    "/**",
    " * Scratch: columns (or limbs) in T[0..15), 19 times a factor and the factor in T[15..45). It holds secret",
    " * data after a call: the backend zeroes it after each operation (x25519/ts/backend.ts `wipe`).",
    " */",
    `export const SCRATCH: Float64Array = new Float64Array(${3 * N});`,
    "const T = SCRATCH;",
    "",
  ];
  const parts = [
    settle(),
    mul(),
    sqr(),
    mulA24(),
    carryFe(),
    limbwise("add", "+", "F[o..] ← a + b limb by limb, no carry: output bound = sum of the input bounds."),
    limbwise(
      "sub",
      "-",
      "F[o..] ← a − b limb by limb, no carry (limbs may go negative): bound = sum of bounds.",
    ),
    cswap(),
    fromBytes(),
    toBytes(),
  ];
  return [...header, ...parts.map((p) => p.join("\n") + "\n").join("\n").split("\n")].join("\n");
}

if (import.meta.main) {
  const url = new URL("../ts/field.ts", import.meta.url);
  Deno.writeTextFileSync(url, generateFieldTs());
  console.log(`wrote ${url.pathname}`);
}
