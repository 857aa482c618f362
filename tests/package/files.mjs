// The runtime build reads the package's prebuilt modules (package_files.ts, field/wasm/packaged.ts):
// `node files.mjs <consumer dir> <deno> [bun]` (tests/package/run.sh). In a copy of the installed
// package, bls12-381-fp.wasm is replaced by the BN254 module: a runtime that reads the file refuses it
// (INVALID_TYPE: it lacks the BLS12-381 layers), one that may not read it or reads another shape's
// file (Bun: .wide.wasm, then replaced the same way) signs as usual, and with the file removed
// everything is generated; X25519's files are read the same way. Each case is a fresh process.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  // One X25519 shared secret: prints "ok" (32 bytes), or the error's code and message.
  writeFileSync(
    join(dir, "x25519.mjs"),
    `const { x25519 } = await import("isochron/x25519");
try {
  const a = x25519.randomSecretKey();
  console.log(x25519.getSharedSecret(a, x25519.getPublicKey(x25519.randomSecretKey())).length === 32 ? "ok" : "bad");
} catch (e) {
  console.log(\`\${e.code ?? e.name}: \${e.message}\`);
}
`,
  );
  const wasm = join(dir, "node_modules/isochron/dist/wasm");
  const run = (cmd, args, script = "sign.mjs") => {
    try {
      return execFileSync(cmd, [...args, script], {
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
  // X25519's full module (the ladder's file on Bun, the wide shape's): a field module there is refused.
  const x25519File = readFileSync(join(wasm, "x25519.wasm"));
  cpSync(join(wasm, "bn254-fr.wasm"), join(wasm, "x25519.wasm"));
  expect(
    "node reads dist/wasm/x25519.wasm (a field module there is refused)",
    run("node", [], "x25519.mjs"),
    /^INVALID_TYPE: .*x25519\.wasm is not X25519's module/,
  );
  writeFileSync(join(wasm, "x25519.wasm"), x25519File);
  if (bun) {
    cpSync(join(wasm, "bn254-fr.wasm"), join(wasm, "x25519.wide.wasm"));
    expect(
      "bun reads dist/wasm/x25519.wide.wasm (a field module there is refused)",
      run(bun, [], "x25519.mjs"),
      /^INVALID_TYPE: .*x25519\.wide\.wasm is not X25519's module/,
    );
  }
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
