/**
 * The command-line arguments of a bench script on any runtime: `Deno.args`, or `process.argv` after the
 * script on Node and Bun (the field benches also run bundled there, bench/README.md).
 * @module
 */
export function scriptArgs(): readonly string[] {
  const g = globalThis as { Deno?: { args: string[] }; process?: { argv: string[] } };
  return g.Deno?.args ?? g.process?.argv.slice(2) ?? [];
}
