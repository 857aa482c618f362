// ESM consumer: imports the installed package by name (Node, Bun, Deno with node_modules).
import * as root from "isochron";
import * as x25519Entry from "isochron/x25519";
import * as blsEntry from "isochron/bls12-381";
import * as bnEntry from "isochron/bn254";
import { report, runChecks } from "./checks.mjs";

report(process.argv[2] ?? "consumer", runChecks({ root, x25519Entry, blsEntry, bnEntry }));
