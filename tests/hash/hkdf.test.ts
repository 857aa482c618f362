/**
 * hash/hkdf.ts: HMAC-SHA-256 against RFC 4231's test cases 1–4, 6 and 7 (short, long and hashed
 * keys) and node:crypto; HKDF-SHA-256 against RFC 5869 test cases 1–3 and node:crypto's hkdfSync on
 * random lengths; bad lengths are IsochronError.
 */
import assert from "node:assert/strict";
import { createHmac, hkdfSync } from "node:crypto";
import { hkdfExpand, hkdfExtract, hmacSha256, IsochronError } from "../internal.ts";

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const bytes = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));
const utf8 = (s: string) => new TextEncoder().encode(s);
const fill = (n: number, v: number) => new Uint8Array(n).fill(v);

Deno.test("hmacSha256: RFC 4231 test cases", () => {
  const cases: [Uint8Array, Uint8Array, string][] = [
    [fill(20, 0x0b), utf8("Hi There"), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"],
    [
      utf8("Jefe"),
      utf8("what do ya want for nothing?"),
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    ],
    [fill(20, 0xaa), fill(50, 0xdd), "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"],
    [
      bytes("0102030405060708090a0b0c0d0e0f10111213141516171819"),
      fill(50, 0xcd),
      "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
    ],
    [
      fill(131, 0xaa),
      utf8("Test Using Larger Than Block-Size Key - Hash Key First"),
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
    ],
    [
      fill(131, 0xaa),
      utf8(
        "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.",
      ),
      "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
    ],
  ];
  for (const [key, msg, want] of cases) assert.equal(hex(hmacSha256(key, msg)), want);
  // Keys of every length around the block size, and a message in parts, against node:crypto.
  for (let n = 0; n <= 130; n += 13) {
    const key = Uint8Array.from({ length: n }, (_, i) => (i * 7 + n) & 0xff),
      a = utf8("part one "),
      b = utf8("two");
    const want = createHmac("sha256", key).update(a).update(b).digest("hex");
    assert.equal(hex(hmacSha256(key, a, b)), want, `key of ${n} bytes`);
  }
});

Deno.test("hkdf: RFC 5869 test cases 1–3 and node:crypto", () => {
  const cases = [
    {
      ikm: fill(22, 0x0b),
      salt: bytes("000102030405060708090a0b0c"),
      info: bytes("f0f1f2f3f4f5f6f7f8f9"),
      L: 42,
      prk: "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
      okm: "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
    },
    {
      ikm: Uint8Array.from({ length: 80 }, (_, i) => i),
      salt: Uint8Array.from({ length: 80 }, (_, i) => 0x60 + i),
      info: Uint8Array.from({ length: 80 }, (_, i) => 0xb0 + i),
      L: 82,
      prk: "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
      okm:
        "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87",
    },
    {
      ikm: fill(22, 0x0b),
      salt: new Uint8Array(0),
      info: new Uint8Array(0),
      L: 42,
      prk: "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
      okm: "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8",
    },
  ];
  for (const c of cases) {
    const prk = hkdfExtract(c.ikm, c.salt);
    assert.equal(hex(prk), c.prk);
    assert.equal(hex(hkdfExpand(prk, c.info, c.L)), c.okm);
  }
  for (const L of [0, 1, 31, 32, 33, 48, 64, 65, 255, 8160]) {
    const ikm = fill(40, 0x42), salt = utf8("salt"), info = utf8("info");
    const want = new Uint8Array(hkdfSync("sha256", ikm, salt, info, L));
    assert.equal(hex(hkdfExpand(hkdfExtract(ikm, salt), info, L)), hex(want), `L = ${L}`);
  }
  for (const L of [-1, 8161, 1.5, NaN]) {
    assert.throws(
      () => hkdfExpand(new Uint8Array(32), new Uint8Array(0), L),
      (e) => e instanceof IsochronError && e.code === "INVALID_LENGTH",
      `L = ${L}`,
    );
  }
});
