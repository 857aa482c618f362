/**
 * Packaged modules (field/wasm/packaged.ts, x25519/wasm/packaged.ts, package_files.ts): when a
 * registered reader's file stands in for generation, when it must not, and the checks that keep a
 * module of another field (also through initWasm), or not X25519's, from being used. Each case uses a field name of its own: the
 * wasm kernels are cached per field.
 */
import assert from "node:assert/strict";
import {
  createX25519WasmKernel,
  defineField,
  type FieldModuleContext,
  fieldMulShape,
  type FieldName,
  FIELDS,
  FunctionBuilder,
  I32,
  IsochronError,
  moduleChecksum,
  moduleFileName,
  type ModulePlan,
  modulePlan,
  packageFileReader,
  portableFieldMulShape,
  portableShapeNow,
  registerCurve,
  registerModuleFiles,
  setFieldMulShape,
  simdSupported,
  usePackageFiles,
  wasmFieldModuleBytes,
} from "../internal.ts";
import { fieldKernel, initWasm } from "../../field/mod.ts";
import { x25519WasmBytes } from "../../x25519/mod.ts";

// RFC 7748 §5.2, the first test vector (scalar, u-coordinate, output), little-endian hex.
const RFC_K = "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4";
const RFC_U = "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c";
const RFC_OUT = "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552";
const hex = (s: string) => Uint8Array.from(s.match(/../g)!, (h) => parseInt(h, 16));
const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

const BN = FIELDS["bn254-fp"];
const isCode = (code: string) => (e: unknown) => e instanceof IsochronError && e.code === code;

/** A field with BN254's p under a new name, registered as the base field of a one-field curve. */
function testCurve(name: string): { field: ReturnType<typeof defineField>; plan: ModulePlan } {
  const field = defineField(name as FieldName, BN.p, BN.ts);
  const plan = modulePlan(name, () => []);
  registerCurve(`${name} curve`, [{ field, plan }]);
  return { field, plan };
}

/** A module of `field` with one more export, `packaged_marker`: a kernel built from it is told apart. */
function markedBytes(field: ReturnType<typeof defineField>): Uint8Array<ArrayBuffer> {
  const marker = {
    name: "marker",
    exports: ["packaged_marker"],
    emit: (ctx: FieldModuleContext) =>
      void ctx.module.addFunction("packaged_marker", new FunctionBuilder([], [I32]).i32Const(7)),
  };
  return wasmFieldModuleBytes(field, modulePlan("marked", () => [marker]));
}

/** Checks `k` computes modulo BN254's p (a product against BigInt). */
function checkArithmetic(k: ReturnType<typeof fieldKernel>): void {
  const [a, b] = [k.alloc(1), k.alloc(1)];
  const x = BN.p - 12345n, y = 98765n;
  k.setBigintVartime(a, x), k.setBigintVartime(b, y);
  k.mul(a, a, b);
  assert.equal(k.toBigintVartime(a), (x * y) % BN.p);
}

/** Runs fn with `read` registered, then removes the reader. */
function withReader(read: (file: string) => Uint8Array<ArrayBuffer> | null, fn: () => void): void {
  registerModuleFiles(read);
  try {
    fn();
  } finally {
    registerModuleFiles(null);
  }
}

Deno.test("packaged: the reader's file is compiled instead of generating, once, for the curve's plan", () => {
  const { field, plan } = testCurve("test-packaged-used");
  const asked: string[] = [];
  withReader((file) => (asked.push(file), markedBytes(field)), () => {
    const k = fieldKernel(field, "wasm", plan);
    assert.deepEqual(asked, [moduleFileName(field)]);
    assert.equal(typeof (k as { exports?: Record<string, unknown> }).exports?.packaged_marker, "function");
    checkArithmetic(k);
    assert.equal(fieldKernel(field, "wasm", plan), k); // cached: the file is read once
    assert.deepEqual(asked, [moduleFileName(field)]);
  });
});

Deno.test("packaged: no file for another plan, a forced shape, or a reader that finds nothing", () => {
  let asked = 0;
  const count = () => (asked++, null);
  // A plan that is not the one the curve registered (the file holds that one).
  const other = testCurve("test-packaged-plan");
  withReader(() => (asked++, markedBytes(other.field)), () => {
    const k = fieldKernel(other.field, "wasm", modulePlan("another", () => []));
    assert.equal(asked, 0);
    assert.equal((k as { exports?: Record<string, unknown> }).exports?.packaged_marker, undefined);
  });
  // A forced shape that is not the portable one the files are written in.
  const forced = testCurve("test-packaged-shape");
  setFieldMulShape("u32");
  try {
    withReader(count, () => checkArithmetic(fieldKernel(forced.field, "wasm", forced.plan)));
  } finally {
    setFieldMulShape("auto");
  }
  assert.equal(asked, 0);
  // A reader that finds no file: generated.
  const missing = testCurve("test-packaged-missing");
  withReader(count, () => checkArithmetic(fieldKernel(missing.field, "wasm", missing.plan)));
  assert.equal(asked, 1);
});

