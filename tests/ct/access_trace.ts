/**
 * Memory-access proof: run a function against instrumented tables that record every element read
 * and written (by index, never by value), once per secret, and require the recorded sequence to be
 * identical for every secret.
 *
 * ## Contract of a constant-time table lookup
 *
 * Library lookups (scalar-multiplication windows, fixed-base tables, X25519 tables) take the form
 * `select(out, table, entryWords, count, index)` and must:
 * 1. read every word of every entry, `table[j * entryWords + k]` for all `j < count`, `k < entryWords`,
 *    in an order that does not depend on `index`;
 * 2. write `out` at the same positions in the same order whatever `index` is;
 * 3. choose with a mask computed arithmetically from `j` and `index`, e.g. for `0 ≤ j, index < 2^31`:
 *    `mask = -(((j ^ index) - 1) >>> 31)` (all ones when `j === index`, else 0), then
 *    `acc ^= (acc ^ entry) & mask`; no branch, no early exit, no `index`-dependent subarray/slice.
 *
 * Points 1–2 are what {@linkcode assertSameAccessSequence} proves (with `fullScan: true` it also
 * checks that every entry was read); point 3 (no branch on the mask) is proven by the control-flow
 * proof, `assertConstantFlow`, run on the same lookup. Register the lookup with both.
 *
 * What is recorded: `label[i]` reads and `label[i]=` writes through the proxy returned by
 * {@linkcode AccessTrace.wrap}, other property reads (`label.length`), and method calls with their
 * numeric arguments (`label.subarray(16,32)`). Reads that bypass the proxy (a `subarray` view taken
 * before wrapping, wasm memory) are invisible: wasm lookups are covered by the wasm rules instead.
 * @module
 */

import { describeSecret } from "./secrets.ts";

/** Records accesses to the tables it wraps. One trace per run. */
export class AccessTrace {
  /** The recorded accesses, in order. */
  readonly events: string[] = [];
  /** Element count of each wrapped table by label, and the indices read from it. */
  readonly tables: Map<string, { length: number; read: Set<number> }> = new Map();

  /**
   * A proxy over `target` (a typed array or array) that records the index of every element read
   * and write, other property reads, and method calls. Library code uses it as the real table.
   */
  wrap<T extends object>(target: T, label: string = `t${this.tables.size}`): T {
    const events = this.events;
    const info = { length: Number((target as { length?: number }).length ?? 0), read: new Set<number>() };
    this.tables.set(label, info);
    const isIndex = (p: string | symbol): p is string => typeof p === "string" && /^(0|[1-9]\d*)$/.test(p);
    return new Proxy(target, {
      get(t, p) {
        // Read with the target as receiver: typed-array getters (length) reject a proxy `this`.
        const value = (t as Record<string | symbol, unknown>)[p];
        if (typeof p === "symbol") return value;
        if (isIndex(p)) {
          events.push(`${label}[${p}]`);
          info.read.add(Number(p));
          return value;
        }
        if (typeof value === "function") {
          return (...args: unknown[]) => {
            events.push(
              `${label}.${p}(${args.map((a) => (typeof a === "number" ? a : typeof a)).join(",")})`,
            );
            return (value as (...a: unknown[]) => unknown).apply(t, args);
          };
        }
        events.push(`${label}.${p}`);
        return value;
      },
      set(t, p, value) {
        if (typeof p !== "symbol") events.push(isIndex(p) ? `${label}[${p}]=` : `${label}.${p}=`);
        (t as Record<string | symbol, unknown>)[p] = value;
        return true;
      },
    });
  }
}

/** Options of {@linkcode assertSameAccessSequence}. */
export interface AccessOptions {
  /** Also require every element of every wrapped table to have been read (default false). */
  fullScan?: boolean;
}

/** What a passing proof recorded. */
export interface AccessReport {
  /** Number of secrets run. */
  runs: number;
  /** The common access sequence. */
  events: readonly string[];
}

/**
 * Runs `run(secret, trace)` once per secret, each with a fresh {@linkcode AccessTrace}; `run`
 * wraps its tables with `trace.wrap(table)` and performs the lookup. Throws unless every secret
 * produced the same sequence of accesses (and, with `fullScan`, read every element).
 *
 * @example
 * ```ts
 * import { assertSameAccessSequence } from "./access_trace.ts";
 * const table = Uint32Array.from({ length: 8 }, (_, i) => i * 7);
 * const lookup = (t: Uint32Array, index: number) => {
 *   let acc = 0;
 *   for (let j = 0; j < t.length; j++) acc |= t[j] & -(((j ^ index) - 1) >>> 31);
 *   return acc;
 * };
 * assertSameAccessSequence("masked lookup", (i, trace) => lookup(trace.wrap(table), i), [0, 3, 7], {
 *   fullScan: true,
 * });
 * ```
 */
export function assertSameAccessSequence<S>(
  name: string,
  run: (secret: S, trace: AccessTrace) => unknown,
  secrets: readonly S[],
  opts: AccessOptions = {},
): AccessReport {
  if (secrets.length < 2) throw new Error(`ct access "${name}": needs at least two secrets`);
  const traces = secrets.map((s) => {
    const trace = new AccessTrace();
    run(s, trace);
    return trace;
  });
  const ref = traces[0];
  if (ref.tables.size === 0) throw new Error(`ct access "${name}": run wrapped no table (call trace.wrap)`);
  for (let k = 1; k < traces.length; k++) {
    const ev = traces[k].events;
    const n = Math.max(ev.length, ref.events.length);
    for (let i = 0; i < n; i++) {
      if (ev[i] === ref.events[i]) continue;
      throw new Error(
        `ct access "${name}": the access sequence depends on the secret: access #${i} is ` +
          `${ref.events[i] ?? "(end)"} for secret #0 but ${ev[i] ?? "(end)"} for secret #${k} ` +
          `(${ref.events.length} vs ${ev.length} accesses)\n` +
          `  secret #0 = ${describeSecret(secrets[0])}\n  secret #${k} = ${describeSecret(secrets[k])}`,
      );
    }
  }
  if (opts.fullScan) {
    for (const [label, { length, read }] of ref.tables) {
      for (let i = 0; i < length; i++) {
        if (!read.has(i)) {
          throw new Error(
            `ct access "${name}": ${label}[${i}] (of ${length}) was never read: not a full scan`,
          );
        }
      }
    }
  }
  return { runs: secrets.length, events: ref.events };
}
