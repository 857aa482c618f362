// Known answers a consumer of the installed npm package gets (tests/package/run.sh): the package is
// imported by name, from a scratch project, never by path into the checkout.
const hex = (s) => Uint8Array.from(s.replace(/^0x/, "").match(/../g), (h) => parseInt(h, 16));
const toHex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

/**
 * Runs the checks on the package's entry points and returns [name, ok, error?][]: the known answers
 * under the backend the runtime selects by itself (`expect`: "wasm" where WebAssembly compiles or
 * prebuilt modules were given, "ts" where it is refused), then again with `setBackend("ts")`, and
 * typed errors for bad input. Leaves the backend on "auto".
 */
export function runChecks({ root, x25519Entry, blsEntry, bnEntry }, { expect = "wasm" } = {}) {
  const out = [];
  const check = (name, fn) => {
    try {
      fn();
      out.push([name, true]);
    } catch (e) {
      out.push([name, false, String(e && e.stack || e)]);
    }
  };
  check(`root entry: the curves, x25519 and the backend switch; auto selects ${expect}`, () => {
    if (typeof root.setBackend !== "function" || root.x25519 === undefined || root.bls12_381 === undefined) {
      throw new Error("missing exports");
    }
    if (root.x25519 !== x25519Entry.x25519 || root.bn254 !== bnEntry.bn254) throw new Error("two copies");
    for (const target of ["bls12-381", "bn254", "x25519"]) {
      const b = root.getBackend(target);
      if (b !== expect) throw new Error(`${target}: expected ${expect}, got ${b}`);
    }
  });
  try {
    for (const mode of ["auto", "ts"]) {
      root.setBackend(mode);
      knownAnswers(check, { x25519Entry, blsEntry, bnEntry }, mode === "auto" ? `auto=${expect}` : "ts");
    }
    check("ts: getBackend follows setBackend", () => {
      if (root.getBackend("bls12-381") !== "ts" || root.getBackend("x25519") !== "ts") throw new Error("not ts");
    });
  } finally {
    root.setBackend("auto");
  }
  check("bad input throws IsochronError with a code", () => {
    const cases = [
      ["INVALID_LENGTH", () => x25519Entry.x25519.scalarMult(new Uint8Array(31), new Uint8Array(32))],
      ["INVALID_LENGTH", () => blsEntry.bls12_381.sig.SecretKey.fromBytes(new Uint8Array(31))],
      ["INVALID_TYPE", () => blsEntry.bls12_381.sig.sign(new Uint8Array(32), new Uint8Array(1))],
      ["INVALID_TYPE", () => root.setBackend("fast")],
    ];
    for (const [code, fn] of cases) {
      let thrown;
      try {
        fn();
      } catch (e) {
        thrown = e;
      }
      if (!(thrown instanceof root.IsochronError) || thrown.code !== code) {
        throw new Error(`expected IsochronError ${code}, got ${thrown && (thrown.code ?? thrown)}`);
      }
    }
  });
  return out;
}

/**
 * [name, ok, error?] of "this runtime resolves every entry to the bundled runtime build": Node, Bun and
 * Deno load the package from node_modules, where `exports` gives them dist/node/ (conditions `node`,
 * `bun`, `deno`: a few files, not 120-odd modules); bundlers get the per-file build (`default`).
 * `resolve` is the runtime's own resolver (import.meta.resolve, require.resolve).
 */
export function runtimeBuildCheck(resolve) {
  const what = "entries resolve to the bundled runtime build (dist/node/)";
  const entries = ["isochron", "isochron/x25519", "isochron/bls12-381", "isochron/bn254"];
  try {
    const off = entries.map((e) => String(resolve(e))).filter((p) => !/\/dist\/node\/[^\s]*mod\.js$/.test(p));
    return [what, off.length === 0, off.join(", ") || undefined];
  } catch (e) {
    return [what, false, String(e && e.stack || e)];
  }
}

