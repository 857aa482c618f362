/**
 * The sealed API (ARCHITECTURE.md, "Public API"): each published entry point exports exactly the
 * names listed here, none of them a class but `IsochronError` (a class shows its implementation:
 * JSR publishes the `.ts` sources, so the public types are interfaces and the classes that implement
 * them stay in internal modules), and no library file marks a member `@internal` (there is no
 * internal member of a public type left to mark). The lists are the reviewed public surface: a new
 * export is added here on purpose, never by accident.
 */
import assert from "node:assert/strict";
import { LIBRARY_ROOTS, tsFiles } from "./library.ts";

const ROOT = new URL("../../", import.meta.url);

const CURVE_TYPES = [
  "Affine",
  "BigintField",
  "BigintFields",
  "BigintFp12",
  "BigintFp2",
  "BigintFp6",
  "BigintTower",
  "IField",
  "CurveParams",
  "Fp12Value",
  "Fp6Value",
  "NoblePairingMembers",
  "NoblePairingParams",
  "PairingBatchItem",
  "PointConstructor",
  "Backend",
  "Codec",
  "FieldDescription",
  "FieldName",
  "Fp2Value",
  "Group",
  "PairingFunctions",
  "PairingInput",
  "PairingResult",
  "Point",
  "ScalarField",
];

/** The BLS signature API's types (curves/bls12_381/signatures/). */
const BLS_TYPES = [
  "BlsBatchItem",
  "BlsEncodedPoint",
  "BlsGroupName",
  "BlsPointDecoder",
  "BlsPopSuite",
  "BlsProof",
  "BlsPublicKey",
  "BlsScheme",
  "BlsSecretKey",
  "BlsSecretKeys",
  "BlsSignature",
  "BlsSuite",
  "BlsSuiteOptions",
  "NobleBlsSignatures",
  "NobleSignatureCoder",
  "PointOrBytes",
];

/** Entry point (repository path) → its exported names. */
const PUBLIC: Record<string, readonly string[]> = {
  "mod.ts": [
    ...CURVE_TYPES,
    ...BLS_TYPES,
    "BackendChoice",
    "BackendTarget",
    "Bls12_381",
    "Bn254",
    "DstArgument",
    "Eip2537Codecs",
    "H2cGroup",
    "HasherDefaults",
    "HashToCurve",
    "IsochronError",
    "IsochronErrorCode",
    "PrebuiltModules",
    "WasmModule",
    "X25519",
    "bls12_381",
    "bn254",
    "getBackend",
    "init",
    "initWasm",
    "initX25519Wasm",
    "setBackend",
    "x25519",
  ],
  "x25519/mod.ts": [
    "WasmModule",
    "X25519",
    "X25519Backend",
    "X25519BackendChoice",
    "getPublicKey",
    "getSharedSecret",
    "getX25519Backend",
    "initX25519Wasm",
    "randomSecretKey",
    "scalarMult",
    "scalarMultBase",
    "setX25519Backend",
    "x25519",
    "x25519WasmBytes",
  ],
  "curves/bls12_381/mod.ts": [
    ...CURVE_TYPES,
    ...BLS_TYPES,
    "Bls12_381",
    "DstArgument",
    "Eip2537Codecs",
    "H2cGroup",
    "HasherDefaults",
    "HashToCurve",
    "bls12_381",
  ],
  "curves/bn254/mod.ts": [...CURVE_TYPES, "Bn254", "bn254"],
};

/**
 * The Deno entries (deno/, what deno.json's `exports` publish to JSR) re-export their source twin with
 * its prebuilt modules embedded: the same names.
 */
const DENO_TWINS: Record<string, string> = {
  "deno/mod.ts": "mod.ts",
  "deno/x25519.ts": "x25519/mod.ts",
  "deno/bls12_381.ts": "curves/bls12_381/mod.ts",
  "deno/bn254.ts": "curves/bn254/mod.ts",
};
for (const [entry, twin] of Object.entries(DENO_TWINS)) PUBLIC[entry] = PUBLIC[twin];

Deno.test("public API: deno.json publishes the Deno entries, one per source entry", () => {
  const config = JSON.parse(Deno.readTextFileSync(new URL("deno.json", ROOT)));
  const targets = Object.values(config.exports as Record<string, string>).map((t) => t.replace(/^\.\//, ""));
  assert.deepEqual(targets.sort(), Object.keys(DENO_TWINS).sort());
});

/** The only class a user may see. */
const PUBLIC_CLASSES = ["IsochronError"];

interface DocDeclaration {
  kind: string;
  location: { filename: string; line: number };
  def?: { target?: { filename: string; line: number } };
}
interface DocSymbol {
  name: string;
  declarations: DocDeclaration[];
}

/** `deno doc --json` of the entry points: file URL → exported symbols. */
function docOf(entries: readonly string[]): Record<string, DocSymbol[]> {
  const out = new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", ...entries],
    cwd: new URL(".", ROOT),
    env: { NO_COLOR: "1" },
  }).outputSync();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const json = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    nodes: Record<string, { symbols: DocSymbol[] }>;
  };
  return Object.fromEntries(Object.entries(json.nodes).map(([k, v]) => [k, v.symbols]));
}

/** The source line a declaration (or the declaration a re-export points at) starts on. */
function declarationLine(d: DocDeclaration): string {
  const at = d.def?.target ?? d.location;
  return Deno.readTextFileSync(new URL(at.filename)).split("\n")[at.line - 1] ?? "";
}

/** The names of `symbols` declared as classes, other than the allowed ones. */
export function leakedClasses(
  symbols: readonly DocSymbol[],
  lineOf: (d: DocDeclaration) => string,
): string[] {
  return symbols
    .filter((s) => !PUBLIC_CLASSES.includes(s.name))
    .filter((s) => s.declarations.some((d) => d.kind === "class" || /\bclass\s/.test(lineOf(d))))
    .map((s) => s.name);
}

const docs = docOf(Object.keys(PUBLIC));

for (const [entry, names] of Object.entries(PUBLIC)) {
  const symbols = docs[new URL(entry, ROOT).href];

  Deno.test(`public API: ${entry} exports exactly the reviewed names`, () => {
    assert.ok(symbols, `no documentation for ${entry}`);
    assert.deepEqual([...new Set(symbols.map((s) => s.name))].sort(), [...names].sort());
  });

  Deno.test(`public API: ${entry} exports no implementation class`, () => {
    assert.deepEqual(leakedClasses(symbols, declarationLine), []);
  });
}

Deno.test("public API: the class check catches a class, direct or re-exported", () => {
  const sym = (name: string, kind: string, line = ""): [DocSymbol, string] => [
    { name, declarations: [{ kind, location: { filename: "x", line: 1 } }] },
    line,
  ];
  const cases = [
    sym("GroupImpl", "class"),
    sym("PointImpl", "reference", "export class PointImpl<V> implements Point<V> {"),
    sym("Point", "interface", "export interface Point<V> {"),
    sym("IsochronError", "reference", "export class IsochronError extends Error {"),
  ];
  const lines = new Map(cases.map(([s, l]) => [s.declarations[0], l]));
  assert.deepEqual(leakedClasses(cases.map(([s]) => s), (d) => lines.get(d) ?? ""), [
    "GroupImpl",
    "PointImpl",
  ]);
});

Deno.test("public API: no library file marks a member @internal", () => {
  const files = LIBRARY_ROOTS.flatMap(tsFiles);
  assert.ok(files.length > 50, "the walk found the library");
  const marked = files.filter((f) => Deno.readTextFileSync(new URL(f, ROOT)).includes("@internal"));
  assert.deepEqual(marked, []);
});
