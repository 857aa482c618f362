/**
 * A limb-level abstract interpreter of WebAssembly function bodies, run on the emitted module bytes
 * (decoded by tests/ct/wasm_decode.ts): every i32/i64 value, every v128 lane (i64x2 and i32x4 views)
 * and every stored memory cell is an exact affine form over symbols with BigInt interval ranges
 * (wasm_forms.ts), whose value Z is what an ideal machine without overflow would hold; the wasm bits
 * are Z mod 2^W. Functions run on concrete addresses (the slot addresses a test chooses) over an
 * abstract memory: a map from byte address to the cells stored or seeded there.
 *
 * What it reports, per analysed function:
 * - wraps: every ring operation (i32/i64 add, sub, mul, shl; i64x2 add, sub, neg, shl; i32x4.mul)
 *   whose result Z is neither in [0, 2^W) nor in [−2^(W−1), 2^(W−1)): its function, offset, opcode;
 * - reinterpretations: every non-modular use of such a wrapped value (a shift right, a comparison, a
 *   general bitwise operation, an extension, a full-width store), where the machine's bits and Z
 *   differ as integers. Modular uses are exact on Z: ring operations, masks x & (2^k − 1), i32.wrap,
 *   partial stores (i64.store32) and i32-lane reads (low 32 bits), data moves. So "no
 *   reinterpretation" proves that every wrap is harmless: the machine computes the ideal integers
 *   wherever an integer is observed;
 * - the largest bit length of any non-wrapping ring result, and every store with its value range.
 *
 * Everything it does not model throws (an unknown opcode, a branch other than the counted loop, a read
 * of unseeded memory, a non-constant address range it cannot enumerate). Loops (`loop … br_if 0 end`,
 * the ladders' counted loops) run to a fixed point: the loop-head state is joined with the back edge
 * (i32 counters widened to the thresholds 1, 0, −1), until the body maps it into itself, an inductive
 * invariant, sound for any number of iterations (a counter counting up to C by `i32.ne C` is widened
 * to C − 1 and refined by the back edge); with `unrollNested`, a loop nested in a loop runs unrolled
 * while its exit test is constant. Calls run the callee on the same memory, or apply a
 * {@linkcode Contract} (checked input bounds, output bounds proven separately). Read-only
 * {@linkcode Region}s stand for public tables: loads at symbolic addresses inside them are checked
 * to fall on their cells. `tabulate` tracks values that are functions of one small-range root
 * pointwise (the fixed-base scan's masks), so an or of masked values is proven to be one of them.
 * @module
 */

import { decodeModule, type Instr, type WasmFunction, type WasmModule } from "../ct/wasm_decode.ts";
import { bitLength, type Form, Forms, type Range } from "./wasm_forms.ts";

export type { Form, Range };

type Scalar = {
  readonly k: 32 | 64;
  readonly f: Form;
  readonly ne0?: Form;
  /** `f ≠ c` for a non-zero constant c (a counted loop's exit test). */
  readonly neC?: { readonly f: Form; readonly c: bigint };
};
type Vec = { readonly k: "v"; readonly view: 32 | 64; readonly lanes: readonly Form[] };
type Val = Scalar | Vec;

interface Cell {
  readonly addr: number;
  readonly size: number;
  /** The stored value; the cell holds its low 8·size bits. */
  readonly f: Form;
}

/** A ring operation whose result left the range its type can hold. */
export interface WrapEvent {
  readonly fn: string;
  readonly offset: number;
  readonly op: string;
  readonly width: number;
  readonly range: Range;
}

/** A non-modular use of a wrapped value. */
export interface ReinterpretEvent {
  readonly fn: string;
  readonly offset: number;
  readonly op: string;
  readonly range: Range;
}

/** A store: the address, byte size and the value range before truncation to the size. */
export interface StoreEvent {
  readonly fn: string;
  readonly offset: number;
  readonly addr: number;
  readonly size: number;
  readonly range: Range;
}

/** What a function's analysis found. */
export interface Report {
  readonly wraps: WrapEvent[];
  readonly reinterprets: ReinterpretEvent[];
  readonly stores: StoreEvent[];
  /** Largest bit length (of |Z|) of any non-wrapping ring result. */
  maxBits: number;
  /** Instructions interpreted. */
  steps: number;
  /** Loop fixed points: iterations needed per loop. */
  readonly loops: number[];
  /** The inductive invariant of each loop: the ranges of the locals and memory cells at its head. */
  /** (vectors: the lanes of each v128 local in its view, i32 lanes read signed.) */
  readonly heads: { locals: (Range | null)[]; vectors: (Range[] | null)[]; cells: Map<number, Range> }[];
  /** The range of the function's result (unsigned), if it has one. */
  result?: Range;
}

/**
 * A read-only memory region whose cells all lie within stated bounds (a public table built at run
 * time): `count` records of `stride` bytes from `base`, each record laid out as `cells` (offset in the
 * record, byte size, range of the value as stored). A load at an address whose range lies inside the
 * region, whose symbols' coefficients are multiples of the stride and whose constant falls on a
 * cell's offset with the load's size yields a fresh symbol over that cell's range; any other load
 * touching the region, and any store into it, throws.
 */
export interface Region {
  readonly name: string;
  readonly base: number;
  readonly stride: number;
  readonly count: number;
  readonly cells: readonly { readonly offset: number; readonly size: number; readonly range: Range }[];
}

/** A table tag: the value is vals[v − lo] when the root form's value is v (exact, pointwise). */
interface Table {
  readonly root: Form;
  readonly lo: bigint;
  readonly vals: readonly bigint[];
}

/**
 * A call summary: checks the arguments' operands against the accepted bounds (throws otherwise) and
 * writes the outputs' proven bounds as fresh symbols.
 */
export type Contract = (a: WasmInterval, args: readonly number[]) => void;

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
const minOf = (xs: bigint[]) => xs.reduce((m, v) => (v < m ? v : m));
const maxOf = (xs: bigint[]) => xs.reduce((m, v) => (v > m ? v : m));

/** Mnemonics of the SIMD opcodes the kernels use (the decoder names most of them `simd.N`). */
const SIMD_NAMES: Record<number, string> = {
  0x11: "i32x4.splat",
  0x12: "i64x2.splat",
  0x1c: "i32x4.replace_lane",
  0x1d: "i64x2.extract_lane",
  0x4e: "v128.and",
  0x50: "v128.or",
  0x51: "v128.xor",
  0x52: "v128.bitselect",
  0xb5: "i32x4.mul",
  0xab: "i32x4.shl",
  0xae: "i32x4.add",
  0xb1: "i32x4.sub",
  0x1b: "i32x4.extract_lane",
  0x1e: "i64x2.replace_lane",
  0xdc: "i64x2.extmul_low_i32x4_s",
  0xc1: "i64x2.neg",
  0xc7: "i64x2.extend_low_i32x4_s",
  0xc8: "i64x2.extend_high_i32x4_s",
  0xcb: "i64x2.shl",
  0xcd: "i64x2.shr_u",
  0xce: "i64x2.add",
  0xd1: "i64x2.sub",
  0xde: "i64x2.extmul_low_i32x4_u",
  0xdf: "i64x2.extmul_high_i32x4_u",
};

/** An instruction's mnemonic for reports. */
export function opName(i: Instr): string {
  return i.op >= 0xfd0000 && i.op < 0xfe0000 ? SIMD_NAMES[i.op - 0xfd0000] ?? i.name : i.name;
}

/** Throws: the analysis meets something it does not model. */
function unmodelled(what: string, i?: Instr): never {
  throw new Error(`bounds: unmodelled ${what}${i ? ` (${opName(i)} @0x${i.offset.toString(16)})` : ""}`);
}

/** Decoded modules by their bytes (an analysis never changes a module). */
const decoded = new WeakMap<Uint8Array, WasmModule>();

interface Frame {
  fn: WasmFunction;
  locals: (Val | undefined)[];
  stack: Val[];
}

