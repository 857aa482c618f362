/**
 * The targets of issue 15, checked per runtime on one run's rows (ratios within one runtime):
 * x25519 ≤ 0.8× libsodium-wrappers, G1 constant-time multiply ≤ 0.8× mcl-wasm's constant-time
 * multiply, pairing ≤ 0.8× mcl-wasm, BLS verify ≤ 0.8× bls-eth-wasm, and every composite operation
 * ≤ 0.5× noble, on isochron's wasm backend. The report prints {@linkcode targetTable} after its rows;
 * `deno run --allow-read bench/readme_table.ts rows.json` prints it with the README's tables.
 * @module
 */

/** A row of the report's JSON, as far as the targets need it (`runtime` absent: a Deno-only run). */
export interface TargetRow {
  runtime?: string;
  suite: string;
  op: string;
  lib: string;
  backend: string;
  nsPerOp: number;
}

/** A ratio target: isochron (wasm) over `peer` on operation `id`, at most `max`. */
export interface PeerTarget {
  id: string;
  peer: string;
  max: number;
}

export const PEER_TARGETS: readonly PeerTarget[] = [
  { id: "x25519 x25519", peer: "libsodium", max: 0.8 },
  { id: "bls12-381 g1-mul-ct", peer: "mcl-wasm", max: 0.8 },
  { id: "bls12-381 pairing", peer: "mcl-wasm", max: 0.8 },
  { id: "bls12-381 bls-verify", peer: "bls-eth-wasm", max: 0.8 },
];

/** The target of every composite operation against noble. */
export const NOBLE_MAX = 0.5;

/**
 * A composite operation: anything but one field or tower operation (`fp-mul`, `fp12-sqr`, …) and one
 * point formula (`g1-add`, `g2-dbl-jac`, …), which are the building blocks rather than operations.
 */
export function isComposite(op: string): boolean {
  return !/^(fp|fp2|fp6|fp12|fr)-/.test(op) && !/^g[12]-(add|dbl|madd)(-|$)/.test(op);
}

/** The runtimes of the rows, in order of appearance (`deno` for rows without the field). */
export function runtimesOf(rows: readonly TargetRow[]): string[] {
  return [...new Set(rows.map((r) => r.runtime ?? "deno"))];
}

/** isochron's wasm time over `lib`'s on one runtime and operation, or null when a row is missing. */
export function ratioOf(rows: readonly TargetRow[], runtime: string, id: string, lib: string): number | null {
  const at = (l: string, backend?: string) =>
    rows.find((r) =>
      (r.runtime ?? "deno") === runtime && `${r.suite} ${r.op}` === id && r.lib === l &&
      (backend === undefined || r.backend === backend)
    );
  const ours = at("isochron", "wasm"), peer = at(lib);
  return ours === undefined || peer === undefined ? null : ours.nsPerOp / peer.nsPerOp;
}

const cell = (x: number | null, max: number): string =>
  x === null ? "–" : `${x.toFixed(2)}× ${x <= max ? "met" : "**not met**"}`;

/**
 * The markdown table of the targets, one column per runtime: each peer target's ratio, then the
 * composite operations against noble (how many meet ≤ 0.5×, and the ones that do not, worst first).
 */
export function targetTable(rows: readonly TargetRow[]): string {
  const runtimes = runtimesOf(rows);
  const out = [
    `| target (isochron wasm ÷ peer) | ${runtimes.join(" | ")} |`,
    `| --- | ${runtimes.map(() => "---").join(" | ")} |`,
  ];
  for (const t of PEER_TARGETS) {
    const cells = runtimes.map((rt) => cell(ratioOf(rows, rt, t.id, t.peer), t.max));
    out.push(`| \`${t.id}\` ≤ ${t.max}× ${t.peer} | ${cells.join(" | ")} |`);
  }
  const composite = runtimes.map((rt) => {
    const ids = [
      ...new Set(
        rows.filter((r) => (r.runtime ?? "deno") === rt && isComposite(r.op))
          .map((r) => `${r.suite} ${r.op}`),
      ),
    ];
    const ratios = ids.map((id) => [id, ratioOf(rows, rt, id, "noble")] as const)
      .filter((x): x is readonly [string, number] => x[1] !== null);
    const over = ratios.filter(([, x]) => x > NOBLE_MAX).sort((a, b) => b[1] - a[1]);
    const list = over.map(([id, x]) => `\`${id}\` ${x.toFixed(2)}×`).join(", ");
    return `${ratios.length - over.length} of ${ratios.length} met${over.length ? `; not met: ${list}` : ""}`;
  });
  out.push(`| composite operations ≤ ${NOBLE_MAX}× noble | ${composite.join(" | ")} |`);
  return out.join("\n");
}
