// The runtime build reads the package's prebuilt modules (package_files.ts, field/wasm/packaged.ts):
// `node files.mjs <consumer dir> <deno> [bun]` (tests/package/run.sh). In a copy of the installed
// package, bls12-381-fp.wasm is replaced by the BN254 module: a runtime that reads the file refuses it
// (INVALID_TYPE: it lacks the BLS12-381 layers), one that may not read it or reads another shape's
// file (Bun: .wide.wasm, then replaced the same way) signs as usual, and with the file removed
// everything is generated. Each case is a fresh process.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { Results } from "./harness.mjs";

const [consumer, deno, bun] = process.argv.slice(2);
const results = new Results();
const dir = mkdtempSync(join(tmpdir(), "isochron-files-"));
try {
  cpSync(join(consumer, "node_modules"), join(dir, "node_modules"), { recursive: true, dereference: true });
  writeFileSync(join(dir, "package.json"), '{ "name": "files", "private": true, "type": "module" }\n');
  // One BLS signature (Ethereum suite), verified: prints "ok", or the error's code and message.
  writeFileSync(
    join(dir, "sign.mjs"),
    `const { bls12_381 } = await import("isochron/bls12-381");
try {
  const s = bls12_381.sig, sk = s.SecretKey.keyGen(new Uint8Array(32).fill(7)), msg = new Uint8Array(32);
  console.log(s.verify(s.getPublicKey(sk), msg, s.sign(sk, msg)) ? "ok" : "does not verify");
} catch (e) {
  console.log(\`\${e.code ?? e.name}: \${e.message}\`);
}
`,
  );
  const wasm = join(dir, "node_modules/isochron/dist/wasm");
  const run = (cmd, args) => {
    try {
      return execFileSync(cmd, [...args, "sign.mjs"], {
        cwd: dir,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, NO_COLOR: "1" },
      }).trim();
    } catch (e) {
      return `exit ${e.status}: ${String(e.stderr).split("\n")[0]}`;
    }
  };
  const denoArgs = (...perms) => ["run", "--quiet", "--no-prompt", "--node-modules-dir=manual", ...perms];
  const expect = (name, got, want) =>
    results.record(name, want instanceof RegExp ? want.test(got) : got === want, `got "${got}"`);

  cpSync(join(wasm, "bn254-fp.wasm"), join(wasm, "bls12-381-fp.wasm"));
  const refused = /^INVALID_TYPE: .*wasm module (is not|of) bls12-381-fp/;
  expect("node reads dist/wasm/bls12-381-fp.wasm (the BN254 module there is refused)", run("node", []), refused);
  expect(
    "deno --allow-read reads it through node_modules (refused the same way)",
    run(deno, denoArgs("--allow-read", "--allow-env")),
    refused,
  );
  expect(
    "deno without read permission neither reads it nor prompts: generates, signs",
    run(deno, denoArgs("--allow-env")),
    "ok",
  );
  if (bun) {
    // Bun validates wide arithmetic: its file is the wide shape's, untouched so far.
    expect("bun reads the wide shape's file, not the portable one: signs", run(bun, []), "ok");
    cpSync(join(wasm, "bn254-fp.wide.wasm"), join(wasm, "bls12-381-fp.wide.wasm"));
    expect("bun reads dist/wasm/bls12-381-fp.wide.wasm (the BN254 module there is refused)", run(bun, []), refused);
  }
  rmSync(join(wasm, "bls12-381-fp.wasm"));
  expect("node with the file removed generates the module: signs", run("node", []), "ok");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
results.summary("files");