/** The interpreter of one module (one abstract memory). */
export class WasmInterval {
  readonly module: WasmModule;
  readonly forms = new Forms();
  /** Cells by start address, and the cell covering each byte. */
  private cells = new Map<number, Cell>();
  private bytes = new Map<number, Cell>();
  readonly contracts = new Map<number, Contract>();
  /** The select pattern's parts: x ^ y results and m & y results (m a 0/−1 mask). */
  private readonly tags = new WeakMap<Form, { xor?: readonly [Form, Form]; masked?: Form }>();
  /** Read-only regions (see {@linkcode Region}); empty unless a test declares them. */
  readonly regions: Region[] = [];
  /**
   * Values of at most this many possible values (the fixed-base driver's digit) are tabulated: i32
   * operations and extensions on forms that are functions of one such root are evaluated pointwise,
   * exactly; a mask m ∈ {0, −1} so tabulated makes m & x a guarded value (x where m = −1, else 0),
   * and the or of guarded values whose guards are disjoint is the hull of their ranges (at most one
   * is non-zero: the masked scan's selection). 0 (the default): off.
   */
  tabulate = 0;
  /** A loop nested in a loop runs unrolled while its exit test is a constant, up to this many iterations (0: off). */
  unrollNested = 0;
  /** Called before the instruction at a code offset executes, with the ranges of the locals. */
  readonly probes = new Map<number, (locals: (Range | null)[]) => void>();
  private readonly tables = new WeakMap<Form, Table>();
  /** Guarded values: the value is 0 where the root's value v has support[v − lo] false. */
  private readonly guards = new WeakMap<Form, { root: Form; lo: bigint; support: readonly boolean[] }>();
  private loopDepth = 0;
  /** Debugging: called with the back-edge state of each loop iteration that is not yet a fixed point. */
  onIteration?: (iter: number, locals: (Range | null)[]) => void;
  private report: Report = WasmInterval.emptyReport();
  private fnName = "";

  constructor(bytes: Uint8Array) {
    let module = decoded.get(bytes);
    if (!module) decoded.set(bytes, module = decodeModule(bytes));
    this.module = module;
  }

  private static emptyReport(): Report {
    return { wraps: [], reinterprets: [], stores: [], maxBits: 0, steps: 0, loops: [], heads: [] };
  }

  /** Seeds the module's data segments (constants: R², R, 1, p, …) as byte cells. */
  seedData(): this {
    for (const { offset, bytes } of this.module.data) {
      bytes.forEach((b, i) => this.write({ addr: offset + i, size: 1, f: this.forms.constant(BigInt(b)) }));
    }
    return this;
  }

  /** Seeds `ranges.length` little-endian limbs of `size` bytes at addr, limb j a fresh symbol in ranges[j]. */
  seedLimbs(addr: number, size: number, ranges: readonly Range[]): Form[] {
    return ranges.map((r, j) => {
      const f = this.forms.fresh(r.lo, r.hi);
      this.write({ addr: addr + size * j, size, f });
      return f;
    });
  }

  /** Seeds `n` bytes of unknown content at addr (8-byte cells where possible). */
  seedUnknown(addr: number, n: number): void {
    for (let i = 0; i < n;) {
      const size = n - i >= 8 ? 8 : 1;
      this.write({ addr: addr + i, size, f: this.forms.fresh(0n, (1n << BigInt(8 * size)) - 1n) });
      i += size;
    }
  }

  /** The ranges of `count` limbs of `size` bytes at addr, read unsigned (or signed). */
  readLimbs(addr: number, size: number, count: number, signed = false): Range[] {
    const F = this.forms;
    return Array.from({ length: count }, (_, j) => {
      const f = this.load(addr + size * j, size, !signed);
      return F.range(signed ? F.signed(f, 8 * size) : f);
    });
  }

  /** The form of the `size`-byte unsigned value at addr. */
  loadForm(addr: number, size: number): Form {
    return this.load(addr, size);
  }

  /** Writes fresh symbols over `ranges` as `size`-byte limbs at addr (for contracts). */
  writeLimbs(addr: number, size: number, ranges: readonly Range[]): void {
    this.seedLimbs(addr, size, ranges);
  }

  /** Function index of an export. */
  indexOf(name: string): number {
    const i = this.module.exports.get(name);
    if (i === undefined) throw new Error(`bounds: no export ${name}`);
    return i;
  }

  /** Runs function `name` (export name or index) on concrete i32 arguments; returns its report. */
  run(name: string | number, args: readonly number[]): Report {
    this.report = WasmInterval.emptyReport();
    const result = this.call(
      typeof name === "number" ? name : this.indexOf(name),
      args.map((a) => BigInt(a)),
    );
    if (result && result.k !== "v") {
      this.report.result = this.forms.range(this.forms.unsigned(result.f, result.k));
    }
    return this.report;
  }

  // ---- memory ----

  private write(cell: Cell): void {
    for (let b = cell.addr; b < cell.addr + cell.size; b++) {
      const old = this.bytes.get(b);
      if (old !== undefined && old !== cell) this.split(old, cell);
    }
    this.cells.set(cell.addr, cell);
    for (let b = cell.addr; b < cell.addr + cell.size; b++) this.bytes.set(b, cell);
  }

  /** Removes `old`, keeping the bytes the new cell does not cover as byte-range cells. */
  private split(old: Cell, by: Cell): void {
    this.cells.delete(old.addr);
    for (let b = old.addr; b < old.addr + old.size; b++) if (this.bytes.get(b) === old) this.bytes.delete(b);
    let b = old.addr;
    while (b < old.addr + old.size) {
      if (b >= by.addr && b < by.addr + by.size) {
        b++;
        continue;
      }
      let e = b;
      while (e < old.addr + old.size && !(e >= by.addr && e < by.addr + by.size)) e++;
      const part = this.extract(old, b - old.addr, e - old.addr);
      const cell = { addr: b, size: e - b, f: part };
      this.cells.set(b, cell);
      for (let x = b; x < e; x++) this.bytes.set(x, cell);
      b = e;
    }
  }

  /** Bytes [b0, b1) of a cell's value, unsigned. */
  private extract(cell: Cell, b0: number, b1: number): Form {
    const F = this.forms;
    let v = F.unsigned(cell.f, 8 * cell.size);
    if (b0 > 0) v = F.divmod(v, 8 * b0).q;
    if (b1 < cell.size) v = F.divmod(v, 8 * (b1 - b0)).r;
    return v;
  }

  /**
   * The value of the `size` bytes at addr (throws on unseeded bytes): a cell of exactly that size is
   * returned as stored (any representative of its bits), unless `extend` asks for the unsigned value
   * (a zero-extending load); anything else is assembled from unsigned pieces.
   */
  private load(addr: number, size: number, extend = true): Form {
    const F = this.forms;
    const first = this.bytes.get(addr);
    if (first && first.addr === addr && first.size === size) {
      return extend ? F.unsigned(first.f, 8 * size) : first.f;
    }
    let v = F.constant(0n);
    for (let b = addr; b < addr + size;) {
      const cell = this.bytes.get(b);
      if (cell === undefined) throw new Error(`bounds: read of unseeded memory at ${b} (${this.fnName})`);
      const e = Math.min(addr + size, cell.addr + cell.size);
      const part = this.extract(cell, b - cell.addr, e - cell.addr);
      v = F.combine(v, 1n, part, 1n << BigInt(8 * (b - addr)));
      b = e;
    }
    return v;
  }

  private snapshot(): Map<number, Cell> {
    return new Map(this.cells);
  }
  private restore(cells: Map<number, Cell>): void {
    this.cells = new Map(cells);
    this.bytes = new Map();
    for (const c of this.cells.values()) for (let b = c.addr; b < c.addr + c.size; b++) this.bytes.set(b, c);
  }

  // ---- events ----

