/**
 * scripts/bin.mjs, the resolver of the deno, bun and workerd binaries: the mapping from platform,
 * architecture and C library to npm packages (checked against package-lock.json), the search order
 * under node_modules (fixtures), and on this machine the real executables and the command line (run
 * with Node: `npm run bench` and `npm test` call it so). Needs --allow-read, --allow-env, --allow-sys
 * and --allow-run.
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  BinaryNotFoundError,
  candidatePaths,
  detectHost,
  findBinary,
  type Host,
  isNativeExecutable,
  platformPackages,
  TOOLS,
  UnsupportedPlatformError,
} from "../../scripts/bin.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const fixtures = fileURLToPath(new URL("./fixtures/", import.meta.url));
const NAMES = ["deno", "bun", "workerd"] as const;

const host = (
  platform: string,
  arch: string,
  libc: Host["libc"] = null,
  avx2: boolean | null = null,
): Host => ({
  platform,
  arch,
  libc,
  avx2,
});
const packages = (tool: string, h: Host): string[] =>
  platformPackages(tool, h).map((t) => `${t.pkg}/${t.exe}`);

Deno.test("bin.mjs: the platform packages of deno, bun and workerd per platform, arch and libc", () => {
  const table: [Host, Record<(typeof NAMES)[number], string[]>][] = [
    [host("linux", "x64", "glibc", true), {
      deno: ["@deno/linux-x64-glibc/deno"],
      bun: ["@oven/bun-linux-x64/bin/bun", "@oven/bun-linux-x64-baseline/bin/bun"],
      workerd: ["@cloudflare/workerd-linux-64/bin/workerd"],
    }],
    [host("linux", "arm64", "glibc"), {
      deno: ["@deno/linux-arm64-glibc/deno"],
      bun: ["@oven/bun-linux-aarch64/bin/bun"],
      workerd: ["@cloudflare/workerd-linux-arm64/bin/workerd"],
    }],
    [host("darwin", "arm64"), {
      deno: ["@deno/darwin-arm64/deno"],
      bun: ["@oven/bun-darwin-aarch64/bin/bun"],
      workerd: ["@cloudflare/workerd-darwin-arm64/bin/workerd"],
    }],
    [host("darwin", "x64"), {
      deno: ["@deno/darwin-x64/deno"],
      bun: ["@oven/bun-darwin-x64/bin/bun", "@oven/bun-darwin-x64-baseline/bin/bun"],
      workerd: ["@cloudflare/workerd-darwin-64/bin/workerd"],
    }],
    [host("win32", "x64"), {
      deno: ["@deno/win32-x64/deno.exe"],
      bun: ["@oven/bun-windows-x64/bin/bun.exe", "@oven/bun-windows-x64-baseline/bin/bun.exe"],
      workerd: ["@cloudflare/workerd-windows-64/bin/workerd.exe"],
    }],
    [host("win32", "arm64"), {
      deno: ["@deno/win32-arm64/deno.exe"],
      bun: ["@oven/bun-windows-aarch64/bin/bun.exe"],
      workerd: ["@cloudflare/workerd-windows-64/bin/workerd.exe"], // x64 emulation, as workerd's installer
    }],
  ];
  for (const [h, expected] of table) {
    for (const tool of NAMES) {
      assert.deepEqual(packages(tool, h), expected[tool], `${tool} on ${JSON.stringify(h)}`);
    }
  }
  // musl: only bun publishes binaries; a CPU without AVX2 gets bun's baseline builds only.
  assert.deepEqual(packages("bun", host("linux", "x64", "musl", true)), [
    "@oven/bun-linux-x64-musl/bin/bun",
    "@oven/bun-linux-x64-musl-baseline/bin/bun",
  ]);
  assert.deepEqual(packages("bun", host("linux", "arm64", "musl")), ["@oven/bun-linux-aarch64-musl/bin/bun"]);
  assert.deepEqual(packages("bun", host("linux", "x64", "glibc", false)), [
    "@oven/bun-linux-x64-baseline/bin/bun",
  ]);
  assert.deepEqual(packages("bun", host("freebsd", "x64")), ["@oven/bun-freebsd-x64/bin/bun"]);
  assert.deepEqual(packages("bun", host("android", "arm64")), ["@oven/bun-linux-aarch64-android/bin/bun"]);
  assert.deepEqual(
    packages("deno", host("linux", "x64")),
    ["@deno/linux-x64-glibc/deno"],
    "libc unknown: glibc",
  );
  // After the platform packages, the copy the wrapper's postinstall leaves.
  assert.deepEqual(candidatePaths("deno", host("linux", "x64", "glibc")), [
    "@deno/linux-x64-glibc/deno",
    "deno/deno",
  ]);
  assert.deepEqual(candidatePaths("bun", host("win32", "arm64")), [
    "@oven/bun-windows-aarch64/bin/bun.exe",
    "bun/bin/bun.exe",
  ]);
  assert.deepEqual(candidatePaths("workerd", host("win32", "x64")), [
    "@cloudflare/workerd-windows-64/bin/workerd.exe",
  ]);
});

Deno.test("bin.mjs: an unsupported platform is a clear error naming the supported ones", () => {
  const unsupported: [string, Host, RegExp][] = [
    [
      "deno",
      host("linux", "x64", "musl"),
      /^deno: no npm package ships a binary for linux x64 \(musl\) \(supported: .*linux x64 \(glibc\)/,
    ],
    ["workerd", host("linux", "arm64", "musl"), /^workerd: .* linux arm64 \(musl\) .*linux arm64 \(glibc\)/],
    ["deno", host("freebsd", "x64"), /^deno: .* freebsd x64 \(supported: .*darwin arm64/],
    [
      "bun",
      host("linux", "ia32", "glibc"),
      /^bun: .* linux ia32 \(glibc\) \(supported: .*linux x64 \(glibc\)/,
    ],
    ["workerd", host("aix", "ppc64"), /^workerd: no npm package ships a binary for aix ppc64 \(supported: /],
  ];
  for (const [tool, h, message] of unsupported) {
    assert.throws(() => candidatePaths(tool, h), (e: unknown) => {
      assert.ok(e instanceof UnsupportedPlatformError, String(e));
      assert.match(e.message, message);
      return true;
    });
  }
  assert.throws(() => platformPackages("node", host("linux", "x64", "glibc")), /unknown tool "node"/);
  // Baseline builds are alternatives, not platforms of their own.
  assert.throws(
    () => platformPackages("bun", host("linux", "ia32")),
    (e: Error) => !/baseline/.test(e.message),
  );
});

Deno.test("bin.mjs: the table agrees with the optional dependencies in package-lock.json", async () => {
  const lock = JSON.parse(await Deno.readTextFile(`${root}package-lock.json`));
  type Entry = {
    os?: string[];
    cpu?: string[];
    libc?: string[];
    optionalDependencies?: Record<string, string>;
  };
  const entries: Record<string, Entry> = lock.packages;
  for (const [name, tool] of Object.entries(TOOLS)) {
    const wrapper = entries[`node_modules/${tool.wrapper}`];
    assert.ok(wrapper !== undefined, `${tool.wrapper} in package-lock.json`);
    const optional = Object.keys(wrapper.optionalDependencies ?? {}).sort();
    const mapped = [...new Set(tool.targets.filter((t) => !t.baseline).map((t) => t.pkg))].sort();
    assert.deepEqual(mapped, optional, `${name}: mapped packages = ${tool.wrapper}'s optionalDependencies`);
    for (const t of tool.targets.filter((t) => !t.baseline)) {
      const e = entries[`node_modules/${t.pkg}`];
      assert.ok(e !== undefined, `${t.pkg} in package-lock.json`);
      assert.ok(e.os?.includes(t.platform), `${t.pkg}: os ${e.os} has ${t.platform}`);
      if (!t.emulated) assert.ok(e.cpu?.includes(t.arch), `${t.pkg}: cpu ${e.cpu} has ${t.arch}`);
      if (e.libc !== undefined) assert.deepEqual(e.libc, [t.libc], `${t.pkg}: libc`);
      if (t.platform === "linux") assert.ok(t.libc !== undefined, `${t.pkg}: Linux entries name their libc`);
    }
  }
});

Deno.test("bin.mjs: search order and executable checks (fixtures)", () => {
  const near = `${fixtures}near`, far = `${fixtures}far`;
  const linux = host("linux", "x64", "glibc", true);
  // The platform package wins over the postinstall copy, even in a folder further up.
  assert.equal(
    findBinary("deno", { host: linux, searchDirs: [near, far] }),
    `${far}/@deno/linux-x64-glibc/deno`,
  );
  assert.equal(findBinary("deno", { host: linux, searchDirs: [near] }), `${near}/deno/deno`);
  // bun's placeholder (text) and an ELF without the executable bit are not executables.
  assert.equal(isNativeExecutable(`${near}/bun/bin/bun.exe`), false);
  assert.equal(isNativeExecutable(`${near}/workerd/bin/workerd`), true);
  for (const tool of ["bun", "workerd"]) {
    assert.throws(() => findBinary(tool, { host: linux, searchDirs: [near, far] }), (e: unknown) => {
      assert.ok(e instanceof BinaryNotFoundError, String(e));
      assert.match(e.message, new RegExp(`^${tool}: no executable for linux x64 \\(glibc\\) in ${near} `));
      assert.match(e.message, /npm ci/);
      assert.ok(e.message.includes(candidatePaths(tool, linux)[0]), e.message);
      return true;
    });
  }
  // Windows: a PE file, no executable bit needed; macOS: Mach-O.
  assert.equal(
    findBinary("deno", { host: host("win32", "x64"), searchDirs: [near, far] }),
    `${far}/@deno/win32-x64/deno.exe`,
  );
  assert.equal(
    findBinary("bun", { host: host("darwin", "arm64"), searchDirs: [near, far] }),
    `${far}/@oven/bun-darwin-aarch64/bin/bun`,
  );
  assert.equal(isNativeExecutable(`${fixtures}README.md`), false);
  assert.equal(isNativeExecutable(`${fixtures}no such file`), false);
});

async function node(
  ...args: string[]
): Promise<{ code: number; signal: Deno.Signal | null; stdout: string; stderr: string }> {
  const out = await new Deno.Command("node", {
    args: ["scripts/bin.mjs", ...args],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  const dec = new TextDecoder();
  return {
    code: out.code,
    signal: out.signal,
    stdout: dec.decode(out.stdout),
    stderr: dec.decode(out.stderr),
  };
}

Deno.test("bin.mjs on this machine: real executables, --path, exit codes and signals passed on", async () => {
  const here = detectHost();
  assert.equal(here.platform, Deno.build.os === "windows" ? "win32" : Deno.build.os);
  for (const tool of NAMES) {
    const path = findBinary(tool);
    assert.ok(path.startsWith(`${root}node_modules/`), path);
    assert.ok(isNativeExecutable(path), path);
    const printed = await node("--path", tool); // resolved by Node, as npm runs it
    assert.equal(printed.code, 0, printed.stderr);
    assert.equal(printed.stdout.trim(), path);
  }
  const version = await node("bun", "--version");
  assert.equal(version.code, 0, version.stderr);
  assert.match(version.stdout, /^\d+\.\d+\.\d+/);
  const seven = await node("deno", "eval", "Deno.exit(7)");
  assert.equal(seven.code, 7, seven.stderr);
  if (Deno.build.os !== "windows") {
    const killed = await node("deno", "eval", "Deno.kill(Deno.pid, 'SIGTERM'); await new Promise(() => {})");
    assert.equal(killed.signal, "SIGTERM", `code ${killed.code}, ${killed.stderr}`);
  }
  const unknown = await node("nodejs");
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown tool "nodejs"[\s\S]*Usage: node scripts\/bin\.mjs/);
  const help = await node("--help");
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--path <tool>/);
});
