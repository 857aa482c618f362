// The wasm decoder: instructions and immediates of a hand-assembled module (checked against the
// engine by running it), the function index space with imports, and export names.
import assert from "node:assert/strict";
import { decodeExpression, decodeModule, formatInstr } from "./wasm_decode.ts";
import { assemble, I32, I64 } from "./fixtures/wasm_bytes.ts";

const f64 = (x: number) => [...new Uint8Array(new Float64Array([x]).buffer)];

// Every immediate kind the kernels may use: sleb i32/i64, memarg, 0xFC and 0xFD prefixes, f64, SIMD lanes.
const BODY = [
  ...[0x42, 0x7f, 0x1a], // i64.const -1; drop
  ...[0x41, 0, 0x28, 0x02, 0x04, 0x1a], // i32.const 0; i32.load align=2 offset=4; drop
  ...[0x41, 0, 0x41, 0xab, 0x01, 0x41, 16, 0xfc, 0x0b, 0x00], // memory.fill(0, 171, 16)
  ...[0xfd, 0x0c, ...Array.from({ length: 16 }, (_, i) => i), 0xfd, 0x1b, 0x01, 0x1a], // v128.const; i32x4.extract_lane 1; drop
  ...[0x44, ...f64(1.5), 0x1a], // f64.const 1.5; drop
  ...[0x41, 0xc0, 0xbb, 0x78, 0x1a], // i32.const -123456; drop
  ...[0x42, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f, 0x1a], // i64.const -2^63; drop
  ...[0x41, 0xe5, 0x8e, 0x26], // i32.const 624485
  ...[0x41, 4, 0x28, 0x02, 0x00, 0x6a], // i32.load offset=0 (address 4); i32.add
  0x0b,
];

Deno.test("wasm decode: immediates of every kind, checked against the engine", () => {
  const bytes = assemble(
    [
      { params: [], results: [I32], body: BODY, export: "imms" },
      {
        params: [I64],
        results: [I32],
        locals: [I32],
        body: [0x20, 0, 0xa7, 0x10, 0, 0x6a, 0x0b],
        export: "w",
      },
    ],
    { memory: true, imports: [{ params: [], results: [I32], body: [], export: "h" }] },
  );
  const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { h: () => 1 } });
  assert.equal((inst.exports.imms as () => number)(), 624485 + 0xabababab | 0);

  const mod = decodeModule(bytes);
  assert.equal(mod.imports.length, 1);
  assert.deepEqual([...mod.exports], [["imms", 1], ["w", 2]]);
  const [imms, w] = mod.functions;
  assert.equal(imms.index, 1);
  assert.deepEqual(
    imms.body.map((i) => [i.name, ...i.imm.map(String)].join(" ")),
    [
      "i64.const -1",
      "drop",
      "i32.const 0",
      "i32.load 2 4",
      "drop",
      "i32.const 0",
      "i32.const 171",
      "i32.const 16",
      "memory.fill 0",
      `v128.const ${Array.from({ length: 16 }, (_, i) => i).join(" ")}`,
      "simd.27 1",
      "drop",
      "f64.const 1.5",
      "drop",
      "i32.const -123456",
      "drop",
      "i64.const -9223372036854775808",
      "drop",
      "i32.const 624485",
      "i32.const 4",
      "i32.load 2 0",
      "i32.add",
      "end",
    ],
  );
  assert.equal(imms.body[0].offset, bytes.indexOf(0x42));
  assert.equal(formatInstr(imms.body[3]), `i32.load 2 4 @0x${imms.body[3].offset.toString(16)}`);
  assert.deepEqual([w.name, w.params, w.locals], ["w", 1, 2]);
  assert.deepEqual(w.body.map((i) => i.name), ["local.get", "i32.wrap_i64", "call", "i32.add", "end"]);
  assert.deepEqual(w.type, { params: [I64], results: [I32] });
});

Deno.test("wasm decode: the mnemonic table follows the spec's layout", () => {
  // Spot checks at the ends of each generated run (Core Specification 2.0, 5.4.7 numeric opcodes).
  const ops: [number[], string][] = [
    [[0x45], "i32.eqz"],
    [[0x4f], "i32.ge_u"],
    [[0x50], "i64.eqz"],
    [[0x5a], "i64.ge_u"],
    [[0x67], "i32.clz"],
    [[0x78], "i32.rotr"],
    [[0x79], "i64.clz"],
    [[0x8a], "i64.rotr"],
    [[0xa7], "i32.wrap_i64"],
    [[0xbf], "f64.reinterpret_i64"],
    [[0xc4], "i64.extend32_s"],
  ];
  for (const [code, name] of ops) {
    const instrs = decodeExpression(Uint8Array.from([...code, 0x0b]), 0, code.length + 1);
    assert.equal(instrs[0].name, name);
  }
});

Deno.test("wasm decode: invalid bytes are rejected", () => {
  assert.throws(
    () => decodeModule(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 0x0a, 3, 1, 1])),
    /validate/,
  );
});