  private ring(f: Form, W: number, i: Instr): Form {
    const F = this.forms;
    if (!F.canonical(f, W)) {
      this.report.wraps.push({
        fn: this.fnName,
        offset: i.offset,
        op: opName(i),
        width: W,
        range: F.range(f),
      });
    } else {
      const r = F.range(f);
      const bits = Math.max(bitLength(r.lo), bitLength(r.hi));
      if (bits > this.report.maxBits) this.report.maxBits = bits;
    }
    return f;
  }
  /** A non-modular use of f (W bits): recorded if f's value is not its bit pattern. */
  private use(f: Form, W: number, i: Instr): void {
    if (!this.forms.canonical(f, W)) {
      this.report.reinterprets.push({
        fn: this.fnName,
        offset: i.offset,
        op: opName(i),
        range: this.forms.range(f),
      });
    }
  }

  // ---- execution ----

  private call(index: number, args: bigint[]): Val | undefined {
    const contract = this.contracts.get(index);
    if (contract) {
      contract(this, args.map(Number));
      return undefined;
    }
    const fn = this.module.functions[index - this.module.imports.length];
    if (!fn) unmodelled(`call of import ${index}`);
    const F = this.forms;
    const locals: (Val | undefined)[] = fn.localTypes.map((t, j) => {
      if (j < args.length) return { k: 32, f: F.constant(args[j]) } as Scalar;
      if (t === 0x7f) return { k: 32, f: F.constant(0n) } as Scalar;
      if (t === 0x7e) return { k: 64, f: F.constant(0n) } as Scalar;
      if (t === 0x7b) return { k: "v", view: 64, lanes: [F.constant(0n), F.constant(0n)] } as Vec;
      return unmodelled(`local type 0x${t.toString(16)}`);
    });
    const saved = this.fnName;
    this.fnName = fn.name;
    const frame: Frame = { fn, locals, stack: [] };
    const body = fn.body;
    this.exec(frame, body, 0, body.length - 1); // the final `end`
    this.fnName = saved;
    if (fn.type.results.length === 0) {
      if (frame.stack.length !== 0) unmodelled("values left on the stack");
      return undefined;
    }
    if (frame.stack.length !== 1) unmodelled("multiple results");
    return frame.stack[0];
  }

  private exec(frame: Frame, body: readonly Instr[], from: number, to: number): void {
    for (let pc = from; pc < to; pc++) {
      const i = body[pc];
      if (i.name === "loop") {
        const end = matchingEnd(body, pc);
        this.loop(frame, body, pc, end);
        pc = end;
        continue;
      }
      this.step(frame, i);
    }
  }

  /** `loop … br_if 0 end` to a fixed point of the loop-head state. */
  private loop(frame: Frame, body: readonly Instr[], start: number, end: number): void {
    const br = body[end - 1];
    if (br.name !== "br_if" || br.imm[0] !== 0) unmodelled("loop not ending in br_if 0", br);
    for (let pc = start + 1; pc < end - 1; pc++) {
      const n = body[pc].name;
      if (n === "loop") {
        pc = matchingEnd(body, pc); // a nested loop: checked when it runs
        continue;
      }
      if (n === "block" || n === "if" || n.startsWith("br") || n === "return") {
        unmodelled("control flow inside a loop", body[pc]);
      }
    }
    if (frame.stack.length !== 0) unmodelled("values on the stack at a loop", body[start]);
    this.loopDepth++;
    try {
      if (this.loopDepth > 1 && this.unrollNested > 0) this.unroll(frame, body, start, end);
      else this.fixedPoint(frame, body, start, end);
    } finally {
      this.loopDepth--;
    }
  }

  /** A nested counted loop, unrolled: its exit test must be a constant in every iteration. */
  private unroll(frame: Frame, body: readonly Instr[], start: number, end: number): void {
    for (let iter = 1;; iter++) {
      if (iter > this.unrollNested) {
        throw new Error(`bounds: unrolled loop past ${this.unrollNested} iterations`);
      }
      this.exec(frame, body, start + 1, end - 1);
      const cond = frame.stack.pop() as Scalar;
      const c = this.forms.constOf(this.forms.unsigned(cond.f, 32));
      if (c === null) unmodelled("non-constant exit test in an unrolled loop", body[end - 1]);
      if (c === 0n) return;
    }
  }

  private fixedPoint(frame: Frame, body: readonly Instr[], start: number, end: number): void {
    // A loop ending in `… i32.const C; i32.ne; br_if 0` (a counter counting up to C): C − 1 and C are
    // widening thresholds, and the back edge refines the counter to ≠ C.
    const thresholds: bigint[] = [];
    if (body[end - 2]?.name === "i32.ne" && body[end - 3]?.name === "i32.const") {
      const c = BigInt(body[end - 3].imm[0]);
      if (c > 1n) thresholds.push(c - 1n, c);
    }
    // The head state as independent fresh symbols (its own join with itself): no relation of the
    // entry state survives into the invariant, so every head is a box of ranges.
    const entry = { locals: [...frame.locals], cells: this.snapshot() };
    let head = this.join(entry, entry, false);
    for (let iter = 1;; iter++) {
      if (iter > 16) throw new Error(`bounds: no fixed point after 16 iterations (${this.fnName})`);
      frame.locals = [...head.locals];
      this.restore(head.cells);
      this.exec(frame, body, start + 1, end - 1);
      const cond = frame.stack.pop() as Scalar;
      const taken = this.refine(frame.locals, cond, true);
      const next = { locals: taken, cells: this.snapshot() };
      if (this.subsumed(next, head)) {
        // head is inductive: run the body once more from it for the exit state (cond = 0).
        frame.locals = [...head.locals];
        this.restore(head.cells);
        this.exec(frame, body, start + 1, end - 1);
        frame.locals = this.refine(frame.locals, frame.stack.pop() as Scalar, false);
        this.report.loops.push(iter);
        const F = this.forms;
        this.report.heads.push({
          locals: head.locals.map((v) => (v && v.k !== "v" ? F.range(v.f) : null)),
          vectors: head.locals.map((v) => {
            if (!v || v.k !== "v") return null;
            return v.view === 32
              ? v.lanes.map((l) => F.range(F.signed(l, 32)))
              : v.lanes.map((l) => F.range(l));
          }),
          cells: new Map([...head.cells].map(([addr, c]) => [addr, F.range(this.cellView(c))])),
        });
        return;
      }
      this.onIteration?.(iter, next.locals.map((v) => (v && v.k !== "v" ? this.forms.range(v.f) : null)));
      head = this.join(head, next, iter >= 2, thresholds);
    }
  }

  /** Locals after br_if's condition is known non-zero (taken) or zero. */
  private refine(locals: (Val | undefined)[], cond: Scalar, taken: boolean): (Val | undefined)[] {
    const F = this.forms;
    return locals.map((v) => {
      if (v && v.k !== "v" && cond.neC !== undefined && v.f === cond.neC.f) {
        const c = cond.neC.c;
        if (!taken) return { k: v.k, f: F.constant(c) };
        const r = F.range(v.f);
        const lo = r.lo === c ? c + 1n : r.lo, hi = r.hi === c ? c - 1n : r.hi;
        return lo === r.lo && hi === r.hi ? v : { k: v.k, f: F.fresh(lo, hi) };
      }
      if (!v || v.k === "v" || cond.ne0 === undefined || v.f !== cond.ne0) return v;
      if (!taken) return { k: v.k, f: F.constant(0n) };
      const r = F.range(v.f);
      const lo = r.lo === 0n ? 1n : r.lo, hi = r.hi === 0n ? -1n : r.hi;
      return { k: v.k, f: F.fresh(lo, hi) };
    });
  }

  private subsumed(
    a: { locals: (Val | undefined)[]; cells: Map<number, Cell> },
    b: { locals: (Val | undefined)[]; cells: Map<number, Cell> },
  ): boolean {
    const F = this.forms;
    const inside = (x: Form, y: Form) => {
      const rx = F.range(x), ry = F.range(y);
      return rx.lo >= ry.lo && rx.hi <= ry.hi;
    };
    const valIn = (x: Val | undefined, y: Val | undefined): boolean => {
      if (!x || !y) return x === y;
      if (x.k === "v" && y.k === "v") {
        if (x.view === 32 && y.view === 32) {
          return x.lanes.every((l, j) => inside(F.signed(l, 32), F.signed(y.lanes[j], 32)));
        }
        const xl = this.lanes(x, 64), yl = this.lanes(y, 64);
        return xl.every((l, j) => inside(l, yl[j]));
      }
      if (x.k === "v" || y.k === "v") return false;
      return inside(x.f, y.f);
    };
    if (!a.locals.every((x, j) => valIn(x, b.locals[j]))) return false;
    for (const [addr, c] of a.cells) {
      const d = b.cells.get(addr);
      if (!d || d.size !== c.size || !inside(this.cellView(c), this.cellView(d))) {
        return false;
      }
    }
    return true;
  }