Deno.test("packaged: the file name follows the engine's shape and SIMD; a forced shape has none", () => {
  const f = FIELDS["bls12-381-fp"];
  assert.equal(moduleFileName(f, true, "reduced"), "bls12-381-fp.wasm");
  assert.equal(moduleFileName(f, false, "reduced"), "bls12-381-fp.nosimd.wasm");
  assert.equal(moduleFileName(f, true, "wide"), "bls12-381-fp.wide.wasm");
  assert.equal(moduleFileName(f, false, "wide"), null); // no file of the wide shape without SIMD
  assert.equal(moduleFileName(f, true, "u32"), null); // not the portable shape of this p
});

Deno.test("packaged: the file name's quick shape test agrees with the radix plan's, forced or not", () => {
  const primes = [...Object.values(FIELDS).map((f) => f.p), (1n << 255n) - 19n];
  for (const shape of ["auto", "u32", "reduced", "wide"] as const) {
    setFieldMulShape(shape);
    try {
      for (const p of primes) {
        assert.equal(
          portableShapeNow(p),
          fieldMulShape(p) === portableFieldMulShape(p),
          `${shape}, p = ${p}`,
        );
      }
    } finally {
      setFieldMulShape("auto");
    }
  }
});

Deno.test("packaged: a module of another field is refused (reader and initWasm), and nothing is kept", () => {
  const { field, plan } = testCurve("test-packaged-wrong");
  const bls = wasmFieldModuleBytes(FIELDS["bls12-381-fp"]);
  withReader(() => bls, () => {
    assert.throws(
      () => fieldKernel(field, "wasm", plan),
      (e: unknown) => isCode("INVALID_TYPE")(e) && String(e).includes("modulus"),
    );
  });
  checkArithmetic(fieldKernel(field, "wasm", plan)); // no reader now: generated, nothing cached before
  // initWasm: the module of BN254's Fr given for a field of BN254's p (the same functions, another prime).
  const viaInit = testCurve("test-packaged-init");
  initWasm({ [viaInit.field.name]: new WebAssembly.Module(wasmFieldModuleBytes(FIELDS["bn254-fr"])) });
  assert.throws(() => fieldKernel(viaInit.field, "wasm", viaInit.plan), isCode("INVALID_TYPE"));
});

/** A package folder in the repository: its wasm/some.wasm holds the bytes 1, 2, 3 (not a module). */
const FIXTURE = new URL("./fixtures/package/", import.meta.url);
/** The checksum of the bytes 1, 2, 3 (tests/wasm/checksum.test.ts checks the function on vectors). */
const SOME = { "some.wasm": moduleChecksum(Uint8Array.of(1, 2, 3)) };

Deno.test("package files: the reader reads dist/wasm/<file> with the bytes it expects, nothing else", () => {
  const read = packageFileReader(FIXTURE, SOME)!;
  assert.deepEqual([...read("some.wasm")!], [1, 2, 3]);
  assert.equal(read("other.wasm"), null); // no checksum for it
  // the same file with another expected checksum (other bytes, e.g. another version's file): not read
  assert.equal(
    packageFileReader(FIXTURE, { "some.wasm": moduleChecksum(Uint8Array.of(1, 2, 4)) })!("some.wasm"),
    null,
  );
  assert.equal(packageFileReader(new URL("https://example.com/dist/"), SOME), null);
  // usePackageFiles registers that reader: a curve's field named "some" then takes its module from
  // the folder, and those three bytes do not compile.
  const field = defineField("some" as FieldName, BN.p, BN.ts);
  const plan = modulePlan("some", () => []);
  registerCurve("some curve", [{ field, plan }]);
  assert.equal(moduleFileName(field), "some.wasm");
  usePackageFiles(FIXTURE, SOME);
  try {
    assert.throws(() => fieldKernel(field, "wasm", plan), WebAssembly.CompileError);
  } finally {
    registerModuleFiles(null);
  }
});

Deno.test("package files: without read permission Deno is not asked, and the reader answers null", async () => {
  const child = new URL("./package_files_child.ts", import.meta.url).pathname;
  const run = (permissions: string[]) =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", ...permissions, child, FIXTURE.href],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b).trim();
  const denied = await run([]);
  assert.equal(text(denied.stdout), "null", text(denied.stderr));
  const granted = await run([`--allow-read=${new URL("wasm/", FIXTURE).pathname}`]);
  assert.equal(text(granted.stdout), "[1,2,3]", text(granted.stderr));
});

Deno.test("packaged X25519: the reader's full module is used from the start; a wrong file is refused", () => {
  const asked: string[] = [];
  registerModuleFiles((
    file,
  ) => (asked.push(file), file.endsWith(".wide.wasm") ? null : x25519WasmBytes() as Uint8Array<ArrayBuffer>));
  try {
    const k = createX25519WasmKernel();
    assert.deepEqual(asked, [simdSupported() ? "x25519.wasm" : "x25519.nosimd.wasm"]);
    // RFC 7748 §5.2's first vector, on the module from the file.
    const out = new Uint8Array(32);
    k.scalarMult(out, hex(RFC_K), hex(RFC_U));
    assert.equal(toHex(out), RFC_OUT);
    registerModuleFiles(() => wasmFieldModuleBytes(FIELDS["bn254-fr"]));
    assert.throws(
      () => createX25519WasmKernel(),
      (e: unknown) => isCode("INVALID_TYPE")(e) && String(e).includes("lacks"),
    );
  } finally {
    registerModuleFiles(null);
  }
  assert.equal(asked.length, 1);
});
