/**
 * Engine probe (issue 15, item 3): the four headline ratios of isochron's wasm backend against the
 * wasm peers, measured interleaved in one process of whichever runtime runs it. Bundled by
 * bench/engines/run.sh into one .mjs file (library inlined, peers imported from node_modules) so that
 * Node 20, a current Node, Bun and Deno run the same code.
 *
 *   x25519      isochron scalarMult          vs libsodium-wrappers crypto_scalarmult
 *   g1-mul-ct   isochron G1 Point.multiply   vs mcl-wasm's raw `_mclBnG1_mulCT` (through `_op2`)
 *   pairing     isochron pairing             vs mcl-wasm pairing
 *   bls-verify  isochron verify (bytes in)   vs bls-eth-wasm (deserialize pk and sig, verify)
 *
 * Prints one line per op: the minimum µs per call of each side over PROBE_ROUNDS alternating rounds
 * of ~2 ms batches, their ratio isochron / peer (lower is better), and the median of the per-round
 * ratios. Options (environment): PROBE_OPS=x25519,pairing (subset), PROBE_ROUNDS (default 200),
 * PROBE_LADDER=inline|calls and PROBE_FP_MUL=u32|reduced (force a code shape, section 3a of
 * ARCHITECTURE.md; default: the loader's choice for the engine).
 */

// deno-lint-ignore-file no-explicit-any
import { initX25519Wasm, scalarMult, x25519WasmBytes } from "../../x25519/mod.ts";
import { bls12_381Groups } from "../../curves/bls12_381/groups.ts";
import { bls12_381 } from "../../curves/bls12_381/mod.ts";
import { signatureSuite } from "../../curves/bls12_381/signatures/mod.ts";
import { setX25519LadderShape } from "../../x25519/wasm/shape.ts";
import { setFieldMulShape } from "../../field/wasm/shape.ts";
// @ts-ignore: peers without Deno types
import sodiumMod from "libsodium-wrappers";
// @ts-ignore: peers without Deno types
import mclMod from "mcl-wasm";
// @ts-ignore: peers without Deno types
import blsMod from "bls-eth-wasm";

const env = (k: string): string | undefined =>
  (globalThis as any).process?.env?.[k] ?? (globalThis as any).Deno?.env.get(k);
const OPS = (env("PROBE_OPS") ?? "x25519,g1-mul-ct,pairing,bls-verify").split(",");
const ROUNDS = Number(env("PROBE_ROUNDS") ?? 200);
// Shapes forced for a comparison (default: the loader's choice for this engine), before any kernel exists.
setX25519LadderShape((env("PROBE_LADDER") ?? "auto") as "auto");
setFieldMulShape((env("PROBE_FP_MUL") ?? "auto") as "auto");
// X25519 on its published module, as the npm runtime build runs it.
initX25519Wasm(new WebAssembly.Module(x25519WasmBytes() as Uint8Array<ArrayBuffer>));

const rnd = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const now = () => performance.now();

/**
 * µs per call of a and b: batches of ~2 ms, a and b alternating batch by batch for ROUNDS rounds after
 * a warm-up that lets every tier compile; the minimum batch of each side (the least disturbed one on a
 * shared machine), and the median of the per-round ratios as a second view.
 */
function pair(a: () => unknown, b: () => unknown): [number, number, number] {
  const size = (f: () => unknown) => {
    let n = 1;
    for (;;) {
      const t = now();
      for (let i = 0; i < n; i++) f();
      if (now() - t > 2) return n;
      n *= 2;
    }
  };
  const warm = now();
  while (now() - warm < 1500) size(a), size(b); // warm up and tier up
  const na = size(a), nb = size(b);
  let ma = Infinity, mb = Infinity;
  const ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let t = now();
    for (let i = 0; i < na; i++) a();
    const ta = (now() - t) * 1000 / na;
    t = now();
    for (let i = 0; i < nb; i++) b();
    const tb = (now() - t) * 1000 / nb;
    ma = Math.min(ma, ta), mb = Math.min(mb, tb);
    ratios.push(ta / tb);
  }
  ratios.sort((p, q) => p - q);
  return [ma, mb, ratios[ratios.length >> 1]];
}

function runtime(): string {
  const g = globalThis as any;
  if (g.Deno) return `deno ${g.Deno.version.deno} (V8 ${g.Deno.version.v8})`;
  if (g.Bun) return `bun ${g.Bun.version} (JSC)`;
  return `node ${g.process.version} (V8 ${g.process.versions.v8})`;
}

const sodium = (sodiumMod as any).default ?? sodiumMod;
const mcl = (mclMod as any).default ?? mclMod;
const bls = (blsMod as any).default ?? blsMod;

console.log(runtime());
const row = (op: string, [a, b, med]: [number, number, number]) =>
  console.log(
    `${op.padEnd(11)} isochron ${a.toFixed(1).padStart(8)} µs  peer ${b.toFixed(1).padStart(8)} µs  ` +
      `ratio ${(a / b).toFixed(2)}  (median of round ratios ${med.toFixed(2)})`,
  );

if (OPS.includes("x25519")) {
  await sodium.ready;
  const k = rnd(32), u = rnd(32);
  row("x25519", pair(() => scalarMult(k, u), () => sodium.crypto_scalarmult(k, u)));
}

if (OPS.includes("g1-mul-ct") || OPS.includes("pairing")) {
  await mcl.init(mcl.BLS12_381);
  const { G1, G2 } = bls12_381Groups("wasm");
  const be32 = () => {
    const k = rnd(32);
    k[0] &= 0x3f;
    return k;
  };
  const P = G1.BASE.multiply(be32()), Q = G2.BASE.multiply(be32());
  const mP = mcl.hashAndMapToG1("probe-p"), mQ = mcl.hashAndMapToG2("probe-q");
  if (OPS.includes("g1-mul-ct")) {
    const k = be32();
    const fr = new mcl.Fr();
    fr.setByCSPRNG();
    row("g1-mul-ct", pair(() => P.multiply(k), () => mP._op2(mcl.mod._mclBnG1_mulCT, fr)));
  }
  if (OPS.includes("pairing")) {
    row("pairing", pair(() => bls12_381.pairing(P, Q), () => mcl.pairing(mP, mQ)));
  }
}

if (OPS.includes("bls-verify")) {
  await bls.init(bls.BLS12_381);
  const s = signatureSuite({}, "wasm");
  const sk = s.SecretKey.random(), msg = rnd(32);
  const pk = s.getPublicKey(sk).toBytes(), sg = s.sign(sk, msg).toBytes();
  const iv = () => s.verify(s.PublicKey.fromBytes(pk), msg, s.Signature.fromBytes(sg));
  const bsk = new bls.SecretKey();
  bsk.setByCSPRNG();
  const bpk = bsk.getPublicKey().serialize(), bsg = bsk.sign(msg).serialize();
  const bv = () => {
    const p = new bls.PublicKey(), g = new bls.Signature();
    p.deserialize(bpk);
    g.deserialize(bsg);
    return p.verify(g, msg);
  };
  if (!iv() || !bv()) throw new Error("bls-verify: setup signature invalid");
  row("bls-verify", pair(iv, bv));
}
