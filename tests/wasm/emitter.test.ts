/**
 * The emitter's encodings (wasm/emitter.ts) read back by the independent decoder of tests/ct/
 * (wasm_decode.ts): LEB128 immediates at their boundaries (i32 and i64 constants, local indices, memarg
 * offsets), a body long enough to grow the code buffer many times, and validation by the engine.
 */
import assert from "node:assert/strict";
import { decodeModule } from "../ct/wasm_decode.ts";
import {
  FunctionBuilder,
  I32,
  I64,
  ModuleBuilder,
  Op,
  PROBE_CONSTANTS,
  simdProbeBytes,
  simdSupported,
  wideArithmeticSupported,
  wideProbeBytes,
} from "../internal.ts";

const I32S = [0, 1, 63, 64, 127, 128, -1, -64, -65, -128, 8191, 8192, -8193, 2 ** 31 - 1, -(2 ** 31)];
const I64S = [
  0n,
  63n,
  64n,
  -65n,
  2n ** 32n,
  2n ** 53n,
  -(2n ** 53n),
  2n ** 63n - 1n,
  -(2n ** 63n),
  2n ** 64n - 1n,
];
/** The same constants given as numbers where they are safe integers (the emitter's number path). */
const I64_NUMBERS = [0, 63, 64, -65, -(2 ** 31), 2 ** 31, 2 ** 32, 2 ** 53 - 1, -(2 ** 53 - 1)];

Deno.test("emitter: constants, local indices and offsets round-trip through an independent decoder", () => {
  const f = new FunctionBuilder([I32]);
  const locals = Array.from({ length: 300 }, () => f.local(I64)); // indices past 127 and 255
  const expected: [number, (number | bigint)[]][] = [];
  for (const [local, offset] of [[127, 127], [128, 128], [255, 16383], [256, 16384], [300, 2 ** 21]]) {
    f.localGet(0).localGet(local).mem(Op.i64Store, offset);
    expected.push([Op.localGet, [0]], [Op.localGet, [local]], [Op.i64Store, [3, offset]]);
  }
  for (let round = 0; round < 40; round++) { // 7.7 kB of code: the 256-byte buffer grows 5 times
    for (const v of I32S) {
      f.i32Const(v).op(Op.drop);
      expected.push([Op.i32Const, [BigInt(v)]], [Op.drop, []]);
    }
    for (const v of I64_NUMBERS) {
      f.i64Const(v).op(Op.drop);
      expected.push([Op.i64Const, [BigInt(v)]], [Op.drop, []]);
    }
    for (const v of I64S) {
      const local = locals[(round * 37 + Number(v & 0xffn)) % locals.length];
      f.i64Const(v).localSet(local).localGet(0).localGet(local).mem(Op.i64Store, 8 * round + 200);
      expected.push(
        [Op.i64Const, [BigInt.asIntN(64, v)]],
        [Op.localSet, [local]],
        [Op.localGet, [0]],
        [Op.localGet, [local]],
        [Op.i64Store, [3, 8 * round + 200]],
      );
    }
  }
  const mb = new ModuleBuilder().defineMemory(1);
  mb.addFunction("f", f);
  const wasm = mb.toBytes();
  assert.ok(WebAssembly.validate(wasm), "the engine validates the module");
  const body = decodeModule(wasm).functions[0].body;
  const got = body.filter((i) => i.op !== Op.end).map((i) => [i.op, i.imm] as const);
  assert.equal(got.length, expected.length);
  for (let i = 0; i < expected.length; i++) {
    const [op, imm] = expected[i];
    assert.equal(got[i][0], op, `instruction ${i}`);
    assert.deepEqual(got[i][1].map((x) => (op === Op.i32Const ? BigInt(x) : x)), imm, `immediates ${i}`);
  }
  assert.ok(f.size > 16 * 256, `body of ${f.size} bytes`);
});

Deno.test("emitter: the feature probes' constant bytes are the builders' modules, and decide the features", () => {
  assert.deepEqual(PROBE_CONSTANTS.simd(), simdProbeBytes());
  assert.deepEqual(PROBE_CONSTANTS.wide(), wideProbeBytes());
  assert.equal(simdSupported(), WebAssembly.validate(simdProbeBytes()));
  assert.equal(wideArithmeticSupported(), WebAssembly.validate(wideProbeBytes()));
  assert.ok(simdSupported(), "Deno validates SIMD"); // V8 since 9.1
});
