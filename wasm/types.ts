/**
 * The WebAssembly types that appear in the library's public declarations, written without the DOM
 * library (whose lib.dom.d.ts is where TypeScript declares the `WebAssembly` namespace): a consumer
 * that type-checks with `lib: ["ES2022"]` and no DOM, as Node and Workers projects often do, must not
 * meet `WebAssembly.Module` in our .d.ts files. The engine's `WebAssembly.Module` is assignable to
 * {@linkcode WasmModule} (an empty interface there); values are checked by brand at run time.
 * @module
 */

/** A compiled WebAssembly module (`WebAssembly.Module`, e.g. a statically imported `.wasm` file). */
export interface WasmModule {
  /** Never present: keeps the type distinct in messages. */
  readonly __isochronWasmModule?: never;
}

/** The exports of a WebAssembly instance (`WebAssembly.Exports`). */
export type WasmExports = Readonly<Record<string, unknown>>;
