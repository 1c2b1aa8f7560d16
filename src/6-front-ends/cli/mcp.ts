/**
 * `handoff mcp`: hands the process to the MCP front end (src/6-front-ends/mcp/stdio.ts), which
 * serves the project in the working directory over standard input and output until the client
 * closes the stream. The command line does not import that front end: the executable
 * (src/6-front-ends/bin/) passes it in as {@link FrontEnds.mcp}.
 */
import type { Command } from "commander";
import { addCommand } from "./command.js";
import type { FrontEnds } from "./front-ends.js";
import { EXIT, type CommandIO } from "./io.js";

/** Adds the `mcp` command. */
export function registerMcp(program: Command, io: CommandIO, setExit: (code: number) => void, frontEnds: FrontEnds): void {
  addCommand(program, "mcp").action(async () => {
    if (!frontEnds.mcp) {
      io.stderr.write("handoff mcp: this build has no MCP server\n");
      return setExit(EXIT.usage);
    }
    setExit(await frontEnds.mcp(io));
  });
}