  private join(
    a: { locals: (Val | undefined)[]; cells: Map<number, Cell> },
    b: { locals: (Val | undefined)[]; cells: Map<number, Cell> },
    widen: boolean,
    thresholds: readonly bigint[] = [],
  ) {
    const his = [0n, 1n, ...thresholds, (1n << 32n) - 1n].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    const F = this.forms;
    const hull = (x: Form, y: Form, wideI32: boolean): Form => {
      const rx = F.range(x), ry = F.range(y);
      let lo = rx.lo < ry.lo ? rx.lo : ry.lo, hi = rx.hi > ry.hi ? rx.hi : ry.hi;
      if (wideI32) {
        if (lo < rx.lo) lo = [1n, 0n, -1n, -(1n << 31n)].find((t) => t <= lo)!;
        if (hi > rx.hi) hi = his.find((t) => t >= hi)!;
      }
      return F.fresh(lo, hi);
    };
    const locals = a.locals.map((x, j): Val | undefined => {
      const y = b.locals[j];
      if (!x || !y) return x ?? y;
      if (x.k === "v" && y.k === "v") {
        // Two i32x4 views join lane by lane as signed i32 values (pair products' limbs); else i64x2.
        if (x.view === 32 && y.view === 32) {
          const yl = y.lanes.map((l) => F.signed(l, 32));
          return { k: "v", view: 32, lanes: x.lanes.map((l, m) => hull(F.signed(l, 32), yl[m], false)) };
        }
        const xl = this.lanes(x, 64), yl = this.lanes(y, 64);
        return { k: "v", view: 64, lanes: xl.map((l, m) => hull(l, yl[m], false)) };
      }
      if (x.k === "v" || y.k === "v") unmodelled("a local changing type in a loop");
      return { k: x.k, f: hull(x.f, y.f, widen && x.k === 32) };
    });
    // Cells: the union (a cell the body writes first exists from the second head on; a read before
    // its first write would have thrown in the first iteration).
    const cells = new Map<number, Cell>();
    for (const [addr, c] of a.cells) {
      const d = b.cells.get(addr);
      if (d && d.size !== c.size) throw new Error(`bounds: memory layout changes in a loop at ${addr}`);
      cells.set(addr, {
        addr,
        size: c.size,
        f: hull(this.cellView(c), d ? this.cellView(d) : this.cellView(c), false),
      });
    }
    for (const [addr, d] of b.cells) {
      if (a.cells.has(addr)) continue;
      if (a.cells.size > 0 && [...Array(d.size).keys()].some((j) => this.bytesOf(a.cells, addr + j))) {
        throw new Error(`bounds: memory layout changes in a loop at ${addr}`);
      }
      cells.set(addr, { addr, size: d.size, f: hull(this.cellView(d), this.cellView(d), false) });
    }
    return { locals, cells };
  }

  /** Whether some cell of `cells` covers byte `b`. */
  private bytesOf(cells: Map<number, Cell>, b: number): boolean {
    for (const c of cells.values()) if (b >= c.addr && b < c.addr + c.size) return true;
    return false;
  }

  /** A cell's value as a representative of its bits: as stored when that has no wrap, else unsigned. */
  private cellView(c: Cell): Form {
    return this.forms.canonical(c.f, 8 * c.size) ? c.f : this.forms.unsigned(c.f, 8 * c.size);
  }

  /** The lanes of a vector in the i64x2 (64) or i32x4 (32) view. */
  private lanes(v: Vec, view: 32 | 64): readonly Form[] {
    const F = this.forms;
    if (v.view === view) return v.lanes;
    if (view === 64) {
      // i32 lanes (l0, l1) → l0 + 2^32·l1, each read as its low 32 bits.
      return [0, 1].map((j) =>
        F.combine(F.unsigned(v.lanes[2 * j], 32), 1n, F.unsigned(v.lanes[2 * j + 1], 32), 1n << 32n)
      );
    }
    return v.lanes.flatMap((l) => [l, F.divmod(F.unsigned(l, 64), 32, true).q]);
  }

  private pop(frame: Frame, i: Instr): Val {
    const v = frame.stack.pop();
    if (v === undefined) unmodelled("empty stack", i);
    return v;
  }
  private popS(frame: Frame, i: Instr, k?: 32 | 64): Scalar {
    const v = this.pop(frame, i);
    if (v.k === "v" || (k !== undefined && v.k !== k)) unmodelled("operand type", i);
    return v;
  }
  private popV(frame: Frame, i: Instr): Vec {
    const v = this.pop(frame, i);
    if (v.k !== "v") unmodelled("operand type", i);
    return v;
  }
  /** The concrete address (base + static offset) of a memory instruction. */
  private addresses(base: Scalar, i: Instr): number[] {
    const off = Number(i.imm[i.imm.length - (i.name.includes("lane") ? 2 : 1)]);
    const A = this.forms.unsigned(base.f, 32);
    const r = this.forms.range(A);
    if (r.hi - r.lo > 256n) unmodelled(`address range [${r.lo}, ${r.hi}]`, i);
    // Every symbol is an integer, so A ≡ A.c modulo the gcd g of its coefficients: only those addresses.
    let g = 0n;
    for (const k of A.t.values()) g = gcd(g, k < 0n ? -k : k);
    if (g === 0n) g = 1n;
    const out: number[] = [];
    for (let a = r.lo + ((((A.c - r.lo) % g) + g) % g); a <= r.hi; a += g) out.push(Number(a) + off);
    return out;
  }
  /** The static offset of a memory instruction. */
  private staticOffset(i: Instr): number {
    return Number(i.imm[i.imm.length - (i.name.includes("lane") ? 2 : 1)]);
  }

  /**
   * A load of `size` bytes at base + offset inside a declared region: the forms of the region cells
   * tiling the bytes (fresh, within each cell's range), or null if no region is touched. Throws when
   * the address range leaves the region, a symbol's coefficient is not a multiple of the stride, or
   * the bytes do not start on a cell and are not tiled by whole cells.
   */
  private regionRead(base: Scalar, size: number, i: Instr): { forms: Form[]; cellSize: number } | null {
    const F = this.forms;
    const A = F.plus(F.unsigned(base.f, 32), BigInt(this.staticOffset(i)));
    const r = F.range(A);
    for (const g of this.regions) {
      const lo = BigInt(g.base), end = BigInt(g.base + g.stride * g.count);
      if (r.hi + BigInt(size) <= lo || r.lo >= end) continue;
      const where = `${g.name}, address [${r.lo}, ${r.hi}] (${this.fnName} @0x${i.offset.toString(16)})`;
      if (r.lo < lo || r.hi + BigInt(size) > end) {
        throw new Error(`bounds: read partly outside region ${where}`);
      }
      const S = BigInt(g.stride);
      for (const k of A.t.values()) {
        if (k % S !== 0n) throw new Error(`bounds: address not a whole number of records in region ${where}`);
      }
      let o = Number((((A.c - lo) % S) + S) % S);
      const forms: Form[] = [];
      let cellSize = 0;
      for (let left = size; left > 0;) {
        const c = g.cells.find((c) => c.offset === o);
        if (!c || c.size > left || (cellSize !== 0 && c.size !== cellSize)) {
          throw new Error(`bounds: read off the cell boundaries of region ${where}, record offset ${o}`);
        }
        cellSize = c.size;
        forms.push(F.fresh(c.range.lo, c.range.hi));
        o += c.size, left -= c.size;
      }
      return { forms, cellSize };
    }
    return null;
  }

