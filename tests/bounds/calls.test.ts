/**
 * The call-level bound analysis (calls_analysis.ts) on every composite function of the BLS12-381 and
 * BN254 Fp modules as the library builds them (with and without SIMD, each in the `u32` shape with
 * words at rest and the `reduced` shape with 30-bit limbs at rest): prints one line per function
 * (module, function, leaf calls checked, input bounds, proven output bounds, the largest intermediate)
 * and fails on any violation. Then the positive controls: a tightened leaf contract, a mis-stated input
 * bound, unmodelled code and a combination read with the wrong limb width must each be caught.
 * @module
 */
import assert from "node:assert/strict";
import { CallAnalysis, Unclassified } from "./calls_analysis.ts";
import { analyseFunction, formatViolation } from "./calls_run.ts";
import { type ModuleTarget, moduleTargets, variantBytes } from "./calls_targets.ts";
import { fieldContracts, type LeafContract } from "./contracts.ts";
import { type Combination, decodeCombination, NotACombination, partBound } from "./calls_combination.ts";
import type { WasmModule } from "../ct/wasm_decode.ts";
import { maskValue, proveSelect } from "./calls_select.ts";
import { x25519Target } from "./calls_x25519.ts";
import { LOOSE, X25519_CONTRACTS } from "./contracts.ts";

const targets = moduleTargets();
const target = (label: string): ModuleTarget => targets.find((t) => t.label === label)!;

Deno.test("calls: every composite function of every module variant meets its callees' contracts", () => {
  let functions = 0;
  for (const t of targets) {
    const analysis = new CallAnalysis(t.facts);
    for (const spec of t.functions) {
      const r = analyseFunction(t, analysis, spec);
      console.log(r.line);
      for (const v of r.violations) console.log(`  ${formatViolation(v)}`);
      assert.deepStrictEqual(r.violations.map(formatViolation), [], `${t.label} ${spec.name}`);
      assert(r.calls > 0);
      functions++;
    }
    for (const name of t.sums) {
      const r = analysis.summarize(t.facts.mod.exports.get(name)!, t.facts.unit);
      console.log(
        `${t.label} | ${name} | ${r.calls} calls checked (loops: flow-insensitive) | invariant: every element ` +
          `< p | ${r.violations.length === 0 ? "proven" : "VIOLATIONS"}`,
      );
      assert.deepStrictEqual(r.violations.map(formatViolation), [], `${t.label} ${name}`);
    }
  }
  // 2 curves × (2 SIMD layouts × (14 tower + 12 point + 2 Miller) + 2 layouts × 6 G1 point functions
  // without SIMD), and the tower's own plan: 2 curves × 2 SIMD layouts × 14 (without SIMD it has no
  // tower layer)
  assert.deepStrictEqual(functions, 2 * (2 * 28 + 2 * 6) + 2 * 2 * 14);
  // both layouts at rest are among them: words (u32) and 30-bit limbs (reduced)
  assert.deepStrictEqual(
    [...new Set(targets.map((t) => `${t.label.split(" ").at(-1)} ${t.facts.limbBits}`))].sort(),
    ["reduced 30", "u32 32"],
  );
});

/** The target with one leaf contract replaced. */
function withContract(t: ModuleTarget, name: string, c: LeafContract): ModuleTarget {
  return { ...t, facts: { ...t.facts, contracts: { ...t.facts.contracts, [name]: c } } };
}

Deno.test("calls control: fp2_mul claimed to accept only a < p is caught where the lazy operand is relied on", () => {
  const towers = targets.filter((t) => t.facts.mod.exports.has("fp12_mul"));
  assert.deepStrictEqual(towers.length, 8); // 2 curves × (curve plan, tower plan) × (words, limbs)
  for (const t of towers) {
    const label = t.label;
    const real = t.facts.contracts.fp2_mul as LeafContract;
    assert.deepStrictEqual(real.inputs[0].accept, 2n); // the lazy first operand: a < 2p (mulInputBounds)
    const tight = withContract(t, "fp2_mul", {
      ...real,
      inputs: [{ ...real.inputs[0], accept: 1n }, real.inputs[1]],
    });
    const analysis = new CallAnalysis(tight.facts);
    const caught = tight.functions.map((s) => analyseFunction(tight, analysis, s)).filter((r) =>
      r.violations.length
    );
    assert(caught.length > 0, `${label}: no function relies on a loose fp2_mul operand`);
    console.log(
      `control ${label}: fp2_mul a < p → ${caught.length} functions violate, e.g. ` +
        formatViolation(caught[0].violations[0]),
    );
    assert(caught.some((r) => r.name === "fp12_mul"));
  }
});

