// A parser for the subset of TypeScript that the kernel generators emit (scripts/gen_ts_kernels.ts,
// x25519/gen/field_ts.ts): module-level `const`s, `function` declarations with typed parameters, and in
// their bodies `const`/`let`, assignments (= += -=), `for` loops, blocks, `return`, calls, indexing and
// the arithmetic and bitwise operators. Anything else throws with its line. The npm `typescript` package
// here is the native compiler (7.x), which has no JavaScript parser API, hence this file.

export type Expr =
  | { k: "num"; value: number; pos: number; end: number }
  | { k: "str"; value: string; pos: number; end: number }
  | { k: "id"; name: string; pos: number; end: number }
  | { k: "member"; obj: Expr; name: string; pos: number; end: number }
  | { k: "index"; obj: Expr; index: Expr; pos: number; end: number }
  | { k: "call"; callee: Expr; args: Expr[]; pos: number; end: number }
  | { k: "new"; callee: string; args: Expr[]; pos: number; end: number }
  | { k: "array"; items: Expr[]; pos: number; end: number }
  | { k: "unary"; op: string; x: Expr; pos: number; end: number }
  | { k: "bin"; op: string; l: Expr; r: Expr; pos: number; end: number }
  | { k: "assign"; op: string; target: Expr; value: Expr; pos: number; end: number }
  | { k: "update"; op: string; target: Expr; pos: number; end: number };

export interface Declarator {
  name: string;
  init: Expr | undefined;
  pos: number;
  end: number;
}

export type Stmt =
  | { k: "decl"; kind: "const" | "let"; decls: Declarator[]; pos: number; end: number }
  | { k: "expr"; e: Expr; pos: number; end: number }
  | { k: "for"; init: Stmt; cond: Expr; update: Expr; body: Stmt; pos: number; end: number }
  | { k: "block"; body: Stmt[]; pos: number; end: number }
  | { k: "return"; e: Expr | undefined; pos: number; end: number };

export interface Param {
  name: string;
  type: string;
}

export interface FunctionDecl {
  name: string;
  exported: boolean;
  params: Param[];
  /** The body's statements, parsed on first use (bindSlots' object literal is never parsed). */
  body: () => Stmt[];
  pos: number;
}

export interface ModuleConst {
  name: string;
  exported: boolean;
  init: Expr;
}

export interface ParsedModule {
  source: string;
  functions: Map<string, FunctionDecl>;
  consts: ModuleConst[];
  /** 1-based line of a source offset. */
  line(pos: number): number;
  /** The source text of a node, whitespace collapsed. */
  text(node: { pos: number; end: number }): string;
}

type Tok = { t: "num" | "id" | "str" | "punct"; v: string; pos: number; end: number };

const PUNCT = [
  ">>>=",
  ">>>",
  "**",
  "<<",
  ">>",
  "<=",
  ">=",
  "===",
  "!==",
  "==",
  "!=",
  "+=",
  "-=",
  "*=",
  "++",
  "--",
]
  .concat([
    "=>",
    "&&",
    "||",
    "+",
    "-",
    "*",
    "/",
    "%",
    "<",
    ">",
    "=",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ";",
    ":",
  ])
  .concat([".", "&", "|", "^", "~", "!", "?"]);

function lineOf(source: string, pos: number): number {
  let n = 1;
  for (let i = 0; i < pos && i < source.length; i++) if (source.charCodeAt(i) === 10) n++;
  return n;
}

