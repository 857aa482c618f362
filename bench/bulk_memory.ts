/**
 * The bulk-addition table with peak memory (constantine's "bulk add demo", issue 14 item 3): for each
 * library, group, input form and N, one subprocess builds the N points (bench/bulk_inputs.ts), sums
 * them (after a warm-up of about 0.3 s, the median of a few runs, at least 3, about 1 s), and reports its time and its peak resident
 * memory (Linux `VmHWM`, the whole process: runtime, inputs, scratch). The parent prints time, ns per
 * point, peak MiB, and each isochron row against blst (affine rows).
 *
 * `deno run -A bench/bulk_memory.ts
 *  [--long] [--filter REGEX] [--rounds K] [--libs a,b]` (`--long`: also N = 10⁵, 10⁶). `--filter`
 * matches "<group> <form> <N>"; `--libs` keeps those libraries (isochron-wasm, blst, isochron-ts, noble). `--rounds K` (K ≥ 2) measures the pair behind each ratio, isochron-wasm and blst,
 * K − 1 more times in alternating order (blst first, then isochron first, …), prints each round's ratio,
 * their median, and the ratio of each library's best round: on a shared machine whose speed moves by tens of percent within minutes, one pair
 * of subprocesses can land in different phases.
 */
import { median } from "./stats.ts";
import { bulkInput, type BulkLib, type Form, LONG_SIZES, SIZES } from "./bulk_inputs.ts";

/**
 * In this order, so that the two rows of the ratio to blst run one after the other (the TypeScript and
 * noble subprocesses of 10⁶ points take minutes, in which a shared machine's speed can change).
 */
const LIBS: readonly BulkLib[] = ["isochron-wasm", "blst", "isochron-ts", "noble"];

function peakMiB(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(Deno.readTextFileSync("/proc/self/status"));
  return m === null ? NaN : Number(m[1]) / 1024;
}

async function child(lib: BulkLib, g: "G1" | "G2", form: Form, n: number): Promise<void> {
  const fn = await bulkInput(lib, g, form, n);
  const times: number[] = [];
  let sink: unknown, spent = 0;
  for (let i = 0, t0 = performance.now(); i < 3 || (performance.now() - t0 < 300 && i < 50); i++) sink = fn(); // warm-up
  while (times.length < 3 || (spent < 1000 && times.length < 50)) {
    const t0 = performance.now();
    sink = fn();
    const dt = performance.now() - t0;
    times.push(dt);
    spent += dt;
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({ ms: times[times.length >> 1], runs: times.length, peakMiB: peakMiB(), ok: sink !== 0 }),
  );
}

interface Result {
  ms: number;
  runs: number;
  peakMiB: number;
}

