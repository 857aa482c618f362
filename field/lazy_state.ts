/**
 * State that belongs to one long-lived object (a kernel, a tower, a group law) and is built on first
 * use: an algorithm's scratch slots, a kernel's compiled lookups, a tower's groups. This is the one
 * helper for such side state, so that it has one shape and one place to read: the state lives as long
 * as its owner (a WeakMap keyed by the owner), and a dropped owner takes its state with it. State that
 * a class owns outright is a lazily built member of the class instead (e.g. `Group.endo`,
 * `Group.fixedBase`, `HashingGroup.suite`).
 * @module
 */

/** A function returning the state of `owner`, built by `build` on the first call for that owner. */
export function lazyState<K extends object, T>(build: (owner: K) => T): (owner: K) => T {
  const states = new WeakMap<K, T>();
  return (owner: K): T => {
    let s = states.get(owner);
    if (s === undefined) {
      s = build(owner);
      states.set(owner, s);
    }
    return s;
  };
}