Deno.test("calls control: an input stated as < 2p where a callee needs < p is a violation", () => {
  for (const label of ["bls12-381 simd u32", "bls12-381 simd reduced"]) {
    const t = target(label);
    const analysis = new CallAnalysis(t.facts);
    const p = t.facts.unit;
    for (
      const name of ["fp12_mul", "bls12-381 G1.jac_add", "bls12-381 G2.point_add", "bls12-381.miller_dbl"]
    ) {
      const spec = t.functions.find((s) => s.name === name)!;
      const r = analyseFunction(t, analysis, spec, { inputBound: 2n * p });
      assert(r.violations.length > 0, `${label} ${name}`);
      console.log(`control ${label} ${name} with inputs < 2p: ${formatViolation(r.violations[0])}`);
    }
    // and the bulk-sum invariant does not hold for 2p
    const sum = t.facts.mod.exports.get("bls12-381 G1.sum_level_vartime")!;
    assert(analysis.summarize(sum, 2n * p).violations.length > 0, label);
    // a promise tighter than what the callees give is not met either (outputs < p/2)
    const r = analyseFunction(t, analysis, t.functions.find((s) => s.name === "fp6_mul")!, {
      promise: p / 2n,
    });
    assert(r.violations.some((v) => v.callee === "(output)"), label);
  }
});

Deno.test("calls control: fp2_mul's bounds follow the layout (BN254 with limbs at rest relies on b < 2p)", () => {
  // R = 2^270 with limbs at rest lets BN254's fp2_mul take b < 2p (mulInputBounds), and the tower uses
  // it; under the words contract (R = 2^256: b < p) the same bytes are violations
  for (const label of ["bn254 simd reduced", "bn254 tower plan simd reduced"]) {
    const t = target(label);
    const words = { ...t, facts: { ...t.facts, contracts: fieldContracts(t.facts.unit) } };
    const analysis = new CallAnalysis(words.facts);
    const caught = words.functions.map((s) => analyseFunction(words, analysis, s)).filter((r) =>
      r.violations.length
    );
    assert(caught.length > 0, `${label}: nothing relies on b < 2p`);
    assert(caught.every((r) => r.violations.every((v) => v.callee === "fp2_mul")), label);
    console.log(
      `control ${label} under the words contract (b < p): ${caught.length} functions violate, e.g. ` +
        formatViolation(caught[0].violations[0]),
    );
  }
});

/** A copy of the module with one function's body changed. */
function patched(
  mod: WasmModule,
  name: string,
  edit: (body: WasmModule["functions"][number]["body"]) => void,
): WasmModule {
  const index = mod.exports.get(name)! - mod.imports.length;
  const functions = mod.functions.map((
    f,
    i,
  ) => (i === index ? { ...f, body: f.body.map((x) => ({ ...x, imm: [...x.imm] })) } : f));
  edit(functions[index].body);
  return { ...mod, functions };
}

