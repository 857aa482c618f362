#!/usr/bin/env node
// @ts-check
/**
 * Finds the native binary of deno, bun or workerd that npm installed for this machine, at run time,
 * so that no platform-specific path is written in package.json, deno.json or the scripts.
 *
 *   node scripts/bin.mjs <deno|bun|workerd> [args...]   runs the binary (exit code and signal propagated)
 *   node scripts/bin.mjs --path <deno|bun|workerd>      prints its absolute path
 *
 * Each tool ships its binaries as optional npm packages, one per platform (`@deno/linux-x64-glibc`,
 * `@oven/bun-darwin-aarch64`, `@cloudflare/workerd-windows-64`, …); the wrapper packages (`deno`,
 * `bun`, `workerd`) only find or copy them in a postinstall script, which `npm ci` may not run (then
 * their `node_modules/.bin` commands fail). This resolver maps `process.platform`, `process.arch` and,
 * on Linux, the C library (glibc or musl, from `process.report`) to the package, and looks for it in
 * the `node_modules` folders from the project root upwards; a copy left by the wrapper's postinstall is
 * the fallback. Plain JavaScript for Node (Deno and Bun run it too), no dependencies.
 */

import { spawn } from "node:child_process";
import {
  accessSync,
  closeSync,
  constants as fsConstants,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
} from "node:fs";
import { constants as osConstants } from "node:os";
import { dirname, join, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

/**
 * @typedef {object} Host  what the binary must run on
 * @property {string} platform  `process.platform`: linux, darwin, win32, freebsd, android, …
 * @property {string} arch  `process.arch`: x64, arm64, …
 * @property {"glibc" | "musl" | null} libc  on Linux the C library, else null
 * @property {boolean | null} avx2  whether the x64 CPU has AVX2 (bun's default x64 builds need it), null if unknown
 */

/**
 * @typedef {object} Target  one platform package of a tool
 * @property {string} platform
 * @property {string} arch
 * @property {"glibc" | "musl"} [libc]  Linux only: the C library the binary links against
 * @property {boolean} [baseline]  an x64 build without AVX2 (bun); not among the wrapper's optional dependencies
 * @property {boolean} [emulated]  an x64 build that the upstream installer also uses on Windows arm64
 * @property {string} pkg  npm package name
 * @property {string} exe  path of the executable inside the package
 */

/**
 * @typedef {object} Tool
 * @property {string} wrapper  the npm package that depends on the platform packages
 * @property {(platform: string) => string | null} postinstallCopy  where the wrapper's postinstall leaves the binary
 * @property {Target[]} targets
 */

/** @type {Readonly<Record<string, Tool>>} */
export const TOOLS = Object.freeze({
  // deno/install_api.cjs: `@deno/${platform}-${arch}` plus `-glibc` on Linux; musl is not published.
  deno: {
    wrapper: "deno",
    postinstallCopy: (platform) => platform === "win32" ? "deno/deno.exe" : "deno/deno",
    targets: [
      { platform: "linux", arch: "x64", libc: "glibc", pkg: "@deno/linux-x64-glibc", exe: "deno" },
      { platform: "linux", arch: "arm64", libc: "glibc", pkg: "@deno/linux-arm64-glibc", exe: "deno" },
      { platform: "darwin", arch: "x64", pkg: "@deno/darwin-x64", exe: "deno" },
      { platform: "darwin", arch: "arm64", pkg: "@deno/darwin-arm64", exe: "deno" },
      { platform: "win32", arch: "x64", pkg: "@deno/win32-x64", exe: "deno.exe" },
      { platform: "win32", arch: "arm64", pkg: "@deno/win32-arm64", exe: "deno.exe" },
    ],
  },
  // bun/install.js: `@oven/bun-${os}-${aarch64|x64}[-musl|-android][-baseline]`; the postinstall puts
  // the binary it found (or downloaded) at bun/bin/bun.exe on every platform.
  bun: {
    wrapper: "bun",
    postinstallCopy: () => "bun/bin/bun.exe",
    targets: [
      { platform: "linux", arch: "x64", libc: "glibc", pkg: "@oven/bun-linux-x64", exe: "bin/bun" },
      {
        platform: "linux",
        arch: "x64",
        libc: "glibc",
        baseline: true,
        pkg: "@oven/bun-linux-x64-baseline",
        exe: "bin/bun",
      },
      { platform: "linux", arch: "arm64", libc: "glibc", pkg: "@oven/bun-linux-aarch64", exe: "bin/bun" },
      { platform: "linux", arch: "x64", libc: "musl", pkg: "@oven/bun-linux-x64-musl", exe: "bin/bun" },
      {
        platform: "linux",
        arch: "x64",
        libc: "musl",
        baseline: true,
        pkg: "@oven/bun-linux-x64-musl-baseline",
        exe: "bin/bun",
      },
      { platform: "linux", arch: "arm64", libc: "musl", pkg: "@oven/bun-linux-aarch64-musl", exe: "bin/bun" },
      { platform: "android", arch: "x64", pkg: "@oven/bun-linux-x64-android", exe: "bin/bun" },
      { platform: "android", arch: "arm64", pkg: "@oven/bun-linux-aarch64-android", exe: "bin/bun" },
      { platform: "darwin", arch: "x64", pkg: "@oven/bun-darwin-x64", exe: "bin/bun" },
      {
        platform: "darwin",
        arch: "x64",
        baseline: true,
        pkg: "@oven/bun-darwin-x64-baseline",
        exe: "bin/bun",
      },
      { platform: "darwin", arch: "arm64", pkg: "@oven/bun-darwin-aarch64", exe: "bin/bun" },
      { platform: "freebsd", arch: "x64", pkg: "@oven/bun-freebsd-x64", exe: "bin/bun" },
      { platform: "freebsd", arch: "arm64", pkg: "@oven/bun-freebsd-aarch64", exe: "bin/bun" },
      { platform: "win32", arch: "x64", pkg: "@oven/bun-windows-x64", exe: "bin/bun.exe" },
      {
        platform: "win32",
        arch: "x64",
        baseline: true,
        pkg: "@oven/bun-windows-x64-baseline",
        exe: "bin/bun.exe",
      },
      { platform: "win32", arch: "arm64", pkg: "@oven/bun-windows-aarch64", exe: "bin/bun.exe" },
    ],
  },
  // workerd/install.js (knownPackages): `@cloudflare/workerd-${os}-${64|arm64}`. Its Linux binaries
  // link against glibc (interpreter /lib64/ld-linux-x86-64.so.2), so musl is refused here.
  workerd: {
    wrapper: "workerd",
    postinstallCopy: (platform) => platform === "win32" ? null : "workerd/bin/workerd",
    targets: [
      {
        platform: "linux",
        arch: "x64",
        libc: "glibc",
        pkg: "@cloudflare/workerd-linux-64",
        exe: "bin/workerd",
      },
      {
        platform: "linux",
        arch: "arm64",
        libc: "glibc",
        pkg: "@cloudflare/workerd-linux-arm64",
        exe: "bin/workerd",
      },
      { platform: "darwin", arch: "x64", pkg: "@cloudflare/workerd-darwin-64", exe: "bin/workerd" },
      { platform: "darwin", arch: "arm64", pkg: "@cloudflare/workerd-darwin-arm64", exe: "bin/workerd" },
      { platform: "win32", arch: "x64", pkg: "@cloudflare/workerd-windows-64", exe: "bin/workerd.exe" },
      {
        platform: "win32",
        arch: "arm64",
        emulated: true,
        pkg: "@cloudflare/workerd-windows-64",
        exe: "bin/workerd.exe",
      },
    ],
  },
});

/** The platform has no binary package of the tool. */
export class UnsupportedPlatformError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "UnsupportedPlatformError";
  }
}

