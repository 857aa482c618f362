/**
 * Emits the checksum's WebAssembly module (wasm/checksum.ts, `MURMUR_MODULE_HEX`), which the checksum
 * carries as bytes; tests/wasm/checksum.test.ts checks that they are these.
 * @module
 */
import { FunctionBuilder, I32, ModuleBuilder, Op } from "./emitter.ts";
import { C1, C2, MURMUR_DATA, STEP } from "./checksum.ts";

/**
 * The module of wasm/checksum.ts's `murmurBodyWasm`: `murmur3_pair(n, s0, s1)` hashes the n little-endian
 * 32-bit blocks at address 8 with both seeds (the loop of `murmurBody`, i32 arithmetic) and
 * stores the two states at addresses 0 and 4; one page of memory, grown by the caller.
 */
export function murmurModuleBytes(): Uint8Array<ArrayBuffer> {
  const f = new FunctionBuilder([I32, I32, I32]);
  const [n, h0, h1] = [0, 1, 2]; // the seeds' parameters become the states
  const at = f.local(I32), end = f.local(I32), k = f.local(I32);
  f.i32Const(MURMUR_DATA).localSet(at);
  f.localGet(n).i32Const(2).op(Op.i32Shl).i32Const(MURMUR_DATA).op(Op.i32Add).localSet(end);
  f.begin(Op.block).begin(Op.loop);
  f.localGet(at).localGet(end).op(Op.i32Eq).brIf(1);
  f.localGet(at).mem(Op.i32Load).i32Const(C1).op(Op.i32Mul);
  f.i32Const(15).op(Op.i32Rotl).i32Const(C2).op(Op.i32Mul).localSet(k);
  for (const h of [h0, h1]) {
    f.localGet(h).localGet(k).op(Op.i32Xor).i32Const(13).op(Op.i32Rotl);
    f.i32Const(5).op(Op.i32Mul).i32Const(STEP | 0).op(Op.i32Add).localSet(h);
  }
  f.localGet(at).i32Const(4).op(Op.i32Add).localSet(at).br(0);
  f.end().end();
  f.i32Const(0).localGet(h0).mem(Op.i32Store);
  f.i32Const(0).localGet(h1).mem(Op.i32Store, 4);
  const m = new ModuleBuilder().defineMemory(1);
  m.addFunction("murmur3_pair", f);
  return m.toBytes();
}
