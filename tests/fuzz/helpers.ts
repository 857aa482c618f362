/**
 * Shared machinery of the fuzz suite (tests/fuzz/): a seeded generator, byte mutations, the forms a
 * caller may pass for bytes (and the wrong types), and the oracle of a fuzz family.
 *
 * A family is one `Deno.test` per backend. Every case is a call whose outcome is decided beforehand,
 * independently of the library: an `IsochronError` with a given code, or a result that a check (a
 * BigInt or @noble/curves reference) accepts. After every error the family's known answer must still
 * come out (state intact). A family that runs past its time budget fails (the hang guard: a loop
 * that does not end, or ends far too late, never passes). Failures name the seed, the backend and the
 * case; `ISOCHRON_FUZZ_SEED=<n>` replays a run, `ISOCHRON_LONG=1` (`deno task test:long`) runs
 * `LONG_FACTOR` times the cases with the same seed first.
 * @module
 */
import { Buffer } from "node:buffer";
import { setBackend } from "../../backend.ts";
import { type Backend, IsochronError, type IsochronErrorCode } from "../internal.ts";
import { BACKENDS, hex } from "../curves/helpers.ts";

export const LONG = Deno.env.get("ISOCHRON_LONG") === "1";
/** Cases under ISOCHRON_LONG, per default case. */
export const LONG_FACTOR = 10;
export const SEED = Number(Deno.env.get("ISOCHRON_FUZZ_SEED") ?? 0x1509c4);

/** Seeded xorshift128+ over 32-bit words (fast; tests only). */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(seed: number) {
    this.a = seed | 1;
    this.b = 0x9e3779b9 ^ seed;
    this.c = 0x243f6a88;
    this.d = 0xb7e15162;
    for (let i = 0; i < 16; i++) this.u32();
  }
  u32(): number {
    let t = this.d;
    const s = this.a;
    this.d = this.c;
    this.c = this.b;
    this.b = s;
    t ^= t << 11;
    t ^= t >>> 8;
    this.a = (t ^ s ^ (s >>> 19)) >>> 0;
    return this.a;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return this.u32() % n;
  }
  bool(): boolean {
    return (this.u32() & 1) === 1;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.u32() & 0xff;
    return out;
  }
  /** A uniform integer of `bits` bits. */
  bigint(bits: number): bigint {
    let x = 0n;
    for (let i = 0; i < bits; i += 32) x = (x << 32n) | BigInt(this.u32());
    return x & ((1n << BigInt(bits)) - 1n);
  }
  /** An integer in [0, n), also its edges (0, 1, n − 1) now and then. */
  below(n: bigint): bigint {
    const edge = this.int(8);
    if (edge === 0) return 0n;
    if (edge === 1) return 1n;
    if (edge === 2) return n - 1n;
    return this.bigint(n.toString(2).length + 32) % n;
  }
}

/** Big-endian bytes of x, `n` long. */
export function beBytes(x: bigint, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}
/** The big-endian integer of `b`. */
export function beInt(b: Uint8Array): bigint {
  let x = 0n;
  for (const v of b) x = (x << 8n) | BigInt(v);
  return x;
}
export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) out.set(p, o), o += p.length;
  return out;
}

/** A random edit of `b` (a copy): a bit flip, a byte set, a truncation, an extension, or a splice. */
export function mutate(rng: Rng, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(b);
  switch (rng.int(6)) {
    case 0:
    case 1:
      if (out.length) out[rng.int(out.length)] ^= 1 << rng.int(8);
      return out;
    case 2:
      if (out.length) out[rng.int(out.length)] = rng.pick([0, 0xff, rng.int(256)]);
      return out;
    case 3:
      return out.slice(0, rng.int(out.length + 1));
    case 4:
      return concat(out, rng.bytes(1 + rng.int(4)));
    default:
      return concat(rng.bytes(rng.int(3)), out.subarray(rng.int(out.length + 1)));
  }
}

