// Constant-time proofs for the prime-field layer (see tests/ct/README.md): for all four fields and
// both backends, one control-flow proof per secret-handling operation of the FieldKernel (the wasm
// kernel's JavaScript wrappers and the inversion driver, the generated TypeScript kernel, and the
// algorithms of field/algorithms/ behind inv, sqrt, isSquare and pow), the checked decoder
// decodeFieldElement, a positive control per backend, and the bytecode rules of every wasm module of
// the field layer (kernel: straight-line, in every multiplication variant; inversion: counted loops).

// The registry must be imported before any library module (it starts V8 block coverage).
import { assertConstantFlow, ctFlow, ctWasm, secretsForModulus } from "./registry.ts";
import { planExportRule } from "./wasm_rules.ts";
import {
  type Backend,
  buildFieldModule,
  FIELD_PLANS,
  type FieldModuleOptions,
  FIELDS,
  inverseLayer,
  inverseModuleBytes,
  KERNEL_FUNCTIONS,
  sqr4Layer,
  wasmFieldModuleBytes,
} from "../internal.ts";
import assert from "node:assert/strict";
import { decodeFieldElement, type FieldKernel, fieldKernel, type FieldName } from "../../field/mod.ts";
import { encodeInteger, seededBytes, seededRandom } from "./secrets.ts";
import { runWithWideArithmetic } from "../wasm/wide_child_run.ts";

const BACKENDS: readonly Backend[] = ["wasm", "ts"];
const NAMES = Object.keys(FIELDS) as FieldName[];

/** Test-side BigInt helpers (public computations on the test's own secrets). */
const toBigint = (s: Uint8Array) => s.reduce((x, b) => (x << 8n) | BigInt(b), 0n);
function modPow(a: bigint, e: bigint, p: bigint): bigint {
  let r = 1n;
  for (a %= p; e > 0n; e >>= 1n, a = (a * a) % p) if (e & 1n) r = (r * a) % p;
  return r;
}

/** The field's canonical secrets (tests/ct/secrets.ts): 0, 1, 2, p−1, patterns, seeded random. */
const singles = (p: bigint, len: number) => secretsForModulus(p, len);

/**
 * Two secrets in one array (a ‖ b, each `len` bytes), for binary operations: every canonical secret
 * paired with itself (equal operands, so eq gives 1; both zero) or with another one.
 */
function pairs(p: bigint, len: number): Uint8Array[] {
  const s = singles(p, len);
  return s.map((a, i) => {
    const out = new Uint8Array(2 * len);
    out.set(a);
    out.set(i % 3 === 0 ? a : s[(5 * i + 1) % s.length], len);
    return out;
  });
}

/**
 * Canonical secrets of which at least four are squares and four non-squares (Euler's criterion),
 * zero included: sqrt's success flag and isSquare's result are secret-derived outputs.
 */
function squaresAndNonSquares(p: bigint, len: number): Uint8Array[] {
  const base = secretsForModulus(p, len, { random: 2 }).map(toBigint);
  const isSq = (x: bigint) => x === 0n || modPow(x, (p - 1n) / 2n, p) === 1n;
  let nonResidue = 2n;
  while (isSq(nonResidue)) nonResidue++;
  const next = seededRandom(7);
  const extra: bigint[] = [];
  for (let i = 0; i < 3; i++) {
    const r = toBigint(seededBytes(next, len + 8)) % p;
    extra.push((r * r) % p, (r * r * nonResidue) % p);
  }
  const values = [...new Set([...base, ...extra])];
  const squares = values.filter(isSq).length;
  if (squares < 4 || values.length - squares < 4) throw new Error(`secret set: ${squares} squares`);
  return values.map((x) => encodeInteger(x, len));
}

/** Non-canonical encodings (values ≥ p): fromBytes must reject them in the same flow. */
function nonCanonical(p: bigint, len: number): Uint8Array[] {
  const top = (1n << BigInt(8 * len)) - 1n;
  return [p, p + 1n, 2n * p - 1n, top].filter((x) => x <= top).map((x) => encodeInteger(x, len));
}

/** A public exponent of the field's size, fixed (seeded), for pow. */
function publicExponent(p: bigint, len: number): bigint {
  return toBigint(seededBytes(seededRandom(3), len)) % p;
}

/** One operation under test: the secret set it needs and what it runs on one secret. */
interface Op {
  readonly name: string;
  readonly secrets: (p: bigint, len: number) => Uint8Array[];
  readonly run: (c: Ctx, s: Uint8Array) => unknown;
}