  /** Throws if a store's bytes may touch a read-only region. */
  private checkStore(base: Scalar, size: number, i: Instr): void {
    const F = this.forms;
    const r = F.range(F.plus(F.unsigned(base.f, 32), BigInt(this.staticOffset(i))));
    for (const g of this.regions) {
      if (r.hi + BigInt(size) > BigInt(g.base) && r.lo < BigInt(g.base + g.stride * g.count)) {
        throw new Error(`bounds: store into read-only region ${g.name} (${this.fnName})`);
      }
    }
  }

  private loadAt(base: Scalar, size: number, i: Instr, extend: boolean): Form {
    const reg = this.regions.length > 0 ? this.regionRead(base, size, i) : null;
    if (reg) {
      if (reg.forms.length !== 1) unmodelled("a scalar load over several region cells", i);
      return extend ? this.forms.unsigned(reg.forms[0], 8 * size) : reg.forms[0];
    }
    const addrs = this.addresses(base, i);
    if (addrs.length === 1) return this.load(addrs[0], size, extend);
    // The hull over the candidate cells (each value as loaded: a representative of its bits).
    const rs = addrs.map((a) => this.forms.range(this.load(a, size, extend)));
    return this.forms.fresh(minOf(rs.map((r) => r.lo)), maxOf(rs.map((r) => r.hi)));
  }
  private storeAt(base: Scalar, size: number, f: Form, i: Instr): void {
    if (this.regions.length > 0) this.checkStore(base, size, i);
    const addrs = this.addresses(base, i);
    if (addrs.length !== 1) unmodelled("store to a non-constant address", i);
    this.report.stores.push({
      fn: this.fnName,
      offset: i.offset,
      addr: addrs[0],
      size,
      range: this.forms.range(f),
    });
    this.write({ addr: addrs[0], size, f });
  }

  private step(frame: Frame, i: Instr): void {
    this.report.steps++;
    const F = this.forms, st = frame.stack;
    const probe = this.probes.get(i.offset);
    if (probe) probe(frame.locals.map((v) => (v && v.k !== "v" ? F.range(v.f) : null)));
    const pre = this.tabulate > 0 ? this.preTable(frame, i) : null;
    this.stepOp(frame, i);
    const top = st[st.length - 1];
    if (pre && top && top.k !== "v") this.tables.set(top.f, pre);
  }

  private stepOp(frame: Frame, i: Instr): void {
    const F = this.forms, st = frame.stack;
    const push = (k: 32 | 64, f: Form, ne0?: Form) => void st.push(ne0 ? { k, f, ne0 } : { k, f });
    const n = i.name;
    const W = n.startsWith("i32") ? 32 : 64;
    switch (n) {
      case "nop":
        return;
      case "local.get": {
        const v = frame.locals[Number(i.imm[0])];
        if (!v) unmodelled("unset local", i);
        st.push(v);
        return;
      }
      case "local.set":
        frame.locals[Number(i.imm[0])] = this.pop(frame, i);
        return;
      case "local.tee": {
        const v = this.pop(frame, i);
        frame.locals[Number(i.imm[0])] = v;
        st.push(v);
        return;
      }
      case "drop":
        this.pop(frame, i);
        return;
      case "i32.const":
      case "i64.const":
        return push(W, F.constant(BigInt(i.imm[0])));
      case "call": {
        const fn = this.module.functions[Number(i.imm[0]) - this.module.imports.length];
        const args = fn.type.params.map(() => this.popS(frame, i, 32)).reverse();
        const concrete = args.map((a) => {
          const c = F.constOf(F.unsigned(a.f, 32));
          if (c === null) unmodelled("call with a non-constant argument", i);
          return c;
        });
        const result = this.call(Number(i.imm[0]), concrete);
        if (result) st.push(result);
        return;
      }
      case "i32.load":
      case "i64.load":
      case "i64.load32_u":
      case "i32.load8_u": {
        const size = n === "i64.load" ? 8 : n === "i32.load8_u" ? 1 : 4;
        const base = this.popS(frame, i, 32);
        // i64.load, i32.load: the bits as stored; load32_u, load8_u: zero-extended.
        return push(n.startsWith("i64") ? 64 : 32, this.loadAt(base, size, i, n.endsWith("_u")));
      }
      case "i32.store":
      case "i64.store":
      case "i64.store32":
      case "i32.store8": {
        const v = this.popS(frame, i);
        const base = this.popS(frame, i, 32);
        const size = n === "i64.store" ? 8 : n === "i32.store8" ? 1 : 4;
        if (size === 8) this.use(v.f, 64, i); // a full-width store keeps the bits: Z must be them
        return this.storeAt(base, size, v.f, i);
      }
      case "i32.add":
      case "i64.add":
      case "i32.sub":
      case "i64.sub":
      case "i32.mul":
      case "i64.mul": {
        const b = this.popS(frame, i, W), a = this.popS(frame, i, W);
        const op = n.slice(4);
        const f = op === "add" ? F.add(a.f, b.f) : op === "sub" ? F.sub(a.f, b.f) : F.mul(a.f, b.f);
        return push(W, this.ring(f, W, i));
      }
      case "i32.shl":
      case "i64.shl": {
        const b = this.popS(frame, i, W), a = this.popS(frame, i, W);
        const k = F.constOf(b.f);
        if (k === null) unmodelled("shift by a non-constant", i);
        return push(W, this.ring(F.scale(a.f, 1n << (k % BigInt(W))), W, i));
      }
      case "i32.shr_u":
      case "i64.shr_u":
      case "i32.shr_s":
      case "i64.shr_s": {
        const b = this.popS(frame, i, W), a = this.popS(frame, i, W);
        this.use(a.f, W, i);
        const signed = n.endsWith("_s");
        const x = signed ? F.signed(a.f, W) : F.unsigned(a.f, W);
        const k = F.constOf(F.unsigned(b.f, W));
        if (k !== null) return push(W, F.divmod(x, Number(k % BigInt(W)), true).q);
        const ks = F.range(F.unsigned(b.f, W));
        if (ks.hi >= BigInt(W)) unmodelled("variable shift amount ≥ width", i);
        const r = F.range(x), K = (s: bigint) => [r.lo >> s, r.hi >> s];
        const ends = [...K(ks.lo), ...K(ks.hi)];
        return push(W, F.fresh(minOf(ends), maxOf(ends)));
      }
      case "i32.and":
      case "i64.and":
      case "i32.or":
      case "i64.or":
      case "i32.xor":
      case "i64.xor": {
        const b = this.popS(frame, i, W), a = this.popS(frame, i, W);
        return push(W, this.bitwise(n.slice(4) as "and" | "or" | "xor", a.f, b.f, W, i));
      }
      case "i32.eqz":
      case "i64.eqz": {
        const a = this.popS(frame, i, W);
        this.use(a.f, W, i);
        const r = F.range(F.unsigned(a.f, W));
        return push(
          32,
          r.lo === 0n && r.hi === 0n ? F.constant(1n) : r.lo > 0n ? F.constant(0n) : F.fresh(0n, 1n),
        );
      }
      case "i32.eq":
      case "i64.eq":
      case "i32.ne":
      case "i64.ne":
      case "i32.lt_u":
      case "i64.lt_u":
      case "i32.gt_u":
      case "i32.ge_u":
      case "i32.lt_s": {
        const b = this.popS(frame, i, W), a = this.popS(frame, i, W);
        this.use(a.f, W, i), this.use(b.f, W, i);
        const signed = n.endsWith("_s");
        const ra = F.range(signed ? F.signed(a.f, W) : F.unsigned(a.f, W));
        const rb = F.range(signed ? F.signed(b.f, W) : F.unsigned(b.f, W));
        const op = n.slice(4);
        let v: boolean | null = null;
        if (op === "eq" || op === "ne") {
          if (ra.lo === ra.hi && rb.lo === rb.hi) v = ra.lo === rb.lo;
          else if (ra.hi < rb.lo || rb.hi < ra.lo) v = false;
          if (v !== null && op === "ne") v = !v;
        } else if (op.startsWith("lt")) v = ra.hi < rb.lo ? true : ra.lo >= rb.hi ? false : null;
        else if (op === "gt_u") v = ra.lo > rb.hi ? true : ra.hi <= rb.lo ? false : null;
        else if (op === "ge_u") v = ra.lo >= rb.hi ? true : ra.hi < rb.lo ? false : null;
        const zeroB = rb.lo === 0n && rb.hi === 0n;
        const ne0 = op === "ne" && zeroB ? a.f : undefined;
        const f = v === null ? F.fresh(0n, 1n) : F.constant(v ? 1n : 0n);
        const cb = F.constOf(b.f);
        if (op === "ne" && W === 32 && cb !== null && cb !== 0n && v === null && F.range(a.f).lo >= 0n) {
          st.push({ k: 32, f, neC: { f: a.f, c: rb.lo } });
          return;
        }
        return push(32, f, ne0);
      }
      case "i32.wrap_i64":
        return push(32, this.popS(frame, i, 64).f); // the low 32 bits: Z mod 2^32, exact
      case "i64.extend_i32_u":
        return push(64, F.unsigned(this.popS(frame, i, 32).f, 32));
      case "i64.extend_i32_s":
        return push(64, F.signed(this.popS(frame, i, 32).f, 32));
      default:
        if (i.op >= 0xfd0000 && i.op < 0xfe0000) return this.simd(frame, i, i.op - 0xfd0000);
        unmodelled("instruction", i);
    }
  }

