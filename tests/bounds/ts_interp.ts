// Abstract interpreter of the generated TypeScript kernels (parsed by tests/bounds/ts_parse.ts) over
// the domain of tests/bounds/ts_domain.ts. Every arithmetic result is checked to be exact in a double:
// the exact value lies on its grid 2^g, so the double holds it iff |value| < 2^(53+g). Loops have
// constant bounds and are unrolled; an element offset parameter is a pointer into its own region of
// the arena (regions may alias); a small integer value (a mask, a borrow, a flag) used in a product is
// split into its cases, and the function is re-run once per combination (paths are joined). Anything
// outside the modelled subset throws an UnmodelledError.

import { Atoms, D, D0, D1, dmax, Form, type Iv, ivMeet, ivMul, ivSquare } from "./ts_domain.ts";
import type { Expr, FunctionDecl, ParsedModule, Stmt } from "./ts_parse.ts";

export class UnmodelledError extends Error {}

export interface Num {
  k: "num";
  lo: D;
  hi: D;
  grid: number;
  lin: Form;
  exp: Form;
  /** Only the value mod 2^32 is known (an int32 operation that may have wrapped); lo/hi mean nothing. */
  mod32?: boolean;
}
interface Ptr {
  k: "ptr";
  region: string;
  off: number;
}
interface Quot {
  k: "quot";
  num: bigint;
  den: bigint;
  dbl: number;
}
export interface Arr {
  k: "arr";
  name: string;
  type: "f64" | "u8";
  length: number;
  /** Module arrays and byte arrays: cells by index (undefined = never written in this call). */
  cells?: (Num | undefined)[];
  /** The arena: one cell array per region (element), `limbs` long. */
  regions?: Map<string, (Num | undefined)[]>;
  readonly: boolean;
}
type Val = Num | Ptr | Quot | Arr | { k: "void" };

export interface Violation {
  fn: string;
  line: number;
  expr: string;
  msg: string;
}

interface Scope {
  vars: Map<string, { v: Val; mutable: boolean }>;
  parent?: Scope;
}

export interface RunSetup {
  /** Arguments by parameter name. */
  args: Map<string, Val>;
  /** Regions of the arena: name → cells (inputs seeded, outputs undefined). */
  regions: Map<string, (Num | undefined)[]>;
  /** Byte arrays passed as parameters. */
  bytes: Map<string, Arr>;
}

export interface RunResult {
  ret: Val;
  regions: Map<string, (Num | undefined)[]>;
  bytes: Map<string, Arr>;
  scratch: Map<string, Arr>;
  violations: Violation[];
  maxBits: number;
  maxAt: string;
  notes: Set<string>;
  congruenceAt: Set<string>;
}

const MAX_FORM = 700;

/** One abstract run of a function; `choose(n, key)` picks a case (0 ≤ i < n) for a case split. */
export class Interp {
  readonly atoms: Atoms = new Atoms();
  readonly violations: Violation[] = [];
  readonly notes: Set<string> = new Set();
  /** Where a fractional grid was raised by a congruence seen through floors. */
  readonly congruenceAt: Set<string> = new Set();
  maxBits = 0;
  maxAt = "";
  private fnStack: string[] = [];
  private chosen = new Map<string, D>();
  private globals: Scope = { vars: new Map() };
  private scratch = new Map<string, Arr>();

  constructor(
    readonly mod: ParsedModule,
    readonly limbs: number,
    readonly choose: (n: number, key: string) => number,
    /** Off: grids from the floor basis are ignored (the control that shows congruences matter). */
    readonly congruences = true,
  ) {
    for (const c of mod.consts) {
      const v = this.moduleValue(c.init, c.name);
      this.globals.vars.set(c.name, { v, mutable: false });
    }
  }

  // ---- values ----