async function run(lib: BulkLib, g: string, form: Form, n: number): Promise<Result | string> {
  // -A: Deno reads /proc/self/status only with every permission.
  const args = ["run", "-A", import.meta.filename!];
  const out = await new Deno.Command(Deno.execPath(), {
    args: [...args, "--child", lib, g, form, String(n)],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout).trim().split("\n").pop() ?? "";
  if (!out.success) {
    return `crashed (code ${out.code}${out.signal ? `, ${out.signal}` : ""}): ` +
      (new TextDecoder().decode(out.stderr).trim().split("\n").find((l) => /error/i.test(l)) ?? "").slice(
        0,
        120,
      );
  }
  return JSON.parse(text) as Result;
}

const fmtTime = (ms: number) =>
  ms >= 1000
    ? `${(ms / 1000).toFixed(2)} s`
    : ms >= 1
    ? `${ms.toFixed(2)} ms`
    : `${(ms * 1000).toFixed(1)} µs`;

async function main(): Promise<void> {
  const args = Deno.args;
  if (args[0] === "--child") {
    return child(args[1] as BulkLib, args[2] as "G1" | "G2", args[3] as Form, Number(args[4]));
  }
  const long = args.includes("--long");
  const fi = args.indexOf("--filter");
  const filter = fi >= 0 ? new RegExp(args[fi + 1]) : null;
  const li = args.indexOf("--libs");
  const libs = li >= 0 ? LIBS.filter((l) => args[li + 1].split(",").includes(l)) : LIBS;
  const ri = args.indexOf("--rounds");
  const rounds = ri >= 0 ? Number(args[ri + 1]) : 1;
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError("--rounds takes a whole number ≥ 1");
  const sizes = long ? [...SIZES, ...LONG_SIZES] : [...SIZES];
  console.log("group form    N         library          time       ns/point   peak MiB  vs blst");
  for (const g of ["G1", "G2"]) {
    for (const form of ["affine", "proj"] as const) {
      for (const n of sizes) {
        if (filter !== null && !filter.test(`${g} ${form} ${n}`)) continue;
        const rows: [BulkLib, Result | string][] = [];
        for (const lib of libs) {
          if (lib === "blst" && form !== "affine") continue;
          rows.push([lib, await run(lib, g, form, n)]);
        }
        const blst = rows.find(([l]) => l === "blst")?.[1];
        for (const [lib, r] of rows) {
          const head = `${g.padEnd(5)} ${form.padEnd(7)} ${String(n).padEnd(9)} ${lib.padEnd(16)}`;
          if (typeof r === "string") {
            console.log(`${head} ${r}`);
            continue;
          }
          const vs = blst !== undefined && typeof blst !== "string" ? `${(r.ms / blst.ms).toFixed(2)}×` : "-";
          console.log(
            `${head} ${fmtTime(r.ms).padStart(10)} ${((r.ms * 1e6) / n).toFixed(0).padStart(10)} ${
              r.peakMiB.toFixed(0).padStart(10)
            }  ${vs}`,
          );
        }
        if (rounds > 1 && form === "affine" && libs.includes("blst")) await moreRounds(g, n, rounds, rows);
      }
    }
  }
}

/** The least disturbed of several timings (NaN, a crashed run, left out). */
const best = (xs: number[]): number => Math.min(...xs.filter((x) => !Number.isNaN(x)));

/** Rounds 2 … K of the ratio to blst (see the module comment), then the median of all K. */
async function moreRounds(g: string, n: number, rounds: number, first: [BulkLib, Result | string][]) {
  const perPoint = (r: Result | string | undefined) => typeof r === "object" ? (r.ms * 1e6) / n : NaN;
  const ours = [perPoint(first.find(([l]) => l === "isochron-wasm")?.[1])];
  const theirs = [perPoint(first.find(([l]) => l === "blst")?.[1])];
  const ratios = [ours[0] / theirs[0]];
  for (let k = 1; k < rounds; k++) {
    const order: BulkLib[] = k % 2 === 1 ? ["blst", "isochron-wasm"] : ["isochron-wasm", "blst"];
    const got = new Map<BulkLib, number>();
    for (const lib of order) got.set(lib, perPoint(await run(lib, g, "affine", n)));
    const [w, b] = [got.get("isochron-wasm")!, got.get("blst")!];
    ours.push(w), theirs.push(b), ratios.push(w / b);
    console.log(
      `      round ${k + 1}: isochron-wasm ${w.toFixed(0)}, blst ${b.toFixed(0)} ns/point, ${
        (w / b).toFixed(2)
      }×`,
    );
  }
  const sorted = ratios.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  const mid = sorted.length === 0 ? NaN : median(sorted);
  console.log(
    `      ${g} ${n}: median of ${sorted.length} rounds ${mid.toFixed(2)}× blst (range ${
      sorted[0]?.toFixed(2)
    }–${sorted[sorted.length - 1]?.toFixed(2)}); best rounds ${best(ours).toFixed(0)} against ${
      best(theirs).toFixed(0)
    } ns/point, ${(best(ours) / best(theirs)).toFixed(2)}×`,
  );
}

await main();
