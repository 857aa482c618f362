/**
 * A small WebAssembly binary emitter: enough of the binary format (WebAssembly Core Specification 2.0,
 * §5 "Binary Format") to build the straight-line arithmetic kernels and counted-loop drivers that
 * isochron generates per modulus at run time. No text format, no external tool: bytes in, bytes out.
 *
 * Only the instructions the generators use are named; `op(...)` emits any other raw opcode.
 * @module
 */

/** Value types (spec §5.3.1). */
export const I32 = 0x7f;
/** 64-bit integer value type. */
export const I64 = 0x7e;
/** 128-bit vector value type (SIMD proposal, standardised in 2.0). */
export const V128 = 0x7b;
/** A WebAssembly value type byte. */
export type ValType = typeof I32 | typeof I64 | typeof V128;

/** Opcodes used by the generators (spec §5.4). */
export const Op = {
  unreachable: 0x00,
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  return: 0x0f,
  call: 0x10,
  drop: 0x1a,
  select: 0x1b,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Load: 0x28,
  i64Load: 0x29,
  i32Load8U: 0x2d,
  i64Load32U: 0x35,
  i32Store: 0x36,
  i64Store: 0x37,
  i32Store8: 0x3a,
  i64Store32: 0x3e,
  i32Const: 0x41,
  i64Const: 0x42,
  i32Eqz: 0x45,
  i32Eq: 0x46,
  i32Ne: 0x47,
  i32LtS: 0x48,
  i32LtU: 0x49,
  i32GtU: 0x4b,
  i32GeU: 0x4f,
  i64Eqz: 0x50,
  i64Eq: 0x51,
  i64Ne: 0x52,
  i64LtU: 0x54,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Mul: 0x6c,
  i32And: 0x71,
  i32Or: 0x72,
  i32Xor: 0x73,
  i32Shl: 0x74,
  i32ShrS: 0x75,
  i32ShrU: 0x76,
  i32Rotl: 0x77,
  i64Add: 0x7c,
  i64Sub: 0x7d,
  i64Mul: 0x7e,
  i64And: 0x83,
  i64Or: 0x84,
  i64Xor: 0x85,
  i64Shl: 0x86,
  i64ShrS: 0x87,
  i64ShrU: 0x88,
  i32WrapI64: 0xa7,
  i64ExtendI32S: 0xac,
  i64ExtendI32U: 0xad,
} as const;

/**
 * Opcodes of the wide-arithmetic proposal (the u32 after the 0xFC prefix; WebAssembly/wide-arithmetic,
 * phase 3): 128-bit sums and 64 × 64 → 128-bit products on i64 pairs (low word first on the stack).
 * JavaScriptCore runs them by default (Bun 1.4); V8 only behind --experimental-wasm-wide-arithmetic.
 * `wideArithmeticSupported()` tells whether this engine validates them.
 */
export const WideOp = {
  /** [lo₁ hi₁ lo₂ hi₂] → [lo hi] of the 128-bit sum. */
  i64Add128: 19,
  /** [lo₁ hi₁ lo₂ hi₂] → [lo hi] of the 128-bit difference (mod 2^128). */
  i64Sub128: 20,
  /** [a b] → [lo hi] of the unsigned 128-bit product. */
  i64MulWideU: 22,
} as const;

/**
 * SIMD opcodes (the u32 after the 0xFD prefix, spec §5.4.8) used by the generators; emit with
 * `FunctionBuilder.simd` / `simdLane` / `simdMem` (loads and stores: `simdMem(code, bytes)`).
 */
export const SimdOp = {
  v128Load: 0x00,
  v128Load32Splat: 0x09,
  v128Load64Splat: 0x0a,
  v128Store: 0x0b,
  v128Const: 0x0c,
  i8x16Shuffle: 0x0d,
  i32x4Splat: 0x11,
  i32x4ExtractLane: 0x1b,
  i64x2Splat: 0x12,
  i32x4ReplaceLane: 0x1c,
  i64x2ExtractLane: 0x1d,
  i64x2ReplaceLane: 0x1e,
  v128And: 0x4e,
  v128Or: 0x50,
  v128Xor: 0x51,
  v128Bitselect: 0x52,
  v128Load32Zero: 0x5c,
  v128Load64Zero: 0x5d,
  i32x4Shl: 0xab,
  i32x4Add: 0xae,
  i32x4Sub: 0xb1,
  i32x4Mul: 0xb5,
  i64x2Neg: 0xc1,
  i64x2ExtendLowI32x4S: 0xc7,
  i64x2ExtendHighI32x4S: 0xc8,
  i64x2Shl: 0xcb,
  i64x2ShrU: 0xcd,
  i64x2Add: 0xce,
  i64x2Sub: 0xd1,
  i64x2ExtmulLowI32x4S: 0xdc,
  i64x2ExtmulLowI32x4U: 0xde,
  i64x2ExtmulHighI32x4U: 0xdf,
} as const;

