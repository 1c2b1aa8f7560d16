/**
 * Entry of the CommonJS bundle of the CLI (`dist/bundle/handoff.cjs`, scripts/bundle.mjs), run by
 * src/6-front-ends/bin/bundle-main.ts: src/6-front-ends/bin/main.ts without its top-level `await`, which a CommonJS script
 * cannot hold.
 */
import { processIO } from "../cli/io.js";
import { runCli } from "../cli/program.js";
import { FRONT_ENDS } from "./front-ends.js";

void runCli(process.argv.slice(2), processIO(), FRONT_ENDS).then((code) => {
  process.exitCode = code;
});