/** The platform is supported but no executable was found under node_modules. */
export class BinaryNotFoundError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "BinaryNotFoundError";
  }
}

/** `linux x64 (glibc)`: a host as text. */
export function hostText(/** @type {Host} */ host) {
  return `${host.platform} ${host.arch}${host.libc === null ? "" : ` (${host.libc})`}`;
}

/** @param {Target} t */
const targetText = (t) => `${t.platform} ${t.arch}${t.libc === undefined ? "" : ` (${t.libc})`}`;

/** @param {string} name */
function toolOf(name) {
  if (!Object.hasOwn(TOOLS, name)) {
    throw new UnsupportedPlatformError(
      `unknown tool "${name}": expected one of ${Object.keys(TOOLS).join(", ")}`,
    );
  }
  return TOOLS[name];
}

/**
 * The platform packages that can provide `tool` on `host`, preferred first: the regular build, then
 * the x64 baseline build (bun); only the baseline builds when the CPU lacks AVX2. Throws
 * UnsupportedPlatformError (naming the supported platforms) when there is none.
 * @param {string} tool
 * @param {Host} host
 * @returns {Target[]}
 */
export function platformPackages(tool, host) {
  const { targets } = toolOf(tool);
  const libc = host.platform === "linux" ? (host.libc ?? "glibc") : null;
  const matching = targets.filter((t) =>
    t.platform === host.platform && t.arch === host.arch && (t.libc === undefined || t.libc === libc)
  );
  const usable = host.avx2 === false && matching.some((t) => t.baseline)
    ? matching.filter((t) => t.baseline)
    : matching;
  if (usable.length === 0) {
    const supported = [...new Set(targets.filter((t) => !t.baseline).map(targetText))].join(", ");
    throw new UnsupportedPlatformError(
      `${tool}: no npm package ships a binary for ${hostText({ ...host, libc })} (supported: ${supported})`,
    );
  }
  return [...usable].sort((a, b) => Number(a.baseline ?? false) - Number(b.baseline ?? false));
}

