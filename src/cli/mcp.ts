/**
 * `handoff mcp`: runs the MCP server (src/mcp/server.ts) over standard input and output, for the
 * project in the working directory, until the client closes the stream. Standard output carries
 * only protocol messages; notes go to standard error.
 */
import type { Command } from "commander";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { packageVersion } from "../operations/package-info.js";

/** Runs the server until standard input ends. @returns 0, or 2 when it could not start. */
export async function runMcp(io: CommandIO): Promise<number> {
  const [{ StdioServerTransport }, { createHandoffServer }] = await Promise.all([import("@modelcontextprotocol/sdk/server/stdio.js"), import("../mcp/server.js")]);
  const server = createHandoffServer({ cwd: io.cwd, env: io.env }, packageVersion());
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
  // A line that is not JSON-RPC is reported here and skipped; the server goes on.
  server.onerror = (error) => io.stderr.write(`handoff mcp: ${error.message}\n`);
  await server.connect(transport);
  await closed;
  await server.close().catch(() => undefined);
  return EXIT.ok;
}

/** Adds the `mcp` command. */
export function registerMcp(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "mcp")
    .action(async () => setExit(await runMcp(io)));
}
