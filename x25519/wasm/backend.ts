/**
 * The WebAssembly X25519 backend: compiles the module of x25519/wasm/module.ts (or takes a precompiled
 * `WebAssembly.Module`), loads the fixed-base table at the third `scalarMultBase`, and wraps the
 * exports in the {@linkcode X25519Kernel} contract. One JS→wasm call per scalar multiplication.
 * @module
 */

import type { KernelBounds, X25519Kernel } from "../kernel.ts";
import { buildX25519Wasm } from "./module.ts";
import { simdSupported } from "../../wasm/emitter.ts";
import { compileWasm } from "../../wasm/compile.ts";
import type { WasmModule } from "../../wasm/types.ts";
import { LIMBS, LOOSE, TIGHT, WIDTHS } from "./field.ts";
import { K, OUT, SCRATCH_END, slot, U, USER_SLOTS } from "./layout.ts";
import { buildTableInWasm, type TableExports } from "./table.ts";
import { type LadderShape, x25519LadderShape } from "./shape.ts";
import { X25519_WIDE, x25519WideBytes } from "./wide.ts";
import { packagedX25519Module } from "./packaged.ts";

/** The full module of each variant (the published bytes), built once. */
const built = new Map<boolean, Uint8Array>();

/**
 * scalarMultBase calls that run the ladder on u = 9 before the table is loaded (at the next call).
 * Loading it took 12–14 ms in a fresh process on this machine, against 1.5 ms for a first ladder
 * (warm: ladder 0.08–0.17 ms, table 0.03–0.06 ms), so a program that makes one or two key pairs never
 * pays for it, nor for generating the fixed-base driver (the move to the full module, below).
 */
export const GENERIC_BASE_USES = 2;
/** The base point's u-coordinate, 9 (RFC 7748 §4.1), little-endian. */
const NINE = Uint8Array.of(9, ...new Array(31).fill(0));

/**
 * The X25519 WebAssembly module's bytes, generated once per variant (public: no secret goes into
 * them), e.g. to write a `.wasm` file for `initX25519Wasm`. `simd` (default: whether this
 * engine validates WebAssembly SIMD) selects the variant whose table scan uses v128 instructions.
 * @param simd whether to emit the SIMD variant; omitted: whether this engine supports SIMD.
 * @returns the module's bytes, a fresh copy (the variant is generated once).
 * @throws {IsochronError} never: the bytes are generated, not read from input.
 *
 * @example
 * ```ts
 * import { x25519WasmBytes } from "@isochron/curves/x25519";
 * const bytes = x25519WasmBytes(false); // the variant without SIMD runs on every engine
 * if (!WebAssembly.validate(bytes as Uint8Array<ArrayBuffer>)) throw new Error("invalid module");
 * ```
 */
export function x25519WasmBytes(simd: boolean = simdSupported()): Uint8Array {
  return cachedBytes(simd).slice(); // a copy: the caller may write it
}

/** The full module of a variant, built once (not to be handed out: x25519WasmBytes copies it). */
function cachedBytes(simd: boolean): Uint8Array {
  let b = built.get(simd);
  if (b === undefined) built.set(simd, b = buildX25519Wasm({ simd }));
  return b;
}

let wideBuilt: Uint8Array<ArrayBuffer> | undefined;
/** The wide ladder's module bytes (x25519/wasm/wide.ts), built once. */
const wideBytes = () => (wideBuilt ??= x25519WideBytes());

/** Bounds of x25519/wasm/field.ts. */
export const WASM_BOUNDS: KernelBounds = {
  tight: { lo: TIGHT.map((t) => -t), hi: TIGHT },
  loose: { lo: LOOSE.map((t) => -t), hi: LOOSE },
};

interface Exports extends TableExports {
  fe_mul(o: number, a: number, b: number): void;
  fe_sq(o: number, a: number): void;
  fe_add(o: number, a: number, b: number): void;
  fe_sub(o: number, a: number, b: number): void;
  fe_mul_a24(o: number, a: number): void;
  fe_carry(o: number, a: number): void;
  fe_cswap(a: number, b: number, flag: number): void;
  fe_invert(o: number, a: number): void;
  fe_frombytes(o: number, s: number): void;
  fe_tobytes(s: number, a: number): void;
  x25519(out: number, k: number, u: number): void;
  x25519_calls(out: number, k: number, u: number): void;
  x25519_base(out: number, k: number): void;
}

