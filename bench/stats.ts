/** Small statistics and clock helpers of the benchmark report (pure functions, unit-tested). */

/** Median of a non-empty list (mean of the two middle values for an even length). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new RangeError("median of an empty list");
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * The `q`-quantile (0 ≤ q ≤ 1) of a non-empty list, interpolated linearly between the order statistics
 * (R's type 7, numpy's default): `quantile(xs, 0.5)` is the median.
 */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) throw new RangeError("quantile of an empty list");
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile ${q} outside [0, 1]`);
  const s = [...xs].sort((a, b) => a - b);
  const h = (s.length - 1) * q;
  const lo = Math.floor(h);
  return lo + 1 < s.length ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
}

/**
 * The spread of the samples: their interquartile range (third minus first quartile) as a percentage
 * of their median. Robust to the odd sample that a context switch stretched, unlike min–max.
 */
export function iqrPercent(xs: readonly number[]): number {
  const m = median(xs);
  return m > 0 ? ((quantile(xs, 0.75) - quantile(xs, 0.25)) / m) * 100 : 0;
}

/** Time ratio of a row against a reference: below 1 means the row is faster. */
export function ratio(nsPerOp: number, referenceNsPerOp: number): number {
  return nsPerOp / referenceNsPerOp;
}

/** Nominal clock in GHz from a CPU model string such as `"Intel(R) Core(TM) i9 @ 2.60GHz"`. */
export function ghzFromModel(model: string): number | null {
  const m = /@\s*(\d+(?:\.\d+)?)\s*([GM])Hz/i.exec(model);
  if (m === null) return null;
  const v = Number(m[1]) / (m[2].toUpperCase() === "M" ? 1000 : 1);
  return v > 0 ? v : null;
}

/**
 * Clock in GHz from the first `cpu MHz` line of Linux's /proc/cpuinfo. This is the current frequency
 * of that core when the file was read, not the nominal one: an approximation.
 */
export function ghzFromCpuinfo(text: string): number | null {
  const m = /^cpu MHz\s*:\s*(\d+(?:\.\d+)?)/m.exec(text);
  if (m === null) return null;
  const v = Number(m[1]) / 1000;
  return v > 0 ? v : null;
}

/** CPU model from the first `model name` line of /proc/cpuinfo, or null. */
export function modelFromCpuinfo(text: string): string | null {
  const m = /^model name\s*:\s*(.+)$/m.exec(text);
  return m === null ? null : m[1].trim();
}

/** Approximate cycles per operation at a clock of `ghz` (null when the clock is unknown). */
export function cyclesPerOp(nsPerOp: number, ghz: number | null): number | null {
  return ghz === null ? null : Math.round(nsPerOp * ghz);
}
