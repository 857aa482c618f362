// @ts-check
// Where a cold BLS start goes, phase by phase, in one fresh process (the `cold` rows time the whole):
//   node|bun bench/engines/cold_phases.mjs isochron|isochron-noble-api|noble|noble-bytes [runs]
// after `bash scripts/build_package.sh` (isochron comes from the npm runtime build, dist/node/, as
// Node and Bun users load it). Each run is a fresh process of the same runtime; the script prints one
// line per run and the median of each phase, in ms.
//
// - `isochron`: `bls12_381.sig` (bytes in and out: keyGen, getPublicKey, sign, verify, which hashes
//   the message again and decodes and checks the key and the signature), as the report's cold row.
// - `isochron-noble-api` and `noble`: @noble/curves' `longSignatures` calls on each library (keygen,
//   one hash, sign and verify on points): the same calls, the same work.
// - `noble-bytes`: noble with bytes at the boundary and a hash in sign and in verify, isochron's
//   `sig` work.
// JavaScriptCore's tiers can be tried from outside: `BUN_JSC_useOMGJIT=0 bun bench/engines/…`.
import { execFileSync } from "node:child_process";
import process from "node:process";

const DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
const ISOCHRON = new URL("../../dist/node/curves/bls12_381/mod.js", import.meta.url).href;
const NOBLE = "@noble/curves/bls12-381.js";
const random = (/** @type {number} */ n) => crypto.getRandomValues(new Uint8Array(n));

/** The phases of each variant: [name, work] in order, after the import. */
const VARIANTS =
  /** @type {Record<string, { lib: string, phases: (m: any) => [string, () => unknown][] }>} */ ({
    isochron: {
      lib: ISOCHRON,
      phases: ({ bls12_381 }) => {
        const s = bls12_381.sig, msg = random(32), v = /** @type {any} */ ({});
        return [
          ["keygen", () => (v.sk = s.SecretKey.keyGen(random(48)))],
          ["pk", () => (v.pk = s.getPublicKey(v.sk).toBytes())],
          ["sign", () => (v.sig = s.sign(v.sk, msg).toBytes())],
          ["verify", () => s.verify(s.PublicKey.fromBytes(v.pk), msg, s.Signature.fromBytes(v.sig))],
        ];
      },
    },
    "isochron-noble-api": { lib: ISOCHRON, phases: ({ bls12_381 }) => points(bls12_381) },
    noble: { lib: NOBLE, phases: ({ bls12_381 }) => points(bls12_381) },
    "noble-bytes": {
      lib: NOBLE,
      phases: ({ bls12_381 }) => {
        const N = bls12_381.longSignatures, msg = random(32), v = /** @type {any} */ ({});
        return [
          ["keygen", () => (v.sk = N.keygen(random(48)).secretKey)],
          ["pk", () => (v.pk = N.getPublicKey(v.sk).toBytes())],
          ["sign", () => (v.sig = N.sign(N.hash(msg, DST), v.sk).toBytes())],
          ["verify", () => N.verify(v.sig, N.hash(msg, DST), v.pk)],
        ];
      },
    },
  });

/** noble's calls: keygen (key pair), one hash, sign and verify on points. */
function points(/** @type {any} */ bls12_381) {
  const N = bls12_381.longSignatures, msg = random(32), v = /** @type {any} */ ({});
  return /** @type {[string, () => unknown][]} */ ([
    ["keygen", () => (v.keys = N.keygen(random(48)))],
    ["hash", () => (v.h = N.hash(msg, DST))],
    ["sign", () => (v.sig = N.sign(v.h, v.keys.secretKey))],
    ["verify", () => N.verify(v.sig, v.h, v.keys.publicKey)],
  ]);
}

const [name, runs = "7", child] = process.argv.slice(2);
const variant = VARIANTS[name];
if (variant === undefined) {
  console.error(`usage: cold_phases.mjs <${Object.keys(VARIANTS).join("|")}> [runs]`);
  process.exit(2);
}
if (child === "--child") {
  const t = [performance.now()];
  const phases = variant.phases(await import(variant.lib));
  t.push(performance.now());
  let ok;
  for (const [, work] of phases) {
    ok = work();
    t.push(performance.now());
  }
  if (ok !== true) throw new Error(`${name}: the signature does not verify`);
  const times = /** @type {Record<string, number>} */ ({ import: t[1] - t[0] });
  phases.forEach(([phase], i) => (times[phase] = t[i + 2] - t[i + 1]));
  console.log(JSON.stringify({ ...times, total: t[t.length - 1] - t[0] }));
} else {
  /** @type {Record<string, number>[]} */
  const rows = [];
  for (let i = 0; i < Number(runs); i++) {
    const out = execFileSync(process.execPath, [new URL(import.meta.url).pathname, name, "1", "--child"]);
    const row = JSON.parse(String(out));
    rows.push(row);
    console.log(Object.entries(row).map(([k, v]) => `${k} ${v.toFixed(1)}`).join("  "));
  }
  const median = (/** @type {number[]} */ xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  const keys = Object.keys(rows[0]);
  console.log(
    `median (${rows.length}): ${
      keys.map((k) => `${k} ${median(rows.map((r) => r[k])).toFixed(1)}`).join("  ")
    }`,
  );
}