  constNum(d: D): Num {
    const f = Form.const(d);
    return { k: "num", lo: d, hi: d, grid: d.v2, lin: f, exp: f };
  }
  atomNum(lo: D, hi: D, grid: number, what: string): Num {
    const a = this.atoms.make(lo, hi, grid, what);
    const f = Form.atom(a.id);
    return { k: "num", lo, hi, grid, lin: f, exp: f };
  }
  /** A value from its forms and a directly computed interval and grid: the tightest of all. */
  private mk(lin: Form, exp: Form, iv: Iv, grid: number, at: Expr | undefined): Num {
    const a = this.atoms;
    let { lo, hi } = ivMeet(ivMeet(iv, a.ivOf(lin)), a.ivOf(exp));
    const plain = Math.max(grid, a.gridOf(exp)), congruent = this.congruences ? a.gridOf(lin) : -Infinity;
    if (congruent > plain && at && plain < 0) this.congruenceAt.add(this.where(at));
    grid = Math.max(plain, congruent);
    if (grid === Infinity) return this.constNum(D0);
    // snap the ends onto the grid
    const down = (x: D) => x.shl(-grid).floor().shl(grid);
    hi = down(hi);
    lo = down(lo.neg()).neg();
    if (hi.lt(lo)) throw new Error(`internal: empty interval at ${at ? this.where(at) : "?"}`);
    if (lo.cmp(hi) === 0) return this.constNum(lo);
    if (lin.terms.size > MAX_FORM) lin = Form.atom(this.atoms.make(lo, hi, grid, "wide").id);
    if (exp.terms.size > MAX_FORM) exp = Form.atom(this.atoms.make(lo, hi, grid, "wide").id);
    return { k: "num", lo, hi, grid, lin, exp };
  }

  private where(e: { pos: number; end: number }): string {
    return `${this.fnStack.at(-1)}:${this.mod.line(e.pos)} \`${this.mod.text(e)}\``;
  }
  private violation(e: { pos: number; end: number }, msg: string): void {
    const fn = this.fnStack.at(-1) ?? "?";
    const line = this.mod.line(e.pos), expr = this.mod.text(e);
    if (!this.violations.some((v) => v.line === line && v.expr === expr && v.msg === msg)) {
      this.violations.push({ fn, line, expr, msg });
    }
  }
  fail(e: { pos: number; end: number } | undefined, msg: string): never {
    throw new UnmodelledError(e ? `${this.where(e)}: ${msg}` : msg);
  }

  /** Records the mantissa width of an arithmetic result and reports it if a double cannot hold it. */
  private exact(v: Num, e: Expr): Num {
    if (v.mod32) return v;
    const m = dmax(v.lo.abs(), v.hi.abs());
    if (m.isZero()) return v;
    const bits = m.log2() - v.grid;
    if (bits > this.maxBits) {
      this.maxBits = bits;
      this.maxAt = this.where(e);
    }
    if (!m.lt(D.of(1n, 53 + v.grid))) {
      this.violation(e, `not exact in a double: |value| ≤ 2^${m.log2().toFixed(3)} on the grid 2^${v.grid}`);
    }
    return v;
  }

  num(v: Val, e: Expr): Num {
    if (v.k === "num") {
      if (v.mod32) this.fail(e, "an int32 result that may have wrapped is used as a number");
      return v;
    }
    if (v.k === "quot") this.fail(e, "an inexact quotient is used other than under Math.floor");
    return this.fail(e, `expected a number, found ${v.k}`);
  }
  private isConst(v: Num): boolean {
    return !v.mod32 && v.lo.cmp(v.hi) === 0;
  }
  /** A concrete JavaScript number (loop counters, offsets, shift counts). */
  concrete(v: Val, e: Expr): number {
    if (v.k === "num" && this.isConst(v)) return v.lo.toNumber();
    return this.fail(e, "expected a value known at analysis time (a public index or bound)");
  }

