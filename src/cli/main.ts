#!/usr/bin/env node
/**
 * The `handoff` executable.
 */
import { setFlagsFromString } from "node:v8";
import { processIO } from "./io.js";
import { runCli } from "./program.js";

// Each regular expression is compiled once, straight to machine code, instead of first to bytecode
// for V8's regexp interpreter and then again to machine code on its second run: the section-role
// cues and the injection lexicons are alternations of thousands of phrases, and compiling them
// twice cost about a quarter of a one-file run. Matching is unchanged (same engine, same results).
// V8 reads the flag on each regexp compilation, so setting it before the first lint applies it to
// every expression of the run, worker threads included (V8 flags are per process).
setFlagsFromString("--no-regexp-tier-up");

const code = await runCli(process.argv.slice(2), processIO());
process.exitCode = code;
