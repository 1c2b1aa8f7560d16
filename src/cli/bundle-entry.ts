/**
 * Entry of the CommonJS bundle of the CLI (`dist/bundle/handoff.cjs`, scripts/bundle.mjs), run by
 * src/cli/bundle-main.ts: src/cli/main.ts without its top-level `await`, which a CommonJS script
 * cannot hold.
 */
import { processIO } from "./io.js";
import { runCli } from "./program.js";

void runCli(process.argv.slice(2), processIO()).then((code) => {
  process.exitCode = code;
});