  add(a: Num, b: Num, sign: 1 | -1, e: Expr): Num {
    const blo = sign > 0 ? b.lo : b.hi.neg(), bhi = sign > 0 ? b.hi : b.lo.neg();
    const iv = { lo: a.lo.add(blo), hi: a.hi.add(bhi) };
    return this.exact(
      this.mk(a.lin.add(b.lin, sign), a.exp.add(b.exp, sign), iv, Math.min(a.grid, b.grid), e),
      e,
    );
  }
  scale(x: Num, c: D, e: Expr): Num {
    const iv = c.n >= 0n ? { lo: x.lo.mul(c), hi: x.hi.mul(c) } : { lo: x.hi.mul(c), hi: x.lo.mul(c) };
    return this.exact(this.mk(x.lin.scale(c), x.exp.scale(c), iv, x.grid + c.v2, e), e);
  }
  /** A small integer used in a product: split into its cases (the same value gets the same case). */
  private split(x: Num): Num | undefined {
    if (x.grid < 0 || !Number.isFinite(x.grid)) return undefined;
    const width = x.hi.sub(x.lo);
    if (D.int(2).lt(width)) return undefined;
    const key = x.lin.key();
    let v = this.chosen.get(key);
    if (v === undefined) {
      v = x.lo.add(D.int(this.choose(Number(width.toBigInt()) + 1, key)));
      this.chosen.set(key, v);
    } else if (v.lt(x.lo) || x.hi.lt(v)) {
      // the same value met again with a narrower interval that excludes this run's case
      throw new Error(`internal: case ${v} of ${key} outside [${x.lo}, ${x.hi}]`);
    }
    // pin an atom so that other forms over it see the case too
    if (x.lin.terms.size === 1 && x.lin.c.isZero()) {
      const [[id, c]] = [...x.lin.terms];
      if (c.cmp(D1) === 0) {
        const a = this.atoms.list[id];
        a.lo = v;
        a.hi = v;
      }
    }
    return this.constNum(v);
  }
  mul(a: Num, b: Num, e: Expr): Num {
    if (this.isConst(a)) return this.scale(b, a.lo, e);
    if (this.isConst(b)) return this.scale(a, b.lo, e);
    const sa = this.split(a);
    if (sa) return this.scale(b, sa.lo, e);
    const sb = this.split(b);
    if (sb) return this.scale(a, sb.lo, e);
    const square = a.lin.key() === b.lin.key();
    const iv = square ? ivSquare(a) : ivMul(a, b);
    const at = this.atoms.make(iv.lo, iv.hi, a.grid + b.grid, "product");
    return this.exact(this.mk(Form.atom(at.id), Form.atom(at.id), iv, at.grid, e), e);
  }
  floor(x: Num, e: Expr): Num {
    if (x.grid >= 0) return x;
    const lo = x.lo.floor(), hi = x.hi.floor();
    const rho = this.atoms.make(D0, D1.sub(D.of(1n, x.grid)), x.grid, "frac");
    const exp = x.exp.add(Form.atom(rho.id), -1);
    if (lo.cmp(hi) === 0) return this.constNum(lo);
    const f = this.atoms.make(lo, hi, 0, "floor");
    return this.mk(Form.atom(f.id), exp, { lo, hi }, 0, e);
  }

  // ---- module level ----

  private moduleValue(e: Expr, name: string): Val {
    if (e.k === "new") {
      if (e.callee !== "Float64Array" || e.args.length !== 1) this.fail(e, "unsupported constructor");
      const a = e.args[0];
      if (a.k === "array") {
        const cells = a.items.map((it) => this.constNum(D.fromDouble(this.constExpr(it))));
        return { k: "arr", name, type: "f64", length: cells.length, cells, readonly: true };
      }
      const n = this.constExpr(a);
      const arr: Arr = {
        k: "arr",
        name,
        type: "f64",
        length: n,
        cells: Array(n).fill(undefined),
        readonly: false,
      };
      this.scratch.set(name, arr);
      return arr;
    }
    if (e.k === "str") return { k: "void" };
    if (e.k === "id") {
      const v = this.globals.vars.get(e.name);
      if (!v) this.fail(e, `unknown name ${e.name}`);
      return v!.v;
    }
    return this.constNum(D.fromDouble(this.constExpr(e)));
  }
  private constExpr(e: Expr): number {
    if (e.k === "num") return e.value;
    if (e.k === "unary" && e.op === "-") return -this.constExpr(e.x);
    if (e.k === "bin" && e.op === "**") return this.constExpr(e.l) ** this.constExpr(e.r);
    if (e.k === "id") {
      const v = this.globals.vars.get(e.name)?.v;
      if (v?.k === "num" && this.isConst(v)) return v.lo.toNumber();
    }
    return this.fail(e, "unsupported module-level initialiser");
  }

