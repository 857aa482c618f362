// The runtime build reads the package's prebuilt modules (package_files.ts, field/wasm/packaged.ts):
// `node files.mjs <consumer dir> <deno> [bun]` (tests/package/run.sh). In a copy of the installed
// package, bls12-381-fp.wasm is replaced by the BN254 module: with other bytes than the build embeds
// the checksum of, no runtime reads it (each generates and signs); with that module's checksum put in the
// entries as well, a runtime that reads the file refuses it (INVALID_TYPE: it lacks the BLS12-381
// layers), Deno without read access generates, Bun reads its wide shape's file (replaced the same way
// next), X25519's files likewise, and with the file removed everything is generated. Each case is a
// fresh process.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
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

  // The entries of the runtime build embed the checksum (the package's wasm/checksum.js) of each file
  // they may read.
  const { moduleChecksum } = await import(pathToFileURL(join(wasm, "checksum.js")).href);
  const entries = ["mod.js", "x25519/mod.js", "curves/bls12_381/mod.js", "curves/bn254/mod.js"]
    .map((e) => join(dir, "node_modules/isochron/dist/node", e));
  /** Puts the bytes of `from` into `file`; with `admit`, also the new checksum into the entries. */
  const replace = (file, from, admit) => {
    const old = moduleChecksum(readFileSync(join(wasm, file))), bytes = readFileSync(join(wasm, from));
    writeFileSync(join(wasm, file), bytes);
    if (admit) for (const e of entries) writeFileSync(e, readFileSync(e, "utf8").replaceAll(old, moduleChecksum(bytes)));
  };

  // Other bytes than the build's: never read, so every runtime generates and signs.
  const original = readFileSync(join(wasm, "bls12-381-fp.wasm"));
  replace("bls12-381-fp.wasm", "bn254-fp.wasm", false);
  expect("node ignores a bls12-381-fp.wasm with other bytes than it was built with: signs", run("node", []), "ok");
  writeFileSync(join(wasm, "bls12-381-fp.wasm"), original);
  // The same bytes admitted by their checksum: read, and refused as BLS12-381's module.
  replace("bls12-381-fp.wasm", "bn254-fp.wasm", true);
  const refused = /^INVALID_TYPE: .*wasm module (is not|of) bls12-381-fp/;
  expect("node reads dist/wasm/bls12-381-fp.wasm (the BN254 module admitted there is refused)", run("node", []), refused);
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
  // X25519's full module (and on Bun its wide ladder's): a field module admitted there is refused.
  const kept = [join(wasm, "x25519.wasm"), ...entries].map((f) => [f, readFileSync(f)]);
  replace("x25519.wasm", "bn254-fr.wasm", true);
  expect(
    "node reads dist/wasm/x25519.wasm (a field module admitted there is refused)",
    run("node", [], "x25519.mjs"),
    /^INVALID_TYPE: .*x25519\.wasm is not X25519's module/,
  );
  for (const [f, bytes] of kept) writeFileSync(f, bytes); // X25519's own module back, for Bun's case
  if (bun) {
    // Bun validates wide arithmetic: its files are the wide shape's, untouched so far.
    expect("bun reads the wide shape's file, not the portable one: signs", run(bun, []), "ok");
    replace("bls12-381-fp.wide.wasm", "bn254-fp.wide.wasm", true);
    expect("bun reads dist/wasm/bls12-381-fp.wide.wasm (the BN254 module admitted there is refused)", run(bun, []), refused);
    replace("x25519.wide.wasm", "bn254-fr.wasm", true);
    expect(
      "bun reads dist/wasm/x25519.wide.wasm (a field module admitted there is refused)",
      run(bun, [], "x25519.mjs"),
      /^INVALID_TYPE: .*x25519\.wide\.wasm is not X25519's module/,
    );
  }
  rmSync(join(wasm, "bls12-381-fp.wasm"));
  expect("node with the file removed generates the module: signs", run("node", []), "ok");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
results.summary("files");
