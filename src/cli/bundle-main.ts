#!/usr/bin/env node
/**
 * The `handoff` executable of the esbuild bundle (`dist/bundle/main.js`, scripts/bundle.mjs): runs
 * the CommonJS bundle of the CLI next to it (`handoff.cjs`, entry src/cli/bundle-entry.ts) through
 * the V8 code cache of src/cli/compile-cache.ts.
 */
import { fileURLToPath } from "node:url";
import { runBundle } from "./compile-cache.js";

/** Set by scripts/bundle.mjs to the SHA-256 of `handoff.cjs`; absent when run unbundled. */
declare const __HANDOFFKIT_BUNDLE_HASH__: string | undefined;

const buildHash = typeof __HANDOFFKIT_BUNDLE_HASH__ === "string" ? __HANDOFFKIT_BUNDLE_HASH__ : "unbundled";
runBundle({ file: fileURLToPath(new URL("./handoff.cjs", import.meta.url)), buildHash, argv: process.argv.slice(2), env: process.env });
