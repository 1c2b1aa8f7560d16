/**
 * The front ends the executable gives the command line (../cli/front-ends.ts), each loaded only
 * when its command runs.
 */
import type { FrontEnds } from "../cli/front-ends.js";
import { EXIT } from "../cli/io.js";

/** Every front end but the command line itself. */
export const FRONT_ENDS: FrontEnds = {
  mcp: async (io) => {
    const { serveStdio } = await import("../mcp/stdio.js");
    await serveStdio({ cwd: io.cwd, env: io.env }, (message) => io.stderr.write(`handoff mcp: ${message}\n`));
    return EXIT.ok;
  },
};