  // ---- tabulation (off unless `tabulate` > 0) ----

  /** f as a table over a root (a constant: root null), or undefined if f is not tabulable. */
  private tableFor(f: Form): Table | { root: null; lo: 0n; vals: readonly bigint[] } | undefined {
    const F = this.forms, c = F.constOf(f);
    if (c !== null) return { root: null, lo: 0n, vals: [c] };
    const t = this.tables.get(f);
    if (t) return t;
    const r = F.range(f);
    if (r.hi - r.lo >= BigInt(this.tabulate)) return undefined;
    const own: Table = {
      root: f,
      lo: r.lo,
      vals: Array.from({ length: Number(r.hi - r.lo) + 1 }, (_, j) => r.lo + BigInt(j)),
    };
    this.tables.set(f, own);
    return own;
  }

  /**
   * fn applied pointwise (on the operands' bits) to tabulated operands over one root: the result's
   * table, or null if some operand is not tabulable, the roots differ, or all operands are constants.
   */
  private pointwise(xs: readonly Form[], fn: (v: bigint[]) => bigint): Table | null {
    const ts = xs.map((x) => this.tableFor(x));
    if (ts.some((t) => t === undefined)) return null;
    const rooted = ts.filter((t) => t!.root !== null) as Table[];
    if (rooted.length === 0 || rooted.some((t) => t.root !== rooted[0].root)) return null;
    const { root, lo } = rooted[0], n = rooted[0].vals.length;
    const vals = Array.from(
      { length: n },
      (_, j) => fn(ts.map((t) => (t!.root === null ? t!.vals[0] : t!.vals[j]))),
    );
    return { root, lo, vals };
  }

  /**
   * The table of an i32 operation's result (ring operations, shifts, comparisons) or of eqz and the
   * extensions, computed before the operation runs; null if not applicable. The operation itself runs
   * as without tabulation and its result is tagged: a table adds facts, it never replaces a form.
   */
  private preTable(frame: Frame, i: Instr): Table | null {
    const n = i.name, st = frame.stack;
    const u = (x: bigint, W: number) => BigInt.asUintN(W, x),
      s = (x: bigint, W: number) => BigInt.asIntN(W, x);
    const unary: Record<string, (x: bigint) => bigint> = {
      "i32.eqz": (x) => (u(x, 32) === 0n ? 1n : 0n),
      "i64.extend_i32_s": (x) => s(x, 32),
      "i64.extend_i32_u": (x) => u(x, 32),
    };
    if (n in unary) {
      const a = st[st.length - 1];
      return a && a.k === 32 ? this.pointwise([a.f], ([x]) => unary[n](x)) : null;
    }
    const b = st[st.length - 1], a = st[st.length - 2];
    if (!n.startsWith("i32.") || !a || !b || a.k !== 32 || b.k !== 32) return null;
    const sh = (y: bigint) => u(y, 32) % 32n;
    const fns: Record<string, (x: bigint, y: bigint) => bigint> = {
      add: (x, y) => x + y,
      sub: (x, y) => x - y,
      mul: (x, y) => x * y,
      shl: (x, y) => x << sh(y),
      shr_u: (x, y) => u(x, 32) >> sh(y),
      shr_s: (x, y) => s(x, 32) >> sh(y),
      eq: (x, y) => (u(x, 32) === u(y, 32) ? 1n : 0n),
      ne: (x, y) => (u(x, 32) !== u(y, 32) ? 1n : 0n),
      lt_u: (x, y) => (u(x, 32) < u(y, 32) ? 1n : 0n),
      lt_s: (x, y) => (s(x, 32) < s(y, 32) ? 1n : 0n),
      gt_u: (x, y) => (u(x, 32) > u(y, 32) ? 1n : 0n),
      ge_u: (x, y) => (u(x, 32) >= u(y, 32) ? 1n : 0n),
    };
    const fn = fns[n.slice(4)];
    return fn ? this.pointwise([a.f, b.f], ([x, y]) => fn(x, y)) : null;
  }

  /** Where a value may be non-zero, as a function of a root: a guard, a table, or nowhere (0). */
  private supportOf(
    f: Form,
    W: number,
  ): { root: Form | null; lo: bigint; support: readonly boolean[] } | undefined {
    const g = this.guards.get(f);
    if (g) return g;
    if (this.forms.constOf(f) === 0n) return { root: null, lo: 0n, support: [] };
    const t = this.tables.get(f);
    if (t) return { root: t.root, lo: t.lo, support: t.vals.map((v) => BigInt.asUintN(W, v) !== 0n) };
    return undefined;
  }

  /** and / or / xor on W-bit values (masks exactly; otherwise sound ranges), tagging the select pattern. */
  private bitwise(op: "and" | "or" | "xor", a: Form, b: Form, W: number, i: Instr): Form {
    if (this.tabulate > 0) {
      const u = (x: bigint) => BigInt.asUintN(W, x);
      const fn = op === "and"
        ? (x: bigint, y: bigint) => u(x) & u(y)
        : op === "or"
        ? (x: bigint, y: bigint) => u(x) | u(y)
        : (x: bigint, y: bigint) => u(x) ^ u(y);
      const t = this.pointwise([a, b], ([x, y]) => fn(x, y));
      if (t !== null) {
        const out = this.bitwiseRange(op, a, b, W, i);
        if (op === "xor" && out !== a && out !== b) this.tags.set(out, { xor: [a, b] });
        this.tables.set(out, t);
        return out;
      }
      if (op === "or") {
        // At most one operand non-zero for every value of the root: the or is one of them (or 0).
        const sa = this.supportOf(a, W), sb = this.supportOf(b, W);
        if (sa && sb && (sa.root === null || sb.root === null || sa.root === sb.root)) {
          if (sa.root === null) return b;
          if (sb.root === null) return a;
          if (sa.support.every((x, j) => !(x && sb.support[j]))) {
            const F = this.forms, ra = F.range(F.signed(a, W)), rb = F.range(F.signed(b, W));
            const out = F.fresh(minOf([ra.lo, rb.lo, 0n]), maxOf([ra.hi, rb.hi, 0n]));
            this.guards.set(out, {
              root: sa.root,
              lo: sa.lo,
              support: sa.support.map((x, j) => x || sb.support[j]),
            });
            return out;
          }
        }
      }
    }
    const out = this.bitwiseRange(op, a, b, W, i);
    if (op === "xor" && out !== a && out !== b) this.tags.set(out, { xor: [a, b] });
    return out;
  }

