/**
 * The child of embedded.test.ts: `deno run --allow-read entry_child.ts <mode>` imports the Deno entries
 * for BLS12-381 and X25519 and prints one JSON line. Mode `good`: the source entries
 * (deno/entries/*.ts, which share tests/internal.ts's module state): whether their reader supplies the
 * modules (readModuleFile), a BLS sign + verify, and the RFC 7748 §6.1 shared secret. Mode `wrong`:
 * BN254's Fp module is first embedded under BLS12-381's file name (asked before the entry's reader),
 * so a first BLS operation must take it, and refuse it. Mode `bundle`: what a JSR user imports
 * (deno/bls12_381.ts, deno/x25519.ts, which run deno/bundle/): the same sign + verify and shared secret.
 */
import { readModuleFile, useEmbeddedModules } from "../internal.ts";

const mode = Deno.args[0];
const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
const unhex = (s: string) => Uint8Array.from(s.match(/../g)!.map((h) => parseInt(h, 16)));

if (mode === "wrong") {
  const { DENO_BN254_MODULES } = await import("../internal.ts");
  useEmbeddedModules({ "bls12-381-fp.wasm": DENO_BN254_MODULES["bn254-fp.wasm"] });
}
const { bls12_381 } = mode === "bundle"
  ? await import("../../deno/bls12_381.ts")
  : await import("../../deno/entries/bls12_381.ts");
const { x25519 } = mode === "bundle"
  ? await import("../../deno/x25519.ts")
  : await import("../../deno/entries/x25519.ts");
const out: Record<string, unknown> = {};
out.files = mode === "bundle" ? null : [
  "bls12-381-fp.wasm",
  "bls12-381-fr.wasm",
  "x25519.wasm",
  "bn254-fp.wasm",
  "bls12-381-fp.nosimd.wasm",
]
  .filter((f) => readModuleFile(f) !== null);
try {
  const s = bls12_381.sig, msg = new TextEncoder().encode("isochron");
  const sk = s.SecretKey.keyGen(new Uint8Array(32).fill(1));
  out.verify = s.verify(s.getPublicKey(sk), msg, s.sign(sk, msg));
} catch (e) {
  out.error = String(e);
}
const v = JSON.parse(Deno.readTextFileSync(new URL("../vectors/x25519/rfc7748.json", import.meta.url)))
  .x25519_dh_section_6_1;
out.x25519 = hex(x25519.getSharedSecret(unhex(v.alice_private), unhex(v.bob_public))) === v.shared;
console.log(JSON.stringify(out));