/** What the full module exports beyond the field functions: the ladders and the fixed-base entry. */
const FULL_EXPORTS = ["x25519", "x25519_calls", "x25519_base", "memory"] as const;

/** The ladder export of each shape of the main module (the wide shape has a module of its own). */
const LADDER_EXPORT = {
  inline: "x25519",
  calls: "x25519_calls",
  wide: null,
} as const;

const firstUseBuilt = new Map<string, Uint8Array>();

/**
 * The first-use module of a variant and ladder shape: the field functions, the inversion and that
 * shape's ladder only (none for `wide`), no fixed-base driver (x25519/wasm/module.ts). Generating it
 * takes about a third less than the full module in a fresh process (issue 13, cold start).
 */
function firstUseBytes(simd: boolean, shape: LadderShape): Uint8Array {
  const key = `${simd}:${shape}`;
  let b = firstUseBuilt.get(key);
  if (b === undefined) {
    const ladder = LADDER_EXPORT[shape];
    firstUseBuilt.set(
      key,
      b = buildX25519Wasm({ simd, ladders: ladder === null ? [] : [ladder], base: false }),
    );
  }
  return b;
}

/** An instance of an X25519 module (no imports). */
const instantiate = (mod: WasmModule): Exports =>
  new WebAssembly.Instance(mod as WebAssembly.Module, {}).exports as unknown as Exports;

/**
 * Instantiates the backend. Throws when WebAssembly is unavailable or forbids compiling from bytes
 * (pass a `WebAssembly.Module` compiled from {@linkcode x25519WasmBytes} then).
 *
 * Without `module`, it starts on the first-use module of this engine's ladder shape and moves to the
 * full module when the fixed-base table is first loaded (the third `scalarMultBase`) or when a ladder
 * it lacks is asked for (a shape forced by a test): the caller slots are copied across and zeroed in
 * the old memory; every other byte below the table is scratch, zero between calls.
 */