Deno.test("calls control: unmodelled code throws, never skipped", () => {
  const t = target("bls12-381 simd u32");
  const run = (tt: ModuleTarget, name: string) =>
    analyseFunction(tt, new CallAnalysis(tt.facts), tt.functions.find((s) => s.name === name)!);
  // an instruction outside the composite set (an i32.mul computing an address)
  const mul = patched(t.facts.mod, "fp6_add", (body) => {
    const k = body.findIndex((i) => i.name === "i32.add");
    body[k] = { ...body[k], name: "i32.mul" };
  });
  assert.throws(
    () => run({ ...t, facts: { ...t.facts, mod: mul } }, "fp6_add"),
    (e: unknown) => e instanceof Unclassified && e.message.includes("i32.mul"),
  );
  // control flow in a function walked as straight-line
  const sum = t.facts.mod.exports.get("bls12-381 G1.sum_level_vartime")!;
  assert.throws(
    () => new CallAnalysis(t.facts).run(sum, Array(6).fill({ c: 0 }), new Map(), []),
    (e: unknown) => e instanceof Unclassified && e.message.includes("unmodelled instruction"),
  );
  // a leaf without a contract that is not a linear combination (the kernel's mul, table entry removed)
  const { mul: _, ...noMul } = t.facts.contracts;
  assert.throws(
    () => run({ ...t, facts: { ...t.facts, contracts: noMul } }, "bls12-381 G1.jac_add"),
    (e: unknown) => e instanceof Unclassified && e.message.includes("no contract"),
  );
  // a combination whose offset is not a multiple of p
  const bad = patched(t.facts.mod, "fp2_mulByXi", (body) => {
    const k = body.findIndex((i) => i.name === "i64.const");
    body[k] = { ...body[k], imm: [(body[k].imm[0] as bigint) + 1n] };
  });
  const f = bad.functions[bad.exports.get("fp2_mulByXi")! - bad.imports.length];
  assert.throws(
    () => decodeCombination(f, t.facts.unit, t.facts.limbs),
    (e: unknown) => e instanceof NotACombination && e.message.includes("not a multiple of p"),
  );
});

Deno.test("calls: the decoded combinations compute what they say (run on extreme operands)", () => {
  for (
    const [curve, shape] of [["bls12-381", "u32"], ["bn254", "u32"], ["bls12-381", "reduced"], [
      "bn254",
      "reduced",
    ]] as const
  ) {
    const t = target(`${curve} simd ${shape}`);
    const { unit: p, limbs: n, stride: S, limbBits: bits = 32 } = t.facts;
    const W = BigInt(bits), mask = (1n << W) - 1n; // the module's layout: n limbs of w bits, one per u32
    const inst = new WebAssembly.Instance(new WebAssembly.Module(variantBytes(curve, true, shape)), {});
    const memory = inst.exports.memory as WebAssembly.Memory;
    const put = (at: number, x: bigint) => {
      const w = new Uint32Array(memory.buffer, at, n);
      for (let j = 0; j < n; j++) w[j] = Number((x >> (W * BigInt(j))) & mask);
    };
    const get = (at: number) =>
      [...new Uint32Array(memory.buffer, at, n)].reduceRight((a, w) => {
        assert.ok(BigInt(w) <= mask, "a stored limb is below 2^w");
        return (a << W) + BigInt(w);
      }, 0n);
    const [OUT, A, B] = [64, 72, 80].map((s) => s * S);
    let checked = 0;
    for (
      const name of ["fp2_neg", "fp2_conj", "fp2_mulByXi", "fp2_mulByU"]
    ) {
      const f = t.facts.mod.functions[t.facts.mod.exports.get(name)! - t.facts.mod.imports.length];
      const comb = decodeCombination(f, p, n, bits);
      const fn = inst.exports[name] as (...a: number[]) => void;
      for (const x of [0n, 1n, p - 1n, p >> 1n]) {
        for (const y of [0n, p - 1n, 2n]) {
          const vals = new Map([[A, x], [A + S, y], [B, y], [B + S, x]]);
          for (const [at, v] of vals) put(at, v);
          fn(OUT, A, B);
          for (const s of comb.stores) {
            const part = comb.parts[s.part];
            const args = [OUT, A, B];
            const want = part.terms.reduce(
              (acc, tm) => acc + tm.coef * vals.get(args[tm.param] + tm.offset)!,
              0n,
            );
            const got = get(OUT + s.offset);
            assert.deepStrictEqual(got, ((want % p) + p) % p, `${curve} ${name}`);
            checked++;
          }
        }
      }
    }
    console.log(
      `${curve} ${shape} (${bits}-bit limbs): ${checked} outputs of the decoded fp2 combinations equal ` +
        `Σ c·x mod p, fully reduced`,
    );
  }
});

