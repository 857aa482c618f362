/**
 * A decoder of WebAssembly module bytes (the binary format of the WebAssembly Core Specification,
 * 2.0, plus the SIMD, bulk-memory, threads, tail-call and exception-handling opcodes) that lists
 * every function's instructions with their immediates and maps export names to functions.
 *
 * It reads the type, import, function, export and code sections and the `name` custom section;
 * other sections are skipped by size. It is not a validator: {@linkcode decodeModule} first asks
 * `WebAssembly.validate`, so the decoder may trust the structure. The GC proposal's types and
 * 0xFB opcodes are not supported (they throw). The rules built on this live in `wasm_rules.ts`.
 * @module
 */

/** One decoded instruction. */
export interface Instr {
  /** Byte offset of the opcode in the module. */
  offset: number;
  /** Opcode; prefixed opcodes are `prefix * 0x10000 + subopcode` (e.g. 0xFC000B memory.fill). */
  op: number;
  /** Text-format mnemonic (`simd.N` for SIMD opcodes without immediates). */
  name: string;
  /** Immediates in order: indices, labels, constants (i64 as bigint), memarg as align, offset. */
  imm: (number | bigint)[];
}

/** A function type. Value types are their binary codes (0x7F i32, 0x7E i64, …). */
export interface FuncType {
  params: number[];
  results: number[];
}

/** A function defined in the module (imported functions have no body). */
export interface WasmFunction {
  /** Index in the function index space (imports first). */
  index: number;
  type: FuncType;
  /** Export names, the `name` section's name, or `func[index]`. */
  name: string;
  /** Number of parameters: locals `0 … params-1` are parameters. */
  params: number;
  /** Total number of locals including parameters. */
  locals: number;
  /** The value type of every local (parameters first), binary codes as in FuncType. */
  localTypes: number[];
  body: Instr[];
}

/** A decoded module. */
export interface WasmModule {
  types: FuncType[];
  /** Imported functions, in index order (indices `0 … length-1`). */
  imports: { module: string; name: string; type: FuncType }[];
  /** Defined functions; `functions[i].index === imports.length + i`. */
  functions: WasmFunction[];
  /** Exported functions by export name → function index. */
  exports: Map<string, number>;
  /** Active data segments of memory 0 with a constant `i32.const` offset (others are skipped). */
  data: { offset: number; bytes: Uint8Array }[];
}

/** Opcodes `0x28 … 0x3E`: loads and stores, each with a memarg. */
const MEMORY_OPS = ("i32.load i64.load f32.load f64.load i32.load8_s i32.load8_u i32.load16_s i32.load16_u " +
  "i64.load8_s i64.load8_u i64.load16_s i64.load16_u i64.load32_s i64.load32_u i32.store i64.store " +
  "f32.store f64.store i32.store8 i32.store16 i64.store8 i64.store16 i64.store32").split(" ");

/** Mnemonics of the one-byte opcodes, built from the spec's regular layout. */
const NAMES: string[] = (() => {
  const n: string[] = [];
  const put = (at: number, names: string[]) => names.forEach((s, i) => (n[at + i] = s));
  put(0x00, "unreachable nop block loop if else try catch throw rethrow throw_ref end br br_if".split(" "));
  put(0x0e, "br_table return call call_indirect return_call return_call_indirect call_ref".split(" "));
  put(0x15, ["return_call_ref"]);
  put(0x18, "delegate catch_all drop select select_t".split(" "));
  put(0x1f, ["try_table"]);
  put(0x20, "local.get local.set local.tee global.get global.set table.get table.set".split(" "));
  put(0x28, MEMORY_OPS);
  put(0x3f, "memory.size memory.grow i32.const i64.const f32.const f64.const".split(" "));
  const cmpI = "eqz eq ne lt_s lt_u gt_s gt_u le_s le_u ge_s ge_u".split(" ");
  const cmpF = "eq ne lt gt le ge".split(" ");
  const intOps = "clz ctz popcnt add sub mul div_s div_u rem_s rem_u and or xor shl shr_s shr_u rotl rotr";
  const floatOps = "abs neg ceil floor trunc nearest sqrt add sub mul div min max copysign";
  let at = 0x45;
  for (const [t, ops] of [["i32", cmpI], ["i64", cmpI], ["f32", cmpF], ["f64", cmpF]] as const) {
    put(at, ops.map((o) => `${t}.${o}`));
    at += ops.length;
  }
  for (const [t, ops] of [["i32", intOps], ["i64", intOps], ["f32", floatOps], ["f64", floatOps]]) {
    const list = ops.split(" ").map((o) => `${t}.${o}`);
    put(at, list);
    at += list.length;
  }
  put(
    0xa7,
    ("i32.wrap_i64 i32.trunc_f32_s i32.trunc_f32_u i32.trunc_f64_s i32.trunc_f64_u i64.extend_i32_s " +
      "i64.extend_i32_u i64.trunc_f32_s i64.trunc_f32_u i64.trunc_f64_s i64.trunc_f64_u f32.convert_i32_s " +
      "f32.convert_i32_u f32.convert_i64_s f32.convert_i64_u f32.demote_f64 f64.convert_i32_s " +
      "f64.convert_i32_u f64.convert_i64_s f64.convert_i64_u f64.promote_f32 i32.reinterpret_f32 " +
      "i64.reinterpret_f64 f32.reinterpret_i32 f64.reinterpret_i64 i32.extend8_s i32.extend16_s " +
      "i64.extend8_s i64.extend16_s i64.extend32_s").split(" "),
  );
  put(0xd0, "ref.null ref.is_null ref.func ref.eq ref.as_non_null br_on_null br_on_non_null".split(" "));
  return n;
})();

