/**
 * The link between the root entry's backend functions (backend.ts: `setBackend`, `getBackend`,
 * `initWasm`) and X25519's backend selection (x25519/backend.ts), without X25519's kernels: the
 * selection registers itself here when X25519 is loaded, so the root entry's backend functions bring
 * no X25519 code into an app that does not use X25519. A choice or module given before X25519 is
 * loaded (a dynamic import) is handed over when it registers.
 * @module
 */
import { IsochronError } from "../errors.ts";
import type { WasmModule } from "../wasm/types.ts";
import type { X25519Backend } from "./kernel.ts";

/** What `setX25519Backend` accepts: a backend, or "auto" (wasm if it compiles, else ts). */
export type X25519BackendChoice = X25519Backend | "auto";

/** X25519's backend selection, as the root entry drives it. */
export interface X25519Selection {
  /** `setX25519Backend`. */
  set(choice: X25519BackendChoice): void;
  /** `initX25519Wasm`. */
  init(module: WasmModule): void;
  /** `getX25519Backend`. */
  get(): X25519Backend;
}

let selection: X25519Selection | null = null;
let pendingModule: WasmModule | null = null;
let pendingChoice: X25519BackendChoice | null = null;

/** Called once by x25519/backend.ts at load. */
export function registerX25519Selection(s: X25519Selection): void {
  selection = s;
  if (pendingModule !== null) s.init(pendingModule);
  if (pendingChoice !== null) s.set(pendingChoice);
  pendingModule = pendingChoice = null;
}

/** Sets X25519's backend choice (kept for X25519 if it is loaded later). */
export function setX25519Choice(choice: X25519BackendChoice): void {
  if (selection !== null) selection.set(choice);
  else pendingChoice = choice;
}

/** Hands X25519 a prebuilt module (kept for X25519 if it is loaded later, and then selects wasm). */
export function initX25519Module(module: WasmModule): void {
  if (selection !== null) selection.init(module);
  else [pendingModule, pendingChoice] = [module, "wasm"];
}

/** X25519's backend now; throws `INVALID_TYPE` where this program does not import X25519. */
export function x25519Backend(): X25519Backend {
  if (selection === null) {
    throw new IsochronError("INVALID_TYPE", "getBackend: this program does not import x25519");
  }
  return selection.get();
}

/**
 * Whether `m` is a compiled X25519 module (either variant of `x25519WasmBytes`): a
 * `WebAssembly.Module` exporting the ladder and the fixed-base entry. A cheap check at the API boundary.
 */
export function isX25519Module(m: unknown): m is WasmModule {
  if (Object.prototype.toString.call(m) !== "[object WebAssembly.Module]") return false;
  const names = WebAssembly.Module.exports(m as WebAssembly.Module).map((e) => e.name);
  return names.includes("x25519") && names.includes("x25519_calls") && names.includes("x25519_base");
}