/** The forms of the same bytes a caller may pass: each must give the plain array's outcome. */
export const FORMS: Record<string, (b: Uint8Array) => Uint8Array> = {
  "Buffer": (b) => Buffer.from(b),
  "Buffer view at an offset": (b) => {
    const big = Buffer.alloc(b.length + 7, 0xee);
    big.set(b, 5);
    return big.subarray(5, 5 + b.length);
  },
  "Uint8Array view at an offset": (b) => {
    const big = new Uint8Array(b.length + 9).fill(0xaa);
    big.set(b, 3);
    return new Uint8Array(big.buffer, 3, b.length);
  },
  "subclass": (b) => {
    class Bytes extends Uint8Array {}
    return Bytes.from(b);
  },
};

/** Look-alikes: objects for which `instanceof Uint8Array` holds but which are no Uint8Array. */
export const LOOK_ALIKES: Record<string, (b: Uint8Array) => unknown> = {
  "Proxy": (b) => new Proxy(b, {}),
  "Object.create(Uint8Array.prototype)": (b) => {
    const o = Object.create(Uint8Array.prototype);
    Object.defineProperty(o, "length", { value: b.length });
    for (let i = 0; i < b.length; i++) o[i] = b[i];
    return o;
  },
};

/** Values of other types where bytes are expected: INVALID_TYPE, every one. */
export const WRONG_TYPES: Record<string, (b: Uint8Array) => unknown> = {
  ...LOOK_ALIKES,
  "number": (b) => b.length,
  "bigint": (b) => BigInt(b.length),
  "hex string": (b) => hex(b),
  "null": () => null,
  "undefined": () => undefined,
  "array": (b) => Array.from(b),
  "object": () => ({}),
  "ArrayBuffer": (b) => new Uint8Array(b).buffer,
  "DataView": (b) => new DataView(new Uint8Array(b).buffer),
  "Uint8ClampedArray": (b) => new Uint8ClampedArray(b),
  "Int8Array": (b) => new Int8Array(b),
  "Uint16Array": (b) => new Uint16Array(b),
};

/** A Uint8Array whose buffer was transferred away: it reads as empty, so it must act as `new Uint8Array(0)`. */
export function detached(b: Uint8Array): Uint8Array {
  const u = new Uint8Array(b);
  structuredClone(u.buffer, { transfer: [u.buffer] });
  return u;
}

/** What a case must give: an error code, or a result that `check` accepts (it throws otherwise). */
export type Expect<R = unknown> = IsochronErrorCode | ((result: R) => void);

export interface Family {
  readonly backend: Backend;
  readonly rng: Rng;
  /** The number of cases to run for a default count of `n` (×LONG_FACTOR under ISOCHRON_LONG). */
  count(n: number): number;
  /** Runs one case: `f()` must meet `expect`; after an error the known answer is checked. */
  check<R>(what: string, f: () => R, expect: Expect<R>): void;
  /** The outcome of `f` as a comparable string: `code:<CODE>` or `ok:<show(result)>`. */
  outcome<R>(f: () => R, show: (r: R) => string): string;
}

/**
 * Registers the family `name` on both backends (the public objects switched with `setBackend`).
 * `known` is a cheap known answer (throws if it is wrong), run after every error and at the end;
 * `budgetMs` is the hang guard for the whole family and backend (scaled under ISOCHRON_LONG).
 */
export function family(
  name: string,
  opts: { budgetMs: number; known: (backend: Backend) => () => void },
  body: (f: Family) => void,
): void {
  for (const backend of BACKENDS) {
    Deno.test(`fuzz ${name} (${backend}, seed ${SEED})`, () => {
      setBackend(backend);
      try {
        const t = runFamily(name, backend, opts, body);
        console.log(`fuzz ${name} (${backend}): ${t.cases} cases, ${t.errors} errors, ${t.ms.toFixed(0)} ms`);
      } finally {
        setBackend("auto");
      }
    });
  }
}