  // ---- statements ----

  private lookup(s: Scope, name: string, e: Expr): { v: Val; mutable: boolean } {
    for (let c: Scope | undefined = s; c; c = c.parent) {
      const v = c.vars.get(name);
      if (v) return v;
    }
    return this.fail(e, `unknown name ${name}`);
  }

  call(fn: FunctionDecl, args: Val[], at?: Expr): Val {
    if (this.fnStack.length > 8) this.fail(at, "call depth");
    if (args.length !== fn.params.length) this.fail(at, `${fn.name}: wrong number of arguments`);
    const scope: Scope = { vars: new Map(), parent: this.globals };
    fn.params.forEach((p, i) => scope.vars.set(p.name, { v: args[i], mutable: false }));
    this.fnStack.push(fn.name);
    try {
      const r = this.block(fn.body(), scope);
      return r ?? { k: "void" };
    } finally {
      this.fnStack.pop();
    }
  }

  private block(body: Stmt[], scope: Scope): Val | undefined {
    for (const s of body) {
      const r = this.stmt(s, scope);
      if (r) return r;
    }
    return undefined;
  }

  private stmt(s: Stmt, scope: Scope): Val | undefined {
    switch (s.k) {
      case "decl":
        for (const d of s.decls) {
          if (!d.init) this.fail(s as never, "declaration without initialiser");
          if (scope.vars.has(d.name)) this.fail(d as never, `redeclared ${d.name}`);
          const v = this.expr(d.init!, scope);
          scope.vars.set(d.name, { v, mutable: s.kind === "let" });
        }
        return undefined;
      case "expr":
        this.expr(s.e, scope);
        return undefined;
      case "block":
        return this.block(s.body, { vars: new Map(), parent: scope });
      case "return":
        return s.e ? this.expr(s.e, scope) : { k: "void" };
      case "for": {
        const ls: Scope = { vars: new Map(), parent: scope };
        if (s.init.k !== "decl" || s.init.kind !== "let" || s.init.decls.length !== 1) {
          this.fail(s.cond, "a for loop must declare one let counter");
        }
        this.stmt(s.init, ls);
        for (let n = 0;; n++) {
          if (n > 4096) this.fail(s.cond, "loop runs too long");
          const cv = this.concrete(this.expr(s.cond, ls), s.cond);
          if (cv !== 0 && cv !== 1) this.fail(s.cond, "loop condition is not a comparison");
          if (cv === 0) break;
          const r = this.stmt(s.body, { vars: new Map(), parent: ls });
          if (r) this.fail(s.cond, "return inside a loop");
          this.expr(s.update, ls);
        }
        return undefined;
      }
    }
  }

  // ---- expressions ----

  expr(e: Expr, scope: Scope): Val {
    switch (e.k) {
      case "num":
        return this.constNum(D.fromDouble(e.value));
      case "id":
        return this.lookup(scope, e.name, e).v;
      case "unary": {
        if (e.op !== "-") this.fail(e, `unsupported operator ${e.op}`);
        return this.scale(this.num(this.expr(e.x, scope), e), D.int(-1), e);
      }
      case "bin":
        return this.binary(e, scope);
      case "index":
        return this.read(e, scope);
      case "assign":
        return this.assign(e, scope);
      case "update": {
        if (e.target.k !== "id") this.fail(e, "update of a non-variable");
        const slot = this.lookup(scope, e.target.name, e);
        if (!slot.mutable) this.fail(e, "update of a const");
        const one = this.constNum(D1);
        slot.v = this.add(this.num(slot.v, e), one, e.op === "++" ? 1 : -1, e);
        return slot.v;
      }
      case "call":
        return this.callExpr(e, scope);
      default:
        return this.fail(e, `unsupported expression (${e.k})`);
    }
  }

