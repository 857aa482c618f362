// Child of mul_shape.test.ts: in a fresh process (kernels are built once per process), forces the Fp
// multiplication shape given as the first argument (field/wasm/shape.ts) before any kernel exists,
// then checks the whole wasm stack against noble: G1/G2 multiply and pairing on BLS12-381 and BN254,
// BLS sign (isochron) + verify (noble and isochron). Prints {"shape", "checks"}; throws on a mismatch.
import { setFieldMulShape } from "../internal.ts";
const Original = WebAssembly.Module;
const sizes: number[] = [];
// deno-lint-ignore no-explicit-any
(WebAssembly as any).Module = function (b: Uint8Array<ArrayBuffer>) {
  sizes.push(b.byteLength);
  return new Original(b);
};
const shape = Deno.args[0] as "u32" | "reduced" | "wide";
setFieldMulShape(shape);
const { bls12_381 } = await import("../../curves/bls12_381/mod.ts");
const { bn254 } = await import("../../curves/bn254/mod.ts");
const noble = await import("@noble/curves/bls12-381.js");
const nobleBn = await import("@noble/curves/bn254.js");

let checks = 0;
const check = (ok: boolean, what: string) => {
  if (!ok) throw new Error(`${shape}: ${what}`);
  checks++;
};
const rand = (r: bigint) => {
  let k = 0n;
  for (const b of crypto.getRandomValues(new Uint8Array(40))) k = (k << 8n) | BigInt(b);
  return k % r;
};
// deno-lint-ignore no-explicit-any
const affine = (pt: any) =>
  JSON.stringify(pt.toAffine(), (_, v) => typeof v === "bigint" ? v.toString(16) : v);
for (
  const [name, ours, theirs] of [["bls12-381", bls12_381, noble.bls12_381], [
    "bn254",
    bn254,
    nobleBn.bn254,
  ]] as const
) {
  // deno-lint-ignore no-explicit-any
  const I = ours as any, N = theirs as any;
  for (let n = 0; n < 4; n++) {
    const a = rand(N.fields.Fr.ORDER), b = rand(N.fields.Fr.ORDER);
    const p = I.G1.Point.BASE.multiply(a), q = I.G2.Point.BASE.multiply(b);
    const np = N.G1.Point.BASE.multiply(a), nq = N.G2.Point.BASE.multiply(b);
    check(affine(p) === affine(np), `${name} G1 multiply`);
    check(affine(q) === affine(nq), `${name} G2 multiply`);
    check(N.fields.Fp12.eql(I.pairing(p, q), N.pairing(np, nq)), `${name} pairing`);
  }
}
const sig = bls12_381.sig;
const sk = sig.SecretKey.keyGen(crypto.getRandomValues(new Uint8Array(32)));
const msg = new TextEncoder().encode("shape");
const s = sig.sign(sk, msg), pk = sig.getPublicKey(sk);
check(sig.verify(pk, msg, s), "BLS verify (isochron)");
const ns = noble.bls12_381.longSignatures;
check(
  ns.verify(
    ns.Signature.fromBytes(s.toBytes()),
    ns.hash(msg, "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"),
    pk.toBytes(),
  ),
  "BLS verify (noble)",
);
console.log(JSON.stringify({ shape, checks, sizes }));
