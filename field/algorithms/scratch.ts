/**
 * Per-kernel scratch slots for the field algorithms: each algorithm allocates the slots it needs once
 * per kernel (slots live as long as the kernel) and keeps them in a WeakMap keyed by the kernel, so
 * no operation allocates and kernels that are dropped take their scratch with them.
 *
 * The algorithms are not re-entrant with themselves (one scratch set per algorithm and kernel), which is
 * fine: JavaScript runs them to completion, and none calls itself.
 * @module
 */

import type { FieldKernel } from "../kernel.ts";

/** A lazily filled per-kernel cache: `get(k)` builds the value with `make(k)` on first use. */
export class PerKernel<T> {
  private readonly map = new WeakMap<FieldKernel, T>();
  private readonly make: (k: FieldKernel) => T;

  constructor(make: (k: FieldKernel) => T) {
    this.make = make;
  }

  /** The value for kernel `k`, built on first use. */
  get(k: FieldKernel): T {
    let v = this.map.get(k);
    if (v === undefined) {
      v = this.make(k);
      this.map.set(k, v);
    }
    return v;
  }
}