  private callExpr(e: Expr & { k: "call" }, scope: Scope): Val {
    const c = e.callee;
    if (c.k === "member" && c.obj.k === "id" && c.obj.name === "Math" && c.name === "floor") {
      if (e.args.length !== 1) this.fail(e, "Math.floor takes one argument");
      const x = this.expr(e.args[0], scope);
      if (x.k === "quot") {
        // a quotient of public constants: check that the rounded division floors as the exact one
        const exact = x.num / x.den - ((x.num % x.den !== 0n && (x.num < 0n) !== (x.den < 0n)) ? 1n : 0n);
        if (BigInt(Math.floor(x.dbl)) !== exact) this.violation(e, "rounded quotient floors differently");
        return this.constNum(D.int(exact));
      }
      return this.floor(this.num(x, e), e);
    }
    if (c.k === "id" && !scope.vars.has(c.name)) {
      const fn = this.mod.functions.get(c.name);
      if (fn) return this.call(fn, e.args.map((a) => this.expr(a, scope)), e);
    }
    return this.fail(e, `unsupported call ${this.mod.text(c)}`);
  }

  private binary(e: Expr & { k: "bin" }, scope: Scope): Val {
    const l = this.expr(e.l, scope), r = this.expr(e.r, scope);
    if (l.k === "ptr" || r.k === "ptr") {
      // element offset ± public constant
      if (l.k === "ptr" && (e.op === "+" || e.op === "-")) {
        const k = this.concrete(r, e.r);
        return { k: "ptr", region: l.region, off: l.off + (e.op === "+" ? k : -k) };
      }
      if (r.k === "ptr" && e.op === "+") {
        return { k: "ptr", region: r.region, off: r.off + this.concrete(l, e.l) };
      }
      this.fail(e, "unsupported arithmetic on an element offset");
    }
    if (["<<", ">>>", "|", "&"].includes(e.op)) return this.bitwise(e, l, r);
    const a = this.num(l, e.l), b = this.num(r, e.r);
    switch (e.op) {
      case "+":
        return this.add(a, b, 1, e);
      case "-":
        return this.add(a, b, -1, e);
      case "*":
        return this.mul(a, b, e);
      case "/": {
        if (!this.isConst(a) || !this.isConst(b)) {
          this.fail(e, "division of values not known at analysis time");
        }
        const x = a.lo, y = b.lo;
        // num/den as integers over a common power of two
        const s = Math.min(x.e, y.e);
        const num = x.n << BigInt(x.e - s), den = y.n << BigInt(y.e - s);
        if (num % den === 0n) return this.constNum(D.fromDouble(x.toNumber() / y.toNumber()));
        return { k: "quot", num, den, dbl: x.toNumber() / y.toNumber() };
      }
      case "**": {
        if (!this.isConst(a) || !this.isConst(b)) this.fail(e, "** of values not known at analysis time");
        const v = a.lo.toNumber() ** b.lo.toNumber();
        return this.constNum(D.fromDouble(v));
      }
      case "<":
      case "<=":
      case ">":
      case ">=": {
        if (!this.isConst(a) || !this.isConst(b)) {
          this.fail(e, "comparison of values not known at analysis time");
        }
        const c = a.lo.cmp(b.lo);
        const t = e.op === "<" ? c < 0 : e.op === "<=" ? c <= 0 : e.op === ">" ? c > 0 : c >= 0;
        return this.constNum(t ? D1 : D0);
      }
      default:
        return this.fail(e, `unsupported operator ${e.op}`);
    }
  }