const FC_NAMES = ("i32.trunc_sat_f32_s i32.trunc_sat_f32_u i32.trunc_sat_f64_s i32.trunc_sat_f64_u " +
  "i64.trunc_sat_f32_s i64.trunc_sat_f32_u i64.trunc_sat_f64_s i64.trunc_sat_f64_u memory.init data.drop " +
  "memory.copy memory.fill table.init elem.drop table.copy table.grow table.size table.fill " +
  // 18 is unassigned; 19–22: the wide-arithmetic proposal
  "- i64.add128 i64.sub128 i64.mul_wide_s i64.mul_wide_u").split(" ");
/** Immediate count (u32 each) of the 0xFC opcodes. */
const FC_IMMS = [0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 2, 1, 2, 1, 2, 1, 1, 1, 0, 0, 0, 0, 0];

/** A byte reader with the binary format's LEB128 integers. */
class Reader {
  pos: number;
  constructor(readonly bytes: Uint8Array, pos = 0) {
    this.pos = pos;
  }
  byte(): number {
    if (this.pos >= this.bytes.length) throw new Error(`wasm: unexpected end at offset ${this.pos}`);
    return this.bytes[this.pos++];
  }
  /** Unsigned LEB128 (u32, or u64 up to 2^53 for memory64 offsets). */
  u32(): number {
    let result = 0, scale = 1, b: number;
    do {
      b = this.byte();
      result += (b & 0x7f) * scale;
      scale *= 128;
    } while (b & 0x80);
    return result;
  }
  /** Signed LEB128 as a bigint (s32, s33, s64). */
  sleb(): bigint {
    let result = 0n, shift = 0n, b: number;
    do {
      b = this.byte();
      result |= BigInt(b & 0x7f) << shift;
      shift += 7n;
    } while (b & 0x80);
    return b & 0x40 ? result - (1n << shift) : result;
  }
  skip(n: number): void {
    this.pos += n;
  }
  name(): string {
    const len = this.u32();
    const s = new TextDecoder().decode(this.bytes.subarray(this.pos, this.pos + len));
    this.pos += len;
    return s;
  }
  /** A value type; reference types `(ref null? ht)` carry a heap type. */
  valtype(): number {
    const t = this.byte();
    if (t === 0x63 || t === 0x64) this.sleb();
    return t;
  }
  /** A block type: empty (0x40), one value type, or a type index (s33). */
  blocktype(): number {
    // A one-byte negative s33 (0x40 … 0x7F) is the empty type or a value type; else a type index.
    const t = this.bytes[this.pos];
    if (t >= 0x40 && t <= 0x7f) return this.valtype();
    return Number(this.sleb());
  }
  memarg(imm: (number | bigint)[]): void {
    const align = this.u32();
    imm.push(align & ~0x40);
    if (align & 0x40) imm.push(this.u32()); // multi-memory: memory index
    imm.push(this.u32());
  }
}

