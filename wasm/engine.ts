/**
 * Which JavaScript engine runs this program, for the code shapes of the generated WebAssembly
 * (issue 15). Engines compile the same module very differently: V8 11 (Node 20) ran the inline
 * X25519 ladder 3–4× slower than its own baseline tier, V8 14–15 (Node 26, Deno 2.9) well, and
 * JavaScriptCore (Bun, Safari) 1.7× slower than a shape with one call per product. The generators
 * therefore emit the shapes and the loaders pick one from what this function reports.
 *
 * Detected, in order, from globals only (no timing probe: a cold start must not pay for one):
 * 1. `globalThis.Bun` → JavaScriptCore. Checked first because Bun also sets `process.versions.v8`
 *    (to a V8 version it does not run) for compatibility with Node packages.
 * 2. `Deno.version.v8` → V8 with that version.
 * 3. `process.versions.v8` (Node, and runtimes that embed Node's V8) → V8 with that version.
 * 4. `navigator.userAgent`: `Chrome/M` or `Chromium/M` → V8 of major ⌊M/10⌋ (Chrome M ships
 *    V8 ⌊M/10⌋.(M mod 10)); `Firefox/` → SpiderMonkey; `Safari/` with `Version/` and no Chrome →
 *    JavaScriptCore.
 * 5. Anything else (Cloudflare workerd reports `Cloudflare-Workers`) → unknown.
 *
 * The answer only selects among shapes that compute the same function with the same constant-time
 * proofs, so a wrong answer costs speed, never correctness.
 * @module
 */

/** What {@linkcode detectEngine} found. */
export interface EngineInfo {
  readonly engine: "v8" | "jsc" | "spidermonkey" | "unknown";
  /** V8's major version where the engine is V8 and its version is known, else null. */
  readonly v8Major: number | null;
}

/** The first number of a version string such as "11.3.244.8-node.38", or null. */
function major(version: unknown): number | null {
  const m = typeof version === "string" ? /^(\d+)\./.exec(version) : null;
  return m === null ? null : Number(m[1]);
}

/**
 * Reads the engine from the globals listed in the module comment. `g` is the global object (a
 * parameter for tests).
 * @param g the global object to read (default `globalThis`).
 * @returns the engine and, for V8, its major version.
 */
export function detectEngine(g: unknown = globalThis): EngineInfo {
  // deno-lint-ignore no-explicit-any
  const o = g as any;
  if (o.Bun !== undefined) return { engine: "jsc", v8Major: null };
  const deno = major(o.Deno?.version?.v8);
  if (deno !== null) return { engine: "v8", v8Major: deno };
  const node = major(o.process?.versions?.v8);
  if (node !== null) return { engine: "v8", v8Major: node };
  const ua = o.navigator?.userAgent;
  if (typeof ua === "string") {
    const chrome = /(?:Chrome|Chromium)\/(\d+)/.exec(ua);
    if (chrome !== null) return { engine: "v8", v8Major: Math.floor(Number(chrome[1]) / 10) };
    if (/Firefox\//.test(ua)) return { engine: "spidermonkey", v8Major: null };
    if (/Version\/[\d.]+.*Safari\//.test(ua)) return { engine: "jsc", v8Major: null };
  }
  return { engine: "unknown", v8Major: null };
}

let cached: EngineInfo | undefined;

/** {@linkcode detectEngine} of this program, read once. */
export function thisEngine(): EngineInfo {
  return cached ??= detectEngine();
}
