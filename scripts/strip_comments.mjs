#!/usr/bin/env node
// @ts-check
/**
 * `node scripts/strip_comments.mjs DIST`: rewrites every `.js` file of the tsc build in DIST (not
 * DIST/node/) without its comments, through esbuild's transform, which keeps the `/* @__PURE__ *\/`
 * marks that bundlers tree-shake by (tsc's `removeComments` drops them too: an app of BLS12-381 then
 * carried its scalar field's TypeScript kernel). The sources' comments were half of the package's
 * JavaScript; the `.d.ts` files keep the documentation that editors show. Called by
 * scripts/build_package.sh before the runtime build is bundled.
 */

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import * as esbuild from "esbuild";

/**
 * The `.js` files below `dir` (the runtime build's `node/` folder left out).
 * @param {string} dir
 * @returns {string[]}
 */
function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node" && dir === root ? [] : jsFiles(path);
    return e.name.endsWith(".js") ? [path] : [];
  });
}

const [root] = process.argv.slice(2);
if (!root) {
  console.error("usage: node scripts/strip_comments.mjs DIST");
  process.exit(2);
}
let before = 0, after = 0;
for (const file of jsFiles(root)) {
  const code = readFileSync(file, "utf8");
  const out = esbuild.transformSync(code, {
    loader: "js",
    format: "esm",
    target: "es2022",
    legalComments: "none",
  });
  writeFileSync(file, out.code);
  before += code.length;
  after += out.code.length;
}
console.log(`${root}: JavaScript ${before} → ${after} bytes without comments`);
