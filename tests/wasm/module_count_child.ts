// Child of module_plan.test.ts: a fresh process counts the WebAssembly modules compiled by a first BLS
// keyGen + sign + verify and prints {"modules": n, "bytes": total} (the empty-module probe excluded).
const Original = WebAssembly.Module;
let modules = 0, bytes = 0;
// deno-lint-ignore no-explicit-any
(WebAssembly as any).Module = function (b: Uint8Array<ArrayBuffer>) {
  if (b.byteLength > 8) { // 8 bytes: the compile probe (wasm/compile.ts)
    modules++;
    bytes += b.byteLength;
  }
  return new Original(b);
};
const originalCompile = WebAssembly.compile;
// deno-lint-ignore no-explicit-any
(WebAssembly as any).compile = (b: Uint8Array<ArrayBuffer>) => {
  modules++;
  bytes += b.byteLength;
  return originalCompile(b);
};
const { bls12_381 } = await import("../../curves/bls12_381/mod.ts");
const sig = bls12_381.sig;
const sk = sig.SecretKey.keyGen(new Uint8Array(32).fill(7));
const msg = new TextEncoder().encode("first");
const s = sig.sign(sk, msg);
if (!sig.verify(sig.getPublicKey(sk), msg, s)) throw new Error("verify failed");
console.log(JSON.stringify({ modules, bytes }));
