import { x25519Layout } from "../internal.ts";
import { x25519Interpreter, feContract, LOOSE, TIGHT } from "./wasm_x25519_analysis.ts";
const a = x25519Interpreter();
for (const fn of ["fe_mul", "fe_invert"]) a.contracts.set(a.indexOf(fn), feContract(fn, fn === "fe_mul" ? [1, 2] : [1], 0, LOOSE, TIGHT));
a.seedUnknown(x25519Layout.K, 32);
a.seedUnknown(x25519Layout.U, 40);
a.onIteration = (it, locals) => console.log(it, locals.slice(3, 53).map((r) => r ? `${r.lo.toString(2).length}/${r.hi.toString(2).length}` : "-").join(" "), "i:", locals.slice(150, 160).map((r)=> r ? `[${r.lo},${r.hi}]`: "-").join(" "));
try { a.run("x25519", [x25519Layout.OUT, x25519Layout.K, x25519Layout.U]); } catch (e) { console.log(String(e).slice(0, 200)); }
const b = x25519Interpreter();
b.contracts.set(b.indexOf("fe_invert"), (x, args) => { console.log("invert operand", x.readLimbs(args[1], 8, 10, true).map((r) => `[${r.lo},${r.hi}]`).join(" ")); });
b.contracts.set(b.indexOf("fe_mul"), () => {});
b.seedUnknown(x25519Layout.K, 32);
b.seedUnknown(x25519Layout.U, 40);
const rep = b.run("x25519", [x25519Layout.OUT, x25519Layout.K, x25519Layout.U]);
console.log(rep.stores.filter((s) => s.addr >= x25519Layout.LADDER_Z2 && s.addr < x25519Layout.LADDER_Z2 + 80).map((s) => `${s.addr}:[${s.range.lo},${s.range.hi}]`).join(" "));