Deno.test("calls: the table lookups only move values (bounds preserved), every module variant", () => {
  for (const t of targets) {
    const m = t.facts.mod;
    const shapes = [...m.exports.keys()].filter((n) => /^select_\d+_\d+$/.test(n));
    assert.ok(t.label.includes("tower plan") ? shapes.length === 0 : shapes.length >= 6, t.label);
    for (const name of shapes) {
      const [, slots, count] = name.split("_").map(Number);
      const words = proveSelect(
        m.functions[m.exports.get(name)! - m.imports.length],
        slots * t.facts.stride,
        count,
      );
      console.log(
        `${t.label} | ${name} | ${count} entries × ${words} words, each out word = OR_i(entry_i word & mask_i) | ` +
          `out element j = entry d's element j or 0: bounds preserved | proven`,
      );
    }
  }
  // the masks: all ones exactly for i = d (the argument in calls_select.ts, on sample d)
  for (const d of [0, 1, 7, 15, 16, -1, 0x7fffffff, -0x80000000, 123456789]) {
    for (let i = 0; i < 16; i++) assert.equal(maskValue(i, d), i === d ? -1 : 0);
  }
});

Deno.test("calls control: a lookup that reads a wrong word or uses another entry's mask is rejected", () => {
  const t = target("bls12-381 simd u32");
  const check = (mod: WasmModule) =>
    proveSelect(mod.functions[mod.exports.get("select_3_16")! - mod.imports.length], 3 * t.facts.stride, 16);
  check(t.facts.mod);
  const offset = patched(t.facts.mod, "select_3_16", (body) => {
    const k = body.findIndex((i) => i.name === "v128.load" && i.imm[1] === 16);
    body[k].imm[1] = 32;
  });
  assert.throws(() => check(offset), (e: unknown) => e instanceof Unclassified);
  const maskConst = patched(t.facts.mod, "select_3_16", (body) => {
    const k = body.findIndex((i, j) =>
      i.name === "i32.const" && i.imm[0] === 5 && body[j + 1].name === "i32.xor"
    );
    body[k].imm[0] = 6;
  });
  assert.throws(() => check(maskConst), (e: unknown) => e instanceof Unclassified);
  // limbs at rest: entries of 3·52 = 156 bytes end with an i32 word (at 152); reading it 4 bytes early
  // is rejected like the v128 words
  const r = target("bls12-381 simd reduced");
  const checkLimbs = (mod: WasmModule) =>
    proveSelect(mod.functions[mod.exports.get("select_3_16")! - mod.imports.length], 3 * r.facts.stride, 16);
  checkLimbs(r.facts.mod);
  const tail = patched(r.facts.mod, "select_3_16", (body) => {
    const k = body.findIndex((i) => i.name === "i32.load" && i.imm[1] === 152);
    assert.ok(k >= 0, "an i32 tail word at 152");
    body[k].imm[1] = 148;
  });
  assert.throws(() => checkLimbs(tail), (e: unknown) => e instanceof Unclassified);
});

Deno.test("calls: X25519 fe_invert (fe_tobytes, the inversion on bytes, fe_frombytes)", () => {
  const t = x25519Target();
  const analysis = new CallAnalysis(t.facts);
  const r = analyseFunction(t, analysis, t.functions[0], { inputBound: LOOSE });
  console.log(r.line);
  assert.deepStrictEqual(r.violations.map(formatViolation), []);
  const mod = t.facts.mod, inv = mod.functions[mod.exports.get("fe_invert")! - mod.imports.length];
  const callees = inv.body.filter((i) => i.name === "call")
    .map((ins) => mod.functions[(ins.imm[0] as number) - mod.imports.length].name);
  assert.deepStrictEqual(callees, ["fe_tobytes", "fe_invert_bytes", "fe_frombytes"]);
  // controls: bytes passed to a limb function are refused (fe_frombytes demanding loose limbs), and a
  // decoding that returned loose limbs breaks the promise "tight"
  const withFromBytes = (c: Partial<LeafContract>) => {
    const from = { ...X25519_CONTRACTS.fe_frombytes, ...c };
    const facts = { ...t.facts, contracts: { ...t.facts.contracts, fe_frombytes: from } };
    return analyseFunction({ ...t, facts }, new CallAnalysis(facts), t.functions[0], { inputBound: LOOSE });
  };
  assert.ok(withFromBytes({ inputs: [{ param: 1, elements: 1, accept: LOOSE }] }).violations.length > 0);
  assert.ok(
    withFromBytes({ outputs: [{ param: 0, elements: 1, bound: { k: LOOSE } }] }).violations.length > 0,
  );
});

