/**
 * wasm/inverse.ts: the constant-time wasm inversion against BigInt modular inversion for all four
 * fields and X25519's prime 2^255 − 19 (random and edge inputs, Montgomery form in and out, aliasing, no stray writes), its bytecode
 * under the "counted loops only" rule, and a BigInt model of the same algorithm (Pornin 2020/972,
 * Algorithm 2 with k − 1 = 30 and the same approximations) that measures how many outer iterations inputs
 * really need against the fixed count.
 */

import { buildWasmInverse, type FieldName, FIELDS, inverseModuleBytes, inverseParams } from "../internal.ts";
import assert from "node:assert/strict";
import { assertCountedLoopsOnly } from "../ct/wasm_rules.ts";
import { model } from "./algorithms_gcd_model.ts";
import { modPow } from "./algorithms_ref_kernel.ts";

/** The moduli the generator serves: the four fields' and X25519's (x25519/wasm/module.ts). */
const MODULI: readonly (readonly [string, bigint])[] = [
  ...(Object.keys(FIELDS) as FieldName[]).map((name) => [name, FIELDS[name].p] as const),
  ["x25519 2^255 − 19", 2n ** 255n - 19n],
];

function randomBelow(p: bigint): bigint {
  const bytes = new Uint8Array(Math.ceil(p.toString(2).length / 8) + 8);
  crypto.getRandomValues(bytes);
  let x = 0n;
  for (const b of bytes) x = (x << 8n) | BigInt(b);
  return x % p;
}

/** Inputs that are edge cases for a binary GCD: tiny, powers of two, near p, near p/2. */
function edgeInputs(p: bigint): bigint[] {
  const bits = p.toString(2).length;
  const out = [0n, 1n, 2n, 3n, p - 1n, p - 2n, (p - 1n) / 2n, (p + 1n) / 2n, p / 3n];
  for (let k = 1; k < bits; k += 37) out.push(1n << BigInt(k), p - (1n << BigInt(k)), (1n << BigInt(k)) - 1n);
  // Close to p (or to p/2): a and b share their top bits, so the approximations' comparison is sometimes
  // wrong (the case the sign fix exists for: about 20 wrong comparisons over these inputs in the model).
  for (const k of [40, 64, 100, 200, bits - 40]) {
    for (let j = 1n; j < 6n; j++) {
      out.push(p - (1n << BigInt(k)) + j, p - (1n << BigInt(k)) - j, (p >> 1n) + j);
    }
  }
  // 2^(bits−1) needs about 2·bits − 2 binary-GCD steps: the extreme the iteration count must cover.
  out.push(
    1n << BigInt(bits - 1),
    1n << BigInt(bits - 2),
    (1n << BigInt(bits - 1)) + 1n,
    p - (p >> 31n),
    p >> 62n,
    (p >> 62n) + 1n,
  );
  return out.filter((x) => x >= 0n && x < p);
}

for (const [name, p] of MODULI) {
  Deno.test(`wasm inverse matches BigInt, Montgomery form in and out (${name})`, () => {
    const { n32 } = inverseParams(p);
    const R = 1n << BigInt(32 * n32);
    const memory = new WebAssembly.Memory({ initial: 1 });
    const { inv, scratchBytes } = buildWasmInverse(p, memory);
    assert.equal(scratchBytes, 0);
    const bytes = new Uint8Array(memory.buffer);
    const u32 = new Uint32Array(memory.buffer);
    const write = (addr: number, x: bigint) => {
      for (let i = 0; i < n32; i++) u32[addr / 4 + i] = Number((x >> BigInt(32 * i)) & 0xffffffffn);
    };
    const read = (addr: number) => {
      let x = 0n;
      for (let i = n32 - 1; i >= 0; i--) x = (x << 32n) | BigInt(u32[addr / 4 + i]);
      return x;
    };
    const IN = 64, OUT = 1024;
    const inputs = [...edgeInputs(p), ...Array.from({ length: 300 }, () => randomBelow(p))];
    for (const a of inputs) {
      bytes.fill(0xa5);
      const aR = (a * R) % p;
      write(IN, aR);
      inv(OUT, IN, 4096);
      const want = a === 0n ? 0n : (modPow(a, p - 2n, p) * R) % p; // Montgomery form of a⁻¹
      assert.equal(read(OUT), want, `inverse of ${a}`);
      // Nothing else written: every byte outside [OUT, OUT + 4N) still 0xa5 (the input included).
      for (let i = 0; i < 8192; i++) {
        if (i >= OUT && i < OUT + 4 * n32) continue;
        if (i >= IN && i < IN + 4 * n32) continue;
        assert.equal(bytes[i], 0xa5, `stray write at ${i}`);
      }
      assert.equal(read(IN), aR, "input unchanged");
      inv(IN, IN, 4096); // in place
      assert.equal(read(IN), want);
    }
  });

  Deno.test(`wasm inverse bytecode: counted loops only, deterministic (${name})`, () => {
    const bytes = inverseModuleBytes(p);
    assertCountedLoopsOnly(bytes, ["inv"]);
    assert.deepEqual(inverseModuleBytes(p), bytes);
  });
}

Deno.test("model: steps needed stay within 2·bits − 1 (≤ the fixed 30·iterations), approximations do err", () => {
  const lines: string[] = [];
  let wrong = 0;
  for (const [name, p] of MODULI) {
    const bits = p.toString(2).length;
    const { iterations } = inverseParams(p);
    assert.ok(30 * iterations >= 2 * bits - 1);
    let worst = 0;
    for (const y of [...edgeInputs(p), ...Array.from({ length: 200 }, () => randomBelow(p))]) {
      const run = model(y, p, 30);
      worst = Math.max(worst, run.steps);
      wrong += run.wrong;
    }
    lines.push(`${name}: worst ${worst} steps, bound ${2 * bits - 1}, run ${30 * iterations}`);
    assert.ok(worst <= 2 * bits - 1, `${name}: ${worst} steps`);
  }
  console.log(lines.join("; ") + `; wrong comparisons: ${wrong}`);
  assert.ok(wrong > 0, "the edge inputs should make the approximations' comparison err at least once");
});
