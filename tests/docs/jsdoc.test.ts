/**
 * Every public function documents itself (issue "Port from @noble/curves", item 5): for each function
 * exported by an entry point and each method of an exported interface, `deno doc --json` must show
 * a `@param` for every parameter, a `@returns` unless it returns nothing, and a `@throws` whenever it
 * takes a parameter (anything with an input can be handed a bad one). A method documented on the
 * interface it overrides counts once. And every example in the files that declare public symbols
 * imports the library by its published names (`@isochron/curves…`, mapped by deno.json for
 * `deno test --doc`), as a user would write it.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
const ENTRIES = ["mod.ts", "x25519/mod.ts", "curves/bls12_381/mod.ts", "curves/bn254/mod.ts"];

interface Tag {
  kind: string;
  name?: string;
}
interface Fn {
  params: { name?: string; kind: string; left?: { name?: string } }[];
  returnType?: { repr?: string; keyword?: string } | null;
}
/** A documented callable: its display name, its tags, its signature. */
export interface Callable {
  name: string;
  tags: Tag[];
  fn: Fn;
}

/** The names of a callable's parameters (destructured and rest ones by their binding, unnamed skipped). */
function paramNames(fn: Fn): string[] {
  return fn.params.map((p) => p.name ?? p.left?.name).filter((n): n is string =>
    n !== undefined && !n.startsWith("_")
  );
}

/** What a callable's documentation lacks, as messages. */
export function missing(c: Callable): string[] {
  const out: string[] = [];
  const documented = new Set(c.tags.filter((t) => t.kind === "param").map((t) => t.name));
  for (const p of paramNames(c.fn)) if (!documented.has(p)) out.push(`${c.name}: no @param ${p}`);
  const ret = c.fn.returnType?.keyword ?? c.fn.returnType?.repr ?? "";
  if (ret !== "void" && ret !== "never" && !c.tags.some((t) => t.kind === "return")) {
    out.push(`${c.name}: no @returns`);
  }
  if (c.fn.params.length > 0 && !c.tags.some((t) => t.kind === "throws")) out.push(`${c.name}: no @throws`);
  return out;
}

Deno.test("jsdoc: the check finds a missing @param, @returns and @throws", () => {
  const fn: Fn = { params: [{ name: "k", kind: "identifier" }], returnType: { repr: "Point" } };
  assert.deepEqual(missing({ name: "f", tags: [], fn }), [
    "f: no @param k",
    "f: no @returns",
    "f: no @throws",
  ]);
  const tags = [{ kind: "param", name: "k" }, { kind: "return" }, { kind: "throws" }];
  assert.deepEqual(missing({ name: "f", tags, fn }), []);
  assert.deepEqual(missing({ name: "g", tags: [], fn: { params: [], returnType: { keyword: "void" } } }), []);
});

/** Every public callable of the entry points. */
function callables(): Callable[] {
  const out = new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", ...ENTRIES],
    cwd: new URL(".", ROOT),
  })
    .outputSync();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  // deno-lint-ignore no-explicit-any
  const json = JSON.parse(new TextDecoder().decode(out.stdout)) as any;
  const seen = new Set<string>();
  const list: Callable[] = [];
  const add = (key: string, c: Callable) => {
    if (!seen.has(key)) seen.add(key), list.push(c);
  };
  // deno-lint-ignore no-explicit-any
  for (const node of Object.values(json.nodes) as { symbols: { name: string; declarations: any[] }[] }[]) {
    for (const sym of node.symbols) {
      for (const d of sym.declarations) {
        const at = `${d.location.filename}:${d.location.line}`;
        if (d.kind === "function") add(at, { name: sym.name, tags: d.jsDoc?.tags ?? [], fn: d.def });
        if (d.kind === "interface") {
          for (const m of d.def.methods ?? []) {
            add(`${at}.${m.name}`, { name: `${sym.name}.${m.name}`, tags: m.jsDoc?.tags ?? [], fn: m });
          }
        }
      }
    }
  }
  return list;
}

Deno.test("jsdoc: every public function has @param, @returns and @throws", () => {
  const all = callables();
  assert.ok(all.length > 80, `${all.length} callables found`);
  assert.deepEqual(all.flatMap(missing), []);
});

/** Every `@example` in a symbol's documentation and its members'. */
// deno-lint-ignore no-explicit-any
function examplesOf(d: any): string[] {
  const own = (js?: { tags?: (Tag & { doc?: string })[] }): string[] =>
    (js?.tags ?? []).filter((t) => t.kind === "example").map((t) => t.doc ?? "");
  const members = [...(d.def?.methods ?? []), ...(d.def?.properties ?? [])];
  return [...own(d.jsDoc), ...members.flatMap((m) => own(m.jsDoc))];
}

Deno.test("jsdoc: examples of public symbols import the published names", () => {
  const doc = (files: string[]) => {
    const out = new Deno.Command(Deno.execPath(), {
      args: ["doc", "--json", ...files],
      cwd: new URL(".", ROOT),
    })
      .outputSync();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    // deno-lint-ignore no-explicit-any
    return Object.values(JSON.parse(new TextDecoder().decode(out.stdout)).nodes) as { symbols: any[] }[];
  };
  // The public names and where they are declared, then the declarations themselves.
  const declared = new Set<string>(), files = new Set<string>(); // "file#name" of each public symbol
  for (const node of doc(ENTRIES)) {
    for (const sym of node.symbols) {
      for (const d of sym.declarations) {
        const file = d.def?.target?.filename ?? d.location.filename;
        files.add(file);
        declared.add(`${file}#${sym.name}`);
      }
    }
  }
  const examples = doc([...files].map((f) => new URL(f).pathname)).flatMap((node) =>
    node.symbols.flatMap((sym) =>
      sym.declarations
        .filter((d: { location: { filename: string } }) => declared.has(`${d.location.filename}#${sym.name}`))
        .flatMap(examplesOf)
        .map((e: string) => ({ name: sym.name, e }))
    )
  );
  assert.ok(examples.length > 15, `${examples.length} examples`);
  const found = examples.flatMap(({ name, e }) =>
    [...e.matchAll(/^import [^\n]* from "(\.{1,2}\/[^"]+)"/gm)].map((m) => `${name}: ${m[1]}`)
  );
  assert.deepEqual(found, []);
});
