/**
 * The README's comparison tables from one report run: `npm run --silent bench -- --json > rows.json`,
 * then `deno run --allow-read bench/readme_table.ts rows.json` prints the markdown of the tables
 * (headline operations, with a column per runtime; endomorphism against plain windows; the point
 * formulas, complete projective against constant-time Jacobian; bulk addition against blst; issue 15's
 * targets per runtime), so that the README's figures always come from one run and are never typed by
 * hand. The windows, formulas and bulk tables are Deno's rows.
 * @module
 */

import { HEADLINES } from "./headline.ts";
import { runtimesOf, type TargetRow, targetTable } from "./targets.ts";

/** A row of the report's JSON (bench/report.ts); without `runtime` (older runs): Deno's. */
type Row = TargetRow;

/** A time in ns, scaled (ns, µs, ms) with three significant digits. */
export function time(ns: number): string {
  const [v, unit] = ns >= 1e6 ? [ns / 1e6, "ms"] : ns >= 1e3 ? [ns / 1e3, "µs"] : [ns, "ns"];
  return `${v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)} ${unit}`;
}
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

function find(rows: Row[], id: string, lib: string, backend?: string): Row | undefined {
  return rows.find((r) =>
    `${r.suite} ${r.op}` === id && r.lib === lib && (!backend || r.backend === backend)
  );
}

const on = (rows: Row[], runtime: string) => rows.filter((r) => (r.runtime ?? "deno") === runtime);

/**
 * The headline table: Deno's isochron wasm and ts cells and its peers (the first runtime of the run
 * when it has no Deno rows), then one column per other runtime: isochron wasm there and its ratio to
 * the same peer on that runtime.
 */
export function headlineTable(all: Row[]): string {
  const runtimes = runtimesOf(all);
  const main = runtimes.includes("deno") ? "deno" : runtimes[0];
  const others = runtimes.filter((rt) => rt !== main);
  const rows = on(all, main);
  const tag = runtimes.length > 1 || main !== "deno" ? ` (${main})` : "";
  const out = [
    `| operation (\`suite op\`) | isochron wasm${tag} | isochron ts${tag} | peers${tag} |${
      others.map((rt) => ` isochron wasm (${rt}) |`).join("")
    }`,
    `| --- | --- | --- | --- |${others.map(() => " --- |").join("")}`,
  ];
  for (const h of HEADLINES) {
    const ref = h.ref ?? "noble";
    const peers = rows.filter((r) => `${r.suite} ${r.op}` === h.id && r.lib !== "isochron");
    const refRow = peers.find((r) => r.lib === ref), noble = peers.find((r) => r.lib === "noble");
    if (refRow === undefined) continue;
    const elsewhere = others.map((rt) => {
      const there = on(all, rt), ours = find(there, h.id, "isochron", "wasm"), peer = find(there, h.id, ref);
      if (ours === undefined) return "–";
      return peer === undefined
        ? time(ours.nsPerOp)
        : `${time(ours.nsPerOp)}, ${ratio(ours.nsPerOp, peer.nsPerOp)}${ref === "noble" ? "" : ` ${ref}`}`;
    });
    const cell = (backend: string) => {
      const r = find(rows, h.id, "isochron", backend);
      if (r === undefined) return "–";
      const main = `${time(r.nsPerOp)}, ${ratio(r.nsPerOp, refRow.nsPerOp)}${
        ref === "noble" ? "" : ` ${ref}`
      }`;
      return ref !== "noble" && noble && backend === "wasm"
        ? `${main} (${ratio(r.nsPerOp, noble.nsPerOp)} noble)`
        : main;
    };
    const peerCell = [refRow, ...peers.filter((p) => p !== refRow)].map((p) => `${p.lib} ${time(p.nsPerOp)}`)
      .join(", ");
    out.push(
      `| \`${h.id}\` ${h.note ?? ""} | ${cell("wasm")} | ${cell("ts")} | ${peerCell} |${
        elsewhere.map((c) => ` ${c} |`).join("")
      }`,
    );
  }
  return out.join("\n");
}

