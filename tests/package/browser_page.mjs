// The page script of the browser consumer test (browser.mjs bundles it from the scratch project, so
// `isochron` is the installed package). The page's URL says which backend the library must select by
// itself (`?expect=wasm`, or `ts` where the page's CSP lacks 'wasm-unsafe-eval'); the result is the
// promise globalThis.isochronResult, which browser.mjs awaits over CDP.
import * as root from "isochron";
import * as x25519Entry from "isochron/x25519";
import * as blsEntry from "isochron/bls12-381";
import * as bnEntry from "isochron/bn254";
import { runChecks } from "./checks.mjs";

/** Whether this page may compile WebAssembly from bytes (the control: the CSP is in force or not). */
function compilesFromBytes() {
  try {
    new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    return true;
  } catch {
    return false;
  }
}

globalThis.isochronResult = (async () => {
  const expect = new URL(location.href).searchParams.get("expect");
  const out = { compilesFromBytes: compilesFromBytes(), init: null, forceWasm: null, checks: [] };
  try {
    out.init = await root.init(); // true: the curves' modules compiled; false: refused here
  } catch (e) {
    out.init = String(e);
  }
  try {
    root.setBackend("wasm");
    out.forceWasm = "accepted";
  } catch (e) {
    out.forceWasm = e instanceof root.IsochronError ? e.code : String(e);
  } finally {
    root.setBackend("auto");
  }
  out.checks = runChecks({ root, x25519Entry, blsEntry, bnEntry }, { expect });
  return out;
})();