  /**
   * The masked select x ^ (m & (x ^ y)) with m ∈ {0, −1} (cswap, cmov, the final subtraction's pick)
   * is x or y: the result ranges over the hull of both, not over the xor's power-of-two hull.
   */
  private select(a: Form, b: Form): Form | null {
    for (const [x, sel] of [[a, b], [b, a]] as const) {
      const y = this.tags.get(sel)?.masked;
      const pair = y && this.tags.get(y)?.xor;
      if (!pair || (pair[0] !== x && pair[1] !== x)) continue;
      const F = this.forms, r0 = F.range(pair[0]), r1 = F.range(pair[1]);
      return F.fresh(r0.lo < r1.lo ? r0.lo : r1.lo, r0.hi > r1.hi ? r0.hi : r1.hi);
    }
    return null;
  }

  private bitwiseRange(op: "and" | "or" | "xor", a: Form, b: Form, W: number, i: Instr): Form {
    const F = this.forms, M = 1n << BigInt(W);
    const ca = F.constOf(F.unsigned(a, W)), cb = F.constOf(F.unsigned(b, W));
    if (ca !== null && cb !== null) {
      return F.constant(op === "and" ? ca & cb : op === "or" ? ca | cb : ca ^ cb);
    }
    if (cb === null && ca !== null) return this.bitwiseRange(op, b, a, W, i);
    // b constant (or neither): the identities of 0 and all ones are exact.
    if (cb === M - 1n) {
      if (op === "and") return this.tags.set(a, { ...this.tags.get(a), masked: a }), a; // −1 & y: the mask case m = −1
      return op === "or" ? F.constant(-1n) : F.plus(F.scale(a, -1n), -1n);
    }
    if (op === "and" && cb !== null) {
      if (cb === 0n) return F.constant(0n);
      const k = bitLength(cb);
      if (cb === (1n << BigInt(k)) - 1n) return k >= W ? F.unsigned(a, W) : F.divmod(a, k).r; // mod 2^k
    }
    if ((op === "or" || op === "xor") && cb === 0n) return a;
    if (op === "xor") {
      const picked = this.select(a, b);
      if (picked) return picked;
    }
    this.use(a, W, i), this.use(b, W, i);
    const ua = F.range(F.unsigned(a, W)), ub = F.range(F.unsigned(b, W));
    const sa = F.range(F.signed(a, W)), sb = F.range(F.signed(b, W));
    const isMask = (s: Range) => s.lo >= -1n && s.hi <= 0n; // 0 or all ones
    if (op === "and" && (isMask(sa) || isMask(sb))) {
      // x & m ∈ {0, x}
      const x = isMask(sb) ? a : b;
      const r = F.range(F.signed(x, W)), u = F.range(F.unsigned(x, W));
      const pick = r.hi - r.lo <= u.hi - u.lo ? r : u;
      const out = F.fresh(pick.lo < 0n ? pick.lo : 0n, pick.hi > 0n ? pick.hi : 0n);
      this.tags.set(out, { masked: x });
      // A tabulated mask: out is x where the mask is all ones, else 0 (a guarded value).
      const t = this.tabulate > 0 ? this.tables.get(x === a ? b : a) : undefined;
      if (t) {
        this.guards.set(out, {
          root: t.root,
          lo: t.lo,
          support: t.vals.map((v) => BigInt.asUintN(W, v) !== 0n),
        });
      }
      return out;
    }
    if (op === "xor" && (isMask(sa) || isMask(sb))) {
      // x ^ m ∈ {x, −x − 1}
      const r = F.range(F.signed(isMask(sb) ? a : b, W));
      return F.fresh(minOf([r.lo, -r.hi - 1n]), maxOf([r.hi, -r.lo - 1n]));
    }
    if (op !== "and") {
      // Disjoint bits (x multiple of 2^k, y < 2^k): or = xor = add, exactly.
      for (const [x, y, uy] of [[a, b, ub], [b, a, ua]] as const) {
        const k = BigInt(bitLength(uy.hi));
        const multiple = [...x.t.values(), x.c].every((c) => c % (1n << k) === 0n);
        const rx = F.range(x);
        if (multiple && rx.lo >= 0n && rx.hi < M && uy.lo >= 0n) return F.add(x, F.unsigned(y, W));
      }
    }
    if (op === "and") return F.fresh(0n, ua.hi < ub.hi ? ua.hi : ub.hi);
    // or / xor: unsigned when both are small non-negative, else signed with a common power of two.
    const ubits = BigInt(Math.max(bitLength(ua.hi), bitLength(ub.hi)));
    const sbits = BigInt(Math.max(bitLength(sa.lo), bitLength(sa.hi), bitLength(sb.lo), bitLength(sb.hi)));
    if (ubits <= sbits + 1n) {
      return F.fresh(op === "or" ? maxOf([ua.lo, ub.lo]) : 0n, (1n << ubits) - 1n);
    }
    return F.fresh(-(1n << sbits), (1n << sbits) - 1n);
  }