/** The endomorphism against plain windows (the "Endomorphism G2" seed's table): time and ratio to GLV/GLS. */
export function windowTable(all: Row[]): string {
  const rows = on(all, "deno");
  const out = [
    "| group (backend) | GLV / GLS (`gN-mul-ct`) | window 4 (`gN-mul-w4`) | window 5 (`gN-mul-w5`) | window 4 ÷ GLV/GLS |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const suite of ["bls12-381", "bn254"]) {
    for (const g of ["g1", "g2"]) {
      for (const backend of ["wasm", "ts"]) {
        const [ct, w4, w5] = ["ct", "w4", "w5"].map((w) =>
          find(rows, `${suite} ${g}-mul-${w}`, "isochron", backend)
        );
        if (!ct || !w4 || !w5) continue;
        out.push(
          `| ${suite} ${g.toUpperCase()} (${backend}) | ${time(ct.nsPerOp)} | ${time(w4.nsPerOp)} | ${
            time(w5.nsPerOp)
          } | ${(w4.nsPerOp / ct.nsPerOp).toFixed(2)}× |`,
        );
      }
    }
  }
  return out.join("\n");
}

/**
 * The point formulas on slots (issue 14 item 2): complete projective (`gN-add-proj`, `gN-madd-proj`,
 * `gN-dbl-proj`) against constant-time Jacobian (`gN-add-jac`, `gN-madd`, `gN-dbl-jac`), Jacobian ÷
 * projective in each cell.
 */
export function formulaTable(all: Row[]): string {
  const rows = on(all, "deno");
  const out = [
    "| group (backend) | addition: projective / Jacobian | mixed addition (Z₂ = 1) | doubling |",
    "| --- | --- | --- | --- |",
  ];
  const pairs = [["add-proj", "add-jac"], ["madd-proj", "madd"], ["dbl-proj", "dbl-jac"]];
  for (const suite of ["bls12-381", "bn254"]) {
    for (const g of ["g1", "g2"]) {
      for (const backend of ["wasm", "ts"]) {
        const cells = pairs.map(([proj, jac]) => {
          const [p, j] = [proj, jac].map((op) => find(rows, `${suite} ${g}-${op}`, "isochron", backend));
          return p && j
            ? `${time(p.nsPerOp)} / ${time(j.nsPerOp)} (${ratio(j.nsPerOp, p.nsPerOp)})`
            : undefined;
        });
        if (cells.some((c) => c === undefined)) continue;
        out.push(`| ${suite} ${g.toUpperCase()} (${backend}) | ${cells.join(" | ")} |`);
      }
    }
  }
  return out.join("\n");
}

/** Bulk addition (the "bulk add demo" seed's table): ns per point and the ratio to blst, affine inputs. */
export function bulkTable(all: Row[]): string {
  const rows = on(all, "deno");
  const sizes = [...new Set(rows.map((r) => r.op.match(/^g1-sum-affine-(\d+)$/)?.[1]).filter(Boolean))]
    .map(Number).sort((a, b) => a - b);
  const out = [
    "| N | G1 isochron wasm | G1 blst | G1 noble | G2 isochron wasm | G2 blst | G2 noble |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const n of sizes) {
    const cells = ["g1", "g2"].flatMap((g) => {
      const id = `bls12-381 ${g}-sum-affine-${n}`;
      const ours = find(rows, id, "isochron", "wasm"),
        blst = find(rows, id, "blst"),
        noble = find(rows, id, "noble");
      const per = (r?: Row) => (r ? `${time(r.nsPerOp / n)}/pt` : "–");
      return [
        ours && blst ? `${per(ours)}, ${ratio(ours.nsPerOp, blst.nsPerOp)} blst` : per(ours),
        per(blst),
        per(noble),
      ];
    });
    out.push(`| ${n} | ${cells.join(" | ")} |`);
  }
  return out.join("\n");
}

if (import.meta.main) {
  const file = Deno.args[0];
  if (!file) {
    console.error("usage: deno run --allow-read bench/readme_table.ts rows.json");
    Deno.exit(2);
  }
  const rows = JSON.parse(Deno.readTextFileSync(file)) as Row[];
  console.log(
    [headlineTable(rows), windowTable(rows), formulaTable(rows), bulkTable(rows), targetTable(rows)].join(
      "\n\n",
    ),
  );
}