/** Appends the unsigned LEB128 encoding of `value` (spec §5.2.2). */
export function pushU32(out: number[], value: number): void {
  if (value >= 0 && value < 128) {
    out.push(value);
    return;
  }
  let v = value >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
}

/** Appends the signed LEB128 encoding of `value` (any width up to 64 bits). */
export function pushSLeb(out: number[], value: bigint | number): void {
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    // Number fast path (the generators emit thousands of constants; BigInt is slow in cold code).
    let v = value;
    for (;;) {
      const byte = ((v % 128) + 128) % 128;
      v = (v - byte) / 128;
      const signBitClear = (byte & 0x40) === 0;
      if ((v === 0 && signBitClear) || (v === -1 && !signBitClear)) {
        out.push(byte);
        return;
      }
      out.push(byte | 0x80);
    }
  }
  let v = BigInt(value);
  for (;;) {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    const signBitClear = (byte & 0x40) === 0;
    if ((v === 0n && signBitClear) || (v === -1n && !signBitClear)) {
      out.push(byte);
      return;
    }
    out.push(byte | 0x80);
  }
}

function pushName(out: number[], name: string): void {
  const bytes = new TextEncoder().encode(name);
  pushU32(out, bytes.length);
  for (const b of bytes) out.push(b);
}

/** log2 of the natural alignment of a load/store, for its memarg, by opcode (0xff: not one). */
const ALIGN = new Uint8Array(256).fill(0xff);
for (
  const [opcode, align] of [
    [Op.i32Load, 2],
    [Op.i64Load, 3],
    [Op.i32Load8U, 0],
    [Op.i64Load32U, 2],
    [Op.i32Store, 2],
    [Op.i64Store, 3],
    [Op.i32Store8, 0],
    [Op.i64Store32, 2],
  ]
) ALIGN[opcode] = align;

/** Memoised encodings of `i64.const` instructions beyond 2^53, by value. */
const I64_CONSTS = new Map<bigint | number, number[]>();
/** 2^53 − 1 as a BigInt: constants within ±SAFE are encoded as numbers. */
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Builds one function body. Parameters are locals 0..n−1; `local(type)` declares more.
 * Every instruction method returns `this`, so bodies read as a sequence.
 *
 * The code goes into a `Uint8Array` that doubles when full, written byte by byte with the LEB128
 * encodings inlined. Generation runs once, in cold code, so its cost is the start-up time (issue 13):
 * a `number[]` of the same bytes took 4–8 bytes of the young generation per byte and was copied by
 * every scavenge while the module grew (about a quarter of generating the BLS12-381 module), while a
 * typed array's bytes live outside the collected heap.
 */
export class FunctionBuilder {
  readonly params: readonly ValType[];
  readonly results: readonly ValType[];
  private readonly locals: ValType[] = [];
  private buf = new Uint8Array(256);
  private len = 0;

  constructor(params: readonly ValType[], results: readonly ValType[] = []) {
    this.params = params;
    this.results = results;
  }