export class ParseError extends Error {}

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  const fail = (msg: string): never => {
    throw new ParseError(`line ${lineOf(src, i)}: ${msg}`);
  };
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
    } else if (src.startsWith("//", i)) {
      while (i < src.length && src[i] !== "\n") i++;
    } else if (src.startsWith("/*", i)) {
      const e = src.indexOf("*/", i + 2);
      if (e < 0) fail("unterminated comment");
      i = e + 2;
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      const m = /^(0x[0-9a-fA-F]+|[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)/.exec(src.slice(i));
      if (!m) fail("bad number");
      out.push({ t: "num", v: m![0], pos: i, end: i + m![0].length });
      i += m![0].length;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(src.slice(i))!;
      out.push({ t: "id", v: m[0], pos: i, end: i + m[0].length });
      i += m[0].length;
    } else if (c === '"' || c === "'") {
      const e = src.indexOf(c, i + 1);
      if (e < 0) fail("unterminated string");
      out.push({ t: "str", v: src.slice(i + 1, e), pos: i, end: e + 1 });
      i = e + 1;
    } else {
      const p = PUNCT.find((p) => src.startsWith(p, i));
      if (!p) fail(`unexpected character ${JSON.stringify(c)}`);
      out.push({ t: "punct", v: p!, pos: i, end: i + p!.length });
      i += p!.length;
    }
  }
  return out;
}

const BINARY: Record<string, number> = {
  "|": 1,
  "^": 2,
  "&": 3,
  "<": 5,
  "<=": 5,
  ">": 5,
  ">=": 5,
  "<<": 6,
  ">>": 6,
  ">>>": 6,
  "+": 7,
  "-": 7,
  "*": 8,
  "/": 8,
  "%": 8,
};

class Parser {
  i = 0;
  constructor(readonly src: string, readonly toks: Tok[], start = 0, readonly stop = toks.length) {
    this.i = start;
  }
  fail(msg: string, at = this.peek()): never {
    const pos = at?.pos ?? this.src.length;
    throw new ParseError(`line ${lineOf(this.src, pos)}: ${msg}`);
  }
  peek(o = 0): Tok | undefined {
    return this.i + o < this.stop ? this.toks[this.i + o] : undefined;
  }
  is(v: string, o = 0): boolean {
    const t = this.peek(o);
    return t !== undefined && (t.t === "punct" || t.t === "id") && t.v === v;
  }
  next(): Tok {
    const t = this.peek();
    if (!t) this.fail("unexpected end");
    this.i++;
    return t!;
  }
  expect(v: string): Tok {
    if (!this.is(v)) this.fail(`expected ${v}, found ${this.peek()?.v}`);
    return this.next();
  }
  ident(): string {
    const t = this.next();
    if (t.t !== "id") this.fail(`expected a name, found ${t.v}`, t);
    return t.v;
  }
  prevEnd(): number {
    return this.toks[this.i - 1].end;
  }
  /** A type annotation: a name, optionally `[]`; nothing else is emitted by the generators. */
  type(): string {
    let s = this.ident();
    while (this.is("[")) {
      this.expect("[");
      this.expect("]");
      s += "[]";
    }
    if (this.is("|") || this.is("<") || this.is("&")) this.fail("unsupported type syntax");
    return s;
  }

  statement(): Stmt {
    const t = this.peek()!;
    if (this.is("const") || this.is("let")) {
      const s = this.decl();
      this.expect(";");
      return { ...s, end: this.prevEnd() };
    }
    if (this.is("for")) {
      this.next();
      this.expect("(");
      const init = this.decl();
      this.expect(";");
      const cond = this.expr();
      this.expect(";");
      const update = this.expr();
      this.expect(")");
      const body = this.statement();
      return { k: "for", init, cond, update, body, pos: t.pos, end: body.end };
    }
    if (this.is("{")) {
      this.next();
      const body: Stmt[] = [];
      while (!this.is("}")) body.push(this.statement());
      this.expect("}");
      return { k: "block", body, pos: t.pos, end: this.prevEnd() };
    }
    if (this.is("return")) {
      this.next();
      const e = this.is(";") ? undefined : this.expr();
      this.expect(";");
      return { k: "return", e, pos: t.pos, end: this.prevEnd() };
    }
    if (
      t.t === "id" &&
      ["if", "while", "do", "switch", "try", "throw", "break", "continue", "var"].includes(t.v)
    ) {
      this.fail(`unsupported statement '${t.v}'`);
    }
    const e = this.expr();
    this.expect(";");
    return { k: "expr", e, pos: t.pos, end: this.prevEnd() };
  }