/**
 * Paths, relative to a node_modules folder, where the executable of `tool` may be, preferred first:
 * the platform packages, then the copy left by the wrapper's postinstall script.
 * @param {string} tool
 * @param {Host} host
 * @returns {string[]}
 */
export function candidatePaths(tool, host) {
  const paths = platformPackages(tool, host).map((t) => `${t.pkg}/${t.exe}`);
  const copy = toolOf(tool).postinstallCopy(host.platform);
  if (copy !== null) paths.push(copy);
  return paths;
}

/**
 * Whether the file starts like a native executable (ELF, Mach-O or PE): a wrapper's placeholder
 * (a JavaScript launcher, or bun's stub before its postinstall ran) is not one.
 * @param {string} path
 */
export function isNativeExecutable(path) {
  let fd;
  try {
    fd = openSync(path, "r");
    const b = new Uint8Array(4);
    if (readSync(fd, b, 0, 4, 0) < 4) return false;
    const word = ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
    return word === 0x7f454c46 || // ELF
      [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(word) || // Mach-O, universal
      (b[0] === 0x4d && b[1] === 0x5a); // PE ("MZ")
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** @param {string} path */
function isExecutableFile(path, /** @type {string} */ platform) {
  if (!isNativeExecutable(path)) return false;
  if (platform === "win32") return true;
  try {
    accessSync(path, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The project root: the parent of this script's folder. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The node_modules folders Node would search from `dir`: dir/node_modules, then each parent's. */
export function nodeModulesDirs(dir = PROJECT_ROOT) {
  const dirs = [];
  for (let d = resolve(dir);; d = dirname(d)) {
    if (!d.endsWith("node_modules")) dirs.push(join(d, "node_modules"));
    if (dirname(d) === d) return dirs;
  }
}

/** @param {string} path */
function fileText(path) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/**
 * The C library of this Linux process: glibc when Node reports a glibc runtime version, else musl
 * (Alpine and other musl systems report none); a musl loader in /lib decides when there is no report.
 * @returns {"glibc" | "musl"}
 */
function detectLibc() {
  try {
    const report = /** @type {any} */ (process.report);
    if (report && typeof report.getReport === "function") {
      const excludeNetwork = report.excludeNetwork;
      report.excludeNetwork = true; // no DNS look-ups for the report
      try {
        const r = report.getReport();
        const header = (typeof r === "string" ? JSON.parse(r) : r)?.header;
        if (header) return header.glibcVersionRuntime ? "glibc" : "musl";
      } finally {
        report.excludeNetwork = excludeNetwork;
      }
    }
  } catch {
    // no usable report: look at the loader below
  }
  try {
    return readdirSync("/lib").some((f) => f.startsWith("ld-musl-")) ? "musl" : "glibc";
  } catch {
    return "glibc";
  }
}

/** AVX2 of an x64 Linux CPU from /proc/cpuinfo; null elsewhere (unknown). */
function detectAvx2(/** @type {string} */ platform, /** @type {string} */ arch) {
  if (arch !== "x64" || (platform !== "linux" && platform !== "android")) return null;
  const flags = /^flags\s*:(.*)$/m.exec(fileText("/proc/cpuinfo"));
  return flags === null ? null : flags[1].split(/\s+/).includes("avx2");
}

/** This machine as a Host. @returns {Host} */
export function detectHost() {
  const { platform, arch } = process;
  return {
    platform,
    arch,
    libc: platform === "linux" ? detectLibc() : null,
    avx2: detectAvx2(platform, arch),
  };
}

/**
 * The absolute path of the executable of `tool` for `host`, from the first of `searchDirs` (node_modules
 * folders) holding the most preferred candidate. Throws UnsupportedPlatformError or BinaryNotFoundError.
 * @param {string} tool
 * @param {{ host?: Host, searchDirs?: string[] }} [options]
 * @returns {string}
 */
export function findBinary(tool, options = {}) {
  const host = options.host ?? detectHost();
  const searchDirs = options.searchDirs ?? nodeModulesDirs();
  const candidates = candidatePaths(tool, host);
  for (const rel of candidates) {
    for (const dir of searchDirs) {
      const path = join(dir, ...rel.split("/"));
      if (existsSync(path) && isExecutableFile(path, host.platform)) return path;
    }
  }
  throw new BinaryNotFoundError(
    `${tool}: no executable for ${hostText(host)} in ${
      searchDirs[0] ?? "node_modules"
    } (or above); looked for ` +
      `${
        candidates.join(", ")
      }. Run \`npm ci\` (without --omit=optional: the binary is an optional dependency).`,
  );
}

/**
 * Runs `file` with `args`, stdio inherited; SIGINT, SIGTERM and SIGHUP are passed on. Resolves to the
 * exit code, or the signal that ended the child.
 * @param {string} file
 * @param {string[]} args
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null }>}
 */
export function run(file, args) {
  return new Promise((resolvePromise) => {
    const child = spawn(file, args, { stdio: "inherit" });
    /** @type {NodeJS.Signals[]} */
    const signals = process.platform === "win32" ? ["SIGINT"] : ["SIGINT", "SIGTERM", "SIGHUP"];
    /** @param {NodeJS.Signals} s */
    const forward = (s) => {
      child.kill(s);
    };
    for (const s of signals) process.on(s, forward);
    const done = (/** @type {number | null} */ code, /** @type {NodeJS.Signals | null} */ signal) => {
      for (const s of signals) process.off(s, forward);
      resolvePromise({ code, signal });
    };
    child.on("error", (e) => {
      console.error(`bin.mjs: cannot run ${file}: ${e.message}`);
      done(/** @type {any} */ (e).code === "ENOENT" ? 127 : 126, null);
    });
    child.on("exit", done);
  });
}

const USAGE = `Usage: node scripts/bin.mjs <tool> [args...]   run the tool's binary with args
       node scripts/bin.mjs --path <tool>         print the binary's absolute path
Tools: ${Object.keys(TOOLS).join(", ")} (the binaries npm installed for this platform under node_modules)`;

/**
 * The command line. Returns the exit code, or ends the process with the child's signal.
 * @param {string[]} argv
 */
export async function main(argv) {
  const [first, ...rest] = argv;
  if (first === "--help" || first === "-h") {
    console.log(USAGE);
    return 0;
  }
  const printOnly = first === "--path";
  const tool = printOnly ? rest[0] : first;
  if (tool === undefined || (printOnly && rest.length !== 1) || !Object.hasOwn(TOOLS, tool)) {
    console.error(`bin.mjs: ${tool === undefined ? "no tool given" : `unknown tool "${tool}"`}\n${USAGE}`);
    return 2;
  }
  let file;
  try {
    file = findBinary(tool);
  } catch (e) {
    if (!(e instanceof UnsupportedPlatformError || e instanceof BinaryNotFoundError)) throw e;
    console.error(`bin.mjs: ${e.message}`);
    return 127;
  }
  if (printOnly) {
    console.log(file);
    return 0;
  }
  const { code, signal } = await run(file, rest);
  if (signal !== null) {
    process.kill(process.pid, signal); // the same death as the child's, for the calling shell
    return 128 + (osConstants.signals[signal] ?? 0);
  }
  return code ?? 1;
}

/** Whether this file is the program (`node scripts/bin.mjs …`), not an imported module. */
function isMain() {
  try {
    return process.argv[1] !== undefined &&
      realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}
if (isMain()) process.exitCode = await main(process.argv.slice(2));