/** Runs one family on one backend (the caller sets the backend); returns its tally. */
export function runFamily(
  name: string,
  backend: Backend,
  opts: { budgetMs: number; known: (backend: Backend) => () => void },
  body: (f: Family) => void,
): { cases: number; errors: number; ms: number } {
  const rng = new Rng((SEED ^ hashName(name + backend)) >>> 0);
  const known = opts.known(backend);
  known();
  const t0 = performance.now(), budget = opts.budgetMs * (LONG ? LONG_FACTOR : 1);
  let cases = 0, errors = 0;
  const where = (what: string) =>
    `fuzz ${name} (${backend}), seed ${SEED} (replay: ISOCHRON_FUZZ_SEED=${SEED}${
      LONG ? " ISOCHRON_LONG=1" : ""
    }), case ${cases} ${what}`;
  const guard = () => {
    const ms = performance.now() - t0;
    if (ms > budget) throw new Error(`${where("")}: hang guard, ${ms.toFixed(0)} ms > ${budget} ms`);
  };
  body({
    backend,
    rng,
    count: (n) => (LONG ? n * LONG_FACTOR : n),
    check<R>(what: string, f: () => R, expect: Expect<R>): void {
      cases++;
      let result: R;
      try {
        result = f();
      } catch (e) {
        if (!(e instanceof IsochronError)) {
          throw new Error(`${where(what)}: expected ${describe(expect)}, got ${String(e)}`, { cause: e });
        }
        errors++;
        if (e.code !== expect) {
          throw new Error(`${where(what)}: expected ${describe(expect)}, got ${e.message}`);
        }
        try {
          known();
        } catch (k) {
          throw new Error(`${where(what)}: state corrupted after ${e.code}: ${String(k)}`, { cause: k });
        }
        return guard();
      }
      if (typeof expect === "string") throw new Error(`${where(what)}: expected ${expect}, nothing thrown`);
      try {
        expect(result);
      } catch (e) {
        throw new Error(`${where(what)}: wrong result: ${String(e)}`, { cause: e });
      }
      guard();
    },
    outcome<R>(f: () => R, show: (r: R) => string): string {
      try {
        return `ok:${show(f())}`;
      } catch (e) {
        if (e instanceof IsochronError) return `code:${e.code}`;
        throw e;
      }
    },
  });
  known();
  return { cases, errors, ms: performance.now() - t0 };
}

function describe(expect: Expect<never>): string {
  return typeof expect === "string" ? expect : "a checked result";
}
function hashName(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/**
 * The JavaScript types of one byte argument: each of `FORMS` gives the plain outcome and leaves the
 * argument as it was; `WRONG_TYPES` get INVALID_TYPE; a detached array acts as an empty one.
 * `call(args)` runs the function on the arguments; `valid` names the WRONG_TYPES the function does
 * accept (`multiply` takes a bigint).
 */
export function fuzzTypes<R>(
  f: Family,
  what: string,
  args: readonly Uint8Array[],
  call: (args: readonly unknown[]) => R,
  show: (r: R) => string,
  valid: readonly string[] = [],
): void {
  const plainOutcome = (a: readonly unknown[]) => f.outcome(() => call(a), show);
  for (let which = 0; which < args.length; which++) {
    const w = (x: unknown) => args.map((a, i) => (i === which ? x : a));
    const plain = plainOutcome(args);
    for (const [form, make] of Object.entries(FORMS)) {
      const arg = make(args[which]), before = hex(arg);
      f.check(`${what}, argument ${which} as ${form}`, () => plainOutcome(w(arg)), (o) => {
        if (o !== plain) throw new Error(`${o} ≠ plain ${plain}`);
        if (hex(arg) !== before) throw new Error("the argument was modified");
      });
    }
    for (const [form, make] of Object.entries(WRONG_TYPES)) {
      if (valid.includes(form)) continue;
      f.check(`${what}, argument ${which} as ${form}`, () => call(w(make(args[which]))), "INVALID_TYPE");
    }
    const empty = plainOutcome(w(new Uint8Array(0)));
    f.check(`${what}, argument ${which} detached`, () => plainOutcome(w(detached(args[which]))), (o) => {
      if (o !== empty) throw new Error(`${o} ≠ empty ${empty}`);
    });
  }
}

/** Asserts `cond`, with `msg`. */
export function ok(cond: boolean, msg: string): void {
  if (!cond) throw new Error(msg);
}
export function eqHex(a: Uint8Array, b: Uint8Array, msg: string): void {
  if (hex(a) !== hex(b)) throw new Error(`${msg}: ${hex(a)} ≠ ${hex(b)}`);
}

/** A short label of any value for a case's name (a Proxy of a typed array has no String()). */
export function label(x: unknown): string {
  try {
    return typeof x === "bigint" ? `${x}n` : String(x).slice(0, 40);
  } catch {
    return typeof x;
  }
}
