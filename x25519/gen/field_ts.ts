/**
 * Generator of x25519/ts/field.ts, the TypeScript field kernel for p = 2^255 − 19: fifteen 17-bit limbs
 * (2^255 = 2^(15·17), so limb 15 folds back as 19) held in doubles, every function straight-line.
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
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** `name0 = F[p], name1 = F[p + 1], …` as one `const` line per group of five. */
function loads(name: string, ptr: string): string[] {
  const out: string[] = [];
  for (let g = 0; g < N; g += 5) {
    const parts = range(5).map((i) => `${name}${g + i} = F[${ptr}${g + i === 0 ? "" : ` + ${g + i}`}]`);
    out.push(`  const ${parts.join(", ")};`);
  }
  return out;
}

/** `F[o] = c0;` … for the limbs. */
function stores(name: string): string[] {
  return range(N).map((i) => `  F[o${i === 0 ? "" : ` + ${i}`}] = ${name}${i};`);
}

/** Sum of products written as `let c = …;` then `c += …;`, five products a line. */
function sumLines(target: string, products: string[]): string[] {
  const out: string[] = [];
  for (let g = 0; g < products.length; g += 5) {
    const chunk = products.slice(g, g + 5).join(" + ");
    out.push(g === 0 ? `  let ${target} = ${chunk};` : `  ${target} += ${chunk};`);
  }
  return out;
}

/** Floor carry from limb k to k + 1 (to limb 0 times 19 when k = 14). */
function carry(k: number, v = "c"): string[] {
  const next = (k + 1) % N;
  return [
    `  q = Math.floor(${v}${k} * INV_RADIX);`,
    `  ${v}${k} -= q * RADIX;`,
    next === 0 ? `  ${v}0 += 19 * q;` : `  ${v}${next} += q;`,
  ];
}

/** The multiplication carry chain: 0 → 1 → … → 14 → 0 (×19) → 1. */
function chain(v = "c"): string[] {
  return ["  let q = 0;", ...range(N).flatMap((k) => carry(k, v)), ...carry(0, v)];
}

function mul(): string[] {
  const body = [...loads("a", "a"), ...loads("b", "b")];
  // t_j = 19·b_j: the term a_i·b_j with i + j ≥ 15 lands in column i + j − 15 times 19.
  for (let g = 1; g < N; g += 5) {
    const parts = range(Math.min(5, N - g)).map((i) => `t${g + i} = 19 * b${g + i}`);
    body.push(`  const ${parts.join(", ")};`);
  }
  for (let k = 0; k < N; k++) {
    const products = range(N).map((i) => {
      const j = (k - i + N) % N;
      return i + j >= N ? `a${i} * t${j}` : `a${i} * b${j}`;
    });
    body.push(...sumLines(`c${k}`, products));
  }
  return [
    "/**",
    " * F[o..] ← a·b mod p: 225 products, column k = Σ_{i+j=k} a_i·b_j + 19·Σ_{i+j=k+15} a_i·b_j, then the carry chain.",
    " * Input bounds: loose. Output bounds: tight. Columns stay below 2^47 in absolute value.",
    " */",
    "export function mul(F: Float64Array, o: number, a: number, b: number): void {",
    ...body,
    ...chain(),
    ...stores("c"),
    "}",
  ];
}

function sqr(): string[] {
  const body = [...loads("a", "a")];
  // d_i = 2·a_i for the cross products, e_j = 19·a_j for the wrapped ones (j ≥ 8 suffices).
  const decl = (names: string[]) => {
    for (let g = 0; g < names.length; g += 5) body.push(`  const ${names.slice(g, g + 5).join(", ")};`);
  };
  decl(range(N - 1).map((i) => `d${i} = 2 * a${i}`));
  decl(range(7).map((i) => `e${i + 8} = 19 * a${i + 8}`));
  for (let k = 0; k < N; k++) {
    const products: string[] = [];
    for (let i = 0; i < N; i++) {
      const j = (k - i + N) % N;
      if (j < i) continue;
      const wrap = i + j >= N;
      if (i === j) products.push(wrap ? `a${i} * e${i}` : `a${i} * a${i}`);
      else products.push(wrap ? `d${i} * e${j}` : `d${i} * a${j}`);
    }
    body.push(...sumLines(`c${k}`, products));
  }
  return [
    "/**",
    " * F[o..] ← a² mod p: 120 products (cross products doubled once), then the carry chain.",
    " * Input bounds: loose. Output bounds: tight.",
    " */",
    "export function sqr(F: Float64Array, o: number, a: number): void {",
    ...body,
    ...chain(),
    ...stores("c"),
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
    ...loads("a", "a"),
    ...range(N).map((i) => `  let c${i} = ${A24} * a${i};`),
    ...chain(),
    ...stores("c"),
    "}",
  ];
}