/** Decodes one instruction at `r.pos`. */
function decodeInstr(r: Reader): Instr {
  const offset = r.pos;
  const b = r.byte();
  const imm: (number | bigint)[] = [];
  if (b === 0xfc || b === 0xfd || b === 0xfe) return decodePrefixed(r, b, offset);
  const name = NAMES[b];
  if (name === undefined) throw new Error(`wasm: unsupported opcode 0x${b.toString(16)} at offset ${offset}`);
  if (b === 0x02 || b === 0x03 || b === 0x04 || b === 0x06) imm.push(r.blocktype());
  else if ((b >= 0x07 && b <= 0x09) || (b >= 0x0c && b <= 0x0d) || b === 0x18) imm.push(r.u32());
  else if (b === 0x0e) {
    const n = r.u32();
    for (let i = 0; i <= n; i++) imm.push(r.u32()); // n labels, then the default
  } else if (b === 0x10 || b === 0x12 || b === 0x14 || b === 0x15 || b === 0xd2 || b === 0xd5 || b === 0xd6) {
    imm.push(r.u32());
  } else if (b === 0x11 || b === 0x13) imm.push(r.u32(), r.u32());
  else if (b === 0x1c) {
    const n = r.u32();
    for (let i = 0; i < n; i++) imm.push(r.valtype());
  } else if (b === 0x1f) {
    imm.push(r.blocktype());
    const n = r.u32();
    for (let i = 0; i < n; i++) {
      const kind = r.byte();
      imm.push(kind);
      if (kind < 2) imm.push(r.u32());
      imm.push(r.u32());
    }
  } else if (b >= 0x20 && b <= 0x26) imm.push(r.u32());
  else if (b >= 0x28 && b <= 0x3e) r.memarg(imm);
  else if (b === 0x3f || b === 0x40) imm.push(r.u32());
  else if (b === 0x41) imm.push(Number(BigInt.asIntN(32, r.sleb())));
  else if (b === 0x42) imm.push(BigInt.asIntN(64, r.sleb()));
  else if (b === 0x43 || b === 0x44) {
    const view = new DataView(r.bytes.buffer, r.bytes.byteOffset + r.pos, b === 0x43 ? 4 : 8);
    imm.push(b === 0x43 ? view.getFloat32(0, true) : view.getFloat64(0, true));
    r.skip(view.byteLength);
  } else if (b === 0xd0) imm.push(Number(r.sleb()));
  return { offset, op: b, name, imm };
}

function decodePrefixed(r: Reader, prefix: number, offset: number): Instr {
  const sub = r.u32();
  const op = prefix * 0x10000 + sub;
  const imm: (number | bigint)[] = [];
  if (prefix === 0xfc) {
    if (sub >= FC_NAMES.length || FC_NAMES[sub] === "-") {
      throw new Error(`wasm: unsupported opcode 0xfc ${sub} at offset ${offset}`);
    }
    for (let i = 0; i < FC_IMMS[sub]; i++) imm.push(r.u32());
    return { offset, op, name: FC_NAMES[sub], imm };
  }
  if (prefix === 0xfe) {
    if (sub === 3) imm.push(r.byte()); // atomic.fence 0x00
    else r.memarg(imm);
    return { offset, op, name: sub === 3 ? "atomic.fence" : `atomic.${sub}`, imm };
  }
  // SIMD (0xFD): only the immediates matter to the rules; a few names help reports.
  let name = `simd.${sub}`;
  if (sub <= 11 || sub === 92 || sub === 93) {
    r.memarg(imm);
    name = sub === 0 ? "v128.load" : sub === 11 ? "v128.store" : `v128.load.${sub}`;
  } else if (sub === 12 || sub === 13) {
    for (let i = 0; i < 16; i++) imm.push(r.byte());
    name = sub === 12 ? "v128.const" : "i8x16.shuffle";
  } else if (sub >= 21 && sub <= 34) imm.push(r.byte()); // extract/replace lane
  else if (sub >= 84 && sub <= 91) {
    r.memarg(imm);
    imm.push(r.byte()); // load/store lane
  }
  return { offset, op, name, imm };
}

/** Decodes instructions from `start` up to `end` (a function body's expression). */
export function decodeExpression(bytes: Uint8Array, start: number, end: number): Instr[] {
  const r = new Reader(bytes, start);
  const out: Instr[] = [];
  while (r.pos < end) out.push(decodeInstr(r));
  if (r.pos !== end || out.length === 0 || out[out.length - 1].op !== 0x0b) {
    throw new Error(`wasm: malformed function body at offset ${start}`);
  }
  return out;
}

