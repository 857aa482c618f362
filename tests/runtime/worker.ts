/**
 * Cloudflare Worker running the runtime smoke checks (checks.mjs) on the library's sources, bundled
 * by `deno bundle` into dist/runtime/worker.js and served by workerd (workerd.capnp, driven by
 * workerd.mjs). `GET /?expect=ts` answers with JSON `{ backends, results, passed, failed }`.
 *
 * The default export uses no configuration at all: on workerd the library must detect that compiling
 * WebAssembly from bytes is refused and select the TypeScript kernels. `handle(request, prebuilt)` is
 * also exported for the "prebuilt" Worker (dist/runtime/prebuilt.js, written by build.ts), which imports
 * the build's `.wasm` files statically and has `handle` hand them to `initWasm` / `initX25519Wasm` first.
 * @module
 */

import * as root from "../../mod.ts";
import { IsochronError } from "../../errors.ts";
import {
  fieldKernel as kernelOf,
  getBackend,
  initWasm,
  type PrebuiltModules,
  setBackend,
  wasmCompilesFromBytes,
} from "../../field/mod.ts";
import type { FieldName } from "../../field/params.ts";
import { tower as towerOf } from "../../field/tower/mod.ts";
import { FIELDS, TOWERS } from "../../curves/registry.ts";

// The checks name fields and towers; the library takes their parameters.
const fieldKernel = (name: string) => kernelOf(FIELDS[name]);
const tower = (name: string) => towerOf(TOWERS[name]);
import { getX25519Backend, initX25519Wasm, setX25519Backend, x25519 } from "../../x25519/mod.ts";
import { runChecks } from "./checks.mjs";

/** Statically imported modules for `initWasm` and `initX25519Wasm`. */
export interface Prebuilt {
  /** Field kernels (and their inversion modules) by field. */
  fields: Partial<Record<FieldName, PrebuiltModules>>;
  /** The X25519 module (`x25519WasmBytes()` written to a file). */
  x25519: WebAssembly.Module;
}

let initialized = false;
let initError: string | null = null;

/** Runs the checks; with `prebuilt`, registers the modules first (once per isolate). */
export function handle(request: Request, prebuilt?: Prebuilt): Response {
  const expected = new URL(request.url).searchParams.get("expect") ?? "ts";
  if (prebuilt !== undefined && !initialized) {
    initialized = true;
    try {
      initWasm(prebuilt.fields);
      initX25519Wasm(prebuilt.x25519);
      setX25519Backend("auto"); // initX25519Wasm selects wasm; "auto" must keep it
    } catch (e) {
      initError = String(e instanceof Error ? e.stack : e);
    }
  }
  const lib = {
    root,
    IsochronError,
    fieldKernel,
    getBackend,
    setBackend,
    wasmCompilesFromBytes,
    tower,
    x25519,
    getX25519Backend,
    setX25519Backend,
  };
  const report = runChecks(lib, { field: expected, x25519: expected });
  return Response.json({ ...report, initError, navigator: globalThis.navigator?.userAgent ?? null });
}

export default {
  fetch(request: Request): Response {
    return handle(request);
  },
};