  /** The int32 operators: operands must be integers that ToInt32/ToUint32 leave unchanged. */
  private bitwise(e: Expr & { k: "bin" }, l: Val, r: Val): Val {
    const int = (v: Val, at: Expr): Num => {
      const n = v.k === "num" ? v : this.num(v, at);
      if (n.mod32) return n;
      if (n.grid < 0) this.fail(at, "a bitwise operand may not be an integer");
      return n;
    };
    const a = int(l, e.l), b = int(r, e.r);
    const I32 = D.of(1n, 31), U32 = D.of(1n, 32);
    const inI32 = (x: Num) => !x.mod32 && I32.neg().le(x.lo) && x.hi.lt(I32);
    if (this.isConst(a) && this.isConst(b)) {
      const x = a.lo.toNumber(), y = b.lo.toNumber();
      const v = e.op === "<<" ? x << y : e.op === ">>>" ? x >>> y : e.op === "|" ? x | y : x & y;
      if (!inI32(a) && !(e.op === ">>>" && a.lo.n >= 0n && a.hi.lt(U32))) {
        this.fail(e, "constant bitwise operand outside int32");
      }
      return this.constNum(D.int(v));
    }
    const fresh = (lo: D, hi: D) => this.exact(this.atomNum(lo, hi, 0, "bits"), e);
    const wrapped = (): Num => ({ ...this.constNum(D0), mod32: true });
    switch (e.op) {
      case ">>>": {
        const s = this.concrete(b, e.r);
        if (a.mod32 || a.lo.n < 0n || !a.hi.lt(U32)) this.violation(e, "ToUint32 changes the left operand");
        if (s < 0 || s > 31) this.fail(e, "shift count out of range");
        if (s === 0) return a;
        return fresh(a.lo.shl(-s).floor(), a.hi.shl(-s).floor());
      }
      case "<<": {
        const s = this.concrete(b, e.r);
        if (s < 0 || s > 31) this.fail(e, "shift count out of range");
        if (!a.mod32 && !inI32(a)) this.violation(e, "ToInt32 changes the left operand");
        if (a.mod32) return wrapped();
        const v = this.scale(a, D.of(1n, s), e);
        if (inI32(v)) return v;
        // the int32 result wraps: only its value mod 2^32 is known
        this.notes.add(`${this.where(e)} wraps mod 2^32 (only its low bits are used)`);
        return wrapped();
      }
      case "|": {
        if (a.mod32 || b.mod32) return wrapped();
        if (!inI32(a) || !inI32(b)) this.violation(e, "ToInt32 changes an operand");
        if (a.lo.n < 0n || b.lo.n < 0n) this.fail(e, "| of possibly negative values");
        const top = dmax(a.hi, b.hi), bits = top.isZero() ? 0 : top.toBigInt().toString(2).length;
        const cap = D.of((1n << BigInt(bits)) - 1n);
        const sum = a.hi.add(b.hi);
        return fresh(dmax(a.lo, b.lo), sum.lt(cap) ? sum : cap);
      }
      case "&": {
        const [x, m] = this.isConst(b)
          ? [a, b]
          : this.isConst(a)
          ? [b, a]
          : this.fail(e, "& needs a constant mask");
        if (m.lo.n < 0n || !m.lo.lt(I32)) this.fail(e, "& with a negative or wide mask");
        if (x.mod32) return fresh(D0, m.lo);
        if (!inI32(x)) this.violation(e, "ToInt32 changes an operand");
        if (x.lo.n < 0n) return fresh(D0, m.lo);
        return fresh(D0, x.hi.lt(m.lo) ? x.hi : m.lo);
      }
    }
    return this.fail(e, `unsupported operator ${e.op}`);
  }

  // ---- memory ----