  decl(): Stmt & { k: "decl" } {
    const t = this.next();
    if (t.v !== "const" && t.v !== "let") this.fail("expected const or let", t);
    const decls: Declarator[] = [];
    do {
      if (decls.length) this.expect(",");
      const start = this.peek()!.pos;
      const name = this.ident();
      if (this.is(":")) {
        this.next();
        this.type();
      }
      let init: Expr | undefined;
      if (this.is("=")) {
        this.next();
        init = this.assign();
      }
      decls.push({ name, init, pos: start, end: this.prevEnd() });
    } while (this.is(","));
    return { k: "decl", kind: t.v as "const" | "let", decls, pos: t.pos, end: this.prevEnd() };
  }

  expr(): Expr {
    const e = this.assign();
    if (this.is(",")) this.fail("comma expressions are not supported");
    return e;
  }

  assign(): Expr {
    const l = this.binary(0);
    if (this.is("=") || this.is("+=") || this.is("-=") || this.is("*=")) {
      const op = this.next().v;
      if (l.k !== "id" && l.k !== "index") this.fail("bad assignment target");
      const value = this.assign();
      return { k: "assign", op, target: l, value, pos: l.pos, end: value.end };
    }
    if (this.is("?")) this.fail("conditional expressions are not supported");
    if (this.is("=>")) this.fail("arrow functions are not supported");
    return l;
  }

  binary(min: number): Expr {
    let l = this.unary();
    for (;;) {
      const t = this.peek();
      if (!t || t.t !== "punct") return l;
      if (t.v === "**") {
        // right-associative, binds tighter than * and unary operands on its right
        this.next();
        const r = this.binaryExp();
        l = { k: "bin", op: "**", l, r, pos: l.pos, end: r.end };
        continue;
      }
      const prec = BINARY[t.v];
      if (prec === undefined || prec <= min) {
        if (["===", "!==", "==", "!=", "&&", "||", "%"].includes(t.v)) {
          this.fail(`unsupported operator ${t.v}`);
        }
        return l;
      }
      this.next();
      const r = this.binary(prec);
      l = { k: "bin", op: t.v, l, r, pos: l.pos, end: r.end };
    }
  }

  binaryExp(): Expr {
    const b = this.unary();
    if (this.is("**")) {
      this.next();
      const r = this.binaryExp();
      return { k: "bin", op: "**", l: b, r, pos: b.pos, end: r.end };
    }
    return b;
  }

  unary(): Expr {
    const t = this.peek()!;
    if (this.is("-") || this.is("+") || this.is("~") || this.is("!")) {
      this.next();
      const x = this.unary();
      return { k: "unary", op: t.v, x, pos: t.pos, end: x.end };
    }
    if (this.is("++") || this.is("--")) this.fail("prefix update is not supported");
    return this.postfix();
  }

  postfix(): Expr {
    let e = this.primary();
    for (;;) {
      if (this.is("[")) {
        this.next();
        const index = this.expr();
        this.expect("]");
        e = { k: "index", obj: e, index, pos: e.pos, end: this.prevEnd() };
      } else if (this.is(".")) {
        this.next();
        const name = this.ident();
        e = { k: "member", obj: e, name, pos: e.pos, end: this.prevEnd() };
      } else if (this.is("(")) {
        this.next();
        const args: Expr[] = [];
        while (!this.is(")")) {
          if (args.length) this.expect(",");
          args.push(this.assign());
        }
        this.expect(")");
        e = { k: "call", callee: e, args, pos: e.pos, end: this.prevEnd() };
      } else if (this.is("++") || this.is("--")) {
        const op = this.next().v;
        e = { k: "update", op, target: e, pos: e.pos, end: this.prevEnd() };
      } else {
        return e;
      }
    }
  }

