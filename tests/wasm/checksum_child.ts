// Child of checksum.test.ts: the module checksum of fixed bytes where compiling WebAssembly from bytes
// is refused (as under a Content-Security-Policy without 'wasm-unsafe-eval'); prints "refused <checksum>".
import { moduleChecksum, murmurBodyWasm } from "../internal.ts";

WebAssembly.Module = function () {
  throw new WebAssembly.CompileError("refused by the test");
} as unknown as typeof WebAssembly.Module;
const bytes = new Uint8Array(70_001).map((_, i) => (i * 40503) >>> 8);
const wasm = murmurBodyWasm(bytes, 0, 1);
console.log(`${wasm === null ? "refused" : "compiled"} ${moduleChecksum(bytes)}`);
