# workerd configuration of the runtime smoke test (driven by workerd.mjs, which overrides the socket
# address with --socket-addr http=127.0.0.1:<free port>). Two Workers, each in its own isolate:
# - "auto": the bundle of worker.ts with no configuration; the library must choose the TypeScript
#   kernels by itself, since workerd refuses to compile WebAssembly from bytes.
# - "prebuilt": its entry (written by build.ts) imports the .wasm files of the build statically and
#   calls initWasm / initX25519Wasm first.
# Served on one socket; the path prefix /prebuilt/ routes to the second Worker.
# Needs dist/runtime/ and dist/wasm/: scripts/test.sh builds them (tests/runtime/build.ts, deno bundle).
# Module names are the specifiers the entries import; embed paths are relative to this file.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "router", worker = .router),
    (name = "auto", worker = .autoWorker),
    (name = "prebuilt", worker = .prebuiltWorker),
  ],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "router")],
);

const router :Workerd.Worker = (
  compatibilityDate = "2025-01-01",
  modules = [(name = "router.js", esModule = embed "router.mjs")],
  bindings = [
    (name = "AUTO", service = "auto"),
    (name = "PREBUILT", service = "prebuilt"),
  ],
);

const autoWorker :Workerd.Worker = (
  compatibilityDate = "2025-01-01",
  modules = [(name = "worker.js", esModule = embed "../../dist/runtime/worker.js")],
);

const prebuiltWorker :Workerd.Worker = (
  compatibilityDate = "2025-01-01",
  modules = [
    (name = "prebuilt.js", esModule = embed "../../dist/runtime/prebuilt.js"),
    (name = "worker.js", esModule = embed "../../dist/runtime/worker.js"),
    (name = "bls12-381-fp.wasm", wasm = embed "../../dist/wasm/bls12-381-fp.wasm"),
    (name = "bls12-381-fp.nosimd.wasm", wasm = embed "../../dist/wasm/bls12-381-fp.nosimd.wasm"),
    (name = "bls12-381-fr.wasm", wasm = embed "../../dist/wasm/bls12-381-fr.wasm"),
    (name = "bls12-381-fr.nosimd.wasm", wasm = embed "../../dist/wasm/bls12-381-fr.nosimd.wasm"),
    (name = "bn254-fp.wasm", wasm = embed "../../dist/wasm/bn254-fp.wasm"),
    (name = "bn254-fp.nosimd.wasm", wasm = embed "../../dist/wasm/bn254-fp.nosimd.wasm"),
    (name = "bn254-fr.wasm", wasm = embed "../../dist/wasm/bn254-fr.wasm"),
    (name = "bn254-fr.nosimd.wasm", wasm = embed "../../dist/wasm/bn254-fr.nosimd.wasm"),
    (name = "x25519.wasm", wasm = embed "../../dist/wasm/x25519.wasm"),
  ],
);