export function createWasmKernel(module?: WasmModule): X25519Kernel & { readonly tableLoaded: boolean } {
  const simd = simdSupported();
  // The package's file of the full module, where the npm runtime build reads them (packaged.ts).
  const packaged = module ?? packagedX25519Module(
    simd ? "x25519.wasm" : "x25519.nosimd.wasm",
    FULL_EXPORTS,
  );
  let full = packaged !== undefined;
  let e = instantiate(
    packaged ?? compileWasm(firstUseBytes(simd, x25519LadderShape()) as Uint8Array<ArrayBuffer>, "x25519"),
  );
  // The memory never grows, so these views stay valid (until the move to the full module).
  let mem = new Uint8Array(e.memory.buffer);
  let limbs = new BigInt64Array(e.memory.buffer);
  const toFull = () => {
    if (full) return;
    const next = instantiate(compileWasm(cachedBytes(simd) as Uint8Array<ArrayBuffer>, "x25519"));
    const nextMem = new Uint8Array(next.memory.buffer);
    nextMem.set(mem.subarray(0, slot(USER_SLOTS)));
    mem.fill(0, 0, slot(USER_SLOTS));
    e = next;
    mem = nextMem;
    limbs = new BigInt64Array(next.memory.buffer);
    full = true;
  };
  let tableLoaded = false;
  /** scalarMultBase calls so far, until the table is loaded (a public count, never a secret). */
  let baseUses = 0;

  /** Builds the public table in the module's memory (x25519/wasm/table.ts), at the first scalarMultBase. */
  const loadTable = () => {
    toFull();
    buildTableInWasm(e);
    mem.fill(0, slot(USER_SLOTS), SCRATCH_END);
    tableLoaded = true;
  };
  const wipe = () => mem.fill(0, slot(USER_SLOTS), SCRATCH_END);
  // The wide ladder's own module (x25519/wasm/wide.ts), where the shape is `wide`: built at the first
  // scalarMult; its 128 bytes of buffers (scalar, clamped scalar, u, output) are zeroed after each call.
  let wide: { run: () => void; mem: Uint8Array } | undefined;
  const wideLadder = () => {
    if (wide === undefined) {
      const m = packagedX25519Module("x25519.wide.wasm", ["x25519", "memory"]) ??
        compileWasm(wideBytes(), "x25519 wide");
      const w = new WebAssembly.Instance(m as WebAssembly.Module, {})
        .exports as unknown as { x25519: () => void; memory: WebAssembly.Memory };
      wide = { run: w.x25519, mem: new Uint8Array(w.memory.buffer) };
    }
    return wide;
  };
  const addr = (s: number) => {
    if (!(s >= 0 && s < USER_SLOTS)) throw new RangeError(`slot ${s} out of range`);
    return slot(s);
  };

  return {
    backend: "wasm",
    widths: WIDTHS,
    bounds: WASM_BOUNDS,
    userSlots: USER_SLOTS,
    mul: (o, a, b) => e.fe_mul(addr(o), addr(a), addr(b)),
    sqr: (o, a) => e.fe_sq(addr(o), addr(a)),
    add: (o, a, b) => e.fe_add(addr(o), addr(a), addr(b)),
    sub: (o, a, b) => e.fe_sub(addr(o), addr(a), addr(b)),
    mulA24: (o, a) => e.fe_mul_a24(addr(o), addr(a)),
    carry: (o, a) => e.fe_carry(addr(o), addr(a)),
    cswap: (a, b, flag) => e.fe_cswap(addr(a), addr(b), flag),
    inv: (o, a) => {
      e.fe_invert(addr(o), addr(a));
      wipe();
    },
    fromBytes: (o, src) => {
      mem.set(src.subarray(0, 32), U);
      e.fe_frombytes(addr(o), U);
      mem.fill(0, U, U + 32);
    },
    toBytes: (a, dst) => {
      e.fe_tobytes(OUT, addr(a));
      dst.set(mem.subarray(OUT, OUT + 32));
      mem.fill(0, OUT, OUT + 32);
    },
    getLimbs: (s) => Array.from(limbs.subarray(addr(s) / 8, addr(s) / 8 + LIMBS), Number),
    setLimbs: (s, v) => limbs.set(v.map((x) => BigInt(x)), addr(s) / 8),
    scratch: () => [mem.subarray(slot(USER_SLOTS), SCRATCH_END)],
    /** Whether the fixed-base table is in memory yet (tests). */
    get tableLoaded(): boolean {
      return tableLoaded;
    },
    scalarMult(out, k, u) {
      const shape = x25519LadderShape();
      if (shape === "wide") { // public: the engine's shape
        const w = wideLadder();
        try {
          w.mem.set(k, X25519_WIDE.K);
          w.mem.set(u, X25519_WIDE.U);
          w.run();
          out.set(w.mem.subarray(X25519_WIDE.OUT, X25519_WIDE.OUT + 32));
        } finally {
          w.mem.fill(0, 0, X25519_WIDE.END);
        }
        return;
      }
      if (typeof e[LADDER_EXPORT[shape]] !== "function") toFull(); // a forced shape (public)
      try {
        mem.set(k, K);
        mem.set(u, U);
        if (shape === "inline") e.x25519(OUT, K, U);
        else e.x25519_calls(OUT, K, U);
        out.set(mem.subarray(OUT, OUT + 32));
      } finally {
        wipe();
      }
    },
    scalarMultBase(out, k) {
      // The first GENERIC_BASE_USES calls run the ladder on u = 9 (the same result, RFC 7748 §5):
      // a one-shot getPublicKey does not wait for a table it will not reuse (issue 13, cold start).
      if (!tableLoaded && baseUses < GENERIC_BASE_USES) {
        baseUses++;
        this.scalarMult(out, k, NINE);
        return;
      }
      if (!tableLoaded) loadTable();
      try {
        mem.set(k, K);
        e.x25519_base(OUT, K);
        out.set(mem.subarray(OUT, OUT + 32));
      } finally {
        wipe();
      }
    },
  };
}
