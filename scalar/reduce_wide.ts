/**
 * Constant-time reduction of a wide big-endian integer (e.g. the 48 bytes of BLS KeyGen's HKDF output,
 * draft-irtf-cfrg-bls-signature-05 §2.3, "OS2IP(OKM) mod r") modulo a fixed public r, without BigInt on
 * the secret.
 *
 * Method: schoolbook binary long division, remainder only. With x < 2^(8n) ≤ 2^(J+1)·r, subtract
 * 2^J·r, 2^(J−1)·r, …, r in turn, each kept only when it does not borrow (a mask, never a branch); after
 * the step with 2^j·r the invariant x < 2^j·r holds, so the end value is x mod r. The multiples are
 * public: 2^J·r, converted once, and each next one by halving the last (exact: 2^j·r is even for j ≥ 1),
 * so that building a reducer costs one conversion however long its inputs (three reducers are built
 * when their modules load; a table of the 130 multiples each cost a fresh Bun process about 1 ms in
 * JavaScriptCore's interpreter). For 48 bytes and BLS12-381's r (≈ 2^254.9): J = 129, so 130 masked
 * subtractions and halvings of 25 16-bit limbs (≈ 10k limb operations; KeyGen runs rarely).
 * @module
 */
import { limbs16Vartime } from "./limbs16.ts";

/** Constant-time x mod r for big-endian inputs of a fixed even byte length. */
export class WideScalarReducer {
  /** The modulus (public). */
  readonly r: bigint;
  /** The input length in bytes (public). */
  readonly inputBytes: number;
  /** Bytes of the output: the big-endian length of r. */
  readonly outputBytes: number;
  /** Limb count of the working value: inputBytes / 2, plus one spare top limb (borrow room). */
  private readonly n: number;
  /** 2^J·r as limbs (public). */
  private readonly top: Int32Array;
  /** J: the multiples subtracted are 2^J·r down to r. */
  private readonly shifts: number;
  private readonly x: Int32Array;
  private readonly t: Int32Array;
  /** The multiple 2^j·r of the current step (public; n limbs and a zero one). */
  private readonly m: Int32Array;

  /** A reducer modulo `r` (r > 1, public) for inputs of `inputBytes` (even) bytes. */
  constructor(r: bigint, inputBytes: number) {
    if (r <= 1n || inputBytes <= 0 || inputBytes % 2 !== 0) throw new RangeError("bad reducer parameters");
    this.r = r;
    this.inputBytes = inputBytes;
    this.outputBytes = Math.ceil(r.toString(16).length / 2);
    this.n = inputBytes / 2 + 1;
    // The least j with 2^(j+1)·r ≥ 2^(8·inputBytes) > any input: for 2^(L−1) ≤ r < 2^L, j = 8·inputBytes − L.
    const j = Math.max(0, 8 * inputBytes - r.toString(2).length);
    this.top = limbs16Vartime(r << BigInt(j), this.n);
    this.shifts = j;
    this.x = new Int32Array(this.n);
    this.t = new Int32Array(this.n);
    this.m = new Int32Array(this.n + 1); // a top limb that stays 0, read by the halving
  }

  /**
   * `bytes` (exactly `inputBytes`, big-endian) mod r, written big-endian into `out` (`outputBytes`
   * long). Constant-time: the same operations and memory accesses for every value; scratch zeroed.
   */
  reduceInto(out: Uint8Array, bytes: Uint8Array): Uint8Array {
    if (bytes.length !== this.inputBytes || out.length !== this.outputBytes) {
      throw new RangeError("wrong input or output length"); // public lengths
    }
    const { x, t, m, n } = this;
    const last = this.inputBytes - 1;
    for (let i = 0; i < n - 1; i++) x[i] = bytes[last - 2 * i] | (bytes[last - 2 * i - 1] << 8);
    x[n - 1] = 0;
    m.set(this.top);
    for (let j = this.shifts; j >= 0; j--) {
      let borrow = 0;
      for (let i = 0; i < n; i++) {
        const d = x[i] - m[i] - borrow;
        t[i] = d & 0xffff;
        borrow = d >>> 31;
        m[i] = (m[i] >>> 1) | ((m[i + 1] & 1) << 15); // halved for the next step: 2^(j−1)·r (m[n] = 0)
      }
      const keep = -borrow; // all ones if x < m (keep x), else 0 (take x − m)
      for (let i = 0; i < n; i++) x[i] = (x[i] & keep) | (t[i] & ~keep);
    }
    // x < r: its big-endian encoding fits outputBytes.
    const ob = this.outputBytes;
    for (let k = 0; k < ob; k++) {
      const i = k >> 1; // byte k from the bottom lives in limb k/2 (public index)
      out[ob - 1 - k] = (x[i] >>> (8 * (k & 1))) & 0xff;
    }
    x.fill(0);
    t.fill(0);
    return out;
  }

  /** `bytes` mod r as a new big-endian array of `outputBytes` (see {@linkcode reduceInto}). */
  reduce(bytes: Uint8Array): Uint8Array {
    return this.reduceInto(new Uint8Array(this.outputBytes), bytes);
  }
}
