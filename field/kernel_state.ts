/**
 * State that belongs to one kernel and is built on first use (a table of compiled lookups, a tower, a
 * curve's groups): the one helper for it, so that such side state has one shape and one place to read.
 * The state lives as long as its kernel (a WeakMap keyed by the kernel: kernels are long-lived, and a
 * dropped kernel takes its state with it).
 * @module
 */

/** A function returning the state of a kernel, built by `build` on the first call for that kernel. */
export function perKernel<K extends object, T>(build: (kernel: K) => T): (kernel: K) => T {
  const states = new WeakMap<K, T>();
  return (kernel: K): T => {
    let s = states.get(kernel);
    if (s === undefined) {
      s = build(kernel);
      states.set(kernel, s);
    }
    return s;
  };
}