/** The kernel and slots of one (backend, field), allocated once (alloc may grow the arena). */
interface Ctx {
  readonly k: FieldKernel;
  readonly len: number;
  readonly a: number;
  readonly b: number;
  readonly o: number;
  readonly buf: Uint8Array;
  readonly e: bigint;
}

/** a ← first secret; b ← second secret of a pair (fromBytes is part of every measured run). */
const load1 = (c: Ctx, s: Uint8Array) => c.k.fromBytes(c.a, s);
const load2 = (c: Ctx, s: Uint8Array) => (
  c.k.fromBytes(c.a, s.subarray(0, c.len)), c.k.fromBytes(c.b, s.subarray(c.len))
);
/** The secret's low bit (of its first operand): a secret flag for cmov and cswap. */
const flag = (c: Ctx, s: Uint8Array) => s[c.len - 1] & 1;

const OPS: readonly Op[] = [
  { name: "mul", secrets: pairs, run: (c, s) => (load2(c, s), c.k.mul(c.o, c.a, c.b)) },
  { name: "sqr", secrets: singles, run: (c, s) => (load1(c, s), c.k.sqr(c.o, c.a)) },
  { name: "add", secrets: pairs, run: (c, s) => (load2(c, s), c.k.add(c.o, c.a, c.b)) },
  { name: "sub", secrets: pairs, run: (c, s) => (load2(c, s), c.k.sub(c.o, c.a, c.b)) },
  { name: "neg", secrets: singles, run: (c, s) => (load1(c, s), c.k.neg(c.o, c.a)) },
  { name: "dbl", secrets: singles, run: (c, s) => (load1(c, s), c.k.dbl(c.o, c.a)) },
  { name: "inv", secrets: singles, run: (c, s) => (load1(c, s), c.k.inv(c.o, c.a)) },
  { name: "sqrt", secrets: squaresAndNonSquares, run: (c, s) => (load1(c, s), c.k.sqrt(c.o, c.a)) },
  { name: "isSquare", secrets: squaresAndNonSquares, run: (c, s) => (load1(c, s), c.k.isSquare(c.a)) },
  {
    name: "pow (secret base, public exponent)",
    secrets: singles,
    run: (c, s) => (load1(c, s), c.k.pow(c.o, c.a, c.e)),
  },
  {
    name: "cmov (secret flag and values)",
    secrets: pairs,
    run: (c, s) => (load2(c, s), c.k.cmov(c.b, c.a, flag(c, s))),
  },
  {
    name: "cswap (secret flag and values)",
    secrets: pairs,
    run: (c, s) => (load2(c, s), c.k.cswap(c.a, c.b, flag(c, s))),
  },
  { name: "eq, isZero", secrets: pairs, run: (c, s) => (load2(c, s), c.k.eq(c.a, c.b) + c.k.isZero(c.a)) },
  {
    name: "fromBytes (canonical and not), toBytes",
    secrets: (p, len) => [...singles(p, len), ...nonCanonical(p, len)],
    run: (c, s) => (c.k.fromBytes(c.a, s), c.k.toBytes(c.a, c.buf)),
  },
  {
    name: "decodeFieldElement (with copy, wipe)",
    secrets: singles,
    run: (c, s) => decodeFieldElement(c.k, c.a, s),
  },
];

for (const backend of BACKENDS) {
  for (const name of NAMES) {
    const { p, byteLength: len } = FIELDS[name];
    let ctx: Ctx | undefined;
    const setup = (): Ctx => {
      if (ctx === undefined) {
        const k = fieldKernel(FIELDS[name], backend);
        const [a, b, o] = [k.alloc(1), k.alloc(1), k.alloc(1)];
        ctx = { k, len, a, b, o, buf: new Uint8Array(len), e: publicExponent(p, len) };
      }
      return ctx;
    };
    for (const op of OPS) {
      ctFlow(
        `field ${backend} ${name} ${op.name}`,
        (s: Uint8Array) => op.run(setup(), s),
        () => op.secrets(p, len),
      );
    }
  }
}

