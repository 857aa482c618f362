// ESM consumer: imports the installed package by name (Node, Bun, Deno with node_modules).
import * as root from "isochron";
import * as x25519Entry from "isochron/x25519";
import * as blsEntry from "isochron/bls12-381";
import * as bnEntry from "isochron/bn254";
import { report, runChecks, runtimeBuildCheck } from "./checks.mjs";

const results = runChecks({ root, x25519Entry, blsEntry, bnEntry });
results.push(runtimeBuildCheck((entry) => import.meta.resolve(entry)));
report(process.argv[2] ?? "consumer", results);