/** RFC 7748 §5.2, an Ethereum sign vector and two EIP-197 pairing checks, each tagged with `tag`. */
function knownAnswers(check, { x25519Entry, blsEntry, bnEntry }, tag) {
  check(`[${tag}] x25519: RFC 7748 §5.2 (subpath entry)`, () => {
    const got = x25519Entry.x25519.scalarMult(
      hex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"),
      hex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c"),
    );
    if (toHex(got) !== "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552") {
      throw new Error(toHex(got));
    }
  });
  check(`[${tag}] bls12-381: an Ethereum sign vector (ethereum/bls12-381-tests sign_case_11b8c7cad5238946)`, () => {
    const suite = blsEntry.bls12_381.sig;
    const sk = suite.SecretKey.fromBytes(hex("0x47b8192d77bf871b62e87859d653922725724a5c031afeabc60bcef5ff665138"));
    const sig = suite.sign(sk, new Uint8Array(32)).toBytes();
    const want =
      "b23c46be3a001c63ca711f87a005c200cc550b9429d5f4eb38d74322144f1b63926da3388979e5321012fb1a0526bcd100b5ef5fe72628ce4cd5e904aeaa3279527843fae5ca9ca675f4f51ed8f83bbf7155da9ecc9663100a885d5dc6df96d9";
    if (toHex(sig) !== want) throw new Error(toHex(sig));
  });
  check(`[${tag}] bn254: EIP-197 pairing vectors jeff1 (true) and jeff6 (false)`, () => {
    const { bn254 } = bnEntry;
    const pairs = (s) => {
      const b = hex(s), out = [];
      for (let i = 0; i < b.length; i += 192) {
        out.push([
          bn254.G1.fromBytes(b.subarray(i, i + 64)),
          bn254.G2.fromBytes(b.subarray(i + 64, i + 192)),
        ]);
      }
      return out;
    };
    if (
      bn254.pairingCheck(
        pairs(
          "1c76476f4def4bb94541d57ebba1193381ffa7aa76ada664dd31c16024c43f593034dd2920f673e204fee2811c678745fc819b55d3e9d294e45c9b03a76aef41209dd15ebff5d46c4bd888e51a93cf99a7329636c63514396b4a452003a35bf704bf11ca01483bfa8b34b43561848d28905960114c8ac04049af4b6315a416782bb8324af6cfc93537a2ad1a445cfd0ca2a71acd7ac41fadbf933c2a51be344d120a2a4cf30c1bf9845f20c6fe39e07ea2cce61f0c9bb048165fe5e4de877550111e129f1cf1097710d41c4ac70fcdfa5ba2023c6ff1cbeac322de49d1b6df7c2032c61a830e3c17286de9462bf242fca2883585b93870a73853face6a6bf411198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
        ),
      ) !== true
    ) throw new Error("jeff1");
    if (
      bn254.pairingCheck(
        pairs(
          "1c76476f4def4bb94541d57ebba1193381ffa7aa76ada664dd31c16024c43f593034dd2920f673e204fee2811c678745fc819b55d3e9d294e45c9b03a76aef41209dd15ebff5d46c4bd888e51a93cf99a7329636c63514396b4a452003a35bf704bf11ca01483bfa8b34b43561848d28905960114c8ac04049af4b6315a416782bb8324af6cfc93537a2ad1a445cfd0ca2a71acd7ac41fadbf933c2a51be344d120a2a4cf30c1bf9845f20c6fe39e07ea2cce61f0c9bb048165fe5e4de877550111e129f1cf1097710d41c4ac70fcdfa5ba2023c6ff1cbeac322de49d1b6df7c103188585e2364128fe25c70558f1560f4f9350baf3959e603cc91486e110936198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
        ),
      ) !== false
    ) throw new Error("jeff6");
  });
}

/** Prints the results and a last line "<name>: N passed, N failed"; sets the exit code. */
export function report(name, results) {
  for (const [what, ok, err] of results) {
    console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${what}${err ? "\n" + err : ""}`);
  }
  const failed = results.filter((r) => !r[1]).length;
  console.log(`${name}: ${results.length - failed} passed, ${failed} failed`);
  if (typeof process !== "undefined" && failed > 0) process.exitCode = 1;
}