// Positive control: a leak in a caller (an early exit when the secret is zero, here in test code the
// proof does not measure) changes how often the library's mul runs, and the proof must say so.
for (const backend of BACKENDS) {
  Deno.test(`ct flow control: field ${backend}, early exit on a zero secret before mul is caught`, async () => {
    for (const name of NAMES) {
      const { p, byteLength } = FIELDS[name];
      const k = fieldKernel(FIELDS[name], backend);
      const [a, o] = [k.alloc(1), k.alloc(1)];
      const leaky = (s: Uint8Array) => {
        k.fromBytes(a, s);
        if (k.isZero(a)) return;
        k.mul(o, a, a);
      };
      await assert.rejects(
        assertConstantFlow(`leaky ${backend} ${name}`, leaky, secretsForModulus(p, byteLength)),
        /execution counts depend on the secret(.|\n)*function mul,/,
      );
      // The same caller without the exit passes (the control is not failing for another reason).
      await assertConstantFlow(`clean ${backend} ${name}`, (s: Uint8Array) => {
        k.fromBytes(a, s);
        k.mul(o, a, a);
      }, secretsForModulus(p, byteLength));
    }
  });
}

// Bytecode: the kernel functions straight-line (the multiplication variants the kernel may use:
// SIMD, scalar FIPS where SIMD is missing, and the reduced-radix ones of emit_mont_reduced*.ts), the
// inversion's only branch its outer loop counter.
for (const name of NAMES) {
  const { p } = FIELDS[name];
  const variants: FieldModuleOptions[] = [
    { mul: "simd" },
    { mul: "fips" },
    ...[28, 29, 30].map((radix): FieldModuleOptions => ({ mul: "reduced", radix })),
    ...[28, 29, 30].map((radix): FieldModuleOptions => ({ mul: "reduced-simd", radix })),
  ];
  for (const options of variants) {
    const label = options.radix === undefined ? options.mul : `${options.mul}, w = ${options.radix}`;
    ctWasm(`${name} kernel module (${label})`, () => buildFieldModule(p, options).bytes, {
      straightLine: KERNEL_FUNCTIONS,
    });
  }
  ctWasm(`${name} inverse module`, () => inverseModuleBytes(p), { countedLoops: ["inv"] });
  // Limbs at rest (module.ts `rest`): the kernel straight-line, mul2 too, the inversion on limbs counted.
  for (const mul of ["reduced", "reduced-simd"] as const) {
    ctWasm(`${name} kernel module (${mul}, w = 30, limbs at rest)`, () =>
      buildFieldModule(p, {
        mul,
        radix: 30,
        rest: "limbs",
        extras: [inverseLayer(p).emit, sqr4Layer().emit, (ctx) => void ctx.mul2()],
      }).bytes, { straightLine: [...KERNEL_FUNCTIONS, "sqr4", "mul2"], countedLoops: ["inv"] });
  }
  ctWasm(`${name} four squarings (sqr4)`, () => buildFieldModule(p, { extras: [sqr4Layer().emit] }).bytes, {
    straightLine: ["sqr4"],
  });
}

// The whole module of each curve's base field under its plan, in both multiplication shapes
// (field/wasm/shape.ts), with SIMD and without (the .nosimd.wasm files): every export straight-line but
// the inversion and its callers, whose loops are counted, and the functions that say in their name that
// they are variable-time (public inputs: sum_level_vartime); wasm_rules.ts `planExportRule`.
for (const [name, plan] of Object.entries(FIELD_PLANS)) {
  for (
    const [simd, shape] of [[true, "u32"], [true, "reduced"], [false, "u32"], [false, "reduced"]] as const
  ) {
    const bytes = wasmFieldModuleBytes(FIELDS[name as FieldName], plan, simd, shape);
    const functions = WebAssembly.Module.exports(new WebAssembly.Module(bytes))
      .filter((e) => e.kind === "function").map((e) => e.name);
    const straightLine = functions.filter((e) => planExportRule(e) === "no branches");
    const countedLoops = functions.filter((e) => planExportRule(e) === "counted loops only");
    if (straightLine.length <= KERNEL_FUNCTIONS.length) {
      throw new Error(`${name}: the plan's layers are missing`);
    }
    ctWasm(`${name} plan module (${plan.name}, ${shape} multiplication${simd ? "" : ", no SIMD"})`, bytes, {
      straightLine,
      countedLoops,
    });
  }
}

// The same for the wide multiplication shape (64-bit limbs, wide-arithmetic instructions), in a child
// process: V8 validates those instructions only behind a flag (JavaScriptCore runs them by default).
Deno.test("ct wasm: plan modules, wide multiplication (V8 with the flag, child process)", async () => {
  const r = await runWithWideArithmetic(new URL("./wide_child.ts", import.meta.url));
  assert.equal(r.modules, Object.keys(FIELD_PLANS).length);
  assert.ok(r.straightLine > r.modules * KERNEL_FUNCTIONS.length, `${r.straightLine} straight-line exports`);
});