function carryFe(): string[] {
  return [
    "/** F[o..] ← a weakly reduced by the carry chain. Input bounds: loose. Output bounds: tight. */",
    "export function carry(F: Float64Array, o: number, a: number): void {",
    ...range(N).map((i) => `  let c${i} = F[a${i === 0 ? "" : ` + ${i}`}];`),
    ...chain(),
    ...stores("c"),
    "}",
  ];
}

function limbwise(name: string, op: string, doc: string): string[] {
  return [
    `/** ${doc} */`,
    `export function ${name}(F: Float64Array, o: number, a: number, b: number): void {`,
    ...range(N).map((i) => {
      const at = i === 0 ? "" : ` + ${i}`;
      return `  F[o${at}] = F[a${at}] ${op} F[b${at}];`;
    }),
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
    "  let t = 0;",
    ...range(N).flatMap((i) => {
      const at = i === 0 ? "" : ` + ${i}`;
      return [`  t = flag * (F[a${at}] - F[b${at}]);`, `  F[a${at}] -= t;`, `  F[b${at}] += t;`];
    }),
    "}",
  ];
}

function fromBytes(): string[] {
  const lines = range(N).map((k) => {
    const bit = TS_BITS * k, byte = bit >> 3, shift = bit & 7;
    const parts = [0, 1, 2].map((m) => (m === 0 ? `s[${byte}]` : `(s[${byte + m}] << ${8 * m})`));
    const shifted = shift === 0 ? `(${parts.join(" | ")})` : `((${parts.join(" | ")}) >>> ${shift})`;
    return `  F[o${k === 0 ? "" : ` + ${k}`}] = ${shifted} & 0x1ffff;`;
  });
  return [
    "/**",
    " * F[o..] ← the 32 little-endian bytes s[0..32) with bit 255 ignored (RFC 7748 §5 decodeUCoordinate):",
    " * limb k = bits [17k, 17k + 17), from three bytes. Values ≥ p are kept (the arithmetic reduces them).",
    " * Output bounds: every limb in [0, 2^17), which is tight.",
    " */",
    "export function fromBytes(F: Float64Array, o: number, s: Uint8Array): void {",
    ...lines,
    "}",
  ];
}

function toBytes(): string[] {
  const body = range(N).map((i) => `  let h${i} = F[a${i === 0 ? "" : ` + ${i}`}];`);
  body.push("  let q = 0;");
  const pass = (wrap: boolean) => {
    for (let k = 0; k < N; k++) {
      if (k === N - 1 && !wrap) {
        body.push(`  h${k} -= Math.floor(h${k} * INV_RADIX) * RADIX;`);
        break;
      }
      body.push(...carry(k, "h"));
    }
  };
  pass(true);
  pass(true);
  body.push("  q = Math.floor((h0 + 19) * INV_RADIX);");
  for (let k = 1; k < N; k++) body.push(`  q = Math.floor((h${k} + q) * INV_RADIX);`);
  body.push("  h0 += 19 * q;");
  pass(false);
  for (let b = 0; b < 32; b++) {
    const parts: string[] = [];
    for (let k = 0; k < N; k++) {
      const lo = TS_BITS * k, hi = lo + TS_BITS;
      if (hi <= 8 * b || lo >= 8 * b + 8) continue;
      parts.push(lo >= 8 * b ? `(h${k} << ${lo - 8 * b})` : `(h${k} >>> ${8 * b - lo})`);
    }
    const bare = (p: string) => p.replace(/^\((.*)\)$/, "$1").replace(/ << 0$/, "");
    const expr = parts.length === 1
      ? bare(parts[0])
      : parts.map((p) => p.replace(/ << 0\)$/, ")")).join(" | ");
    body.push(`  d[${b}] = ${expr};`);
  }
  return [
    "/**",
    " * d[0..32) ← the canonical little-endian encoding of a (fully reduced into [0, p)).",
    " * Two floor carry passes give limbs in [0, 2^17), a value V in [0, 2^255); q = ⌊(V + 19)/2^255⌋ ∈ {0, 1}",
    " * says V ≥ p, and V + 19q − 2^255·q = V − q·p. Input bounds: loose.",
    " */",
    "export function toBytes(F: Float64Array, a: number, d: Uint8Array): void {",
    ...body,
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
    " * doubles, on an arena `F` addressed by offsets (a field element = F[x..x+15)). Every function is",
    " * straight-line: no branch, no data-dependent index, no allocation. All intermediate values are",
    " * integers below 2^53, so every double operation is exact. Bounds, per limb:",
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
    "",
  ];
  const parts = [
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