  primary(): Expr {
    const t = this.next();
    if (t.t === "num") {
      const value = t.v.startsWith("0x") ? parseInt(t.v, 16) : Number(t.v);
      return { k: "num", value, pos: t.pos, end: t.end };
    }
    if (t.t === "str") return { k: "str", value: t.v, pos: t.pos, end: t.end };
    if (t.t === "punct" && t.v === "(") {
      const e = this.expr();
      this.expect(")");
      return { ...e, pos: t.pos, end: this.prevEnd() };
    }
    if (t.t === "punct" && t.v === "[") {
      const items: Expr[] = [];
      while (!this.is("]")) {
        if (items.length) this.expect(",");
        items.push(this.assign());
      }
      this.expect("]");
      return { k: "array", items, pos: t.pos, end: this.prevEnd() };
    }
    if (t.t === "id" && t.v === "new") {
      const callee = this.ident();
      this.expect("(");
      const args: Expr[] = [];
      while (!this.is(")")) {
        if (args.length) this.expect(",");
        args.push(this.assign());
      }
      this.expect(")");
      return { k: "new", callee, args, pos: t.pos, end: this.prevEnd() };
    }
    if (
      t.t === "id" &&
      !["function", "class", "typeof", "void", "delete", "this", "await", "yield"].includes(t.v)
    ) {
      return { k: "id", name: t.v, pos: t.pos, end: t.end };
    }
    this.fail(`unsupported expression at '${t.v}'`, t);
  }
}

/** Parses a generated kernel module: its `import type` lines, consts and functions. */
export function parseModule(source: string): ParsedModule {
  const toks = tokenize(source);
  const p = new Parser(source, toks);
  const functions = new Map<string, FunctionDecl>();
  const consts: ModuleConst[] = [];
  while (p.peek()) {
    if (p.is("import")) {
      // `import type { … } from "…";` brings types only
      p.next();
      if (!p.is("type")) p.fail("only `import type` is supported");
      while (!p.is(";")) p.next();
      p.next();
      continue;
    }
    const exported = p.is("export");
    if (exported) p.next();
    if (p.is("const")) {
      const d = p.decl();
      p.expect(";");
      for (const x of d.decls) {
        if (!x.init) p.fail("module const without initialiser");
        consts.push({ name: x.name, exported, init: x.init! });
      }
    } else if (p.is("function")) {
      const pos = p.next().pos;
      const name = p.ident();
      p.expect("(");
      const params: Param[] = [];
      while (!p.is(")")) {
        if (params.length) p.expect(",");
        const pn = p.ident();
        p.expect(":");
        params.push({ name: pn, type: p.type() });
      }
      p.expect(")");
      if (p.is(":")) {
        p.next();
        p.type();
      }
      const open = p.i;
      p.expect("{");
      let depth = 1;
      while (depth > 0) {
        const t = p.next();
        if (t.t === "punct" && t.v === "{") depth++;
        if (t.t === "punct" && t.v === "}") depth--;
      }
      const close = p.i - 1;
      let parsed: Stmt[] | undefined;
      const body = () => {
        if (!parsed) {
          const q = new Parser(source, toks, open + 1, close);
          const out: Stmt[] = [];
          while (q.peek()) out.push(q.statement());
          parsed = out;
        }
        return parsed;
      };
      functions.set(name, { name, exported, params, body, pos });
    } else {
      p.fail(`unsupported module-level item '${p.peek()?.v}'`);
    }
  }
  const lineStarts: number[] = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) lineStarts.push(i + 1);
  return {
    source,
    functions,
    consts,
    line(pos) {
      let lo = 0, hi = lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (lineStarts[mid] <= pos) lo = mid;
        else hi = mid - 1;
      }
      return lo + 1;
    },
    text: (node) => source.slice(node.pos, node.end).replace(/\s+/g, " "),
  };
}