  private simd(frame: Frame, i: Instr, sub: number): void {
    const F = this.forms, st = frame.stack;
    const vec = (view: 32 | 64, lanes: Form[]) => void st.push({ k: "v", view, lanes });
    const lanes64 = (v: Vec) => this.lanes(v, 64), lanes32 = (v: Vec) => this.lanes(v, 32);
    switch (sub) {
      case 0x00: { // v128.load
        const base = this.popS(frame, i, 32);
        const reg = this.regions.length > 0 ? this.regionRead(base, 16, i) : null;
        if (reg) {
          if (reg.cellSize !== 4 && reg.cellSize !== 8) unmodelled("a vector load over region cells", i);
          return vec(reg.cellSize === 4 ? 32 : 64, reg.forms);
        }
        const [a] = this.addresses(base, i);
        // A vector stored in the i32x4 view (four 4-byte cells) reloads in that view.
        if ([0, 4, 8, 12].every((d) => this.cells.get(a + d)?.size === 4)) {
          return vec(32, [0, 4, 8, 12].map((d) => this.load(a + d, 4, false)));
        }
        return vec(64, [this.load(a, 8, false), this.load(a + 8, 8, false)]);
      }
      case 0x09: { // v128.load32_splat
        const f = this.loadAt(this.popS(frame, i, 32), 4, i, false);
        return vec(32, [f, f, f, f]);
      }
      case 0x5c: // v128.load32_zero
        return vec(32, [
          this.loadAt(this.popS(frame, i, 32), 4, i, false),
          ...[0, 0, 0].map(() => F.constant(0n)),
        ]);
      case 0x5d: // v128.load64_zero
        return vec(64, [this.loadAt(this.popS(frame, i, 32), 8, i, false), F.constant(0n)]);
      case 0x0b: { // v128.store
        const v = this.popV(frame, i), base = this.popS(frame, i, 32);
        if (this.regions.length > 0) this.checkStore(base, 16, i);
        const [a] = this.addresses(base, i);
        const size = v.view === 64 ? 8 : 4;
        v.lanes.forEach((l, j) => {
          if (size === 8) this.use(l, 64, i);
          this.write({ addr: a + size * j, size, f: l });
        });
        return;
      }
      case 0x0c: { // v128.const
        const b = i.imm.map(Number);
        return vec(
          32,
          [0, 1, 2, 3].map((j) =>
            F.constant(
              BigInt(b[4 * j] | (b[4 * j + 1] << 8) | (b[4 * j + 2] << 16)) + (BigInt(b[4 * j + 3]) << 24n),
            )
          ),
        );
      }
      case 0x0d: { // i8x16.shuffle on whole i32 lanes
        const y = this.popV(frame, i), x = this.popV(frame, i);
        const idx64 = i.imm.map(Number);
        const whole64 = [0, 8].every((o) =>
          idx64[o] % 8 === 0 && idx64.slice(o, o + 8).every((b, d) => b === idx64[o] + d)
        );
        if (x.view === 64 && y.view === 64 && whole64) { // whole i64 lanes: kept exact
          const pool64 = [...x.lanes, ...y.lanes];
          return vec(64, [pool64[idx64[0] / 8], pool64[idx64[8] / 8]]);
        }
        const pool = [...lanes32(x), ...lanes32(y)];
        const idx = i.imm.map(Number);
        const out: Form[] = [];
        for (let j = 0; j < 4; j++) {
          const s = idx[4 * j];
          if (s % 4 !== 0 || [1, 2, 3].some((d) => idx[4 * j + d] !== s + d)) unmodelled("byte shuffle", i);
          out.push(pool[s / 4]);
        }
        return vec(32, out);
      }
      case 0x11: { // i32x4.splat
        const f = this.popS(frame, i, 32).f;
        return vec(32, [f, f, f, f]);
      }
      case 0x12: { // i64x2.splat
        const f = this.popS(frame, i, 64).f;
        return vec(64, [f, f]);
      }
      case 0x1c: { // i32x4.replace_lane
        const f = this.popS(frame, i, 32).f, v = this.popV(frame, i);
        const l = [...lanes32(v)];
        l[Number(i.imm[0])] = f;
        return vec(32, l);
      }
      case 0x1e: { // i64x2.replace_lane
        const f = this.popS(frame, i, 64).f, v = this.popV(frame, i);
        const l = [...lanes64(v)];
        l[Number(i.imm[0])] = f;
        return vec(64, l);
      }
      case 0x52: { // v128.bitselect(x, y, m), m's i64 lanes all ones or zero: each lane is x's or y's
        const m = this.popV(frame, i), y = this.popV(frame, i), x = this.popV(frame, i);
        for (const l of lanes64(m)) {
          const r = F.range(l);
          if (r.lo < -1n || r.hi > 0n) unmodelled("bitselect with a mask other than all ones or zero", i);
        }
        // In the inputs' view (i32 lanes unless both are i64x2): the hull of the two choices per lane.
        const view: 32 | 64 = x.view === 64 && y.view === 64 ? 64 : 32;
        const xl = this.lanes(x, view), yl = this.lanes(y, view);
        return vec(
          view,
          xl.map((l, j) => {
            const a = F.range(view === 32 ? F.signed(l, 32) : l),
              b = F.range(view === 32 ? F.signed(yl[j], 32) : yl[j]);
            return F.fresh(a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi);
          }),
        );
      }
      case 0x1b: { // i32x4.extract_lane
        const v = this.popV(frame, i);
        st.push({ k: 32, f: this.ring(lanes32(v)[Number(i.imm[0])], 32, i) });
        return;
      }
      case 0xae:
      case 0xb1: { // i32x4.add / sub
        const y = this.popV(frame, i), x = this.popV(frame, i);
        const yl = lanes32(y);
        return vec(
          32,
          lanes32(x).map((l, j) => this.ring(sub === 0xae ? F.add(l, yl[j]) : F.sub(l, yl[j]), 32, i)),
        );
      }
      case 0x1d: { // i64x2.extract_lane
        const v = this.popV(frame, i);
        st.push({ k: 64, f: lanes64(v)[Number(i.imm[0])] });
        return;
      }
      case 0x4e:
      case 0x50:
      case 0x51: { // v128.and / or / xor
        const y = this.popV(frame, i), x = this.popV(frame, i);
        const op = sub === 0x4e ? "and" : sub === 0x50 ? "or" : "xor";
        const view: 32 | 64 = x.view === 32 && y.view === 32 ? 32 : 64;
        const xl = this.lanes(x, view), yl = this.lanes(y, view);
        return vec(view, xl.map((l, j) => this.bitwise(op, l, yl[j], view, i)));
      }
      case 0xb5: { // i32x4.mul
        const y = this.popV(frame, i), x = this.popV(frame, i);
        const yl = lanes32(y);
        return vec(32, lanes32(x).map((l, j) => this.ring(F.mul(l, yl[j]), 32, i)));
      }
      case 0xab: { // i32x4.shl by an i32 constant
        const k = F.constOf(this.popS(frame, i, 32).f);
        if (k === null) unmodelled("vector shift by a non-constant", i);
        const x = this.popV(frame, i);
        return vec(32, lanes32(x).map((l) => this.ring(F.scale(l, 1n << (k % 32n)), 32, i)));
      }
      case 0xdc: { // i64x2.extmul_low_i32x4_s: lanes 0, 1 read as signed i32 (a lane outside is a wrap)
        const y = this.popV(frame, i), x = this.popV(frame, i);
        const xl = lanes32(x), yl = lanes32(y);
        const signed = (l: Form) => {
          const r = F.range(l);
          if (r.lo < -(1n << 31n) || r.hi >= 1n << 31n) {
            this.report.wraps.push({ fn: this.fnName, offset: i.offset, op: opName(i), width: 32, range: r });
          }
          return F.signed(l, 32);
        };
        return vec(64, [0, 1].map((j) => this.ring(F.mul(signed(xl[j]), signed(yl[j])), 64, i)));
      }
      case 0xc7:
      case 0xc8: { // i64x2.extend_low / high_i32x4_s: lanes (0, 1) or (2, 3), sign-extended (exact)
        const x = lanes32(this.popV(frame, i)), o = sub === 0xc7 ? 0 : 2;
        return vec(64, [0, 1].map((j) => F.signed(x[o + j], 32)));
      }
      case 0xc1: { // i64x2.neg
        const x = this.popV(frame, i);
        return vec(64, lanes64(x).map((l) => this.ring(F.scale(l, -1n), 64, i)));
      }
      case 0xcb:
      case 0xcd: { // i64x2.shl / shr_u by an i32 constant
        const k = F.constOf(this.popS(frame, i, 32).f);
        if (k === null) unmodelled("vector shift by a non-constant", i);
        const x = this.popV(frame, i);
        const s = Number(k % 64n);
        if (sub === 0xcb) {
          return vec(
            64,
            lanes64(x).map((l) => this.ring(F.scale(l, 1n << BigInt(s)), 64, i)),
          );
        }
        return vec(64, lanes64(x).map((l) => (this.use(l, 64, i), F.divmod(F.unsigned(l, 64), s, true).q)));
      }
      case 0xce:
      case 0xd1: { // i64x2.add / sub
        const y = this.popV(frame, i), x = this.popV(frame, i);
        const yl = lanes64(y);
        return vec(
          64,
          lanes64(x).map((l, j) => this.ring(sub === 0xce ? F.add(l, yl[j]) : F.sub(l, yl[j]), 64, i)),
        );
      }
      case 0xde:
      case 0xdf: { // i64x2.extmul_low / high_i32x4_u: lanes (0, 1) or (2, 3), read as their low 32 bits
        const y = this.popV(frame, i), x = this.popV(frame, i);
        const xl = lanes32(x), yl = lanes32(y), o = sub === 0xde ? 0 : 2;
        return vec(
          64,
          [0, 1].map((j) => {
            const p = F.mul(F.unsigned(xl[o + j], 32), F.unsigned(yl[o + j], 32));
            return this.ring(p, 64, i);
          }),
        );
      }
      default:
        unmodelled(`SIMD opcode 0x${sub.toString(16)}`, i);
    }
  }
}

/** The index of the `end` matching the block-like instruction at `start`. */
function matchingEnd(body: readonly Instr[], start: number): number {
  let depth = 0;
  for (let pc = start; pc < body.length; pc++) {
    const n = body[pc].name;
    if (n === "block" || n === "loop" || n === "if" || n === "try" || n === "try_table") depth++;
    else if (n === "end" && --depth === 0) return pc;
  }
  throw new Error("bounds: unbalanced block");
}

/** Per-limb ranges of a value < bound split into `count` limbs of `bits` bits (limb j ≤ (bound − 1) >> bits·j). */
export function limbRanges(bound: bigint, bits: number, count: number): Range[] {
  const mask = (1n << BigInt(bits)) - 1n;
  return Array.from({ length: count }, (_, j) => {
    const top = (bound - 1n) >> BigInt(bits * j);
    return { lo: 0n, hi: top < mask ? top : mask };
  });
}

/** log2 of a positive bigint, to two decimals (for reports). */
export function log2(x: bigint): string {
  if (x <= 0n) return x === 0n ? "-inf" : "neg";
  const bits = x.toString(2).length;
  const top = Number(x >> BigInt(Math.max(0, bits - 53)));
  return (Math.log2(top) + Math.max(0, bits - 53)).toFixed(2);
}
