/**
 * The child of packaged.test.ts's permission test: `deno run [permissions] package_files_child.ts <dir
 * URL>` prints, as JSON, what the package files reader answers for `some.wasm` in that folder ("no
 * reader", null, or the bytes). It imports package_files.ts alone (tests/internal.ts would load the
 * whole library, and this process may have no permission at all).
 */
import { packageFileReader } from "../../package_files.ts";
import { moduleChecksum } from "../../wasm/checksum.ts";

const read = packageFileReader(new URL(Deno.args[0]), {
  "some.wasm": moduleChecksum(Uint8Array.of(1, 2, 3)),
});
const bytes = read === null ? "no reader" : read("some.wasm");
console.log(JSON.stringify(bytes === null || typeof bytes === "string" ? bytes : [...bytes]));