  private place(e: Expr & { k: "index" }, scope: Scope): { arr: Arr; cells: (Num | undefined)[]; i: number } {
    const arr = this.expr(e.obj, scope);
    if (arr.k !== "arr") this.fail(e, "indexing a non-array");
    const idx = this.expr(e.index, scope);
    if (arr.regions) {
      if (idx.k !== "ptr") this.fail(e, "arena index is not element offset + constant");
      const cells = arr.regions.get(idx.region);
      if (!cells) this.fail(e, `no region ${idx.region}`);
      if (idx.off < 0 || idx.off >= this.limbs) this.fail(e, `limb ${idx.off} outside the element`);
      return { arr, cells: cells!, i: idx.off };
    }
    const i = this.concrete(idx, e.index);
    if (!Number.isInteger(i) || i < 0 || i >= arr.length) {
      this.fail(e, `index ${i} outside ${arr.name}[${arr.length}]`);
    }
    return { arr, cells: arr.cells!, i };
  }
  private read(e: Expr & { k: "index" }, scope: Scope): Num {
    const { arr, cells, i } = this.place(e, scope);
    const v = cells[i];
    if (!v) this.fail(e, `reads ${arr.name}[${i}] before this call wrote it`);
    return v!;
  }
  private write(e: Expr & { k: "index" }, scope: Scope, v: Val): void {
    const { arr, cells, i } = this.place(e, scope);
    if (arr.readonly) this.fail(e, `writes the constant array ${arr.name}`);
    if (v.k !== "num") this.fail(e, `stores a ${v.k}`);
    if (arr.type === "u8") {
      if (!v.mod32 && v.grid < 0) this.violation(e, "stores a non-integer in a Uint8Array");
      if (v.mod32 || v.lo.n < 0n || D.int(255).lt(v.hi)) {
        this.notes.add(`${this.where(e)}: the Uint8Array store keeps the low 8 bits`);
      }
      cells[i] = this.atomNum(D0, D.int(255), 0, "byte");
      return;
    }
    if (v.mod32) this.violation(e, "stores an int32 result that may have wrapped");
    cells[i] = v;
  }

  private assign(e: Expr & { k: "assign" }, scope: Scope): Val {
    let v = this.expr(e.value, scope);
    if (e.op !== "=") {
      const old = e.target.k === "id"
        ? this.lookup(scope, e.target.name, e).v
        : this.read(e.target as never, scope);
      const a = this.num(old, e), b = this.num(v, e);
      v = e.op === "+=" ? this.add(a, b, 1, e) : e.op === "-=" ? this.add(a, b, -1, e) : this.mul(a, b, e);
    }
    if (e.target.k === "id") {
      const slot = this.lookup(scope, e.target.name, e);
      if (!slot.mutable) this.fail(e, `assigns the const ${e.target.name}`);
      slot.v = v;
    } else if (e.target.k === "index") {
      this.write(e.target, scope, v);
    } else {
      this.fail(e, "bad assignment target");
    }
    return v;
  }

  /** The module's scratch arrays (cleared to "unwritten" before a call). */
  scratchArrays(): Map<string, Arr> {
    return this.scratch;
  }
  global(name: string): Val | undefined {
    return this.globals.vars.get(name)?.v;
  }

  /** Runs `fn` once with the given arguments. */
  run(fn: FunctionDecl, setup: RunSetup): RunResult {
    const arena = (name: string): Arr => ({
      k: "arr",
      name,
      type: "f64",
      length: Infinity,
      regions: setup.regions,
      readonly: false,
    });
    const args = fn.params.map((p) => {
      const v = setup.args.get(p.name);
      if (v) return v;
      if (p.type === "Float64Array") return arena(p.name);
      const b = setup.bytes.get(p.name);
      if (b) return b;
      return this.fail(undefined, `${fn.name}: no argument for ${p.name}`);
    });
    const ret = this.call(fn, args);
    return {
      ret,
      regions: setup.regions,
      bytes: setup.bytes,
      scratch: this.scratch,
      violations: this.violations,
      maxBits: this.maxBits,
      maxAt: this.maxAt,
      notes: this.notes,
      congruenceAt: this.congruenceAt,
    };
  }
}

export type { Ptr, Val };