Deno.test("calls control: a combination's quotient estimate is checked from its constants", () => {
  for (
    const label of ["bls12-381 simd u32", "bn254 simd u32", "bls12-381 simd reduced", "bn254 simd reduced"]
  ) {
    const { mod, unit: p, limbs: n, limbBits: bits = 32 } = target(label).facts;
    const decoded = mod.functions.map((f): Combination | null => {
      try {
        return decodeCombination(f, p, n, bits);
      } catch (e) {
        if (e instanceof NotACombination) return null;
        throw e;
      }
    });
    const parts = decoded.flatMap((c) => c?.parts ?? []).filter((part) => part.estimate !== undefined);
    console.log(`${label}: ${parts.length} combination parts reduce by the quotient estimate`);
    assert(parts.length > 0, "the module has estimate combinations");
    for (const part of parts) {
      const unit = part.terms.map(() => p);
      assert.ok("bound" in partBound(part, p, n, unit, bits), "operands < p: proven");
      const e = part.estimate!;
      const bumped = { ...part, estimate: { ...e, mu: e.mu + 1n } };
      assert.ok(
        "error" in partBound(bumped, p, n, unit, bits),
        "μ one too large (q̂ may exceed q) is rejected",
      );
      const narrow = { ...part, estimate: { ...e, hMask: e.hMask >> 1n } };
      assert.ok("error" in partBound(narrow, p, n, unit, bits), "a mask that can cut bits of h is rejected");
      const wide = part.terms.map(() => p << 6n);
      assert.ok(
        "error" in partBound(part, p, n, wide, bits),
        "operands 64× wider than the function was built for",
      );
    }
  }
});

Deno.test("calls control: a combination is read with its module's limb width (30-bit limbs at rest, or words)", () => {
  const fnOf = (mod: WasmModule, name: string) => mod.functions[mod.exports.get(name)! - mod.imports.length];
  const isNot = (what: string) => (e: unknown) => e instanceof NotACombination && e.message.includes(what);
  for (const curve of ["bls12-381", "bn254"] as const) {
    const words = target(`${curve} simd u32`).facts, limbs = target(`${curve} simd reduced`).facts;
    const p = words.unit;
    assert.deepStrictEqual([words.limbBits, limbs.limbBits], [32, 30]);
    for (const name of ["fp2_neg", "fp2_conj", "fp2_mulByXi", "fp2_mulByU"]) {
      const l = fnOf(limbs.mod, name), w = fnOf(words.mod, name);
      decodeCombination(l, p, limbs.limbs, 30);
      decodeCombination(w, p, words.limbs, 32);
      // the limbs' carry shift (30) is not a word's (32), and the other way round
      assert.throws(() => decodeCombination(l, p, limbs.limbs, 32), isNot("expected i64.const 32"));
      assert.throws(() => decodeCombination(w, p, words.limbs, 30), isNot("expected i64.const 30"));
    }
    // K·p's limbs must be below 2^w: K_0 + 2^30 with K_1 − 1 still sums to K·p (so only the limb range
    // check can see it), and is rejected under w = 30
    const moved = patched(limbs.mod, "fp2_neg", (body) => {
      const k1 = body.findIndex((i) => i.name === "i64.and") + 2; // limb 1's constant follows limb 0's chain
      assert.ok(body[0].name === "i64.const" && body[k1].name === "i64.const", "K_0 and K_1");
      assert.ok((body[k1].imm[0] as bigint) > 0n, "K_1 > 0");
      body[0].imm[0] = (body[0].imm[0] as bigint) + (1n << 30n);
      body[k1].imm[0] = (body[k1].imm[0] as bigint) - 1n;
    });
    assert.throws(
      () => decodeCombination(fnOf(moved, "fp2_neg"), p, limbs.limbs, 30),
      isNot("K·p limb out of range (not below 2^30)"),
    );
  }
});
