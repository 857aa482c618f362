/**
 * Running out of memory is a typed error that leaves the library working: with wasm memory capped at
 * 64 MiB (`--wasm-max-mem-pages=1024`), an MSM of more points than the arena can hold as batch scratch
 * must fail with IsochronError OUT_OF_MEMORY, leave the arena as it was, and known answers (a
 * multiplication, a small sum) must come out right after it; a sum of as many points, loaded a chunk
 * at a time, succeeds under the same cap. (The TypeScript backend's arena is a Float64Array: its growth
 * failure is the same typed error, field/ts/kernel.ts, but a capped V8 heap aborts the process before
 * a test could see it.)
 */
import assert from "node:assert/strict";

const child = new URL("./out_of_memory_child.ts", import.meta.url).pathname;
const config = new URL("../../../deno.json", import.meta.url).pathname;

async function run(
  backend: "wasm" | "ts",
  v8: string,
): Promise<{ code: string; ok: boolean; small: boolean; unchanged: boolean; chunked: boolean }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-env", `--v8-flags=${v8}`, "--config", config, child, backend],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout).trim().split("\n").at(-1) ?? "";
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr).slice(-2000));
  return JSON.parse(text);
}

Deno.test("out of memory (wasm, 64 MiB cap): IsochronError OUT_OF_MEMORY, then the library works", async () => {
  const r = await run("wasm", "--wasm-max-mem-pages=1024");
  assert.equal(r.code, "OUT_OF_MEMORY", JSON.stringify(r));
  assert.deepEqual([r.ok, r.small, r.unchanged, r.chunked], [true, true, true, true], JSON.stringify(r));
});