/** Decodes a module; throws if `WebAssembly.validate` rejects it. */
export function decodeModule(bytes: Uint8Array): WasmModule {
  if (!WebAssembly.validate(bytes as Uint8Array<ArrayBuffer>)) {
    throw new Error("wasm: module does not validate");
  }
  const r = new Reader(bytes, 8);
  const types: FuncType[] = [];
  const imports: WasmModule["imports"] = [];
  const funcTypes: number[] = [];
  const exports = new Map<string, number>();
  const names = new Map<number, string>();
  const bodies: { locals: number; types: number[]; start: number; end: number }[] = [];
  const data: WasmModule["data"] = [];
  while (r.pos < bytes.length) {
    const id = r.byte();
    const size = r.u32();
    const end = r.pos + size;
    if (id === 1) {
      for (let n = r.u32(); n > 0; n--) {
        if (r.byte() !== 0x60) throw new Error("wasm: only plain function types are supported (no GC types)");
        const params = Array.from({ length: r.u32() }, () => r.valtype());
        const results = Array.from({ length: r.u32() }, () => r.valtype());
        types.push({ params, results });
      }
    } else if (id === 2) {
      for (let n = r.u32(); n > 0; n--) {
        const [module, name, kind] = [r.name(), r.name(), r.byte()];
        if (kind === 0) imports.push({ module, name, type: types[r.u32()] });
        else if (kind === 1) {
          r.valtype(); // table: reference type, limits
          readLimits(r);
        } else if (kind === 2) readLimits(r); // memory
        else if (kind === 3) {
          r.valtype(); // global: value type, mutability
          r.byte();
        } else if (kind === 4) {
          r.byte(); // tag: attribute, type index
          r.u32();
        }
      }
    } else if (id === 3) {
      for (let n = r.u32(); n > 0; n--) funcTypes.push(r.u32());
    } else if (id === 7) {
      for (let n = r.u32(); n > 0; n--) {
        const [name, kind, index] = [r.name(), r.byte(), r.u32()];
        if (kind === 0) exports.set(name, index);
      }
    } else if (id === 10) {
      for (let n = r.u32(); n > 0; n--) {
        const bodyEnd = r.u32() + r.pos;
        let locals = 0;
        const types: number[] = [];
        for (let k = r.u32(); k > 0; k--) {
          const count = r.u32();
          locals += count;
          const t = r.valtype();
          for (let j = 0; j < count; j++) types.push(t);
        }
        bodies.push({ locals, types, start: r.pos, end: bodyEnd });
        r.pos = bodyEnd;
      }
    } else if (id === 11) {
      for (let n = r.u32(); n > 0; n--) {
        const flags = r.u32();
        if (flags === 1) { // passive: bytes only
          r.skip(r.u32());
          continue;
        }
        if (flags === 2) r.u32(); // explicit memory index
        const constant = r.byte() === 0x41 ? Number(BigInt.asIntN(32, r.sleb())) : null;
        while (r.byte() !== 0x0b) { /* a non-constant offset expression: skipped */ }
        const len = r.u32();
        if (constant !== null && flags !== 2) {
          data.push({ offset: constant, bytes: bytes.slice(r.pos, r.pos + len) });
        }
        r.skip(len);
      }
    } else if (id === 0) {
      const sectionName = r.name();
      if (sectionName === "name") readFunctionNames(new Reader(bytes.subarray(0, end), r.pos), names);
    }
    r.pos = end;
  }
  const functions = bodies.map((b, i): WasmFunction => {
    const index = imports.length + i;
    const type = types[funcTypes[i]];
    const exported = [...exports].filter(([, f]) => f === index).map(([n]) => n);
    return {
      index,
      type,
      name: exported.join("/") || names.get(index) || `func[${index}]`,
      params: type.params.length,
      locals: type.params.length + b.locals,
      localTypes: [...type.params, ...b.types],
      body: decodeExpression(bytes, b.start, b.end),
    };
  });
  return { types, imports, functions, exports, data };
}

function readLimits(r: Reader): void {
  const flags = r.byte();
  r.u32();
  if (flags & 1) r.u32();
}

/** The `name` section's function names (subsection 1); malformed names are ignored. */
function readFunctionNames(r: Reader, names: Map<number, string>): void {
  try {
    while (r.pos < r.bytes.length) {
      const [id, size] = [r.byte(), r.u32()];
      const end = r.pos + size;
      if (id === 1) { for (let n = r.u32(); n > 0; n--) names.set(r.u32(), r.name()); }
      r.pos = end;
    }
  } catch { /* names are only for reports */ }
}

/** The function that export `name` refers to, or a thrown error naming the exports there are. */
export function exportedFunction(mod: WasmModule, name: string): number {
  const index = mod.exports.get(name);
  if (index === undefined) {
    throw new Error(`wasm: no exported function "${name}" (exports: ${[...mod.exports.keys()].join(", ")})`);
  }
  return index;
}

/** Formats an instruction for reports: `br_if 0 @0x2a`. */
export function formatInstr(i: Instr): string {
  return `${i.name}${i.imm.length ? " " + i.imm.join(" ") : ""} @0x${i.offset.toString(16)}`;
}
