/** Which CPU the report runs on, and the clock used to turn nanoseconds into approximate cycles. */

import { cpus } from "node:os";
import { ghzFromCpuinfo, ghzFromModel, modelFromCpuinfo } from "./stats.ts";

/**
 * Where the clock comes from: ISOCHRON_CPU_GHZ (`env`), the nominal clock in the model name (`model`),
 * the current clock of one core in Linux's /proc/cpuinfo (`cpuinfo`), the speed `os.cpus()` reports
 * (`os`), or nowhere (`unknown`).
 */
export type ClockSource = "env" | "model" | "cpuinfo" | "os" | "unknown";

export interface CpuInfo {
  model: string;
  /** Logical cores seen by the runtime. */
  cores: number;
  /** Clock in GHz, or null when unknown (then cycles are null). */
  ghz: number | null;
  /** Where `ghz` came from, for the header. */
  clockSource: ClockSource;
}

/**
 * Linux's /proc/cpuinfo, or "". Deno reads /proc only under --allow-all, so without it the file is read
 * through `cat` (the bench task grants --allow-run: `cat` here, fresh Deno processes in cases/cold.ts).
 */
async function readCpuinfo(): Promise<string> {
  if (Deno.build.os !== "linux") return "";
  try {
    return await Deno.readTextFile("/proc/cpuinfo");
  } catch {
    // not permitted: try cat below
  }
  try {
    // Query first: an ungranted permission would prompt on a terminal.
    if (Deno.permissions.querySync({ name: "run", command: "cat" }).state !== "granted") return "";
    const cmd = new Deno.Command("cat", { args: ["/proc/cpuinfo"], stdout: "piped", stderr: "null" });
    const out = await cmd.output();
    return out.success ? new TextDecoder().decode(out.stdout) : "";
  } catch {
    return "";
  }
}

/** `ISOCHRON_CPU_GHZ`: the nominal clock given by the user (e.g. on a VM whose model name has none). */
function ghzFromEnv(): number | null {
  let v: string | undefined;
  try {
    v = Deno.env.get("ISOCHRON_CPU_GHZ");
  } catch {
    return null;
  }
  const x = Number(v);
  return v !== undefined && Number.isFinite(x) && x > 0 ? x : null;
}

/**
 * The clock from ISOCHRON_CPU_GHZ if set; else the nominal clock from the model string ("@ 2.60GHz") when it has one; else Linux's "cpu MHz"
 * (the current frequency, approximate); else the runtime's reported speed; else unknown.
 */
export async function detectCpu(): Promise<CpuInfo> {
  const cpuinfo = await readCpuinfo();
  let list: ReturnType<typeof cpus> = [];
  try {
    list = cpus();
  } catch {
    // no --allow-sys, or not available: keep going with /proc/cpuinfo alone
  }
  const model = modelFromCpuinfo(cpuinfo) ?? list[0]?.model?.trim() ?? "unknown CPU";
  const cores = list.length > 0 ? list.length : (navigator.hardwareConcurrency ?? 0);
  const fromEnv = ghzFromEnv();
  if (fromEnv !== null) return { model, cores, ghz: fromEnv, clockSource: "env" };
  const fromModel = ghzFromModel(model);
  if (fromModel !== null) {
    return { model, cores, ghz: fromModel, clockSource: "model" };
  }
  const fromCpuinfo = ghzFromCpuinfo(cpuinfo);
  if (fromCpuinfo !== null) {
    return { model, cores, ghz: fromCpuinfo, clockSource: "cpuinfo" };
  }
  // Some platforms report nonsense speeds (e.g. 24 MHz on Apple silicon): ignore anything below 500.
  const speed = list[0]?.speed ?? 0;
  if (speed >= 500) return { model, cores, ghz: speed / 1000, clockSource: "os" };
  return { model, cores, ghz: null, clockSource: "unknown" };
}
