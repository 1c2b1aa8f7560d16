#!/usr/bin/env node
/**
 * The `handoff` executable, unbundled: the command line, with the other front ends it can start.
 */
import { processIO } from "../cli/io.js";
import { runCli } from "../cli/program.js";
import { FRONT_ENDS } from "./front-ends.js";

const code = await runCli(process.argv.slice(2), processIO(), FRONT_ENDS);
process.exitCode = code;
