/**
 * The other front ends a command can hand the process to, passed in by the executable
 * (src/6-front-ends/bin/), so that no front end imports another.
 */
import type { CommandIO } from "./io.js";

/** Front ends by the command that starts them. */
export interface FrontEnds {
  /** `handoff mcp`: serve MCP over standard input and output until the client closes; @returns the exit code. */
  mcp?: (io: CommandIO) => Promise<number>;
}