  /** Makes room for `n` more bytes (small, so that engines inline it; the growth is out of line). */
  private room(n: number): Uint8Array {
    if (this.len + n > this.buf.length) this.grow(n);
    return this.buf;
  }
  private grow(n: number): void {
    const next = new Uint8Array(Math.max(2 * this.buf.length, this.len + n));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  /** Appends `v` as unsigned LEB128 (spec §5.2.2): at most 5 bytes for a u32. */
  private u32(value: number): void {
    const b = this.room(5);
    let v = value >>> 0, at = this.len;
    while (v >= 0x80) {
      b[at++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    b[at++] = v;
    this.len = at;
  }

  /** An opcode followed by one u32 immediate (local indices, call targets, branch depths). */
  private opU32(opcode: number, value: number): this {
    if (value >= 0 && value < 128) {
      const b = this.room(2);
      b[this.len] = opcode;
      b[this.len + 1] = value;
      this.len += 2;
    } else {
      this.room(1)[this.len++] = opcode;
      this.u32(value);
    }
    return this;
  }

  /** Declares a new local of `type` and returns its index. */
  local(type: ValType): number {
    this.locals.push(type);
    return this.params.length + this.locals.length - 1;
  }

  /**
   * Emits raw bytes (an opcode and its already-encoded immediates). The common call has one byte: it
   * does not go through a rest array of all the bytes (`op(...bytes)` took 540 ns a call in a fresh
   * process, this 160 ns).
   */
  op(byte: number, ...more: number[]): this {
    if (more.length === 0) {
      this.room(1)[this.len++] = byte;
      return this;
    }
    const b = this.room(1 + more.length);
    b[this.len++] = byte;
    for (let i = 0; i < more.length; i++) b[this.len++] = more[i];
    return this;
  }

  /** Emits the bytes of `list` as they are. */
  raw(list: readonly number[]): this {
    const b = this.room(list.length);
    for (let i = 0; i < list.length; i++) b[this.len++] = list[i];
    return this;
  }

  /** Number of bytes emitted so far (for size reports). */
  get size(): number {
    return this.len;
  }

  localGet(index: number): this {
    return this.opU32(Op.localGet, index);
  }
  localSet(index: number): this {
    return this.opU32(Op.localSet, index);
  }
  localTee(index: number): this {
    return this.opU32(Op.localTee, index);
  }
  /** An opcode followed by the signed LEB128 (spec §5.2.2) of a 32-bit value: at most 6 bytes. */
  private opS32(opcode: number, value: number): this {
    let v = value | 0;
    const b = this.room(6);
    b[this.len++] = opcode;
    for (;;) {
      const byte = v & 0x7f;
      v >>= 7;
      if ((v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0)) {
        b[this.len++] = byte;
        return this;
      }
      b[this.len++] = byte | 0x80;
    }
  }
  i32Const(value: number): this {
    return this.opS32(Op.i32Const, value);
  }
  /** `value` is taken modulo 2^64 and encoded as a signed 64-bit constant. */
  i64Const(value: bigint | number): this {
    // Most constants (shifts, masks, limbs of p) are within 2^53: encoded in place as numbers. A
    // BigInt conversion or Map lookup per call cost twice as much in cold code (generation runs once).
    let v: number;
    if (typeof value === "number") v = value;
    else if (value >= -SAFE && value <= SAFE) v = Number(value);
    else return this.i64ConstWide(value);
    if (!Number.isSafeInteger(v)) return this.i64ConstWide(value);
    if ((v | 0) === v) return this.opS32(Op.i64Const, v); // the same bytes as its 64-bit encoding
    if (v >= 0 && v <= 0xffffffff) return this.i64ConstU32(v); // limbs and masks of 32-bit limbs
    const b = this.room(9); // 1 + ⌈54/7⌉ bytes
    b[this.len++] = Op.i64Const;
    for (;;) {
      const byte = ((v % 128) + 128) % 128;
      v = (v - byte) / 128;
      if ((v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0)) {
        b[this.len++] = byte;
        return this;
      }
      b[this.len++] = byte | 0x80;
    }
  }
  /** i64.const of 0 ≤ v < 2^32 (signed LEB128, at most 5 bytes), with integer operations only. */
  private i64ConstU32(v: number): this {
    const b = this.room(6);
    b[this.len++] = Op.i64Const;
    for (;;) {
      const byte = v & 0x7f;
      v >>>= 7;
      if (v === 0 && (byte & 0x40) === 0) {
        b[this.len++] = byte;
        return this;
      }
      b[this.len++] = byte | 0x80;
    }
  }
  /** i64.const of a value beyond 2^53 (a few masks and limbs, repeated): memoised encodings. */
  private i64ConstWide(value: bigint | number): this {
    let encoded = I64_CONSTS.get(value);
    if (encoded === undefined) {
      encoded = [Op.i64Const];
      pushSLeb(encoded, BigInt.asIntN(64, BigInt(value)));
      if (I64_CONSTS.size < 4096) I64_CONSTS.set(value, encoded);
    }
    return this.raw(encoded);
  }
  /** A load or store with a static byte `offset` added to the address on the stack. */
  mem(opcode: number, offset = 0): this {
    const align = ALIGN[opcode & 0xff];
    if (align === 0xff || opcode !== (opcode & 0xff)) {
      throw new Error(`not a memory opcode: 0x${opcode.toString(16)}`);
    }
    this.opU32(opcode, align);
    this.u32(offset);
    return this;
  }
  /** A SIMD instruction (prefix 0xFD, spec §5.4.8) without immediates; see {@linkcode SimdOp}. */
  simd(code: number): this {
    return this.opU32(0xfd, code);
  }
  /** A wide-arithmetic instruction (prefix 0xFC); see {@linkcode WideOp}. */
  wide(code: number): this {
    return this.opU32(0xfc, code);
  }
  /** A SIMD lane instruction (extract/replace_lane) with its lane index. */
  simdLane(code: number, lane: number): this {
    this.simd(code);
    this.room(1)[this.len++] = lane;
    return this;
  }
  /** A SIMD load or store with its memarg (natural alignment of `bytes`), address on the stack. */
  simdMem(code: number, bytes: 4 | 8 | 16, offset = 0): this {
    this.simd(code);
    this.u32(bytes === 4 ? 2 : bytes === 8 ? 3 : 4);
    this.u32(offset);
    return this;
  }
  /** v128.const with its 16 bytes, little-endian lane order. */
  v128Const(bytes: readonly number[]): this {
    if (bytes.length !== 16) throw new Error("v128.const takes 16 bytes");
    return this.simd(SimdOp.v128Const).raw(bytes);
  }
  /** v128.const of two i64 lanes (each taken modulo 2^64). */
  v128I64x2(lo: bigint, hi: bigint): this {
    const bytes: number[] = [];
    for (const x of [lo, hi]) {
      let v = BigInt.asUintN(64, x);
      for (let i = 0; i < 8; i++, v >>= 8n) bytes.push(Number(v & 0xffn));
    }
    return this.v128Const(bytes);
  }
  /** v128.const of four i32 lanes. */
  v128I32x4(lanes: readonly number[]): this {
    return this.v128Const(lanes.flatMap((x) => [0, 1, 2, 3].map((i) => (x >>> (8 * i)) & 0xff)));
  }
  /** i8x16.shuffle of the two v128 on the stack with 16 lane indices (0–31). */
  shuffle(lanes: readonly number[]): this {
    if (lanes.length !== 16) throw new Error("i8x16.shuffle takes 16 lane indices");
    return this.simd(SimdOp.i8x16Shuffle).raw(lanes);
  }
  call(functionIndex: number): this {
    return this.opU32(Op.call, functionIndex);
  }
  /** Opens a `block` or `loop` with no result. */
  begin(kind: typeof Op.block | typeof Op.loop): this {
    return this.op(kind, 0x40);
  }
  end(): this {
    this.room(1)[this.len++] = Op.end;
    return this;
  }
  br(depth: number): this {
    return this.opU32(Op.br, depth);
  }
  brIf(depth: number): this {
    return this.opU32(Op.brIf, depth);
  }

  /** The encoded body (locals declaration, code, final `end`), spec §5.5.13. */
  encodeBody(): number[] {
    return Array.from(this.encodeBodyBytes());
  }

  /** As {@linkcode encodeBody}, as bytes (one typed-array copy of the code). */
  encodeBodyBytes(): Uint8Array {
    const groups: [number, ValType][] = [];
    for (const t of this.locals) {
      const last = groups[groups.length - 1];
      if (last && last[1] === t) last[0]++;
      else groups.push([1, t]);
    }
    const head: number[] = [];
    pushU32(head, groups.length);
    for (const [count, type] of groups) {
      pushU32(head, count);
      head.push(type);
    }
    const size: number[] = [];
    pushU32(size, head.length + this.len + 1);
    const out = new Uint8Array(size.length + head.length + this.len + 1);
    out.set(size, 0);
    out.set(head, size.length);
    out.set(this.buf.subarray(0, this.len), size.length + head.length);
    out[out.length - 1] = Op.end;
    return out;
  }
}

/** Concatenates byte chunks. */
function concatBytes(chunks: readonly (Uint8Array | readonly number[])[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const c of chunks) length += c.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

interface FunctionEntry {
  name: string | null;
  builder: FunctionBuilder;
}

/**
 * Builds a module with one linear memory (defined here and exported as "memory", or imported as
 * env.memory so that several modules can share it) and any number of functions.
 */
export class ModuleBuilder {
  private readonly functions: FunctionEntry[] = [];
  private memoryPages = 1;
  private memoryImported = false;
  private readonly data: { offset: number; bytes: Uint8Array }[] = [];

  /** Sets the initial size of the module's own memory, in 64 KiB pages. */
  defineMemory(pages: number): this {
    this.memoryPages = pages;
    this.memoryImported = false;
    return this;
  }

  /** Imports its memory as `env.memory` instead of defining one (minimum `pages`). */
  importMemory(pages: number): this {
    this.memoryPages = pages;
    this.memoryImported = true;
    return this;
  }

  /**
   * Adds an active data segment: `bytes` are copied to `offset` of the memory (defined or imported)
   * when the module is instantiated (spec §5.5.12).
   */
  addData(offset: number, bytes: Uint8Array): this {
    this.data.push({ offset, bytes });
    return this;
  }

  /** The index the next added function will get (for forward `call`s). */
  get nextFunctionIndex(): number {
    return this.functions.length;
  }

  /** The index of the function exported under `name`, or −1 (a layer reusing another's function). */
  exportedIndex(name: string): number {
    return this.functions.findIndex((f) => f.name === name);
  }

  /** Adds a function; exports it under `name` unless `name` is null. Returns its index. */
  addFunction(name: string | null, builder: FunctionBuilder): number {
    this.functions.push({ name, builder });
    return this.functions.length - 1;
  }

  /** The whole module as bytes. */
  toBytes(): Uint8Array<ArrayBuffer> {
    const out: (Uint8Array | number[])[] = [[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]];
    const section = (id: number, ...body: (Uint8Array | number[])[]) => {
      const head = [id];
      pushU32(head, body.reduce((n, b) => n + b.length, 0));
      out.push(head, ...body);
    };

    // Type section: one type per distinct signature.
    const signatures: string[] = [];
    const typeIndex = this.functions.map(({ builder }) => {
      const key = `${builder.params.join(",")}:${builder.results.join(",")}`;
      let i = signatures.indexOf(key);
      if (i < 0) i = signatures.push(key) - 1;
      return i;
    });
    const types: number[] = [];
    pushU32(types, signatures.length);
    for (const key of signatures) {
      const [params, results] = key.split(":").map((s) => (s === "" ? [] : s.split(",").map(Number)));
      types.push(0x60);
      pushU32(types, params.length);
      types.push(...params);
      pushU32(types, results.length);
      types.push(...results);
    }
    section(1, types);

    if (this.memoryImported) {
      const imports: number[] = [];
      pushU32(imports, 1);
      pushName(imports, "env");
      pushName(imports, "memory");
      imports.push(0x02, 0x00);
      pushU32(imports, this.memoryPages);
      section(2, imports);
    }

    const funcs: number[] = [];
    pushU32(funcs, this.functions.length);
    for (const t of typeIndex) pushU32(funcs, t);
    section(3, funcs);

    if (!this.memoryImported) {
      const memory: number[] = [];
      pushU32(memory, 1);
      memory.push(0x00);
      pushU32(memory, this.memoryPages);
      section(5, memory);
    }

    const exports: number[] = [];
    const exported = this.functions
      .map((f, i) => [f.name, i] as const)
      .filter(([name]) => name !== null);
    pushU32(exports, exported.length + (this.memoryImported ? 0 : 1));
    for (const [name, index] of exported) {
      pushName(exports, name!);
      exports.push(0x00);
      pushU32(exports, index);
    }
    if (!this.memoryImported) {
      pushName(exports, "memory");
      exports.push(0x02, 0x00);
    }
    section(7, exports);

    const count: number[] = [];
    pushU32(count, this.functions.length);
    section(10, count, ...this.functions.map(({ builder }) => builder.encodeBodyBytes()));

    if (this.data.length > 0) {
      const data: (Uint8Array | number[])[] = [];
      const count: number[] = [];
      pushU32(count, this.data.length);
      data.push(count);
      for (const { offset, bytes } of this.data) {
        const head: number[] = [0x00, Op.i32Const]; // active segment of memory 0, offset expression
        pushSLeb(head, offset | 0);
        head.push(Op.end);
        pushU32(head, bytes.length);
        data.push(head, bytes);
      }
      section(11, ...data);
    }

    return concatBytes(out);
  }
}

/** A one-function module built by `body` (params, results as given): the feature probes below. */
function probeModule(
  params: readonly ValType[],
  results: readonly ValType[],
  body: (f: FunctionBuilder) => void,
): Uint8Array<ArrayBuffer> {
  const mb = new ModuleBuilder().defineMemory(1);
  const f = new FunctionBuilder([...params], [...results]);
  body(f);
  mb.addFunction("f", f);
  return mb.toBytes();
}

/** Whether the engine validates `bytes`; false where WebAssembly itself is missing. */
function validates(bytes: Uint8Array<ArrayBuffer>): boolean {
  try {
    return WebAssembly.validate(bytes);
  } catch {
    return false;
  }
}

/** The SIMD probe: the load, extmul, shift, constant and lane forms the generators use. */
export const simdProbeBytes = (): Uint8Array<ArrayBuffer> =>
  probeModule([I32], [I64], (f) => {
    f.localGet(0).simdMem(SimdOp.v128Load32Splat, 4).localGet(0).simdMem(SimdOp.v128Load64Zero, 8);
    f.simd(SimdOp.i64x2ExtmulLowI32x4U).i32Const(1).simd(SimdOp.i64x2Shl);
    f.v128I32x4([1, 2, 3, 4]).simd(SimdOp.v128And).simdLane(SimdOp.i64x2ExtractLane, 1);
  });

/** The wide-arithmetic probe: i64.mul_wide_u, i64.add128, i64.sub128. */
export const wideProbeBytes = (): Uint8Array<ArrayBuffer> =>
  probeModule([I64, I64], [I64], (f) => {
    f.localGet(0).localGet(1).wide(WideOp.i64MulWideU).localGet(0).localGet(1).wide(WideOp.i64Add128);
    f.localGet(0).localGet(1).wide(WideOp.i64Sub128).op(Op.i64Xor);
  });

/**
 * The probes' bytes as constants (tests/wasm/emitter.test.ts: equal to the builders above), so that the
 * first feature test of a cold process runs no emitter code: building them costs about 1 ms there.
 */
const SIMD_PROBE =
  "0061736d0100000001060160017f017e030201000503010001070e0201660000066d656d6f727902000a2f012d002000fd0902002000fd5d0300fdde014101fdcb01fd0c01000000020000000300000004000000fd4efd1d010b";
const WIDE_PROBE =
  "0061736d0100000001070160027e7e017e030201000503010001070e0201660000066d656d6f727902000a1701150020002001fc1620002001fc1320002001fc14850b";

/** The bytes of a hex string (public constants). */
function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** The constant probes (tests only: to compare with the builders). */
export const PROBE_CONSTANTS: {
  readonly simd: () => Uint8Array<ArrayBuffer>;
  readonly wide: () => Uint8Array<ArrayBuffer>;
} = { simd: () => hexBytes(SIMD_PROBE), wide: () => hexBytes(WIDE_PROBE) };

let simdValidates: boolean | undefined;

/**
 * Whether the engine validates the fixed-width SIMD instructions the generators use (checked once on a
 * tiny module; all current engines do: Chrome 91, Firefox 89, Safari 16.4, Node 16.4, Deno, Bun).
 */
export function simdSupported(): boolean {
  return simdValidates ??= validates(PROBE_CONSTANTS.simd());
}

let wideValidates: boolean | undefined;

/**
 * Whether the engine validates the wide-arithmetic instructions of {@linkcode WideOp} (checked once
 * on a tiny module): JavaScriptCore does (Bun 1.4); V8 does only behind a flag.
 */
export function wideArithmeticSupported(): boolean {
  return wideValidates ??= validates(PROBE_CONSTANTS.wide());
}
