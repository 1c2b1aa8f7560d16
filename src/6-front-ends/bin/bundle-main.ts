#!/usr/bin/env node
/**
 * The `handoff` executable of the esbuild bundle (`dist/bundle/main.js`, scripts/bundle.mjs): runs
 * the CommonJS bundle of the CLI next to it (`handoff.cjs`, entry src/6-front-ends/bin/bundle-entry.ts) through
 * the V8 code cache of src/6-front-ends/bin/compile-cache.ts. `handoff --version` (or `-v`) alone is answered
 * here, as the program would answer it, without loading the CLI.
 */
import { fileURLToPath } from "node:url";
import { runBundle } from "./compile-cache.js";
import { packageVersion } from "../../5-operations/package-info.js";

/** Set by scripts/bundle.mjs to the SHA-256 of `handoff.cjs`; absent when run unbundled. */
declare const __HANDOFFKIT_BUNDLE_HASH__: string | undefined;

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const buildHash = typeof __HANDOFFKIT_BUNDLE_HASH__ === "string" ? __HANDOFFKIT_BUNDLE_HASH__ : "unbundled";
  runBundle({ file: fileURLToPath(new URL("./handoff.cjs", import.meta.url)), buildHash, argv, env: process.env });
}
